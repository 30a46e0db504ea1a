//! Experiment 3, `vs-hand`: evolved weights against the hand-set ones
//! ([`Weights::EXPERIENCED`]) in a match with both colours from seeded openings:
//! W/D/L, Elo with its 95% interval, LOS, and whether the interval lies above 0.

use std::fmt::Write as _;
use std::path::Path;

use microply_core::games::dots::Weights;
use microply_core::score::Value;

use super::duel::{play_duel, Duel, Schedule};
use super::error::ExperimentError;
use super::league::Side;
use crate::files::write_atomically;
use crate::ratings::elo_pentanomial;
use crate::report::markdown_table;

/// What `vs-hand` plays.
#[derive(Clone, Debug, PartialEq)]
pub struct VsHand {
    /// The evolved weights and where they come from (for the report).
    pub evolved: [Value; 10],
    /// Where the evolved weights come from.
    pub source: String,
    /// Search depth of both sides.
    pub depth: u32,
    /// Board, games, openings and seed.
    pub schedule: Schedule,
}

impl VsHand {
    fn sides(&self) -> [Side; 2] {
        [
            Side {
                name: "evolved".into(),
                weights: Some(self.evolved),
                depth: self.depth,
            },
            Side {
                name: "hand".into(),
                weights: Some(Weights::EXPERIENCED.to_array()),
                depth: self.depth,
            },
        ]
    }
}

/// Plays the match (games in `dir/match/`) and writes `dir/report.md` and
/// `dir/score.svg`; returns the duel from the evolved side's view.
///
/// # Errors
/// [`ExperimentError`]: a failed game or write.
pub fn run_vs_hand(
    config: &VsHand,
    dir: &Path,
    threads: usize,
    on_game: impl FnMut(usize, usize),
) -> Result<Duel, ExperimentError> {
    let [evolved, hand] = config.sides();
    let duel = play_duel(
        [&evolved, &hand],
        &config.schedule,
        &dir.join("match"),
        threads,
        on_game,
    )?;
    let plot = dir.join("score.svg");
    write_atomically(&plot, duel.score_svg()?.as_bytes()).map_err(ExperimentError::write(&plot))?;
    let report = dir.join("report.md");
    write_atomically(&report, vs_hand_report(config, &duel).as_bytes())
        .map_err(ExperimentError::write(&report))?;
    Ok(duel)
}

/// Whether the evolved side is better with 95% confidence (the interval lies above 0):
/// on the colour-swapped pairs (pentanomial, as Fishtest and fastchess judge paired
/// games: the opening decides many a pair, which the W/D/L interval ignores) when
/// there are any, else on the W/D/L.
#[must_use]
pub fn interval_above_zero(duel: &Duel) -> bool {
    let pairs = duel.pentanomial();
    let estimate = if pairs.pairs() > 0 {
        elo_pentanomial(pairs)
    } else {
        duel.elo()
    };
    match estimate {
        Some(e) => e.elo - e.margin > 0.0,
        // Every point: better beyond any finite estimate, if any games were played.
        None => duel.wdl().games() > 0 && duel.wdl().losses == 0 && duel.wdl().draws == 0,
    }
}

/// The markdown report.
#[must_use]
pub fn vs_hand_report(config: &VsHand, duel: &Duel) -> String {
    let s = &config.schedule;
    let openings = s.board.openings_text();
    let stop = match &s.sprt {
        Some(sprt) => format!(" (at most {}, or until the SPRT {sprt} decides)", s.games),
        None => String::new(),
    };
    let mut out = format!(
        "# Experiment vs-hand: evolved against hand-set weights\n\n\
         Dots-and-Boxes `{}`, both sides AB-SSS\\* to depth {} with the chain evaluator; \
         {} games{stop}, each opening ({openings}) played with both colours.\n\
         Evolved weights: {}.\n\n## Result (evolved's view)\n\n```text\n{}```\n\n",
        s.board.options,
        config.depth,
        duel.records.len(),
        config.source,
        duel.summary()
    );
    let verdict = if interval_above_zero(duel) {
        "above 0: the evolved weights are stronger with 95% confidence"
    } else {
        "not above 0: no evidence at 95% that the evolved weights are stronger"
    };
    let which = if duel.pentanomial().pairs() > 0 {
        "pentanomial Elo difference (the game pairs)"
    } else {
        "Elo difference"
    };
    let _ = writeln!(out, "The 95% interval of the {which} is {verdict}.\n");
    out += "![score over games](score.svg)\n\n## Weights\n\n";
    out += &weights_table(&[
        ("evolved", &config.evolved),
        ("hand", &Weights::EXPERIENCED.to_array()),
    ]);
    out += "\nGames, results and the tournament report: [match/](match/report.md).\n";
    out
}

/// The weight names in [`Weights::to_array`] order.
pub const WEIGHT_NAMES: [&str; 10] = [
    "long chains ×n",
    "long chains parity",
    "short chains ×n",
    "short chains parity",
    "double crosses ×n",
    "double crosses parity",
    "freedom 3 ×n",
    "freedom 3 parity",
    "freedom 4 ×n",
    "freedom 4 parity",
];

/// One row per weight, one column per named weight set.
#[must_use]
pub fn weights_table(sets: &[(&str, &[Value; 10])]) -> String {
    let mut headers = vec!["weight"];
    headers.extend(sets.iter().map(|(name, _)| *name));
    let rows: Vec<Vec<String>> = WEIGHT_NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut row = vec![(*name).to_owned()];
            row.extend(
                sets.iter()
                    .map(|(_, w)| format!("{}", w[i].to_num::<f64>())),
            );
            row
        })
        .collect();
    markdown_table(&headers, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::league::Board;

    fn tiny(evolved: [Value; 10], games: usize) -> VsHand {
        VsHand {
            evolved,
            source: "test".into(),
            depth: 1,
            schedule: Schedule {
                board: Board::of_size(2, 2, 2, 9),
                games,
                sprt: None,
            },
        }
    }

    #[test]
    fn hand_against_itself_is_even_and_deterministic() {
        let dir = tempfile::tempdir().unwrap();
        let config = tiny(Weights::EXPERIENCED.to_array(), 6);
        let duel = run_vs_hand(&config, dir.path(), 2, |_, _| {}).unwrap();
        assert_eq!(duel.records.len(), 6);
        // The same weights with both colours from each opening: every pair splits
        // the points the way the colours do, so the score is exactly 50%.
        assert_eq!(duel.wdl().points(), 3.0);
        assert!(!interval_above_zero(&duel));
        let again = tempfile::tempdir().unwrap();
        let other = run_vs_hand(&config, again.path(), 1, |_, _| {}).unwrap();
        let moves = |d: &Duel| {
            d.records
                .iter()
                .map(|r| r.moves.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&duel), moves(&other));
        let report = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
        assert!(report.contains("(points 3.0)"), "{report}");
        assert!(dir.path().join("score.svg").exists());
        assert!(dir.path().join("match/results.csv").exists());
    }

    #[test]
    fn a_rerun_resumes_and_another_match_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let config = tiny(Weights::EXPERIENCED.to_array(), 2);
        let first = run_vs_hand(&config, dir.path(), 1, |_, _| {}).unwrap();
        let mut played = 0;
        let second = run_vs_hand(&config, dir.path(), 1, |n, _| played = n).unwrap();
        assert_eq!((first.records, played), (second.records, 0));
        let other = tiny(Weights::ZERO.to_array(), 2);
        let e = run_vs_hand(&other, dir.path(), 1, |_, _| {}).unwrap_err();
        assert!(e.to_string().contains("another match"), "{e}");
    }

    #[test]
    fn a_book_match_stops_when_its_sprt_decides() {
        let dir = tempfile::tempdir().unwrap();
        let config = VsHand {
            evolved: Weights::ZERO.to_array(),
            source: "test".into(),
            depth: 1,
            schedule: Schedule {
                board: Board::of_size(3, 3, 0, 1).with_book(Some("dots-3x3".into())),
                games: 60,
                // Bounds of ±0.41: a few decisive pairs decide.
                sprt: Some(crate::ratings::Sprt::new(-400.0, 400.0, 0.4, 0.4).unwrap()),
            },
        };
        let duel = run_vs_hand(&config, dir.path(), 2, |_, _| {}).unwrap();
        let n = duel.records.len();
        assert!((2..60).contains(&n) && n % 2 == 0, "{n} games");
        let book = crate::play::openings::read_openings(
            Path::new("dots-3x3"),
            &crate::play::game::Rules::of(microply_core::games::GameKind::Dots, "rows=3 cols=3"),
        )
        .unwrap();
        assert_eq!(duel.records[0].spec.opening, book[0]);
        assert_eq!(duel.records[1].spec.opening, book[0], "both colours");
        let report = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
        assert!(
            report.contains("book `dots-3x3`") && report.contains("SPRT"),
            "{report}"
        );
    }

    #[test]
    fn the_weights_table_names_every_weight() {
        let t = weights_table(&[("hand", &Weights::EXPERIENCED.to_array())]);
        assert!(t.contains("| long chains parity    |   -4 |"), "{t}");
        assert_eq!(t.lines().count(), 12);
    }
}

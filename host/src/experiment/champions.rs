//! Experiment 1, `champions`: the champions of evenly spaced generations of one
//! training run (50, 100, …, 300 of the paper's 300) play a double round robin,
//! repeated `rounds` times, 3/1/0 points and maximum-likelihood Elo with 95 %
//! intervals; under curriculum training later champions should score more.

use std::fmt::Write as _;
use std::path::Path;

use super::error::ExperimentError;
use super::league::{play_league, Board, Pairing, Side};
use super::training::{dots_weights, final_depth, read_champion};
use crate::files::write_atomically;
use microply_core::games::dots::Weights;

use crate::ratings::{Anchor, Rating};
use crate::report::{band_plot, line_plot, markdown_table, Series};
use crate::tournament::config::Format;
use crate::tournament::output::ratings_anchored;
use crate::tournament::standings::standings;
use crate::train::TrainState;

/// The generations `g/picks, 2g/picks, …, g` of a run of `generations` (rounded
/// down, without 0 or repeats): 50, 100, …, 300 for 300 and 6.
#[must_use]
pub fn picked_generations(generations: u64, picks: u64) -> Vec<u64> {
    let picks = picks.max(1);
    let mut out: Vec<u64> = (1..=picks)
        .map(|i| i * generations / picks)
        .filter(|&g| g > 0)
        .collect();
    out.dedup();
    out
}

/// One champion's line of the result.
#[derive(Clone, Debug, PartialEq)]
pub struct ChampionScore {
    /// Its generation (`None`: the hand-set weights, when they play).
    pub generation: Option<u64>,
    /// Wins, draws, losses and points (3/1/0).
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Points.
    pub points: f64,
    /// Maximum-likelihood Elo with its 95 % interval (the hand-set weights at 0 when
    /// they play, else the champions' mean), when the games determine one.
    pub rating: Option<Rating>,
}

/// The last generation a training run scored (a run on a games budget stops before
/// its `generations` cap).
fn last_generation(state: &TrainState) -> u64 {
    state
        .history
        .last()
        .map_or(state.config.generations as u64, |r| r.generation)
}

/// What the champions play: how many, at what depth, from which openings, how often.
#[derive(Clone, Debug, PartialEq)]
pub struct ChampionsSetup {
    /// Evenly spaced generations to pick, up to the run's last.
    pub picks: u64,
    /// Search depth (`None`: the run's final trainee depth).
    pub depth: Option<u32>,
    /// The board's openings: random plies and seed, or a book (`Some("dots-5x5")`;
    /// `None` and no book in the run's config: random plies).
    pub openings: (u32, u64),
    /// A book of openings instead of random plies.
    pub book: Option<String>,
    /// How often the double round robin is played (new openings each time).
    pub rounds: usize,
    /// The hand-set weights play too, and the Elo is measured from them.
    pub hand_set: bool,
}

/// Plays the champions of `setup.picks` evenly spaced generations of the training
/// run in `run_dir` (to its last generation) into `out/league`, and writes
/// `out/report.md`, `out/points.svg` and `out/elo.svg`.
///
/// # Errors
/// A missing or unfinished run, failed games or writes.
pub fn run_champions(
    run_dir: &Path,
    setup: &ChampionsSetup,
    out: &Path,
    threads: usize,
    on_game: impl FnMut(usize, usize),
) -> Result<Vec<ChampionScore>, ExperimentError> {
    let state = TrainState::load(run_dir).map_err(|e| ExperimentError::Train(e.into()))?;
    let config = &state.config;
    let depth = setup.depth.unwrap_or_else(|| final_depth(config));
    let generations = picked_generations(last_generation(&state), setup.picks);
    let mut sides = generations
        .iter()
        .map(|&g| {
            Ok(Side {
                name: format!("gen-{g:04}"),
                weights: Some(dots_weights(&read_champion(run_dir, g)?)?),
                depth,
            })
        })
        .collect::<Result<Vec<_>, ExperimentError>>()?;
    let mut players: Vec<Option<u64>> = generations.iter().copied().map(Some).collect();
    if setup.hand_set {
        sides.push(Side {
            name: "hand-set".into(),
            weights: Some(Weights::EXPERIENCED.to_array()),
            depth,
        });
        players.push(None);
    }
    let board = Board::of_options(&config.options, setup.openings).with_book(setup.book.clone());
    let pairing = Pairing {
        format: Format::DoubleRoundRobin,
        rounds: setup.rounds,
        sprt: None,
    };
    let (league, records) = play_league(
        &sides,
        &board,
        pairing,
        &out.join("league"),
        threads,
        on_game,
    )?;
    let table = standings(sides.len(), &records, &league.scoring);
    let anchor = if setup.hand_set {
        Anchor::Player(sides.len() - 1)
    } else {
        Anchor::Mean
    };
    let fitted = ratings_anchored(sides.len(), &records, anchor).ok();
    let mut scores: Vec<ChampionScore> = table
        .iter()
        .map(|s| ChampionScore {
            generation: players[s.player],
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            points: s.points.as_f64(),
            rating: fitted.as_ref().and_then(|r| r.get(s.player).copied()),
        })
        .collect();
    // Generations in order, the hand-set weights first.
    scores.sort_by_key(|s| s.generation.map(|g| g + 1).unwrap_or(0));
    write_report(out, run_dir, depth, &board, setup, &scores)?;
    Ok(scores)
}

/// `elo.svg`: each champion's Elo by generation with its 95 % interval as a band.
fn elo_plot(scores: &[ChampionScore], hand_set: bool) -> Result<String, ExperimentError> {
    let rated: Vec<(u64, Rating)> = scores
        .iter()
        .filter_map(|s| Some((s.generation?, s.rating?)))
        .collect();
    let line = Series {
        name: if hand_set {
            "Elo (hand-set weights = 0)".into()
        } else {
            "Elo (mean of the champions = 0)".into()
        },
        points: rated.iter().map(|&(g, r)| (g as f64, r.elo)).collect(),
    };
    let band: Vec<(f64, f64, f64)> = rated
        .iter()
        .map(|&(g, r)| (g as f64, r.low, r.high))
        .collect();
    band_plot(
        "Champions' Elo by generation (band: 95 % interval)",
        "generation",
        "Elo",
        &line,
        &band,
    )
    .map_err(|e| ExperimentError::Setting(e.to_string()))
}

fn write_report(
    out: &Path,
    run_dir: &Path,
    depth: u32,
    board: &Board,
    setup: &ChampionsSetup,
    scores: &[ChampionScore],
) -> Result<(), ExperimentError> {
    let rounds = setup.rounds;
    let elo = out.join("elo.svg");
    write_atomically(&elo, elo_plot(scores, setup.hand_set)?.as_bytes())
        .map_err(ExperimentError::write(&elo))?;
    let series = Series {
        name: "points (3/1/0)".into(),
        points: scores
            .iter()
            .filter_map(|s| Some((s.generation? as f64, s.points)))
            .collect(),
    };
    let svg = line_plot(
        "Champions' points by generation",
        "generation",
        "points",
        &[series],
    )
    .map_err(|e| ExperimentError::Setting(e.to_string()))?;
    let plot = out.join("points.svg");
    write_atomically(&plot, svg.as_bytes()).map_err(ExperimentError::write(&plot))?;
    let rows: Vec<Vec<String>> = scores
        .iter()
        .map(|s| {
            vec![
                s.generation.map_or("hand-set".into(), |g| g.to_string()),
                s.wins.to_string(),
                s.draws.to_string(),
                s.losses.to_string(),
                s.points.to_string(),
                s.rating.map_or("—".into(), |r| {
                    format!("{:+.1} [{:+.1}, {:+.1}]", r.elo, r.low, r.high)
                }),
            ]
        })
        .collect();
    let openings = board.openings_text();
    let mut text = format!(
        "# Experiment champions\n\nThe champions of generations {} of the training run in `{}` \
         play a double round robin {rounds} times (each pair two openings a time, each with \
         both colours; {openings}) on Dots-and-Boxes `{}`, AB-SSS\\* to depth {depth}{}. \
         Points 3/1/0; Elo by maximum likelihood over all games, {}, with the 95 % \
         interval.\n\n",
        scores
            .iter()
            .filter_map(|s| s.generation)
            .map(|g| g.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        run_dir.display(),
        board.options,
        if setup.hand_set {
            ", with the hand-set weights (`hand-set`)"
        } else {
            ""
        },
        if setup.hand_set {
            "the hand-set weights at 0"
        } else {
            "the champions' mean at 0"
        },
    );
    text += &markdown_table(
        &["generation", "W", "D", "L", "points", "Elo [95 %]"],
        &rows,
    );
    let _ = writeln!(
        text,
        "\n![Elo by generation](elo.svg)\n\n![points by generation](points.svg)\n\n\
         Games, crosstable and ratings: [league/report.md](league/report.md).\n"
    );
    let path = out.join("report.md");
    write_atomically(&path, text.as_bytes()).map_err(ExperimentError::write(&path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_generations_and_scaled_ones() {
        assert_eq!(
            picked_generations(300, 6),
            vec![50, 100, 150, 200, 250, 300]
        );
        assert_eq!(picked_generations(8, 6), vec![1, 2, 4, 5, 6, 8]);
        assert_eq!(picked_generations(3, 6), vec![1, 2, 3]);
        assert_eq!(picked_generations(0, 6), Vec::<u64>::new());
    }
}

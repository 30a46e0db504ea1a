//! Experiment 1, `champions`: the champions of evenly spaced generations of one
//! training run (50, 100, …, 300 of the paper's 300) play a double round robin,
//! 3/1/0 points; under curriculum training later champions should score more.

use std::fmt::Write as _;
use std::path::Path;

use super::error::ExperimentError;
use super::league::{play_league, Board, Pairing, Side};
use super::training::{dots_weights, final_depth, read_champion};
use crate::files::write_atomically;
use crate::report::{line_plot, markdown_table, Series};
use crate::tournament::config::Format;
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
    /// Its generation.
    pub generation: u64,
    /// Wins, draws, losses and points (3/1/0).
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Points.
    pub points: f64,
}

/// Plays the champions of `picks` evenly spaced generations of the training run in
/// `run_dir` (at the run's final trainee depth unless `depth` is given) into
/// `out/league`, and writes `out/report.md` and `out/points.svg`.
///
/// # Errors
/// A missing or unfinished run, failed games or writes.
pub fn run_champions(
    run_dir: &Path,
    picks: u64,
    depth: Option<u32>,
    board_seed: (u32, u64),
    out: &Path,
    threads: usize,
    on_game: impl FnMut(usize, usize),
) -> Result<Vec<ChampionScore>, ExperimentError> {
    let state = TrainState::load(run_dir).map_err(|e| ExperimentError::Train(e.into()))?;
    let config = &state.config;
    let depth = depth.unwrap_or_else(|| final_depth(config));
    let generations = picked_generations(config.generations as u64, picks);
    let sides = generations
        .iter()
        .map(|&g| {
            Ok(Side {
                name: format!("gen-{g:04}"),
                weights: Some(dots_weights(&read_champion(run_dir, g)?)?),
                depth,
            })
        })
        .collect::<Result<Vec<_>, ExperimentError>>()?;
    let board = Board::of_options(&config.options, board_seed);
    let pairing = Pairing {
        format: Format::DoubleRoundRobin,
        rounds: 1,
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
    let mut scores: Vec<ChampionScore> = table
        .iter()
        .map(|s| ChampionScore {
            generation: generations[s.player],
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            points: s.points.as_f64(),
        })
        .collect();
    scores.sort_by_key(|s| s.generation);
    write_report(out, run_dir, depth, &board, &scores)?;
    Ok(scores)
}

fn write_report(
    out: &Path,
    run_dir: &Path,
    depth: u32,
    board: &Board,
    scores: &[ChampionScore],
) -> Result<(), ExperimentError> {
    let series = Series {
        name: "points (3/1/0)".into(),
        points: scores
            .iter()
            .map(|s| (s.generation as f64, s.points))
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
                s.generation.to_string(),
                s.wins.to_string(),
                s.draws.to_string(),
                s.losses.to_string(),
                s.points.to_string(),
            ]
        })
        .collect();
    let mut text = format!(
        "# Experiment champions\n\nThe champions of generations {} of the training run in `{}` \
         play a double round robin (each pair two openings, each with both colours; \
         {} random plies, seed {}) on Dots-and-Boxes `{}`, AB-SSS\\* to depth {depth}. \
         Points 3/1/0.\n\n",
        scores
            .iter()
            .map(|s| s.generation.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        run_dir.display(),
        board.random_plies,
        board.seed,
        board.options,
    );
    text += &markdown_table(&["generation", "W", "D", "L", "points"], &rows);
    let _ = writeln!(
        text,
        "\n![points by generation](points.svg)\n\nGames, crosstable and ratings: \
         [league/report.md](league/report.md).\n"
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

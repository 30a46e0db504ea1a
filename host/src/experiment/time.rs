//! Experiment 4, `time`: training at a fixed depth for both sides (8 in the paper)
//! against the curriculum, the same number of generations each: wall time and games
//! of each run, and a match between the two champions.

use std::fmt::Write as _;
use std::path::Path;

use super::duel::{play_duel, Duel, Schedule};
use super::error::ExperimentError;
use super::league::{Board, Side};
use super::training::{dots_weights, train_or_resume, Trained};
use crate::files::write_atomically;
use crate::report::markdown_table;
use crate::train::{Sparring, Stage, TrainConfig};

/// The result: both runs and their champions' match (from the fixed-depth side's view).
#[derive(Clone, Debug)]
pub struct TimeResult {
    /// The fixed-depth run.
    pub fixed: Trained,
    /// The curriculum run.
    pub curriculum: Trained,
    /// The champions' match.
    pub duel: Duel,
}

/// `base` (the curriculum) with one stage instead: `depth` for the trainee and the
/// hand-set sparring partner from generation 0.
#[must_use]
pub fn fixed_depth(base: &TrainConfig, depth: u32) -> TrainConfig {
    TrainConfig {
        stages: vec![Stage::fixed(0, depth, depth, Sparring::HandSet)],
        ..base.clone()
    }
}

/// Trains `base` and its fixed-`depth` variant (into `out/curriculum`, `out/fixed`),
/// plays their champions' match of `games` at `depth` (into `out/match`) and writes
/// `out/report.md`.
///
/// # Errors
/// Training, games or writes that fail.
pub fn run_time(
    base: &TrainConfig,
    depth: u32,
    games: usize,
    board_seed: (u32, u64),
    out: &Path,
    threads: usize,
    on_game: impl FnMut(usize, usize),
) -> Result<TimeResult, ExperimentError> {
    let fixed = train_or_resume(&fixed_depth(base, depth), &out.join("fixed"), threads)?;
    let curriculum = train_or_resume(base, &out.join("curriculum"), threads)?;
    let side = |name: &str, t: &Trained| -> Result<Side, ExperimentError> {
        Ok(Side {
            name: name.to_owned(),
            weights: Some(dots_weights(&t.summary.champion)?),
            depth,
        })
    };
    let a = side("fixed", &fixed)?;
    let b = side("curriculum", &curriculum)?;
    let schedule = Schedule {
        board: Board::of_options(&base.options, board_seed),
        games,
        sprt: None,
    };
    let duel = play_duel([&a, &b], &schedule, &out.join("match"), threads, on_game)?;
    let result = TimeResult {
        fixed,
        curriculum,
        duel,
    };
    write_report(out, base, depth, &result)?;
    Ok(result)
}

fn write_report(
    out: &Path,
    base: &TrainConfig,
    depth: u32,
    r: &TimeResult,
) -> Result<(), ExperimentError> {
    let row = |name: &str, t: &Trained| {
        vec![
            name.to_owned(),
            t.summary.history.len().saturating_sub(1).to_string(),
            t.summary.games.to_string(),
            format!("{:.1}", t.seconds),
        ]
    };
    let mut text = format!(
        "# Experiment time\n\nTraining with depth {depth} for the trainee and the sparring \
         partner from the start (`fixed`) against the curriculum (`curriculum`: {} stages), \
         {} generations of {} individuals each, Dots-and-Boxes `{}`. Wall time is this \
         machine's and counts only the part of a run done by this call (a resumed run \
         counts less).\n\n",
        base.stages.len(),
        base.generations,
        base.population,
        base.options,
    );
    text += &markdown_table(
        &["run", "generations", "games", "wall time (s)"],
        &[row("fixed", &r.fixed), row("curriculum", &r.curriculum)],
    );
    let _ = write!(
        text,
        "\n## The champions' match (depth {depth}, fixed's view)\n\n```text\n{}```\n\n\
         Games: [match/report.md](match/report.md).\n",
        r.duel.summary()
    );
    let path = out.join("report.md");
    write_atomically(&path, text.as_bytes()).map_err(ExperimentError::write(&path))
}

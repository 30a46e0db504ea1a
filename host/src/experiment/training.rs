//! Training runs inside experiments: train into a folder, or finish the run a
//! folder holds (so rerunning an experiment resumes it), and read champions back.

use std::path::Path;
use std::time::Instant;

use microply_core::score::Value;

use super::error::ExperimentError;
use super::weights_file::DOTS_WEIGHTS;
use crate::progress::Display;
use crate::train::checkpoint::STATE_FILE;
use crate::train::output::champion_path;
use crate::train::{Champion, TrainConfig, TrainState, TrainSummary};

/// A finished training run and how long this process spent on it.
#[derive(Clone, Debug)]
pub struct Trained {
    /// What the trainer reports.
    pub summary: TrainSummary,
    /// Wall time of this call in seconds (a resumed run counts only what was left).
    pub seconds: f64,
}

/// Trains `config` into `dir`, or finishes the run saved there if it has the same
/// configuration.
///
/// # Errors
/// [`ExperimentError::Setting`] when `dir` holds a run of another configuration;
/// the trainer's errors.
pub fn train_or_resume(
    config: &TrainConfig,
    dir: &Path,
    threads: usize,
) -> Result<Trained, ExperimentError> {
    let started = Instant::now();
    let display = Display::detect();
    let summary = if dir.join(STATE_FILE).exists() {
        let saved = TrainState::load(dir).map_err(|e| ExperimentError::Train(e.into()))?;
        if saved.config != *config {
            return Err(ExperimentError::Setting(format!(
                "{} holds a training run of another configuration: choose another output folder",
                dir.display()
            )));
        }
        crate::train::resume(dir, &crate::executor::Local { threads }, display)?
    } else {
        crate::train::run(config, dir, &crate::executor::Local { threads }, display)?
    };
    Ok(Trained {
        summary,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The Dots weights of a champion.
///
/// # Errors
/// [`ExperimentError::Setting`] when the champion is not ten fixed-point weights.
pub fn dots_weights(champion: &Champion) -> Result<[Value; DOTS_WEIGHTS], ExperimentError> {
    crate::ga::weights::to_array::<DOTS_WEIGHTS>(&champion.weights).map_err(|e| {
        ExperimentError::Setting(format!(
            "the champion of generation {} is not a Dots weight set: {e}",
            champion.generation
        ))
    })
}

/// The champion of `generation` in the training folder `dir`.
///
/// # Errors
/// A missing or unreadable champion file.
pub fn read_champion(dir: &Path, generation: u64) -> Result<Champion, ExperimentError> {
    let path = champion_path(dir, generation, "toml");
    Champion::read(&path).map_err(|e| ExperimentError::Train(e.into()))
}

/// The trainee's depth in the last curriculum stage (the depth its champions are
/// meant to play at).
#[must_use]
pub fn final_depth(config: &TrainConfig) -> u32 {
    config
        .stages
        .last()
        .map_or(2, crate::train::Stage::trainee_depth)
}

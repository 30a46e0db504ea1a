//! Why an experiment could not run.

use thiserror::Error;

use super::weights_file::WeightsFileError;
use crate::tournament::config::ConfigError;
use crate::tournament::run::RunError;

/// An experiment that stopped.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ExperimentError {
    /// The players or the schedule are not a valid tournament.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A game or the state failed.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A training run failed or cannot be read.
    #[error(transparent)]
    Train(#[from] crate::train::TrainError),
    /// A weights file cannot be used.
    #[error(transparent)]
    Weights(#[from] WeightsFileError),
    /// An output file could not be written.
    #[error("writing {path}: {source}")]
    Write {
        /// The file or folder.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A setting that cannot work.
    #[error("{0}")]
    Setting(String),
}

impl ExperimentError {
    /// A failed write of `path`.
    pub fn write(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> ExperimentError + '_ {
        move |source| ExperimentError::Write {
            path: path.display().to_string(),
            source,
        }
    }
}

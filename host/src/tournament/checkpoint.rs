//! The run's state on disk, saved after every finished game by write, fsync,
//! rename: a kill at any moment leaves either the old or the new state whole.

use std::path::Path;

use crate::files::write_atomically;

use serde::{Deserialize, Serialize};

use super::config::TournamentConfig;
use crate::play::game::GameRecord;

/// The state file's name inside the output folder.
pub const STATE_FILE: &str = "state.json";

/// What a resumed run needs: the configuration and the finished games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The run's configuration (a resume replays it, whatever the command line says).
    pub config: TournamentConfig,
    /// Where relative paths of the configuration start.
    pub base: std::path::PathBuf,
    /// Every finished game, in the order they finished.
    pub records: Vec<GameRecord>,
}

impl Checkpoint {
    /// Writes `dir/state.json` atomically.
    ///
    /// # Errors
    /// I/O errors.
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        write_atomically(&dir.join(STATE_FILE), &serde_json::to_vec(self)?)
    }

    /// Reads `dir/state.json`.
    ///
    /// # Errors
    /// I/O errors or a damaged file.
    pub fn load(dir: &Path) -> std::io::Result<Checkpoint> {
        let bytes = std::fs::read(dir.join(STATE_FILE))?;
        Ok(serde_json::from_slice(&bytes)?)
    }
}

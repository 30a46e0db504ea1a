//! The run's state on disk, saved after every finished game by write, fsync,
//! rename: a kill at any moment leaves either the old or the new state whole.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::config::TournamentConfig;
use super::game::GameRecord;

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

/// Writes `bytes` to `path` through a temporary file that is synced and renamed
/// over it, then syncs the folder so the rename itself is durable.
///
/// # Errors
/// I/O errors.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut file = File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&tmp, path)?;
    if let Some(dir) = path.parent() {
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

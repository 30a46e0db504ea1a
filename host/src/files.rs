//! File helpers every long-running tool shares: durable, atomic whole-file writes.

use std::fs::File;
use std::io::Write;
use std::path::Path;

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

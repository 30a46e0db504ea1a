//! Checkers pattern tables from a file (`microply patterns train --out FILE`), for players that
//! name one (`evaluator=patterns,weights=FILE`) instead of the tables compiled into
//! core. Core's evaluator borrows its tables for the program's life, so each file's
//! bytes are read once and kept (a match starts a player for every game).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use microply_core::games::checkers::patterns::Tables;

/// The tables in the file at `path`, checked (read once per program run).
///
/// # Errors
/// A file that cannot be read, or is not a patterns file, named with the reason.
pub fn load(path: &Path) -> Result<Tables, String> {
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, Tables>>> = OnceLock::new();
    let mut loaded = LOADED
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(&tables) = loaded.get(path) {
        return Ok(tables);
    }
    let bytes =
        std::fs::read(path).map_err(|e| format!("patterns tables '{}': {e}", path.display()))?;
    // Checked before it is kept, so a bad file leaks nothing.
    let leaked: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let tables =
        Tables::parse(leaked).map_err(|e| format!("patterns tables '{}': {e}", path.display()))?;
    loaded.insert(path.to_owned(), tables);
    Ok(tables)
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::checkers::patterns::Layout;

    #[test]
    fn a_file_loads_once_and_bad_files_are_named() {
        let dir = std::env::temp_dir().join(format!("microply-tables-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.bin");
        let mut bytes = vec![0u8; Layout::Strips.file_len()];
        bytes[..8].copy_from_slice(Layout::Strips.magic());
        bytes[8] = 100; // man = 100/128
        std::fs::write(&good, &bytes).unwrap();
        let t = load(&good).unwrap();
        assert_eq!(t.scalars, [100, 0, 0, 0, 0]);
        assert_eq!(load(&good).unwrap(), t);
        let short = dir.join("short.bin");
        std::fs::write(&short, &bytes[..100]).unwrap();
        let e = load(&short).unwrap_err();
        assert!(
            e.contains("short.bin")
                && e.contains("MPLYPAT3 patterns file is 48893 bytes, this one 100"),
            "{e}"
        );
        let e = load(&dir.join("missing.bin")).unwrap_err();
        assert!(e.contains("missing.bin"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

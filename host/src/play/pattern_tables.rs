//! Checkers pattern tables from a file (`microply patterns train --out FILE`), for players that
//! name one (`evaluator=patterns,weights=FILE`) instead of the tables compiled into
//! core. Core's evaluator borrows its tables for the program's life, so each file's
//! bytes are read once and kept (a match starts a player for every game).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use microply_core::games::checkers::patterns::{Patterns, Tables, SHIPPED};
use microply_core::games::checkers::residual::Residual;

/// The `residual` value that plays the tables alone.
pub const NO_RESIDUAL: &str = "none";

/// Why [`patterns`] failed: the tables file or the network file, with the reason
/// naming the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternsError {
    /// The tables file does not load.
    #[error("{0}")]
    Tables(String),
    /// The network file does not load.
    #[error("{0}")]
    Residual(String),
}

impl PatternsError {
    /// The message with the command-line option that named the file in front
    /// (`--patterns: ...`, `--residual: ...`).
    #[must_use]
    pub fn for_options(&self) -> String {
        match self {
            PatternsError::Tables(e) => format!("--patterns: {e}"),
            PatternsError::Residual(e) => format!("--residual: {e}"),
        }
    }
}

/// The `patterns` evaluator of a tables file and a residual network file (or
/// [`NO_RESIDUAL`]); `None` when neither is given (the compiled-in evaluator). Without
/// a network named, the compiled-in one plays with the compiled-in tables and none
/// with a tables file: a network is fitted to one set of tables.
///
/// # Errors
/// A file that does not load ([`load`], [`load_residual`]).
pub fn patterns(
    tables: Option<&Path>,
    residual: Option<&Path>,
) -> Result<Option<Patterns>, PatternsError> {
    if tables.is_none() && residual.is_none() {
        return Ok(None);
    }
    let loaded = tables
        .map(load)
        .transpose()
        .map_err(PatternsError::Tables)?;
    let residual = match residual {
        Some(path) if path == Path::new(NO_RESIDUAL) => None,
        Some(path) => Some(load_residual(path).map_err(PatternsError::Residual)?),
        None if loaded.is_none() => Patterns::default().residual,
        None => None,
    };
    Ok(Some(Patterns {
        tables: loaded.unwrap_or(SHIPPED),
        residual,
    }))
}

/// What `read` makes of the file at `path`, kept in `cache` so each file is read once
/// per program run (a match starts a player for every game).
fn cached<T: Copy>(
    cache: &'static OnceLock<Mutex<HashMap<PathBuf, T>>>,
    path: &Path,
    read: impl FnOnce(&Path) -> Result<T, String>,
) -> Result<T, String> {
    let mut loaded = cache
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(&kept) = loaded.get(path) {
        return Ok(kept);
    }
    let kept = read(path)?;
    loaded.insert(path.to_owned(), kept);
    Ok(kept)
}

/// The tables in the file at `path`, checked (read once per program run).
///
/// # Errors
/// A file that cannot be read, or is not a patterns file, named with the reason.
pub fn load(path: &Path) -> Result<Tables, String> {
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, Tables>>> = OnceLock::new();
    cached(&LOADED, path, |path| {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("patterns tables '{}': {e}", path.display()))?;
        // Core's tables borrow their bytes for the program's life.
        let leaked: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        Tables::parse(leaked).map_err(|e| format!("patterns tables '{}': {e}", path.display()))
    })
}

/// The residual network in the file at `path` (`microply patterns residual --out
/// FILE`), checked (read once per program run).
///
/// # Errors
/// A file that cannot be read, or is not a residual network, named with the reason.
pub fn load_residual(path: &Path) -> Result<&'static Residual, String> {
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, &'static Residual>>> = OnceLock::new();
    cached(&LOADED, path, |path| {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("residual network '{}': {e}", path.display()))?;
        let net = Residual::parse(&bytes)
            .map_err(|e| format!("residual network '{}': {e}", path.display()))?;
        // Checked before it is kept: a bad file leaks nothing.
        Ok(&*Box::leak(Box::new(net)))
    })
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

    #[test]
    fn tables_and_network_combine_as_documented() {
        use microply_core::games::checkers::residual::{FILE_LEN, MAGIC};
        let dir = std::env::temp_dir().join(format!("microply-residual-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tables = dir.join("tables.bin");
        let mut bytes = vec![0u8; Layout::Strips.file_len()];
        bytes[..8].copy_from_slice(Layout::Strips.magic());
        std::fs::write(&tables, &bytes).unwrap();
        let net = dir.join("net.bin");
        let mut net_bytes = vec![0u8; FILE_LEN];
        net_bytes[..8].copy_from_slice(MAGIC);
        net_bytes[FILE_LEN - 2] = 7; // the output bias
        std::fs::write(&net, &net_bytes).unwrap();
        let none = Path::new(NO_RESIDUAL);
        // Nothing named: the compiled-in evaluator.
        assert_eq!(patterns(None, None), Ok(None));
        // A tables file alone plays without a network; the compiled-in tables keep
        // the compiled-in network unless told otherwise.
        let p = patterns(Some(&tables), None).unwrap().unwrap();
        assert_eq!((p.tables, p.residual), (load(&tables).unwrap(), None));
        let p = patterns(None, Some(none)).unwrap().unwrap();
        assert_eq!((p.tables, p.residual), (SHIPPED, None));
        let p = patterns(Some(&tables), Some(&net)).unwrap().unwrap();
        assert_eq!(p.residual, Some(load_residual(&net).unwrap()));
        assert_eq!(p.residual.unwrap(), &Residual::parse(&net_bytes).unwrap());
        // A network file that is not one is refused, named.
        let e = patterns(None, Some(&tables)).unwrap_err().for_options();
        assert!(
            e.starts_with("--residual: residual network '")
                && e.contains("tables.bin")
                && e.contains("no MPLYRES1 header"),
            "{e}"
        );
        let e = patterns(Some(&dir.join("missing.bin")), None).unwrap_err();
        let e = e.for_options();
        assert!(
            e.starts_with("--patterns: patterns tables") && e.contains("missing.bin"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

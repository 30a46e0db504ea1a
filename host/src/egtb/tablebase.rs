//! A directory of tables: written by the generator, loaded and probed.
//!
//! Each signature is one file named `<material>.egtb` (e.g. `m0k2-m0k1.egtb`, see
//! [`Material`]'s `Display`).

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use microply_core::games::checkers::Checkers;

use super::format::{self, FormatError};
use super::index::Frame;
use super::material::Material;
use super::solver::GroupStore;
use super::table::Table;
use super::Dtw;

/// The file extension of table files.
pub const EXTENSION: &str = "egtb";

/// Why a table directory could not be written, read or trusted.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TablebaseError {
    /// An I/O failure on a path.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A table file whose contents are wrong.
    #[error("{path}: {source}")]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: FormatError,
    },
    /// A file whose name does not match the material in its header.
    #[error("{path}: the header holds material {found}, the file name says otherwise")]
    Misnamed {
        /// The file.
        path: PathBuf,
        /// The header's signature.
        found: Material,
    },
    /// A directory without any table file.
    #[error("{0}: no .egtb tables in this directory")]
    Empty(PathBuf),
}

/// Loaded tables, probed by position.
#[derive(Debug, Default)]
pub struct Tablebase {
    tables: HashMap<Material, Table>,
}

impl Tablebase {
    /// Tables held in memory.
    #[must_use]
    pub fn new(tables: impl IntoIterator<Item = Table>) -> Tablebase {
        Tablebase {
            tables: tables.into_iter().map(|t| (t.material(), t)).collect(),
        }
    }

    /// Loads every `.egtb` file of `dir`, checking each checksum.
    ///
    /// # Errors
    /// The first file that cannot be read or is corrupt, or an empty directory.
    pub fn load(dir: &Path) -> Result<Tablebase, TablebaseError> {
        let mut tables = Vec::new();
        for path in table_files(dir)? {
            tables.push(load_file(&path)?);
        }
        if tables.is_empty() {
            return Err(TablebaseError::Empty(dir.to_path_buf()));
        }
        Ok(Tablebase::new(tables))
    }

    /// Writes every table into `dir` (created if missing), each file written to a
    /// temporary name and renamed, so a crash never leaves a half table.
    ///
    /// # Errors
    /// I/O failures.
    pub fn write(&self, dir: &Path) -> Result<(), TablebaseError> {
        fs::create_dir_all(dir).map_err(|source| TablebaseError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        for table in self.tables.values() {
            write_file(dir, table)?;
        }
        Ok(())
    }

    /// The tables, in no particular order.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.values()
    }

    /// The entry of `pos` for the side to move (its value and plies to the end), or
    /// `None` when its signature has no table here (or a man stands on its own crown
    /// row). A side to move without pieces has lost. The position's draw-rule
    /// counters are ignored.
    #[must_use]
    pub fn probe(&self, pos: &Checkers) -> Option<Dtw> {
        let frame = Frame::of(pos);
        if frame.mover == 0 {
            return Some(Dtw::Loss(0));
        }
        self.tables.get(&frame.material())?.probe(&frame)
    }
}

/// The tables of `dir`, loaded once per process and shared: every game of a run
/// (and every in-process player) probes the same copy.
///
/// # Errors
/// As [`Tablebase::load`]; a failed load is not cached.
pub fn shared(dir: &Path) -> Result<std::sync::Arc<Tablebase>, TablebaseError> {
    use std::sync::{Arc, Mutex, OnceLock};
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, Arc<Tablebase>>>> = OnceLock::new();
    let key = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let cache = LOADED.get_or_init(Mutex::default);
    if let Some(tables) = cache.lock().map_err(|_| poisoned(dir))?.get(&key) {
        return Ok(Arc::clone(tables));
    }
    let tables = Arc::new(Tablebase::load(dir)?);
    cache
        .lock()
        .map_err(|_| poisoned(dir))?
        .insert(key, Arc::clone(&tables));
    Ok(tables)
}

fn poisoned(dir: &Path) -> TablebaseError {
    TablebaseError::Io {
        path: dir.to_path_buf(),
        source: io::Error::other("a thread loading these tables panicked"),
    }
}

/// The `.egtb` files of `dir`, sorted by name.
///
/// # Errors
/// The directory cannot be listed.
pub fn table_files(dir: &Path) -> Result<Vec<PathBuf>, TablebaseError> {
    let io_error = |source| TablebaseError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(io_error)? {
        let path = entry.map_err(io_error)?.path();
        if path.extension().is_some_and(|e| e == EXTENSION) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Reads and checks one table file (checksum, and that its name is its material).
///
/// # Errors
/// I/O failures, a [`FormatError`], or a name that is not the header's material.
pub fn load_file(path: &Path) -> Result<Table, TablebaseError> {
    let bytes = fs::read(path).map_err(|source| TablebaseError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let table = format::from_bytes(&bytes).map_err(|source| TablebaseError::Format {
        path: path.to_path_buf(),
        source,
    })?;
    let named = path
        .file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.parse::<Material>().ok());
    if named != Some(table.material()) {
        return Err(TablebaseError::Misnamed {
            path: path.to_path_buf(),
            found: table.material(),
        });
    }
    Ok(table)
}

/// A [`GroupStore`] in a directory, for a resumable `egtb generate`: each group's
/// tables are written there as soon as they are solved (each file atomically), and a
/// table already there is loaded when its file reads back sound (checksum, name);
/// one that does not is noted in `warnings` and solved again.
pub struct DirStore {
    dir: PathBuf,
    /// Files found unsound, with why (their groups were solved again).
    pub warnings: Vec<String>,
}

impl DirStore {
    /// The store in `dir` (created when the first group is kept).
    #[must_use]
    pub fn new(dir: &Path) -> DirStore {
        DirStore {
            dir: dir.to_path_buf(),
            warnings: Vec::new(),
        }
    }
}

impl GroupStore for DirStore {
    fn stored(&mut self, m: &Material) -> Option<Table> {
        let path = self.dir.join(file_name(m));
        if !path.exists() {
            return None;
        }
        match load_file(&path) {
            Ok(table) => Some(table),
            Err(e) => {
                self.warnings.push(format!("{e}: solved again"));
                None
            }
        }
    }

    fn keep(&mut self, tables: &[Table]) -> Result<(), String> {
        fs::create_dir_all(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        for table in tables {
            write_file(&self.dir, table).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// The file name of a signature's table.
#[must_use]
pub fn file_name(m: &Material) -> String {
    format!("{m}.{EXTENSION}")
}

fn write_file(dir: &Path, table: &Table) -> Result<(), TablebaseError> {
    let path = dir.join(file_name(&table.material()));
    let tmp = path.with_extension("tmp");
    let io_error = |source| TablebaseError::Io {
        path: path.clone(),
        source,
    };
    fs::write(&tmp, format::to_bytes(table)).map_err(io_error)?;
    fs::rename(&tmp, &path).map_err(io_error)
}

//! Where the tables live when no directory is named: `$MICROPLY_EGTB`, else
//! `$XDG_DATA_HOME/microply/egtb`, else `~/.local/share/microply/egtb`.
//! `microply egtb generate` writes there by default, and `microply play checkers` and
//! `microply match` on checkers use the tables found there (`--no-egtb` plays without).

use std::path::{Path, PathBuf};

use microply_core::games::GameKind;

/// The environment variable naming the default table directory (empty: none).
pub const ENV: &str = "MICROPLY_EGTB";

/// The default table directory, from the environment (`None` when `MICROPLY_EGTB`
/// is set empty or no home is known).
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    dir_from(
        std::env::var_os(ENV).map(PathBuf::from),
        std::env::var_os("XDG_DATA_HOME").map(PathBuf::from),
        std::env::var_os("HOME").map(PathBuf::from),
    )
}

fn dir_from(
    explicit: Option<PathBuf>,
    data: Option<PathBuf>,
    home: Option<PathBuf>,
) -> Option<PathBuf> {
    if let Some(dir) = explicit {
        return (!dir.as_os_str().is_empty()).then_some(dir);
    }
    let data = data
        .filter(|d| d.is_absolute())
        .or_else(|| home.map(|h| h.join(".local/share")))?;
    Some(data.join("microply").join("egtb"))
}

/// The default directory when it holds at least one table file.
#[must_use]
pub fn present() -> Option<PathBuf> {
    default_dir().filter(|dir| holds_tables(dir))
}

/// The tables a `game` plays with when none are named: the default directory's for
/// checkers when there are any (said on stderr), none for other games or with
/// `--no-egtb` (`refused`). `play` and `match` both ask this.
#[must_use]
pub fn default_for(game: GameKind, refused: bool) -> Option<PathBuf> {
    if refused || game != GameKind::Checkers {
        return None;
    }
    let dir = present()?;
    eprintln!(
        "using the endgame tables in {} (--no-egtb plays without)",
        dir.display()
    );
    Some(dir)
}

fn holds_tables(dir: &Path) -> bool {
    super::tablebase::table_files(dir).is_ok_and(|files| !files.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_wins_then_xdg_then_home() {
        let p = |s: &str| Some(PathBuf::from(s));
        assert_eq!(dir_from(p("/t"), p("/x"), p("/h")), p("/t"));
        assert_eq!(dir_from(p(""), p("/x"), p("/h")), None);
        assert_eq!(dir_from(None, p("/x"), p("/h")), p("/x/microply/egtb"));
        // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
        assert_eq!(
            dir_from(None, p("rel"), p("/h")),
            p("/h/.local/share/microply/egtb")
        );
        assert_eq!(dir_from(None, None, None), None);
    }

    #[test]
    fn a_directory_without_tables_is_not_present() {
        let tmp = tempfile::tempdir().unwrap();
        assert!(!holds_tables(tmp.path()));
        assert!(!holds_tables(&tmp.path().join("missing")));
        std::fs::write(tmp.path().join("m0k1-m0k1.egtb"), b"x").unwrap();
        assert!(holds_tables(tmp.path()));
    }
}

//! The run's state on disk, as an append-only journal: `run.json` holds the
//! configuration (written once, atomically), `games.jsonl` one finished game a line,
//! appended and synced as each game finishes. A kill at any moment loses at most the
//! line being written; a torn last line is dropped on resume (and cut from the file).
//! Runs saved by older versions as one `state.json` still resume: it is turned into
//! a journal first.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::config::TournamentConfig;
use crate::files::write_atomically;
use crate::play::game::GameRecord;

/// The configuration's file inside the output folder.
pub const RUN_FILE: &str = "run.json";

/// The journal of finished games inside the output folder.
pub const JOURNAL_FILE: &str = "games.jsonl";

/// The whole-state file of older versions, read on resume.
pub const STATE_FILE: &str = "state.json";

/// What a resumed run needs: the configuration and the finished games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The run's configuration (a resume replays it, whatever the command line says).
    pub config: TournamentConfig,
    /// Where relative paths of the configuration start.
    pub base: PathBuf,
    /// Every finished game, in the order they finished.
    pub records: Vec<GameRecord>,
}

/// `run.json`: the configuration and its base.
#[derive(Serialize, Deserialize)]
struct RunFile {
    /// The engine defaults the configuration was written under ([`DEFAULTS`]; absent
    /// in the files of older versions): a resumed run plays what it started with.
    #[serde(default)]
    defaults: u32,
    config: TournamentConfig,
    base: PathBuf,
}

/// The engine defaults a new `run.json` is written under: checkers' default evaluator
/// was `baseline` under 0, `expert` under 1, and is `patterns` under 2.
const DEFAULTS: u32 = 2;

/// Checkers' default evaluator under each earlier version of the defaults.
const CHECKERS_DEFAULT_UNDER: [&str; DEFAULTS as usize] = ["baseline", "expert"];

/// `config`, written under the engine defaults `defaults`, under today's: a checkers
/// run from before today's default evaluator names the one it started with for the
/// players of the core (in-process or firmware) that named none, so it resumes with
/// the players it started with.
fn under_todays_defaults(mut config: TournamentConfig, defaults: u32) -> TournamentConfig {
    let then = usize::try_from(defaults)
        .ok()
        .and_then(|d| CHECKERS_DEFAULT_UNDER.get(d));
    if let (Some(then), microply_core::games::GameKind::Checkers) = (then, config.game) {
        for p in &mut config.players {
            if p.evaluator.is_none() && p.cmd.is_none() {
                p.evaluator = Some((*then).to_owned());
            }
        }
    }
    config
}

impl Checkpoint {
    /// Whether `dir` holds a run (a journal, or an older version's state).
    #[must_use]
    pub fn exists(dir: &Path) -> bool {
        dir.join(RUN_FILE).exists() || dir.join(STATE_FILE).exists()
    }

    /// Starts a run in `dir`: writes its configuration and an empty journal.
    ///
    /// # Errors
    /// I/O errors.
    pub fn create(dir: &Path, config: TournamentConfig, base: PathBuf) -> io::Result<Checkpoint> {
        let checkpoint = Checkpoint {
            config,
            base,
            records: vec![],
        };
        checkpoint.write_run_file(dir)?;
        write_atomically(&dir.join(JOURNAL_FILE), b"")?;
        Ok(checkpoint)
    }

    fn write_run_file(&self, dir: &Path) -> io::Result<()> {
        let run = RunFile {
            defaults: DEFAULTS,
            config: self.config.clone(),
            base: self.base.clone(),
        };
        write_atomically(&dir.join(RUN_FILE), &serde_json::to_vec_pretty(&run)?)
    }

    /// Appends `record` to the journal in `dir` (synced before it returns) and to
    /// the records.
    ///
    /// # Errors
    /// I/O errors; the record is then not kept.
    pub fn append(&mut self, dir: &Path, record: GameRecord) -> io::Result<()> {
        let mut line = serde_json::to_vec(&record)?;
        line.push(b'\n');
        let mut file = OpenOptions::new()
            .append(true)
            .open(dir.join(JOURNAL_FILE))?;
        file.write_all(&line)?;
        file.sync_data()?;
        self.records.push(record);
        Ok(())
    }

    /// Reads the run in `dir`: `run.json` and the journal (a torn last line is
    /// dropped and cut from the file), or an older version's `state.json`, which
    /// is turned into a journal.
    ///
    /// # Errors
    /// I/O errors, or a damaged file named with its line.
    pub fn load(dir: &Path) -> io::Result<Checkpoint> {
        if only_old_state(dir) {
            return Checkpoint::migrate(dir);
        }
        let run = read_run_file(dir)?;
        let records = read_journal(&dir.join(JOURNAL_FILE))?;
        Ok(Checkpoint {
            config: run.config,
            base: run.base,
            records,
        })
    }

    /// The configuration of the run saved in `dir` (`run.json`, or an older
    /// version's `state.json`), read without touching the folder.
    ///
    /// # Errors
    /// I/O errors, or a damaged file.
    pub fn saved_config(dir: &Path) -> io::Result<TournamentConfig> {
        if only_old_state(dir) {
            return Ok(read_state_file(dir)?.config);
        }
        Ok(read_run_file(dir)?.config)
    }

    /// The configuration and finished games of the run in `dir`, read without
    /// changing the folder: a run still playing may be writing its journal's last
    /// line, which is left alone (and not counted).
    ///
    /// # Errors
    /// I/O errors, or a damaged file named with its line.
    pub fn peek(dir: &Path) -> io::Result<(TournamentConfig, Vec<GameRecord>)> {
        if only_old_state(dir) {
            let old = read_state_file(dir)?;
            return Ok((old.config, old.records));
        }
        let run = read_run_file(dir)?;
        let bytes = std::fs::read(dir.join(JOURNAL_FILE))?;
        let records = parse_journal(&bytes[..complete_lines(&bytes)])?;
        Ok((run.config, records))
    }

    fn migrate(dir: &Path) -> io::Result<Checkpoint> {
        let old = read_state_file(dir)?;
        let mut journal = Vec::new();
        for r in &old.records {
            journal.extend(serde_json::to_vec(r)?);
            journal.push(b'\n');
        }
        write_atomically(&dir.join(JOURNAL_FILE), &journal)?;
        old.write_run_file(dir)?;
        std::fs::remove_file(dir.join(STATE_FILE))?;
        Ok(old)
    }
}

fn read_run_file(dir: &Path) -> io::Result<RunFile> {
    let run: RunFile = serde_json::from_slice(&std::fs::read(dir.join(RUN_FILE))?)
        .map_err(|e| damaged(RUN_FILE, &e.to_string()))?;
    Ok(RunFile {
        config: under_todays_defaults(run.config, run.defaults),
        defaults: DEFAULTS,
        base: run.base,
    })
}

fn read_state_file(dir: &Path) -> io::Result<Checkpoint> {
    let old: Checkpoint = serde_json::from_slice(&std::fs::read(dir.join(STATE_FILE))?)
        .map_err(|e| damaged(STATE_FILE, &e.to_string()))?;
    Ok(Checkpoint {
        config: under_todays_defaults(old.config, 0),
        ..old
    })
}

/// Whether `dir` holds an older version's `state.json` and no journal.
fn only_old_state(dir: &Path) -> bool {
    !dir.join(RUN_FILE).exists() && dir.join(STATE_FILE).exists()
}

fn damaged(file: &str, why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("{file}: {why}"))
}

/// The journal's records. Lines end with `\n`: a last line without one was torn by
/// a kill while it was written, and is dropped and cut from the file.
fn read_journal(path: &Path) -> io::Result<Vec<GameRecord>> {
    let bytes = std::fs::read(path)?;
    let complete = complete_lines(&bytes);
    if complete < bytes.len() {
        File::options()
            .write(true)
            .open(path)?
            .set_len(complete as u64)?;
    }
    parse_journal(&bytes[..complete])
}

/// The length of `bytes` up to and with its last newline: the journal's whole lines.
fn complete_lines(bytes: &[u8]) -> usize {
    bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
}

fn parse_journal(complete: &[u8]) -> io::Result<Vec<GameRecord>> {
    let mut records = Vec::new();
    for (i, line) in complete.split(|&b| b == b'\n').enumerate() {
        if line.is_empty() {
            continue;
        }
        let record = serde_json::from_slice(line)
            .map_err(|e| damaged(JOURNAL_FILE, &format!("line {}: {e}", i + 1)))?;
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::Outcome;

    fn config() -> TournamentConfig {
        toml::from_str(
            "game = \"tictactoe\"\n[[player]]\nname = \"A\"\ndepth = 1\n[[player]]\nname = \"B\"\ndepth = 2",
        )
        .unwrap()
    }

    fn record(index: usize) -> GameRecord {
        let mut r = GameRecord::bare(0, 1, Outcome::Draw);
        r.spec.index = index;
        r
    }

    #[test]
    fn a_checkers_run_from_before_the_expert_default_keeps_baseline() {
        let config: TournamentConfig = toml::from_str(
            "game = \"checkers\"\n[[player]]\nname = \"A\"\ndepth = 1\n[[player]]\n\
             name = \"B\"\nevaluator = \"network\"\ndepth = 1\n[[player]]\n\
             name = \"C\"\ncmd = \"x engine\"\ndepth = 1",
        )
        .unwrap();
        let evaluators = |c: &TournamentConfig| {
            c.players
                .iter()
                .map(|p| p.evaluator.clone())
                .collect::<Vec<_>>()
        };
        // An older version's run.json: no `defaults`.
        let old = tempfile::tempdir().unwrap();
        let text = serde_json::json!({ "config": config, "base": "." }).to_string();
        std::fs::write(old.path().join(RUN_FILE), text).unwrap();
        std::fs::write(old.path().join(JOURNAL_FILE), "").unwrap();
        assert_eq!(
            evaluators(&Checkpoint::load(old.path()).unwrap().config),
            [Some("baseline".into()), Some("network".into()), None]
        );
        // Written under defaults 1 (expert the default).
        let one = tempfile::tempdir().unwrap();
        let text = serde_json::json!({ "defaults": 1, "config": config, "base": "." }).to_string();
        std::fs::write(one.path().join(RUN_FILE), text).unwrap();
        std::fs::write(one.path().join(JOURNAL_FILE), "").unwrap();
        assert_eq!(
            evaluators(&Checkpoint::load(one.path()).unwrap().config),
            [Some("expert".into()), Some("network".into()), None]
        );
        // Written today: a player without an evaluator keeps the default.
        let fresh = tempfile::tempdir().unwrap();
        Checkpoint::create(fresh.path(), config, PathBuf::from(".")).unwrap();
        assert_eq!(
            evaluators(&Checkpoint::load(fresh.path()).unwrap().config),
            [None, Some("network".into()), None]
        );
    }

    #[test]
    fn a_journal_appends_and_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Checkpoint::create(dir.path(), config(), PathBuf::from("base")).unwrap();
        assert!(Checkpoint::exists(dir.path()));
        c.append(dir.path(), record(1)).unwrap();
        c.append(dir.path(), record(0)).unwrap();
        let back = Checkpoint::load(dir.path()).unwrap();
        assert_eq!(back, c);
        let text = std::fs::read_to_string(dir.path().join(JOURNAL_FILE)).unwrap();
        assert_eq!(text.lines().count(), 2);
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_cut() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Checkpoint::create(dir.path(), config(), PathBuf::new()).unwrap();
        c.append(dir.path(), record(0)).unwrap();
        let path = dir.path().join(JOURNAL_FILE);
        let whole = std::fs::read(&path).unwrap();
        let mut torn = whole.clone();
        torn.extend_from_slice(&whole[..whole.len() / 2]);
        std::fs::write(&path, &torn).unwrap();
        let back = Checkpoint::load(dir.path()).unwrap();
        assert_eq!(back.records, c.records);
        assert_eq!(std::fs::read(&path).unwrap(), whole, "the torn line is cut");
        // Appending after a torn line gives well-formed lines again.
        let mut back = back;
        back.append(dir.path(), record(1)).unwrap();
        assert_eq!(Checkpoint::load(dir.path()).unwrap().records.len(), 2);
    }

    #[test]
    fn a_damaged_line_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Checkpoint::create(dir.path(), config(), PathBuf::new()).unwrap();
        c.append(dir.path(), record(0)).unwrap();
        let path = dir.path().join(JOURNAL_FILE);
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("{\"spec\": 7}\n");
        std::fs::write(&path, text).unwrap();
        let e = Checkpoint::load(dir.path()).unwrap_err().to_string();
        assert!(e.contains("games.jsonl: line 2"), "{e}");
    }

    #[test]
    fn an_older_state_file_becomes_a_journal() {
        let dir = tempfile::tempdir().unwrap();
        let old = Checkpoint {
            config: config(),
            base: PathBuf::from("b"),
            records: vec![record(0), record(1)],
        };
        std::fs::write(
            dir.path().join(STATE_FILE),
            serde_json::to_vec(&old).unwrap(),
        )
        .unwrap();
        assert!(Checkpoint::exists(dir.path()));
        assert_eq!(Checkpoint::load(dir.path()).unwrap(), old);
        assert!(!dir.path().join(STATE_FILE).exists());
        assert_eq!(Checkpoint::load(dir.path()).unwrap(), old);
    }
}

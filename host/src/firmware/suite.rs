//! Command suites: the scripts sent to both engines, each command remembered with
//! the game it exercises and where it came from, and the splitting of an engine's
//! output back into one reply per command.
//!
//! A suite file holds one protocol command per line; lines starting with `#` and
//! blank lines are skipped. A command belongs to the game most recently selected
//! with `game NAME` (tic-tac-toe before any). A command written `@bench COMMAND`
//! is sent as `COMMAND` and marked as its game's fixed benchmark search, whose
//! instructions per node the firmware report shows.

use std::path::{Path, PathBuf};

use anyhow::Context;
use microply_core::games::GameKind;
use microply_core::protocol::{Interjection, MAX_LINE};

/// Where the committed suites live: one file per game.
#[must_use]
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/crosscheck")
}

/// The group of the protocol-level edge cases that belong to no game.
pub const PROTOCOL: &str = "protocol";

/// The prefix marking a game's benchmark search.
const BENCH: &[u8] = b"@bench ";

/// One command line of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The bytes sent, without the final `\n`.
    pub line: Vec<u8>,
    /// The game it exercises (or [`PROTOCOL`]).
    pub group: String,
    /// `FILE:LINE`, or a description for generated commands.
    pub origin: String,
    /// Whether it is its game's benchmark search (`@bench`).
    pub bench: bool,
}

impl Command {
    /// The line for display, shortened when long.
    #[must_use]
    pub fn shown(&self) -> String {
        let text = String::from_utf8_lossy(&self.line);
        if text.chars().count() > 100 {
            let head: String = text.chars().take(60).collect();
            format!("{head}... ({} bytes)", self.line.len())
        } else {
            text.into_owned()
        }
    }
}

/// The commands to send, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    /// Every command; the last is `quit`.
    pub commands: Vec<Command>,
}

impl Script {
    /// Reads the suite files (a directory stands for its `*.txt` files, sorted),
    /// adds the protocol edge cases and a final `quit`.
    ///
    /// # Errors
    /// A file that cannot be read.
    pub fn load(paths: &[PathBuf]) -> anyhow::Result<Script> {
        let mut script = Script::default();
        for path in expand(paths)? {
            let bytes =
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            script.add_suite(&path.display().to_string(), &bytes);
        }
        script.add_edge_cases();
        script.add(b"quit".to_vec(), PROTOCOL, "end of script".into());
        Ok(script)
    }

    /// Adds the commands of one suite file's contents.
    pub fn add_suite(&mut self, name: &str, bytes: &[u8]) {
        let mut game = GameKind::TicTacToe.name().to_owned();
        for (number, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.trim_ascii().is_empty() || line.starts_with(b"#") {
                continue;
            }
            let (line, bench) = match line.strip_prefix(BENCH) {
                Some(command) => (command, true),
                None => (line, false),
            };
            if let Some(kind) = selected_game(line) {
                game = kind.name().to_owned();
            }
            self.add(line.to_vec(), &game, format!("{name}:{}", number + 1));
            if let Some(last) = self.commands.last_mut() {
                last.bench = bench;
            }
        }
    }

    /// Lines no suite file can hold comfortably: empty, too long, not UTF-8, the
    /// exact length limit with and without a carriage return, and two carriage
    /// returns (only one is a line ending).
    pub fn add_edge_cases(&mut self) {
        let padded = |n: usize| {
            let mut line = b"fen".to_vec();
            line.resize(n, b' ');
            line
        };
        let mut crlf = padded(MAX_LINE);
        crlf.push(b'\r');
        let cases: [(Vec<u8>, &str); 7] = [
            (Vec::new(), "empty line"),
            (b"fen\r".to_vec(), "CRLF line ending"),
            (b"fen\r\r".to_vec(), "two carriage returns"),
            (b"play \xff\xfe".to_vec(), "invalid UTF-8"),
            (padded(MAX_LINE), "line of exactly MAX_LINE bytes"),
            (crlf, "line of MAX_LINE bytes and CR"),
            (padded(MAX_LINE + 1), "line one byte over MAX_LINE"),
        ];
        for (line, what) in cases {
            self.add(line, PROTOCOL, what.to_owned());
        }
    }

    fn add(&mut self, line: Vec<u8>, group: &str, origin: String) {
        self.commands.push(Command {
            line,
            group: group.to_owned(),
            origin,
            bench: false,
        });
    }

    /// The bytes to send: every line with its `\n`.
    #[must_use]
    pub fn bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        for command in &self.commands {
            bytes.extend_from_slice(&command.line);
            bytes.push(b'\n');
        }
        bytes
    }

    /// The groups in order of first appearance.
    #[must_use]
    pub fn groups(&self) -> Vec<&str> {
        let mut groups: Vec<&str> = Vec::new();
        for command in &self.commands {
            if !groups.contains(&command.group.as_str()) {
                groups.push(&command.group);
            }
        }
        groups
    }
}

fn expand(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .with_context(|| format!("listing {}", path.display()))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// The game a `game NAME ...` line selects, if it names one.
fn selected_game(line: &[u8]) -> Option<GameKind> {
    let text = std::str::from_utf8(line).ok()?;
    let mut words = text.split_ascii_whitespace();
    (words.next()? == "game").then_some(())?;
    words.next()?.parse().ok()
}

/// Splits an engine's output into replies: each ends with a line `ok` or
/// `error ...`. Output after the last terminator (a crash's last words) is one
/// more, unterminated reply.
#[must_use]
pub fn split_replies(output: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(output);
    let mut replies = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        current.push_str(line);
        current.push('\n');
        if line == "ok" || line.starts_with("error") {
            replies.push(std::mem::take(&mut current));
        }
    }
    if !current.trim().is_empty() {
        replies.push(current);
    }
    replies
}

/// Splits an engine's output into one reply per command of `script`.
///
/// `stop` and `isready` are heard whenever they arrive, even inside another
/// command's reply, so their replies are placed by rule rather than by position:
/// every `readyok` line is taken out of the output and given, in order, to the
/// `isready` commands; a `stop` has no reply. The rest splits as
/// [`split_replies`] does. A `stop` or `isready` with an argument is an ordinary
/// command (its reply is an error).
#[must_use]
pub fn split_script_replies(script: &Script, output: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(output);
    let ready = text.lines().filter(|&l| l == READYOK).count();
    let rest: String = text
        .lines()
        .filter(|&l| l != READYOK)
        .flat_map(|l| [l, "\n"])
        .collect();
    let mut others = split_replies(rest.as_bytes()).into_iter();
    let mut ready = (0..ready).map(|_| format!("{READYOK}\n"));
    script
        .commands
        .iter()
        .map_while(|command| match interjection(&command.line) {
            Some(Interjection::Stop) => Some(String::new()),
            Some(Interjection::IsReady) => ready.next(),
            _ => others.next(),
        })
        .collect()
}

const READYOK: &str = "readyok";

fn interjection(line: &[u8]) -> Option<Interjection> {
    let text = std::str::from_utf8(line).ok()?;
    let text = text.strip_suffix('\r').unwrap_or(text);
    Interjection::of(text).filter(|i| *i != Interjection::Quit)
}

/// A reply with its timing fields (`time=`, `nps=`) blanked: they are the only
/// parts allowed to differ between the host and the firmware.
#[must_use]
pub fn normalize(reply: &str) -> String {
    reply
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|word| match word.split_once('=') {
                    Some((key @ ("time" | "nps"), _)) => format!("{key}=*"),
                    _ => word.to_owned(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suites_skip_comments_and_follow_games() {
        let mut script = Script::default();
        script.add_suite(
            "s.txt",
            b"# comment\nmoves\n\ngame tictactoe\nfen\ngame nosuch\n@bench status\n",
        );
        let shown: Vec<(String, &str, &str)> = script
            .commands
            .iter()
            .map(|c| (c.shown(), c.group.as_str(), c.origin.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("moves".to_owned(), "tictactoe", "s.txt:2"),
                ("game tictactoe".to_owned(), "tictactoe", "s.txt:4"),
                ("fen".to_owned(), "tictactoe", "s.txt:5"),
                ("game nosuch".to_owned(), "tictactoe", "s.txt:6"),
                ("status".to_owned(), "tictactoe", "s.txt:7"),
            ]
        );
        let benches: Vec<bool> = script.commands.iter().map(|c| c.bench).collect();
        assert_eq!(benches, [false, false, false, false, true]);
    }

    #[test]
    fn replies_split_at_ok_and_error() {
        let replies =
            split_replies(b"fen x\nok\nerror bad\ninfo depth=1\nbestmove a1\nok\nfatal: panic");
        assert_eq!(
            replies,
            [
                "fen x\nok\n",
                "error bad\n",
                "info depth=1\nbestmove a1\nok\n",
                "fatal: panic\n"
            ]
        );
    }

    #[test]
    fn readyok_goes_to_isready_wherever_it_arrives_and_stop_has_no_reply() {
        let mut script = Script::default();
        script.add_suite(
            "t.txt",
            b"go depth 9\nisready\nstop\nstop now\nfen\nisready\n",
        );
        let output = b"info depth=1\nreadyok\nbestmove a1\nok\nerror unexpected argument 'now'\nfen x\nok\nreadyok\n";
        assert_eq!(
            split_script_replies(&script, output),
            [
                "info depth=1\nbestmove a1\nok\n",
                "readyok\n",
                "",
                "error unexpected argument 'now'\n",
                "fen x\nok\n",
                "readyok\n",
            ]
        );
        // A missing readyok is a missing reply, not a shifted one.
        assert_eq!(split_script_replies(&script, b"ok\n").len(), 1);
    }

    #[test]
    fn timing_fields_are_blanked() {
        assert_eq!(
            normalize("info depth=2 nodes=9 time=13 nps=692 pv=a1 b2\nok\n"),
            "info depth=2 nodes=9 time=* nps=* pv=a1 b2\nok"
        );
    }
}

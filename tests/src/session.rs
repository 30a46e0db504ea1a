//! Scripted protocol sessions: `> command` lines followed by the exact reply lines.

use microply_core::protocol::{Engine, MoveWord};
use microply_core::search::{Entry, NoClock};

/// The table size used by scripted sessions and the cross-check (the firmware's).
pub const SESSION_TT_ENTRIES: usize = 2048;

/// One command and the reply expected for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Line number of the command in the script.
    pub line: usize,
    /// The command.
    pub command: String,
    /// The expected reply lines.
    pub reply: Vec<String>,
}

/// Parses a script: `> command` starts an exchange, other non-empty lines are its
/// reply, `#` lines are comments.
pub fn parse_script(text: &str) -> Vec<Exchange> {
    let mut out: Vec<Exchange> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || (line.trim().is_empty() && line != "> ") {
            continue;
        }
        match line
            .strip_prefix("> ")
            .or_else(|| (line == ">").then_some(""))
        {
            Some(cmd) => out.push(Exchange {
                line: i + 1,
                command: cmd.to_string(),
                reply: Vec::new(),
            }),
            None => match out.last_mut() {
                Some(e) => e.reply.push(line.to_string()),
                None => panic!("script line {}: reply before any command", i + 1),
            },
        }
    }
    out
}

/// Runs every exchange on a fresh engine and returns the first mismatch as
/// `(exchange, actual reply)`.
pub fn first_mismatch(script: &[Exchange]) -> Option<(Exchange, Vec<String>)> {
    let mut tt = vec![Entry::EMPTY; SESSION_TT_ENTRIES];
    let mut moves = vec![0 as MoveWord; 1 << 16];
    let mut engine = Engine::new(&mut tt, &mut moves);
    for exchange in script {
        let mut reply = String::new();
        engine.execute(&exchange.command, &NoClock, &mut reply);
        let actual: Vec<String> = reply.lines().map(str::to_string).collect();
        if actual != exchange.reply {
            return Some((exchange.clone(), actual));
        }
    }
    None
}

/// The script with every reply replaced by what the engine actually answers (for
/// writing new scripts: `MICROPLY_BLESS=1 cargo test -p microply-tests --test protocol`;
/// review the result by hand before committing it).
pub fn bless(text: &str) -> String {
    let mut tt = vec![Entry::EMPTY; SESSION_TT_ENTRIES];
    let mut moves = vec![0 as MoveWord; 1 << 16];
    let mut engine = Engine::new(&mut tt, &mut moves);
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            out.push_str(line);
            out.push('\n');
        } else if let Some(cmd) = line
            .strip_prefix("> ")
            .or_else(|| (line == ">").then_some(""))
        {
            out.push_str(line);
            out.push('\n');
            engine.execute(cmd, &NoClock, &mut out);
        }
    }
    out
}

//! Helpers the integration tests share: a run's journal, and killing a run part-way.

// Each test file compiles this module and uses part of it.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The finished games in the journal of the run in `dir` (`games.jsonl`, a line each).
pub fn games_in_journal(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("games.jsonl"))
        .map(|s| s.lines().count())
        .unwrap_or(0)
}

/// Starts `command` (its output discarded), waits until `ready()` says enough is
/// saved (polled, not a timer), then kills it with SIGKILL. Fails when the program
/// ends first, or nothing is ready after ten minutes.
pub fn kill_when(command: &mut Command, ready: impl Fn() -> bool) {
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < Duration::from_secs(600), "no progress");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it could be killed"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
}

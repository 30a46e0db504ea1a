//! `microply engine` with real timing: long commands end on `stop`, `isready` is
//! answered while they run, and reply lines arrive while the search still runs.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// Longest wait for one line: generous, only a hung engine comes near it.
const PATIENCE: Duration = Duration::from_secs(60);

struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_microply"))
            .args(["engine", "--tt-entries", "65536"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Session {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().expect("the engine reads");
    }

    fn next(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("the engine answers in time")
    }

    /// Lines up to and including the first one `last` accepts.
    fn until(&self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.next();
            let done = last(&line);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn legal_moves(&mut self) -> Vec<String> {
        self.send("moves");
        let line = self.next();
        assert_eq!(self.next(), "ok");
        line.split_whitespace().skip(1).map(str::to_owned).collect()
    }

    fn quit(mut self) {
        self.send("quit");
        assert_eq!(self.next(), "ok");
        assert!(self.child.wait().expect("the engine exits").success());
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed test must not leave a searching engine behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn go_depth_64_streams_answers_isready_and_stops_with_a_legal_bestmove() {
    let mut s = Session::start();
    s.send("game checkers");
    assert_eq!(s.next(), "ok");
    let legal = s.legal_moves();
    s.send("go depth 64");
    // Streamed: an info line arrives while the search is far from done.
    let first = s.next();
    assert!(first.starts_with("info depth=1 "), "{first}");
    s.send("isready");
    let mut lines = vec![first];
    lines.extend(s.until(|l| l == "readyok"));
    lines.pop();
    s.send("stop");
    lines.extend(s.until(|l| l == "ok"));
    let [infos @ .., bestmove, _ok] = lines.as_slice() else {
        panic!("no bestmove after stop: {lines:?}");
    };
    assert!(infos.iter().all(|l| l.starts_with("info ")), "{lines:?}");
    let best = bestmove.strip_prefix("bestmove ").expect("a bestmove line");
    assert!(legal.iter().any(|m| m == best), "{best} not in {legal:?}");
    // The last completed iteration's line is the final info; its PV starts with
    // the best move.
    let final_info = infos.last().expect("an info line");
    let pv_first = final_info
        .split("pv=")
        .nth(1)
        .and_then(|pv| pv.split(' ').next());
    assert_eq!(pv_first, Some(best), "{final_info}");
    s.quit();
}

#[test]
fn perft_50_answers_isready_and_replies_error_stopped() {
    let mut s = Session::start();
    s.send("game checkers");
    assert_eq!(s.next(), "ok");
    s.send("perft 50");
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.send("stop");
    assert_eq!(s.next(), "error stopped");
    s.send("perft 2");
    assert_eq!(s.next(), "perft 2 49");
    assert_eq!(s.next(), "ok");
    s.quit();
}

#[test]
fn selfplay_depth_64_answers_isready_and_stops() {
    let mut s = Session::start();
    s.send("game checkers");
    assert_eq!(s.next(), "ok");
    s.send("selfplay depth=64");
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.send("stop");
    let rest = s.until(|l| l == "ok");
    assert!(
        rest.len() >= 2 && rest[rest.len() - 2].starts_with("result stopped plies="),
        "{rest:?}"
    );
    s.quit();
}

#[test]
fn quit_ends_a_running_search_then_the_engine() {
    let mut s = Session::start();
    s.send("game checkers");
    assert_eq!(s.next(), "ok");
    s.send("go depth 64");
    assert!(s.next().starts_with("info "));
    s.send("quit");
    let rest = s.until(|l| l == "ok");
    assert!(rest[rest.len() - 2].starts_with("bestmove "), "{rest:?}");
    assert_eq!(s.next(), "ok", "quit's own reply");
    assert!(s.child.wait().expect("the engine exits").success());
}

#[test]
fn other_commands_wait_for_the_search_in_order() {
    let mut s = Session::start();
    // Sent together: `fen` arrives during the search and waits for it; `isready`
    // comes after `fen`, so it waits too and is answered after `fen`'s reply.
    s.send("game checkers\ngo depth 7\nfen\nisready");
    assert_eq!(s.next(), "ok");
    let search = s.until(|l| l == "ok");
    assert!(
        search[search.len() - 2].starts_with("bestmove "),
        "{search:?}"
    );
    assert!(search[..search.len() - 2]
        .iter()
        .all(|l| l.starts_with("info ")));
    assert!(s.next().starts_with("fen B:"));
    assert_eq!(s.next(), "ok");
    assert_eq!(s.next(), "readyok");
    s.quit();
}

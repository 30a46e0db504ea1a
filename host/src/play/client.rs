//! A protocol client: one engine (the core in a thread of this process, or any
//! command speaking the microply protocol) that answers one command line with one
//! reply, within a timeout.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use microply_core::protocol::Engine;

use crate::clock::HostClock;
use crate::egtb::Tablebase;
use crate::firmware::qemu::Qemu;
use crate::memory::{SearchMemory, DEFAULT_MOVE_WORDS};

/// Why an engine did not answer a command properly.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ClientError {
    /// The engine could not be started.
    #[error("cannot start '{command}': {reason}")]
    Spawn {
        /// The command line.
        command: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The engine exited or closed its output.
    #[error("the engine exited (crash)")]
    Crashed,
    /// No complete reply within the timeout.
    #[error("no reply within {0} ms (timeout)")]
    Timeout(u128),
    /// The engine answered `error ...`.
    #[error("the engine replied '{0}' to '{1}'")]
    Refused(String, String),
}

/// A reply: every line before the final `ok`.
pub type Reply = Vec<String>;

/// A running engine.
pub struct Client {
    input: Input,
    replies: Receiver<Result<Reply, String>>,
}

enum Input {
    Thread(Sender<String>),
    Process(Child, ChildStdin),
}

impl Client {
    /// The core engine in a thread of this process, with a small table of
    /// `tt_entries` entries (a referee's or a helper's: at most 2^16).
    #[must_use]
    pub fn in_process(tt_entries: u16) -> Client {
        Client::serve_in_thread(
            SearchMemory::new(usize::from(tt_entries), DEFAULT_MOVE_WORDS),
            None,
        )
    }

    /// [`Client::in_process`] whose checkers searches probe `tables`.
    ///
    /// # Errors
    /// [`ClientError::Spawn`] when the table cannot be allocated.
    pub fn in_process_with_tables(
        tt_entries: usize,
        tables: Option<Arc<Tablebase>>,
    ) -> Result<Client, ClientError> {
        let memory = SearchMemory::try_new(tt_entries, DEFAULT_MOVE_WORDS).map_err(|e| {
            ClientError::Spawn {
                command: "the in-process engine".into(),
                reason: e.to_string(),
            }
        })?;
        Ok(Client::serve_in_thread(memory, tables))
    }

    fn serve_in_thread(mut memory: SearchMemory, tables: Option<Arc<Tablebase>>) -> Client {
        let (lines, inbox) = channel::<String>();
        let (outbox, replies) = channel();
        thread::spawn(move || {
            let oracles = crate::egtb::oracles(tables.as_deref());
            let mut engine = Engine::new(&mut memory.tt, &mut memory.moves).with_oracles(oracles);
            let clock = HostClock::new();
            for line in inbox {
                let mut text = String::new();
                engine.execute(&line, &clock, &mut text);
                if outbox.send(split_reply(&text)).is_err() {
                    break;
                }
            }
        });
        Client {
            input: Input::Thread(lines),
            replies,
        }
    }

    /// Starts `command` (split on whitespace: program then arguments).
    ///
    /// # Errors
    /// [`ClientError::Spawn`] when it cannot be started.
    pub fn spawn(command: &str) -> Result<Client, ClientError> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or_else(|| ClientError::Spawn {
            command: command.to_owned(),
            reason: "empty command".into(),
        })?;
        let mut process = Command::new(program);
        process.args(words);
        Client::spawn_process(process, command)
    }

    /// The firmware `elf` under QEMU (the emulator found as `microply crosscheck`
    /// finds it), its defmt log discarded.
    ///
    /// # Errors
    /// [`ClientError::Spawn`] when QEMU cannot be started.
    pub fn firmware(elf: &Path) -> Result<Client, ClientError> {
        let qemu = Qemu {
            program: Qemu::locate(None, elf),
            icount: true,
            timeout: Duration::from_secs(3600),
        };
        static STARTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let start = STARTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let log = std::env::temp_dir().join(format!(
            "microply-player-{}-{start}.defmt",
            std::process::id()
        ));
        let process = qemu.command(elf, &log);
        Client::spawn_process(process, &elf.display().to_string())
    }

    fn spawn_process(mut process: Command, name: &str) -> Result<Client, ClientError> {
        let spawn_error = |reason: String| ClientError::Spawn {
            command: name.to_owned(),
            reason,
        };
        let mut child = process
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| spawn_error(e.to_string()))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(spawn_error("no pipes".into())),
        };
        let (outbox, replies) = channel();
        thread::spawn(move || read_replies(BufReader::new(stdout), &outbox));
        Ok(Client {
            input: Input::Process(child, stdin),
            replies,
        })
    }

    /// Sends `line` and waits up to `timeout` for the reply.
    ///
    /// # Errors
    /// [`ClientError`]: crashed, timed out, or the engine's `error` reply.
    pub fn request(&mut self, line: &str, timeout: Duration) -> Result<Reply, ClientError> {
        let sent = match &mut self.input {
            Input::Thread(tx) => tx.send(line.to_owned()).is_ok(),
            Input::Process(_, stdin) => writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .is_ok(),
        };
        if !sent {
            return Err(ClientError::Crashed);
        }
        match self.replies.recv_timeout(timeout) {
            Ok(Ok(reply)) => Ok(reply),
            Ok(Err(error)) => Err(ClientError::Refused(error, line.to_owned())),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout(timeout.as_millis())),
            Err(RecvTimeoutError::Disconnected) => Err(ClientError::Crashed),
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Input::Process(child, stdin) = &mut self.input {
            let _ = writeln!(stdin, "quit");
            let _ = stdin.flush();
            let waited = (0..20).any(|_| {
                thread::sleep(Duration::from_millis(5));
                matches!(child.try_wait(), Ok(Some(_)))
            });
            if !waited {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
}

/// Splits a complete reply text into its lines, or the `error` line's text.
fn split_reply(text: &str) -> Result<Reply, String> {
    let mut lines = Vec::new();
    for line in text.lines() {
        if line == "ok" {
            return Ok(lines);
        }
        if line.starts_with("error") {
            return Err(line.to_owned());
        }
        lines.push(line.to_owned());
    }
    Err(format!("incomplete reply '{text}'"))
}

fn read_replies(mut out: impl BufRead, outbox: &Sender<Result<Reply, String>>) {
    let mut lines = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        match out.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let text = line.trim_end_matches(['\n', '\r']);
        let reply = if text == "ok" {
            Ok(std::mem::take(&mut lines))
        } else if text.starts_with("error") {
            lines.clear();
            Err(text.to_owned())
        } else {
            lines.push(text.to_owned());
            continue;
        };
        if outbox.send(reply).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_process_engine_answers_and_refuses() {
        let mut c = Client::in_process(1024);
        let t = Duration::from_secs(5);
        assert_eq!(c.request("play b2", t), Ok(vec![]));
        assert_eq!(
            c.request("fen", t),
            Ok(vec!["fen .../.x./...:o".to_owned()])
        );
        assert!(matches!(
            c.request("play b2", t),
            Err(ClientError::Refused(..))
        ));
    }

    #[test]
    fn a_missing_program_cannot_start() {
        assert!(matches!(
            Client::spawn("/nonexistent/engine"),
            Err(ClientError::Spawn { .. })
        ));
    }
}

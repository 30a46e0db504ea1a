//! A protocol client: one external engine (any command speaking the microply
//! protocol, or the firmware under QEMU) that answers one command line with one
//! reply, within a timeout. The core linked into this process plays through typed
//! calls instead ([`super::in_process`]).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Duration;

use crate::firmware::qemu::Qemu;

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
    /// The in-process core refused its setup (an evaluator, a weight, a game
    /// option) or could not search.
    #[error("{0}")]
    Setup(String),
}

/// A reply: every line before the final `ok`.
pub type Reply = Vec<String>;

/// A running engine.
#[derive(Debug)]
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    replies: Receiver<Result<Reply, String>>,
    /// A file the process writes that goes when it does (the firmware's defmt log).
    scratch: Option<PathBuf>,
}

impl Client {
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
    /// finds it), its defmt log in a temporary file removed when the client goes.
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
        let mut client = Client::spawn_process(process, &elf.display().to_string())?;
        client.scratch = Some(log);
        Ok(client)
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
            child,
            stdin,
            replies,
            scratch: None,
        })
    }

    /// Sends `line` and waits up to `timeout` for the reply.
    ///
    /// # Errors
    /// [`ClientError`]: crashed, timed out, or the engine's `error` reply.
    pub fn request(&mut self, line: &str, timeout: Duration) -> Result<Reply, ClientError> {
        let stdin = &mut self.stdin;
        let sent = writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_ok();
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
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let child = &mut self.child;
        let waited = (0..20).any(|_| {
            thread::sleep(Duration::from_millis(5));
            matches!(child.try_wait(), Ok(Some(_)))
        });
        if !waited {
            let _ = child.kill();
            let _ = child.wait();
        }
        if let Some(log) = &self.scratch {
            let _ = std::fs::remove_file(log);
        }
    }
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
    fn a_missing_program_cannot_start() {
        assert!(matches!(
            Client::spawn("/nonexistent/engine"),
            Err(ClientError::Spawn { .. })
        ));
    }
}

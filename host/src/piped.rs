//! Running a program with bytes on its stdin and a deadline, collecting its stdout
//! and stderr: QEMU for the firmware, or any engine speaking the protocol.

use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context};

/// What one run produced.
#[derive(Debug)]
pub struct Output {
    /// Everything written on stdout.
    pub stdout: Vec<u8>,
    /// Everything written on stderr.
    pub stderr: String,
    /// The exit status.
    pub status: ExitStatus,
}

/// Starts `command`, feeds it `input`, and collects its output until it exits;
/// kills it after `timeout`. `hint` is added to the error when it cannot start.
///
/// # Errors
/// The program cannot start, or it outlives the timeout.
pub fn run(
    mut command: Command,
    input: Vec<u8>,
    timeout: Duration,
    hint: &str,
) -> anyhow::Result<Output> {
    let program = command.get_program().to_string_lossy().into_owned();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {program} ({hint})"))?;
    let mut stdin = child.stdin.take().context("stdin")?;
    let feeder = thread::spawn(move || {
        // The program may exit before reading everything (a crash): ignore EPIPE.
        let _ = stdin.write_all(&input);
    });
    let stdout = drain(child.stdout.take().context("stdout")?);
    let stderr = drain(child.stderr.take().context("stderr")?);
    let status = wait(&mut child, timeout, &program);
    let _ = feeder.join();
    let stdout = stdout
        .join()
        .map_err(|_| anyhow!("stdout reader panicked"))?;
    let stderr = stderr
        .join()
        .map_err(|_| anyhow!("stderr reader panicked"))?;
    Ok(Output {
        stdout,
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        status: status?,
    })
}

fn wait(child: &mut Child, timeout: Duration, program: &str) -> anyhow::Result<ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            bail!("{program} did not finish within {} s", timeout.as_secs());
        }
        thread::sleep(Duration::from_millis(10));
    }
}

fn drain(mut source: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = source.read_to_end(&mut bytes);
        bytes
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stdin_comes_back_from_cat_and_a_missing_program_is_named() {
        let out = run(
            Command::new("cat"),
            b"fen\n".to_vec(),
            Duration::from_secs(10),
            "",
        )
        .expect("cat runs");
        assert_eq!(
            (out.stdout.as_slice(), out.status.success()),
            (&b"fen\n"[..], true)
        );
        let error = run(
            Command::new("no-such-program-here"),
            Vec::new(),
            Duration::from_secs(1),
            "install it",
        )
        .expect_err("cannot start");
        assert!(
            format!("{error:#}").contains("no-such-program-here (install it)"),
            "{error:#}"
        );
    }
}

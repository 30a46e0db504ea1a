//! The Ray executor: the batch goes to the `cluster/` Python package
//! (`python -m microply_cluster`), which submits chunks of it as Ray tasks, each
//! running `microply play-batch` on a worker, and streams the records back as JSON
//! lines while chunks finish. Ray retries a chunk whose worker dies; a chunk that
//! keeps failing ends the run with its error (docs/scale.md).

use std::io::{BufRead, BufReader, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use super::{Executor, ExecutorError, Job};
use crate::play::game::GameRecord;

/// The driver's exit status when `import ray` fails.
const EXIT_NO_RAY: i32 = 3;
/// The driver's exit status when nothing answers at the address.
const EXIT_UNREACHABLE: i32 = 4;
/// The driver's exit status when a chunk failed after its retries.
const EXIT_CHUNK_FAILED: i32 = 5;

/// Where and how to run on Ray.
#[derive(Clone, Debug)]
pub struct Ray {
    /// The cluster's address (`HOST:PORT` of the head's GCS, as `ray start` prints).
    pub address: String,
    /// The Python interpreter that has Ray installed.
    pub python: PathBuf,
    /// The folder holding the `microply_cluster` package (the repository's `cluster/`).
    pub package: PathBuf,
    /// The `microply` binary the workers run: the same path on every node.
    pub binary: PathBuf,
    /// Games per Ray task (`None`: the driver picks from the cluster's CPUs).
    pub chunk: Option<usize>,
    /// How often Ray retries a failed chunk.
    pub retries: u32,
}

/// Why a Ray run failed.
#[derive(Debug, thiserror::Error)]
pub enum RayError {
    /// The Python interpreter could not be started.
    #[error("cannot start the Ray driver with {python}: {error}")]
    NoPython {
        /// The interpreter.
        python: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// Ray is not installed for the interpreter.
    #[error("Ray is not installed for {python} (pip install ray): {detail}")]
    NotInstalled {
        /// The interpreter.
        python: PathBuf,
        /// The driver's message.
        detail: String,
    },
    /// No cluster answers at the address.
    #[error("no Ray cluster answers at {address}: {detail}")]
    Unreachable {
        /// The address.
        address: String,
        /// The driver's message.
        detail: String,
    },
    /// A chunk failed after Ray's retries; the games finished before are saved.
    #[error("a Ray task failed after its retries: {0}")]
    ChunkFailed(String),
    /// The driver ended in another way.
    #[error("the Ray driver failed ({status}): {detail}")]
    Driver {
        /// Its exit status.
        status: String,
        /// What it printed on stderr (the end of it).
        detail: String,
    },
    /// The driver printed a line that is not a game record.
    #[error("the Ray driver sent a line that is not a game record ({error}): {line}")]
    BadRecord {
        /// The line.
        line: String,
        /// Why it is not a record.
        error: serde_json::Error,
    },
    /// Talking to the driver failed.
    #[error("talking to the Ray driver: {0}")]
    Io(#[from] std::io::Error),
}

impl Ray {
    /// The `cluster/` folder of this source tree.
    #[must_use]
    pub fn default_package() -> PathBuf {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cluster"))
    }

    fn spawn(&self) -> Result<Child, RayError> {
        let mut command = Command::new(&self.python);
        command
            .args(["-m", "microply_cluster", "--address", &self.address])
            .arg("--binary")
            .arg(&self.binary)
            .args(["--max-retries", &self.retries.to_string()]);
        if let Some(chunk) = self.chunk {
            command.args(["--chunk-size", &chunk.to_string()]);
        }
        let path = match std::env::var_os("PYTHONPATH") {
            Some(old) => std::env::join_paths(
                std::iter::once(self.package.clone()).chain(std::env::split_paths(&old)),
            )
            .unwrap_or_else(|_| self.package.clone().into_os_string()),
            None => self.package.clone().into_os_string(),
        };
        command
            .env("PYTHONPATH", path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| RayError::NoPython {
                python: self.python.clone(),
                error,
            })
    }

    /// The error for a driver that exited with `status`, from its stderr.
    fn failure(&self, status: std::process::ExitStatus, stderr: &str) -> RayError {
        let detail = driver_message(stderr);
        match status.code() {
            Some(EXIT_NO_RAY) => RayError::NotInstalled {
                python: self.python.clone(),
                detail,
            },
            Some(EXIT_UNREACHABLE) => RayError::Unreachable {
                address: self.address.clone(),
                detail,
            },
            Some(EXIT_CHUNK_FAILED) => RayError::ChunkFailed(detail),
            _ => RayError::Driver {
                status: status.to_string(),
                detail,
            },
        }
    }
}

/// The driver's own last message (`microply_cluster: ...`), else the end of
/// stderr (Ray's own messages go there too).
fn driver_message(stderr: &str) -> String {
    if let Some(message) = stderr
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("microply_cluster: "))
    {
        return message.to_owned();
    }
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(12)..].join("\n")
}

impl Executor for Ray {
    fn execute(
        &self,
        jobs: &[Job],
        on_record: &mut dyn FnMut(GameRecord) -> ControlFlow<()>,
    ) -> Result<(), ExecutorError> {
        if jobs.is_empty() {
            return Ok(());
        }
        let mut batch = String::new();
        for job in jobs {
            batch += &job.to_line().map_err(|e| RayError::Io(e.into()))?;
            batch.push('\n');
        }
        let mut child = self.spawn()?;
        let (Some(mut stdin), Some(stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(RayError::Io(std::io::Error::other("no pipes to the driver")).into());
        };
        let outcome = std::thread::scope(|scope| {
            // A driver that fails early stops reading: the write error is not the news.
            scope.spawn(move || {
                let _ = stdin.write_all(batch.as_bytes());
            });
            let errors = scope.spawn(move || {
                let mut text = String::new();
                let _ = stderr.read_to_string(&mut text);
                text
            });
            let streamed = stream(stdout, on_record);
            if !matches!(streamed, Ok(ControlFlow::Continue(()))) {
                let _ = child.kill();
            }
            let status = child.wait();
            (streamed, status, errors.join().unwrap_or_default())
        });
        match outcome {
            (Err(e), _, _) => Err(e.into()),
            (Ok(ControlFlow::Break(())), _, _) => Ok(()),
            (Ok(ControlFlow::Continue(())), status, stderr) => {
                let status = status.map_err(RayError::Io)?;
                if status.success() {
                    Ok(())
                } else {
                    Err(self.failure(status, &stderr).into())
                }
            }
        }
    }
}

/// Hands every record line of `stdout` to `on_record` until it breaks or the
/// driver closes its output.
fn stream(
    stdout: impl Read,
    on_record: &mut dyn FnMut(GameRecord) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, RayError> {
    for line in BufReader::new(stdout).lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(&line).map_err(|error| RayError::BadRecord {
            line: line.clone(),
            error,
        })?;
        if on_record(record).is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for Python: a shell script that behaves like the driver.
    fn fake_driver(script: &str) -> (tempfile::TempDir, Ray) {
        let dir = tempfile::tempdir().unwrap();
        let python = dir.path().join("python");
        std::fs::write(&python, format!("#!/bin/sh\n{script}\n")).unwrap();
        let mut perms = std::fs::metadata(&python).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&python, perms).unwrap();
        let ray = Ray {
            address: "127.0.0.1:1".into(),
            python,
            package: dir.path().into(),
            binary: "microply".into(),
            chunk: None,
            retries: 2,
        };
        (dir, ray)
    }

    fn one_job() -> Vec<Job> {
        let line = r#"{"spec":{"index":0,"round":1,"first":0,"second":1,"opening":{"moves":[]}},"rules":{"game":"tictactoe"},"players":[{"config":{"name":"A","depth":1},"setup":[],"base":"."},{"config":{"name":"B","depth":1},"setup":[],"base":"."}]}"#;
        Job::read_batch(line).unwrap()
    }

    fn run(ray: &Ray) -> Result<Vec<GameRecord>, ExecutorError> {
        let mut records = vec![];
        ray.execute(&one_job(), &mut |r| {
            records.push(r);
            ControlFlow::Continue(())
        })?;
        Ok(records)
    }

    #[test]
    fn the_driver_s_exit_status_names_the_problem() {
        let cases = [
            (3, "Ray is not installed for"),
            (4, "no Ray cluster answers at 127.0.0.1:1: "),
            (5, "a Ray task failed after its retries: "),
            (9, "the Ray driver failed (exit status: 9): "),
        ];
        for (code, message) in cases {
            let (_dir, ray) = fake_driver(&format!("cat >/dev/null; echo why >&2; exit {code}"));
            let error = run(&ray).unwrap_err().to_string();
            assert!(error.starts_with(message), "{error}");
            assert!(error.ends_with("why"), "{error}");
        }
    }

    #[test]
    fn the_driver_s_own_message_wins_over_ray_s_noise() {
        let (_dir, ray) = fake_driver(
            "cat >/dev/null; echo '(raylet) a worker died' >&2; \
             echo 'microply_cluster: games 5..5 failed' >&2; echo 'traceback' >&2; exit 5",
        );
        let error = run(&ray).unwrap_err().to_string();
        assert_eq!(
            error,
            "a Ray task failed after its retries: games 5..5 failed"
        );
    }

    #[test]
    fn a_missing_interpreter_is_named() {
        let (_dir, mut ray) = fake_driver("");
        ray.python = "/nonexistent/python3".into();
        let error = run(&ray).unwrap_err().to_string();
        assert!(
            error.starts_with("cannot start the Ray driver with /nonexistent/python3"),
            "{error}"
        );
    }

    #[test]
    fn records_stream_back_and_other_lines_are_refused() {
        let record = one_job()[0].play().unwrap();
        let line = serde_json::to_string(&record).unwrap();
        let (_dir, ray) = fake_driver(&format!("cat >/dev/null; echo '{line}'"));
        assert_eq!(run(&ray).unwrap(), vec![record]);
        let (_dir, ray) = fake_driver("cat >/dev/null; echo 'not json'");
        let error = run(&ray).unwrap_err().to_string();
        assert!(error.contains("not a game record"), "{error}");
        assert!(error.ends_with(": not json"), "{error}");
    }

    #[test]
    fn the_batch_reaches_the_driver_as_job_lines() {
        // The fake driver fails with its input on stderr.
        let (_dir, ray) = fake_driver("cat >&2; exit 9");
        let error = run(&ray).unwrap_err().to_string();
        assert!(error.ends_with(&one_job()[0].to_line().unwrap()), "{error}");
    }
}

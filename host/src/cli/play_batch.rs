//! `microply play-batch`: a batch of jobs (JSON lines) in, one game record (a JSON
//! line) out per finished game, in the order they finish. Ray workers run it.

use std::io::{BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use anyhow::Context;

use crate::executor::{Executor, Job, Local};

/// The command line of `play-batch`.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayBatchArgs {
    /// The jobs, one JSON line each (default: stdin).
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Where the records go, one JSON line each (default: stdout).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Worker threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub concurrency: u64,
}

/// Plays the batch.
///
/// # Errors
/// An unreadable batch (naming the line), a game that cannot be refereed, a failed write.
pub fn run(args: &PlayBatchArgs) -> anyhow::Result<()> {
    let text = match &args.input {
        Some(path) => {
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
        }
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("reading the jobs from stdin")?;
            text
        }
    };
    let jobs = Job::read_batch(&text)?;
    let out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(
            std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?,
        ),
        None => Box::new(std::io::stdout()),
    };
    let mut out = BufWriter::new(out);
    let mut written = Ok(());
    let executor = Local {
        threads: args.concurrency as usize,
    };
    executor.execute(&jobs, &mut |record| {
        written = serde_json::to_string(&record)
            .map_err(std::io::Error::from)
            .and_then(|line| writeln!(out, "{line}"))
            .and_then(|()| out.flush());
        if written.is_ok() {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    })?;
    written.context("writing a record")?;
    Ok(())
}

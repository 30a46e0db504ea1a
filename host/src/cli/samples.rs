//! `microply samples`: tournament-organised sample generation for the checkers
//! network (docs/samples.md).

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};

use crate::nn::{read_weights, Net};
use crate::progress::{Display, Progress};
use crate::samples::pipeline::DEFAULT_TRAIN_SAMPLES;
use crate::samples::population::Evolution;
use crate::samples::{run as run_pipeline, Format, PipelineConfig};

/// The options of `microply samples`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SamplesArgs {
    /// Instead of a run: compare finished runs.
    #[command(subcommand)]
    command: Option<SamplesCommand>,
    /// How players are paired: round-robin, double-elimination or mixed (docs/samples.md).
    #[arg(long, default_value = "round-robin", value_parser = parse_format)]
    format: Format,
    /// Iterations (tournament, samples, training, evolution).
    #[arg(long, default_value_t = 5)]
    iterations: usize,
    /// The output folder (rerun the same command to resume a killed run).
    #[arg(long, required = true)]
    out: Option<PathBuf>,
    /// The base network's weights file (default: the core's material network).
    #[arg(long)]
    base: Option<PathBuf>,
    /// Players per iteration.
    #[arg(long, default_value_t = 200)]
    population: usize,
    /// The run's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Floating factor fd of the initial perturbation, in (0, 1).
    #[arg(long, default_value_t = 0.3)]
    fd: f64,
    /// Crossover probability Pc.
    #[arg(long, default_value_t = 0.7)]
    crossover: f64,
    /// Mutation probability Pm.
    #[arg(long, default_value_t = 0.05)]
    mutation: f64,
    /// m: a win yields samples if it took at most this many plies…
    #[arg(long, default_value_t = 120)]
    max_win_plies: usize,
    /// n: …or left the winner at least this many pieces ahead.
    #[arg(long, default_value_t = 8)]
    min_margin: i32,
    /// α of the quality index T.
    #[arg(long, default_value_t = 0.8)]
    alpha: f64,
    /// Games of each iteration's trained player against a random player.
    #[arg(long, default_value_t = 100)]
    eval_games: usize,
    /// Training epochs at most per iteration.
    #[arg(long, default_value_t = 20)]
    train_epochs: usize,
    /// Distinct samples at most each iteration's network trains on (a seeded choice
    /// among all samples so far, duplicates merged).
    #[arg(long, default_value_t = DEFAULT_TRAIN_SAMPLES)]
    train_samples: usize,
    /// Threads (default: every core; results do not depend on it).
    #[arg(long = "concurrency", alias = "threads", value_parser = super::parse_concurrency)]
    threads: Option<usize>,
}

/// What `microply samples` does besides a run.
#[derive(Debug, Subcommand)]
pub enum SamplesCommand {
    /// Put runs side by side: T and win rate per iteration, one line per run, and each
    /// run's table (docs/samples.md).
    Compare {
        /// The run folders (finished or not).
        #[arg(required = true)]
        runs: Vec<PathBuf>,
        /// The folder for report.md and its plots.
        #[arg(long)]
        out: PathBuf,
    },
}

fn parse_format(s: &str) -> Result<Format, String> {
    match s {
        "round-robin" => Ok(Format::RoundRobin),
        "double-elimination" => Ok(Format::DoubleElimination),
        "mixed" => Ok(Format::Mixed),
        _ => Err(format!(
            "unknown format '{s}' (expected round-robin, double-elimination or mixed)"
        )),
    }
}

/// Runs or resumes the pipeline and prints where its files are.
///
/// # Errors
/// Bad settings, unreadable base network, I/O failures.
pub fn run(args: &SamplesArgs) -> anyhow::Result<()> {
    if let Some(SamplesCommand::Compare { runs, out }) = &args.command {
        let report = crate::samples::compare::compare(runs, out)?;
        println!("{}", report.display());
        return Ok(());
    }
    let out = args.out.as_deref().context("--out is required")?;
    let base = match &args.base {
        Some(path) => Net::from_weights(&read_weights(path)?),
        None => Net::from_weights(&microply_core::games::checkers::NetworkWeights::DEFAULT),
    };
    let config = PipelineConfig {
        format: args.format,
        population: args.population,
        iterations: args.iterations,
        seed: args.seed,
        fd: args.fd,
        evolution: Evolution {
            crossover: args.crossover,
            mutation: args.mutation,
        },
        max_win_plies: args.max_win_plies,
        min_margin: args.min_margin,
        alpha: args.alpha,
        eval_games: args.eval_games,
        train_epochs: args.train_epochs,
        train_samples: args.train_samples,
        base: base.params.to_vec(),
    };
    let threads = args
        .threads
        .unwrap_or_else(crate::parallel::default_threads);
    let progress = Progress::new(Display::detect(), "iterations", args.iterations as u64, 0);
    let state = run_pipeline(&config, out, threads, &progress)?;
    progress.finish();
    println!(
        "{} iterations, {} samples: {}",
        state.log.len(),
        state.samples,
        out.join(crate::samples::report::REPORT_FILE).display()
    );
    Ok(())
}

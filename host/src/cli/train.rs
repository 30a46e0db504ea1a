//! `microply train`: a config from a TOML file or a preset, handed to
//! [`crate::train::run()`] (or [`crate::train::resume`]).

use std::path::PathBuf;

use crate::progress::Display;
use crate::train::{output::champion_path, TrainConfig, TrainSummary};

/// What the command line says.
#[derive(Debug, Clone, clap::Args)]
pub struct TrainArgs {
    /// The configuration file (TOML, docs/ga.md); or --quick / --paper.
    #[arg(conflicts_with_all = ["quick", "paper", "resume"])]
    pub config: Option<PathBuf>,
    /// The quick preset: 4×4 boxes, small population, shallow depths, a few minutes.
    #[arg(long, conflicts_with_all = ["paper", "resume"])]
    pub quick: bool,
    /// The paper's preset: 5×5 boxes, 300 generations, depths 2/2, 5/8, 7/10.
    #[arg(long, conflicts_with = "resume")]
    pub paper: bool,
    /// The output folder (champions, fitness.csv, plots, state).
    #[arg(long, value_name = "DIR", required_unless_present = "resume")]
    pub out: Option<PathBuf>,
    /// Continue the run saved in DIR (after a crash or kill -9).
    #[arg(long, value_name = "DIR", conflicts_with = "out")]
    pub resume: Option<PathBuf>,
    /// With --resume: raise the run's length to N generations and go on (a run that
    /// has not converged); the result equals a run configured with N from the start.
    #[arg(long, value_name = "N")]
    pub generations: Option<usize>,
    /// Game worker threads (default: the number of cores); results do not depend on it.
    #[arg(long, alias = "threads", value_parser = super::parse_concurrency)]
    pub concurrency: Option<usize>,
    #[command(flatten)]
    pub executor: super::executor::ExecutorArgs,
    /// Then check the hand-set weights and the champion against the exact solver on
    /// seeded 3×3 positions at the last stage's depth (Dots only): validation.md.
    #[arg(long)]
    pub validate: bool,
}

/// Runs `microply train`.
///
/// # Errors
/// A bad config, a missing or damaged state, games that cannot be played, I/O.
pub fn run(args: &TrainArgs) -> anyhow::Result<()> {
    if args.generations.is_some() && args.resume.is_none() {
        anyhow::bail!("--generations N extends a saved run: give --resume DIR");
    }
    let threads = args
        .concurrency
        .unwrap_or_else(crate::parallel::default_threads);
    let executor = args.executor.executor(threads)?;
    let executor = &*executor;
    let display = Display::detect();
    let (summary, dir) = match (&args.resume, &args.out) {
        (Some(dir), _) => {
            let summary = match args.generations {
                Some(n) => crate::train::extend(dir, n, executor, display)?,
                None => crate::train::resume(dir, executor, display)?,
            };
            (summary, dir.clone())
        }
        (None, Some(dir)) => {
            let config = config_of(args)?;
            (
                crate::train::run(&config, dir, executor, display)?,
                dir.clone(),
            )
        }
        (None, None) => anyhow::bail!("give --out DIR or --resume DIR"),
    };
    report(&summary, &dir);
    if args.validate {
        validate(&summary, &dir, threads)?;
    }
    Ok(())
}

/// `--validate`: before and after, printed and written to `validation.md`.
fn validate(summary: &TrainSummary, dir: &std::path::Path, threads: usize) -> anyhow::Result<()> {
    let state = crate::train::TrainState::load(dir)?;
    let depth = state.config.stages.last().map_or(1, |s| s.trainee_depth());
    let v = crate::train::validation::before_after(&summary.champion, depth, threads)?;
    let text = crate::train::validation::markdown(&summary.champion, &v);
    let path = dir.join("validation.md");
    crate::files::write_atomically(&path, text.as_bytes())?;
    print!("{text}");
    println!("in {}", path.display());
    Ok(())
}

fn config_of(args: &TrainArgs) -> anyhow::Result<TrainConfig> {
    Ok(match (&args.config, args.quick, args.paper) {
        (Some(path), _, _) => TrainConfig::read(path)?,
        (None, true, _) => TrainConfig::quick(),
        (None, false, true) => TrainConfig::paper(),
        (None, false, false) => anyhow::bail!("give a CONFIG file, --quick or --paper"),
    })
}

fn report(summary: &TrainSummary, dir: &std::path::Path) {
    let c = &summary.champion;
    println!(
        "champion of generation {}: objective {} after {} games",
        c.generation, c.objective, summary.games
    );
    println!(
        "weights {}",
        c.weights
            .iter()
            .map(f64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "engine setup in {} (cat FILE - | microply engine)",
        champion_path(dir, c.generation, "txt").display()
    );
    println!("results in {}", dir.display());
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn train_args(line: &[&str]) -> TrainArgs {
        let cli = Cli::try_parse_from(line).unwrap();
        match cli.command {
            Command::Train(args) => args,
            other => panic!("not train: {other:?}"),
        }
    }

    #[test]
    fn paper_flag_gives_the_papers_valid_preset() {
        let args = train_args(&["microply", "train", "--paper", "--out", "runs/paper"]);
        let config = config_of(&args).unwrap();
        assert_eq!(config, TrainConfig::paper());
        config.validate("--paper").unwrap();
        assert_eq!(
            (
                config.options.as_str(),
                config.population,
                config.generations
            ),
            ("rows=5 cols=5", 30, 300)
        );
        assert!(
            Cli::try_parse_from(["microply", "train", "--paper", "--quick", "--out", "x"]).is_err()
        );
    }
}

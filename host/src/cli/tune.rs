//! `microply tune checkers`: Texel tuning of the `expert` evaluator from seeded
//! self-play (the library is `crate::tune`; docs/checkers-eval.md).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Args;
use microply_core::games::checkers::features::Feature;
use microply_core::games::checkers::{CheckersEval, ExpertWeights};
use microply_core::games::GameKind;
use microply_core::selectable::Selectable;

use crate::progress::{Display, Progress};
use crate::tune::{self, SelfPlay};

/// The options of `microply tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// Self-play games.
    #[arg(long, default_value_t = 1200, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Search depth of every self-play move.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub depth: u32,
    /// The run's seed (each game's seed derives from it and the game's index).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies opening each game.
    #[arg(long, default_value_t = 6)]
    pub random_plies: u32,
    /// A game longer than this many plies counts as a draw.
    #[arg(long, default_value_t = 300)]
    pub max_plies: u32,
    /// The evaluator both sides play the games with (baseline, network, expert).
    #[arg(long, default_value = "baseline")]
    pub player: String,
    /// Gauss-Newton steps at most.
    #[arg(long, default_value_t = 100)]
    pub steps: u32,
    /// Threads playing games (the samples do not depend on it).
    #[arg(long = "concurrency", alias = "threads", default_value_t = 2, value_parser = super::parse_concurrency)]
    pub threads: usize,
    /// Where to write the weights file.
    #[arg(long, default_value = "checkers-expert.txt")]
    pub out: PathBuf,
}

/// Plays the games, fits the weights, prints them and writes the weights file.
///
/// # Errors
/// A game other than checkers, an unknown evaluator, a failed search or an
/// unwritable file.
pub fn run(game: GameKind, args: &TuneArgs) -> anyhow::Result<()> {
    if game != GameKind::Checkers {
        bail!("tune supports checkers only (the expert evaluator), not {game}");
    }
    let Some(evaluator) = CheckersEval::by_name(&args.player) else {
        bail!(
            "unknown checkers evaluator '{}' for --player (expected {})",
            args.player,
            CheckersEval::NAMES.join(", ")
        );
    };
    let config = SelfPlay {
        games: args.games,
        depth: args.depth,
        seed: args.seed,
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        evaluator,
    };
    let started = Instant::now();
    let progress = Progress::new(Display::detect(), "games", u64::from(args.games), 0);
    let samples = tune::selfplay::generate(&config, args.threads, &progress)?;
    progress.finish();
    let played = started.elapsed().as_secs_f64();
    let tuned = tune::tune(&samples, &ExpertWeights::HAND_SET, args.steps);
    let fitted = started.elapsed().as_secs_f64() - played;
    let run = format!(
        "microply tune checkers --games {} --depth {} --seed {} --random-plies {} --max-plies {} --player {}",
        args.games, args.depth, args.seed, args.random_plies, args.max_plies, args.player
    );
    std::fs::write(&args.out, tuned.weights_file(&run))
        .with_context(|| format!("cannot write the weights file {}", args.out.display()))?;
    println!(
        "{} positions from {} games in {played:.1} s; fit in {fitted:.1} s ({} steps)",
        tuned.positions, args.games, tuned.fit.steps
    );
    println!(
        "K = {:.6} per man; mean squared error {:.6} (start) -> {:.6}",
        tuned.k, tuned.start_mse, tuned.fit.mse
    );
    for (feature, w) in Feature::ALL.iter().zip(tuned.weights().to_array()) {
        println!("{:>20} {w}", feature.name());
    }
    println!("wrote {}", args.out.display());
    println!("evaluator expert");
    println!("{}", tuned.protocol_line());
    Ok(())
}

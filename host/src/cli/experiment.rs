//! `microply experiment NAME`: the checks and experiments of the weight trainer
//! (issue 13), each a thin layer over [`crate::experiment`].

use std::path::PathBuf;

use anyhow::Context;
use microply_core::games::dots::Weights;
use microply_core::score::Value;

use crate::agreement::positions::{validation_set, SetSpec, DEFAULT_COUNT, DEFAULT_SEED};
use crate::agreement::validate::validate_on;
use crate::experiment::champions::{run_champions, ChampionsSetup};
use crate::experiment::curriculum::{default_budget, run_curriculum};
use crate::experiment::duel::Schedule;
use crate::experiment::league::Board;
use crate::experiment::time::run_time;
use crate::experiment::training::train_or_resume;
use crate::experiment::vs_hand::{interval_above_zero, run_vs_hand, VsHand};
use crate::experiment::weights_file::read_dots_weights;
use crate::parallel::default_threads;
use crate::progress::{Display, Progress};
use crate::train::{TrainConfig, TrainState};

/// The experiments.
#[derive(Debug, clap::Subcommand)]
pub enum ExperimentCommand {
    /// How often a weight set's depth-limited AB-SSS* choice is a move the exact solver
    /// rates optimal, on seeded quiet positions: 3×3 middle games by default, late
    /// positions with --lines-left undrawn lines on any board (docs/ga.md).
    Validate {
        #[command(flatten)]
        weights: WeightsArg,
        /// Search depth (plies).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=24))]
        depth: u32,
        /// Box rows of the positions.
        #[arg(long, default_value_t = 3)]
        rows: u8,
        /// Box columns of the positions.
        #[arg(long, default_value_t = 3)]
        cols: u8,
        /// Late positions with N undrawn lines, 1..=16 (default: 3×3 middle games;
        /// required on other boards).
        #[arg(long, value_name = "N")]
        lines_left: Option<u32>,
        /// Positions in the set.
        #[arg(long, default_value_t = DEFAULT_COUNT, value_parser = parse_positive)]
        positions: usize,
        /// The set's seed.
        #[arg(long, default_value_t = DEFAULT_SEED)]
        seed: u64,
        /// Worker threads (default: the number of cores).
        #[arg(long, alias = "threads", value_parser = super::parse_concurrency)]
        concurrency: Option<usize>,
    },
    /// Evolved weights against the hand-set ones: a match with both colours from the
    /// board's balanced book (or seeded random openings), optionally until a
    /// pentanomial SPRT decides; W/D/L, Elo ± 95%, LOS; report.md and score.svg in --out.
    VsHand {
        /// The evolved weights: any champion file `train` writes (`gen-NNNN.toml`,
        /// `.json`, `.txt`), the protocol's weights command, or ten decimals.
        #[arg(long, value_name = "FILE")]
        weights: PathBuf,
        /// Search depth of both sides.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// Games (each opening with both colours); with --sprt, the most it plays.
        #[arg(long, default_value_t = 50, value_parser = parse_positive)]
        games: usize,
        /// Box rows.
        #[arg(long, default_value_t = 4)]
        rows: u8,
        /// Box columns.
        #[arg(long, default_value_t = 4)]
        cols: u8,
        /// The openings: a book file or built-in name (default: the board's balanced
        /// book `dots-RxC` when there is one), or `none` for --random-plies.
        #[arg(long, value_name = "FILE|NAME|none")]
        book: Option<String>,
        /// Stop when this SPRT decides (pentanomial by default), e.g. `0,50,0.05,0.05`.
        #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA[,MODEL]", value_parser = super::parse_sprt)]
        sprt: Option<crate::ratings::Sprt>,
        #[command(flatten)]
        games_run: GamesArgs,
    },
    /// Champions of evenly spaced generations of one training run (50, 100, …, 300
    /// of 300) in a double round robin, 3/1/0; report.md and points.svg in --out.
    Champions {
        /// A finished training folder (default: train the preset into OUT/train).
        #[arg(long, value_name = "DIR")]
        run: Option<PathBuf>,
        /// How many generations to pick.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(2..=64))]
        picks: u64,
        /// Search depth of the games (default: the run's final trainee depth).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Double round robin repetitions (new openings each time).
        #[arg(long, default_value_t = 1, value_parser = parse_positive)]
        rounds: usize,
        /// The hand-set weights play too, and the Elo is measured from them.
        #[arg(long)]
        hand_set: bool,
        /// The openings: a book file or built-in name (each line with both colours),
        /// or `none` for --random-plies (default: the run's `book`, else random plies).
        #[arg(long, value_name = "FILE|NAME|none")]
        book: Option<String>,
        #[command(flatten)]
        training: TrainingArgs,
    },
    /// Curriculum GA vs GA without curriculum vs ACO_R, the same budget of training
    /// games each, --seeds runs of each; the final champions in a round robin repeated
    /// --rounds times, and each two methods compared on their champions' game pairs.
    Curriculum {
        /// Training games of each run (default: 2 × openings × population ×
        /// (generations + 1) of the config).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        games: Option<u64>,
        /// Runs of each method: the config's seed and the next ones.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=16))]
        seeds: u64,
        /// Round robin repetitions.
        #[arg(long, default_value_t = 10, value_parser = parse_positive)]
        rounds: usize,
        /// The round robin's openings: a book file or built-in name (each line with
        /// both colours), or `none` for --random-plies (default: the config's `book`,
        /// else random plies).
        #[arg(long, value_name = "FILE|NAME|none")]
        book: Option<String>,
        #[command(flatten)]
        training: TrainingArgs,
    },
    /// Fixed depth for both sides against the curriculum: wall time, games, and the
    /// two champions' match. The paper's setting is --depth 8 --generations 50 (days
    /// here: docs/ga.md).
    Time {
        /// The fixed depth (trainee and sparring partner), also the match's depth: 4,
        /// the quick curriculum's deepest sparring depth (the paper's 8 costs about 80 s
        /// a 4×4 game here).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// Games of the champions' match.
        #[arg(long, default_value_t = 50, value_parser = parse_positive)]
        games: usize,
        #[command(flatten)]
        training: TrainingArgs,
    },
}

/// The training runs an experiment makes: a preset or a config file.
#[derive(Debug, Clone, clap::Args)]
pub struct TrainingArgs {
    /// The trainer's config (TOML, docs/ga.md) instead of the quick preset.
    #[arg(long, value_name = "FILE", conflicts_with = "paper")]
    config: Option<PathBuf>,
    /// The paper's preset (5×5, 300 generations: hours) instead of the quick one.
    #[arg(long)]
    paper: bool,
    /// Generations of each run (default: the preset's or the file's).
    #[arg(long)]
    generations: Option<usize>,
    #[command(flatten)]
    games_run: GamesArgs,
}

/// What every experiment that plays games takes: the openings, the output folder
/// and the worker threads.
#[derive(Debug, Clone, clap::Args)]
pub struct GamesArgs {
    /// Random plies of each opening of the experiment's games.
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// The openings' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The output folder (rerun the same command to resume).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Worker threads (default: the number of cores).
    #[arg(long, alias = "threads", value_parser = super::parse_concurrency)]
    concurrency: Option<usize>,
}

impl GamesArgs {
    fn threads(&self) -> usize {
        self.concurrency.unwrap_or_else(default_threads)
    }

    fn openings(&self) -> (u32, u64) {
        (self.random_plies, self.seed)
    }
}

impl TrainingArgs {
    fn config(&self) -> anyhow::Result<TrainConfig> {
        let mut config = match (&self.config, self.paper) {
            (Some(path), _) => TrainConfig::read(path)?,
            (None, true) => TrainConfig::paper(),
            (None, false) => TrainConfig::quick(),
        };
        if let Some(g) = self.generations {
            config.generations = g;
        }
        Ok(config)
    }
}

/// The openings' book of `--book` (`none`: random plies; not given: `default`, the
/// training config's `book` or the board's built-in one).
fn book_choice(given: Option<&str>, default: Option<String>) -> Option<String> {
    match given {
        Some("none") => None,
        Some(book) => Some(book.to_owned()),
        None => default,
    }
}

/// A progress bar over the experiment's games.
fn games_progress(label: &'static str) -> impl FnMut(usize, usize) {
    let mut bar: Option<Progress> = None;
    let started = std::time::Instant::now();
    move |done, total| {
        // The first call follows the first game of this run: the ones before it
        // were replayed from the folder and do not count in the rate, which is
        // timed from the start of the run (not from the first game's end).
        let bar = bar.get_or_insert_with(|| {
            Progress::new(
                Display::detect(),
                "games",
                total as u64,
                done.saturating_sub(1) as u64,
            )
            .since(started)
        });
        bar.set(done as u64, label);
        if done == total {
            bar.finish();
        }
    }
}

/// A weight set: a file or the hand-set defaults.
#[derive(Debug, Clone, clap::Args)]
#[group(required = true, multiple = false)]
pub struct WeightsArg {
    /// The weights: any champion file `train` writes (`gen-NNNN.toml`, `.json`,
    /// `.txt`), TOML/JSON `weights = [...]`, the protocol's weights command, or ten
    /// decimals.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// The hand-set weights (the engine's default).
    #[arg(long)]
    hand: bool,
}

impl WeightsArg {
    fn load(&self) -> anyhow::Result<([Value; 10], String)> {
        match &self.weights {
            Some(path) => Ok((read_dots_weights(path)?, path.display().to_string())),
            None => Ok((Weights::EXPERIENCED.to_array(), "hand-set".into())),
        }
    }
}

/// The book `vs-hand` plays: `--book`, else the balanced `dots-RxC` when it is
/// built in; `none` (or no such book) plays random plies.
fn vs_hand_book(book: Option<&str>, rows: u8, cols: u8) -> Option<String> {
    let name = format!("dots-{rows}x{cols}");
    let built_in = crate::play::openings::BUILT_IN
        .iter()
        .any(|b| b.name == name)
        .then_some(name);
    book_choice(book, built_in)
}

fn parse_positive(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs one experiment.
///
/// # Errors
/// Bad weights files, failed games or writes.
pub fn run(command: &ExperimentCommand) -> anyhow::Result<()> {
    match command {
        ExperimentCommand::Validate {
            weights,
            depth,
            rows,
            cols,
            lines_left,
            positions,
            seed,
            concurrency,
        } => {
            let threads = concurrency.unwrap_or_else(default_threads);
            let spec = SetSpec::new(*rows, *cols, *lines_left)?;
            let (w, source) = weights.load()?;
            let started = std::time::Instant::now();
            let set = validation_set(&spec, *seed, *positions, threads)?;
            let solved = started.elapsed().as_secs_f64();
            let v = validate_on(threads, &w, *depth, &set);
            println!(
                "validation of {source} at depth {}: {} positions ({spec}, seed {seed})",
                v.depth, v.positions
            );
            println!(
                "optimal {} ({:.2} %), same result {} ({:.2} %)",
                v.optimal,
                100.0 * v.optimal_fraction(),
                v.same_result,
                100.0 * v.same_result_fraction()
            );
            println!(
                "time: positions solved in {solved:.1} s, searched in {:.1} s",
                started.elapsed().as_secs_f64() - solved
            );
            Ok(())
        }
        ExperimentCommand::VsHand {
            weights,
            depth,
            games,
            rows,
            cols,
            book,
            sprt,
            games_run,
        } => {
            let (random_plies, seed) = games_run.openings();
            let out = &games_run.out;
            let board = Board::of_size(*rows, *cols, random_plies, seed);
            let config = VsHand {
                evolved: read_dots_weights(weights)?,
                source: weights.display().to_string(),
                depth: *depth,
                schedule: Schedule {
                    board: board.with_book(vs_hand_book(book.as_deref(), *rows, *cols)),
                    games: *games,
                    sprt: *sprt,
                },
            };
            let duel = run_vs_hand(
                &config,
                out,
                games_run.threads(),
                games_progress("evolved vs hand"),
            )
            .with_context(|| format!("experiment vs-hand into {}", out.display()))?;
            print!("{}", duel.summary());
            let above = if interval_above_zero(&duel) {
                "above"
            } else {
                "not above"
            };
            println!("95% interval (pentanomial when there are pairs) {above} 0");
            println!("report in {}", out.join("report.md").display());
            Ok(())
        }
        ExperimentCommand::Champions {
            run,
            picks,
            depth,
            rounds,
            hand_set,
            book,
            training,
        } => {
            let out = &training.games_run.out;
            let run_dir = match run {
                Some(dir) => dir.clone(),
                None => {
                    let dir = out.join("train");
                    train_or_resume(&training.config()?, &dir, training.games_run.threads())?;
                    dir
                }
            };
            let run_book = TrainState::load(&run_dir)
                .map(|s| s.config.book)
                .unwrap_or_default();
            let setup = ChampionsSetup {
                picks: *picks,
                depth: *depth,
                openings: training.games_run.openings(),
                book: book_choice(book.as_deref(), run_book),
                rounds: *rounds,
                hand_set: *hand_set,
            };
            let scores = run_champions(
                &run_dir,
                &setup,
                out,
                training.games_run.threads(),
                games_progress("champions"),
            )?;
            for s in scores {
                let elo = s.rating.map_or(String::new(), |r| {
                    format!(", Elo {:+.1} [{:+.1}, {:+.1}]", r.elo, r.low, r.high)
                });
                let who = s
                    .generation
                    .map_or("hand-set".into(), |g| format!("generation {g:4}"));
                println!(
                    "{who:>15}: W {} D {} L {} points {}{elo}",
                    s.wins, s.draws, s.losses, s.points
                );
            }
            println!("report in {}", out.join("report.md").display());
            Ok(())
        }
        ExperimentCommand::Curriculum {
            games,
            seeds,
            rounds,
            book,
            training,
        } => {
            let out = &training.games_run.out;
            let base = training.config()?;
            let budget = games.unwrap_or_else(|| default_budget(&base));
            let book = book_choice(book.as_deref(), base.book.clone());
            let board =
                Board::of_options(&base.options, training.games_run.openings()).with_book(book);
            let results = run_curriculum(
                &base,
                budget,
                *seeds,
                *rounds,
                &board,
                out,
                training.games_run.threads(),
                games_progress("methods"),
            )?;
            for r in results {
                println!(
                    "{:12} generations {:4}, training games {:6} (budget {budget}): W {} D {} L {} points {}",
                    r.name,
                    r.trained.summary.history.len().saturating_sub(1),
                    r.trained.summary.games,
                    r.wins,
                    r.draws,
                    r.losses,
                    r.points
                );
            }
            println!("report in {}", out.join("report.md").display());
            Ok(())
        }
        ExperimentCommand::Time {
            depth,
            games,
            training,
        } => {
            let out = &training.games_run.out;
            let r = run_time(
                &training.config()?,
                *depth,
                *games,
                training.games_run.openings(),
                out,
                training.games_run.threads(),
                games_progress("fixed vs curriculum"),
            )?;
            for (name, t) in [("fixed", &r.fixed), ("curriculum", &r.curriculum)] {
                println!("{name:10}: {} games, {:.1} s", t.summary.games, t.seconds);
            }
            print!("{}", r.duel.summary());
            println!("report in {}", out.join("report.md").display());
            Ok(())
        }
    }
}

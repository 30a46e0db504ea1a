//! `microply nn`: train the checkers network on samples files, bootstrap the base
//! network from the baseline's search scores (docs/checkers-network.md), or play
//! networks against each other at one ply (docs/samples.md).

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::nn::bootstrap::{labelled_positions, LabelConfig};
use anyhow::Context;

use crate::files::write_atomically;
use crate::nn::{fit_from, read_weights, write_weights, EpochLoss, Net, TrainConfig, TrainState};
use crate::progress::{Display, Progress};
use crate::report::{line_plot, Series};
use crate::samples::pipeline::NETWORK_FILE;
use crate::samples::versus::{versus, versus_table, VersusConfig};
use crate::samples::SamplesFile;

/// The `nn` subcommands.
#[derive(Debug, Subcommand)]
pub enum NnCommand {
    /// Fit a network to samples files (docs/samples.md) and write its weights file.
    Train {
        /// The samples files (their samples are trained on together).
        #[arg(required = true)]
        samples: Vec<PathBuf>,
        /// The weights file to write.
        #[arg(long)]
        out: PathBuf,
        /// Start from this weights file (default: the core's material network, perturbed).
        #[arg(long)]
        init: Option<PathBuf>,
        /// Go on with the training that OUT's `.training.json` saved after its last
        /// epoch (same samples and settings); it ends as an uninterrupted one would.
        #[arg(long)]
        resume: bool,
        #[command(flatten)]
        train: TrainArgs,
    },
    /// Train the base network by regression onto the baseline evaluator's search
    /// scores on positions from seeded play, and write its weights file.
    Bootstrap {
        /// The weights file to write.
        #[arg(long)]
        out: PathBuf,
        /// Games to take positions from.
        #[arg(long, default_value_t = 300)]
        games: usize,
        /// Depth of the baseline's labelling search.
        #[arg(long, default_value_t = 4)]
        label_depth: u32,
        /// Random plies from the start of each game.
        #[arg(long, default_value_t = 6)]
        opening_plies: u32,
        /// Chance of a random move instead of the search's.
        #[arg(long, default_value_t = 0.1)]
        explore: f64,
        /// Threads (default: every core; the result does not depend on it).
        #[arg(long = "concurrency", alias = "threads", value_parser = super::parse_concurrency)]
        threads: Option<usize>,
        /// Also write the labelled positions as a samples file.
        #[arg(long)]
        samples_out: Option<PathBuf>,
        #[command(flatten)]
        train: TrainArgs,
    },
    /// One-ply games between networks (e.g. each format's `network.txt`): every pair
    /// plays the same seeded openings with both colours; prints a markdown table.
    Versus {
        /// The weights files (at least two); a pipeline run's `DIR/network.txt` is named `DIR`.
        #[arg(required = true, num_args = 2..)]
        networks: Vec<PathBuf>,
        /// Openings per pair (each played with both colours).
        #[arg(long, default_value_t = 100)]
        openings: usize,
        /// Random plies of an opening.
        #[arg(long, default_value_t = 4)]
        opening_plies: u32,
        /// Seeds the openings and the tie-breaks.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (default: every core; the result does not depend on it).
        #[arg(long = "concurrency", alias = "threads", value_parser = super::parse_concurrency)]
        threads: Option<usize>,
    },
}

/// Training settings (docs/checkers-network.md).
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// Seeds the initial network, the held-out split and the batch order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.005)]
    learning_rate: f64,
    /// Samples per gradient step.
    #[arg(long, default_value_t = 64)]
    batch_size: usize,
    /// Epochs at most.
    #[arg(long, default_value_t = 200)]
    max_epochs: usize,
    /// Stop after this many epochs without a lower held-out error.
    #[arg(long, default_value_t = 10)]
    patience: usize,
    /// Share of the samples held out.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
}

impl TrainArgs {
    fn config(&self) -> TrainConfig {
        TrainConfig {
            seed: self.seed,
            learning_rate: self.learning_rate,
            batch_size: self.batch_size,
            max_epochs: self.max_epochs,
            patience: self.patience,
            validation_fraction: self.validation,
        }
    }
}

/// Runs an `nn` subcommand.
///
/// # Errors
/// Unreadable or malformed inputs, bad settings, I/O failures.
pub fn run(command: &NnCommand) -> anyhow::Result<()> {
    match command {
        NnCommand::Train {
            samples,
            out,
            init,
            resume,
            train,
        } => {
            let mut all = Vec::new();
            let mut origins = Vec::new();
            for path in samples {
                let file = SamplesFile::read(path)?;
                origins.push(format!("{} ({})", path.display(), file.source));
                all.extend(file.samples);
            }
            let start = match init {
                Some(path) => Net::from_weights(&read_weights(path)?),
                None => Net::perturbed_default(train.seed, 0.1),
            };
            let origin = format!("trained on {}", origins.join(", "));
            fit_and_write(&start, &all, &train.config(), out, &origin, *resume)
        }
        NnCommand::Bootstrap {
            out,
            games,
            label_depth,
            opening_plies,
            explore,
            threads,
            samples_out,
            train,
        } => {
            let config = LabelConfig {
                seed: train.seed,
                games: *games,
                opening_plies: *opening_plies,
                label_depth: *label_depth,
                explore: *explore,
                threads: threads.unwrap_or_else(crate::parallel::default_threads),
            };
            let samples = labelled_positions(&config);
            eprintln!(
                "{} positions labelled by the baseline at depth {label_depth}",
                samples.len()
            );
            if let Some(path) = samples_out {
                SamplesFile {
                    source: "bootstrap".into(),
                    samples: samples.clone(),
                }
                .write(path)?;
            }
            let origin = format!(
                "bootstrap: {games} games, baseline depth {label_depth}, {opening_plies} random plies, explore {explore}, seed {}",
                train.seed
            );
            let start = Net::perturbed_default(train.seed, 0.1);
            fit_and_write(&start, &samples, &train.config(), out, &origin, false)
        }
        NnCommand::Versus {
            networks,
            openings,
            opening_plies,
            seed,
            threads,
        } => run_versus(networks, *openings, *opening_plies, *seed, *threads),
    }
}

fn run_versus(
    networks: &[PathBuf],
    openings: usize,
    opening_plies: u32,
    seed: u64,
    threads: Option<usize>,
) -> anyhow::Result<()> {
    let weights = networks
        .iter()
        .map(|path| read_weights(path))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = networks.iter().map(|p| network_name(p)).collect();
    let config = VersusConfig {
        openings,
        opening_plies,
        seed,
        threads: threads.unwrap_or_else(crate::parallel::default_threads),
    };
    let results = versus(&weights, &config);
    println!(
        "{openings} openings of {opening_plies} random plies per pair, both colours, one ply, seed {seed}\n"
    );
    print!("{}", versus_table(&names, &results));
    Ok(())
}

/// A pipeline run's `runs/rr/network.txt` is `rr`; any other file is its path.
fn network_name(path: &Path) -> String {
    let folder = path.parent().and_then(Path::file_name);
    match folder {
        Some(folder) if path.file_name() == Some(NETWORK_FILE.as_ref()) => {
            folder.to_string_lossy().into_owned()
        }
        _ => path.display().to_string(),
    }
}

/// `OUT`'s companion file `OUT-STEM{suffix}` in OUT's folder (`net.txt` →
/// `net.training.json`, `net-loss.csv`).
fn beside(out: &Path, suffix: &str) -> PathBuf {
    let stem = out.file_stem().unwrap_or_default().to_string_lossy();
    out.with_file_name(format!("{stem}{suffix}"))
}

/// The loss history as CSV: `epoch,training,validation`.
fn loss_csv(history: &[EpochLoss]) -> String {
    let mut out = String::from("epoch,training,validation\n");
    for e in history {
        out += &format!("{},{},{}\n", e.epoch, e.training, e.validation);
    }
    out
}

/// The loss history as an SVG plot (training and held-out error per epoch).
fn loss_svg(history: &[EpochLoss]) -> Result<String, crate::report::PlotError> {
    let series = |name: &str, pick: fn(&EpochLoss) -> f64| Series {
        name: name.to_owned(),
        points: history.iter().map(|e| (e.epoch as f64, pick(e))).collect(),
    };
    line_plot(
        "Mean squared error per epoch",
        "epoch",
        "mean squared error",
        &[
            series("training", |e| e.training),
            series("held out", |e| e.validation),
        ],
    )
}

/// Trains with progress per epoch, saving after each epoch what `--resume` needs
/// (`OUT.training.json`) and the loss history (`OUT-loss.csv`); then writes the
/// weights file and the loss plot (`OUT-loss.svg`).
fn fit_and_write(
    start: &Net,
    samples: &[crate::nn::Sample],
    config: &TrainConfig,
    out: &Path,
    origin: &str,
    resume: bool,
) -> anyhow::Result<()> {
    let state_file = beside(out, ".training.json");
    let csv_file = beside(out, "-loss.csv");
    let saved: Option<TrainState> = if resume {
        let text = std::fs::read(&state_file)
            .with_context(|| format!("--resume: {}", state_file.display()))?;
        Some(
            serde_json::from_slice(&text)
                .with_context(|| format!("--resume: {}", state_file.display()))?,
        )
    } else {
        None
    };
    let done = saved.as_ref().map_or(0, |s| s.epochs as u64);
    let progress = Progress::new(Display::detect(), "epochs", config.max_epochs as u64, done);
    let mut failed: Option<anyhow::Error> = None;
    let fitted = fit_from(start, samples, config, saved, |state| {
        let saved = serde_json::to_vec(state)
            .map_err(anyhow::Error::from)
            .and_then(|json| Ok(write_atomically(&state_file, &json)?))
            .and_then(|()| {
                Ok(write_atomically(
                    &csv_file,
                    loss_csv(&state.history).as_bytes(),
                )?)
            });
        if let Err(e) = saved {
            failed.get_or_insert(e);
        }
        let last = state.history.last().map_or(f64::NAN, |e| e.validation);
        progress.set(
            state.epochs as u64,
            &format!(
                "held-out error {last:.6}, best {:.6} at epoch {}",
                state.best_loss(),
                state.best_epoch()
            ),
        );
    })?;
    progress.finish();
    if let Some(e) = failed {
        return Err(e.context(format!("saving {}", state_file.display())));
    }
    let summary = fitted.summary();
    write_weights(out, &fitted.net, &format!("{origin}\n{summary}"))?;
    write_atomically(&csv_file, loss_csv(&fitted.report.history).as_bytes())?;
    let svg_file = beside(out, "-loss.svg");
    match loss_svg(&fitted.report.history) {
        Ok(svg) => write_atomically(&svg_file, svg.as_bytes())?,
        Err(e) => eprintln!("warning: {} not written: {e}", svg_file.display()),
    }
    println!(
        "{summary}\nwrote {} (losses: {}, {})",
        out.display(),
        csv_file.display(),
        svg_file.display()
    );
    Ok(())
}

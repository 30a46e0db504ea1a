//! `microply patterns train`: fit the checkers `patterns` evaluator's tables to
//! `microply datagen` positions and write the file core compiles in; `microply
//! patterns residual`: fit the residual network on top of them
//! (docs/checkers-patterns.md).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use clap::Subcommand;
use microply_core::games::checkers::patterns::{Layout, Tables, SHIPPED};
use microply_core::games::checkers::residual::Residual;

use crate::datagen::positions;
use crate::patterns::residual::{self, Net, ResidualConfig};
use crate::patterns::train::{examples, integer_loss, loss, score_scale, split, targets, DataSet};
use crate::patterns::{fit, FitConfig, Keep, Model};

/// The `patterns` subcommands.
#[derive(Debug, Subcommand)]
pub enum PatternsCommand {
    /// Fit the tables to labelled positions (`positions.bin` of `microply datagen`;
    /// several files are read in order) and write them to --out (49 KB; 59 KB with
    /// `--layout blocks`, 118 KB with `--layout phased`, 98 KB with `--layout kings`,
    /// 61 KB with `--layout king-strips`).
    Train {
        /// A positions file; repeat for more.
        #[arg(long, required = true)]
        data: Vec<PathBuf>,
        /// Where to write the tables (core/data/checkers-patterns.bin ships them).
        #[arg(long)]
        out: PathBuf,
        /// Passes over the positions.
        #[arg(long, default_value_t = FitConfig::default().epochs)]
        epochs: u32,
        /// Weight of the game's result in the target, 0 to 1 (the rest: the search's score).
        #[arg(long, default_value_t = FitConfig::default().lambda)]
        lambda: f32,
        /// Adam's step size.
        #[arg(long, default_value_t = FitConfig::default().rate)]
        rate: f32,
        /// Seed of the shuffle.
        #[arg(long, default_value_t = FitConfig::default().seed)]
        seed: u64,
        /// The tables: `strips` (the nine blocks and the four strips, MPLYPAT3:
        /// generations 4 to 6), `blocks` (the blocks alone, MPLYPAT1: generations 1
        /// to 3), `phased` (the blocks with an opening and an ending value a pattern,
        /// MPLYPAT2) or `kings` (the strips' tables twice, by whether the opponent has
        /// a king, MPLYPAT4) or `king-strips` (only the strips' and king squares'
        /// twice, MPLYPAT5: fits the firmware, what core ships); a match plays any of
        /// them with `evaluator=patterns,weights=FILE`.
        #[arg(long, value_enum, default_value_t = LayoutArg::Strips)]
        layout: LayoutArg,
        /// Start from these tables (a file of this layout, e.g.
        /// core/data/checkers-patterns.bin with `--layout king-strips`) instead of
        /// material alone: go on fitting them to new positions. A `strips` file also starts a `kings` or
        /// `king-strips` fit: the second copy begins as its tables.
        #[arg(long)]
        init: Option<PathBuf>,
        /// Which epoch's tables to write: `best`, the one with the lowest loss on the
        /// held-out positions (the start, epoch 0, when no pass improved on it), or
        /// `last` (how generations 1 to 7 were fitted).
        #[arg(long, value_enum, default_value_t = KeepArg::Best)]
        keep: KeepArg,
    },
    /// Fit the residual network (128-32-16-1, 9 KB) on top of pattern tables, the
    /// tables frozen, to labelled positions, and write it to --out; the epoch with the
    /// lowest held-out loss is kept. A match plays it with
    /// `evaluator=patterns,residual=FILE` (with the tables it was fitted on).
    Residual {
        /// A positions file; repeat for more.
        #[arg(long, required = true)]
        data: Vec<PathBuf>,
        /// Where to write the network (core/data/checkers-residual.bin ships it).
        #[arg(long)]
        out: PathBuf,
        /// The tables the network adds to (a `patterns train` file); by default the
        /// compiled-in ones.
        #[arg(long)]
        tables: Option<PathBuf>,
        /// Start from this network instead of a seeded one whose output is 0.
        #[arg(long)]
        init: Option<PathBuf>,
        /// Passes over the positions (the last of three or more at 0.3 of --rate).
        #[arg(long, default_value_t = ResidualConfig::default().epochs)]
        epochs: u32,
        /// Weight of the game's result in the target, 0 to 1 (the rest: the search's score).
        #[arg(long, default_value_t = FitConfig::default().lambda)]
        lambda: f32,
        /// Adam's step size.
        #[arg(long, default_value_t = ResidualConfig::default().rate)]
        rate: f32,
        /// Seed of the start and the shuffle.
        #[arg(long, default_value_t = ResidualConfig::default().seed)]
        seed: u64,
    },
}

/// `--keep` of `patterns train`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KeepArg {
    /// The epoch with the lowest held-out loss.
    Best,
    /// The last epoch.
    Last,
}

impl From<KeepArg> for Keep {
    fn from(k: KeepArg) -> Keep {
        match k {
            KeepArg::Best => Keep::Best,
            KeepArg::Last => Keep::Last,
        }
    }
}

/// `--layout` of `patterns train`: core's [`Layout`]s by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LayoutArg {
    /// The nine blocks and the four strips (MPLYPAT3, 49 KB).
    Strips,
    /// The nine blocks (MPLYPAT1, 59 KB).
    Blocks,
    /// The nine blocks, two values a pattern (MPLYPAT2, 118 KB).
    Phased,
    /// The strips' patterns twice, one copy read while the opponent has no king
    /// and one once it has (MPLYPAT4, 98 KB).
    Kings,
    /// The strips layout with a second copy of the strips and king squares only,
    /// read once the opponent has a king (MPLYPAT5, 61 KB: fits the firmware; what
    /// core ships).
    KingStrips,
}

impl From<LayoutArg> for Layout {
    fn from(arg: LayoutArg) -> Layout {
        match arg {
            LayoutArg::Strips => Layout::Strips,
            LayoutArg::Blocks => Layout::Blocks,
            LayoutArg::Phased => Layout::Phased,
            LayoutArg::Kings => Layout::Kings,
            LayoutArg::KingStrips => Layout::KingStrips,
        }
    }
}

impl From<Layout> for LayoutArg {
    fn from(layout: Layout) -> LayoutArg {
        match layout {
            Layout::Strips => LayoutArg::Strips,
            Layout::Blocks => LayoutArg::Blocks,
            Layout::Phased => LayoutArg::Phased,
            Layout::Kings => LayoutArg::Kings,
            Layout::KingStrips => LayoutArg::KingStrips,
        }
    }
}

impl LayoutArg {
    /// The name `--layout` takes.
    fn name(self) -> String {
        use clap::ValueEnum as _;
        self.to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_owned())
    }
}

/// A layout's magic, as text.
fn magic(layout: Layout) -> &'static str {
    core::str::from_utf8(layout.magic()).unwrap_or("?")
}

/// Runs a `patterns` subcommand.
///
/// # Errors
/// Unreadable or bad positions files, settings out of range, an unwritable output.
pub fn run(command: &PatternsCommand) -> anyhow::Result<()> {
    match command {
        PatternsCommand::Train {
            data,
            out,
            epochs,
            lambda,
            rate,
            seed,
            layout,
            init,
            keep,
        } => {
            check_settings(*epochs, *lambda, *rate)?;
            let config = FitConfig {
                epochs: *epochs,
                lambda: *lambda,
                rate: *rate,
                seed: *seed,
                layout: (*layout).into(),
                keep: (*keep).into(),
                ..FitConfig::default()
            };
            train(data, out, init.as_deref(), &config)
        }
        PatternsCommand::Residual {
            data,
            out,
            tables,
            init,
            epochs,
            lambda,
            rate,
            seed,
        } => {
            check_settings(*epochs, *lambda, *rate)?;
            let config = ResidualConfig {
                epochs: *epochs,
                rate: *rate,
                seed: *seed,
                ..ResidualConfig::default()
            };
            residual(
                data,
                out,
                tables.as_deref(),
                init.as_deref(),
                *lambda,
                &config,
            )
        }
    }
}

fn check_settings(epochs: u32, lambda: f32, rate: f32) -> anyhow::Result<()> {
    anyhow::ensure!(
        (0.0..=1.0).contains(&lambda),
        "--lambda must be within 0 and 1, not {lambda}"
    );
    anyhow::ensure!(
        rate > 0.0 && rate.is_finite(),
        "--rate must be a positive number, not {rate}"
    );
    anyhow::ensure!(
        (1..=10_000).contains(&epochs),
        "--epochs must be within 1 and 10000, not {epochs}"
    );
    Ok(())
}

/// The positions files, each with its score scale (reported as read).
fn read_sets(data: &[PathBuf]) -> anyhow::Result<Vec<(Vec<positions::Labelled>, f32)>> {
    let mut files = Vec::new();
    for path in data {
        let read = positions::read(path)?;
        anyhow::ensure!(!read.is_empty(), "{} holds no positions", path.display());
        let k = score_scale(&read);
        eprintln!(
            "read {} positions from {}; its score scale k = {k:.4} (σ(k·score/100) predicts the result)",
            read.len(),
            path.display()
        );
        files.push((read, k));
    }
    Ok(files)
}

fn data_sets(files: &[(Vec<positions::Labelled>, f32)]) -> Vec<DataSet<'_>> {
    files
        .iter()
        .map(|(positions, k)| DataSet { positions, k: *k })
        .collect()
}

/// `patterns residual`.
fn residual(
    data: &[PathBuf],
    out: &std::path::Path,
    tables: Option<&std::path::Path>,
    init: Option<&std::path::Path>,
    lambda: f32,
    config: &ResidualConfig,
) -> anyhow::Result<()> {
    let tables = match tables {
        Some(path) => crate::play::pattern_tables::load(path).map_err(anyhow::Error::msg)?,
        None => SHIPPED,
    };
    let start = match init {
        None => Net::new(config.seed),
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("--init {}", path.display()))?;
            Net::from_file(&bytes).map_err(|e| anyhow::anyhow!("--init {}: {e}", path.display()))?
        }
    };
    let started = Instant::now();
    let files = read_sets(data)?;
    let total: usize = files.iter().map(|(p, _)| p.len()).sum();
    let examples: Vec<residual::Example> = targets(&data_sets(&files), lambda)
        .into_iter()
        .map(|(_, pos, target)| residual::Example::new(&pos, tables, target))
        .collect();
    drop(files);
    let (train, validation) = split(&examples, FitConfig::default().validation);
    eprintln!(
        "{} distinct positions ({} repeats): {} to fit, {} to validate",
        examples.len(),
        total - examples.len(),
        train.len(),
        validation.len()
    );
    eprintln!(
        "epoch 0: train {:.6}  validation {:.6}  (the tables alone{})",
        residual::loss(&start, train),
        residual::loss(&start, validation),
        init.map_or(String::new(), |p| format!(" and {}", p.display()))
    );
    let fitted = residual::fit(start, train, validation, config, |r| {
        eprintln!(
            "epoch {}: train {:.6}  validation {:.6}  ({:.0} s)",
            r.epoch,
            r.train,
            r.validation,
            started.elapsed().as_secs_f64()
        );
    });
    eprintln!(
        "kept epoch {} (the lowest validation loss, {:.6})",
        fitted.epoch, fitted.validation
    );
    let (bytes, clamped) = fitted.net.to_file();
    let net = Residual::parse(&bytes)
        .map_err(|e| anyhow::anyhow!("the written network does not parse: {e}"))?;
    eprintln!(
        "rounded to core's integers: validation {:.6} ({clamped} parameters clamped to ±32767/1024)",
        residual::integer_loss(&net, validation)
    );
    crate::files::write_atomically(out, &bytes)
        .with_context(|| format!("writing {}", out.display()))?;
    println!("wrote {} ({} bytes)", out.display(), bytes.len());
    Ok(())
}

/// `patterns train`.
fn train(
    data: &[PathBuf],
    out: &std::path::Path,
    init: Option<&std::path::Path>,
    config: &FitConfig,
) -> anyhow::Result<()> {
    let started = Instant::now();
    let files = read_sets(data)?;
    let total: usize = files.iter().map(|(p, _)| p.len()).sum();
    let ex = examples(&data_sets(&files), config.lambda, config.layout);
    let (train, validation) = split(&ex, config.validation);
    eprintln!(
        "{} distinct positions (repeats of a position share its averaged target; {} repeats): {} to fit, {} to validate",
        ex.len(),
        total - ex.len(),
        train.len(),
        validation.len()
    );
    let start = match init {
        None => Model::new(config.layout),
        Some(path) => {
            let tables = crate::play::pattern_tables::load(path).map_err(anyhow::Error::msg)?;
            let (found, wanted) = (tables.layout(), config.layout);
            Model::from_tables(tables)
                .into_layout(wanted)
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "--init {}: a {} file, and --layout {} fits {} files",
                        path.display(),
                        magic(found),
                        LayoutArg::from(wanted).name(),
                        magic(wanted)
                    )
                })?
        }
    };
    eprintln!(
        "epoch 0: train {:.6}  validation {:.6}  ({})",
        loss(&start, train),
        loss(&start, validation),
        init.as_ref()
            .map_or("material only".to_owned(), |p| format!(
                "from {}",
                p.display()
            ))
    );
    let fitted = fit(start, train, validation, config, |r| {
        eprintln!(
            "epoch {}: train {:.6}  validation {:.6}  ({:.0} s)",
            r.epoch,
            r.train,
            r.validation,
            started.elapsed().as_secs_f64()
        );
    });
    if fitted.epoch < config.epochs {
        eprintln!(
            "kept epoch {} (the lowest validation loss, {:.6}; --keep last writes epoch {})",
            fitted.epoch, fitted.validation, config.epochs
        );
    }
    let model = fitted.model;
    let (bytes, clamped) = model.to_file();
    let tables = Tables::parse(Box::leak(bytes.clone().into_boxed_slice()))
        .map_err(|e| anyhow::anyhow!("the written tables do not parse: {e}"))?;
    eprintln!(
        "rounded to core's integers: validation {:.6} ({} pattern values clamped to ±127); scalars man, king, man-late, king-late, tempo = {:?} /128",
        integer_loss(tables, validation),
        clamped,
        tables.scalars
    );
    crate::files::write_atomically(out, &bytes)
        .with_context(|| format!("writing {}", out.display()))?;
    println!("wrote {} ({} bytes)", out.display(), bytes.len());
    Ok(())
}

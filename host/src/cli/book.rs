//! `microply book`: a book of balanced openings for a game (docs in books/README.md).

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use microply_core::games::GameKind;

use crate::book::{generate_book, write_book, BookSettings};
use crate::progress::{Display, Progress};
use crate::weights_file::read_weight_values;

/// What `microply book` was given.
#[derive(Debug, Clone, Args)]
pub struct BookArgs {
    /// tictactoe, checkers, dots or amazons.
    #[arg(value_parser = super::parse_game)]
    pub game: GameKind,
    /// Game options such as rows=3 or size=8 (repeatable).
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Random legal plies from the start.
    #[arg(long)]
    pub plies: u32,
    /// The depth of the search that scores each line (the game's default evaluator).
    #[arg(long)]
    pub depth: u32,
    /// Keep a line when |score| is at most this (the protocol's score units, e.g. 0.5);
    /// proven wins and losses are never kept.
    #[arg(long, allow_negative_numbers = true)]
    pub window: f64,
    /// Openings to find.
    #[arg(long)]
    pub count: usize,
    /// The seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Lines to try before giving up (default: 1000 per opening).
    #[arg(long)]
    pub max_tries: Option<u64>,
    /// The book file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Score the lines with these weights of the game's default evaluator (any
    /// weights file: ten decimals, a champion `train` writes; default: the
    /// evaluator's default weights, which for Dots depend on the board).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
}

impl BookArgs {
    fn settings(&self) -> anyhow::Result<BookSettings> {
        let weights = match &self.weights {
            Some(path) => Some(
                read_weight_values(path)
                    .with_context(|| format!("--weights {}", path.display()))?,
            ),
            None => None,
        };
        Ok(BookSettings {
            game: self.game,
            options: self.options.clone(),
            plies: self.plies,
            depth: self.depth,
            window: self.window,
            count: self.count,
            seed: self.seed,
            max_tries: self
                .max_tries
                .unwrap_or_else(|| (self.count as u64).saturating_mul(1000)),
            weights,
        })
    }

    /// The command line that makes this book, as the file's header records it.
    fn command(&self) -> String {
        let mut command = format!("microply book {}", self.game);
        for option in &self.options {
            command += &format!(" -o {option}");
        }
        command += &format!(
            " --plies {} --depth {} --window {} --count {} --seed {}",
            self.plies, self.depth, self.window, self.count, self.seed
        );
        if let Some(tries) = self.max_tries {
            command += &format!(" --max-tries {tries}");
        }
        if let Some(weights) = &self.weights {
            command += &format!(" --weights {}", weights.display());
        }
        command + &format!(" --out {}", self.out.display())
    }
}

/// Generates the book and writes it, with progress (kept/tried) on stderr.
///
/// # Errors
/// A setting out of range, too few balanced lines, or a file that cannot be written.
pub fn run(args: &BookArgs) -> anyhow::Result<()> {
    let settings = args.settings()?;
    let progress = Progress::new(Display::detect(), "openings", args.count as u64, 0);
    let mut last = (0, 0);
    let book = generate_book(&settings, |kept, tried| {
        // One line per opening kept (plain lines), or every 100 tries.
        if kept != last.0 || tried >= last.1 + 100 {
            progress.set(kept as u64, &format!("tried {tried}"));
            last = (kept, tried);
        }
    })?;
    progress.finish();
    write_book(&args.out, &args.command(), &book)
        .with_context(|| format!("writing {}", args.out.display()))?;
    eprintln!(
        "{} openings from {} tries in {}",
        book.lines.len(),
        book.tries,
        args.out.display()
    );
    Ok(())
}

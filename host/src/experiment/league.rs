//! Games between Dots-and-Boxes weight sets through the tournament runner: each
//! weight set a [`Side`] (chain evaluator, AB-SSS\* to a fixed depth), any of the
//! runner's formats, the state in an output folder so that rerunning the same
//! command resumes, and the runner's result files and report.

use std::path::{Path, PathBuf};

use microply_core::score::Value;

use super::error::ExperimentError;
use crate::files::write_atomically;
use crate::play::game::GameRecord;
use crate::play::player::{PlayerConfig, WeightsSource};
use crate::ratings::Sprt;
use crate::tournament::checkpoint::Checkpoint;
use crate::tournament::config::{Format, TournamentConfig};
use crate::tournament::run::{encounters, plan, run, sprt_stop};

/// One player: a name, the chain evaluator's weights (`None`: the engine's default,
/// [`microply_core::games::dots::Weights::DEFAULT`]) and a search depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    /// The name in records and tables (also its weights file's name).
    pub name: String,
    /// The weights, or the board's default.
    pub weights: Option<[Value; 10]>,
    /// Fixed search depth per move.
    pub depth: u32,
}

impl Side {
    /// The tournament player: `sss` to `depth` with the `chain` evaluator, its
    /// weights (if any) read from its file in `dir`.
    #[must_use]
    pub fn player(&self, dir: &Path) -> PlayerConfig {
        PlayerConfig {
            name: self.name.clone(),
            evaluator: Some("chain".into()),
            weights: self
                .weights
                .map(|_| WeightsSource::File(self.weights_file(dir).display().to_string())),
            residual: None,
            algo: microply_core::search::Algorithm::Sss,
            mode: None,
            depth: Some(self.depth),
            nodes: None,
            movetime: None,
            tc: None,
            table: 1 << 16,
            tt: microply_core::search::TableUse::Clear,
            cmd: None,
            firmware: None,
            egtb: None,
        }
    }

    /// The weights file of this side in `dir` (`NAME.weights`).
    #[must_use]
    pub fn weights_file(&self, dir: &Path) -> PathBuf {
        dir.join(format!("{}.weights", self.name))
    }

    /// The weights file's text (the protocol's decimals), if the side has weights.
    fn weights_text(&self) -> Option<String> {
        let w = self.weights?;
        let text: Vec<String> = w.iter().map(|v| v.to_num::<f64>().to_string()).collect();
        Some(format!(
            "# {} (chain evaluator, 10 weights)\n{}\n",
            self.name,
            text.join(" ")
        ))
    }

    /// Writes the weights file, if the side has weights.
    fn write_weights(&self, dir: &Path) -> Result<(), ExperimentError> {
        let Some(body) = self.weights_text() else {
            return Ok(());
        };
        let path = self.weights_file(dir);
        write_atomically(&path, body.as_bytes()).map_err(ExperimentError::write(&path))
    }

    /// Whether the weights file in `dir` holds this side's weights (a saved state is
    /// only this match's if the files its players read are unchanged).
    fn weights_file_matches(&self, dir: &Path) -> bool {
        self.weights_text()
            .is_none_or(|body| std::fs::read_to_string(self.weights_file(dir)).ok() == Some(body))
    }
}

/// The board and the openings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The `game dots` options (`rows=4 cols=4`).
    pub options: String,
    /// Random plies of each opening (without a book).
    pub random_plies: u32,
    /// The openings' seed (the book's order, when dealt at random).
    pub seed: u64,
    /// A book of openings (a built-in name such as `dots-5x5`, or a file), dealt line
    /// after line, instead of random plies.
    pub book: Option<String>,
}

impl Board {
    /// `rows=R cols=C`.
    #[must_use]
    pub fn of_size(rows: u8, cols: u8, random_plies: u32, seed: u64) -> Board {
        Board {
            options: format!("rows={rows} cols={cols}"),
            random_plies,
            seed,
            book: None,
        }
    }

    /// The board of a training run's `options`, openings of `(random plies, seed)`.
    #[must_use]
    pub fn of_options(options: &str, (random_plies, seed): (u32, u64)) -> Board {
        Board {
            options: options.to_owned(),
            random_plies,
            seed,
            book: None,
        }
    }

    /// How the openings are dealt, in words for a report.
    #[must_use]
    pub fn openings_text(&self) -> String {
        match &self.book {
            Some(book) => format!("book `{book}`, line after line"),
            None => format!("{} random plies, seed {}", self.random_plies, self.seed),
        }
    }

    /// The same board with its openings from `book` (`None`: random plies).
    #[must_use]
    pub fn with_book(self, book: Option<String>) -> Board {
        Board { book, ..self }
    }
}

/// Who meets whom, and how often.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    /// The runner's format.
    pub format: Format,
    /// How often the whole schedule is played (new openings each time).
    pub rounds: usize,
    /// Stop a two-player match when this SPRT decides (at a pair boundary, as
    /// `microply match` does).
    pub sprt: Option<Sprt>,
}

/// The tournament configuration of `sides` on `board`, weights files in `dir`.
#[must_use]
pub fn league_config(
    sides: &[Side],
    board: &Board,
    pairing: Pairing,
    dir: &Path,
) -> TournamentConfig {
    TournamentConfig {
        game: microply_core::games::GameKind::Dots,
        options: board.options.clone(),
        format: pairing.format,
        games_per_encounter: 2,
        random_plies: board.random_plies,
        openings: board.book.clone(),
        extra_plies: 0,
        order: Default::default(),
        seed: board.seed,
        max_plies: crate::play::game::DEFAULT_MAX_PLIES,
        move_timeout_ms: 600_000,
        scoring: Default::default(),
        // The GA's experiments keep their games unadjudicated (as measured so far).
        adjudication: Some(Default::default()),
        time_margin_ms: crate::play::game::DEFAULT_TIME_MARGIN_MS,
        egtb: None,
        groups: 2,
        advance: 1,
        rounds: pairing.rounds.max(1),
        sprt: pairing.sprt,
        players: sides.iter().map(|s| s.player(dir)).collect(),
    }
}

/// Plays `sides` on `board` as `pairing` says, on `threads` workers, the state, the
/// weights files and the runner's output files (results, records, report.md) in
/// `dir`. A folder holding the state of the same games resumes it; the state of
/// other games is an error. `on_game` sees the games finished and the total.
///
/// # Errors
/// [`ExperimentError`]: players the engine refuses, a failed game or write.
pub fn play_league(
    sides: &[Side],
    board: &Board,
    pairing: Pairing,
    dir: &Path,
    threads: usize,
    mut on_game: impl FnMut(usize, usize),
) -> Result<(TournamentConfig, Vec<GameRecord>), ExperimentError> {
    std::fs::create_dir_all(dir).map_err(ExperimentError::write(dir))?;
    let dir = &std::fs::canonicalize(dir).map_err(ExperimentError::write(dir))?;
    let config = league_config(sides, board, pairing, dir);
    let base = Path::new(".");
    let checkpoint = saved_or_fresh(dir, &config, base)?;
    if !checkpoint.records.is_empty() && !sides.iter().all(|s| s.weights_file_matches(dir)) {
        return Err(another_match(dir));
    }
    for side in sides {
        side.write_weights(dir)?;
    }
    let entrants = config.entrants("experiment", base)?;
    let specs = plan(&config, base, &encounters(&config))?;
    let total = specs.len();
    // The tournament's rule (each pair boundary checked once, in order).
    let stop = sprt_stop(config.sprt);
    let records = run(
        &specs,
        &entrants,
        checkpoint,
        dir,
        &crate::executor::Local { threads },
        |_, _, done| on_game(done, total),
        stop,
    )?;
    crate::tournament::output::write_all(dir, &config, &records, None)
        .map_err(ExperimentError::write(dir))?;
    Ok((config, records))
}

/// The saved state of these games in `dir`, or a fresh one when there is none.
fn saved_or_fresh(
    dir: &Path,
    config: &TournamentConfig,
    base: &Path,
) -> Result<Checkpoint, ExperimentError> {
    if !Checkpoint::exists(dir) {
        std::fs::create_dir_all(dir).map_err(ExperimentError::write(dir))?;
        return Checkpoint::create(dir, config.clone(), base.to_path_buf())
            .map_err(ExperimentError::write(dir));
    }
    let saved = Checkpoint::load(dir).map_err(|e| {
        ExperimentError::Setting(format!("reading the state in {}: {e}", dir.display()))
    })?;
    if saved.config != *config {
        return Err(another_match(dir));
    }
    Ok(saved)
}

fn another_match(dir: &Path) -> ExperimentError {
    ExperimentError::Setting(format!(
        "{} holds the state of another match: choose another output folder",
        dir.display()
    ))
}

//! The sample-generation pipeline: iterations of (tournament of one-ply network
//! players → samples from qualifying wins → quality index → a network trained on the
//! samples so far, measured against a random player → evolution of the players).
//!
//! A run is a pure function of its [`PipelineConfig`]: every game's seed is derived
//! from the run seed, the iteration and the game's index, results are gathered in
//! index order, so the thread count never changes a result. After every iteration the
//! output folder gets the samples, the log, the report and the trained network, and
//! last the state file (written atomically): a killed run resumes from the last
//! finished iteration when the same command is run again.

use std::path::{Path, PathBuf};
use std::time::Instant;

use microply_core::games::checkers::NetworkWeights;
use microply_core::Player;
use serde::{Deserialize, Serialize};

use super::file::{SamplesError, SamplesFile};
use super::oneply::{play, Mover, Played};
use super::population::{initial_population, next_generation, to_net, Evolution, Genes};
use super::quality::{duplicates, quality};
use super::report::write_report;
use super::rounds::{play_tournament, Format};
use super::subsample::training_set;
use crate::files::write_atomically;
use crate::nn::{fit, Net, OutOfRange, Sample, TrainConfig};
use crate::parallel::ordered_map;
use crate::play::openings::derive_seed;
use crate::progress::Progress;

/// The state file inside the output folder.
pub const STATE_FILE: &str = "state.json";
/// The samples file inside the output folder.
pub const SAMPLES_FILE: &str = "samples.csv";
/// The per-iteration log inside the output folder.
pub const LOG_FILE: &str = "log.csv";
/// The last iteration's trained network inside the output folder.
pub const NETWORK_FILE: &str = "network.txt";

/// The default cap on an iteration's training set (docs/samples.md).
pub const DEFAULT_TRAIN_SAMPLES: usize = 100_000;

fn default_train_samples() -> usize {
    DEFAULT_TRAIN_SAMPLES
}

/// Everything that determines a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PipelineConfig {
    /// How players are paired.
    pub format: Format,
    /// Players per iteration.
    pub population: usize,
    /// Iterations to run.
    pub iterations: usize,
    /// The run's seed.
    pub seed: u64,
    /// The floating factor `fd` of the initial perturbation.
    pub fd: f64,
    /// Crossover and mutation probabilities.
    pub evolution: Evolution,
    /// A win counts if it took at most this many plies (`m`)…
    pub max_win_plies: usize,
    /// …or if the winner ends at least this many pieces ahead (`n`).
    pub min_margin: i32,
    /// `α` of the quality index.
    pub alpha: f64,
    /// Games of the trained player (first) against a random player per iteration.
    pub eval_games: usize,
    /// Training epochs at most per iteration.
    pub train_epochs: usize,
    /// Distinct samples at most that an iteration's network is trained on (a seeded
    /// choice among the accumulated samples, deduplicated: `subsample.rs`).
    #[serde(default = "default_train_samples")]
    pub train_samples: usize,
    /// The base network's parameters.
    pub base: Vec<f64>,
}

impl PipelineConfig {
    /// The defaults (docs/samples.md) around `base`.
    #[must_use]
    pub fn new(format: Format, base: &Net) -> PipelineConfig {
        PipelineConfig {
            format,
            population: 200,
            iterations: 5,
            seed: 1,
            fd: 0.3,
            evolution: Evolution {
                crossover: 0.7,
                mutation: 0.05,
            },
            max_win_plies: 120,
            min_margin: 8,
            alpha: 0.8,
            eval_games: 100,
            train_epochs: 20,
            train_samples: DEFAULT_TRAIN_SAMPLES,
            base: base.params.to_vec(),
        }
    }

    /// Whether `other` is the same run, possibly asked for more or fewer iterations.
    fn same_run(&self, other: &PipelineConfig) -> bool {
        PipelineConfig {
            iterations: self.iterations,
            ..other.clone()
        } == *self
    }
}

/// One iteration's line of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogRow {
    /// From 1.
    pub iteration: usize,
    /// Players in the tournament.
    pub players: usize,
    /// Games played.
    pub games: usize,
    /// Qualifying wins (the games samples came from).
    pub qualifying_wins: usize,
    /// Samples taken (`s`).
    pub samples: usize,
    /// Samples repeating an earlier one's position (`r`).
    pub duplicates: usize,
    /// The quality index `T`.
    pub quality: f64,
    /// Distinct samples the iteration's network was trained on (after the cap).
    #[serde(default)]
    pub trained_on: usize,
    /// The trained player's wins as first player against a random player, in [0, 1].
    pub win_rate: f64,
    /// Wall-clock seconds of the iteration (the one field that varies between runs).
    pub seconds: f64,
}

/// The run's state after its last finished iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The configuration.
    pub config: PipelineConfig,
    /// The players of the next iteration.
    pub population: Vec<Genes>,
    /// One row per finished iteration.
    pub log: Vec<LogRow>,
    /// Samples in the samples file after the last finished iteration.
    pub samples: usize,
}

/// Why a run failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PipelineError {
    /// A file of the output folder.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The output folder holds a different run.
    #[error("{0} holds a run with another configuration (only --iterations may change on resume); use another --out")]
    OtherRun(PathBuf),
    /// The state file is damaged.
    #[error("{path}: damaged state file: {reason}")]
    BadState {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The samples file.
    #[error(transparent)]
    Samples(#[from] SamplesError),
    /// A player's gene outside the fixed-point range.
    #[error(transparent)]
    Range(#[from] OutOfRange),
    /// A setting out of range.
    #[error("bad setting: {0}")]
    BadSetting(&'static str),
    /// The report could not be drawn.
    #[error(transparent)]
    Report(#[from] crate::report::PlotError),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> PipelineError + '_ {
    move |source| PipelineError::Io {
        path: path.to_owned(),
        source,
    }
}

/// Runs (or resumes) the pipeline into `dir` on `threads` threads; returns the final state.
///
/// # Errors
/// [`PipelineError`].
pub fn run(
    config: &PipelineConfig,
    dir: &Path,
    threads: usize,
    progress: &Progress,
) -> Result<State, PipelineError> {
    check(config)?;
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let (mut state, mut samples) = resume_or_start(config, dir)?;
    progress.resume_at(state.log.len() as u64);
    while state.log.len() < config.iterations {
        let started = Instant::now();
        let iteration = state.log.len() + 1;
        let (row, fresh, population, trained) =
            run_iteration(&state, &samples, iteration, threads, progress)?;
        samples.extend(fresh);
        let row = LogRow {
            seconds: started.elapsed().as_secs_f64(),
            ..row
        };
        progress.set(
            iteration as u64,
            &format!(
                "iteration {iteration}: {} samples, T {:.4}, win rate {:.2}",
                row.samples, row.quality, row.win_rate
            ),
        );
        state.log.push(row);
        state.population = population;
        state.samples = samples.len();
        save(&state, &samples, &trained, dir)?;
    }
    Ok(state)
}

fn check(config: &PipelineConfig) -> Result<(), PipelineError> {
    if config.population < 2 {
        return Err(PipelineError::BadSetting(
            "the population needs at least 2 players",
        ));
    }
    if !(config.fd > 0.0 && config.fd < 1.0) {
        return Err(PipelineError::BadSetting("fd must lie in (0, 1)"));
    }
    let probability = |p: f64| (0.0..=1.0).contains(&p);
    if !probability(config.evolution.crossover) || !probability(config.evolution.mutation) {
        return Err(PipelineError::BadSetting("Pc and Pm must lie in [0, 1]"));
    }
    if !(0.0..=1.0).contains(&config.alpha) {
        return Err(PipelineError::BadSetting("alpha must lie in [0, 1]"));
    }
    Ok(())
}

fn resume_or_start(
    config: &PipelineConfig,
    dir: &Path,
) -> Result<(State, Vec<Sample>), PipelineError> {
    let state_path = dir.join(STATE_FILE);
    if !state_path.exists() {
        let base = to_net(&config.base);
        let state = State {
            config: config.clone(),
            population: initial_population(
                &base,
                config.population,
                config.fd,
                derive_seed(config.seed, 0),
            ),
            log: Vec::new(),
            samples: 0,
        };
        return Ok((state, Vec::new()));
    }
    let mut state = read_state(dir)?;
    if !state.config.same_run(config) {
        return Err(PipelineError::OtherRun(dir.to_owned()));
    }
    state.config = config.clone();
    let mut samples = if state.samples == 0 {
        Vec::new()
    } else {
        SamplesFile::read(&dir.join(SAMPLES_FILE))?.samples
    };
    if samples.len() < state.samples {
        return Err(PipelineError::BadState {
            path: state_path,
            reason: format!(
                "it counts {} samples, {SAMPLES_FILE} has {}",
                state.samples,
                samples.len()
            ),
        });
    }
    samples.truncate(state.samples);
    Ok((state, samples))
}

/// The state saved in the run folder `dir` after its last finished iteration.
///
/// # Errors
/// [`PipelineError::Io`] when `dir`'s state file cannot be read (no run there),
/// [`PipelineError::BadState`] when it is damaged.
pub fn read_state(dir: &Path) -> Result<State, PipelineError> {
    let path = dir.join(STATE_FILE);
    let bytes = std::fs::read(&path).map_err(io(&path))?;
    serde_json::from_slice(&bytes).map_err(|e| PipelineError::BadState {
        path,
        reason: e.to_string(),
    })
}

/// The players' fixed-point networks.
fn quantised(population: &[Genes]) -> Result<Vec<NetworkWeights>, OutOfRange> {
    population.iter().map(|g| to_net(g).quantise()).collect()
}

/// Whether a won game yields samples: short enough, or won by enough pieces.
fn qualifies(game: &Played, config: &PipelineConfig) -> bool {
    game.winner.is_some()
        && (game.plies <= config.max_win_plies || game.margin >= config.min_margin)
}

/// Every position of a qualifying game, with target 1 when the eventual winner is to
/// move and 0 when the loser is.
fn samples_of(game: &Played) -> impl Iterator<Item = Sample> + '_ {
    game.positions.iter().map(move |pos| {
        let winner_to_move = Some(microply_core::Game::side_to_move(pos)) == game.winner;
        Sample::of(pos, if winner_to_move { 1.0 } else { 0.0 })
    })
}

type IterationOutput = (LogRow, Vec<Sample>, Vec<Genes>, Net);

fn run_iteration(
    state: &State,
    earlier: &[Sample],
    iteration: usize,
    threads: usize,
    progress: &Progress,
) -> Result<IterationOutput, PipelineError> {
    let config = &state.config;
    let seed = derive_seed(config.seed, iteration as u64);
    let players = quantised(&state.population)?;
    let done = (iteration - 1) as u64;
    let games = play_tournament(config.format, &players, seed, threads, &mut |played| {
        progress.set(
            done,
            &format!("iteration {iteration}: {played} games played"),
        );
    });
    let mut wins = vec![0; players.len()];
    let mut fresh = Vec::new();
    for game in games.iter().filter(|g| qualifies(&g.played, config)) {
        if let Some(w) = game.winner() {
            wins[w] += 1;
        }
        fresh.extend(samples_of(&game.played));
    }
    let r = duplicates(&fresh);
    let all: Vec<Sample> = earlier.iter().chain(&fresh).copied().collect();
    let training = training_set(&all, config.train_samples, derive_seed(seed, 0x7EA1));
    progress.set(
        done,
        &format!(
            "iteration {iteration}: training on {} of {} samples",
            training.len(),
            all.len()
        ),
    );
    let trained = train_player(config, &training, seed)?;
    let win_rate = win_rate_against_random(&trained.quantise()?, config.eval_games, seed, threads);
    let row = LogRow {
        iteration,
        players: players.len(),
        games: games.len(),
        qualifying_wins: wins.iter().sum(),
        samples: fresh.len(),
        duplicates: r,
        quality: quality(fresh.len(), r, config.alpha),
        trained_on: training.len(),
        win_rate,
        seconds: 0.0,
    };
    let next = next_generation(
        &state.population,
        &wins,
        &config.evolution,
        derive_seed(seed, u64::MAX),
    );
    Ok((row, fresh, next, trained))
}

/// A network trained on `samples` from the base network (the base itself while there
/// are too few samples).
fn train_player(
    config: &PipelineConfig,
    samples: &[Sample],
    seed: u64,
) -> Result<Net, PipelineError> {
    let base = to_net(&config.base);
    let train = TrainConfig {
        seed,
        max_epochs: config.train_epochs,
        patience: 5,
        ..TrainConfig::default()
    };
    match fit(&base, samples, &train) {
        Ok(fitted) => Ok(fitted.net),
        Err(crate::nn::FitError::Train(_)) => Ok(base),
        Err(crate::nn::FitError::Range(e)) => Err(e.into()),
    }
}

/// The share of `games` that `weights` (one ply, moving first) wins against a random player.
#[must_use]
pub fn win_rate_against_random(
    weights: &NetworkWeights,
    games: usize,
    seed: u64,
    threads: usize,
) -> f64 {
    let seed = derive_seed(seed, 0x5EED_0F7A_4D0D);
    let won = ordered_map(games, threads, |g| {
        play(
            &Mover::Network(weights),
            &Mover::Random,
            derive_seed(seed, g as u64),
        )
        .winner
            == Some(Player::First)
    });
    won.iter().filter(|&&w| w).count() as f64 / games.max(1) as f64
}

fn save(state: &State, samples: &[Sample], trained: &Net, dir: &Path) -> Result<(), PipelineError> {
    let file = SamplesFile {
        source: state.config.format.name().into(),
        samples: samples.to_vec(),
    };
    file.write(&dir.join(SAMPLES_FILE))?;
    let network = dir.join(NETWORK_FILE);
    let comment = format!(
        "trained on {} samples of a {} sample run, iteration {}",
        samples.len(),
        state.config.format.name(),
        state.log.len()
    );
    let text = crate::nn::file::weights_text(&trained.quantise()?, &comment);
    write_atomically(&network, text.as_bytes()).map_err(io(&network))?;
    let log = dir.join(LOG_FILE);
    write_atomically(&log, log_csv(&state.log).as_bytes()).map_err(io(&log))?;
    write_report(state, dir)?;
    let path = dir.join(STATE_FILE);
    let bytes = serde_json::to_vec(state).map_err(|e| PipelineError::BadState {
        path: path.clone(),
        reason: e.to_string(),
    })?;
    write_atomically(&path, &bytes).map_err(io(&path))
}

/// The log as CSV, one row per iteration.
#[must_use]
pub fn log_csv(rows: &[LogRow]) -> String {
    let mut text = String::from(
        "iteration,players,games,qualifying_wins,samples,duplicates,T,trained_on,win_rate,seconds\n",
    );
    for r in rows {
        text.push_str(&format!(
            "{},{},{},{},{},{},{:.6},{},{:.4},{:.2}\n",
            r.iteration,
            r.players,
            r.games,
            r.qualifying_wins,
            r.samples,
            r.duplicates,
            r.quality,
            r.trained_on,
            r.win_rate,
            r.seconds
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Display;

    fn small(iterations: usize) -> PipelineConfig {
        PipelineConfig {
            population: 6,
            iterations,
            eval_games: 6,
            train_epochs: 3,
            ..PipelineConfig::new(
                Format::RoundRobin,
                &Net::from_weights(&NetworkWeights::DEFAULT),
            )
        }
    }

    fn without_time(mut state: State) -> State {
        state.log.iter_mut().for_each(|r| r.seconds = 0.0);
        state
    }

    fn hidden(n: usize) -> Progress {
        Progress::new(Display::Hidden, "iterations", n as u64, 0)
    }

    #[test]
    fn a_run_is_the_same_whatever_the_threads_and_after_a_resume() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let straight = run(&small(2), a.path(), 1, &hidden(2)).unwrap();
        // "Killed" after the first iteration, then resumed with two threads.
        run(&small(1), b.path(), 2, &hidden(1)).unwrap();
        let resumed = run(&small(2), b.path(), 2, &hidden(2)).unwrap();
        assert_eq!(without_time(straight.clone()), without_time(resumed));
        let read = |d: &Path, f: &str| std::fs::read_to_string(d.join(f)).unwrap();
        assert_eq!(read(a.path(), SAMPLES_FILE), read(b.path(), SAMPLES_FILE));
        assert_eq!(read(a.path(), NETWORK_FILE), read(b.path(), NETWORK_FILE));
        assert_eq!(straight.log.len(), 2);
        assert_eq!(straight.log[0].games, 15);
        let file = SamplesFile::read(&a.path().join(SAMPLES_FILE)).unwrap();
        assert_eq!(file.samples.len(), straight.samples);
        assert_eq!(file.source, "round-robin");
        assert_eq!(
            straight.samples,
            straight.log.iter().map(|r| r.samples).sum::<usize>()
        );
        assert!(read(a.path(), "report.md").contains("| iteration |"));
    }

    #[test]
    fn brackets_and_mixed_run_end_to_end_whatever_the_threads() {
        for (format, population, least_games) in [
            // 8 players: 14 matches at least (15 with the reset), replays on top.
            (Format::DoubleElimination, 8, 14),
            // 16 players: two groups of 8 (28 games each), a bracket of 4 (6 at least).
            (Format::Mixed, 16, 56 + 6),
        ] {
            let config = PipelineConfig {
                format,
                population,
                ..small(2)
            };
            let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
            let one = run(&config, a.path(), 1, &hidden(2)).unwrap();
            run(
                &PipelineConfig {
                    iterations: 1,
                    ..config.clone()
                },
                b.path(),
                2,
                &hidden(1),
            )
            .unwrap();
            let resumed = run(&config, b.path(), 2, &hidden(2)).unwrap();
            assert_eq!(without_time(one.clone()), without_time(resumed));
            assert_eq!(one.log.len(), 2);
            assert!(
                one.log.iter().all(|r| r.games >= least_games),
                "{format:?}: {:?}",
                one.log
            );
            assert_eq!(one.population.len(), population);
            let file = SamplesFile::read(&a.path().join(SAMPLES_FILE)).unwrap();
            assert_eq!(file.source, format.name());
            assert_eq!(file.samples.len(), one.samples);
            let report = std::fs::read_to_string(a.path().join("report.md")).unwrap();
            assert!(report.contains(format.name()), "{report}");
        }
    }

    #[test]
    fn the_training_set_is_capped() {
        let dir = tempfile::tempdir().unwrap();
        let capped = PipelineConfig {
            train_samples: 40,
            ..small(2)
        };
        let state = run(&capped, dir.path(), 2, &hidden(2)).unwrap();
        assert!(state.samples > 80, "{}", state.samples);
        assert!(
            state.log.iter().all(|r| r.trained_on == 40),
            "{:?}",
            state.log
        );
        let uncapped = run(
            &small(1),
            tempfile::tempdir().unwrap().path(),
            2,
            &hidden(1),
        )
        .unwrap();
        let first = &uncapped.log[0];
        assert_eq!(first.trained_on, first.samples - first.duplicates);
    }

    #[test]
    fn another_configuration_in_the_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        run(&small(1), dir.path(), 1, &hidden(1)).unwrap();
        let other = PipelineConfig {
            seed: 2,
            ..small(1)
        };
        assert!(matches!(
            run(&other, dir.path(), 1, &hidden(1)),
            Err(PipelineError::OtherRun(_))
        ));
    }

    #[test]
    fn qualifying_games_and_their_targets() {
        let config = small(1);
        let game = play(&Mover::Network(&NetworkWeights::DEFAULT), &Mover::Random, 3);
        assert_eq!(game.winner, Some(Player::First));
        assert_eq!(
            qualifies(&game, &config),
            game.plies <= 120 || game.margin >= 8
        );
        let samples: Vec<Sample> = samples_of(&game).collect();
        assert_eq!(samples.len(), game.plies);
        // Black (the winner) moves at even plies.
        assert!(samples.iter().step_by(2).all(|s| s.target == 1.0));
        assert!(samples.iter().skip(1).step_by(2).all(|s| s.target == 0.0));
    }
}

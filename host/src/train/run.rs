//! A whole training run: the initial population, then one generation at a time, each
//! scored by games against its stage's sparring partner, the state saved and the
//! outputs written after each; [`resume`] continues a saved run exactly.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::executor::Executor;

use crate::ga::evaluate::checked;
use crate::ga::{AcoR, Archive, Encoding, Ga, Generation, Population, StepError};
use crate::progress::{Display, Progress};

use super::checkpoint::{
    CheckpointError, GenerationRecord, Opponent, Optimiser, TrainState, FORMAT, STATE_FILE,
};
use super::config::{ConfigError, Method, TrainConfig};
use super::diagnostics::Diagnostics;
use super::evaluate::{probe_evaluator, EvaluatorInfo, Games, GamesError};
use super::output::{self, Champion, OutputError};
use super::stage::{stage_at, Setting, Sparring};

/// Why a run stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TrainError {
    /// A bad configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The games could not be played (or the engine refused the game or evaluator).
    #[error(transparent)]
    Games(#[from] GamesError),
    /// The optimiser refused the population or the scores.
    #[error("generation {generation}: {reason}")]
    Step {
        /// The generation being made.
        generation: u64,
        /// What went wrong.
        reason: String,
    },
    /// A state that cannot be resumed or saved.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// An output file.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A fresh run into a folder that holds one.
    #[error("{0} holds a training run already: use --resume {0}")]
    Exists(String),
    /// The output folder cannot be made.
    #[error("{0}: {1}")]
    Folder(PathBuf, std::io::Error),
    /// `--generations` asks for fewer generations than the run has made.
    #[error(
        "the run has made {made} generations already; --generations {asked} cannot shorten it"
    )]
    Shorter {
        /// Generations recorded (after generation 0).
        made: usize,
        /// What was asked.
        asked: usize,
    },
}

/// What a finished run reports.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainSummary {
    /// The last generation's champion.
    pub champion: Champion,
    /// One record per generation, the initial population first.
    pub history: Vec<GenerationRecord>,
    /// Games played by the whole run (a resumed run's earlier games included).
    pub games: u64,
}

/// Trains from scratch into `dir` (made if missing; a folder holding a run is an
/// error) with games on `executor`, showing progress on `display`.
///
/// # Errors
/// [`TrainError`]: a bad config (before any game), games that cannot be played, a
/// file that cannot be written.
pub fn run(
    config: &TrainConfig,
    dir: &Path,
    executor: &dyn Executor,
    display: Display,
) -> Result<TrainSummary, TrainError> {
    config.validate("config")?;
    let evaluator = probe_evaluator(config)?;
    let optimiser = optimiser(config, &evaluator)?;
    std::fs::create_dir_all(dir).map_err(|e| TrainError::Folder(dir.to_owned(), e))?;
    if dir.join(STATE_FILE).exists() {
        return Err(TrainError::Exists(dir.display().to_string()));
    }
    write_config(dir, config)?;
    let state = TrainState {
        format: FORMAT.to_owned(),
        config: config.clone(),
        evaluator,
        optimiser,
        history: vec![],
    };
    state.save(dir)?;
    go_on(state, dir, executor, display)
}

/// Continues the run saved in `dir` to its configured end; the result is the
/// uninterrupted run's.
///
/// # Errors
/// [`TrainError`]: a missing, damaged or mismatched state, games that cannot be
/// played, a file that cannot be written.
pub fn resume(
    dir: &Path,
    executor: &dyn Executor,
    display: Display,
) -> Result<TrainSummary, TrainError> {
    let state = TrainState::load(dir)?;
    go_on(state, dir, executor, display)
}

/// [`resume`] with the run's length raised to `generations`: a run that has not
/// converged goes on where it stopped. Nothing else in the config depends on the
/// length, so the result is the run that had asked for `generations` from the start.
///
/// # Errors
/// As [`resume`]; and [`TrainError::Shorter`] when the run has made more generations.
pub fn extend(
    dir: &Path,
    generations: usize,
    executor: &dyn Executor,
    display: Display,
) -> Result<TrainSummary, TrainError> {
    let mut state = TrainState::load(dir)?;
    let made = state.history.len().saturating_sub(1);
    if generations < made || generations == 0 {
        return Err(TrainError::Shorter {
            made,
            asked: generations,
        });
    }
    state.config.generations = generations;
    // The state first: it is what a resume reads, so a kill between the two writes
    // leaves the run extended and only the reader's copy behind.
    state.save(dir)?;
    write_config(dir, &state.config)?;
    go_on(state, dir, executor, display)
}

/// `config.toml` in the output folder: the run's configuration, for the reader.
fn write_config(dir: &Path, config: &TrainConfig) -> Result<(), TrainError> {
    let config_file = dir.join("config.toml");
    crate::files::write_atomically(&config_file, config.to_toml().as_bytes())
        .map_err(|e| TrainError::Folder(config_file, e))
}

fn optimiser(config: &TrainConfig, evaluator: &EvaluatorInfo) -> Result<Optimiser, TrainError> {
    let invalid = |field: &str, reason: String| {
        TrainError::Config(ConfigError::Invalid {
            source_name: "config".into(),
            field: field.into(),
            reason,
        })
    };
    let ranges = config
        .weight_ranges(evaluator.hand_set.len())
        .map_err(|e| invalid("ranges", e))?;
    let encoding =
        Encoding::new(ranges.clone(), config.bits).map_err(|e| invalid("ranges", e.to_string()))?;
    if config.seed_hand_set {
        encoding.encode(&evaluator.hand_set).map_err(|e| {
            invalid(
                "seed_hand_set",
                format!("the hand-set weights do not fit: {e}"),
            )
        })?;
    }
    Ok(match config.method {
        Method::Ga | Method::GaFlat => Optimiser::Ga {
            ga: Ga::new(config.ga(), encoding, config.seed)
                .map_err(|e| invalid("ga", e.to_string()))?,
            population: None,
        },
        Method::Aco => Optimiser::Aco {
            aco: AcoR::new(config.aco(), ranges, config.seed)
                .map_err(|e| invalid("aco", e.to_string()))?,
            archive: None,
        },
    })
}

/// Runs the remaining generations of `state`, saving after each.
fn go_on(
    mut state: TrainState,
    dir: &Path,
    executor: &dyn Executor,
    display: Display,
) -> Result<TrainSummary, TrainError> {
    let total = state.config.generations as u64 + 1;
    let progress = Progress::new(display, "generations", total, state.history.len() as u64);
    if !state.history.is_empty() {
        progress.println(&format!(
            "resuming {} at generation {} of {}",
            dir.display(),
            state.history.len(),
            total - 1
        ));
    }
    let started = Instant::now();
    let mut played_here = 0u64;
    while (state.history.len() as u64) < total && !budget_spent(&state) {
        let played = next_generation(&mut state, executor)?;
        played_here += played;
        output::write_all(dir, &state)?;
        state.save(dir)?;
        let last = state
            .history
            .last()
            .unwrap_or_else(|| unreachable!("a generation was recorded"));
        let rate = played_here as f64 / started.elapsed().as_secs_f64().max(1e-9);
        progress.set(
            state.history.len() as u64,
            &format!(
                "gen {} stage {} | {rate:.1} games/s | best {:.4} mean {:.4}",
                last.generation,
                last.stage + 1,
                last.best,
                last.mean
            ),
        );
    }
    progress.finish();
    output::write_all(dir, &state)?;
    let last = state
        .history
        .last()
        .unwrap_or_else(|| unreachable!("at least one generation"));
    Ok(TrainSummary {
        champion: Champion::of(&state.config, &state.evaluator.name, last),
        games: last.games,
        history: state.history,
    })
}

/// Whether the run's games reached its `games_budget`.
fn budget_spent(state: &TrainState) -> bool {
    match (state.config.games_budget, state.history.last()) {
        (Some(budget), Some(last)) => last.games >= budget,
        _ => false,
    }
}

/// Whom generation `generation` plays: its stage's depths and sparring weights.
fn opponent_of(state: &TrainState, generation: u64) -> (usize, Opponent) {
    let (index, stage) = stage_at(&state.config.stages, state.config.method, generation);
    let weights = match stage.sparring {
        Sparring::HandSet => None,
        Sparring::CurrentBest => state.history.last().map(|r| r.champion.clone()),
    };
    let settings = stage.settings();
    let first = settings.first().copied().unwrap_or(Setting {
        depth: 1,
        sparring_depth: 1,
    });
    let opponent = Opponent {
        depth: first.depth,
        sparring_depth: first.sparring_depth,
        depths: stage.depths.clone().unwrap_or_default(),
        weights,
        pool: hall_of_fame(state),
    };
    (index, opponent)
}

/// The hall of fame the next generation also plays: the last `hall_of_fame`
/// distinct champions of the generations that are multiples of `hall_every`, oldest
/// first, leaving out the hand-set weights (the pool plays them as the partner or
/// not at all). It changes only every `hall_every` generations, so the population
/// is re-scored (`rescore`) no more often than that.
fn hall_of_fame(state: &TrainState) -> Vec<Vec<f64>> {
    let config = &state.config;
    let mut pool: Vec<Vec<f64>> = Vec::new();
    if config.hall_of_fame == 0 {
        return pool;
    }
    let entries = state
        .history
        .iter()
        .rev()
        .filter(|r| r.generation % config.hall_every == 0)
        .map(|r| &r.champion);
    for champion in entries {
        if pool.len() == config.hall_of_fame {
            break;
        }
        if *champion != state.evaluator.hand_set && !pool.contains(champion) {
            pool.push(champion.clone());
        }
    }
    pool.reverse();
    pool
}

/// Scores the next generation (the initial population first) and records it;
/// returns the games it took.
fn next_generation(state: &mut TrainState, executor: &dyn Executor) -> Result<u64, TrainError> {
    let generation = state.history.len() as u64;
    let (stage_index, opponent) = opponent_of(state, generation);
    let changed = state.history.last().is_some_and(|r| r.opponent != opponent);
    let seeds = if state.config.seed_hand_set {
        vec![state.evaluator.hand_set.clone()]
    } else {
        vec![]
    };
    let mut games = Games::new(
        &state.config,
        &state.evaluator,
        &opponent,
        executor,
        Box::new(|_| {}),
    );
    let step_error = |e: StepError<GamesError>| match e {
        StepError::Evaluate(e) => TrainError::Games(e),
        other => TrainError::Step {
            generation,
            reason: other.to_string(),
        },
    };
    let rescore = changed && state.config.rescore;
    match &mut state.optimiser {
        Optimiser::Ga { ga, population } => {
            let next = match population {
                None => ga.initial(&seeds, &mut games),
                Some(p) => {
                    if rescore {
                        rescore_population(ga, p, &mut games).map_err(step_error)?;
                    }
                    ga.step(p, &mut games)
                }
            };
            *population = Some(next.map_err(step_error)?);
        }
        Optimiser::Aco { aco, archive } => {
            let next = match archive {
                None => aco.initial(&seeds, &mut games),
                Some(a) => {
                    if rescore {
                        rescore_archive(a, &mut games).map_err(step_error)?;
                    }
                    aco.step(a, &mut games)
                }
            };
            *archive = Some(next.map_err(step_error)?);
        }
    }
    let played = games.played;
    let evaluations = std::mem::take(&mut games.evaluations);
    drop(games);
    let (champion, best, mean) = state.optimiser.summary().unwrap_or_default();
    let widths: Vec<f64> = state
        .config
        .weight_ranges(champion.len())
        .unwrap_or_default()
        .iter()
        .map(|r| r.max - r.min)
        .collect();
    let diagnostics = Diagnostics::of(&state.optimiser.members(), &widths, &evaluations);
    let before = state.history.last().map_or(0, |r| r.games);
    state.history.push(GenerationRecord {
        generation,
        stage: stage_index,
        best,
        mean,
        champion,
        games: before + played,
        opponent,
        diagnostics,
    });
    Ok(played)
}

/// Scores the carried population against the new opponent; its fitness restarts
/// from these scores (no parent: Δf = 0).
fn rescore_population(
    ga: &Ga,
    population: &mut Population,
    games: &mut Games<'_>,
) -> Result<(), StepError<GamesError>> {
    let batch: Vec<Vec<f64>> = population
        .individuals
        .iter()
        .map(|i| ga.encoding().decode(&i.chromosome))
        .collect();
    let scores = checked(games, &batch)?;
    for (individual, score) in population.individuals.iter_mut().zip(scores) {
        individual.objective = score;
        individual.parent_objective = None;
    }
    let config = ga.config();
    population.refresh_fitness(ga.encoding().len(), config.epsilon, config.improved_fitness);
    Ok(())
}

/// Scores the archive against the new opponent and sorts it best first again (ties
/// keep their order, as the archive does).
fn rescore_archive(
    archive: &mut Archive,
    games: &mut Games<'_>,
) -> Result<(), StepError<GamesError>> {
    let batch: Vec<Vec<f64>> = archive
        .solutions
        .iter()
        .map(|s| s.weights.clone())
        .collect();
    let scores = checked(games, &batch)?;
    for (solution, score) in archive.solutions.iter_mut().zip(scores) {
        solution.objective = score;
    }
    archive
        .solutions
        .sort_by(|a, b| b.objective.total_cmp(&a.objective));
    Ok(())
}

//! The training run's state, saved atomically (write, fsync, rename) after every
//! generation: the configuration, the optimiser with its random generator, the
//! population and the history. Loading it and going on gives exactly the
//! uninterrupted run; a missing, truncated or mismatched file is an error.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::ga::{AcoR, Archive, Ga, Generation, Population};

use super::config::TrainConfig;
use super::evaluate::EvaluatorInfo;
use super::stage::Setting;

/// The state file's name inside the output folder.
pub const STATE_FILE: &str = "state.json";

/// The format tag: a state of another format is refused, not misread.
pub const FORMAT: &str = "microply-train 1";

/// One finished generation, as the outputs report it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationRecord {
    /// 0 for the initial population.
    pub generation: u64,
    /// The curriculum stage's index.
    pub stage: usize,
    /// The best objective.
    pub best: f64,
    /// The mean objective of the population (GA) or archive (ACO_R).
    pub mean: f64,
    /// The champion's weights.
    pub champion: Vec<f64>,
    /// Games played up to and including this generation.
    pub games: u64,
    /// Whom the generation played.
    pub opponent: Opponent,
    /// Spread, diversity and noise (docs/ga.md, "Why the objective saturates").
    #[serde(default)]
    pub diagnostics: super::diagnostics::Diagnostics,
}

/// The games' setting: both depths and the sparring partner's weights.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opponent {
    /// The trainee's depth (the first of `depths` when they are given).
    pub depth: u32,
    /// The sparring partner's depth (the first of `depths` when they are given).
    pub sparring_depth: u32,
    /// A stage of several depths: every evaluation plays each, both sides alike
    /// (empty: `depth` against `sparring_depth` only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depths: Vec<u32>,
    /// The sparring partner's weights (`None`: hand-set).
    pub weights: Option<Vec<f64>>,
    /// The pool's other partners (the hall of fame), at the sparring depth.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool: Vec<Vec<f64>>,
}

impl Opponent {
    /// The sparring partners every individual meets: the partner and the pool.
    #[must_use]
    pub fn partners(&self) -> usize {
        1 + self.pool.len()
    }

    /// The depth settings the games are played at, in order.
    #[must_use]
    pub fn settings(&self) -> Vec<Setting> {
        if self.depths.is_empty() {
            return vec![Setting {
                depth: self.depth,
                sparring_depth: self.sparring_depth,
            }];
        }
        self.depths
            .iter()
            .map(|&d| Setting {
                depth: d,
                sparring_depth: d,
            })
            .collect()
    }
}

/// The optimiser and what it carries between generations (`None` before the
/// initial population is scored).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Optimiser {
    /// The GA.
    Ga {
        /// Settings, encoding and random generator.
        ga: Ga,
        /// The current population.
        population: Option<Population>,
    },
    /// ACO_R.
    Aco {
        /// Settings, ranges and random generator.
        aco: AcoR,
        /// The current archive.
        archive: Option<Archive>,
    },
}

impl Optimiser {
    /// The champion's weights and objective, and the mean objective, of the current
    /// population (None before the first).
    #[must_use]
    pub fn summary(&self) -> Option<(Vec<f64>, f64, f64)> {
        match self {
            Optimiser::Ga { ga, population } => {
                let p = population.as_ref()?;
                let (weights, best) = ga.best(p)?;
                Some((weights, best, p.mean_objective()))
            }
            Optimiser::Aco { aco, archive } => {
                let a = archive.as_ref()?;
                let (weights, best) = aco.best(a)?;
                let n = a.solutions.len().max(1) as f64;
                let mean = a.solutions.iter().map(|s| s.objective).sum::<f64>() / n;
                Some((weights, best, mean))
            }
        }
    }

    /// Every member's objective and weights: the GA's population, ACO_R's archive.
    #[must_use]
    pub fn members(&self) -> Vec<(f64, Vec<f64>)> {
        match self {
            Optimiser::Ga { ga, population } => population
                .iter()
                .flat_map(|p| &p.individuals)
                .map(|i| (i.objective, ga.encoding().decode(&i.chromosome)))
                .collect(),
            Optimiser::Aco { archive, .. } => archive
                .iter()
                .flat_map(|a| &a.solutions)
                .map(|s| (s.objective, s.weights.clone()))
                .collect(),
        }
    }

    fn population_size(&self) -> Option<usize> {
        match self {
            Optimiser::Ga { population, .. } => population.as_ref().map(|p| p.individuals.len()),
            Optimiser::Aco { archive, .. } => archive.as_ref().map(|a| a.solutions.len()),
        }
    }
}

/// Everything a resumed run needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainState {
    /// [`FORMAT`].
    pub format: String,
    /// The run's configuration (a resume replays it).
    pub config: TrainConfig,
    /// The trained evaluator and its hand-set weights.
    pub evaluator: EvaluatorInfo,
    /// The optimiser and its population.
    pub optimiser: Optimiser,
    /// One record per finished generation, the initial population first.
    pub history: Vec<GenerationRecord>,
}

/// A state that cannot be resumed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// No state file.
    #[error("{0}: no training state here (nothing to resume; start a run with --out)")]
    Missing(PathBuf),
    /// The file cannot be read.
    #[error("{0}: {1}")]
    Read(PathBuf, std::io::Error),
    /// Truncated or not a training state.
    #[error("{0}: damaged training state (truncated or not a state file): {1}")]
    Damaged(PathBuf, serde_json::Error),
    /// A state whose parts disagree, or of another format or configuration.
    #[error("{0}: the training state does not match: {1}")]
    Mismatch(PathBuf, String),
    /// The file cannot be written.
    #[error("{0}: cannot save the training state: {1}")]
    Write(PathBuf, std::io::Error),
}

impl TrainState {
    /// Writes `dir/state.json` atomically.
    ///
    /// # Errors
    /// [`CheckpointError::Write`].
    pub fn save(&self, dir: &Path) -> Result<(), CheckpointError> {
        let path = dir.join(STATE_FILE);
        let bytes =
            serde_json::to_vec(self).map_err(|e| CheckpointError::Write(path.clone(), e.into()))?;
        crate::files::write_atomically(&path, &bytes).map_err(|e| CheckpointError::Write(path, e))
    }

    /// Reads and checks `dir/state.json`.
    ///
    /// # Errors
    /// [`CheckpointError`]: missing, unreadable, damaged or inconsistent.
    pub fn load(dir: &Path) -> Result<TrainState, CheckpointError> {
        let path = dir.join(STATE_FILE);
        let bytes = std::fs::read(&path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => CheckpointError::Missing(path.clone()),
            _ => CheckpointError::Read(path.clone(), e),
        })?;
        let state: TrainState = serde_json::from_slice(&bytes)
            .map_err(|e| CheckpointError::Damaged(path.clone(), e))?;
        state
            .check()
            .map_err(|what| CheckpointError::Mismatch(path, what))?;
        Ok(state)
    }

    /// The parts agree with each other: format, configuration, weight count,
    /// population size, generation count.
    fn check(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!("format '{}', expected '{FORMAT}'", self.format));
        }
        self.config
            .validate("the saved config")
            .map_err(|e| e.to_string())?;
        let weights = self.evaluator.hand_set.len();
        let (method_matches, len) = match &self.optimiser {
            Optimiser::Ga { ga, .. } => (
                self.config.method != super::config::Method::Aco,
                ga.encoding().len(),
            ),
            Optimiser::Aco { .. } => (self.config.method == super::config::Method::Aco, weights),
        };
        if !method_matches {
            return Err(format!(
                "the optimiser is not the config's method '{}'",
                self.config.method.as_str()
            ));
        }
        if len != weights {
            return Err(format!("{len} genes for an evaluator of {weights} weights"));
        }
        let expected = match &self.optimiser {
            Optimiser::Ga { .. } => self.config.population,
            Optimiser::Aco { .. } => self.config.aco.archive,
        };
        match self.optimiser.population_size() {
            Some(n) if n != expected => {
                return Err(format!("a population of {n}, the config says {expected}"))
            }
            None if !self.history.is_empty() => return Err("a history without a population".into()),
            _ => {}
        }
        if self.history.len() > self.config.generations + 1 {
            return Err(format!(
                "{} generations recorded, the config has {}",
                self.history.len() - 1,
                self.config.generations
            ));
        }
        let numbered = self
            .history
            .iter()
            .enumerate()
            .all(|(i, r)| r.generation == i as u64 && r.champion.len() == weights);
        if !numbered {
            return Err("the history's generations are not numbered 0, 1, ... or a champion has the wrong length".into());
        }
        Ok(())
    }
}

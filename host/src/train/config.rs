//! The trainer's configuration: a TOML file or a preset, checked before any game,
//! with errors that name the field and the file.

use std::path::Path;

use microply_core::games::GameKind;
use serde::{Deserialize, Serialize};

use crate::ga::{AcoConfig, GaConfig, Objective, Range, Rates};

use super::stage::{Sparring, Stage};

/// Which optimiser, and whether it follows the curriculum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// The improved adaptive GA through the stages (the paper's curriculum training).
    #[default]
    Ga,
    /// The same GA without a curriculum: the last stage's settings from generation 0.
    GaFlat,
    /// ACO_R over the same ranges, through the stages.
    Aco,
}

impl Method {
    /// The name in configs and reports.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Ga => "ga",
            Method::GaFlat => "ga-flat",
            Method::Aco => "aco",
        }
    }
}

/// What one game is worth to the trainee.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fitness {
    /// The paper's: win/draw/loss with a bonus for a short win or a long loss
    /// ([`Objective`]).
    #[default]
    Paper,
    /// Points (1, ½, 0) plus `margin_weight` per box of the final box difference
    /// (Dots-and-Boxes): it keeps ranking individuals that all win.
    Margin,
}

/// Everything a training run depends on: the run is a pure function of this.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainConfig {
    /// The game, by its protocol name (`dots`, `checkers`, `amazons`).
    #[serde(default = "default_game", with = "crate::play::names")]
    pub game: GameKind,
    /// The `game` command's options (`rows=5 cols=5`).
    #[serde(default)]
    pub options: String,
    /// The evaluator whose weights are trained (protocol name; the game's default when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evaluator: Option<String>,
    /// `ga`, `ga-flat` or `aco`.
    #[serde(default)]
    pub method: Method,
    /// Individuals per generation (GA), ants per iteration (ACO_R).
    #[serde(default = "default_population")]
    pub population: usize,
    /// Generations after the initial population.
    #[serde(default = "default_generations")]
    pub generations: usize,
    /// The run's seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Bits per weight.
    #[serde(default = "default_bits")]
    pub bits: u32,
    /// The range of every weight, `[min, max]` (unless `ranges` gives one per weight).
    #[serde(default = "default_range")]
    pub range: [f64; 2],
    /// One `[min, max]` per weight, in the evaluator's flat order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranges: Option<Vec<[f64; 2]>>,
    /// Start the population with the evaluator's hand-set weights as one individual.
    #[serde(default)]
    pub seed_hand_set: bool,
    /// The objective's turn constant k.
    #[serde(default = "default_k")]
    pub k: f64,
    /// The improved fitness' control factor ε.
    #[serde(default = "default_epsilon")]
    pub epsilon: f64,
    /// Use the improved (Δf) fitness.
    #[serde(default = "yes")]
    pub improved_fitness: bool,
    /// Adapt crossover and mutation rates to fitness.
    #[serde(default = "yes")]
    pub adaptive_rates: bool,
    /// A converged parameter (the same fitness in every individual) is bred at the
    /// full rates pc_a, pm_a instead of pc_b, pm_b: a collapsed population explores.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub explore_when_uniform: bool,
    /// The rate constants pc_a, pc_b, pm_a, pm_b.
    #[serde(default = "default_rates")]
    pub rates: Rates,
    /// Run the heuristic step after each generation.
    #[serde(default = "yes")]
    pub heuristic: bool,
    /// Δj of the heuristic step, in gene levels.
    #[serde(default = "default_heuristic_step")]
    pub heuristic_step: u32,
    /// Individuals copied unchanged into the next generation.
    #[serde(default = "default_elite")]
    pub elite: usize,
    /// Re-score the carried population (GA) or archive (ACO_R) against the new
    /// opponent whenever the opponent changes (a new stage, a new current best), so
    /// that carried and new objectives compare; off: carried scores stay as they were.
    #[serde(default = "yes")]
    pub rescore: bool,
    /// ACO_R's archive size, q and ξ (its ants are `population`).
    #[serde(default)]
    pub aco: AcoSettings,
    /// Openings each individual plays with both colours: 0 (the paper's) plays one
    /// pair from the empty board; n > 0 plays n pairs, opening j being `opening_plies`
    /// seeded random plies (seed derived from the run's seed and j), the same n for
    /// every individual and generation.
    #[serde(default)]
    pub openings: usize,
    /// Random plies of each opening when `openings` > 0.
    #[serde(default = "default_opening_plies")]
    pub opening_plies: u32,
    /// Take the `openings` from this book (a built-in name such as `dots-4x4`, or a
    /// file) instead of random plies: `openings` lines dealt from it in a seeded order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub book: Option<String>,
    /// What a game is worth: `paper` or `margin`.
    #[serde(default)]
    pub fitness: Fitness,
    /// `margin` fitness: the worth of one box of final margin.
    #[serde(default = "default_margin_weight")]
    pub margin_weight: f64,
    /// Sparring pool: besides the stage's partner, the last `hall_of_fame` distinct
    /// champions of generations that are multiples of `hall_every` (0: no pool).
    #[serde(default)]
    pub hall_of_fame: usize,
    /// How often (in generations) a champion enters the hall of fame.
    #[serde(default = "default_hall_every")]
    pub hall_every: u64,
    /// Stop after the first generation whose running total of games reaches this
    /// budget (or after `generations`, whichever comes first); none: no budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_budget: Option<u64>,
    /// Draw adjudication after this many plies.
    #[serde(default = "default_max_plies")]
    pub max_plies: u32,
    /// Transposition table entries of each player's engine.
    #[serde(default = "default_table")]
    pub table: usize,
    /// The curriculum, by starting generation.
    #[serde(rename = "stage", default = "default_stages")]
    pub stages: Vec<Stage>,
}

/// ACO_R's settings in the config file.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcoSettings {
    /// k, the archive size.
    #[serde(default = "default_archive")]
    pub archive: usize,
    /// q, the locality of the search.
    #[serde(default = "default_q")]
    pub q: f64,
    /// ξ, the width of the sampling kernels.
    #[serde(default = "default_xi")]
    pub xi: f64,
}

impl Default for AcoSettings {
    fn default() -> AcoSettings {
        AcoSettings {
            archive: default_archive(),
            q: default_q(),
            xi: default_xi(),
        }
    }
}

fn default_game() -> GameKind {
    GameKind::Dots
}
fn default_population() -> usize {
    GaConfig::default().population
}
fn default_generations() -> usize {
    300
}
fn default_seed() -> u64 {
    1
}
fn default_bits() -> u32 {
    crate::ga::encoding::DEFAULT_BITS
}
/// [−256, 255.5] at 10 bits: step ½, the Dots and Amazons defaults on the grid.
fn default_range() -> [f64; 2] {
    [-256.0, 255.5]
}
fn default_k() -> f64 {
    crate::ga::objective::DEFAULT_K
}
fn default_epsilon() -> f64 {
    GaConfig::default().epsilon
}
fn yes() -> bool {
    true
}
fn default_rates() -> Rates {
    Rates::PAPER
}
fn default_heuristic_step() -> u32 {
    GaConfig::default().heuristic_step
}
fn default_elite() -> usize {
    GaConfig::default().elite
}
fn default_archive() -> usize {
    AcoConfig::default().archive
}
fn default_q() -> f64 {
    AcoConfig::default().q
}
fn default_xi() -> f64 {
    AcoConfig::default().xi
}
fn default_margin_weight() -> f64 {
    0.05
}
fn default_hall_every() -> u64 {
    5
}
fn default_opening_plies() -> u32 {
    4
}
fn default_max_plies() -> u32 {
    400
}
fn default_table() -> usize {
    1 << 14
}
fn default_stages() -> Vec<Stage> {
    vec![Stage::fixed(0, 2, 2, Sparring::HandSet)]
}

/// A configuration that cannot run; the message names the file (or preset) and the field.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("{0}: {1}")]
    Read(String, std::io::Error),
    /// TOML syntax, an unknown key or a value of the wrong type.
    #[error("{0}: {1}")]
    Toml(String, toml::de::Error),
    /// A field with a value outside its domain.
    #[error("{source_name}: {field}: {reason}")]
    Invalid {
        /// The file or preset.
        source_name: String,
        /// The field.
        field: String,
        /// What is wrong.
        reason: String,
    },
}

impl TrainConfig {
    /// Reads and checks a TOML file.
    ///
    /// # Errors
    /// [`ConfigError`] naming the file and the field.
    pub fn read(path: &Path) -> Result<TrainConfig, ConfigError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Read(name.clone(), e))?;
        TrainConfig::parse(&text, &name)
    }

    /// Parses and checks TOML text; `source_name` names it in errors.
    ///
    /// # Errors
    /// [`ConfigError`] naming the source and the field.
    pub fn parse(text: &str, source_name: &str) -> Result<TrainConfig, ConfigError> {
        let config: TrainConfig =
            toml::from_str(text).map_err(|e| ConfigError::Toml(source_name.to_owned(), e))?;
        config.validate(source_name)?;
        Ok(config)
    }

    /// The TOML text of this configuration (what `config.toml` in the output holds).
    #[must_use]
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// `--quick`: 4×4 boxes, 12 individuals, 15 generations, depth 2 against the
    /// hand-set weights at depth 2, then depth 3 against the current best at depth 4
    /// from generation 8 (about a minute on 2 cores; docs/ga.md has the figure).
    #[must_use]
    pub fn quick() -> TrainConfig {
        TrainConfig {
            options: "rows=4 cols=4".to_owned(),
            population: 12,
            generations: 15,
            stages: vec![
                Stage::fixed(0, 2, 2, Sparring::HandSet),
                Stage::fixed(8, 3, 4, Sparring::CurrentBest),
            ],
            ..TrainConfig::base()
        }
    }

    /// `--paper`: the paper's schedule on 5×5 boxes, 30 individuals, 300 generations:
    /// 0–100 depth 2 against the hand-set weights at depth 2; 100–200 depth 5 against
    /// depth 8; 200–300 depth 7 against depth 10, the sparring partner from generation
    /// 100 on the current best evolved weights.
    #[must_use]
    pub fn paper() -> TrainConfig {
        let stage = Stage::fixed;
        TrainConfig {
            options: "rows=5 cols=5".to_owned(),
            population: 30,
            generations: 300,
            stages: vec![
                stage(0, 2, 2, Sparring::HandSet),
                stage(100, 5, 8, Sparring::CurrentBest),
                stage(200, 7, 10, Sparring::CurrentBest),
            ],
            ..TrainConfig::base()
        }
    }

    /// Every field at its default (the file's empty config).
    #[must_use]
    pub fn base() -> TrainConfig {
        // An empty TOML document gives every default.
        toml::from_str("").unwrap_or_else(|_| unreachable!("every field has a default"))
    }

    /// The GA settings.
    #[must_use]
    pub fn ga(&self) -> GaConfig {
        GaConfig {
            population: self.population,
            improved_fitness: self.improved_fitness,
            epsilon: self.epsilon,
            adaptive_rates: self.adaptive_rates,
            explore_when_uniform: self.explore_when_uniform,
            rates: self.rates,
            heuristic: self.heuristic,
            heuristic_step: self.heuristic_step,
            elite: self.elite,
        }
    }

    /// The ACO_R settings.
    #[must_use]
    pub fn aco(&self) -> AcoConfig {
        AcoConfig {
            archive: self.aco.archive,
            ants: self.population,
            q: self.aco.q,
            xi: self.aco.xi,
        }
    }

    /// The ranges of `weights` weights.
    ///
    /// # Errors
    /// `ranges` of another length than the evaluator's weight count.
    pub fn weight_ranges(&self, weights: usize) -> Result<Vec<Range>, String> {
        match &self.ranges {
            None => Ok(vec![Range::new(self.range[0], self.range[1]); weights]),
            Some(r) if r.len() == weights => Ok(r.iter().map(|r| Range::new(r[0], r[1])).collect()),
            Some(r) => Err(format!(
                "{} ranges given, the evaluator has {weights} weights",
                r.len()
            )),
        }
    }

    /// Checks what the fields alone can tell (the engine checks the rest when the run starts).
    ///
    /// # Errors
    /// [`ConfigError::Invalid`] naming `source_name` and the field.
    pub fn validate(&self, source_name: &str) -> Result<(), ConfigError> {
        let invalid = |field: &str, reason: String| ConfigError::Invalid {
            source_name: source_name.to_owned(),
            field: field.to_owned(),
            reason,
        };
        if self.generations == 0 {
            return Err(invalid("generations", "must be at least 1".into()));
        }
        if self.games_budget == Some(0) {
            return Err(invalid("games_budget", "must be at least 1 game".into()));
        }
        if self.openings > 0 && self.opening_plies == 0 {
            return Err(invalid(
                "opening_plies",
                "must be at least 1 when openings > 0".into(),
            ));
        }
        if self.book.is_some() && self.openings == 0 {
            return Err(invalid(
                "openings",
                "must be at least 1 when a book is given".into(),
            ));
        }
        if !(self.margin_weight.is_finite() && self.margin_weight >= 0.0) {
            return Err(invalid(
                "margin_weight",
                format!("{} must be a finite number ≥ 0", self.margin_weight),
            ));
        }
        if self.hall_every == 0 {
            return Err(invalid("hall_every", "must be at least 1".into()));
        }
        if self.table == 0 {
            return Err(invalid("table", "must be at least 1 entry".into()));
        }
        Objective::new(self.k).map_err(|e| invalid("k", e.to_string()))?;
        for (i, r) in std::iter::once(&self.range)
            .chain(self.ranges.iter().flatten())
            .enumerate()
        {
            if !(r[0].is_finite() && r[1].is_finite() && r[0] < r[1]) {
                let field = if i == 0 {
                    "range".to_owned()
                } else {
                    format!("ranges[{}]", i - 1)
                };
                return Err(invalid(
                    &field,
                    format!(
                        "[{}, {}] is not a finite interval with min < max",
                        r[0], r[1]
                    ),
                ));
            }
        }
        if self.bits == 0 || self.bits > crate::ga::encoding::MAX_BITS {
            return Err(invalid(
                "bits",
                format!(
                    "{} is not in 1..={}",
                    self.bits,
                    crate::ga::encoding::MAX_BITS
                ),
            ));
        }
        let ga_error = |e: crate::ga::ConfigError| {
            let text = e.to_string();
            let field = text.split(" = ").next().unwrap_or("").to_owned();
            invalid(&field, text)
        };
        self.ga().validate().map_err(ga_error)?;
        self.aco().validate().map_err(ga_error)?;
        super::stage::validate(&self.stages).map_err(|(field, reason)| invalid(&field, reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> String {
        TrainConfig::parse(text, "t.toml").unwrap_err().to_string()
    }

    #[test]
    fn presets_are_valid_and_round_trip_through_toml() {
        for preset in [
            TrainConfig::quick(),
            TrainConfig::paper(),
            TrainConfig::base(),
        ] {
            preset.validate("preset").unwrap();
            let again = TrainConfig::parse(&preset.to_toml(), "again").unwrap();
            assert_eq!(again, preset);
        }
        let paper = TrainConfig::paper();
        let schedule: Vec<_> = paper
            .stages
            .iter()
            .map(|s| {
                (
                    s.from,
                    s.depth.unwrap(),
                    s.sparring_depth.unwrap(),
                    s.sparring,
                )
            })
            .collect();
        assert_eq!(
            schedule,
            vec![
                (0, 2, 2, Sparring::HandSet),
                (100, 5, 8, Sparring::CurrentBest),
                (200, 7, 10, Sparring::CurrentBest)
            ]
        );
        assert_eq!(
            (paper.generations, paper.options.as_str()),
            (300, "rows=5 cols=5")
        );
    }

    #[test]
    fn a_file_sets_every_part() {
        let c = TrainConfig::parse(
            r#"
game = "dots"
options = "rows=4 cols=4"
method = "aco"
population = 6
generations = 9
seed = 42
bits = 8
range = [-10, 10]
k = 3
epsilon = 0.5
improved_fitness = false
adaptive_rates = false
heuristic = false
elite = 2
openings = 5
opening_plies = 3
games_budget = 700
[rates]
pc_a = 0.8
pc_b = 0.5
pm_a = 0.05
pm_b = 0.01
[aco]
archive = 7
[[stage]]
from = 0
depth = 1
sparring_depth = 3
sparring = "hand-set"
[[stage]]
from = 4
depth = 2
sparring_depth = 2
sparring = "current-best"
"#,
            "t.toml",
        )
        .unwrap();
        assert_eq!(
            (c.method, c.population, c.bits, c.seed),
            (Method::Aco, 6, 8, 42)
        );
        assert_eq!((c.aco().archive, c.aco().ants, c.aco().xi), (7, 6, 0.85));
        assert!(!c.ga().heuristic && !c.ga().adaptive_rates && !c.ga().improved_fitness);
        assert_eq!(c.stages[1].sparring, Sparring::CurrentBest);
        assert_eq!(
            (c.openings, c.opening_plies, c.games_budget),
            (5, 3, Some(700))
        );
    }

    #[test]
    fn bad_files_name_the_file_and_the_field() {
        let e = error_of("speed = 3");
        assert!(e.starts_with("t.toml: ") && e.contains("speed"), "{e}");
        let e = error_of("epsilon = 1.5");
        assert!(e.starts_with("t.toml: epsilon: "), "{e}");
        let e = error_of("[rates]\npc_a = 2\npc_b = 0.6\npm_a = 0.1\npm_b = 0.001");
        assert!(e.starts_with("t.toml: rates.pc_a: "), "{e}");
        let e = error_of("method = \"hill\"");
        assert!(e.starts_with("t.toml: ") && e.contains("hill"), "{e}");
        let e = error_of("game = \"chess\"");
        assert!(
            e.starts_with("t.toml: ")
                && e.contains("line 1")
                && e.contains(
                    "unknown game 'chess' (expected tictactoe, checkers, dots or amazons)"
                ),
            "{e}"
        );
        let e = error_of("range = [3, -3]");
        assert!(e.starts_with("t.toml: range: "), "{e}");
        let e = error_of("bits = 40");
        assert!(e.starts_with("t.toml: bits: "), "{e}");
        let e = error_of("games_budget = 0");
        assert!(e.starts_with("t.toml: games_budget: "), "{e}");
        let e = error_of("openings = 3\nopening_plies = 0");
        assert!(e.starts_with("t.toml: opening_plies: "), "{e}");
        let e = error_of("k = 0");
        assert!(e.starts_with("t.toml: k: "), "{e}");
        let e = error_of("population = 1");
        assert!(e.starts_with("t.toml: population: "), "{e}");
        let e = error_of("[aco]\nxi = 3");
        assert!(e.starts_with("t.toml: aco.xi: "), "{e}");
        let e =
            error_of("[[stage]]\nfrom = 2\ndepth = 1\nsparring_depth = 1\nsparring = \"hand-set\"");
        assert!(e.starts_with("t.toml: stage[0].from: "), "{e}");
        let e =
            error_of("[[stage]]\nfrom = 0\ndepth = 0\nsparring_depth = 1\nsparring = \"hand-set\"");
        assert!(e.starts_with("t.toml: stage[0].depth: "), "{e}");
        let e = error_of("[[stage]]\nfrom = 0\ndepth = 1\nsparring_depth = 1\nsparring = \"mine\"");
        assert!(e.starts_with("t.toml: ") && e.contains("mine"), "{e}");
        assert!(TrainConfig::read(Path::new("/nonexistent/t.toml"))
            .unwrap_err()
            .to_string()
            .starts_with("/nonexistent/t.toml: "));
    }
}

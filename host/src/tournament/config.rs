//! A tournament's configuration (a TOML file or the command line), checked before
//! any game starts: unknown keys, missing fields, weights of the wrong length and
//! engines that cannot start are errors naming the field and the file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use microply_core::games::GameKind;
use serde::{Deserialize, Serialize};

use crate::play::adjudication::Adjudication;
use crate::play::game::{Entrant, Rules, DEFAULT_TIME_MARGIN_MS};
use crate::play::in_process::evaluator_defaults;
use crate::play::openings::Order;
use crate::play::player::{PlayerConfig, PlayerError};
use crate::play::points::HalfPoints;

/// How players are paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Every pair meets once (circle method).
    #[default]
    RoundRobin,
    /// Every pair meets twice, colours swapped.
    DoubleRoundRobin,
    /// The first player against each of the others.
    Gauntlet,
    /// Round robins inside `groups` groups (snake seeding by configuration order).
    Groups,
    /// Double elimination (seeded by configuration order; see `bracket`).
    DoubleElimination,
    /// Round robins inside `groups` groups, then the best `advance` of each group
    /// in double elimination.
    Mixed,
}

impl std::fmt::Display for Format {
    /// The name a file and `--format` use (`round-robin`, `double-elimination`...).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::RoundRobin => "round-robin",
            Format::DoubleRoundRobin => "double-round-robin",
            Format::Gauntlet => "gauntlet",
            Format::Groups => "groups",
            Format::DoubleElimination => "double-elimination",
            Format::Mixed => "mixed",
        })
    }
}

impl Format {
    /// Whether the games depend on results (a bracket follows).
    #[must_use]
    pub fn has_bracket(self) -> bool {
        matches!(self, Format::DoubleElimination | Format::Mixed)
    }
}

/// Points for a win, a draw and a loss (3/1/0 by default).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// Points for a win.
    pub win: HalfPoints,
    /// Points for a draw.
    pub draw: HalfPoints,
    /// Points for a loss.
    pub loss: HalfPoints,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: HalfPoints::whole(3),
            draw: HalfPoints::whole(1),
            loss: HalfPoints::ZERO,
        }
    }
}

/// Everything a run depends on: with depth or node limits, the result files are a
/// pure function of this.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentConfig {
    /// The game, by its protocol name (`tictactoe`, `checkers`, `dots`, `amazons`).
    #[serde(with = "crate::play::names")]
    pub game: GameKind,
    /// The `game` command's options.
    #[serde(default)]
    pub options: String,
    /// Pairing format.
    #[serde(default)]
    pub format: Format,
    /// Games per encounter (each opening played with both colours when even).
    #[serde(default = "default_games")]
    pub games_per_encounter: usize,
    /// Random plies from the start for each encounter's opening
    /// ([`DEFAULT_RANDOM_PLIES`] when absent).
    #[serde(default = "default_random_plies")]
    pub random_plies: u32,
    /// An openings file instead (one FEN or move list a line), relative to the
    /// config; `3move` is the built-in checkers deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings: Option<String>,
    /// Random plies played after each line of the openings file (seeded by the run's
    /// seed and the encounter, so both games of an encounter start alike): one book
    /// made into many openings, for self-play that must not repeat its games
    /// (`microply datagen`). 0 (the default): the lines as they are.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra_plies: u32,
    /// How the openings file is dealt: in order, or in a seeded random order.
    #[serde(default)]
    pub order: Order,
    /// The run's seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Draw adjudication after this many plies.
    #[serde(default = "default_max_plies")]
    pub max_plies: u32,
    /// The most one move may take, in milliseconds.
    #[serde(default = "default_timeout")]
    pub move_timeout_ms: u64,
    /// Points per result.
    #[serde(default)]
    pub scoring: Scoring,
    /// Adjudication by score and by exact verdicts: the game's defaults when absent
    /// ([`Adjudication::for_game`]); a table sets each rule (absent rules off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudication: Option<Adjudication>,
    /// How far past zero a clock may run before its player loses on time (ms).
    #[serde(default = "default_time_margin")]
    pub time_margin_ms: u64,
    /// Checkers endgame tables the referee adjudicates by (relative to the config).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub egtb: Option<String>,
    /// The number of groups of the `groups` format.
    #[serde(default = "default_groups")]
    pub groups: usize,
    /// How many of each group go on to the bracket in the `mixed` format.
    #[serde(default = "default_advance")]
    pub advance: usize,
    /// How often the whole schedule is played (each time with new openings).
    #[serde(default = "default_rounds")]
    pub rounds: usize,
    /// An SPRT that stops a two-player run early (the first player is A).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<crate::ratings::Sprt>,
    /// The players.
    #[serde(rename = "player")]
    pub players: Vec<PlayerConfig>,
}

fn default_time_margin() -> u64 {
    DEFAULT_TIME_MARGIN_MS
}

/// The most games a run may plan: far beyond any real run, small enough that a
/// typo (`rounds = 18446744073709551615`) is an error instead of an exhausted memory.
pub const MAX_GAMES: usize = 100_000_000;

fn default_groups() -> usize {
    2
}

fn default_advance() -> usize {
    1
}

fn default_rounds() -> usize {
    1
}

fn default_games() -> usize {
    2
}
fn default_seed() -> u64 {
    1
}
fn default_max_plies() -> u32 {
    crate::play::game::DEFAULT_MAX_PLIES
}
fn default_timeout() -> u64 {
    crate::play::game::DEFAULT_MOVE_TIMEOUT_MS
}
fn default_random_plies() -> u32 {
    DEFAULT_RANDOM_PLIES
}
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Random opening plies when neither the file nor the command line says: the same for
/// `match`, `tournament --player` and a tournament file. Four, not zero, because two
/// deterministic engines from the same position play the same game every time, so
/// without a book an encounter of many games would measure one game many times.
pub const DEFAULT_RANDOM_PLIES: u32 = 4;

/// A configuration that cannot run.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("{0}: {1}")]
    Read(String, std::io::Error),
    /// TOML syntax, an unknown key, a missing field or a wrong type.
    #[error("{0}: {1}")]
    Toml(String, toml::de::Error),
    /// A player's fields.
    #[error("{0}: {1}")]
    Player(String, PlayerError),
    /// A player whose engine refuses the game or its setup.
    #[error("{0}: player '{1}': {2}")]
    Engine(String, String, String),
    /// Something about the tournament as a whole.
    #[error("{0}: {1}")]
    Invalid(String, String),
}

impl TournamentConfig {
    /// Reads a TOML file.
    ///
    /// # Errors
    /// [`ConfigError`] naming the file and the field.
    pub fn read(path: &Path) -> Result<TournamentConfig, ConfigError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Read(name.clone(), e))?;
        toml::from_str(&text).map_err(|e| ConfigError::Toml(name, e))
    }

    /// The rules every game follows; `base` is where a relative `egtb` starts.
    #[must_use]
    pub fn rules_at(&self, base: &Path) -> Rules {
        let adjudication = self
            .adjudication
            .unwrap_or_else(|| Adjudication::for_game(self.game));
        Rules {
            game: self.game,
            options: self.options.clone(),
            max_plies: self.max_plies,
            move_timeout_ms: self.move_timeout_ms,
            adjudication,
            time_margin_ms: self.time_margin_ms,
            egtb: self
                .egtb
                .as_ref()
                .map(|dir| base.join(dir).display().to_string()),
        }
    }

    /// An upper bound on the games this configuration plays, `None` past
    /// [`MAX_GAMES`].
    #[must_use]
    pub fn planned_games(&self) -> Option<usize> {
        let n = self.players.len();
        let pairs = match self.format {
            Format::Gauntlet => n.saturating_sub(1),
            Format::DoubleRoundRobin => n * n.saturating_sub(1),
            _ => n * n.saturating_sub(1) / 2,
        };
        pairs
            .checked_mul(self.rounds)?
            .checked_mul(self.games_per_encounter)
            .filter(|&g| g <= MAX_GAMES)
    }

    /// Checks everything and starts every player's engine once, so a bad
    /// configuration fails before the first game; returns the players ready to play.
    /// `source` names the file (or `command line`) in errors, `base` is where
    /// relative paths start.
    ///
    /// # Errors
    /// [`ConfigError`] naming the source, the player and the field.
    pub fn entrants(&self, source: &str, base: &Path) -> Result<Vec<Entrant>, ConfigError> {
        let invalid = |what: String| ConfigError::Invalid(source.to_owned(), what);
        if self.players.len() < 2 {
            return Err(invalid("player: at least two players are needed".into()));
        }
        if self.rounds == 0 {
            return Err(invalid("rounds: must be at least 1".into()));
        }
        if self.sprt.is_some() && self.players.len() != 2 {
            return Err(invalid("sprt: only for two players".into()));
        }
        if self.games_per_encounter == 0 {
            return Err(invalid("games_per_encounter: must be at least 1".into()));
        }
        if self.planned_games().is_none() {
            return Err(invalid(format!(
                "rounds: {} rounds of {} games an encounter plan more than {MAX_GAMES} games",
                self.rounds, self.games_per_encounter
            )));
        }
        if matches!(self.format, Format::Groups | Format::Mixed)
            && (self.groups == 0 || self.groups > self.players.len())
        {
            return Err(invalid(format!(
                "groups: {} groups for {} players",
                self.groups,
                self.players.len()
            )));
        }
        if let Some(a) = &self.adjudication {
            a.validate().map_err(invalid)?;
        }
        if self.egtb.is_some() && self.game != GameKind::Checkers {
            return Err(invalid(format!(
                "egtb: the tables are for checkers, not {}",
                self.game
            )));
        }
        self.check_bracket().map_err(invalid)?;
        let mut names = std::collections::HashSet::new();
        let mut out = Vec::new();
        for p in &self.players {
            if !names.insert(p.name.as_str()) {
                return Err(invalid(format!("player: name '{}' appears twice", p.name)));
            }
            p.validate()
                .map_err(|e| ConfigError::Player(source.to_owned(), e))?;
            let setup = p
                .setup_lines(base)
                .map_err(|e| ConfigError::Player(source.to_owned(), e))?;
            let entrant = Entrant {
                config: p.clone(),
                setup,
                base: base.to_owned(),
            };
            self.check_engine(&entrant, source)?;
            out.push(entrant);
        }
        Ok(out)
    }

    /// The bracket formats' own limits.
    fn check_bracket(&self) -> Result<(), String> {
        if !self.format.has_bracket() {
            return Ok(());
        }
        if self.rounds != 1 {
            return Err("rounds: a bracket is played once (rounds = 1)".into());
        }
        if self.sprt.is_some() {
            return Err("sprt: only for a two-player match, not a bracket".into());
        }
        if self.format == Format::Mixed {
            let n = self.players.len();
            let groups = super::schedule::snake_groups(n, self.groups);
            let smallest = groups.iter().map(Vec::len).min().unwrap_or(0);
            if self.groups == 0 || self.groups > n {
                return Err(format!("groups: {} groups for {n} players", self.groups));
            }
            if self.advance == 0 || self.advance > smallest {
                return Err(format!(
                    "advance: {} of each group, but the smallest group has {smallest} players",
                    self.advance
                ));
            }
            if self.advance * groups.len() < 2 {
                return Err("advance: the bracket needs at least two players".into());
            }
        }
        Ok(())
    }

    /// Starts the engine, sets the game up and compares the weight count.
    fn check_engine(&self, entrant: &Entrant, source: &str) -> Result<(), ConfigError> {
        let name = &entrant.config.name;
        let engine_error =
            |what: String| ConfigError::Engine(source.to_owned(), name.clone(), what);
        let rules = self.rules_at(&entrant.base);
        if entrant.is_in_process() {
            return check_in_process(entrant, &rules).map_err(engine_error);
        }
        let timeout = Duration::from_millis(self.move_timeout_ms);
        let bare = Entrant {
            setup: vec![],
            ..entrant.clone()
        };
        let mut client = bare
            .start_external(&rules, timeout)
            .map_err(|e| engine_error(e.to_string()))?;
        if let Some(evaluator) = &entrant.config.evaluator {
            client
                .request(&format!("evaluator {evaluator}"), timeout)
                .map_err(|e| engine_error(format!("evaluator: {e}")))?;
        }
        let reply = client
            .request("evaluator", timeout)
            .map_err(|e| engine_error(e.to_string()))?;
        let expected: Option<usize> = reply
            .iter()
            .flat_map(|l| l.split_whitespace())
            .find_map(|w| w.strip_prefix("weights="))
            .and_then(|n| n.parse().ok());
        if let (Some(given), Some(expected)) =
            (entrant.config.given_weights(&entrant.setup), expected)
        {
            if given != expected {
                return Err(engine_error(format!(
                    "weights: {given} values given, the evaluator has {expected}"
                )));
            }
        }
        for line in &entrant.setup {
            client
                .request(line, timeout)
                .map_err(|e| engine_error(format!("weights: {e}")))?;
        }
        Ok(())
    }

    /// The folder relative paths in a config file start from.
    #[must_use]
    pub fn base_of(path: &Path) -> PathBuf {
        path.parent().map(Path::to_owned).unwrap_or_default()
    }
}

/// [`TournamentConfig::check_engine`] for the core in this process, through typed
/// calls: the evaluator, the weight count, then the whole start (table, endgame
/// tables, game options, weights).
fn check_in_process(entrant: &Entrant, rules: &Rules) -> Result<(), String> {
    let config = &entrant.config;
    let evaluator = evaluator_defaults(rules.game, config.evaluator.as_deref())
        .map_err(|e| format!("evaluator: {e}"))?;
    let given = config
        .weight_values(&entrant.base)
        .map_err(|e| e.to_string())?;
    let expected = evaluator.weights.len();
    if let Some(given) = given.map(|w| w.len()).filter(|&n| n != expected) {
        return Err(format!(
            "weights: {given} values given, the evaluator has {expected}"
        ));
    }
    entrant
        .start_in_process(rules)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, text: &str) -> PathBuf {
        let path = dir.join("t.toml");
        std::fs::write(&path, text).unwrap();
        path
    }

    const GOOD: &str = r#"
game = "checkers"
seed = 7
[[player]]
name = "A"
depth = 2
[[player]]
name = "B"
evaluator = "baseline"
weights = [1, 1.5, 0.1, 0.05, 0.02]
algo = "pvs"
depth = 3
"#;

    fn error_of(text: &str) -> String {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), text);
        match TournamentConfig::read(&path) {
            Err(e) => e.to_string(),
            Ok(c) => c.entrants("t.toml", dir.path()).unwrap_err().to_string(),
        }
    }

    #[test]
    fn a_good_file_reads_and_starts() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), GOOD);
        let c = TournamentConfig::read(&path).unwrap();
        assert_eq!(
            (c.seed, c.players.len(), c.format),
            (7, 2, Format::RoundRobin)
        );
        let e = c.entrants("t.toml", dir.path()).unwrap();
        assert_eq!(
            e[1].setup,
            vec!["evaluator baseline", "weights at=0 1 1.5 0.1 0.05 0.02"]
        );
    }

    #[test]
    fn bad_files_name_the_field_and_the_file() {
        let e = error_of(&GOOD.replace("seed = 7", "seed = 7\nspeed = 2"));
        assert!(e.contains("t.toml") && e.contains("speed"), "{e}");
        let e = error_of(&GOOD.replace("\"checkers\"", "\"chess\""));
        assert!(
            e.contains("t.toml")
                && e.contains(
                    "unknown game 'chess' (expected tictactoe, checkers, dots or amazons)"
                ),
            "{e}"
        );
        let e = error_of(&GOOD.replace("algo = \"pvs\"", "algo = \"best\""));
        assert!(
            e.contains("t.toml") && e.contains("unknown algorithm 'best' (expected minimax"),
            "{e}"
        );
        let e = error_of(&GOOD.replace("name = \"A\"\n", ""));
        assert!(e.contains("t.toml") && e.contains("name"), "{e}");
        let e = error_of(&GOOD.replace("0.05, 0.02]", "0.05]"));
        assert!(
            e.contains("t.toml")
                && e.contains("'B'")
                && e.contains("4 values given, the evaluator has 5"),
            "{e}"
        );
        let e = error_of(&GOOD.replace("algo = \"pvs\"", "cmd = \"/nonexistent/engine\""));
        assert!(
            e.contains("t.toml") && e.contains("'B'") && e.contains("cannot start"),
            "{e}"
        );
        let e = error_of(&GOOD.replace("evaluator = \"baseline\"", "evaluator = \"deep\""));
        assert!(e.contains("unknown evaluator 'deep'"), "{e}");
        let e = error_of(&GOOD.replace("depth = 3", "depth = 3\nnodes = 5"));
        assert!(e.contains("exactly one of depth"), "{e}");
        let e = error_of(&GOOD.replace("seed = 7", "seed = 7\nformat = \"mixed\"\nadvance = 2"));
        assert!(
            e.contains("t.toml")
                && e.contains("advance: 2 of each group, but the smallest group has 1"),
            "{e}"
        );
        let e = error_of(&GOOD.replace(
            "seed = 7",
            "seed = 7\nformat = \"double-elimination\"\nrounds = 2",
        ));
        assert!(e.contains("rounds: a bracket is played once"), "{e}");
    }

    /// Issue 26's bad inputs: each refused when the file is read or checked, before
    /// any game, with the field and the file named.
    #[test]
    fn bad_values_are_refused_before_a_game() {
        let e = error_of(&GOOD.replace("depth = 2", "depth = 0"));
        assert!(
            e.contains("t.toml") && e.contains("depth") && e.contains('0'),
            "{e}"
        );
        let groups = |n: usize| {
            GOOD.replace(
                "seed = 7",
                &format!("seed = 7\nformat = \"groups\"\ngroups = {n}"),
            )
        };
        let e = error_of(&groups(0));
        assert!(e.contains("groups: 0 groups for 2 players"), "{e}");
        let e = error_of(&groups(3));
        assert!(e.contains("groups: 3 groups for 2 players"), "{e}");
        let e = error_of(&GOOD.replace(
            "seed = 7",
            "seed = 7\nadjudication = { resign_score = -5, resign_moves = 3 }",
        ));
        assert!(e.contains("t.toml") && e.contains("resign_score"), "{e}");
        let e = error_of(&GOOD.replace("name = \"A\"", "name = \"\""));
        assert!(e.contains("t.toml") && e.contains("name"), "{e}");
        let e = error_of(&GOOD.replace("name = \"A\"", "name = \"  \""));
        assert!(e.contains("name"), "{e}");
        let scoring = |s: &str| GOOD.replace("seed = 7", &format!("seed = 7\nscoring = {s}"));
        let e = error_of(&scoring("{ win = 0.3, draw = 0, loss = 0 }"));
        assert!(
            e.contains("t.toml") && e.contains("scoring") && e.contains("0.3 points"),
            "{e}"
        );
        assert!(error_of(&scoring("{ win = 2, draw = 1, loss = -1 }")).contains("-1 points"));
        let dir = tempfile::tempdir().unwrap();
        let halves = write(dir.path(), &scoring("{ win = 1, draw = 0.5, loss = 0 }"));
        let read = TournamentConfig::read(&halves).unwrap();
        assert_eq!(read.scoring.draw, HalfPoints::DRAW);
        assert!(PlayerConfig::parse_spec("name=A,depth=1,,").is_err());
        assert!(PlayerConfig::parse_spec("name=,depth=1").is_err());
        assert!(PlayerConfig::parse_spec("name=A,depth=0").is_err());
    }
}

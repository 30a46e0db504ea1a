//! A player as configuration: evaluator and weights, search algorithm and limit,
//! table size, and which engine runs it (the core in this process, any command
//! speaking the microply protocol, or the firmware under QEMU).

use std::path::{Path, PathBuf};

use microply_core::games::checkers::patterns::Patterns;

use microply_core::search::{Algorithm, GameClock, Limits, Mode, Settings, TableUse};
use serde::{Deserialize, Serialize};

use super::clock::TimeControl;
use super::names::Named;
use crate::weights_file::read_weight_values;

/// Weights given inline (a list of decimals) or as a file of whitespace-separated
/// decimals (`#` comments; a first line `microply-network ...` is skipped).
///
/// Read by hand rather than as a serde `untagged` enum: untagged buffering loses
/// floats when serde_json's `arbitrary_precision` is on in the build (a feature any
/// dependency may switch on), and a resumed run's state must read back what it wrote.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum WeightsSource {
    /// The values themselves.
    Inline(Vec<f64>),
    /// A file path (relative to the config file's folder).
    File(String),
}

impl<'de> Deserialize<'de> for WeightsSource {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Source;
        impl<'de> serde::de::Visitor<'de> for Source {
            type Value = WeightsSource;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a list of decimals or a file name")
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<WeightsSource, E> {
                Ok(WeightsSource::File(v.to_owned()))
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<WeightsSource, A::Error> {
                let mut values = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(v) = seq.next_element::<f64>()? {
                    values.push(v);
                }
                Ok(WeightsSource::Inline(values))
            }
        }
        d.deserialize_any(Source)
    }
}

/// One player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerConfig {
    /// The name in tables and records (unique in a tournament).
    pub name: String,
    /// The evaluator's protocol name (the game's default when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evaluator: Option<String>,
    /// The evaluator's weights (its defaults when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<WeightsSource>,
    /// The `patterns` evaluator's residual network: a file (`microply patterns
    /// residual`) or [`NO_RESIDUAL`]. When absent, the compiled-in network with the
    /// compiled-in tables, none with a tables file (`weights=FILE`): a network is
    /// fitted to one set of tables.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub residual: Option<String>,
    /// The search: minimax, alphabeta, pvs, mtdf or sss (sss when absent).
    #[serde(default, with = "super::names")]
    pub algo: Algorithm,
    /// The search mode: exact, selective or probcut (the protocol's default, exact, when
    /// absent).
    #[serde(
        default,
        with = "super::names::option",
        skip_serializing_if = "Option::is_none"
    )]
    pub mode: Option<Mode>,
    /// Depth limit per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Node limit per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Time per move in milliseconds (results then depend on the machine).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movetime: Option<u64>,
    /// A game clock, `BASE+INC` in seconds (`2+0.02`): the engine's time manager
    /// budgets each move; running out loses the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tc: Option<TimeControl>,
    /// Transposition table entries of the in-process engine.
    #[serde(default = "default_table")]
    pub table: usize,
    /// Whether each move's search starts from a cleared table (`clear`, the
    /// default) or from what the game's earlier searches stored (`keep`): the
    /// protocol's `go ... table=keep`.
    #[serde(default, with = "super::names", skip_serializing_if = "is_clear")]
    pub tt: TableUse,
    /// An external engine command (program and arguments) instead of the core.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmd: Option<String>,
    /// A firmware ELF run under QEMU instead of the core.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub firmware: Option<String>,
    /// Checkers endgame tables the in-process engine's searches probe (a folder
    /// relative to the config file's; `microply egtb generate`). Without it the
    /// player uses the match's tables (`--egtb`) if any; [`NO_TABLES`] opts out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub egtb: Option<String>,
}

/// The checkers evaluator whose weights are a tables file.
pub const PATTERNS: &str = "patterns";

pub use super::pattern_tables::NO_RESIDUAL;

/// The `egtb` value of a player that plays without endgame tables even when the
/// match has some.
pub const NO_TABLES: &str = "none";

// serde's skip_serializing_if passes a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_clear(tt: &TableUse) -> bool {
    *tt == TableUse::Clear
}

fn default_table() -> usize {
    1 << 16
}

/// A player configuration that cannot work.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlayerError {
    /// `--player` text that is not `key=value,...`.
    #[error("player '{0}': '{1}' is not key=value")]
    NotKeyValue(String, String),
    /// A key no player has.
    #[error("player '{0}': unknown key '{1}'")]
    UnknownKey(String, String),
    /// A value of the wrong kind.
    #[error("player '{0}': bad value '{2}' for '{1}'")]
    BadValue(String, &'static str, String),
    /// A missing field.
    #[error("player: missing field '{0}'")]
    Missing(&'static str),
    /// No limit, or more than one.
    #[error("player '{0}': give exactly one of depth, nodes, movetime, tc")]
    Limit(String),
    /// An empty `key=value` part (`name=A,,depth=2`).
    #[error("player '{0}': an empty part between commas")]
    EmptyPart(String),
    /// Both an external command and a firmware.
    #[error("player '{0}': give at most one of cmd, firmware")]
    Engine(String),
    /// Endgame tables for an engine other than the in-process core.
    #[error("player '{0}': egtb is for the in-process engine (give cmd its own --egtb)")]
    Egtb(String),
    /// A weights file that cannot be read.
    #[error("player '{0}': weights file '{1}': {2}")]
    WeightsFile(String, String, String),
    /// A residual network for another evaluator than `patterns` or another engine
    /// than the in-process core.
    #[error("player '{0}': residual is for evaluator=patterns in the in-process engine")]
    Residual(String),
    /// A patterns tables file or residual network that does not load (the reason
    /// names the file).
    #[error("player '{0}': {1}")]
    Patterns(String, String),
}

impl PlayerConfig {
    /// An in-process core player called `name` with every default: the game's
    /// evaluator, PVS (the protocol's default algorithm), no limit yet, the default table.
    #[must_use]
    pub fn named(name: &str) -> PlayerConfig {
        PlayerConfig {
            name: name.to_owned(),
            evaluator: None,
            weights: None,
            residual: None,
            algo: Algorithm::default(),
            mode: None,
            depth: None,
            nodes: None,
            movetime: None,
            tc: None,
            table: default_table(),
            tt: TableUse::Clear,
            cmd: None,
            firmware: None,
            egtb: None,
        }
    }

    /// A warning for settings that run but are known to play badly, to show before a
    /// match: the selective mode with AB-SSS\*, whose null-window passes re-search the
    /// reduced moves (docs/search.md, "Tuning the selective mode"); the selective mode
    /// is meant for PVS (the default algorithm). And the ProbCut mode with MTD(f) or
    /// AB-SSS\*, which search exactly in it (docs/search.md, "ProbCut").
    #[must_use]
    pub fn caution(&self) -> Option<String> {
        let null_window = matches!(self.algo, Algorithm::Mtdf | Algorithm::Sss);
        match self.mode {
            Some(Mode::Selective) if self.algo == Algorithm::Sss => Some(format!(
                "warning: player {}: mode=selective with algo=sss re-searches every reduced \
                 move (the slowest combination, docs/search.md); use algo=pvs (the default)",
                self.name
            )),
            Some(Mode::ProbCut) if null_window => Some(format!(
                "warning: player {}: mode=probcut with algo={} searches exactly (ProbCut \
                 serves PVS and alpha-beta, docs/search.md); use algo=pvs (the default)",
                self.name, self.algo
            )),
            _ => None,
        }
    }

    /// Reads the command-line form `name=A,algo=pvs,mode=selective,depth=6,
    /// evaluator=network,weights=FILE,table=N,tt=keep,egtb=DIR,cmd=...` (weights inline as `weights=0.5;1;2`).
    ///
    /// # Errors
    /// [`PlayerError`] naming the bad key or value.
    pub fn parse_spec(spec: &str) -> Result<PlayerConfig, PlayerError> {
        PlayerConfig::parse_spec_with(spec, None)
    }

    /// [`PlayerConfig::parse_spec`], giving a spec without any limit the clock `tc`
    /// (a match's `--tc`, as fastchess's `-each tc=`).
    ///
    /// # Errors
    /// [`PlayerError`] naming the bad key or value.
    pub fn parse_spec_with(
        spec: &str,
        tc: Option<TimeControl>,
    ) -> Result<PlayerConfig, PlayerError> {
        let mut p = PlayerConfig::named("");
        for part in spec.split(',') {
            if part.is_empty() {
                return Err(PlayerError::EmptyPart(spec.into()));
            }
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| PlayerError::NotKeyValue(spec.into(), part.into()))?;
            p.set(key, value)?;
        }
        if p.name.is_empty() {
            return Err(PlayerError::Missing("name"));
        }
        if p.depth.is_none() && p.nodes.is_none() && p.movetime.is_none() && p.tc.is_none() {
            p.tc = tc;
        }
        p.validate()?;
        Ok(p)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), PlayerError> {
        let bad = |field| PlayerError::BadValue(self.name.clone(), field, value.to_owned());
        match key {
            "name" => self.name = value.to_owned(),
            "evaluator" => self.evaluator = Some(value.to_owned()),
            "algo" => self.algo = Named::from_name(value).map_err(|_| bad("algo"))?,
            "mode" => self.mode = Some(Named::from_name(value).map_err(|_| bad("mode"))?),
            "depth" => self.depth = Some(value.parse().map_err(|_| bad("depth"))?),
            "nodes" => self.nodes = Some(value.parse().map_err(|_| bad("nodes"))?),
            "movetime" => self.movetime = Some(value.parse().map_err(|_| bad("movetime"))?),
            "tc" => self.tc = Some(value.parse().map_err(|_| bad("tc"))?),
            "table" => self.table = value.parse().map_err(|_| bad("table"))?,
            "tt" => self.tt = Named::from_name(value).map_err(|_| bad("tt"))?,
            "cmd" => self.cmd = Some(value.to_owned()),
            "firmware" => self.firmware = Some(value.to_owned()),
            "egtb" => self.egtb = Some(value.to_owned()),
            "residual" => self.residual = Some(value.to_owned()),
            "weights" if value.contains(';') || value.parse::<f64>().is_ok() => {
                let values: Result<Vec<f64>, _> = value.split(';').map(str::parse).collect();
                self.weights = Some(WeightsSource::Inline(values.map_err(|_| bad("weights"))?));
            }
            "weights" => self.weights = Some(WeightsSource::File(value.to_owned())),
            _ => return Err(PlayerError::UnknownKey(self.name.clone(), key.to_owned())),
        }
        Ok(())
    }

    /// Checks what the fields alone can tell (exactly one limit, one engine kind).
    ///
    /// # Errors
    /// [`PlayerError`] naming the field.
    pub fn validate(&self) -> Result<(), PlayerError> {
        let bad = |field, value: String| PlayerError::BadValue(self.name.clone(), field, value);
        if self.name.trim().is_empty() {
            return Err(PlayerError::Missing("name"));
        }
        let limits = [
            self.depth.is_some(),
            self.nodes.is_some(),
            self.movetime.is_some(),
            self.tc.is_some(),
        ];
        if limits.iter().filter(|&&l| l).count() != 1 {
            return Err(PlayerError::Limit(self.name.clone()));
        }
        match (self.depth, self.nodes, self.movetime) {
            (Some(0), _, _) => return Err(bad("depth", "0".into())),
            (_, Some(0), _) => return Err(bad("nodes", "0".into())),
            (_, _, Some(0)) => return Err(bad("movetime", "0".into())),
            _ => {}
        }
        if let Some(d) = self.depth.filter(|&d| d > microply_core::search::MAX_DEPTH) {
            return Err(bad(
                "depth",
                format!("{d} (at most {})", microply_core::search::MAX_DEPTH),
            ));
        }
        if self.cmd.is_some() && self.firmware.is_some() {
            return Err(PlayerError::Engine(self.name.clone()));
        }
        if self.egtb.as_deref().is_some_and(|e| e != NO_TABLES)
            && (self.cmd.is_some() || self.firmware.is_some())
        {
            return Err(PlayerError::Egtb(self.name.clone()));
        }
        if self.residual.is_some()
            && (self.evaluator.as_deref() != Some(PATTERNS)
                || self.cmd.is_some()
                || self.firmware.is_some())
        {
            return Err(PlayerError::Residual(self.name.clone()));
        }
        if self.table == 0 {
            return Err(PlayerError::BadValue(
                self.name.clone(),
                "table",
                "0".into(),
            ));
        }
        Ok(())
    }

    /// The `go` command of one move; `clock` is the clock form's arguments
    /// (`time1=.. time2=.. inc1=.. inc2=..`) when the player is on a clock.
    #[must_use]
    pub fn go_command(&self, clock: Option<&str>) -> String {
        let limit = match (self.depth, self.nodes, self.movetime, clock) {
            (Some(d), ..) => format!("depth {d}"),
            (_, Some(n), ..) => format!("nodes {n}"),
            (_, _, Some(ms), _) => format!("movetime {ms}"),
            (.., Some(clock)) => clock.to_owned(),
            _ => "depth 1".to_owned(),
        };
        let mut go = format!("go {limit} algo={}", self.algo);
        if let Some(mode) = &self.mode {
            go.push_str(&format!(" mode={mode}"));
        }
        if self.tt == TableUse::Keep {
            go.push_str(" table=keep");
        }
        go
    }

    /// The search settings of one move, what [`PlayerConfig::go_command`] asks an
    /// external engine for; `clock` is the mover's game clock when it is on one.
    #[must_use]
    pub fn settings(&self, clock: Option<GameClock>) -> Settings {
        let limits = match (self.depth, self.nodes, self.movetime, clock) {
            (Some(d), ..) => Limits::depth(d),
            (_, Some(n), ..) => Limits::nodes(n),
            (_, _, Some(ms), _) => Limits::time_ms(ms),
            (.., Some(clock)) => Limits::clock(clock),
            _ => Limits::depth(1),
        };
        Settings {
            algorithm: self.algo,
            limits,
            mode: self.mode.unwrap_or_default(),
            ..Settings::default()
        }
    }

    /// The weights given, inline or read from their file (relative to `base`).
    ///
    /// # Errors
    /// [`PlayerError::WeightsFile`] when a weights file cannot be read.
    pub fn weight_values(&self, base: &Path) -> Result<Option<Vec<f64>>, PlayerError> {
        if self.evaluator.as_deref() == Some(PATTERNS) && self.weights.is_some() {
            // A tables file, not values: read by `pattern_tables` when the in-process
            // engine starts; an engine over the protocol cannot be sent one.
            if self.cmd.is_some() || self.firmware.is_some() {
                return Err(PlayerError::WeightsFile(
                    self.name.clone(),
                    "patterns".into(),
                    "the patterns evaluator's tables (weights=FILE) load only into the in-process engine".into(),
                ));
            }
            return Ok(None);
        }
        match &self.weights {
            None => Ok(None),
            Some(WeightsSource::Inline(v)) => Ok(Some(v.clone())),
            Some(WeightsSource::File(f)) => read_weight_values(&base.join(f))
                .map(Some)
                .map_err(|e| PlayerError::WeightsFile(self.name.clone(), f.clone(), e.to_string())),
        }
    }

    /// The `patterns` evaluator of a `patterns` player that names a tables file
    /// (`weights=FILE`) or a residual network (`residual=FILE|none`), files relative
    /// to `base`; `None` for any other (the compiled-in evaluator).
    ///
    /// # Errors
    /// [`PlayerError::WeightsFile`]: values instead of a file; [`PlayerError::Patterns`]:
    /// a file that is not a patterns file or a residual network.
    pub fn patterns(&self, base: &Path) -> Result<Option<Patterns>, PlayerError> {
        if self.evaluator.as_deref() != Some(PATTERNS)
            || (self.weights.is_none() && self.residual.is_none())
        {
            return Ok(None);
        }
        let bad =
            |f: &str, why: String| PlayerError::WeightsFile(self.name.clone(), f.to_owned(), why);
        let tables = match &self.weights {
            None => None,
            Some(WeightsSource::Inline(_)) => return Err(bad(
                "(inline)",
                "the patterns evaluator takes a tables file (microply patterns train), not values"
                    .into(),
            )),
            Some(WeightsSource::File(f)) => Some(base.join(f)),
        };
        let residual = match self.residual.as_deref() {
            Some(NO_RESIDUAL) => Some(PathBuf::from(NO_RESIDUAL)),
            other => other.map(|f| base.join(f)),
        };
        super::pattern_tables::patterns(tables.as_deref(), residual.as_deref())
            .map_err(|e| PlayerError::Patterns(self.name.clone(), e.to_string()))
    }

    /// The protocol lines that select the evaluator and load the weights (after
    /// `game`) in an external engine; weights files are read relative to `base`.
    ///
    /// # Errors
    /// [`PlayerError::WeightsFile`] when a weights file cannot be read.
    pub fn setup_lines(&self, base: &Path) -> Result<Vec<String>, PlayerError> {
        let mut lines = Vec::new();
        if let Some(name) = &self.evaluator {
            lines.push(format!("evaluator {name}"));
        }
        let Some(values) = self.weight_values(base)? else {
            return Ok(lines);
        };
        let values: Vec<String> = values.iter().map(f64::to_string).collect();
        // Chunks keep every line far below the protocol's 2048 bytes.
        for (i, chunk) in values.chunks(64).enumerate() {
            lines.push(format!("weights at={} {}", i * 64, chunk.join(" ")));
        }
        if values.is_empty() {
            lines.push("weights".to_owned());
        }
        Ok(lines)
    }

    /// The number of weights given (to check against the evaluator's count), if any.
    #[must_use]
    pub fn given_weights(&self, setup: &[String]) -> Option<usize> {
        self.weights.as_ref()?;
        Some(
            setup
                .iter()
                .filter_map(|l| l.strip_prefix("weights at="))
                .map(|l| l.split_whitespace().count().saturating_sub(1))
                .sum(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_spec() {
        let p = PlayerConfig::parse_spec("name=A,algo=pvs,depth=6,weights=1;1.5;0.1").unwrap();
        assert_eq!(
            (p.name.as_str(), p.algo, p.depth),
            ("A", Algorithm::Pvs, Some(6))
        );
        assert_eq!(p.go_command(None), "go depth 6 algo=pvs");
        let s = PlayerConfig::parse_spec("name=S,mode=selective,algo=sss,movetime=100").unwrap();
        assert_eq!(
            s.go_command(None),
            "go movetime 100 algo=sss mode=selective"
        );
        assert!(s
            .caution()
            .is_some_and(|w| w.contains("player S") && w.contains("algo=pvs")));
        let m = PlayerConfig::parse_spec("name=M,mode=probcut,algo=mtdf,depth=3").unwrap();
        assert!(m
            .caution()
            .is_some_and(|w| w.contains("player M") && w.contains("algo=mtdf searches exactly")));
        for fine in [
            "name=R,mode=probcut,depth=3",
            "name=A,mode=probcut,algo=alphabeta,depth=3",
            "name=P,mode=selective,algo=pvs,depth=3",
            "name=Q,mode=selective,depth=3",
            "name=E,mode=exact,depth=3",
            "name=D,depth=3",
        ] {
            assert_eq!(
                PlayerConfig::parse_spec(fine).unwrap().caution(),
                None,
                "{fine}"
            );
        }
        let c = PlayerConfig::parse_spec("name=C,tc=2+0.02").unwrap();
        assert_eq!(c.tc.map(|t| t.to_string()).as_deref(), Some("2+0.02"));
        assert_eq!(
            c.go_command(Some("time1=2000 time2=2000 inc1=20 inc2=20")),
            "go time1=2000 time2=2000 inc1=20 inc2=20 algo=pvs"
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=S,mode=fast,depth=2"),
            Err(PlayerError::BadValue("S".into(), "mode", "fast".into()))
        );
        let k = PlayerConfig::parse_spec("name=K,mode=selective,tt=keep,nodes=900").unwrap();
        assert_eq!(
            k.go_command(None),
            "go nodes 900 algo=pvs mode=selective table=keep"
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=K,tt=old,depth=2"),
            Err(PlayerError::BadValue("K".into(), "tt", "old".into()))
        );
        assert_eq!(p.weights, Some(WeightsSource::Inline(vec![1.0, 1.5, 0.1])));
        let lines = p.setup_lines(Path::new(".")).unwrap();
        assert_eq!(lines, vec!["weights at=0 1 1.5 0.1".to_owned()]);
        assert_eq!(p.given_weights(&lines), Some(3));
    }

    #[test]
    fn bad_specs_name_the_problem() {
        assert_eq!(
            PlayerConfig::parse_spec("name=A,deep=3"),
            Err(PlayerError::UnknownKey("A".into(), "deep".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A,depth=x"),
            Err(PlayerError::BadValue("A".into(), "depth", "x".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A"),
            Err(PlayerError::Limit("A".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("depth=2"),
            Err(PlayerError::Missing("name"))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=,depth=2"),
            Err(PlayerError::Missing("name"))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A,depth=1,,"),
            Err(PlayerError::EmptyPart("name=A,depth=1,,".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A,depth=0"),
            Err(PlayerError::BadValue("A".into(), "depth", "0".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A,nodes=0"),
            Err(PlayerError::BadValue("A".into(), "nodes", "0".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A,tc=fast"),
            Err(PlayerError::BadValue("A".into(), "tc", "fast".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A,tc=2+0.02,depth=3"),
            Err(PlayerError::Limit("A".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A,depth=2,algo=best"),
            Err(PlayerError::BadValue("A".into(), "algo", "best".into()))
        );
        assert_eq!(
            PlayerConfig::parse_spec("name=A,depth=2,egtb=t,cmd=microply engine"),
            Err(PlayerError::Egtb("A".into()))
        );
    }

    #[test]
    fn endgame_tables_are_a_player_option() {
        let p = PlayerConfig::parse_spec("name=A,depth=2,egtb=tables/4").unwrap();
        assert_eq!(p.egtb.as_deref(), Some("tables/4"));
        let toml_player: PlayerConfig =
            toml::from_str("name = \"B\"\ndepth = 3\negtb = \"e4\"").unwrap();
        assert_eq!(toml_player.egtb.as_deref(), Some("e4"));
    }

    #[test]
    fn the_residual_network_is_a_patterns_player_option() {
        let p =
            PlayerConfig::parse_spec("name=A,evaluator=patterns,residual=none,depth=2").unwrap();
        assert_eq!(p.residual.as_deref(), Some(NO_RESIDUAL));
        let played = p.patterns(Path::new(".")).unwrap().unwrap();
        assert_eq!(played.residual, None);
        // Without the key: the compiled-in evaluator, network included.
        let default = PlayerConfig::parse_spec("name=B,evaluator=patterns,depth=2").unwrap();
        assert_eq!(default.patterns(Path::new(".")).unwrap(), None);
        assert!(!serde_json::to_string(&default)
            .unwrap()
            .contains("residual"));
        for spec in [
            "name=C,residual=none,depth=2",
            "name=C,evaluator=expert,residual=net.bin,depth=2",
            "name=C,evaluator=patterns,residual=net.bin,depth=2,cmd=microply engine",
        ] {
            assert_eq!(
                PlayerConfig::parse_spec(spec),
                Err(PlayerError::Residual("C".into())),
                "{spec}"
            );
        }
        let missing =
            PlayerConfig::parse_spec("name=D,evaluator=patterns,residual=missing.bin,depth=2")
                .unwrap();
        let e = missing
            .patterns(Path::new("/nonexistent"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("player 'D': residual network '/nonexistent/missing.bin'"),
            "{e}"
        );
    }

    #[test]
    fn the_table_use_is_read_written_and_refused_by_name() {
        let kept: PlayerConfig = toml::from_str("name = \"K\"\ndepth = 3\ntt = \"keep\"").unwrap();
        assert_eq!(kept.tt, TableUse::Keep);
        let json = serde_json::to_string(&kept).unwrap();
        assert!(json.contains("\"tt\":\"keep\""), "{json}");
        // The default is not written, so saved runs from before read the same.
        let cleared = PlayerConfig::parse_spec("name=C,depth=3").unwrap();
        assert!(!serde_json::to_string(&cleared).unwrap().contains("tt"));
        let e = toml::from_str::<PlayerConfig>("name = \"K\"\ndepth = 3\ntt = \"old\"")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown table use 'old' (expected clear or keep)"),
            "{e}"
        );
    }
}

#[cfg(test)]
mod weights_source_round_trip {
    use super::*;

    #[test]
    fn inline_weights_survive_a_json_round_trip() {
        let p = PlayerConfig::parse_spec(
            "name=A,evaluator=chain,depth=2,weights=0.5;-1;2.25;0;0;0;0;0;0;0",
        )
        .unwrap();
        let text = serde_json::to_string(&p).unwrap();
        let back: PlayerConfig = serde_json::from_str(&text).unwrap();
        assert_eq!(back, p, "{text}");
    }
}

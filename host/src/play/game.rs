//! Playing one game between two configured players from an opening, refereed by
//! the core: a crash, a timeout, an illegal move or a protocol error forfeits the
//! game for the player who caused it, with the reason recorded.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use microply_core::games::GameKind;
use microply_core::player::Outcome as CoreOutcome;
use microply_core::Player;

use super::adjudication::{score_value, Adjudication, Verdict};
use super::client::{Client, ClientError, Reply};
use super::clock::GameClocks;
use super::exact::ExactJudge;
use super::in_process::{check_options, Answer, InProcess};
use super::openings::Opening;
use super::player::{PlayerConfig, PlayerError, NO_TABLES};
use super::points::HalfPoints;
use super::referee::Referee;
use super::termination::Termination;
use crate::egtb::Tablebase;

/// The game all players play, and how games end when the rules do not end them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The game, by its protocol name (`tictactoe`, `checkers`, `dots`, `amazons`).
    #[serde(with = "super::names")]
    pub game: GameKind,
    /// The `game` command's options (`rows=3 cols=3`), space separated.
    #[serde(default)]
    pub options: String,
    /// Adjudicate a draw after this many plies.
    #[serde(default = "default_max_plies")]
    pub max_plies: u32,
    /// The most a player may take for one move (on top of its own movetime).
    #[serde(default = "default_move_timeout_ms")]
    pub move_timeout_ms: u64,
    /// Adjudication by score and by exact verdicts (off by default).
    #[serde(default)]
    pub adjudication: Adjudication,
    /// How far past zero a player's clock may run before it loses on time
    /// (fastchess's `timemargin`), in milliseconds.
    #[serde(default = "default_time_margin_ms")]
    pub time_margin_ms: u64,
    /// Checkers endgame tables the referee adjudicates by (`adjudication.exact`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub egtb: Option<String>,
}

impl Rules {
    /// Rules of `game` with `options` and every other field at its default
    /// (400 plies, no adjudication).
    #[must_use]
    pub fn of(game: GameKind, options: &str) -> Rules {
        Rules {
            game,
            options: options.to_owned(),
            max_plies: default_max_plies(),
            move_timeout_ms: default_move_timeout_ms(),
            adjudication: Adjudication::default(),
            time_margin_ms: default_time_margin_ms(),
            egtb: None,
        }
    }
}

/// The default ply cap of a game.
pub const DEFAULT_MAX_PLIES: u32 = 400;

/// The default time a player may take for one move without a clock, in ms.
pub const DEFAULT_MOVE_TIMEOUT_MS: u64 = 60_000;

fn default_max_plies() -> u32 {
    DEFAULT_MAX_PLIES
}

/// The default clock margin, in milliseconds.
pub const DEFAULT_TIME_MARGIN_MS: u64 = 50;

fn default_time_margin_ms() -> u64 {
    DEFAULT_TIME_MARGIN_MS
}

fn default_move_timeout_ms() -> u64 {
    DEFAULT_MOVE_TIMEOUT_MS
}

/// A player ready to start: its configuration and the protocol lines that set its
/// evaluator up, with files resolved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// The configuration.
    pub config: PlayerConfig,
    /// `evaluator` and `weights` lines, sent after `game`.
    pub setup: Vec<String>,
    /// Where relative `firmware` paths start.
    pub base: PathBuf,
}

impl Entrant {
    /// A player from a command-line spec (`name=A,depth=2`), without setup lines,
    /// for tests.
    #[cfg(test)]
    pub(crate) fn from_spec(spec: &str) -> Entrant {
        Entrant {
            config: PlayerConfig::parse_spec(spec).unwrap(),
            setup: vec![],
            base: PathBuf::from("."),
        }
    }

    /// Whether the core in this process plays it (neither `cmd` nor `firmware`).
    #[must_use]
    pub fn is_in_process(&self) -> bool {
        self.config.cmd.is_none() && self.config.firmware.is_none()
    }

    /// Starts its engine and sets the game up: the core in this process through
    /// typed calls, an external engine through `game` and the setup lines.
    ///
    /// # Errors
    /// The engine cannot start or refuses the game or its setup.
    pub fn start(&self, rules: &Rules, timeout: Duration) -> Result<Seat, ClientError> {
        if self.is_in_process() {
            return self
                .start_in_process(rules)
                .map(|p| Seat::Core(Box::new(p)));
        }
        self.start_external(rules, timeout).map(Seat::External)
    }

    /// The external engine, its game and evaluator set up by protocol lines.
    ///
    /// # Errors
    /// The engine cannot start or refuses a line.
    pub fn start_external(&self, rules: &Rules, timeout: Duration) -> Result<Client, ClientError> {
        let mut client = match (&self.config.cmd, &self.config.firmware) {
            (Some(cmd), _) => Client::spawn(cmd)?,
            (None, Some(elf)) => Client::firmware(&self.base.join(elf))?,
            (None, None) => {
                return Err(ClientError::Spawn {
                    command: self.config.name.clone(),
                    reason: "an in-process player has no external engine".into(),
                })
            }
        };
        client.request(&game_line(rules), timeout)?;
        for line in &self.setup {
            client.request(line, timeout)?;
        }
        Ok(client)
    }

    /// The core in this process with the player's table, endgame tables, evaluator
    /// and weights (read from the configuration, files relative to `base`).
    ///
    /// # Errors
    /// A table too large, endgame tables that cannot be loaded, a bad game option,
    /// evaluator or weight.
    pub fn start_in_process(&self, rules: &Rules) -> Result<InProcess, ClientError> {
        check_options(rules.game, &rules.options)?;
        let mut player =
            InProcess::new(self.config.table, self.tables(rules)?)?.with_table_use(self.config.tt);
        let patterns = self
            .config
            .patterns(&self.base)
            .map_err(|e: PlayerError| ClientError::Setup(e.to_string()))?;
        if let Some(patterns) = patterns {
            player.set_patterns(patterns);
            return Ok(player);
        }
        let weights = self
            .config
            .weight_values(&self.base)
            .map_err(|e: PlayerError| ClientError::Setup(e.to_string()))?;
        player.set_evaluator(
            rules.game,
            self.config.evaluator.as_deref(),
            weights.as_deref(),
        )?;
        Ok(player)
    }
}

/// A started player: an external engine spoken to in the protocol, or the core in
/// this process called directly.
#[derive(Debug)]
pub enum Seat {
    /// A command or the firmware under QEMU.
    External(Client),
    /// The linked core.
    Core(Box<InProcess>),
}

impl Entrant {
    /// The player's checkers endgame tables, loaded: its own (`egtb = "DIR"`), else
    /// the match's (`--egtb DIR`, which the referee adjudicates by), none with
    /// `egtb = "none"`.
    fn tables(&self, rules: &Rules) -> Result<Option<Arc<Tablebase>>, ClientError> {
        let dir = match (self.config.egtb.as_deref(), rules.egtb.as_deref()) {
            (Some(NO_TABLES), _) => return Ok(None),
            (Some(dir), _) => self.base.join(dir),
            (None, Some(dir)) if rules.game == GameKind::Checkers => PathBuf::from(dir),
            (None, _) => return Ok(None),
        };
        let failed = |reason: String| ClientError::Spawn {
            command: format!("egtb {}", dir.display()),
            reason,
        };
        if rules.game != GameKind::Checkers {
            return Err(failed(format!(
                "the tables are for checkers, not {}",
                rules.game
            )));
        }
        let tables = crate::egtb::shared(&dir).map_err(|e| failed(e.to_string()))?;
        Ok(Some(tables))
    }
}

fn game_line(rules: &Rules) -> String {
    format!("game {} {}", rules.game, rules.options)
        .trim_end()
        .to_owned()
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The player who moved first won.
    FirstWins,
    /// The player who moved second won.
    SecondWins,
    /// A draw.
    Draw,
}

impl From<CoreOutcome> for Outcome {
    fn from(o: CoreOutcome) -> Outcome {
        match o {
            CoreOutcome::Win(Player::First) => Outcome::FirstWins,
            CoreOutcome::Win(Player::Second) => Outcome::SecondWins,
            CoreOutcome::Draw => Outcome::Draw,
        }
    }
}

impl Outcome {
    /// The first player's points: 1, ½ or 0.
    #[must_use]
    pub fn first_points(self) -> HalfPoints {
        match self {
            Outcome::FirstWins => HalfPoints::WIN,
            Outcome::Draw => HalfPoints::DRAW,
            Outcome::SecondWins => HalfPoints::ZERO,
        }
    }

    /// `1-0`, `1/2-1/2`, `0-1` from the first player's view.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::FirstWins => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::SecondWins => "0-1",
        }
    }
}

/// One game to play: who moves first, who second (indices into the players) and
/// the opening moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    /// The game's index in the tournament (its seed derives from it).
    pub index: usize,
    /// The round (for records).
    pub round: usize,
    /// The player moving first.
    pub first: usize,
    /// The player moving second.
    pub second: usize,
    /// Where the game starts; the engines take over after its moves.
    pub opening: Opening,
}

/// A played game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// What was played.
    pub spec: GameSpec,
    /// The first player's name.
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// The protocol's side names of the first and the second player (`black`, `white`).
    pub sides: [String; 2],
    /// Every move, the opening's included.
    pub moves: Vec<String>,
    /// The result.
    pub outcome: Outcome,
    /// How the game ended.
    #[serde(default)]
    pub termination: Termination,
    /// Why the game ended, in words (which player failed, and how).
    pub reason: String,
    /// Search nodes of the first and the second player.
    pub nodes: [u64; 2],
    /// Wall time in milliseconds (not part of the result files: it varies run to run).
    pub millis: u64,
    /// Turns (maximal runs of moves by one side, the opening's included), counted as
    /// the game is played: a Dots move that completes a box keeps the turn (0 in a
    /// record of an older journal).
    #[serde(default)]
    pub turns: u32,
    /// Dots-and-Boxes: the first player's boxes minus the second's at the end (0 in
    /// the other games).
    #[serde(default)]
    pub margin: i32,
    /// The score each move's player reported for it, from its own view, in hundredths
    /// of a unit (±[`PROVEN_EVAL`] for a proven win or loss): one entry a move, `None`
    /// for the opening's moves and where the engine gave no score (empty in the records
    /// of older journals). What `microply datagen` labels its positions with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evals: Vec<Option<i32>>,
}

/// A proven win in [`GameRecord::evals`] (a loss is its negation); every other score
/// is clamped inside it.
pub const PROVEN_EVAL: i32 = 1_000_000;

/// A reported score (units, ±∞ when proven) as an entry of [`GameRecord::evals`].
#[must_use]
pub fn eval_hundredths(score: f64) -> i32 {
    if score.is_nan() {
        0
    } else if score.is_infinite() {
        if score > 0.0 {
            PROVEN_EVAL
        } else {
            -PROVEN_EVAL
        }
    } else {
        let limit = f64::from(PROVEN_EVAL - 1);
        (score * 100.0).round().clamp(-limit, limit) as i32
    }
}

#[cfg(test)]
impl GameRecord {
    /// A record of `first` against `second` ending in `outcome`, with no moves, names
    /// or opening (for tests of what is computed from results alone).
    pub(crate) fn bare(first: usize, second: usize, outcome: Outcome) -> GameRecord {
        GameRecord {
            spec: GameSpec {
                index: 0,
                round: 1,
                first,
                second,
                opening: super::openings::Opening::default(),
            },
            first: String::new(),
            second: String::new(),
            sides: [String::new(), String::new()],
            moves: vec![],
            outcome,
            termination: Termination::Rules,
            reason: String::new(),
            nodes: [0, 0],
            millis: 0,
            turns: 0,
            margin: 0,
            evals: vec![],
        }
    }
}

impl GameRecord {
    /// Plies played (the opening's included).
    #[must_use]
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The points (1, ½, 0) of player `player` (an index in the configuration), who
    /// played either side of this game.
    #[must_use]
    pub fn points_of(&self, player: usize) -> HalfPoints {
        let first = self.outcome.first_points();
        if self.spec.first == player {
            first
        } else {
            HalfPoints(HalfPoints::WIN.0 - first.0)
        }
    }
}

/// Something wrong with the game itself rather than with a player.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The referee rejected the rules or the opening.
    #[error("game {index}: {error}")]
    Referee {
        /// The game.
        index: usize,
        /// What the referee said.
        error: String,
    },
}

/// Plays `spec` between `players[spec.first]` and `players[spec.second]`.
///
/// # Errors
/// [`GameError`] when the rules or the opening are bad (not a player's fault).
pub fn play_game(
    spec: &GameSpec,
    players: &[Entrant],
    rules: &Rules,
) -> Result<GameRecord, GameError> {
    let started = Instant::now();
    let referee_error = |error: String| GameError::Referee {
        index: spec.index,
        error,
    };
    let kind = rules.game;
    let mut referee = Referee::starting(kind, &rules.options, spec.opening.fen.as_deref())
        .map_err(|e| referee_error(e.to_string()))?;
    let mut turns = Turns::default();
    for m in &spec.opening.moves {
        turns.count(referee.to_move());
        referee
            .play(m)
            .map_err(|e| referee_error(format!("opening: {e}")))?;
    }
    let judge = match rules.adjudication.exact {
        true => Some(
            ExactJudge::new(rules.egtb.as_deref().map(Path::new))
                .map_err(|e| referee_error(format!("endgame tables: {e}")))?,
        ),
        false => None,
    };
    let pair = [&players[spec.first], &players[spec.second]];
    let mut game = Game {
        referee,
        judge,
        clocks: GameClocks::new(pair.map(|p| p.config.tc), rules.time_margin_ms),
        moves: spec.opening.moves.clone(),
        evals: vec![None; spec.opening.moves.len()],
        nodes: [0, 0],
        scores: [vec![], vec![]],
        seats: [None, None],
        turns,
    };
    let end = game.run(spec, pair, rules);
    let margin = box_margin(game.referee.position());
    Ok(GameRecord {
        spec: spec.clone(),
        first: pair[0].config.name.clone(),
        second: pair[1].config.name.clone(),
        sides: Referee::side_names(kind).map(str::to_owned),
        moves: game.moves,
        outcome: end.outcome,
        termination: end.termination,
        reason: end.reason,
        nodes: game.nodes,
        millis: started.elapsed().as_millis() as u64,
        turns: game.turns.turns,
        margin,
        evals: game.evals,
    })
}

/// Counts turns: a new one starts whenever the side to move changes.
#[derive(Clone, Copy, Debug, Default)]
struct Turns {
    turns: u32,
    last: Option<Player>,
}

impl Turns {
    /// `mover` is about to move.
    fn count(&mut self, mover: Player) {
        if self.last != Some(mover) {
            self.turns += 1;
            self.last = Some(mover);
        }
    }
}

/// The first player's boxes minus the second's (Dots-and-Boxes), else 0.
fn box_margin(position: &microply_core::games::AnyPosition) -> i32 {
    match position {
        microply_core::games::AnyPosition::Dots(d) => {
            i32::from(d.score(Player::First)) - i32::from(d.score(Player::Second))
        }
        _ => 0,
    }
}

/// How a game ended, from the first player's view.
struct End {
    outcome: Outcome,
    termination: Termination,
    reason: String,
}

impl End {
    fn new(outcome: Outcome, termination: Termination, reason: impl Into<String>) -> End {
        End {
            outcome,
            termination,
            reason: reason.into(),
        }
    }

    /// The side `loser` lost by `termination`.
    fn loss_of(loser: Player, termination: Termination, reason: String) -> End {
        let outcome = CoreOutcome::Win(loser.other()).into();
        End::new(outcome, termination, reason)
    }
}

struct Game {
    referee: Referee,
    judge: Option<ExactJudge>,
    clocks: GameClocks,
    moves: Vec<String>,
    evals: Vec<Option<i32>>,
    nodes: [u64; 2],
    scores: [Vec<f64>; 2],
    seats: [Option<Seat>; 2],
    turns: Turns,
}

/// A player failed (the game is lost by `who`).
struct Failure {
    who: Player,
    termination: Termination,
    why: String,
}

impl Failure {
    fn forfeit(who: Player, why: impl Into<String>) -> Failure {
        Failure {
            who,
            termination: Termination::Forfeit,
            why: why.into(),
        }
    }
}

impl Game {
    fn run(&mut self, spec: &GameSpec, pair: [&Entrant; 2], rules: &Rules) -> End {
        match self.play_out(spec, pair, rules) {
            Ok(end) => end,
            Err(f) => {
                let name = &pair[f.who.index()].config.name;
                let reason = match f.termination {
                    Termination::TimeForfeit => format!("{name} loses on time: {}", f.why),
                    _ => format!("{name} forfeits: {}", f.why),
                };
                End::loss_of(f.who, f.termination, reason)
            }
        }
    }

    fn start_players(
        &mut self,
        spec: &GameSpec,
        pair: [&Entrant; 2],
        rules: &Rules,
    ) -> Result<(), Failure> {
        let timeout = Duration::from_millis(rules.move_timeout_ms);
        for who in [Player::First, Player::Second] {
            let seat = pair[who.index()]
                .start(rules, timeout)
                .map_err(|e| Failure::forfeit(who, e.to_string()))?;
            let external = matches!(seat, Seat::External(_));
            self.seats[who.index()] = Some(seat);
            if !external {
                continue;
            }
            if let Some(fen) = &spec.opening.fen {
                self.request(who, &format!("position fen {fen}"), timeout)?;
            }
            if !self.moves.is_empty() {
                let line = format!("play {}", self.moves.join(" "));
                self.request(who, &line, timeout)?;
            }
        }
        Ok(())
    }

    fn play_out(
        &mut self,
        spec: &GameSpec,
        pair: [&Entrant; 2],
        rules: &Rules,
    ) -> Result<End, Failure> {
        self.start_players(spec, pair, rules)?;
        let timeout = Duration::from_millis(rules.move_timeout_ms);
        loop {
            if let Some(end) = self.decided(rules) {
                return Ok(end);
            }
            let who = self.referee.to_move();
            let answer = self.think(who, pair[who.index()], rules)?;
            let m = answer
                .best
                .ok_or_else(|| Failure::forfeit(who, "no bestmove in the reply"))?;
            self.nodes[who.index()] += answer.nodes;
            let mover = self.referee.to_move();
            self.referee
                .play(&m)
                .map_err(|_| Failure::forfeit(who, format!("illegal move '{m}'")))?;
            self.turns.count(mover);
            self.moves.push(m.clone());
            self.evals.push(answer.score.map(eval_hundredths));
            for side in [Player::First, Player::Second] {
                if matches!(self.seats[side.index()], Some(Seat::External(_))) {
                    self.request(side, &format!("play {m}"), timeout)?;
                }
            }
            if let Some(score) = answer.score {
                self.scores[who.index()].push(score);
            }
            if let Some(end) = self.adjudicated_by_score(who, pair, rules) {
                return Ok(end);
            }
        }
    }

    /// The end the rules, an exact verdict or the ply cap give the position now.
    fn decided(&mut self, rules: &Rules) -> Option<End> {
        if let Some(outcome) = self.referee.outcome() {
            return Some(End::new(outcome.into(), Termination::Rules, "rules"));
        }
        if let Some(judge) = &mut self.judge {
            if let Some((outcome, how)) = judge.verdict(self.referee.position()) {
                let reason = format!("adjudicated by the {how}");
                return Some(End::new(outcome.into(), how, reason));
            }
        }
        (self.moves.len() >= rules.max_plies as usize).then(|| {
            let reason = format!("adjudicated after {} plies", self.moves.len());
            End::new(Outcome::Draw, Termination::MaxPlies, reason)
        })
    }

    /// Asks `who` for its move, on its clock if it has one.
    fn think(&mut self, who: Player, entrant: &Entrant, rules: &Rules) -> Result<Answer, Failure> {
        let limit = entrant.config.movetime.unwrap_or(0);
        let timeout = self
            .clocks
            .deadline(who)
            .unwrap_or_else(|| Duration::from_millis(rules.move_timeout_ms.saturating_add(limit)));
        let asked = Instant::now();
        let reply = match self.seats[who.index()].as_mut() {
            Some(Seat::Core(core)) => {
                let settings = entrant.config.settings(self.clocks.clock_of(who));
                core.think(self.referee.position(), &settings, timeout)
                    .map_err(|e| Failure::forfeit(who, e.to_string()))
            }
            _ => {
                let clock = self.clocks.go_arguments(who);
                let go = entrant.config.go_command(clock.as_deref());
                self.request(who, &go, timeout).map(|r| answer_of(&r))
            }
        };
        let elapsed = asked.elapsed();
        let on_time = self.clocks.charge(who, elapsed);
        match (reply, on_time) {
            (_, Err(flag)) => Err(Failure {
                who,
                termination: Termination::TimeForfeit,
                why: format!("{} ms over", flag.over_ms),
            }),
            (Err(f), Ok(())) => Err(f),
            (Ok(reply), Ok(())) => Ok(reply),
        }
    }

    fn adjudicated_by_score(
        &self,
        mover: Player,
        pair: [&Entrant; 2],
        rules: &Rules,
    ) -> Option<End> {
        match rules
            .adjudication
            .verdict(&self.scores, mover, self.moves.len())
        {
            Verdict::Continue => None,
            Verdict::Draw => Some(End::new(
                Outcome::Draw,
                Termination::ScoreDraw,
                "adjudicated draw by score",
            )),
            Verdict::Resigns(loser) => {
                let reason = format!("adjudicated: {} resigns", pair[loser.index()].config.name);
                Some(End::loss_of(loser, Termination::Resignation, reason))
            }
        }
    }

    fn request(&mut self, who: Player, line: &str, timeout: Duration) -> Result<Reply, Failure> {
        let Some(Seat::External(client)) = self.seats[who.index()].as_mut() else {
            return Err(Failure::forfeit(who, "not started"));
        };
        client
            .request(line, timeout)
            .map_err(|e| Failure::forfeit(who, e.to_string()))
    }
}

/// An external engine's reply to `go`: its `bestmove`, and the score and nodes of
/// its last `info` line.
fn answer_of(reply: &Reply) -> Answer {
    Answer {
        best: reply
            .iter()
            .find_map(|l| l.strip_prefix("bestmove ").map(str::to_owned)),
        score: last_field(reply, "score=").and_then(|s| score_value(&s)),
        nodes: last_nodes(reply),
    }
}

/// The `nodes=` of the last `info` line (the search's total).
fn last_nodes(reply: &Reply) -> u64 {
    last_field(reply, "nodes=")
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// `key`'s value in the last line that has it.
fn last_field(reply: &Reply, key: &str) -> Option<String> {
    reply
        .iter()
        .rev()
        .find_map(|l| l.split_whitespace().find_map(|w| w.strip_prefix(key)))
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endgame_tables_are_checked_when_the_engine_starts() {
        let timeout = Duration::from_secs(5);
        let player = Entrant::from_spec("name=A,depth=1,egtb=/nonexistent/tables");
        let wrong_game = player.start(&rules(GameKind::Dots), timeout).err().unwrap();
        assert!(
            wrong_game.to_string().contains("for checkers, not dots"),
            "{wrong_game}"
        );
        let missing = player
            .start(&rules(GameKind::Checkers), timeout)
            .err()
            .unwrap();
        assert!(
            missing.to_string().contains("/nonexistent/tables"),
            "{missing}"
        );
    }

    /// Game 0 of round 1, player 0 moving first, from `opening`.
    fn first_game(opening: Opening) -> GameSpec {
        GameSpec {
            index: 0,
            round: 1,
            first: 0,
            second: 1,
            opening,
        }
    }

    fn rules(game: GameKind) -> Rules {
        Rules {
            move_timeout_ms: 10_000,
            ..Rules::of(game, "")
        }
    }

    #[test]
    fn perfect_tictactoe_is_a_draw() {
        let players = [
            Entrant::from_spec("name=A,depth=9"),
            Entrant::from_spec("name=B,depth=9,algo=pvs"),
        ];
        let spec = first_game(Opening::default());
        let r = play_game(&spec, &players, &rules(GameKind::TicTacToe)).unwrap();
        assert_eq!(
            (r.outcome, r.plies(), r.reason.as_str()),
            (Outcome::Draw, 9, "rules")
        );
        assert_eq!(r.sides, ["x".to_owned(), "o".to_owned()]);
    }

    #[test]
    fn a_blunder_opening_is_punished() {
        // x takes the centre and o answers on an edge (a2): a known loss for o,
        // which perfect play by x converts.
        let players = [
            Entrant::from_spec("name=A,depth=9"),
            Entrant::from_spec("name=B,depth=9"),
        ];
        let spec = first_game(Opening {
            fen: None,
            moves: vec!["b2".into(), "a2".into()],
        });
        let r = play_game(&spec, &players, &rules(GameKind::TicTacToe)).unwrap();
        assert_eq!(r.outcome, Outcome::FirstWins);
        assert_eq!(&r.moves[..2], &["b2".to_owned(), "a2".to_owned()]);
        assert_eq!(
            (r.points_of(0), r.points_of(1)),
            (HalfPoints::WIN, HalfPoints::ZERO)
        );
    }

    #[test]
    fn score_adjudication_when_asked() {
        // After b2 a2 o is lost: o's depth-9 search reports a loss, x's a win.
        let players = [
            Entrant::from_spec("name=A,depth=9"),
            Entrant::from_spec("name=B,depth=9"),
        ];
        let lost = first_game(Opening {
            fen: None,
            moves: vec!["b2".into(), "a2".into()],
        });
        let mut r = rules(GameKind::TicTacToe);
        r.adjudication.resign_score = Some(1.0);
        let g = play_game(&lost, &players, &r).unwrap();
        assert_eq!(
            (g.outcome, g.reason.as_str()),
            (Outcome::FirstWins, "adjudicated: B resigns")
        );
        assert_eq!(
            g.plies(),
            4,
            "x moves (win seen), o moves (loss seen): resigns"
        );
        // From the start both see a draw (score 0) at every move.
        let mut r = rules(GameKind::TicTacToe);
        r.adjudication.draw_score = Some(0.0);
        r.adjudication.draw_moves = 2;
        let start = GameSpec {
            opening: Opening::default(),
            ..lost
        };
        let g = play_game(&start, &players, &r).unwrap();
        assert_eq!(
            (g.outcome, g.reason.as_str(), g.plies()),
            (Outcome::Draw, "adjudicated draw by score", 4)
        );
    }

    /// A protocol engine as a shell script: `ok` to everything, and to `go` the
    /// move `reply` after `delay` seconds.
    fn slow_engine(dir: &std::path::Path, delay: &str, reply: &str) -> String {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("slow.sh");
        let script = format!(
            "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    go*) sleep {delay}; \
             echo \"bestmove {reply}\"; echo ok;;\n    quit) exit 0;;\n    *) echo ok;;\n  esac\ndone\n"
        );
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.display().to_string()
    }

    #[test]
    fn a_player_over_its_time_loses_on_time_and_within_it_plays_on() {
        let dir = tempfile::tempdir().unwrap();
        let slow = slow_engine(dir.path(), "0.3", "11-15");
        // 0.1 s for the game and a 0.3 s move: flagged, whatever the margin of 50 ms.
        let players = [
            Entrant::from_spec(&format!("name=Slow,tc=0.1+0,cmd={slow}")),
            Entrant::from_spec("name=B,depth=2"),
        ];
        let spec = first_game(Opening::default());
        let r = play_game(&spec, &players, &rules(GameKind::Checkers)).unwrap();
        assert_eq!(
            (r.outcome, r.termination),
            (Outcome::SecondWins, Termination::TimeForfeit)
        );
        assert!(r.reason.starts_with("Slow loses on time: "), "{}", r.reason);
        assert!(r.moves.is_empty(), "the late move is not played");
        // With 5 s on the clock the same move is in time; the script then repeats
        // 11-15, which is illegal at its second turn: a forfeit, not a time loss.
        let players = [
            Entrant::from_spec(&format!("name=Slow,tc=5+0,cmd={slow}")),
            Entrant::from_spec("name=B,depth=2"),
        ];
        let r = play_game(&spec, &players, &rules(GameKind::Checkers)).unwrap();
        assert_eq!(r.termination, Termination::Forfeit);
        assert_eq!(r.moves[0], "11-15");
        assert!(r.reason.contains("illegal move '11-15'"), "{}", r.reason);
    }

    #[test]
    fn a_clock_player_in_process_plays_whole_games() {
        // Both on 1+0.05: every game of tic-tac-toe ends by the rules, on time.
        let players = [
            Entrant::from_spec("name=A,tc=1+0.05"),
            Entrant::from_spec("name=B,tc=1+0.05,algo=pvs"),
        ];
        let spec = first_game(Opening::default());
        let r = play_game(&spec, &players, &rules(GameKind::TicTacToe)).unwrap();
        assert_eq!(
            (r.termination, r.outcome),
            (Termination::Rules, Outcome::Draw)
        );
    }

    #[test]
    fn the_solver_adjudicates_small_dots_boards_when_exact_is_on() {
        let players = [
            Entrant::from_spec("name=A,depth=1"),
            Entrant::from_spec("name=B,depth=1"),
        ];
        let spec = first_game(Opening::default());
        let mut on = rules(GameKind::Dots);
        on.options = "rows=2 cols=2".into();
        on.adjudication = Adjudication::for_game(GameKind::Dots);
        let r = play_game(&spec, &players, &on).unwrap();
        // 12 edges: solved before the first move; 2×2 is +2 for the first player.
        assert_eq!(
            (r.termination, r.outcome, r.plies()),
            (Termination::Solver, Outcome::FirstWins, 0)
        );
        let mut off = on.clone();
        off.adjudication = Adjudication::default();
        let played = play_game(&spec, &players, &off).unwrap();
        assert_eq!(
            (played.termination, played.plies()),
            (Termination::Rules, 12)
        );
    }

    #[test]
    fn an_engine_that_cannot_start_forfeits() {
        let players = [
            Entrant::from_spec("name=A,depth=2"),
            Entrant::from_spec("name=Gone,depth=2,cmd=/nonexistent/x"),
        ];
        let spec = first_game(Opening::default());
        let r = play_game(&spec, &players, &rules(GameKind::TicTacToe)).unwrap();
        assert_eq!(r.outcome, Outcome::FirstWins);
        assert!(
            r.reason.starts_with("Gone forfeits: cannot start"),
            "{}",
            r.reason
        );
    }

    #[test]
    fn a_refused_evaluator_forfeits() {
        let mut bad = Entrant::from_spec("name=Bad,depth=2");
        bad.config.evaluator = Some("nosuch".into());
        let players = [bad, Entrant::from_spec("name=B,depth=2")];
        let spec = first_game(Opening::default());
        let r = play_game(&spec, &players, &rules(GameKind::Checkers)).unwrap();
        assert_eq!(r.outcome, Outcome::SecondWins);
        assert!(r.reason.contains("unknown evaluator"), "{}", r.reason);
    }
}

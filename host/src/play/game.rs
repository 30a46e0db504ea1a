//! Playing one game between two configured players from an opening, refereed by
//! the core: a crash, a timeout, an illegal move or a protocol error forfeits the
//! game for the player who caused it, with the reason recorded.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use microply_core::games::GameKind;
use microply_core::{with_game, Notation, Player};

use super::adjudication::{score_value, Adjudication, Verdict};
use super::client::{Client, ClientError, Reply};
use super::openings::Opening;
use super::player::PlayerConfig;
use crate::egtb::Tablebase;

/// The game all players play, and how games end when the rules do not end them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The protocol's game name (`tictactoe`, `checkers`, `dots`, `amazons`).
    pub game: String,
    /// The `game` command's options (`rows=3 cols=3`), space separated.
    #[serde(default)]
    pub options: String,
    /// Adjudicate a draw after this many plies.
    #[serde(default = "default_max_plies")]
    pub max_plies: u32,
    /// The most a player may take for one move (on top of its own movetime).
    #[serde(default = "default_move_timeout_ms")]
    pub move_timeout_ms: u64,
    /// Resign and draw adjudication by score (off by default).
    #[serde(default)]
    pub adjudication: Adjudication,
}

fn default_max_plies() -> u32 {
    400
}

fn default_move_timeout_ms() -> u64 {
    60_000
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

    /// Starts its engine and sets the game up.
    ///
    /// # Errors
    /// The engine cannot start or refuses a setup line.
    pub fn start(&self, rules: &Rules, timeout: Duration) -> Result<Client, ClientError> {
        let mut client = match (&self.config.cmd, &self.config.firmware) {
            (Some(cmd), _) => Client::spawn(cmd)?,
            (None, Some(elf)) => Client::firmware(&self.base.join(elf))?,
            (None, None) => Client::in_process_with_tables(self.config.table, self.tables(rules)?),
        };
        client.request(&game_line(rules), timeout)?;
        for line in &self.setup {
            client.request(line, timeout)?;
        }
        Ok(client)
    }
}

impl Entrant {
    /// The player's checkers endgame tables (`egtb = "DIR"`), loaded.
    fn tables(&self, rules: &Rules) -> Result<Option<Arc<Tablebase>>, ClientError> {
        let Some(dir) = &self.config.egtb else {
            return Ok(None);
        };
        let failed = |reason: String| ClientError::Spawn {
            command: format!("egtb {dir}"),
            reason,
        };
        if rules.game != "checkers" {
            return Err(failed(format!(
                "the tables are for checkers, not {}",
                rules.game
            )));
        }
        let tables = Tablebase::load(&self.base.join(dir)).map_err(|e| failed(e.to_string()))?;
        Ok(Some(Arc::new(tables)))
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

impl Outcome {
    /// The first player's points: 1, ½ or 0.
    #[must_use]
    pub fn first_points(self) -> f64 {
        match self {
            Outcome::FirstWins => 1.0,
            Outcome::Draw => 0.5,
            Outcome::SecondWins => 0.0,
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
    /// Why the game ended.
    pub reason: String,
    /// Search nodes of the first and the second player.
    pub nodes: [u64; 2],
    /// Wall time in milliseconds (not part of the result files: it varies run to run).
    pub millis: u64,
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
            reason: String::new(),
            nodes: [0, 0],
            millis: 0,
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
    pub fn points_of(&self, player: usize) -> f64 {
        let first = self.outcome.first_points();
        if self.spec.first == player {
            first
        } else {
            1.0 - first
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
        error: ClientError,
    },
}

/// The referee: the core engine, which knows the rules.
struct Referee {
    client: Client,
    first_side: String,
    second_side: String,
}

const REFEREE_TIMEOUT: Duration = Duration::from_secs(60);

impl Referee {
    fn new(rules: &Rules) -> Result<Referee, ClientError> {
        let mut client = Client::in_process(16);
        client.request(&game_line(rules), REFEREE_TIMEOUT)?;
        let kind: GameKind = rules.game.parse().map_err(|_| {
            ClientError::Refused(format!("unknown game '{}'", rules.game), game_line(rules))
        })?;
        let [first_side, second_side] = with_game!(kind, G => {
            [Player::First, Player::Second].map(|p| G::side_name(p).to_owned())
        });
        Ok(Referee {
            client,
            first_side,
            second_side,
        })
    }

    fn play(&mut self, m: &str) -> Result<(), ClientError> {
        self.client
            .request(&format!("play {m}"), REFEREE_TIMEOUT)
            .map(drop)
    }

    /// Whose turn (true: the first player's) and the result once over.
    fn status(&mut self) -> Result<(bool, Option<Outcome>), ClientError> {
        let reply = self.client.request("status", REFEREE_TIMEOUT)?;
        let first_to_move = turn(&reply) == self.first_side;
        let result = field(&reply, "result=").unwrap_or_default();
        let outcome = match result.as_str() {
            "ongoing" => None,
            "draw" => Some(Outcome::Draw),
            side if side == self.first_side => Some(Outcome::FirstWins),
            _ => Some(Outcome::SecondWins),
        };
        Ok((first_to_move, outcome))
    }
}

fn field(reply: &Reply, key: &str) -> Option<String> {
    reply
        .iter()
        .flat_map(|l| l.split_whitespace())
        .find_map(|w| w.strip_prefix(key))
        .map(str::to_owned)
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

fn turn(reply: &Reply) -> String {
    field(reply, "turn=").unwrap_or_default()
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
    let referee_error = |error| GameError::Referee {
        index: spec.index,
        error,
    };
    let mut referee = Referee::new(rules).map_err(referee_error)?;
    if let Some(fen) = &spec.opening.fen {
        let line = format!("position fen {fen}");
        referee
            .client
            .request(&line, REFEREE_TIMEOUT)
            .map_err(referee_error)?;
    }
    for m in &spec.opening.moves {
        referee.play(m).map_err(referee_error)?;
    }
    let pair = [&players[spec.first], &players[spec.second]];
    let mut game = Game {
        fen: spec.opening.fen.clone(),
        moves: spec.opening.moves.clone(),
        nodes: [0, 0],
        scores: [vec![], vec![]],
        clients: [None, None],
    };
    let end = game.run(&mut referee, pair, rules);
    let (outcome, reason) = end.map_err(referee_error)?;
    Ok(GameRecord {
        spec: spec.clone(),
        first: pair[0].config.name.clone(),
        second: pair[1].config.name.clone(),
        sides: [referee.first_side.clone(), referee.second_side.clone()],
        moves: game.moves,
        outcome,
        reason,
        nodes: game.nodes,
        millis: started.elapsed().as_millis() as u64,
    })
}

struct Game {
    fen: Option<String>,
    moves: Vec<String>,
    nodes: [u64; 2],
    scores: [Vec<f64>; 2],
    clients: [Option<Client>; 2],
}

/// Who caused a forfeit and why.
struct Forfeit(usize, String);

impl Game {
    fn run(
        &mut self,
        referee: &mut Referee,
        pair: [&Entrant; 2],
        rules: &Rules,
    ) -> Result<(Outcome, String), ClientError> {
        match self.play_out(referee, pair, rules) {
            Ok(end) => Ok(end),
            Err(Err(referee_error)) => Err(referee_error),
            Err(Ok(Forfeit(who, why))) => {
                let outcome = if who == 0 {
                    Outcome::SecondWins
                } else {
                    Outcome::FirstWins
                };
                Ok((
                    outcome,
                    format!("{} forfeits: {why}", pair[who].config.name),
                ))
            }
        }
    }

    fn play_out(
        &mut self,
        referee: &mut Referee,
        pair: [&Entrant; 2],
        rules: &Rules,
    ) -> Result<(Outcome, String), Result<Forfeit, ClientError>> {
        let timeout = Duration::from_millis(rules.move_timeout_ms);
        for (who, entrant) in pair.iter().enumerate() {
            let client = entrant
                .start(rules, timeout)
                .map_err(|e| Ok(Forfeit(who, e.to_string())))?;
            self.clients[who] = Some(client);
            if let Some(fen) = &self.fen {
                let line = format!("position fen {fen}");
                self.request(who, &line, timeout)?;
            }
            if !self.moves.is_empty() {
                let line = format!("play {}", self.moves.join(" "));
                self.request(who, &line, timeout)?;
            }
        }
        loop {
            let (first_to_move, outcome) = referee.status().map_err(Err)?;
            if let Some(outcome) = outcome {
                return Ok((outcome, "rules".to_owned()));
            }
            if self.moves.len() >= rules.max_plies as usize {
                return Ok((
                    Outcome::Draw,
                    format!("adjudicated after {} plies", self.moves.len()),
                ));
            }
            let who = usize::from(!first_to_move);
            let limit = pair[who].config.movetime.unwrap_or(0);
            let reply = self.request(
                who,
                &pair[who].config.go_command(),
                timeout + Duration::from_millis(limit),
            )?;
            let m = reply
                .iter()
                .find_map(|l| l.strip_prefix("bestmove ").map(str::to_owned));
            let Some(m) = m else {
                return Err(Ok(Forfeit(who, "no bestmove in the reply".into())));
            };
            self.nodes[who] += last_nodes(&reply);
            if referee.play(&m).is_err() {
                return Err(Ok(Forfeit(who, format!("illegal move '{m}'"))));
            }
            self.moves.push(m.clone());
            for side in 0..2 {
                self.request(side, &format!("play {m}"), timeout)?;
            }
            if let Some(score) = last_field(&reply, "score=").and_then(|s| score_value(&s)) {
                self.scores[who].push(score);
            }
            match rules
                .adjudication
                .verdict(&self.scores, who, self.moves.len())
            {
                Verdict::Continue => {}
                Verdict::Draw => return Ok((Outcome::Draw, "adjudicated draw by score".into())),
                Verdict::Resigns(0) => {
                    let reason = format!("adjudicated: {} resigns", pair[0].config.name);
                    return Ok((Outcome::SecondWins, reason));
                }
                Verdict::Resigns(_) => {
                    let reason = format!("adjudicated: {} resigns", pair[1].config.name);
                    return Ok((Outcome::FirstWins, reason));
                }
            }
        }
    }

    fn request(
        &mut self,
        who: usize,
        line: &str,
        timeout: Duration,
    ) -> Result<Reply, Result<Forfeit, ClientError>> {
        let Some(client) = self.clients[who].as_mut() else {
            return Err(Ok(Forfeit(who, "not started".into())));
        };
        client
            .request(line, timeout)
            .map_err(|e| Ok(Forfeit(who, e.to_string())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endgame_tables_are_checked_when_the_engine_starts() {
        let timeout = Duration::from_secs(5);
        let player = Entrant::from_spec("name=A,depth=1,egtb=/nonexistent/tables");
        let wrong_game = player.start(&rules("dots"), timeout).err().unwrap();
        assert!(
            wrong_game.to_string().contains("for checkers, not dots"),
            "{wrong_game}"
        );
        let missing = player.start(&rules("checkers"), timeout).err().unwrap();
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

    fn rules(game: &str) -> Rules {
        Rules {
            game: game.into(),
            options: String::new(),
            max_plies: 400,
            move_timeout_ms: 10_000,
            adjudication: Adjudication::default(),
        }
    }

    #[test]
    fn perfect_tictactoe_is_a_draw() {
        let players = [
            Entrant::from_spec("name=A,depth=9"),
            Entrant::from_spec("name=B,depth=9,algo=pvs"),
        ];
        let spec = first_game(Opening::default());
        let r = play_game(&spec, &players, &rules("tictactoe")).unwrap();
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
        let r = play_game(&spec, &players, &rules("tictactoe")).unwrap();
        assert_eq!(r.outcome, Outcome::FirstWins);
        assert_eq!(&r.moves[..2], &["b2".to_owned(), "a2".to_owned()]);
        assert_eq!((r.points_of(0), r.points_of(1)), (1.0, 0.0));
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
        let mut r = rules("tictactoe");
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
        let mut r = rules("tictactoe");
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

    #[test]
    fn an_engine_that_cannot_start_forfeits() {
        let players = [
            Entrant::from_spec("name=A,depth=2"),
            Entrant::from_spec("name=Gone,depth=2,cmd=/nonexistent/x"),
        ];
        let spec = first_game(Opening::default());
        let r = play_game(&spec, &players, &rules("tictactoe")).unwrap();
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
        bad.setup = vec!["evaluator nosuch".into()];
        let players = [bad, Entrant::from_spec("name=B,depth=2")];
        let spec = first_game(Opening::default());
        let r = play_game(&spec, &players, &rules("checkers")).unwrap();
        assert_eq!(r.outcome, Outcome::SecondWins);
        assert!(r.reason.contains("unknown evaluator"), "{}", r.reason);
    }
}

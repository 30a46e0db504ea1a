//! Scoring weight vectors by games: every individual plays the sparring partner
//! twice (moving first, then second) with AB-SSS* and the trained evaluator, its
//! weights loaded with the protocol's `weights` command. The batch's games are
//! tournament [`GameSpec`]s played by the tournament runner, so whatever plays a
//! tournament's games (an executor: threads or a Ray cluster) plays training's too; every game starts from the
//! empty board with fresh engines, so the results do not depend on the thread count.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::executor::Executor;
use crate::ga::{Evaluate, GameResult, Objective};
use crate::play::client::{Client, ClientError};
use crate::play::game::{Entrant, GameRecord, GameSpec, Rules};
use crate::play::openings::{derive_seed, random_opening, Opening};
use crate::play::player::{PlayerConfig, WeightsSource};
use crate::play::termination::Termination;
use crate::tournament::run::RunError;

use super::checkpoint::Opponent;
use super::config::TrainConfig;

/// The most one move may take: generous, depth-limited searches never come near it.
const MOVE_TIMEOUT_MS: u64 = 3_600_000;
const TIMEOUT: Duration = Duration::from_secs(60);

/// The trained evaluator as the engine reports it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EvaluatorInfo {
    /// Its protocol name.
    pub name: String,
    /// Its hand-set (default) weights, in flat order.
    pub hand_set: Vec<f64>,
}

/// Why games could not score a batch.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GamesError {
    /// The engine refused the game, its options or the evaluator.
    #[error("{field}: {error}")]
    Engine {
        /// The config field at fault (`options`, `evaluator`, a weight).
        field: &'static str,
        /// What the engine said.
        error: ClientError,
    },
    /// The tournament runner failed.
    #[error("playing the games: {0}")]
    Run(#[from] RunError),
    /// The batch's scratch folder.
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// A game forfeited by a player (an engine refused weights, crashed...).
    #[error("game {index} was forfeited: {reason}")]
    Forfeit {
        /// The game's index in the batch.
        index: usize,
        /// Why.
        reason: String,
    },
}

/// Asks an engine for the game's evaluator (`config.evaluator` or the game's default)
/// and its hand-set weights; an unknown game option or evaluator is an error naming
/// the field.
///
/// # Errors
/// [`GamesError::Engine`].
pub fn probe_evaluator(config: &TrainConfig) -> Result<EvaluatorInfo, GamesError> {
    let mut client = Client::in_process(16);
    client
        .request(&game_line(config), TIMEOUT)
        .map_err(engine("options"))?;
    if let Some(name) = &config.evaluator {
        client
            .request(&format!("evaluator {name}"), TIMEOUT)
            .map_err(engine("evaluator"))?;
    }
    let reply = client
        .request("evaluator", TIMEOUT)
        .map_err(engine("evaluator"))?;
    let name = reply
        .first()
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or_default()
        .to_owned();
    let reply = client
        .request("weights", TIMEOUT)
        .map_err(engine("evaluator"))?;
    let hand_set = reply
        .first()
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .filter_map(|w| w.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    Ok(EvaluatorInfo { name, hand_set })
}

/// The error of an engine that refused what config field `field` asked for.
fn engine(field: &'static str) -> impl Fn(ClientError) -> GamesError {
    move |error| GamesError::Engine { field, error }
}

fn game_line(config: &TrainConfig) -> String {
    format!("game {} {}", config.game, config.options)
        .trim_end()
        .to_owned()
}

/// A player of the trained evaluator at `depth` with `weights` (`None`: hand-set).
///
/// # Errors
/// Never for the names used here; kept for the weights file case of the player type.
fn entrant(
    name: &str,
    config: &TrainConfig,
    evaluator: &str,
    depth: u32,
    weights: Option<&[f64]>,
) -> Result<Entrant, GamesError> {
    let spec = format!(
        "name={name},algo=sss,depth={depth},table={},evaluator={evaluator}",
        config.table
    );
    let mut player = PlayerConfig::parse_spec(&spec).map_err(|e| GamesError::Engine {
        field: "evaluator",
        error: ClientError::Refused(e.to_string(), spec.clone()),
    })?;
    player.weights = weights.map(|w| WeightsSource::Inline(w.to_vec()));
    let setup = player
        .setup_lines(Path::new("."))
        .map_err(|e| GamesError::Engine {
            field: "evaluator",
            error: ClientError::Refused(e.to_string(), spec),
        })?;
    Ok(Entrant {
        config: player,
        setup,
        base: PathBuf::from("."),
    })
}

/// The tournament configuration a batch runs under (the runner's rules and state).
/// The rules of the training's games: the trained game, its ply cap, no
/// adjudication (the objective scores every game played out).
fn rules(config: &TrainConfig) -> Result<Rules, GamesError> {
    let game = config.game.parse().map_err(|e| GamesError::Engine {
        field: "game",
        error: ClientError::Refused(format!("{e}"), format!("game {}", config.game)),
    })?;
    Ok(Rules {
        max_plies: config.max_plies,
        move_timeout_ms: MOVE_TIMEOUT_MS,
        ..Rules::of(game, &config.options)
    })
}

/// The openings every individual plays with both colours: the empty board when
/// `config.openings` is 0, else `openings` seeded random openings (opening j from
/// `derive_seed(seed, j)`), the same for the whole run.
///
/// # Errors
/// [`GamesError::Engine`] naming `options` if the engine refuses the game.
pub fn training_openings(config: &TrainConfig) -> Result<Vec<Opening>, GamesError> {
    if config.openings == 0 {
        return Ok(vec![Opening::default()]);
    }
    let rules = rules(config)?;
    (0..config.openings)
        .map(|j| {
            random_opening(
                &rules,
                config.opening_plies,
                derive_seed(config.seed, j as u64),
            )
            .map_err(|e| engine("options")(ClientError::Refused(e, game_line(config))))
        })
        .collect()
}

/// The games of a batch of `n` individuals: individual i is player i + 1, the
/// sparring partner player 0; for opening j of m, game 2(im + j) the individual
/// moves first, game 2(im + j) + 1 second.
fn specs(n: usize, openings: &[Opening]) -> Vec<GameSpec> {
    (0..n)
        .flat_map(|i| {
            openings.iter().enumerate().flat_map(move |(j, opening)| {
                [(i + 1, 0), (0, i + 1)]
                    .into_iter()
                    .enumerate()
                    .map(move |(g, (first, second))| GameSpec {
                        index: 2 * (i * openings.len() + j) + g,
                        round: i + 1,
                        first,
                        second,
                        opening: opening.clone(),
                    })
            })
        })
        .collect()
}

/// Scores batches by games against the sparring partner of one stage.
pub struct Games<'a> {
    config: &'a TrainConfig,
    evaluator: &'a EvaluatorInfo,
    opponent: &'a Opponent,
    objective: Objective,
    executor: &'a dyn Executor,
    /// The run's openings, made at the first batch.
    openings: Option<Vec<Opening>>,
    /// Games played so far by this scorer.
    pub played: u64,
    on_game: Box<dyn FnMut(&GameRecord) + 'a>,
}

impl<'a> Games<'a> {
    /// A scorer against `opponent`; batches are played on `executor` (nothing is
    /// written: a generation is the training's unit of resume); `on_game` sees
    /// every game.
    #[must_use]
    pub fn new(
        config: &'a TrainConfig,
        evaluator: &'a EvaluatorInfo,
        opponent: &'a Opponent,
        executor: &'a dyn Executor,
        on_game: Box<dyn FnMut(&GameRecord) + 'a>,
    ) -> Games<'a> {
        Games {
            config,
            evaluator,
            opponent,
            objective: Objective::new(config.k).unwrap_or_default(),
            executor,
            openings: None,
            played: 0,
            on_game,
        }
    }

    fn entrants(&self, batch: &[Vec<f64>]) -> Result<Vec<Entrant>, GamesError> {
        let name = &self.evaluator.name;
        let sparring = entrant(
            "sparring",
            self.config,
            name,
            self.opponent.sparring_depth,
            self.opponent.weights.as_deref(),
        )?;
        let mut players = vec![sparring];
        for (i, w) in batch.iter().enumerate() {
            let trainee = format!("trainee{i}");
            players.push(entrant(
                &trainee,
                self.config,
                name,
                self.opponent.depth,
                Some(w),
            )?);
        }
        Ok(players)
    }

    /// Plays the batch's games; returns their records in index order.
    fn play(&mut self, batch: &[Vec<f64>]) -> Result<Vec<GameRecord>, GamesError> {
        let entrants = self.entrants(batch)?;
        let rules = rules(self.config)?;
        if self.openings.is_none() {
            self.openings = Some(training_openings(self.config)?);
        }
        let openings = self.openings.as_deref().unwrap_or_default();
        let specs = specs(batch.len(), openings);
        let on_game = &mut self.on_game;
        let mut records = Vec::with_capacity(specs.len());
        let pending: Vec<&GameSpec> = specs.iter().collect();
        crate::tournament::run::play_batch(&pending, &entrants, &rules, self.executor, |r| {
            on_game(&r);
            records.push(r);
            std::ops::ControlFlow::Continue(())
        })?;
        records.sort_by_key(|r| r.spec.index);
        self.played += records.len() as u64;
        if let Some(r) = records
            .iter()
            .find(|r| r.termination == Termination::Forfeit)
        {
            return Err(GamesError::Forfeit {
                index: r.spec.index,
                reason: r.reason.clone(),
            });
        }
        Ok(records)
    }
}

impl Evaluate for Games<'_> {
    type Error = GamesError;

    fn evaluate(&mut self, batch: &[Vec<f64>]) -> Result<Vec<f64>, GamesError> {
        let records = self.play(batch)?;
        let mut referee = Client::in_process(16);
        let mut scores = vec![0.0; batch.len()];
        for r in &records {
            let trainee = if r.spec.first == 0 {
                r.spec.second
            } else {
                r.spec.first
            };
            let turns = turns(&mut referee, self.config, r)?;
            scores[trainee - 1] += self.objective.game(result_of(r, trainee), turns);
        }
        Ok(scores)
    }
}

/// The game's result for player `player`.
fn result_of(record: &GameRecord, player: usize) -> GameResult {
    match record.points_of(player).as_f64() {
        p if p > 0.5 => GameResult::Win,
        p if p < 0.5 => GameResult::Loss,
        _ => GameResult::Draw,
    }
}

/// The game's length in turns: maximal runs of moves by one side (a Dots move that
/// completes a box keeps the turn; in the other games a turn is a move).
///
/// # Errors
/// [`GamesError::Engine`] if the referee refuses a move of the record.
pub fn turns(
    referee: &mut Client,
    config: &TrainConfig,
    record: &GameRecord,
) -> Result<u32, GamesError> {
    referee
        .request(&game_line(config), TIMEOUT)
        .map_err(engine("options"))?;
    let mut turns = 0;
    let mut last = String::new();
    for m in &record.moves {
        let status = referee
            .request("status", TIMEOUT)
            .map_err(engine("options"))?;
        let side = status
            .first()
            .and_then(|l| l.split_whitespace().find_map(|w| w.strip_prefix("turn=")))
            .unwrap_or_default()
            .to_owned();
        if side != last {
            turns += 1;
            last = side;
        }
        referee
            .request(&format!("play {m}"), TIMEOUT)
            .map_err(engine("options"))?;
    }
    Ok(turns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_individual_plays_both_colours_against_player_0() {
        let s = specs(3, &[Opening::default()]);
        let pairs: Vec<(usize, usize)> = s.iter().map(|g| (g.first, g.second)).collect();
        assert_eq!(pairs, vec![(1, 0), (0, 1), (2, 0), (0, 2), (3, 0), (0, 3)]);
        assert!(s.iter().enumerate().all(|(i, g)| g.index == i));
    }

    #[test]
    fn every_individual_plays_every_opening_with_both_colours() {
        let config = TrainConfig {
            openings: 3,
            opening_plies: 4,
            ..TrainConfig::quick()
        };
        let openings = training_openings(&config).unwrap();
        assert_eq!(openings.len(), 3);
        assert!(openings.iter().all(|o| o.moves.len() == 4));
        assert_ne!(openings[0], openings[1]);
        assert_eq!(openings, training_openings(&config).unwrap());
        let s = specs(2, &openings);
        assert_eq!(s.len(), 2 * 3 * 2);
        assert!(s.iter().enumerate().all(|(i, g)| g.index == i));
        for i in 1..=2 {
            for o in &openings {
                for colour in [(i, 0), (0, i)] {
                    let n = s
                        .iter()
                        .filter(|g| (g.first, g.second) == colour && g.opening == *o)
                        .count();
                    assert_eq!(n, 1, "individual {i}, {colour:?}");
                }
            }
        }
        let paper = training_openings(&TrainConfig::quick()).unwrap();
        assert_eq!(paper, vec![Opening::default()]);
    }

    #[test]
    fn the_dots_evaluator_and_its_hand_set_weights() {
        let config = TrainConfig::quick();
        let info = probe_evaluator(&config).unwrap();
        assert_eq!(info.name, "chain");
        assert_eq!(info.hand_set.len(), 10);
        let bad = TrainConfig {
            evaluator: Some("deep".into()),
            ..TrainConfig::quick()
        };
        let e = probe_evaluator(&bad).unwrap_err().to_string();
        assert!(e.starts_with("evaluator: ") && e.contains("deep"), "{e}");
        let bad = TrainConfig {
            options: "rows=9".into(),
            ..TrainConfig::quick()
        };
        assert!(probe_evaluator(&bad)
            .unwrap_err()
            .to_string()
            .starts_with("options: "));
    }

    #[test]
    fn dots_turns_count_runs_of_one_side() {
        // 1×2 boxes: a1-b1, a2-b2, a1-a2 alternate; b1-b2 completes the left box, so
        // the same side plays b1-c1 too; b2-c2 by the other; c1-c2 completes the right
        // box: first | second | first | second second | first | second = 6 turns.
        let config = TrainConfig {
            options: "rows=1 cols=2".into(),
            ..TrainConfig::quick()
        };
        let moves = [
            "a1-b1", "a2-b2", "a1-a2", "b1-b2", "b1-c1", "b2-c2", "c1-c2",
        ];
        let record = GameRecord {
            spec: specs(1, &[Opening::default()])[0].clone(),
            first: "a".into(),
            second: "b".into(),
            sides: ["first".into(), "second".into()],
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            outcome: crate::play::game::Outcome::Draw,
            termination: Default::default(),
            reason: String::new(),
            nodes: [0, 0],
            millis: 0,
        };
        let mut referee = Client::in_process(16);
        assert_eq!(turns(&mut referee, &config, &record).unwrap(), 6);
        let checkers = TrainConfig {
            game: "checkers".into(),
            options: String::new(),
            ..TrainConfig::quick()
        };
        let record = GameRecord {
            moves: vec!["11-15".into(), "22-18".into(), "15x22".into()],
            ..record
        };
        assert_eq!(turns(&mut referee, &checkers, &record).unwrap(), 3);
    }
}

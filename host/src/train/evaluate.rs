//! Scoring weight vectors by games: every individual plays the sparring partner (and
//! the pool's other partners, if any) from each opening twice (moving first, then
//! second) with AB-SSS* and the trained evaluator, its
//! weights loaded into the in-process core. The batch's games are
//! tournament [`GameSpec`]s played by the tournament runner, so whatever plays a
//! tournament's games (an executor: threads or a Ray cluster) plays training's too; every game starts from the
//! empty board with fresh engines, so the results do not depend on the thread count.

use std::path::{Path, PathBuf};

use crate::executor::Executor;
use crate::ga::{Evaluate, GameResult, Objective};
use crate::play::client::ClientError;
use crate::play::game::{Entrant, GameRecord, GameSpec, Rules};
use crate::play::in_process::{check_options, evaluator_defaults};
use crate::play::openings::{deal, derive_seed, random_opening, read_openings, Opening, Order};
use crate::play::player::{PlayerConfig, PlayerError, WeightsSource};
use crate::play::termination::Termination;
use crate::tournament::run::RunError;
use microply_core::search::Algorithm;

use super::checkpoint::Opponent;
use super::config::{Fitness, TrainConfig};

/// The most one move may take: generous, depth-limited searches never come near it.
const MOVE_TIMEOUT_MS: u64 = 3_600_000;

/// The trained evaluator as the core describes it.
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

/// The game's evaluator (`config.evaluator` or the game's default) and its hand-set
/// weights, from the core; an unknown game option or evaluator is an error naming
/// the field.
///
/// # Errors
/// [`GamesError::Engine`].
pub fn probe_evaluator(config: &TrainConfig) -> Result<EvaluatorInfo, GamesError> {
    check_options(config.game, &config.options).map_err(engine("options"))?;
    let defaults = evaluator_defaults(config.game, config.evaluator.as_deref())
        .map_err(engine("evaluator"))?;
    if defaults.weights.is_empty() {
        return Err(engine("evaluator")(ClientError::Setup(format!(
            "the evaluator '{}' has no weights to train (checkers' patterns tables are fitted by `microply patterns train`); name one that has some",
            defaults.name
        ))));
    }
    Ok(EvaluatorInfo {
        name: defaults.name.to_owned(),
        hand_set: defaults.weights,
    })
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
/// [`GamesError::Engine`] when the player cannot work (a zero depth, a bad table size).
fn entrant(
    name: &str,
    config: &TrainConfig,
    evaluator: &str,
    depth: u32,
    weights: Option<&[f64]>,
) -> Result<Entrant, GamesError> {
    let player = PlayerConfig {
        evaluator: Some(evaluator.to_owned()),
        weights: weights.map(|w| WeightsSource::Inline(w.to_vec())),
        algo: Algorithm::Sss,
        depth: Some(depth),
        table: config.table,
        tt: microply_core::search::TableUse::Clear,
        ..PlayerConfig::named(name)
    };
    let refused = |e: PlayerError| GamesError::Engine {
        field: "evaluator",
        error: ClientError::Refused(e.to_string(), format!("player {name}")),
    };
    player.validate().map_err(refused)?;
    let setup = player.setup_lines(Path::new(".")).map_err(refused)?;
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
    Ok(Rules {
        max_plies: config.max_plies,
        move_timeout_ms: MOVE_TIMEOUT_MS,
        ..Rules::of(config.game, &config.options)
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
    if let Some(book) = &config.book {
        let lines = read_openings(Path::new(book), &rules)
            .map_err(|e| engine("book")(ClientError::Refused(e.to_string(), book.clone())))?;
        let dealt = deal(lines.len(), Order::Random, config.seed);
        return Ok((0..config.openings)
            .map(|j| lines[dealt[j % dealt.len()]].clone())
            .collect());
    }
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

/// The games of a batch of `n` individuals against `partners` sparring partners at
/// `settings` depth settings. The players come in one block of `partners + n` per
/// setting s (partners first, then the individuals: individual i at setting s is
/// player s·(partners + n) + partners + i). For partner o, setting s and opening j
/// of m, game 2(((i·partners + o)·settings + s)·m + j) the individual moves first,
/// the next game second (with one setting, the layout of a one-depth stage).
fn specs(n: usize, partners: usize, settings: usize, openings: &[Opening]) -> Vec<GameSpec> {
    let m = openings.len();
    let block = partners + n;
    let mut out = Vec::with_capacity(2 * n * partners * settings * m);
    for i in 0..n {
        for o in 0..partners {
            for s in 0..settings {
                let (trainee, partner) = (s * block + partners + i, s * block + o);
                for (j, opening) in openings.iter().enumerate() {
                    let base = 2 * (((i * partners + o) * settings + s) * m + j);
                    let colours = [(trainee, partner), (partner, trainee)];
                    for (g, (first, second)) in colours.into_iter().enumerate() {
                        out.push(GameSpec {
                            index: base + g,
                            round: i + 1,
                            first,
                            second,
                            opening: opening.clone(),
                        });
                    }
                }
            }
        }
    }
    out
}

/// The individual (batch index) and its player in a game of [`specs`]' layout.
fn trainee_of(record: &GameRecord, partners: usize, n: usize) -> (usize, usize) {
    let trainee = record.spec.first.max(record.spec.second);
    (trainee % (partners + n) - partners, trainee)
}

/// How precisely games scored one individual: its games, its objective (their sum)
/// and the objective's standard error (√n times the games' sample deviation).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Evaluation {
    /// Games played.
    pub games: u32,
    /// The objective (the sum over the games).
    pub objective: f64,
    /// Standard error of the objective (0 for fewer than two games).
    pub se: f64,
}

impl Evaluation {
    /// The evaluation of the games worth `values`.
    #[must_use]
    pub fn of(values: &[f64]) -> Evaluation {
        let n = values.len();
        let sum: f64 = values.iter().sum();
        let se = if n < 2 {
            0.0
        } else {
            let mean = sum / n as f64;
            let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
            (n as f64 * var).sqrt()
        };
        Evaluation {
            games: n as u32,
            objective: sum,
            se,
        }
    }
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
    /// Every individual scored so far, in batch order.
    pub evaluations: Vec<Evaluation>,
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
            evaluations: Vec::new(),
            on_game,
        }
    }

    /// The players of [`specs`]' layout: per depth setting, the partners, then the
    /// individuals (names suffixed `@depth` when the stage has several settings).
    fn entrants(&self, batch: &[Vec<f64>]) -> Result<Vec<Entrant>, GamesError> {
        let name = &self.evaluator.name;
        let settings = self.opponent.settings();
        let mut players = Vec::new();
        for setting in &settings {
            let suffix = if settings.len() > 1 {
                format!("@{}", setting.depth)
            } else {
                String::new()
            };
            // The hand-set partner plays the hand-set weights by name, not the engine's
            // default (a board may have trained default weights).
            let sparring = self
                .opponent
                .weights
                .as_deref()
                .unwrap_or(&self.evaluator.hand_set);
            let partners = std::iter::once(("sparring".to_owned(), Some(sparring))).chain(
                self.opponent
                    .pool
                    .iter()
                    .enumerate()
                    .map(|(p, w)| (format!("pool{p}"), Some(w.as_slice()))),
            );
            for (player, weights) in partners {
                let player = format!("{player}{suffix}");
                players.push(entrant(
                    &player,
                    self.config,
                    name,
                    setting.sparring_depth,
                    weights,
                )?);
            }
            for (i, w) in batch.iter().enumerate() {
                let trainee = format!("trainee{i}{suffix}");
                players.push(entrant(
                    &trainee,
                    self.config,
                    name,
                    setting.depth,
                    Some(w),
                )?);
            }
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
        let settings = self.opponent.settings().len();
        let specs = specs(batch.len(), self.opponent.partners(), settings, openings);
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

impl Games<'_> {
    /// What game `record` is worth to player `trainee`.
    fn worth(&self, record: &GameRecord, trainee: usize) -> f64 {
        let result = result_of(record, trainee);
        match self.config.fitness {
            Fitness::Paper => self.objective.game(result, record.turns),
            Fitness::Margin => {
                let margin = if record.spec.first == trainee {
                    record.margin
                } else {
                    -record.margin
                };
                record.points_of(trainee).as_f64() + self.config.margin_weight * f64::from(margin)
            }
        }
    }
}

impl Evaluate for Games<'_> {
    type Error = GamesError;

    fn evaluate(&mut self, batch: &[Vec<f64>]) -> Result<Vec<f64>, GamesError> {
        let records = self.play(batch)?;
        let partners = self.opponent.partners();
        let mut values = vec![Vec::new(); batch.len()];
        for r in &records {
            let (individual, trainee) = trainee_of(r, partners, batch.len());
            values[individual].push(self.worth(r, trainee));
        }
        let evaluations: Vec<Evaluation> = values.iter().map(|v| Evaluation::of(v)).collect();
        let scores = evaluations.iter().map(|e| e.objective).collect();
        self.evaluations.extend(evaluations);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_individual_plays_both_colours_against_player_0() {
        let s = specs(3, 1, 1, &[Opening::default()]);
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
        let s = specs(2, 1, 1, &openings);
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
    fn the_runner_counts_dots_turns_and_the_box_margin() {
        // 1×2 boxes: a1-b1, a2-b2, a1-a2 alternate; b1-b2 completes the left box, so
        // the same side plays b1-c1 too; b2-c2 by the other; c1-c2 completes the right
        // box: first | second | first | second second | first | second = 6 turns.
        // The second player takes both boxes: margin −2 from the first's view.
        let config = TrainConfig {
            options: "rows=1 cols=2".into(),
            ..TrainConfig::quick()
        };
        let moves = [
            "a1-b1", "a2-b2", "a1-a2", "b1-b2", "b1-c1", "b2-c2", "c1-c2",
        ];
        let whole = |n: usize| Opening {
            moves: moves[..n].iter().map(|m| (*m).to_owned()).collect(),
            ..Opening::default()
        };
        let info = probe_evaluator(&config).unwrap();
        let players = [
            entrant("a", &config, &info.name, 1, None).unwrap(),
            entrant("b", &config, &info.name, 1, None).unwrap(),
        ];
        let spec = |opening| GameSpec {
            index: 0,
            round: 1,
            first: 0,
            second: 1,
            opening,
        };
        let r = crate::play::game::play_game(&spec(whole(7)), &players, &rules(&config).unwrap())
            .unwrap();
        assert_eq!((r.turns, r.margin, r.plies()), (6, -2, 7));
        // Five moves of the opening (the second player's b1-c1 after its box), then
        // the engines finish the game.
        let r = crate::play::game::play_game(&spec(whole(5)), &players, &rules(&config).unwrap())
            .unwrap();
        // The first player must give the right box away.
        assert_eq!((r.turns, r.margin, r.plies()), (6, -2, 7));
    }

    #[test]
    fn an_evaluation_is_the_sum_with_its_standard_error() {
        let e = Evaluation::of(&[1.0, 0.0, 1.0, 0.0]);
        assert_eq!((e.games, e.objective), (4, 2.0));
        // Sample variance 1/3, so se = sqrt(4/3).
        assert!((e.se - (4.0f64 / 3.0).sqrt()).abs() < 1e-12, "{}", e.se);
        assert_eq!(Evaluation::of(&[2.5]).se, 0.0);
    }

    #[test]
    fn book_openings_are_dealt_from_the_book() {
        let config = TrainConfig {
            openings: 5,
            book: Some("dots-4x4".into()),
            ..TrainConfig::quick()
        };
        let openings = training_openings(&config).unwrap();
        assert_eq!(openings.len(), 5);
        assert!(
            openings.iter().all(|o| o.moves.len() == 10),
            "the book's plies"
        );
        assert_eq!(openings, training_openings(&config).unwrap());
        let wrong = TrainConfig {
            book: Some("dots-5x5".into()),
            ..config
        };
        let e = training_openings(&wrong).unwrap_err().to_string();
        assert!(e.starts_with("book: "), "{e}");
    }

    #[test]
    fn every_pool_partner_meets_every_individual_with_both_colours() {
        let s = specs(2, 3, 1, &[Opening::default()]);
        assert_eq!(s.len(), 2 * 3 * 2);
        assert!(s.iter().enumerate().all(|(i, g)| g.index == i));
        for trainee in 3..5 {
            for partner in 0..3 {
                assert!(s.iter().any(|g| (g.first, g.second) == (trainee, partner)));
                assert!(s.iter().any(|g| (g.first, g.second) == (partner, trainee)));
            }
        }
    }

    #[test]
    fn with_two_depth_settings_each_individual_meets_its_partner_at_both() {
        // Blocks of 3 players (partner, individual 0, individual 1) per setting:
        // setting 0 is players 0, 1, 2; setting 1 players 3, 4, 5.
        let s = specs(2, 1, 2, &[Opening::default()]);
        let pairs: Vec<(usize, usize)> = s.iter().map(|g| (g.first, g.second)).collect();
        assert_eq!(
            pairs,
            vec![
                (1, 0),
                (0, 1),
                (4, 3),
                (3, 4),
                (2, 0),
                (0, 2),
                (5, 3),
                (3, 5)
            ]
        );
        assert!(s.iter().enumerate().all(|(i, g)| g.index == i));
    }

    #[test]
    fn an_evaluation_at_two_depths_is_the_sum_of_one_at_each() {
        use crate::executor::Local;
        let config = TrainConfig {
            options: "rows=3 cols=3".into(),
            openings: 2,
            book: Some("dots-3x3".into()),
            fitness: Fitness::Margin,
            ..TrainConfig::quick()
        };
        let info = probe_evaluator(&config).unwrap();
        let batch = vec![
            info.hand_set.clone(),
            vec![0.0; 10],
            vec![3.0, -2.0, 1.0, 0.5, -1.0, 2.0, 0.0, 4.0, -3.0, 1.5],
        ];
        let executor = Local { threads: 2 };
        let score = |opponent: &Opponent| {
            let mut games = Games::new(&config, &info, opponent, &executor, Box::new(|_| {}));
            let scores = games.evaluate(&batch).unwrap();
            (scores, games.played)
        };
        let at = |depth| Opponent {
            depth,
            sparring_depth: depth,
            depths: vec![],
            weights: None,
            pool: vec![],
        };
        let (one, played_one) = score(&at(1));
        let (two, played_two) = score(&at(2));
        let (both, played_both) = score(&Opponent {
            depths: vec![1, 2],
            ..at(1)
        });
        assert_eq!((played_one, played_two, played_both), (12, 12, 24));
        for i in 0..batch.len() {
            assert!(
                (both[i] - (one[i] + two[i])).abs() < 1e-9,
                "individual {i}: {} against {} + {}",
                both[i],
                one[i],
                two[i]
            );
        }
        assert_ne!(one, two, "the depths play differently");
    }
}

//! The core linked into this process as a player: its evaluator chosen and loaded
//! and its moves decided through typed calls ([`decide_move`]), with no protocol
//! line in between. The protocol is for external engines ([`super::client`]).
//!
//! An in-process player answers exactly what `microply engine` answers to the same
//! `evaluator`, `weights` and `go` lines (the tournament tests play the same games
//! both ways): numbers cross between the host's `f64`s and the core's fixed point as
//! the decimals the protocol writes, so weights, scores and node counts agree bit
//! for bit with an external engine's.

use std::sync::Arc;
use std::time::{Duration, Instant};

use microply_core::games::checkers::{CheckersEval, Patterns};
use microply_core::games::{AnyPosition, GameKind};
use microply_core::score::Value;
use microply_core::search::{Clock, Settings, Table, TableUse};
use microply_core::selectable::{EvaluatorSet, Selectable, MAX_WEIGHTS};
use microply_core::{decide_move, with_game, with_position, Notation, Playable, Score};

use super::client::ClientError;
use crate::clock::HostClock;
use crate::egtb::Tablebase;
use crate::memory::{SearchMemory, DEFAULT_MOVE_WORDS};

/// What an engine answered to one request for a move, whichever engine it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The move in the game's notation (`None`: the engine gave none).
    pub best: Option<String>,
    /// The score of its last completed iteration, from its own view (±∞ for a
    /// proven win or loss), when it reported one.
    pub score: Option<f64>,
    /// The nodes it searched up to its last completed iteration.
    pub nodes: u64,
}

/// The trained or played evaluator of a game: its name and its default weights.
#[derive(Clone, Debug, PartialEq)]
pub struct EvaluatorDefaults {
    /// Its protocol name.
    pub name: &'static str,
    /// Its hand-set weights, in flat order.
    pub weights: Vec<f64>,
}

/// The evaluator of `game` called `name` (the game's default when `None`), with its
/// default weights.
///
/// # Errors
/// [`ClientError::Setup`] naming the evaluators of the game.
pub fn evaluator_defaults(
    game: GameKind,
    name: Option<&str>,
) -> Result<EvaluatorDefaults, ClientError> {
    with_game!(game, G => {
        let eval = select::<G>(name)?;
        let mut flat = [Value::ZERO; MAX_WEIGHTS];
        let count = eval.write_weights(&mut flat);
        Ok(EvaluatorDefaults {
            name: eval.name(),
            weights: flat[..count].iter().map(|&v| value_f64(v)).collect(),
        })
    })
}

fn select<G: Playable>(name: Option<&str>) -> Result<G::Eval, ClientError> {
    let Some(name) = name else {
        return Ok(G::Eval::default());
    };
    G::Eval::by_name(name).ok_or_else(|| {
        ClientError::Setup(format!(
            "unknown evaluator '{name}' (expected {})",
            G::Eval::NAMES.join(", ")
        ))
    })
}

/// `v` as the protocol writes it, read back as an `f64`.
#[must_use]
pub fn value_f64(v: Value) -> f64 {
    v.to_string().parse().unwrap_or(f64::NAN)
}

/// `x` as the protocol reads the decimal `f64` writes, `None` outside the fixed
/// point's range (or not a number).
#[must_use]
pub fn f64_value(x: f64) -> Option<Value> {
    x.to_string().parse().ok()
}

/// `score` as the host weighs scores (adjudication): its value, or ±∞ when proven
/// (or a window bound).
#[must_use]
pub fn score_f64(score: Score) -> f64 {
    if score.win_plies().is_some() {
        f64::INFINITY
    } else if score.loss_plies().is_some() {
        f64::NEG_INFINITY
    } else if let Some(v) = score.value() {
        value_f64(v)
    } else if score > Score::ZERO {
        f64::INFINITY
    } else {
        f64::NEG_INFINITY
    }
}

/// The core as a player: its search memory, its evaluators and the checkers endgame
/// tables its searches probe.
pub struct InProcess {
    memory: SearchMemory,
    evaluators: EvaluatorSet,
    tables: Option<Arc<Tablebase>>,
    clock: HostClock,
    /// Whether each move's search starts from a cleared table or the game's
    /// earlier searches' (a new player starts every game with an empty one).
    table_use: TableUse,
}

impl std::fmt::Debug for InProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InProcess")
            .field("tt_entries", &self.memory.tt.len())
            .field("evaluators", &self.evaluators)
            .field("tables", &self.tables.is_some())
            .field("table_use", &self.table_use)
            .finish()
    }
}

impl InProcess {
    /// A player with a table of `tt_entries` entries, the default evaluators and,
    /// for checkers, `tables`.
    ///
    /// # Errors
    /// [`ClientError::Spawn`] when the table cannot be allocated.
    pub fn new(
        tt_entries: usize,
        tables: Option<Arc<Tablebase>>,
    ) -> Result<InProcess, ClientError> {
        let memory = SearchMemory::try_new(tt_entries, DEFAULT_MOVE_WORDS).map_err(|e| {
            ClientError::Spawn {
                command: "the in-process engine".into(),
                reason: e.to_string(),
            }
        })?;
        Ok(InProcess {
            memory,
            evaluators: EvaluatorSet::default(),
            tables,
            clock: HostClock::new(),
            table_use: TableUse::Clear,
        })
    }

    /// The player with each move's search keeping the table (`tt = "keep"`) or
    /// clearing it (the default), as `go ... table=keep` does.
    #[must_use]
    pub fn with_table_use(self, table_use: TableUse) -> InProcess {
        InProcess { table_use, ..self }
    }

    /// Selects `game`'s evaluator `name` (the default when `None`) and loads
    /// `weights` from the first on (fewer than the evaluator has leave the rest at
    /// their defaults), as `evaluator NAME` and `weights at=0 ...` do.
    ///
    /// # Errors
    /// [`ClientError::Setup`]: an unknown evaluator, a weight outside the fixed
    /// point's range, more weights than the evaluator has.
    pub fn set_evaluator(
        &mut self,
        game: GameKind,
        name: Option<&str>,
        weights: Option<&[f64]>,
    ) -> Result<(), ClientError> {
        with_game!(game, G => {
            let eval = G::evaluator_mut(&mut self.evaluators);
            if name.is_some() {
                *eval = select::<G>(name)?;
            }
            let Some(weights) = weights else {
                return Ok(());
            };
            let values = weights
                .iter()
                .enumerate()
                .map(|(i, &w)| {
                    f64_value(w).ok_or_else(|| ClientError::Setup(format!("bad weight '{w}' at index {i}")))
                })
                .collect::<Result<Vec<Value>, ClientError>>()?;
            eval.load(0, &values)
                .map_err(|e| ClientError::Setup(e.to_string()))
        })
    }

    /// Plays checkers with the `patterns` evaluator as `patterns` (a tables file's,
    /// with a network's or none, instead of the compiled-in ones).
    pub fn set_patterns(&mut self, patterns: Patterns) {
        self.evaluators.checkers = CheckersEval::Patterns(patterns);
    }

    /// Decides the move of `position` under `settings`, as `go` would; a search
    /// still running after `timeout` is stopped and answers
    /// [`ClientError::Timeout`], as an engine that does not reply in time.
    ///
    /// # Errors
    /// [`ClientError::Timeout`], or [`ClientError::Setup`] when the move stack is
    /// too small for the search.
    pub fn think(
        &mut self,
        position: &AnyPosition,
        settings: &Settings,
        timeout: Duration,
    ) -> Result<Answer, ClientError> {
        let clock = Deadline {
            clock: self.clock,
            at: Instant::now() + timeout,
        };
        let oracles = crate::egtb::oracles(self.tables.as_deref());
        let (tt, words) = (&mut self.memory.tt, &mut self.memory.moves);
        let answer = with_position!(position, G, p => {
            let decision = decide_move(
                p,
                &self.evaluators,
                &oracles,
                &mut Table::reopen(tt),
                words,
                settings,
                self.table_use,
                &clock,
            )
            .map_err(|e| ClientError::Setup(e.to_string()))?;
            Answer {
                best: decision.result.best.map(|m| p.display_move(m).to_string()),
                score: decision.result.score.map(score_f64),
                nodes: decision.reported_nodes,
            }
        });
        if clock.stop_requested() {
            return Err(ClientError::Timeout(timeout.as_millis()));
        }
        Ok(answer)
    }
}

/// The host's clock with a deadline: the search stops when it passes.
struct Deadline {
    clock: HostClock,
    at: Instant,
}

impl Clock for Deadline {
    fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    fn stop_requested(&self) -> bool {
        Instant::now() >= self.at
    }
}

/// The game's start position with `options` is one the core can set up.
///
/// # Errors
/// [`ClientError::Setup`] naming the option.
pub fn check_options(game: GameKind, options: &str) -> Result<(), ClientError> {
    super::referee::Referee::new(game, options)
        .map(|_| ())
        .map_err(|e| ClientError::Setup(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::{Entrant, Rules, Seat};
    use crate::play::referee::Referee;
    use microply_core::protocol::Engine;
    use microply_core::search::{Algorithm, Limits, NoClock};

    /// The `go` reply of the protocol engine set up by `lines`: bestmove, and the
    /// last `info` line's score and nodes.
    fn protocol_answer(lines: &[String], go: &str) -> Answer {
        let mut memory = SearchMemory::new(1 << 12, DEFAULT_MOVE_WORDS);
        let mut engine = Engine::new(&mut memory.tt, &mut memory.moves);
        let mut reply = String::new();
        for line in lines.iter().map(String::as_str).chain([go]) {
            reply.clear();
            engine.execute(line, &NoClock, &mut reply);
            assert!(reply.ends_with("ok\n"), "{line}: {reply}");
        }
        let info = reply.lines().rev().find(|l| l.starts_with("info "));
        let field = |key: &str| {
            info.and_then(|l| l.split(' ').find_map(|w| w.strip_prefix(key)))
                .map(str::to_owned)
        };
        Answer {
            best: reply
                .lines()
                .find_map(|l| l.strip_prefix("bestmove "))
                .map(str::to_owned),
            score: field("score=").and_then(|s| super::super::adjudication::score_value(&s)),
            nodes: field("nodes=").map_or(0, |n| n.parse().unwrap()),
        }
    }

    #[test]
    fn an_in_process_player_answers_what_go_answers() {
        // (game, options, moves, evaluator, weights) for each game, under a depth
        // and a node limit.
        type Case = (
            GameKind,
            &'static str,
            &'static [&'static str],
            Option<&'static str>,
            Option<Vec<f64>>,
        );
        let cases: [Case; 5] = [
            (GameKind::TicTacToe, "", &["b2", "a1"], None, None),
            (
                GameKind::Checkers,
                "",
                &["11-15", "23-19"],
                Some("expert"),
                None,
            ),
            (
                GameKind::Checkers,
                "",
                &["9-13"],
                Some("baseline"),
                Some(vec![1.0, 1.4, 0.1, 0.07, 0.03]),
            ),
            (
                GameKind::Dots,
                "rows=3 cols=3",
                &["a1-b1", "b2-c2"],
                None,
                Some(vec![0.1, 0.35, -1.25]),
            ),
            (GameKind::Amazons, "size=6", &[], Some("paper"), None),
        ];
        for (game, options, moves, evaluator, weights) in cases {
            let mut referee = Referee::new(game, options).unwrap();
            referee.play_all(moves).unwrap();
            for (go, limits) in [
                ("go depth 3 algo=pvs", Limits::depth(3)),
                ("go nodes 500 algo=sss", Limits::nodes(500)),
            ] {
                let mut lines = vec![format!("game {game} {options}")];
                if !moves.is_empty() {
                    lines.push(format!("play {}", moves.join(" ")));
                }
                lines.extend(evaluator.map(|e| format!("evaluator {e}")));
                if let Some(w) = &weights {
                    let text: Vec<String> = w.iter().map(f64::to_string).collect();
                    lines.push(format!("weights at=0 {}", text.join(" ")));
                }
                let expected = protocol_answer(&lines, go);
                let mut player = InProcess::new(1 << 12, None).unwrap();
                player
                    .set_evaluator(game, evaluator, weights.as_deref())
                    .unwrap();
                let settings = Settings {
                    algorithm: if go.contains("pvs") {
                        Algorithm::Pvs
                    } else {
                        Algorithm::Sss
                    },
                    limits,
                    ..Settings::default()
                };
                let answer = player
                    .think(referee.position(), &settings, Duration::from_secs(60))
                    .unwrap();
                assert_eq!(answer, expected, "{game} {moves:?}: {go}");
                // Amazons' 500 nodes end inside depth 1: a move, no iteration (0 nodes).
                assert!(expected.best.is_some(), "{game}: {go}");
                assert!(expected.nodes > 0 || go.contains("nodes"), "{game}: {go}");
            }
        }
    }

    #[test]
    fn the_core_in_this_process_is_called_not_spoken_to() {
        let rules = Rules::of(GameKind::TicTacToe, "");
        let seat = Entrant::from_spec("name=A,depth=2")
            .start(&rules, Duration::from_secs(5))
            .unwrap();
        assert!(matches!(seat, Seat::Core(_)), "{seat:?}");
    }

    #[test]
    fn the_evaluator_and_its_weights_are_checked() {
        let mut p = InProcess::new(16, None).unwrap();
        let e = p.set_evaluator(GameKind::Checkers, Some("deep"), None);
        assert_eq!(
            e.unwrap_err().to_string(),
            "unknown evaluator 'deep' (expected patterns, expert, baseline, network)"
        );
        let e = p.set_evaluator(GameKind::Checkers, None, Some(&[1e9]));
        assert!(e
            .unwrap_err()
            .to_string()
            .contains("bad weight '1000000000' at index 0"));
        let e = p.set_evaluator(GameKind::Checkers, Some("baseline"), Some(&[1.0; 6]));
        assert!(e.is_err(), "six weights for five");
        let chain = evaluator_defaults(GameKind::Dots, None).unwrap();
        assert_eq!((chain.name, chain.weights.len()), ("chain", 10));
    }

    #[test]
    fn numbers_cross_as_the_protocol_writes_them() {
        let tenth = f64_value(0.1).unwrap();
        assert_eq!(tenth.to_bits(), 6554);
        assert_eq!(value_f64(tenth), 0.1, "the decimal, not 0.100006103515625");
        assert_eq!(score_f64(Score::win_in(3)), f64::INFINITY);
        assert_eq!(score_f64(Score::loss_in(2)), f64::NEG_INFINITY);
        assert_eq!(score_f64(Score::from_fixed(tenth)), 0.1);
        assert_eq!(f64_value(f64::NAN), None);
    }
}

//! What the engine plays: the game's exact solver when it settles the position
//! ([`Playable::solve`]), else the search. The protocol's `go` and `selfplay` and the
//! host's `play` and `analyze` all decide through here, so they agree.

use crate::eval::Evaluator;
use crate::playable::{Oracles, Playable};
use crate::protocol::{move_stack, MoveWord};
use crate::search::{
    self, Clock, Iteration, Knowledge, NoOracle, SearchError, SearchResult, Settings, Stats, Table,
    TableUse,
};
use crate::selectable::EvaluatorSet;

/// Solves `pos` outright when the game can (reporting one [`Iteration`] whose depth is
/// the number of plies to the proven end and whose PV is the solver's move), else runs
/// [`search::search`] with the same arguments.
///
/// # Errors
/// Those of [`search::search`].
pub fn decide<G: Playable, E: Evaluator<G>, C: Clock>(
    pos: &G,
    eval: &E,
    tt: &mut Table<'_>,
    stack: &mut [G::Move],
    settings: &Settings,
    clock: &C,
    on_iteration: impl FnMut(&Iteration<G::Move>),
) -> Result<SearchResult<G::Move>, SearchError> {
    let knowledge = Knowledge::new(eval, &NoOracle);
    decide_with(pos, &knowledge, tt, stack, settings, clock, on_iteration)
}

/// [`decide`] with an oracle for the search ([`search::search_with`]).
///
/// # Errors
/// Those of [`search::search`].
pub fn decide_with<G: Playable, E: Evaluator<G>, C: Clock>(
    pos: &G,
    knowledge: &Knowledge<'_, G, E>,
    tt: &mut Table<'_>,
    stack: &mut [G::Move],
    settings: &Settings,
    clock: &C,
    mut on_iteration: impl FnMut(&Iteration<G::Move>),
) -> Result<SearchResult<G::Move>, SearchError> {
    if let Some(finished) = SearchResult::of_finished(pos) {
        return Ok(finished);
    }
    let Some(solved) = pos.solve(tt) else {
        return search::search_with(pos, knowledge, tt, stack, settings, clock, on_iteration);
    };
    let stats = Stats {
        nodes: solved.nodes,
        ..Stats::default()
    };
    let depth = solved
        .score
        .win_plies()
        .or(solved.score.loss_plies())
        .unwrap_or(0);
    let mut pv = search::Pv::new();
    let _ = pv.push(solved.best);
    let iteration = Iteration {
        depth,
        score: solved.score,
        best: Some(solved.best),
        pv,
        stats,
        total: stats,
    };
    on_iteration(&iteration);
    Ok(SearchResult::from(iteration))
}

/// Readies the table for a game's next search: cleared ([`TableUse::Clear`], so the
/// move depends only on the position, the settings and, under a time limit, the
/// clock), or kept with what the game's earlier searches stored
/// ([`TableUse::Keep`]). The protocol's `go` and `selfplay` and [`decide_move`] all
/// call it, so how a move's search treats the table is decided once.
pub fn prepare_table(tt: &mut Table<'_>, table: TableUse) {
    if table == TableUse::Clear {
        tt.clear();
    }
}

/// What [`decide_move`] decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision<M> {
    /// The search's result: the move, and the score, depth and PV of the last
    /// completed iteration. Its `stats` count every node searched, those of an
    /// iteration a limit cut short too.
    pub result: SearchResult<M>,
    /// The nodes searched up to the end of the last completed iteration (0 when none
    /// completed): the count the protocol's `go` reports in its last `info` line.
    pub reported_nodes: u64,
}

/// The protocol's `go` without the text: decides the move of `pos` with `G`'s
/// evaluator in `evaluators` and its oracle in `oracles`, over the engine's memory
/// (`tt`, cleared first unless `table` keeps it, and the move words `words`). For
/// the same position, evaluator, settings and table it answers what `go` answers:
/// the same move, score, depth, PV and node count. A host's in-process players call
/// it.
///
/// # Errors
/// Those of [`search::search`].
// The arguments are the engine's state, one each, as `go` takes them.
#[allow(clippy::too_many_arguments)]
pub fn decide_move<G: Playable, C: Clock>(
    pos: &G,
    evaluators: &EvaluatorSet,
    oracles: &Oracles<'_>,
    tt: &mut Table<'_>,
    words: &mut [MoveWord],
    settings: &Settings,
    table: TableUse,
    clock: &C,
) -> Result<Decision<G::Move>, SearchError> {
    let knowledge = Knowledge::new(G::evaluator(evaluators), G::oracle(oracles));
    let mut reported_nodes = 0;
    let report = |it: &Iteration<G::Move>| reported_nodes = it.total.nodes;
    let stack = move_stack::<G>(words);
    prepare_table(tt, table);
    let result = decide_with(pos, &knowledge, tt, stack, settings, clock, report)?;
    Ok(Decision {
        result,
        reported_nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::amazons::{Amazons, Move, TerritoryEval};
    use crate::games::tictactoe::{OpenLines, TicTacToe};
    use crate::search::{Algorithm, Entry, Limits, NoClock};
    extern crate std;
    use crate::{Game, Notation, Score};

    #[test]
    fn a_split_amazons_board_is_solved_not_searched() {
        // White (to move) owns rank 1 (five moves), Black one square: a win in 3 plies.
        let pos = Amazons::parse_fen("q1xxxx/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Q5:w").unwrap();
        let mut memory = [Entry::EMPTY; 64];
        let mut tt = Table::new(&mut memory);
        let mut moves = [Move::default(); 256];
        let settings = Settings {
            limits: Limits::depth(1),
            ..Settings::default()
        };
        let mut reported = 0;
        let r = decide(
            &pos,
            &TerritoryEval::default(),
            &mut tt,
            &mut moves,
            &settings,
            &NoClock,
            |it| {
                reported += 1;
                assert_eq!(it.depth, 3);
            },
        )
        .unwrap();
        assert_eq!(reported, 1);
        assert_eq!(r.score, Some(Score::win_in(3)));
        assert!(r.best.is_some_and(|m| pos.is_legal(m)));
        assert_eq!(r.pv.len(), 1);
    }

    #[test]
    fn a_small_dots_position_is_solved_with_the_score_a_full_search_finds() {
        use crate::games::dots::{ChainEval, Dots, Edge, Size};
        // 2×2 (12 edges): the first player wins 3–1; 1×2 (7 edges): a 1–1 draw.
        for (rows, cols, expected) in [(2, 2, Score::win_in(12)), (1, 2, Score::ZERO)] {
            let pos = Dots::empty(Size::new(rows, cols).unwrap());
            let mut memory = std::vec![Entry::EMPTY; 1 << 14];
            let mut moves = [Edge::default(); 256];
            let mut run = |solve: bool| {
                let mut tt = Table::new(&mut memory);
                let settings = Settings {
                    limits: Limits::depth(12),
                    algorithm: Algorithm::AlphaBeta,
                    ..Settings::default()
                };
                let (eval, on) = (ChainEval::default(), |_: &Iteration<Edge>| {});
                if solve {
                    decide(&pos, &eval, &mut tt, &mut moves, &settings, &NoClock, on)
                } else {
                    search::search(&pos, &eval, &mut tt, &mut moves, &settings, &NoClock, on)
                }
                .unwrap()
            };
            let (solved, searched) = (run(true), run(false));
            assert_eq!(solved.score, Some(expected), "{rows}x{cols}");
            assert_eq!(searched.score, solved.score, "{rows}x{cols}");
            assert_eq!(solved.pv.len(), 1);
            // The solver's move keeps the result: the child is worth the same.
            let child = pos.after(solved.best.unwrap());
            let kept = crate::playable::Playable::solve(&child, &mut Table::new(&mut []))
                .unwrap()
                .score;
            let same_side = child.side_to_move() == pos.side_to_move();
            let from_root = if same_side { kept } else { -kept };
            assert_eq!(from_root.win_plies().map(|p| p + 1), expected.win_plies());
            assert_eq!(from_root.is_proven(), expected.is_proven());
        }
    }

    #[test]
    fn other_positions_are_searched() {
        let mut memory = [Entry::EMPTY; 1024];
        let mut tt = Table::new(&mut memory);
        let mut moves = [Default::default(); 64];
        let r = decide(
            &TicTacToe::START,
            &OpenLines,
            &mut tt,
            &mut moves,
            &Settings::default(),
            &NoClock,
            |_| {},
        )
        .unwrap();
        assert_eq!(r.score, Some(Score::ZERO));
        assert!(r.stats.nodes > 1000);
    }

    /// The last `info` line's `score=`/`nodes=`/`depth=`/`pv=` and the `bestmove` of a
    /// `go` reply (no `info` line: no score, 0 nodes, depth 0, no PV).
    fn go_reply(reply: &str) -> (std::string::String, [&str; 4]) {
        let info = reply
            .lines()
            .rev()
            .find(|l| l.starts_with("info "))
            .unwrap_or("");
        let field = |key: &str| {
            info.split(' ')
                .find_map(|w| w.strip_prefix(key))
                .unwrap_or("")
        };
        let pv = info.split_once(" pv=").map_or("", |(_, pv)| pv);
        let best = reply
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap_or("")
            .into();
        let count = |key: &str| match field(key) {
            "" => "0",
            n => n,
        };
        (
            best,
            [field("score="), count("nodes="), count("depth="), pv],
        )
    }

    #[test]
    fn the_typed_decision_is_what_go_answers() {
        use crate::games::AnyPosition;
        use crate::protocol::{Engine, BENCH_POSITIONS};
        use crate::selectable::Selectable;
        use crate::with_position;
        use core::fmt::Write;
        use std::string::{String, ToString};
        use std::vec;
        // Every bench position, shallower, under a depth and a node limit (which cuts
        // an iteration short), with every algorithm in turn and both modes, and an
        // evaluator other than the default where the game has one.
        let (mut checked, mut cut_short) = (0, 0);
        for (i, bench) in BENCH_POSITIONS.iter().enumerate() {
            let algorithm = Algorithm::ALL[i % Algorithm::ALL.len()];
            let mode = ["exact", "selective"][i % 2];
            let depth = bench.depth.min(4);
            for limit in [std::format!("depth {depth}"), "nodes 700".into()] {
                let mut tt = vec![Entry::EMPTY; 4096];
                let mut words = vec![0 as MoveWord; 1 << 14];
                let mut engine = Engine::new(&mut tt, &mut words);
                let mut reply = String::new();
                let mut lines = vec![std::format!("game {} {}", bench.game, bench.options)];
                if let Some(fen) = bench.fen {
                    lines.push(std::format!("position fen {fen}"));
                }
                let evaluator = match bench.game {
                    crate::games::GameKind::Checkers => Some("expert"),
                    crate::games::GameKind::Amazons => Some("paper"),
                    _ => None,
                };
                if let Some(name) = evaluator {
                    lines.push(std::format!("evaluator {name}"));
                }
                for line in &lines {
                    engine.execute(line, &NoClock, &mut reply);
                }
                let position: AnyPosition = *engine.position();
                reply.clear();
                let go = std::format!("go {limit} algo={} mode={mode}", algorithm.name());
                engine.execute(&go, &NoClock, &mut reply);
                let (best, [score, nodes, depth, pv]) = go_reply(&reply);

                let mut evaluators = EvaluatorSet::default();
                let settings = Settings {
                    algorithm,
                    limits: match limit.strip_prefix("depth ") {
                        Some(d) => Limits::depth(d.parse().unwrap()),
                        None => Limits::nodes(700),
                    },
                    mode: mode.parse().unwrap(),
                    ..Settings::default()
                };
                let (typed_best, typed) = with_position!(&position, G, p => {
                    if let Some(name) = evaluator {
                        *G::evaluator_mut(&mut evaluators) = Selectable::by_name(name).unwrap();
                    }
                    let d = decide_move(
                        p,
                        &evaluators,
                        &crate::Oracles::default(),
                        &mut Table::new(&mut tt),
                        &mut words,
                        &settings,
                        TableUse::Clear,
                        &NoClock,
                    )
                    .unwrap();
                    let mut line = String::new();
                    let mut q = *p;
                    for (k, &m) in d.result.pv.iter().enumerate() {
                        let _ = write!(line, "{}{}", if k > 0 { " " } else { "" }, q.display_move(m));
                        q = q.after(m);
                    }
                    if d.reported_nodes != d.result.stats.nodes {
                        cut_short += 1;
                    }
                    let best = d.result.best.map(|m| p.display_move(m).to_string());
                    (best, [
                        d.result.score.map(|s| s.to_string()).unwrap_or_default(),
                        d.reported_nodes.to_string(),
                        d.result.depth.to_string(),
                        line,
                    ])
                });
                assert_eq!(
                    typed_best.as_deref(),
                    Some(best.as_str()),
                    "{go} at {bench:?}"
                );
                assert_eq!(
                    typed,
                    [score, nodes, depth, pv].map(String::from),
                    "{go} at {bench:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 2 * BENCH_POSITIONS.len());
        assert!(cut_short > 0, "some node limit cut an iteration short");
    }
}

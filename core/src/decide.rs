//! What the engine plays: the game's exact solver when it settles the position
//! ([`Playable::solve`]), else the search. The protocol's `go` and `selfplay` and the
//! host's `play` and `analyze` all decide through here, so they agree.

use crate::eval::Evaluator;
use crate::playable::Playable;
use crate::search::{
    self, Clock, Iteration, Knowledge, NoOracle, SearchError, SearchResult, Settings, Stats, Table,
};

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
}

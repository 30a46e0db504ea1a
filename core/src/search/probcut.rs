//! ProbCut (Buro, 1995): a node whose shallow search lands far outside its window is
//! cut without the full search.
//!
//! A search to depth `d` and one to `d − 4` agree up to noise: over about 930
//! checkers positions of real games (PVS with `patterns`), the deeper score is the
//! shallower one plus a residual whose standard deviation is 0.42 of a man at depth
//! 11 and 0.46–0.55 at depths 8–10 (`docs/search.md`, "ProbCut"). So when a
//! null-window node (every node PVS scouts) with five plies or more to go finds, at
//! four plies less, a value at least the game's [`Game::PROBCUT_MARGIN`] above its
//! beta, the full search would most likely fail high too and the node returns beta at
//! once; likewise below alpha. A node whose side to move must capture tries it too
//! (leaving those alone, as at first, cost 22 Elo: docs/checkers-strength.md, test
//! 76). PVS and alpha-beta use it;
//! MTD(f) and AB-SSS\* do not ([`serves`]).
//!
//! The shallow search is an ordinary search of the same position (its table entries,
//! killers and node counts are real), so the mode stays deterministic: the same
//! search gives the same nodes, value and move on every target. Values may differ
//! from minimax's: this is [`Mode::ProbCut`](super::Mode::ProbCut), never the exact mode.
//! A game without a measured margin (every game but checkers) is searched exactly.

use super::context::{Abort, Found};
use super::{Algorithm, Mode};
use crate::game::Game;
use crate::score::Score;

/// Whether a search of a `G` in `mode` with `algorithm` tries the cut: the ProbCut mode with
/// PVS, whose scouts are the null-window nodes it cuts, or alpha-beta (whose windows
/// are wide: it cuts next to nothing there). MTD(f) and AB-SSS\* search the root
/// again and again with null windows; a cut's value depends on the window, so their
/// passes disagree and take many more: over eight middle-game positions at depth 9,
/// MTD(f) with the cut visited 32,039,141 nodes against 683,776 exact. They search
/// exactly in this mode, and so does a game without a measured margin
/// ([`Game::PROBCUT_MARGIN`]): for them the mode's table rules (deeper entries settle
/// a node and are not overwritten, `Context::settles`) are off too.
pub(crate) fn serves<G: Game>(mode: Mode, algorithm: Algorithm) -> bool {
    mode == Mode::ProbCut
        && matches!(algorithm, Algorithm::Pvs | Algorithm::AlphaBeta)
        && G::PROBCUT_MARGIN.is_some()
}

/// The least depth left at which a node tries the cut: 5 beat 6 at 1+0.01
/// (docs/checkers-strength.md, test 65), the shallow search then a single ply.
pub(crate) const MIN_DEPTH: u32 = 5;

/// How much shallower the check searches.
pub(crate) const REDUCTION: u32 = 4;

/// The value a null-window node `(alpha, beta)` of a `G` with `depth` plies to go
/// returns without its full search, if its shallow searches settle it; `None` when the
/// node must be searched (or does not qualify: ProbCut off (`on`), the root, too
/// shallow, a wide window, a proven bound). `search(d, a, b)` searches the node's
/// position itself to `d` plies with window `(a, b)` (the caller's kernel).
pub(crate) fn cut<G: Game>(
    on: bool,
    depth: u32,
    ply: u32,
    (alpha, beta): (Score, Score),
    mut search: impl FnMut(u32, Score, Score) -> Found,
) -> Result<Option<Score>, Abort> {
    let Some(margin) = G::PROBCUT_MARGIN.filter(|_| on) else {
        return Ok(None);
    };
    let null_window = alpha.succ() >= beta;
    let heuristic = alpha.value().is_some() && beta.value().is_some();
    if ply == 0 || depth < MIN_DEPTH || !null_window || !heuristic {
        return Ok(None);
    }
    let shallow = depth - REDUCTION;
    let high = Score::heuristic(beta.raw().saturating_add(margin));
    if search(shallow, high.pred(), high)? >= high {
        return Ok(Some(beta));
    }
    let low = Score::heuristic(alpha.raw().saturating_sub(margin));
    if search(shallow, low, low.succ())? <= low {
        return Ok(Some(alpha));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;
    use crate::games::checkers::Checkers;
    use crate::games::tictactoe::TicTacToe;

    /// Runs [`cut`] for a `G` node with a shallow search that answers `answer(depth,
    /// alpha, beta)`; the result and the shallow searches asked for, in order.
    fn run<G: Game>(
        on: bool,
        depth: u32,
        ply: u32,
        window: (Score, Score),
        answer: impl Fn(u32, Score, Score) -> Score,
    ) -> (Option<Score>, Vec<(u32, i32, i32)>) {
        let mut asked = Vec::new();
        let result = cut::<G>(on, depth, ply, window, |d, a, b| {
            asked.push((d, a.raw(), b.raw()));
            Ok(answer(d, a, b))
        });
        (result.unwrap(), asked)
    }

    const MARGIN: i32 = match Checkers::PROBCUT_MARGIN {
        Some(m) => m,
        None => 0,
    };

    /// A null window at `raw`: (raw − 1, raw).
    fn null(raw: i32) -> (Score, Score) {
        (Score::heuristic(raw - 1), Score::heuristic(raw))
    }

    #[test]
    fn a_shallow_value_beyond_beta_by_the_margin_cuts_high() {
        // Six plies to go: the check searches two, at beta + margin (the window
        // (beta + m − 1, beta + m)); a value reaching it returns beta at once.
        let (beta, high) = (1_000, 1_000 + MARGIN);
        let (result, asked) = run::<Checkers>(true, 6, 3, null(beta), |_, _, b| b);
        assert_eq!(result, Some(Score::heuristic(beta)));
        assert_eq!(asked, [(2, high - 1, high)]);
    }

    #[test]
    fn a_shallow_value_below_alpha_by_the_margin_cuts_low() {
        // The high check fails (its search stays at its alpha), the low one, at
        // alpha − margin, stays at or below it: the node returns alpha.
        let (alpha, beta) = (999, 1_000);
        let low = alpha - MARGIN;
        let (result, asked) = run::<Checkers>(true, 9, 1, null(beta), |_, a, _| a);
        assert_eq!(result, Some(Score::heuristic(alpha)));
        assert_eq!(
            asked,
            [(5, beta + MARGIN - 1, beta + MARGIN), (5, low, low + 1)]
        );
    }

    #[test]
    fn a_shallow_value_within_the_margins_leaves_the_node_to_its_search() {
        // Both checks answer a value near the window: neither bound is passed.
        let (result, asked) = run::<Checkers>(true, 5, 1, null(0), |_, _, _| Score::ZERO);
        assert_eq!(result, None);
        assert_eq!(asked.len(), 2);
        assert!(asked.iter().all(|&(d, _, _)| d == 1));
    }

    #[test]
    fn nodes_that_do_not_qualify_are_not_checked() {
        let always = |_: u32, _: Score, b: Score| b;
        let wide = (Score::heuristic(0), Score::heuristic(100));
        let proven = (Score::win_in(9).pred(), Score::win_in(9));
        for (on, depth, ply, window) in [
            (false, 8, 1, null(0)), // the mode is off
            (true, 8, 0, null(0)),  // the root
            (true, 4, 1, null(0)),  // under MIN_DEPTH
            (true, 8, 1, wide),     // not a null window
            (true, 8, 1, proven),   // a proven bound
        ] {
            assert_eq!(
                run::<Checkers>(on, depth, ply, window, always),
                (None, Vec::new())
            );
        }
        // A game without a measured margin is searched exactly.
        assert_eq!(
            run::<TicTacToe>(true, 8, 1, null(0), always),
            (None, Vec::new())
        );
    }
}

//! Dots-and-Boxes on edge bitboards, from 1×1 to 6×6 boxes (5×5 by default).
//!
//! A move draws one edge. Completing one or two boxes scores them and the same player
//! moves again; any other move passes the turn. When every edge is drawn, more boxes
//! wins and equal boxes draw.
//!
//! - Notation: dots `a1` (bottom left) to `g7`; edges lower or left dot first,
//!   `a1-b1` or `a1-a2`. Sides `first` and `second`.
//! - FEN: `RxC:EDGES:S1-S2:SIDE`, e.g. `3x3:a1-b1,a1-a2:0-0:2`.
//! - Options: `rows` and `cols` (`1..=6`).
//! - [`analysis`]: freedoms, chains, loops, double-cross situations, the long chain rule.
//! - [`ChainEval`]: the GA paper's ten-weight evaluator ([`Weights`]).
//! - [`solve`]: an exact solver with a symmetry-folded table in caller memory.
//!
//! See `docs/dots.md` for the formulas and the measured figures.

pub mod analysis;
mod board;
mod edges;
mod eval;
mod evaluators;
mod loony;
mod movegen;
mod notation;
mod size;
mod solver;
mod solving;
mod theory;

pub use analysis::{Component, Components, Features};
pub use board::{Dots, MAX_BOXES};
pub use edges::{Edge, EdgeIter, Edges, Symmetry};
pub use eval::{ChainEval, Term, Weights};
pub use evaluators::DotsEval;
pub use loony::Endgame;
pub use size::{Size, MAX_SIDE, MIN_SIDE};
pub use solver::{solve, stack_len, Solution, SolveError};
pub use solving::{Margin, SolverMove, Solving, Theory};

/// The most undrawn edges a position may have for the engine to solve it outright
/// before every search ([`crate::decide()`]): such a position is solved in well under
/// a millisecond on a host and a few milliseconds on a Cortex-M4, without a table (the
/// Cortex-M4 runs the solver on its own stack, whose depth is the undrawn edges).
pub const ROOT_SOLVE_EDGES: u32 = 14;

impl crate::playable::Playable for Dots {
    type Eval = DotsEval;

    fn evaluator(set: &crate::selectable::EvaluatorSet) -> &Self::Eval {
        &set.dots
    }

    fn evaluator_mut(set: &mut crate::selectable::EvaluatorSet) -> &mut Self::Eval {
        &mut set.dots
    }

    /// A position with at most [`ROOT_SOLVE_EDGES`] undrawn edges is solved exactly
    /// ([`solve`], in `tt`): the score is a win, loss or draw at the end of the game,
    /// which is exactly as many plies away as there are undrawn edges.
    fn solve(&self, tt: &mut crate::search::Table<'_>) -> Option<crate::playable::Solution<Edge>> {
        let undrawn = self.undrawn().count();
        if undrawn > ROOT_SOLVE_EDGES {
            return None;
        }
        let mut stack = [SolverMove::default(); stack_len(ROOT_SOLVE_EDGES)];
        let solution = solve(self, tt, &mut stack).ok()?;
        let mover_margin = match self.side() {
            crate::player::Player::First => solution.first_margin,
            crate::player::Player::Second => -solution.first_margin,
        };
        let score = match mover_margin.signum() {
            1 => crate::score::Score::win_in(undrawn),
            -1 => crate::score::Score::loss_in(undrawn),
            _ => crate::score::Score::ZERO,
        };
        Some(crate::playable::Solution {
            best: solution.best?,
            score,
            nodes: solution.nodes,
        })
    }

    fn write_status_extra(&self, w: &mut dyn core::fmt::Write) -> core::fmt::Result {
        use crate::player::Player;
        write!(
            w,
            " score={}-{}",
            self.score(Player::First),
            self.score(Player::Second)
        )
    }
}

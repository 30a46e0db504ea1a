//! Tic-tac-toe on 9-bit masks: the smallest game, solved exactly by every search.
//!
//! Cells are `a1`..`c3` (columns a–c left to right, rows 1–3 bottom to top); `x` moves
//! first. FEN: three rows top to bottom separated by `/`, characters `x o .`, then `:`
//! and the side to move, e.g. `x../.o./...:x`.

mod board;
mod eval;
mod evaluators;
mod movegen;
mod notation;

pub use board::{Cell, Mask, TicTacToe, LINES};
pub use eval::OpenLines;
pub use evaluators::TicTacToeEval;

impl crate::playable::Playable for TicTacToe {
    type Eval = TicTacToeEval;

    fn evaluator(set: &crate::selectable::EvaluatorSet) -> &Self::Eval {
        &set.tictactoe
    }

    fn evaluator_mut(set: &mut crate::selectable::EvaluatorSet) -> &mut Self::Eval {
        &mut set.tictactoe
    }
}

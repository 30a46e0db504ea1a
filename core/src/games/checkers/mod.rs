//! English draughts (American checkers) on 32-square `u32` bitboards.
//!
//! Squares are numbered 1–32 in PDN order: Black's men start on 1–12 and move first,
//! toward the higher numbers; White's start on 21–32. Men step diagonally forward,
//! kings one square in any diagonal direction. Capturing is mandatory, any capture
//! sequence may be chosen, a sequence continues while it can, and a man reaching the
//! king row during a capture is crowned and stops there. A side without a legal move
//! loses. The game is drawn after `draw_plies` (default 80) plies without a capture
//! or man move, and on the third occurrence of a position (see [`rules`]).
//!
//! ```
//! use microply_core::games::checkers::Checkers;
//! use microply_core::{perft, Game, Notation};
//!
//! let start = Checkers::start(&Default::default());
//! let mut moves = [Default::default(); 256];
//! assert_eq!(perft(&start, 4, &mut moves), Ok(1469));
//! let after = start.after(start.parse_move("11-15").unwrap());
//! assert_eq!(after.display_fen().to_string(),
//!            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
//! ```

pub mod bitboard;
mod board;
mod eval;
mod evaluators;
mod expert;
pub mod features;
mod movegen;
mod moves;
pub mod network;
mod notation;
pub mod patterns;
pub mod pdn;
pub mod residual;
pub mod rules;
mod square;
mod view;

pub use board::{Checkers, Config};
pub use eval::{Baseline, Weights};
pub use evaluators::CheckersEval;
pub use expert::{Expert, ExpertWeights};
pub use moves::{Move, MAX_PATH};
pub use network::{Network, NetworkWeights};
pub use notation::parse_square;
pub use patterns::Patterns;
pub use square::Square;

impl crate::playable::Playable for Checkers {
    type Eval = CheckersEval;

    fn evaluator(set: &crate::selectable::EvaluatorSet) -> &Self::Eval {
        &set.checkers
    }

    fn evaluator_mut(set: &mut crate::selectable::EvaluatorSet) -> &mut Self::Eval {
        &mut set.checkers
    }

    fn oracle<'o>(set: &crate::playable::Oracles<'o>) -> &'o dyn crate::search::Oracle<Self> {
        match set.checkers {
            Some(tables) => tables,
            None => &crate::search::NoOracle,
        }
    }
}

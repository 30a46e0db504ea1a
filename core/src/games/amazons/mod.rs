//! The Game of the Amazons on `u128` bitboards (10×10, and 8×8 / 6×6 for small devices).
//!
//! Squares are `a1`..`j10` (files a–j left to right, ranks 1–10 bottom to top); White
//! moves first. A move is written `d1-d7/g7`: the queen's from and to squares, then
//! the arrow. FEN: rows top to bottom separated by `/`, digit runs (possibly two
//! digits, `10`) for empty squares, `Q` a White queen, `q` a Black queen, `x` an
//! arrow, then `:w` or `:b`; the board size is the number of rows.
//!
//! # Layout
//! - [`bitboard`](Bitboard): squares are bits `row * 11 + column` of a `u128`; queen
//!   and arrow moves are Kogge–Stone slides over the empty squares, and the bulk move
//!   count sums ray lengths over whole sets ([`queen_reach_sum`]): no loop over squares.
//! - `movegen`: the staged callback generator (queen, destination, arrow: three set-bit
//!   loops over bitboards, no move list) and [`Game::count_moves`](crate::Game) in bulk.
//! - [`region`], [`oneside`], [`endgame`]: region analysis, the one-side search and the
//!   split-game solver.
//! - [`PaperEval`] (mobility, neighbourhood, spread) and [`TerritoryEval`] (queen and
//!   king distance territory after Lieberum, blended with mobility by phase), both
//!   with weights as a plain struct, a `const DEFAULT` and a flat-array view.
//!
//! # The split-game endgame in the search
//! The game abstraction keeps the rules' outcome (a side without moves loses), so perft
//! and the protocol see the real game. The split is handled in two places instead:
//! both evaluators first ask [`endgame::analyse`] whether the board has split; if the
//! move counts decide the game they return a value in the *decided band* (beyond
//! ±[`endgame::DECIDED_UNITS`], ordered by the margin), which every search prefers
//! to any ordinary evaluation, and a count-difference estimate otherwise. For an
//! exact answer, [`endgame::solve`] returns the proven `win_in`/`loss_in` score and
//! the move that starts the longest filling sequence; the engine plays it at the
//! root of a split position instead of searching ([`crate::decide()`]).
//!
//! ```
//! use microply_core::games::amazons::{Amazons, Size};
//! use microply_core::{Game, Notation};
//!
//! let start = Amazons::start_position(Size::Ten);
//! assert_eq!(start.count_moves(), 2176);
//! let m = start.parse_move("d1-d7/g7").unwrap();
//! let next = start.after(m);
//! assert_eq!(
//!     next.display_fen().to_string(),
//!     "3q2q3/10/10/q2Q2x2q/10/10/Q8Q/10/10/6Q3:b"
//! );
//! ```

mod bitboard;
mod board;
pub mod endgame;
mod eval;
mod evaluators;
mod movegen;
mod notation;
pub mod oneside;
pub mod region;
mod rules;
mod square;
pub mod territory;

pub use bitboard::{king_step, queen_mobility, queen_reach, queen_reach_sum, Bitboard, STRIDE};
pub use board::{Amazons, Config};
pub use eval::{PaperEval, PaperWeights, SPREAD_UNTIL_MOVE};
pub use evaluators::AmazonsEval;
pub use movegen::MAX_MOVES;
pub use rules::{Size, MAX_QUEENS};
pub use square::{Move, Square};
pub use territory::{TerritoryEval, TerritoryWeights};

/// The default evaluator is [`TerritoryEval`]: distance territory is the stronger
/// measure (Lieberum 2005); the paper's [`PaperEval`] stays available. Both call the
/// split-game analysis of [`endgame`] first.
impl crate::playable::Playable for Amazons {
    type Eval = AmazonsEval;

    fn evaluator(set: &crate::selectable::EvaluatorSet) -> &Self::Eval {
        &set.amazons
    }

    fn evaluator_mut(set: &mut crate::selectable::EvaluatorSet) -> &mut Self::Eval {
        &mut set.amazons
    }

    /// A split board whose move counts the one-side search gets exactly (within
    /// [`endgame::ROOT_BUDGET`] nodes) is solved: [`endgame::solve`].
    fn solve(&self, _: &mut crate::search::Table<'_>) -> Option<crate::playable::Solution<Move>> {
        let mut budget = endgame::ROOT_BUDGET;
        let solution = endgame::solve(self, &mut budget)?;
        Some(crate::playable::Solution {
            best: solution.best?,
            score: solution.score,
            nodes: u64::from(endgame::ROOT_BUDGET - budget),
        })
    }
}

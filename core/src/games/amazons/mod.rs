//! The Game of the Amazons on `u128` bitboards (10×10, and 8×8 / 6×6 for small devices).
//!
//! Squares are `a1`..`j10` (files a–j left to right, ranks 1–10 bottom to top); White
//! moves first. A move is written `d1-d7/g7`: the queen's from and to squares, then
//! the arrow. FEN: rows top to bottom separated by `/`, digit runs (possibly two
//! digits, `10`) for empty squares, `Q` a White queen, `q` a Black queen, `x` an
//! arrow, then `:w` or `:b`; the board size is the number of rows.
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
mod movegen;
mod notation;
pub mod oneside;
pub mod region;
mod rules;
mod square;
pub mod territory;

pub use bitboard::{king_step, queen_reach, queen_reach_sum, Bitboard, STRIDE};
pub use board::{Amazons, Config};
pub use eval::{PaperEval, PaperWeights, SPREAD_UNTIL_MOVE};
pub use movegen::MAX_MOVES;
pub use rules::{Size, MAX_QUEENS};
pub use square::{Move, Square};
pub use territory::{TerritoryEval, TerritoryWeights};

/// The default evaluator is [`TerritoryEval`]: distance territory is the stronger
/// measure (Lieberum 2005); the paper's [`PaperEval`] stays available. Both call the
/// split-game analysis of [`endgame`] first.
impl crate::playable::Playable for Amazons {
    type Eval = TerritoryEval;
}

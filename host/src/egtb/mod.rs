//! Checkers endgame databases: the win/loss/draw value of every position with few
//! pieces, computed by retrograde analysis over core's checkers rules.
//!
//! - [`material`]: the material signatures (one table each),
//! - [`index`]: the perfect index of a table's positions,
//! - [`solver`]: the generator (a fixed-point iteration over core's move generation),
//! - [`table`]: a table's values packed two bits per position,
//! - [`format`](mod@format): the file format (header, checksum) and its errors,
//! - [`tablebase`]: a directory of tables, loaded and probed,
//! - [`oracle`]: the tables as the search's oracle (`--egtb DIR`).
//!
//! Values are game-theoretic: they ignore the draw-by-ply rule and repetition (a
//! position is a draw when neither side can force a win however long the game goes).
//! See docs/egtb.md.

pub mod format;
pub mod index;
pub mod material;
pub mod oracle;
pub mod solver;
pub mod table;
pub mod tablebase;

pub use format::FormatError;
pub use material::Material;
pub use oracle::{load_for, oracles, EgtbOptionError};
pub use solver::{solve, solve_shown, Solved};
pub use table::Table;
pub use tablebase::{shared, Tablebase, TablebaseError};

use std::fmt;

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move loses against best play.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins against best play.
    Win,
}

impl Wdl {
    /// The two-bit code stored in tables (3 marks an unused slot).
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Wdl::Loss => 0,
            Wdl::Draw => 1,
            Wdl::Win => 2,
        }
    }

    /// The value of a two-bit code, `None` for the unused-slot code 3.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Wdl> {
        match code & 3 {
            0 => Some(Wdl::Loss),
            1 => Some(Wdl::Draw),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }

    /// The value for the other side.
    #[must_use]
    pub const fn negated(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        })
    }
}

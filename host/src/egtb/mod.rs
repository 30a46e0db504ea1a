//! Checkers endgame databases: the value of every position with few pieces and the
//! plies to the end of the game with best play, computed by retrograde analysis over
//! core's checkers rules.
//!
//! - [`material`]: the material signatures (one table each),
//! - [`index`]: the perfect index of a table's positions,
//! - [`solver`]: the generator (a fixed-point iteration over core's move generation),
//! - [`table`]: a table's values, one byte per position,
//! - [`format`](mod@format): the file format (header, checksum) and its errors,
//! - [`tablebase`]: a directory of tables, loaded and probed,
//! - [`oracle`]: the tables as the search's oracle (`--egtb DIR`),
//! - [`conversion`]: won positions played out under the draw rules,
//! - [`location`]: the default table directory.
//!
//! Values are game-theoretic: they ignore the draw-by-ply rule and repetition (a
//! position is a draw when neither side can force a win however long the game goes).
//! See docs/egtb.md.

pub mod conversion;
pub mod format;
pub mod index;
pub mod location;
pub mod material;
pub mod oracle;
pub mod solver;
pub mod table;
pub mod tablebase;

pub use format::FormatError;
pub use material::Material;
pub use oracle::{load_for, oracles, EgtbOptionError};
pub use solver::{solve, solve_shown, solve_stored, GroupStore, NoStore, SolveError, Solved};
pub use table::{Table, UNUSED};
pub use tablebase::{shared, DirStore, Tablebase, TablebaseError};

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

/// A table entry: the value for the side to move and, for a win or a loss, the
/// plies to the end of the game (the loser without a move) when the winner plays
/// the fastest win and the loser the longest defence. A win is an odd number of
/// plies away, a loss an even one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dtw {
    /// The side to move wins in this many plies.
    Win(u8),
    /// The side to move loses in this many plies.
    Loss(u8),
    /// Neither side can force a win.
    Draw,
}

/// The longest distance a table stores (one byte a slot: the codes above it mark
/// draws and unused slots, and the solver's markers).
pub const MAX_PLIES: u8 = 250;
/// The stored code of a draw.
pub const DRAW_CODE: u8 = 254;

impl Dtw {
    /// The byte stored in tables: the plies for a win or loss (their parity says
    /// which), [`DRAW_CODE`] for a draw.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Dtw::Win(n) | Dtw::Loss(n) => n,
            Dtw::Draw => DRAW_CODE,
        }
    }

    /// The entry of a stored byte; `None` for the unused-slot code and for codes no
    /// table holds.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Dtw> {
        match code {
            DRAW_CODE => Some(Dtw::Draw),
            n if n > MAX_PLIES => None,
            n if n % 2 == 1 => Some(Dtw::Win(n)),
            n => Some(Dtw::Loss(n)),
        }
    }

    /// Win, draw or loss, without the distance.
    #[must_use]
    pub const fn wdl(self) -> Wdl {
        match self {
            Dtw::Win(_) => Wdl::Win,
            Dtw::Loss(_) => Wdl::Loss,
            Dtw::Draw => Wdl::Draw,
        }
    }

    /// The plies to the end of the game, `None` for a draw.
    #[must_use]
    pub const fn plies(self) -> Option<u8> {
        match self {
            Dtw::Win(n) | Dtw::Loss(n) => Some(n),
            Dtw::Draw => None,
        }
    }
}

impl fmt::Display for Dtw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dtw::Win(n) => write!(f, "win in {n} plies"),
            Dtw::Loss(n) => write!(f, "loss in {n} plies"),
            Dtw::Draw => f.write_str("draw"),
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

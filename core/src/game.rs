//! The game abstraction every game implements and every search is generic over.
//!
//! Positions are small `Copy` values and moves are played by **copy-make**
//! ([`Game::after`]), so no search needs an undo. Legal moves are written into
//! caller-provided memory: a search shares one `&mut [Move]` between all plies, each
//! ply taking the front of what its parent left free (see [`crate::search`]).

use core::fmt;
use core::ops::ControlFlow;

use crate::player::{Outcome, Player};
use crate::score::Score;
use crate::search::Replacement;

/// A game: its positions are values of the implementing type.
///
/// Invariants every implementation keeps (and the tests check):
/// - [`Game::outcome`] is `Some` exactly when the position has no legal moves or the
///   rules have ended the game otherwise (a draw rule, say); a finished position
///   generates no moves.
/// - [`Game::hash`] equals a full recomputation after any sequence of moves.
/// - Move generation order is a pure function of the position (search order, and so
///   node counts, follow it).
/// - [`Game::find_packed`] of [`Game::pack_move`] gives back any legal move (the
///   transposition table stores best moves packed).
/// - [`Game::side_to_move`] may stay the same after a move (Dots-and-Boxes).
pub trait Game: Copy + Eq + fmt::Debug + Sized {
    /// A move. `Pod` lets the engine lend one untyped buffer to whichever game is loaded.
    type Move: Copy + Eq + fmt::Debug + Default + bytemuck::Pod;
    /// Variant parameters (board size, draw rule); `Default` is the standard game.
    type Config: Copy + Eq + fmt::Debug + Default;

    /// The protocol name of the game (`tictactoe`, `checkers`, `dots`, `amazons`).
    const NAME: &'static str;
    /// A move-buffer size that holds the legal moves of one position: an upper bound
    /// on the legal moves of every position of every variant where the game can
    /// prove one (tic-tac-toe, Dots-and-Boxes, Amazons), else a capacity that covers
    /// every position seen in play and in the tests (checkers, whose number of
    /// capture paths has no small proven bound). A position with more moves is
    /// reported as [`MoveBufferFull`], never overrun.
    const MOVE_CAPACITY: usize;

    /// The start position of a variant.
    fn start(config: &Self::Config) -> Self;

    /// Sets one `key=value` option of a variant.
    ///
    /// # Errors
    /// [`ConfigError`] naming what was wrong with the key or the value.
    fn configure(config: &mut Self::Config, key: &str, value: &str) -> Result<(), ConfigError>;

    /// The variant this position belongs to (so a FEN can be checked against it).
    fn config(&self) -> Self::Config;

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// Calls `f` with every legal move in generation order, stopping early when `f` breaks.
    fn for_each_move<B>(&self, f: impl FnMut(Self::Move) -> ControlFlow<B>) -> ControlFlow<B>;

    /// The position after `m`, which must be legal here (an illegal move gives an
    /// unspecified but valid position, never a panic or UB).
    #[must_use]
    fn after(&self, m: Self::Move) -> Self;

    /// The 64-bit Zobrist hash of the position (kept incrementally). It must cover
    /// everything the position's value depends on (side to move, scores, draw
    /// counters, repetition history), since the transposition table reuses values
    /// across every path to the same hash.
    fn hash(&self) -> u64;

    /// `Some` when the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Where the transposition table files the position: the key and the part of
    /// the position's value the key leaves out (the table stores values less it and
    /// adds the probing node's back), or `None` where a table look-up is not worth
    /// its cost. The default, for every game whose [`Game::hash`] covers all its
    /// value depends on: the hash and zero, everywhere. The Dots-and-Boxes solver's
    /// view keys quiet positions by their symmetry-folded edges alone, with the boxes
    /// already won as the offset.
    fn table_key(&self) -> Option<(u64, Score)> {
        Some((self.hash(), Score::ZERO))
    }

    /// Which entry the transposition table gives up for a new position: by default
    /// the position's one slot ([`Replacement::Newest`]), which iterative deepening
    /// wants; the Dots-and-Boxes solver's view, one deep search that keeps meeting
    /// the results of large subtrees again, keeps the deeper of two
    /// ([`Replacement::Deeper`]).
    const REPLACEMENT: Replacement = Replacement::Newest;

    /// How far outside its window (raw score units) a shallow search must land for
    /// the ProbCut mode ([`Mode::ProbCut`](crate::search::Mode)) to cut a node: about
    /// 1.5 standard deviations of the difference between searches four plies apart,
    /// measured for the game's evaluators. `None` (the default): not measured, and
    /// the ProbCut mode searches the game exactly.
    const PROBCUT_MARGIN: Option<i32> = None;

    /// Whether a static evaluation here is meaningful. Searches extend non-quiet
    /// positions past their nominal depth (checkers: a capture is pending).
    fn is_quiet(&self) -> bool {
        true
    }

    /// Whether `m`, legal here, is a forcing move that the selective search mode
    /// ([`Mode::Selective`](crate::search::Mode)) searches one ply deeper and never
    /// reduces (checkers: a man crowning). The default,
    /// no move, leaves the game to reductions only.
    fn is_forcing(&self, m: Self::Move) -> bool {
        let _ = m;
        false
    }

    /// Writes the legal moves into `buf` in generation order and returns how many.
    ///
    /// # Errors
    /// [`MoveBufferFull`] when `buf` is too small; `buf` then holds a prefix.
    fn generate(&self, buf: &mut [Self::Move]) -> Result<usize, MoveBufferFull> {
        let mut n = 0;
        let flow = self.for_each_move(|m| match buf.get_mut(n) {
            Some(slot) => {
                *slot = m;
                n += 1;
                ControlFlow::Continue(())
            }
            None => ControlFlow::Break(()),
        });
        match flow {
            ControlFlow::Continue(()) => Ok(n),
            ControlFlow::Break(()) => Err(MoveBufferFull),
        }
    }

    /// The number of legal moves (games override this with bulk counting).
    fn count_moves(&self) -> u64 {
        let mut n = 0u64;
        let _ = self.for_each_move(|_| -> ControlFlow<()> {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// Whether there is at least one legal move.
    fn has_moves(&self) -> bool {
        self.for_each_move(|_| ControlFlow::Break(())).is_break()
    }

    /// Whether `m` is among the legal moves.
    fn is_legal(&self, m: Self::Move) -> bool {
        self.for_each_move(|x| {
            if x == m {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// `m` packed into the low [`PACKED_MOVE_BITS`] bits, so the transposition table
    /// can keep the move itself and a node can try it before generating its moves.
    /// Distinct legal moves of one position should pack differently; where they cannot
    /// (a lossy packing), [`Game::unpack_move`] picks the first in generation order.
    fn pack_move(m: Self::Move) -> u32;

    /// The legal move of this position that [`Game::pack_move`] packs to `packed`, when
    /// the game can tell without generating its moves (any `packed` is accepted: a
    /// table entry may come from another position). `None` when there is no such move
    /// or no cheap check (the default): a search then finds the move among the
    /// generated ones, as [`Game::find_packed`] does.
    fn unpack_move(&self, packed: u32) -> Option<Self::Move> {
        let _ = packed;
        None
    }

    /// The legal move that packs to `packed`: [`Game::unpack_move`], else the first
    /// legal move in generation order that packs to it.
    fn find_packed(&self, packed: u32) -> Option<Self::Move> {
        self.unpack_move(packed).or_else(|| {
            match self.for_each_move(|m| {
                if Self::pack_move(m) == packed {
                    ControlFlow::Break(m)
                } else {
                    ControlFlow::Continue(())
                }
            }) {
                ControlFlow::Break(m) => Some(m),
                ControlFlow::Continue(()) => None,
            }
        })
    }

    /// The `index`-th legal move in generation order.
    fn nth_move(&self, index: usize) -> Option<Self::Move> {
        let mut i = 0;
        match self.for_each_move(|m| {
            if i == index {
                ControlFlow::Break(m)
            } else {
                i += 1;
                ControlFlow::Continue(())
            }
        }) {
            ControlFlow::Break(m) => Some(m),
            ControlFlow::Continue(()) => None,
        }
    }
}

/// The bits a packed move may use ([`Game::pack_move`]); the table entry holds no more.
pub const PACKED_MOVE_BITS: u32 = 24;

/// The caller's move buffer could not hold the legal moves of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct MoveBufferFull;

impl fmt::Display for MoveBufferFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("move buffer full")
    }
}

impl core::error::Error for MoveBufferFull {}

/// A `key=value` game option that was not accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ConfigError {
    /// The game has no option of that name.
    UnknownKey,
    /// The value is not a number.
    NotANumber,
    /// The value is outside the supported range.
    OutOfRange,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ConfigError::UnknownKey => "unknown game option",
            ConfigError::NotANumber => "option value is not a number",
            ConfigError::OutOfRange => "option value out of range",
        })
    }
}

impl core::error::Error for ConfigError {}

/// Parses a decimal option value within `min..=max`, written as
/// [`crate::decimal`] requires.
///
/// # Errors
/// [`ConfigError::NotANumber`] or [`ConfigError::OutOfRange`].
pub fn parse_option<T>(value: &str, min: T, max: T) -> Result<T, ConfigError>
where
    T: core::str::FromStr + PartialOrd,
{
    let v: T = crate::decimal::parse_decimal(value).ok_or(ConfigError::NotANumber)?;
    if v < min || v > max {
        return Err(ConfigError::OutOfRange);
    }
    Ok(v)
}

//! Text forms of moves and positions, shared by the protocol, the CLI and the tests.
//!
//! Parsing goes through `&str` and returns a [`NotationError`] that says what was
//! wrong; formatting writes into any [`core::fmt::Write`] (no `String` in core).

use core::fmt;

use crate::game::Game;
use crate::player::Player;

/// Move and position notation of a game.
pub trait Notation: Game {
    /// Parses a move in this position; the move must be legal here.
    ///
    /// # Errors
    /// [`NotationError`] saying whether the text is malformed, names no legal move,
    /// or is ambiguous.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// Writes `m` (a legal move of this position) in standard notation.
    ///
    /// # Errors
    /// Only those of `w`.
    fn write_move(&self, m: Self::Move, w: &mut dyn fmt::Write) -> fmt::Result;

    /// Parses a position (FEN without spaces).
    ///
    /// # Errors
    /// [`NotationError`] naming the first problem found.
    fn parse_fen(text: &str) -> Result<Self, NotationError>;

    /// Parses a FEN for a game played under `config`: what the FEN says (a board
    /// size) comes from the FEN, options it cannot say (checkers' `draw_plies`) come
    /// from `config`. The engine uses this so `game ... key=value` survives
    /// `position fen`.
    ///
    /// # Errors
    /// As [`Notation::parse_fen`].
    fn parse_fen_under(text: &str, config: &Self::Config) -> Result<Self, NotationError> {
        let _ = config;
        Self::parse_fen(text)
    }

    /// Writes the position's FEN.
    ///
    /// # Errors
    /// Only those of `w`.
    fn write_fen(&self, w: &mut dyn fmt::Write) -> fmt::Result;

    /// Draws the board as text (several lines, each ending in `\n`).
    ///
    /// # Errors
    /// Only those of `w`.
    fn write_board(&self, w: &mut dyn fmt::Write) -> fmt::Result;

    /// The game's name for a player (`x`, `black`, `white`, `first`, ...).
    fn side_name(player: Player) -> &'static str;

    /// A `Display` adapter for a move of this position.
    fn display_move(&self, m: Self::Move) -> DisplayMove<'_, Self> {
        DisplayMove { pos: self, m }
    }

    /// A `Display` adapter for the position's FEN.
    fn display_fen(&self) -> DisplayFen<'_, Self> {
        DisplayFen(self)
    }
}

/// Displays a move in the notation of its position (see [`Notation::display_move`]).
pub struct DisplayMove<'a, G: Notation> {
    pos: &'a G,
    m: G::Move,
}

impl<G: Notation> fmt::Display for DisplayMove<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pos.write_move(self.m, f)
    }
}

/// Displays a position's FEN (see [`Notation::display_fen`]).
pub struct DisplayFen<'a, G: Notation>(&'a G);

impl<G: Notation> fmt::Display for DisplayFen<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_fen(f)
    }
}

/// Why a move or a position could not be parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum NotationError {
    /// The move text does not have the game's move syntax.
    MalformedMove,
    /// A square or cell name is not on the board.
    BadSquare,
    /// The move is well-formed but not legal in the position.
    IllegalMove,
    /// The short form matches more than one legal move.
    AmbiguousMove,
    /// The FEN does not have the game's overall layout.
    MalformedFen,
    /// A FEN row has the wrong length or the wrong number of rows.
    BadRow,
    /// A FEN holds a character that is not a piece, digit or separator.
    BadPiece,
    /// The side to move is missing or not one of the game's sides.
    BadSide,
    /// A square is given twice, or pieces contradict each other.
    Conflict,
    /// Piece counts are impossible for the rules (too many pieces, wrong turn).
    ImpossiblePosition,
    /// A number in the FEN (size, score, counter) is malformed or out of range.
    BadNumber,
    /// The board size is not supported.
    BadSize,
    /// A capture written with `-` or a mix of separators: captures take `x`.
    CaptureNeedsX,
    /// A simple move written with `x` or a mix of separators: it takes `-`.
    SimpleMoveNeedsDash,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotationError::MalformedMove => "malformed move",
            NotationError::BadSquare => "square is not on the board",
            NotationError::IllegalMove => "illegal move",
            NotationError::AmbiguousMove => "ambiguous move",
            NotationError::MalformedFen => "malformed FEN",
            NotationError::BadRow => "FEN row has the wrong length or count",
            NotationError::BadPiece => "FEN has an unknown piece character",
            NotationError::BadSide => "FEN side to move is missing or unknown",
            NotationError::Conflict => "FEN places two things on one square",
            NotationError::ImpossiblePosition => "FEN describes an impossible position",
            NotationError::BadNumber => "FEN number is malformed or out of range",
            NotationError::CaptureNeedsX => "a capture is written with 'x' only (like 9x18)",
            NotationError::SimpleMoveNeedsDash => "a simple move is written with '-' (like 21-25)",
            NotationError::BadSize => "board size not supported",
        })
    }
}

impl core::error::Error for NotationError {}

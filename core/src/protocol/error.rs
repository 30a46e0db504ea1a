//! Why a command failed: each variant names what was wrong and, where there is one,
//! the offending token.

use core::fmt;

use crate::choices::expected;
use crate::game::{ConfigError, MoveBufferFull};
use crate::games::GameKind;
use crate::notation::NotationError;
use crate::perft::PerftError;
use crate::search::{Algorithm, Mode, SearchError, TableUse};
use crate::selectable::WeightsOutOfRange;

/// A command that could not be carried out. The engine replies `error <this>` and
/// changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProtocolError<'l> {
    /// An empty line.
    Empty,
    /// The line is longer than [`MAX_LINE`](super::MAX_LINE).
    LineTooLong,
    /// The line is not UTF-8.
    NotUtf8,
    /// The line has more than [`MAX_TOKENS`](super::MAX_TOKENS) tokens.
    TooManyTokens,
    /// The first word is not a command.
    UnknownCommand(&'l str),
    /// Something the command needs is missing.
    MissingArgument(&'static str),
    /// A token the command does not take.
    UnexpectedArgument(&'l str),
    /// A `key=value` token whose key the line already gave.
    DuplicateArgument(&'l str),
    /// A token that should be a number (in range) is not.
    BadNumber(&'l str),
    /// The game name is not known.
    UnknownGame(&'l str),
    /// The algorithm name is not known.
    UnknownAlgorithm(&'l str),
    /// The search mode is not `exact`, `selective` or `probcut`.
    UnknownMode(&'l str),
    /// The `table=` value is not `clear` or `keep`.
    UnknownTableUse(&'l str),
    /// A game option is not `key=value`, or the game rejected it.
    BadOption(&'l str, Option<ConfigError>),
    /// A move or FEN that could not be read or played.
    Notation(NotationError, &'l str),
    /// The game is over, so there is nothing to search or play.
    GameOver,
    /// The engine's move memory is too small for this command.
    MoveMemory,
    /// The evaluator name is not one of the game's (which are listed).
    UnknownEvaluator(&'l str, &'static [&'static str]),
    /// A weight that is not a decimal in the fixed-point range, and its index.
    BadWeight(&'l str, usize),
    /// A `weights` line without `at=` must give every weight.
    WeightCount {
        /// How many weights the evaluator has.
        expected: usize,
        /// How many the line gave.
        got: usize,
    },
    /// `weights at=I` writes past the evaluator's last weight.
    WeightsOutOfRange(WeightsOutOfRange),
    /// `solve` in a game without an exact solver (only Dots-and-Boxes has one).
    NoSolver,
    /// `solve` on a Dots-and-Boxes board larger than the solver answers quickly.
    TooLargeToSolve,
    /// A whitespace character other than space or tab (a carriage return included:
    /// the line reader drops the one a CRLF line ending has).
    BadWhitespace(char),
    /// `stop` ended the command before it had a result.
    Stopped,
}

impl From<SearchError> for ProtocolError<'_> {
    fn from(_: SearchError) -> Self {
        ProtocolError::MoveMemory
    }
}

impl From<PerftError> for ProtocolError<'_> {
    fn from(e: PerftError) -> Self {
        match e {
            PerftError::MoveBufferFull => ProtocolError::MoveMemory,
            PerftError::Stopped => ProtocolError::Stopped,
        }
    }
}

impl From<MoveBufferFull> for ProtocolError<'_> {
    fn from(_: MoveBufferFull) -> Self {
        ProtocolError::MoveMemory
    }
}

impl fmt::Display for ProtocolError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Empty => f.write_str("empty command"),
            ProtocolError::LineTooLong => write!(f, "line longer than {} bytes", super::MAX_LINE),
            ProtocolError::NotUtf8 => f.write_str("line is not valid UTF-8"),
            ProtocolError::TooManyTokens => write!(f, "more than {} tokens", super::MAX_TOKENS),
            ProtocolError::UnknownCommand(w) => write!(f, "unknown command '{w}'"),
            ProtocolError::MissingArgument(what) => write!(f, "missing {what}"),
            ProtocolError::UnexpectedArgument(w) => write!(f, "unexpected argument '{w}'"),
            ProtocolError::DuplicateArgument(w) => write!(f, "duplicate argument '{w}'"),
            ProtocolError::BadNumber(w) => write!(f, "bad number '{w}'"),
            ProtocolError::UnknownGame(w) => {
                write!(f, "unknown game '{w}'")?;
                expected(f, GameKind::ALL.iter().map(|k| k.name()))
            }
            ProtocolError::UnknownAlgorithm(w) => {
                write!(f, "unknown algorithm '{w}'")?;
                expected(f, Algorithm::ALL.iter().map(|a| a.name()))
            }
            ProtocolError::UnknownMode(w) => {
                write!(f, "unknown search mode '{w}'")?;
                expected(f, Mode::ALL.iter().map(|m| m.name()))
            }
            ProtocolError::UnknownTableUse(w) => {
                write!(f, "unknown table use '{w}'")?;
                expected(f, TableUse::ALL.iter().map(|t| t.name()))
            }
            ProtocolError::BadOption(w, None) => write!(f, "option '{w}' is not key=value"),
            ProtocolError::BadOption(w, Some(e)) => write!(f, "{e}: '{w}'"),
            ProtocolError::Notation(e, w) => write!(f, "{e}: '{w}'"),
            ProtocolError::GameOver => f.write_str("the game is over"),
            ProtocolError::MoveMemory => f.write_str("move memory too small for this command"),
            ProtocolError::UnknownEvaluator(w, names) => {
                write!(f, "unknown evaluator '{w}' (expected")?;
                for (i, name) in names.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}{name}")?;
                }
                f.write_str(")")
            }
            ProtocolError::BadWeight(w, i) => write!(f, "bad weight '{w}' at index {i}"),
            ProtocolError::WeightCount { expected, got } => {
                write!(f, "expected {expected} weights, got {got}")
            }
            ProtocolError::WeightsOutOfRange(e) => write!(f, "{e}"),
            ProtocolError::NoSolver => f.write_str("solve is only for dots"),
            ProtocolError::TooLargeToSolve => write!(
                f,
                "solve takes boards of at most {} edges (3x3 boxes)",
                super::solve::MAX_EDGES
            ),
            ProtocolError::Stopped => f.write_str("stopped"),
            ProtocolError::BadWhitespace(c) => write!(
                f,
                "only spaces and tabs separate tokens, found U+{:04X}",
                u32::from(*c)
            ),
        }
    }
}

impl core::error::Error for ProtocolError<'_> {}

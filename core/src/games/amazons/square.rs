//! Squares and moves: a square is its bit index, a move is three squares.

use core::fmt;

use super::bitboard::STRIDE;
use crate::notation::NotationError;

/// A square as its bit index `row * 11 + column` (row 0 is rank 1, column 0 is file a).
///
/// Made by [`Square::new`] or [`Square::from_index`], which check the range, or taken
/// from a board set. (A square cast from raw bytes, which `bytemuck` allows for the
/// engine's untyped move memory, may lie off every board: moves with it are illegal
/// and playing them never panics.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// The square of bit index `index` (`row * 11 + column`), or `None` when the index
    /// is past j10 or on a row's guard bit (column 10).
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        Square::new(index / STRIDE as u8, index % STRIDE as u8)
    }

    /// The bit index, `row * 11 + column`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The square of a bit taken from a board set (so on the board); for move
    /// generation's inner loops, which cannot afford the check.
    pub(super) const fn of_set_bit(index: u8) -> Square {
        Square(index)
    }

    /// The square at `row` (0 = rank 1) and `column` (0 = file a); `None` past j10.
    #[must_use]
    pub const fn new(row: u8, column: u8) -> Option<Square> {
        if row < 10 && column < 10 {
            Some(Square(row * STRIDE as u8 + column))
        } else {
            None
        }
    }

    /// The row, 0 for rank 1.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / STRIDE as u8
    }

    /// The column, 0 for file a.
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % STRIDE as u8
    }

    /// The square's bit (0 for an index off the bit range).
    #[must_use]
    pub const fn bit(self) -> u128 {
        super::bitboard::bit(self.0)
    }

    /// Parses `a1`..`j10` on a board of `size` squares a side.
    ///
    /// # Errors
    /// [`NotationError::MalformedMove`] when the text is not a letter and a number,
    /// [`NotationError::BadSquare`] when the square is off the board.
    pub fn from_ascii(text: &[u8], size: u8) -> Result<Square, NotationError> {
        let [file, rank @ ..] = text else {
            return Err(NotationError::MalformedMove);
        };
        if !file.is_ascii_lowercase() || rank.is_empty() || rank.len() > 2 {
            return Err(NotationError::MalformedMove);
        }
        if !rank.iter().all(u8::is_ascii_digit) || rank[0] == b'0' {
            return Err(NotationError::MalformedMove);
        }
        let number = rank.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
        let column = file - b'a';
        if column >= size || number > size {
            return Err(NotationError::BadSquare);
        }
        Square::new(number - 1, column).ok_or(NotationError::BadSquare)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.column() % 26);
        write!(f, "{file}{}", u32::from(self.row()) + 1)
    }
}

/// An Amazons move: the queen's start and end squares and the arrow's square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct Move {
    /// Where the queen stood.
    pub from: Square,
    /// Where the queen goes.
    pub to: Square,
    /// Where the arrow lands (may be `from`).
    pub arrow: Square,
}

impl fmt::Display for Move {
    /// `d1-d7/g7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.from, self.to, self.arrow)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use super::*;

    #[test]
    fn names_round_trip() {
        for row in 0..10 {
            for col in 0..10 {
                let s = Square::new(row, col).unwrap();
                assert_eq!(Square::from_ascii(s.to_string().as_bytes(), 10), Ok(s));
            }
        }
        assert_eq!(Square::new(9, 9).unwrap().to_string(), "j10");
    }

    #[test]
    fn bad_names_say_why() {
        assert_eq!(Square::from_ascii(b"k1", 10), Err(NotationError::BadSquare));
        assert_eq!(
            Square::from_ascii(b"a11", 10),
            Err(NotationError::BadSquare)
        );
        assert_eq!(Square::from_ascii(b"g1", 6), Err(NotationError::BadSquare));
        assert_eq!(Square::from_ascii(b"a7", 6), Err(NotationError::BadSquare));
        assert_eq!(
            Square::from_ascii(b"a0", 10),
            Err(NotationError::MalformedMove)
        );
        assert_eq!(
            Square::from_ascii(b"a", 10),
            Err(NotationError::MalformedMove)
        );
        assert_eq!(
            Square::from_ascii(b"1a", 10),
            Err(NotationError::MalformedMove)
        );
        assert_eq!(
            Square::from_ascii(b"a100", 10),
            Err(NotationError::MalformedMove)
        );
        assert_eq!(
            Square::from_ascii(b"", 10),
            Err(NotationError::MalformedMove)
        );
    }
}

//! A playable square as its index 0–31 (PDN number − 1).

use super::bitboard::Bitboard;
use super::rules::SQUARES;

/// One of the 32 playable squares, as its index 0–31 (PDN square `index + 1`; see
/// [`bitboard`](super::bitboard) for the layout).
///
/// The field is private so every `Square` is on the board: made by [`Square::new`],
/// which checks the range, or by [`Square::lowest`] (and so
/// [`Squares`](super::bitboard::Squares)) from a set bit of a non-empty [`Bitboard`],
/// which is below 32 by construction. Code that holds one needs no mask to index a
/// 32-entry table or to shift a bit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square of index `index` (0–31), or `None` past square 32.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The lowest square of `set`, or `None` when it is empty.
    #[must_use]
    #[inline(always)]
    pub const fn lowest(set: Bitboard) -> Option<Square> {
        if set == 0 {
            None
        } else {
            // A non-empty u32 has fewer than 32 trailing zeros.
            Some(Square(set.trailing_zeros() as u8))
        }
    }

    /// The index 0–31, for 32-entry tables.
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index 0–31 as a byte (how move paths store squares).
    #[must_use]
    #[inline(always)]
    pub const fn to_u8(self) -> u8 {
        self.0
    }

    /// The PDN square number, 1–32.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The row 0–7, counted from Black's side.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// The single-square set of this square.
    #[must_use]
    #[inline(always)]
    pub const fn bit(self) -> Bitboard {
        1 << self.0
    }

    /// The square seen from the other side: the board turned half a turn
    /// (square 1 ↔ 32).
    #[must_use]
    pub const fn rotated(self) -> Square {
        Square(SQUARES as u8 - 1 - self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_is_checked() {
        assert_eq!(Square::new(31).map(Square::number), Some(32));
        assert_eq!(Square::new(32), None);
        assert_eq!(Square::new(255), None);
    }

    #[test]
    fn lowest_is_the_lowest_set_bit() {
        assert_eq!(Square::lowest(0), None);
        assert_eq!(Square::lowest(1 << 31), Square::new(31));
        assert_eq!(Square::lowest(0b1010_0000), Square::new(5));
        for i in 0..32 {
            let sq = Square::new(i).unwrap();
            assert_eq!(Square::lowest(sq.bit()), Some(sq));
            assert_eq!(sq.bit().count_ones(), 1);
            assert_eq!(sq.rotated().rotated(), sq);
            assert_eq!(sq.rotated().index(), 31 - sq.index());
        }
    }
}

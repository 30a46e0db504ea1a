//! The rules as data: board sizes and their start positions.
//!
//! Game of the Amazons, Walter Zamkauskas (1988): on a 10×10 board each side has four
//! queens ("amazons"); White moves first. A move is a queen move (any distance in the
//! eight directions over empty squares) followed by an arrow shot from the queen's new
//! square in the same way, which burns the square it lands on (the square the queen
//! just left is allowed). A player who cannot move loses; there are no draws.
//!
//! The 8×8 and 6×6 boards are the small variants of microply issue 4 (for tests and
//! small devices), with the queens set as listed below.

use super::bitboard::STRIDE;

/// A supported board size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Size {
    /// 6×6.
    Six,
    /// 8×8.
    Eight,
    /// 10×10, the standard game.
    #[default]
    Ten,
}

/// The mask of the `n`×`n` board in the 11-bit-row geometry.
const fn board_mask(n: u32) -> u128 {
    let row = (1u128 << n) - 1;
    let mut mask = 0;
    let mut r = 0;
    while r < n {
        mask |= row << (r * STRIDE);
        r += 1;
    }
    mask
}

const MASKS: [u128; 3] = [board_mask(6), board_mask(8), board_mask(10)];

/// Start squares as (column, row) from 0, White's then Black's.
type Setup = [[(u8, u8); 4]; 2];

/// 10×10: White a4 d1 g1 j4; Black a7 d10 g10 j7 (the standard setup).
const START_10: Setup = [
    [(0, 3), (3, 0), (6, 0), (9, 3)],
    [(0, 6), (3, 9), (6, 9), (9, 6)],
];
/// 8×8: White c1 f1 a3 h3; Black a6 h6 c8 f8.
const START_8: Setup = [
    [(2, 0), (5, 0), (0, 2), (7, 2)],
    [(0, 5), (7, 5), (2, 7), (5, 7)],
];
/// 6×6: White b1 e1 a2 f2; Black a5 f5 b6 e6.
const START_6: Setup = [
    [(1, 0), (4, 0), (0, 1), (5, 1)],
    [(0, 4), (5, 4), (1, 5), (4, 5)],
];

const fn setup_mask(squares: [(u8, u8); 4]) -> u128 {
    let mut m = 0;
    let mut i = 0;
    while i < 4 {
        let (col, row) = squares[i];
        m |= 1u128 << (row as u32 * STRIDE + col as u32);
        i += 1;
    }
    m
}

/// The most queens a side may have (every start position has four).
pub const MAX_QUEENS: u32 = 4;

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 3] = [Size::Six, Size::Eight, Size::Ten];

    /// Squares per side.
    #[must_use]
    pub const fn n(self) -> u8 {
        match self {
            Size::Six => 6,
            Size::Eight => 8,
            Size::Ten => 10,
        }
    }

    /// The size with `n` squares a side, if supported.
    #[must_use]
    pub const fn from_n(n: u32) -> Option<Size> {
        match n {
            6 => Some(Size::Six),
            8 => Some(Size::Eight),
            10 => Some(Size::Ten),
            _ => None,
        }
    }

    /// Every square of the board: the edge mask of all slides.
    #[must_use]
    pub const fn mask(self) -> u128 {
        MASKS[self as usize]
    }

    /// The start queens of White (`[0]`) and Black (`[1]`).
    #[must_use]
    pub const fn start_queens(self) -> [u128; 2] {
        let setup = match self {
            Size::Six => START_6,
            Size::Eight => START_8,
            Size::Ten => START_10,
        };
        [setup_mask(setup[0]), setup_mask(setup[1])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_have_n_squared_squares() {
        for size in Size::ALL {
            let n = u32::from(size.n());
            assert_eq!(size.mask().count_ones(), n * n);
            let [w, b] = size.start_queens();
            assert_eq!((w.count_ones(), b.count_ones()), (4, 4));
            assert_eq!((w | b) & !size.mask(), 0);
        }
    }
}

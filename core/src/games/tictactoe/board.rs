//! The tic-tac-toe position: one 9-bit mask per side and an incremental hash.

use crate::player::{Outcome, Player};
use crate::zobrist;

/// A set of cells, bit `3 * row + column` (row 0 is the bottom row `1`).
pub type Mask = u16;

/// All nine cells.
pub const FULL: Mask = 0x1FF;

/// The eight winning lines: three rows, three columns, two diagonals.
pub const LINES: [Mask; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const KEYS: [u64; 19] = zobrist::keys(0x7717_AC70_E000_0001);
const SIDE_KEY: u64 = KEYS[18];

/// A cell, index 0..9 (`3 * row + column`); the move type of tic-tac-toe.
///
/// Made by [`Cell::new`] or [`Cell::at`], which check the range, so every cell is on
/// the board. (A cell cast from raw bytes past the board, which `bytemuck` allows for
/// the engine's untyped move memory, is no cell: its mask is empty and playing it
/// changes nothing.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(transparent)]
pub struct Cell(pub(super) u8);

impl Cell {
    /// The number of cells.
    pub const COUNT: u8 = 9;

    /// The cell of index `index` (`3 * row + column`), or `None` past the board.
    #[must_use]
    pub const fn new(index: u8) -> Option<Cell> {
        if index < Self::COUNT {
            Some(Cell(index))
        } else {
            None
        }
    }

    /// The cell in `row` and `column` (0–2, row 0 is the bottom row `1`), or `None`.
    #[must_use]
    pub const fn at(row: u8, column: u8) -> Option<Cell> {
        if row < 3 && column < 3 {
            Some(Cell(row * 3 + column))
        } else {
            None
        }
    }

    /// The index, `3 * row + column`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The row (0 is the bottom row `1`).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 3
    }

    /// The column (0 is file `a`).
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % 3
    }

    /// The cell's bit.
    #[must_use]
    pub const fn mask(self) -> Mask {
        if self.0 < Self::COUNT {
            1 << self.0
        } else {
            0
        }
    }
}

/// The Zobrist key of `player`'s piece on `cell` (0 for a cell past the board).
fn cell_key(player: Player, cell: Cell) -> u64 {
    let offset = match player {
        Player::First => 0,
        Player::Second => usize::from(Cell::COUNT),
    };
    KEYS.get(offset + usize::from(cell.index()))
        .copied()
        .unwrap_or(0)
}

/// A tic-tac-toe position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    pub(super) x: Mask,
    pub(super) o: Mask,
    pub(super) hash: u64,
}

impl TicTacToe {
    /// The empty board, x to move.
    pub const START: TicTacToe = TicTacToe {
        x: 0,
        o: 0,
        hash: 0,
    };

    /// The cells of `player` (x is the first player).
    #[must_use]
    pub const fn cells(&self, player: Player) -> Mask {
        match player {
            Player::First => self.x,
            Player::Second => self.o,
        }
    }

    /// The empty cells.
    #[must_use]
    pub const fn empty(&self) -> Mask {
        FULL & !(self.x | self.o)
    }

    /// Builds a position from masks, or `None` when they overlap or leave the board.
    /// The side to move follows from the counts (x moves when the counts are equal).
    #[must_use]
    pub fn from_masks(x: Mask, o: Mask) -> Option<TicTacToe> {
        if x & o != 0 || (x | o) & !FULL != 0 {
            return None;
        }
        let pos = TicTacToe { x, o, hash: 0 };
        Some(TicTacToe {
            hash: pos.compute_hash(),
            ..pos
        })
    }

    /// The hash recomputed from scratch (the incremental one must always equal it).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for i in 0..9 {
            if self.x & (1 << i) != 0 {
                h ^= KEYS[i];
            }
            if self.o & (1 << i) != 0 {
                h ^= KEYS[9 + i];
            }
        }
        if self.side() == Player::Second {
            h ^= SIDE_KEY;
        }
        h
    }

    pub(super) const fn side(&self) -> Player {
        if self.x.count_ones() > self.o.count_ones() {
            Player::Second
        } else {
            Player::First
        }
    }

    pub(super) const fn has_line(mask: Mask) -> bool {
        let mut i = 0;
        while i < LINES.len() {
            if mask & LINES[i] == LINES[i] {
                return true;
            }
            i += 1;
        }
        false
    }

    pub(super) const fn result(&self) -> Option<Outcome> {
        if Self::has_line(self.x) {
            Some(Outcome::Win(Player::First))
        } else if Self::has_line(self.o) {
            Some(Outcome::Win(Player::Second))
        } else if self.empty() == 0 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    pub(super) fn place(&self, cell: Cell) -> TicTacToe {
        let bit = cell.mask() & self.empty();
        if bit == 0 {
            return *self;
        }
        let side = self.side();
        let hash = self.hash ^ cell_key(side, cell) ^ SIDE_KEY;
        match side {
            Player::First => TicTacToe {
                x: self.x | bit,
                hash,
                ..*self
            },
            Player::Second => TicTacToe {
                o: self.o | bit,
                hash,
                ..*self
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_checked_on_construction() {
        assert_eq!(Cell::new(8).map(Cell::mask), Some(1 << 8));
        assert_eq!(Cell::new(9), None);
        assert_eq!(Cell::at(2, 2), Cell::new(8));
        assert_eq!(Cell::at(3, 0), None);
        assert_eq!(Cell::at(0, 3), None);
        // A cell cast from raw bytes past the board is no cell: playing it is a no-op.
        let stray: Cell = bytemuck::cast(200u8);
        assert_eq!(stray.mask(), 0);
        assert_eq!(TicTacToe::START.place(stray), TicTacToe::START);
    }
}

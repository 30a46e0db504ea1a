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

/// A cell index 0..9 (`3 * row + column`); the move type of tic-tac-toe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(transparent)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell's bit.
    #[must_use]
    pub const fn mask(self) -> Mask {
        1 << (self.0 & 15)
    }
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
        let index = usize::from(cell.0 % 9);
        match self.side() {
            Player::First => TicTacToe {
                x: self.x | bit,
                o: self.o,
                hash: self.hash ^ if bit != 0 { KEYS[index] ^ SIDE_KEY } else { 0 },
            },
            Player::Second => TicTacToe {
                x: self.x,
                o: self.o | bit,
                hash: self.hash
                    ^ if bit != 0 {
                        KEYS[9 + index] ^ SIDE_KEY
                    } else {
                        0
                    },
            },
        }
    }
}

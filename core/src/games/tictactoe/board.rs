//! The tic-tac-toe position: one 9-bit mask per side and an incremental hash.

use crate::player::{Outcome, Player};
use crate::zobrist;

/// A set of cells, bit `3 * row + column` (row 0 is the bottom row `1`). Only the
/// nine board bits can be set: every constructor checks, so no code masks to stay on
/// the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mask(u16);

impl Mask {
    /// No cell.
    pub const EMPTY: Mask = Mask(0);
    /// All nine cells.
    pub const FULL: Mask = Mask(0x1FF);

    /// The set with these bits, or `None` when a bit lies past the nine cells.
    #[must_use]
    pub const fn new(bits: u16) -> Option<Mask> {
        if bits & !Self::FULL.0 == 0 {
            Some(Mask(bits))
        } else {
            None
        }
    }

    /// The bits, `3 * row + column`.
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether no cell is in the set.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of cells.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `cell` is in the set.
    #[must_use]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & cell.mask().0 != 0
    }

    /// Whether every cell of `other` is in the set.
    #[must_use]
    pub const fn contains_all(self, other: Mask) -> bool {
        self.0 & other.0 == other.0
    }

    /// The cells in either set.
    #[must_use]
    pub const fn union(self, other: Mask) -> Mask {
        Mask(self.0 | other.0)
    }

    /// The cells in both sets.
    #[must_use]
    pub const fn intersection(self, other: Mask) -> Mask {
        Mask(self.0 & other.0)
    }

    /// The cells of this set not in `other`.
    #[must_use]
    pub const fn without(self, other: Mask) -> Mask {
        Mask(self.0 & !other.0)
    }

    /// The lowest cell and the set without it, or `None` when empty.
    #[must_use]
    pub const fn pop_first(self) -> Option<(Cell, Mask)> {
        if self.0 == 0 {
            None
        } else {
            Some((
                Cell(self.0.trailing_zeros() as u8),
                Mask(self.0 & (self.0 - 1)),
            ))
        }
    }
}

/// All nine cells.
pub const FULL: Mask = Mask::FULL;

/// The eight winning lines: three rows, three columns, two diagonals.
pub const LINES: [Mask; 8] = [
    Mask(0b000_000_111),
    Mask(0b000_111_000),
    Mask(0b111_000_000),
    Mask(0b001_001_001),
    Mask(0b010_010_010),
    Mask(0b100_100_100),
    Mask(0b100_010_001),
    Mask(0b001_010_100),
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

    /// The set of this cell alone.
    #[must_use]
    pub const fn mask(self) -> Mask {
        if self.0 < Self::COUNT {
            Mask(1 << self.0)
        } else {
            Mask::EMPTY
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
        x: Mask::EMPTY,
        o: Mask::EMPTY,
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
        FULL.without(self.x.union(self.o))
    }

    /// Builds a position from masks, or `None` when they overlap. The side to move
    /// follows from the counts (x moves when the counts are equal).
    #[must_use]
    pub fn from_masks(x: Mask, o: Mask) -> Option<TicTacToe> {
        if !x.intersection(o).is_empty() {
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
        for cell in (0..Cell::COUNT).filter_map(Cell::new) {
            if self.x.contains(cell) {
                h ^= cell_key(Player::First, cell);
            }
            if self.o.contains(cell) {
                h ^= cell_key(Player::Second, cell);
            }
        }
        if self.side() == Player::Second {
            h ^= SIDE_KEY;
        }
        h
    }

    pub(super) const fn side(&self) -> Player {
        if self.x.len() > self.o.len() {
            Player::Second
        } else {
            Player::First
        }
    }

    pub(super) const fn has_line(mask: Mask) -> bool {
        let mut i = 0;
        while i < LINES.len() {
            if mask.contains_all(LINES[i]) {
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
        } else if self.empty().is_empty() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    pub(super) fn place(&self, cell: Cell) -> TicTacToe {
        let bit = cell.mask().intersection(self.empty());
        if bit.is_empty() {
            return *self;
        }
        let side = self.side();
        let hash = self.hash ^ cell_key(side, cell) ^ SIDE_KEY;
        match side {
            Player::First => TicTacToe {
                x: self.x.union(bit),
                hash,
                ..*self
            },
            Player::Second => TicTacToe {
                o: self.o.union(bit),
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
        assert_eq!(Cell::new(8).map(Cell::mask), Mask::new(1 << 8));
        assert_eq!(Cell::new(9), None);
        assert_eq!(Cell::at(2, 2), Cell::new(8));
        assert_eq!(Cell::at(3, 0), None);
        assert_eq!(Cell::at(0, 3), None);
        // A cell cast from raw bytes past the board is no cell: playing it is a no-op.
        let stray: Cell = bytemuck::cast(200u8);
        assert_eq!(stray.mask(), Mask::EMPTY);
        assert_eq!(TicTacToe::START.place(stray), TicTacToe::START);
    }

    #[test]
    fn masks_hold_board_cells_only() {
        assert_eq!(Mask::new(0x1FF), Some(FULL));
        assert_eq!(Mask::new(0x200), None);
        let corner = Mask::new(1).unwrap();
        assert_eq!(
            corner.pop_first(),
            Some((Cell::new(0).unwrap(), Mask::EMPTY))
        );
        assert_eq!(FULL.without(corner).len(), 8);
        assert!(LINES.iter().all(|l| FULL.contains_all(*l) && l.len() == 3));
    }
}

//! The Amazons position: two queen sets and the arrows on `u128` bitboards, the side to
//! move, the board size, and an incremental Zobrist hash.

use super::bitboard::{king_step, queen_reach, Bitboard};
use super::rules::{Size, MAX_QUEENS};
use super::square::Move;
use crate::player::Player;
use crate::zobrist;

/// 128 keys for White's queens, 128 for Black's, 128 for arrows, one for the side.
const KEYS: [u64; 385] = zobrist::keys(0xA3A2_0115_0000_0004);
const SIDE_KEY: u64 = KEYS[384];

const fn queen_key(player: usize, index: u8) -> u64 {
    KEYS[player * 128 + (index & 127) as usize]
}

const fn arrow_key(index: u8) -> u64 {
    KEYS[256 + (index & 127) as usize]
}

/// A position of the Game of the Amazons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Amazons {
    queens: [u128; 2],
    arrows: u128,
    hash: u64,
    size: Size,
    side: Player,
}

/// The variant: the board size (`game amazons size=6|8|10`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Config {
    /// The board size.
    pub size: Size,
}

/// Why [`Amazons::from_parts`] rejected a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PartsError {
    /// Two sets share a square, or a set leaves the board.
    Overlap,
    /// A side has more than four queens.
    TooManyQueens,
}

impl Amazons {
    /// The start position of `size`, White to move.
    #[must_use]
    pub const fn start_position(size: Size) -> Amazons {
        let queens = size.start_queens();
        let pos = Amazons {
            queens,
            arrows: 0,
            hash: 0,
            size,
            side: Player::First,
        };
        Amazons {
            hash: pos.compute_hash(),
            ..pos
        }
    }

    /// A position from its sets (White's queens first).
    pub(super) fn from_parts(
        size: Size,
        queens: [u128; 2],
        arrows: u128,
        side: Player,
    ) -> Result<Amazons, PartsError> {
        let [w, b] = queens;
        let overlap = w & b != 0 || (w | b) & arrows != 0;
        if overlap || (w | b | arrows) & !size.mask() != 0 {
            return Err(PartsError::Overlap);
        }
        if w.count_ones() > MAX_QUEENS || b.count_ones() > MAX_QUEENS {
            return Err(PartsError::TooManyQueens);
        }
        let pos = Amazons {
            queens,
            arrows,
            hash: 0,
            size,
            side,
        };
        Ok(Amazons {
            hash: pos.compute_hash(),
            ..pos
        })
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The side to move.
    #[must_use]
    pub const fn side(&self) -> Player {
        self.side
    }

    /// The queens of `player`.
    #[must_use]
    pub const fn queens(&self, player: Player) -> Bitboard {
        Bitboard::from_board_bits(self.queens[player.index()])
    }

    /// The burnt squares.
    #[must_use]
    pub const fn arrows(&self) -> Bitboard {
        Bitboard::from_board_bits(self.arrows)
    }

    /// The empty squares of the board.
    #[must_use]
    pub const fn empty(&self) -> Bitboard {
        Bitboard::from_board_bits(
            self.size.mask() & !(self.arrows | self.queens[0] | self.queens[1]),
        )
    }

    /// The number of moves played since an empty board (one arrow per move).
    #[must_use]
    pub const fn moves_played(&self) -> u32 {
        self.arrows.count_ones()
    }

    /// Whether `player` has a legal move: a queen next to an empty square can always
    /// step there and shoot back at the square it left.
    #[must_use]
    pub const fn can_move(&self, player: Player) -> bool {
        king_step(self.queens[player.index()]) & self.empty().bits() != 0
    }

    /// Whether `m` is legal here, checked directly on the bitboards.
    #[must_use]
    pub fn is_legal_move(&self, m: Move) -> bool {
        let own = self.queens[self.side.index()];
        let empty = self.empty().bits();
        let (from, to, arrow) = (m.from.bit(), m.to.bit(), m.arrow.bit());
        from & own != 0
            && to & queen_reach(from, empty) != 0
            && arrow & queen_reach(to, empty | from) != 0
    }

    /// The position after `m`. For an illegal move the result is some valid position
    /// whose hash still equals a full recomputation (every update is a toggle).
    #[must_use]
    pub fn play(&self, m: Move) -> Amazons {
        let me = self.side.index();
        let mask = self.size.mask();
        let (from, to) = (m.from.bit() & mask, m.to.bit() & mask);
        let arrow = m.arrow.bit() & mask & !self.arrows;
        let mut queens = self.queens;
        queens[me] ^= from ^ to;
        let key_if = |bit: u128, key: u64| if bit != 0 { key } else { 0 };
        let hash = self.hash
            ^ SIDE_KEY
            ^ key_if(from, queen_key(me, m.from.index()))
            ^ key_if(to, queen_key(me, m.to.index()))
            ^ key_if(arrow, arrow_key(m.arrow.index()));
        Amazons {
            queens,
            arrows: self.arrows | arrow,
            hash,
            size: self.size,
            side: self.side.other(),
        }
    }

    /// The Zobrist hash.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch (the incremental one always equals it).
    #[must_use]
    pub const fn compute_hash(&self) -> u64 {
        let mut h = 0;
        let mut i = 0u8;
        while i < 128 {
            let b = 1u128 << i;
            if self.queens[0] & b != 0 {
                h ^= queen_key(0, i);
            }
            if self.queens[1] & b != 0 {
                h ^= queen_key(1, i);
            }
            if self.arrows & b != 0 {
                h ^= arrow_key(i);
            }
            i += 1;
        }
        if let Player::Second = self.side {
            h ^= SIDE_KEY;
        }
        h
    }
}

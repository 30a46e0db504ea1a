//! Sets of squares as bits of a `u128`, and queen/king movement by shifts.
//!
//! Square (row, column) is bit `row * STRIDE + column` with `STRIDE = 11`: every row
//! has a spare bit past column j that is never on any board, so a step east or west
//! from an edge lands on a bit that no board mask contains instead of wrapping into
//! the next row. One geometry serves all sizes; the board mask of the size
//! ([`super::Size::mask`]) is the edge mask that cuts off everything else. Every slide
//! ends with `& empty`, and `empty` lies inside the board mask.

use super::square::Square;

/// Bits per row (ten columns and one guard bit).
pub const STRIDE: u32 = 11;

/// A set of squares of a board. Its bits come only from a board's own sets (queens,
/// arrows, empty squares and the moves between them), so every bit is a [`Square`]:
/// iterating yields squares, with no range to check or mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(u128);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set of `bits`, which the board arithmetic of this crate made (every bit
    /// on a board square).
    pub(super) const fn from_board_bits(bits: u128) -> Bitboard {
        Bitboard(bits)
    }

    /// The bits of the set (bit `row * STRIDE + column` for each square).
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The number of squares.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    /// The lowest square, removed from the set.
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::of_set_bit(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// The bit of square index `index` (0 when the index is off the bit range).
#[must_use]
pub const fn bit(index: u8) -> u128 {
    if index < 128 {
        1u128 << index
    } else {
        0
    }
}

/// Shifts `b` by `D` bits: up (towards row 10) when positive, down when negative.
#[inline(always)]
const fn shift<const D: i32>(b: u128) -> u128 {
    if D >= 0 {
        b << D
    } else {
        b >> -D
    }
}

/// Shifts by `k` steps of `D` (k = 2, 4, 8 in the doubling fill).
#[inline(always)]
const fn shift_n<const D: i32>(b: u128, k: i32) -> u128 {
    let by = D * k;
    if by >= 0 {
        b << by
    } else {
        b >> -by
    }
}

/// The empty squares reached from the squares of `from` sliding in direction `D`
/// over `empty` (Kogge–Stone occluded fill: four doubling steps cover the nine
/// squares of the longest ray, with no loop over squares).
#[inline(always)]
const fn slide<const D: i32>(from: u128, empty: u128) -> u128 {
    let mut g = from;
    let mut p = empty;
    g |= p & shift::<D>(g);
    p &= shift::<D>(p);
    g |= p & shift_n::<D>(g, 2);
    p &= shift_n::<D>(p, 2);
    g |= p & shift_n::<D>(g, 4);
    p &= shift_n::<D>(p, 4);
    g |= p & shift_n::<D>(g, 8);
    shift::<D>(g) & empty
}

/// Step offsets of the eight directions: E, W, N, S, NE, SW, NW, SE.
const E: i32 = 1;
const W: i32 = -1;
const N: i32 = STRIDE as i32;
const S: i32 = -(STRIDE as i32);
const NE: i32 = STRIDE as i32 + 1;
const SW: i32 = -(STRIDE as i32 + 1);
const NW: i32 = STRIDE as i32 - 1;
const SE: i32 = -(STRIDE as i32 - 1);

/// Every empty square a queen standing on any square of `from` reaches in one move
/// (the same set is where an arrow can be shot from there).
#[inline]
#[must_use]
pub const fn queen_reach(from: u128, empty: u128) -> u128 {
    slide::<E>(from, empty)
        | slide::<W>(from, empty)
        | slide::<N>(from, empty)
        | slide::<S>(from, empty)
        | slide::<NE>(from, empty)
        | slide::<SW>(from, empty)
        | slide::<NW>(from, empty)
        | slide::<SE>(from, empty)
}

/// The squares a queen on `from` reaches, one set per direction, opposite directions
/// next to each other: E, W, N, S, NE, SW, NW, SE.
#[inline]
#[must_use]
pub const fn queen_rays(from: u128, empty: u128) -> [u128; 8] {
    [
        slide::<E>(from, empty),
        slide::<W>(from, empty),
        slide::<N>(from, empty),
        slide::<S>(from, empty),
        slide::<NE>(from, empty),
        slide::<SW>(from, empty),
        slide::<NW>(from, empty),
        slide::<SE>(from, empty),
    ]
}

/// Σ over the squares `d` of `from` of the number of empty squares on `d`'s ray in
/// direction `D`: step the whole set one square at a time; shifting is injective, so
/// the popcount after `k` steps counts the sources whose ray is at least `k` long.
#[inline(always)]
const fn ray_lengths<const D: i32>(from: u128, empty: u128) -> u32 {
    let mut x = shift::<D>(from) & empty;
    let mut n = 0;
    while x != 0 {
        n += x.count_ones();
        x = shift::<D>(x) & empty;
    }
    n
}

/// The mobility of a set of queens: Σ over the queens `q` of `from` of
/// `queen_reach(q, empty).count()`, when no queen stands on an empty square.
///
/// The rays of pieces that block one another never overlap (a ray stops at the first
/// queen in its way), so each direction's total is the population of one
/// Kogge–Stone slide: four shifts a direction instead of [`queen_reach_sum`]'s up to
/// nine, which it must spend because its sources are empty squares whose rays do
/// overlap. With `from & empty != 0` the result undercounts; use `queen_reach_sum`.
#[inline]
#[must_use]
pub const fn queen_mobility(from: u128, empty: u128) -> u32 {
    slide::<E>(from, empty).count_ones()
        + slide::<W>(from, empty).count_ones()
        + slide::<N>(from, empty).count_ones()
        + slide::<S>(from, empty).count_ones()
        + slide::<NE>(from, empty).count_ones()
        + slide::<SW>(from, empty).count_ones()
        + slide::<NW>(from, empty).count_ones()
        + slide::<SE>(from, empty).count_ones()
}

/// Σ over the squares `d` of `from` of `queen_reach(d, empty).count()`, without
/// visiting the squares one by one: the bulk count of arrows behind a queen's moves.
#[inline]
#[must_use]
pub const fn queen_reach_sum(from: u128, empty: u128) -> u32 {
    ray_lengths::<E>(from, empty)
        + ray_lengths::<W>(from, empty)
        + ray_lengths::<N>(from, empty)
        + ray_lengths::<S>(from, empty)
        + ray_lengths::<NE>(from, empty)
        + ray_lengths::<SW>(from, empty)
        + ray_lengths::<NW>(from, empty)
        + ray_lengths::<SE>(from, empty)
}

/// The eight one-step shifts of `b`, in the order E, W, N, S, NE, SW, NW, SE (bits
/// may fall on guard columns or off the board; mask the result).
#[inline]
#[must_use]
pub const fn neighbours_each(b: u128) -> [u128; 8] {
    [
        shift::<E>(b),
        shift::<W>(b),
        shift::<N>(b),
        shift::<S>(b),
        shift::<NE>(b),
        shift::<SW>(b),
        shift::<NW>(b),
        shift::<SE>(b),
    ]
}

/// Every square one king step from a square of `b` (unmasked).
#[inline]
#[must_use]
pub const fn king_step(b: u128) -> u128 {
    let row = b | shift::<E>(b) | shift::<W>(b);
    row | shift::<N>(row) | shift::<S>(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn sq(row: u32, col: u32) -> u128 {
        1u128 << (row * STRIDE + col)
    }

    fn board(n: u32) -> u128 {
        let mut m = 0;
        for r in 0..n {
            for c in 0..n {
                m |= sq(r, c);
            }
        }
        m
    }

    #[test]
    fn lone_queen_reaches_27_to_35_squares() {
        let b = board(10);
        // a1: 9 + 9 + 9 (diagonal); d4 (row 3, col 3): 18 + 3 + 3 + 3 + 6.
        assert_eq!(queen_reach(sq(0, 0), b & !sq(0, 0)).count_ones(), 27);
        assert_eq!(queen_reach(sq(3, 3), b & !sq(3, 3)).count_ones(), 33);
        assert_eq!(queen_reach(sq(4, 4), b & !sq(4, 4)).count_ones(), 35);
    }

    #[test]
    fn slides_stop_at_edges_and_blockers() {
        let b = board(6);
        let empty = b & !sq(0, 0) & !sq(0, 3);
        // From a1 east: b1, c1 then the blocker on d1.
        assert_eq!(slide::<E>(sq(0, 0), empty), sq(0, 1) | sq(0, 2));
        // From f1 (edge of a 6x6 board) east: nothing, no wrap onto a2.
        assert_eq!(slide::<E>(sq(0, 5), b), 0);
        assert_eq!(slide::<W>(sq(1, 0), b), 0);
        assert_eq!(slide::<N>(sq(5, 2), b), 0);
    }

    #[test]
    fn reach_sum_equals_sum_of_reaches() {
        let b = board(10);
        let blocked = sq(2, 2) | sq(5, 7) | sq(9, 0) | sq(4, 4);
        let empty = b & !blocked;
        let from = sq(0, 0) | sq(3, 5) | sq(7, 7) | sq(3, 6);
        let one_by_one: u32 = Bitboard(from)
            .map(|s| queen_reach(s.bit(), empty).count_ones())
            .sum();
        assert_eq!(queen_reach_sum(from, empty), one_by_one);
    }

    #[test]
    fn mobility_equals_the_sum_of_reaches_of_blocking_queens() {
        let b = board(10);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2_000 {
            let pick = |r: u64, s: u64| {
                let mut m = 0;
                for (i, sq) in Bitboard(b).enumerate() {
                    if (r.rotate_left(i as u32) ^ s.rotate_right(i as u32)) & 7 == 0 {
                        m |= sq.bit();
                    }
                }
                m
            };
            let arrows = pick(next(), next());
            let queens = pick(next(), next()) & !arrows;
            let empty = b & !arrows & !queens;
            let one_by_one: u32 = Bitboard(queens)
                .map(|s| queen_reach(s.bit(), empty).count_ones())
                .sum();
            assert_eq!(queen_mobility(queens, empty), one_by_one);
            assert_eq!(queen_reach_sum(queens, empty), one_by_one);
        }
    }

    #[test]
    fn king_step_covers_the_ring() {
        assert_eq!((king_step(sq(4, 4)) & !sq(4, 4)).count_ones(), 8);
        assert_eq!((king_step(sq(0, 0)) & board(10)).count_ones(), 4);
    }
}

//! Sets of squares as `u32` masks and the shifts that move every square of a set one
//! diagonal step at once.
//!
//! Bit `i` is PDN square `i + 1`. Row `r = i / 4` counts from Black's side (squares
//! 1–4 are row 0, 29–32 row 7); "down" is toward White's side (higher numbers). In the
//! board as printed (Black at the top), even rows hold their squares in columns
//! b, d, f, h and odd rows in columns a, c, e, g. A diagonal step is therefore a shift
//! by 3, 4 or 5 depending on the row's parity, and two masks keep squares from
//! wrapping around the edges.

use super::square::Square;

/// A set of squares, bit `i` = PDN square `i + 1`.
///
/// A plain `u32` rather than a newtype (unlike tic-tac-toe's `Mask` or Amazons' boards):
/// the 32 playable squares fill the word exactly, so every value is a valid set and no
/// operation can leave the board; shifts that would wrap around an edge are already
/// guarded by the row masks below. A newtype would add no check, only conversions.
pub type Bitboard = u32;

/// Rows 0, 2, 4, 6 (squares 1–4, 9–12, 17–20, 25–28).
pub const EVEN_ROWS: Bitboard = 0x0F0F_0F0F;
/// Rows 1, 3, 5, 7.
pub const ODD_ROWS: Bitboard = 0xF0F0_F0F0;
/// The leftmost square of each row (as printed, Black at the top).
pub const FIRST_IN_ROW: Bitboard = 0x1111_1111;
/// The rightmost square of each row.
pub const LAST_IN_ROW: Bitboard = 0x8888_8888;

/// Squares 1–4: where White men are crowned.
pub const TOP_ROW: Bitboard = 0x0000_000F;
/// Squares 29–32: where Black men are crowned.
pub const BOTTOM_ROW: Bitboard = 0xF000_0000;
/// The eight central squares 10, 11, 14, 15, 18, 19, 22, 23.
pub const CENTRE: Bitboard = 0x0066_6600;

/// A diagonal direction on the printed board (Black at the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Dir {
    /// Toward Black's side and the left (lower square numbers).
    UpLeft,
    /// Toward Black's side and the right.
    UpRight,
    /// Toward White's side and the left (higher square numbers).
    DownLeft,
    /// Toward White's side and the right.
    DownRight,
}

impl Dir {
    /// All four directions, in generation order.
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];
    /// The forward directions of Black men (toward square 32).
    pub const DOWN: [Dir; 2] = [Dir::DownLeft, Dir::DownRight];
    /// The forward directions of White men (toward square 1).
    pub const UP: [Dir; 2] = [Dir::UpLeft, Dir::UpRight];

    /// The opposite direction.
    #[must_use]
    pub const fn reverse(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
        }
    }
}

/// Every square of `b` moved one step in `dir`; squares that would leave the board
/// disappear.
#[must_use]
#[inline(always)]
pub const fn step(b: Bitboard, dir: Dir) -> Bitboard {
    match dir {
        Dir::UpLeft => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) >> 5),
        Dir::UpRight => ((b & EVEN_ROWS & !LAST_IN_ROW) >> 3) | ((b & ODD_ROWS) >> 4),
        Dir::DownLeft => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) << 3),
        Dir::DownRight => ((b & EVEN_ROWS & !LAST_IN_ROW) << 5) | ((b & ODD_ROWS) << 4),
    }
}

/// The squares of `pieces` that can step once in `dir` onto a square of `empty`.
#[must_use]
#[inline(always)]
pub const fn movers(pieces: Bitboard, empty: Bitboard, dir: Dir) -> Bitboard {
    pieces & step(empty, dir.reverse())
}

/// The squares of `pieces` that can jump in `dir` over a square of `victims` onto a
/// square of `empty`.
#[must_use]
#[inline(always)]
pub const fn jumpers(pieces: Bitboard, victims: Bitboard, empty: Bitboard, dir: Dir) -> Bitboard {
    let back = dir.reverse();
    pieces & step(victims & step(empty, back), back)
}

/// `NEIGHBOURS[dir as usize][sq]`: the square one step from `sq` in `dir` (empty off
/// the board).
pub const NEIGHBOURS: [[Bitboard; 32]; 4] = single_steps(1);

/// `JUMPS[dir as usize][sq]`: the square two steps from `sq` in `dir`, where a jump
/// over the neighbour lands (empty off the board).
pub const JUMPS: [[Bitboard; 32]; 4] = single_steps(2);

const fn single_steps(steps: u32) -> [[Bitboard; 32]; 4] {
    let mut table = [[0; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 32 {
            let mut b: Bitboard = 1 << sq;
            let mut k = 0;
            while k < steps {
                b = step(b, Dir::ALL[d]);
                k += 1;
            }
            table[d][sq] = b;
            sq += 1;
        }
        d += 1;
    }
    table
}

/// The squares from which a step toward White's side (down) lands on a square of
/// `empty`, in two sets: the shift by 4 (left from even rows, right from odd rows)
/// and the shifts by 3 and 5 (the other diagonal). A square has at most one such
/// step in each set, so a side's number of down moves is the sum of the two counts.
#[must_use]
#[inline(always)]
pub const fn down_sources(empty: Bitboard) -> [Bitboard; 2] {
    [
        empty >> 4,
        ((empty & EVEN_ROWS & !LAST_IN_ROW) >> 3) | ((empty & ODD_ROWS & !FIRST_IN_ROW) >> 5),
    ]
}

/// The squares from which a step toward Black's side (up) lands on `empty`, in two
/// sets as for [`down_sources`].
#[must_use]
#[inline(always)]
pub const fn up_sources(empty: Bitboard) -> [Bitboard; 2] {
    [
        empty << 4,
        ((empty & ODD_ROWS & !FIRST_IN_ROW) << 3) | ((empty & EVEN_ROWS & !LAST_IN_ROW) << 5),
    ]
}

/// Iterates the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(Bitboard);

impl Squares {
    /// The squares of `set`.
    #[must_use]
    #[inline(always)]
    pub const fn of(set: Bitboard) -> Squares {
        Squares(set)
    }
}

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let sq = Square::lowest(self.0)?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(i: u8) -> Bitboard {
        Square::new(i).map_or(0, Square::bit)
    }

    /// (row, column) on the printed board of square index `i`.
    fn coords(i: u8) -> (i32, i32) {
        let row = i32::from(i / 4);
        let col = 2 * i32::from(i % 4) + if row % 2 == 0 { 1 } else { 0 };
        (row, col)
    }

    #[test]
    fn steps_match_coordinates() {
        let deltas = [
            (Dir::UpLeft, -1, -1),
            (Dir::UpRight, -1, 1),
            (Dir::DownLeft, 1, -1),
            (Dir::DownRight, 1, 1),
        ];
        for i in 0..32u8 {
            let (r, c) = coords(i);
            for (dir, dr, dc) in deltas {
                let target = (0..32u8).find(|&j| coords(j) == (r + dr, c + dc));
                assert_eq!(
                    step(square(i), dir),
                    target.map_or(0, square),
                    "{i} {dir:?}"
                );
            }
        }
    }

    #[test]
    fn tables_match_steps() {
        for sq in 0..32u8 {
            for d in Dir::ALL {
                let one = step(square(sq), d);
                assert_eq!(NEIGHBOURS[d as usize][usize::from(sq)], one);
                assert_eq!(JUMPS[d as usize][usize::from(sq)], step(one, d));
            }
        }
    }

    #[test]
    fn grouped_sources_count_every_step() {
        let mut x = 0x9E37_79B9u32;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let (pieces, empty) = (x & 0x5A5A_A5A5 | x >> 16, !x);
            let count = |dirs: [Dir; 2]| {
                dirs.iter()
                    .map(|&d| movers(pieces, empty, d).count_ones())
                    .sum::<u32>()
            };
            let grouped =
                |s: [Bitboard; 2]| (pieces & s[0]).count_ones() + (pieces & s[1]).count_ones();
            assert_eq!(grouped(down_sources(empty)), count(Dir::DOWN));
            assert_eq!(grouped(up_sources(empty)), count(Dir::UP));
        }
    }

    #[test]
    fn pdn_landmarks() {
        // 1 is next to 5 and 6; 5 is on the left edge; 32 and 28 form White's double corner.
        assert_eq!(step(square(0), Dir::DownLeft), square(4));
        assert_eq!(step(square(0), Dir::DownRight), square(5));
        assert_eq!(step(square(4), Dir::DownLeft), 0);
        assert_eq!(step(square(31), Dir::UpRight), square(27));
        assert_eq!(step(square(27), Dir::UpRight), 0);
        assert_eq!(CENTRE.count_ones(), 8);
    }
}

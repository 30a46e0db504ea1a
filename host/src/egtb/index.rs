//! The perfect index of a table: every position of a material signature, seen from
//! the side to move, gets a number below [`table_size`], and back.
//!
//! Positions are first put in the **mover's frame**: when White is to move the board
//! is turned half a turn (PDN square `s` becomes `33 − s`, i.e. the bits reversed) and
//! the colours swapped, so the side to move is always "Black", moving toward square 32.
//! The index is then a mixed-radix number with four digits, each the rank of a set of
//! squares in the combinatorial number system:
//!
//! 1. the mover's men among the 28 squares where a Black man can stand (1–28),
//! 2. the opponent's men among the 28 squares where a White man can stand (5–32),
//! 3. the mover's kings among the squares the men left empty,
//! 4. the opponent's kings among the squares still empty.
//!
//! Kings are counted exactly; only digit 2 can name a square digit 1 already holds
//! (both men on one square): such indices are unused slots, and [`position`] returns
//! `None` for them.

use microply_core::games::checkers::bitboard::{Bitboard, BOTTOM_ROW, TOP_ROW};
use microply_core::games::checkers::{Checkers, Config};
use microply_core::{Game, Player};

use super::material::Material;

/// Squares where the mover's men can stand (not its crown row 29–32).
const MOVER_MEN_SQUARES: Bitboard = !BOTTOM_ROW;
/// Squares where the opponent's men can stand (not its crown row 1–4).
const OPPONENT_MEN_SQUARES: Bitboard = !TOP_ROW;

/// `BINOMIAL[n][k]` = C(n, k) for n ≤ 32, k ≤ 8.
const BINOMIAL: [[u64; 9]; 33] = binomials();

const fn binomials() -> [[u64; 9]; 33] {
    let mut t = [[0u64; 9]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 8 && k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL
        .get(n as usize)
        .and_then(|row| row.get(k as usize))
        .copied()
        .unwrap_or(0)
}

/// A position in the mover's frame: the mover moves toward square 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The side to move's pieces.
    pub mover: Bitboard,
    /// The other side's pieces.
    pub opponent: Bitboard,
    /// The kings of both.
    pub kings: Bitboard,
}

impl Frame {
    /// The frame of a position: as it is with Black to move, turned half a turn with
    /// the colours swapped with White to move. Draw-rule counters are dropped.
    #[must_use]
    pub fn of(pos: &Checkers) -> Frame {
        let (black, white) = (pos.pieces(Player::First), pos.pieces(Player::Second));
        match pos.side_to_move() {
            Player::First => Frame {
                mover: black,
                opponent: white,
                kings: pos.kings(),
            },
            Player::Second => Frame {
                mover: white.reverse_bits(),
                opponent: black.reverse_bits(),
                kings: pos.kings().reverse_bits(),
            },
        }
    }

    /// The position with Black (the mover) to move under `config`, or `None` when
    /// the masks overlap.
    #[must_use]
    pub fn position(&self, config: &Config) -> Option<Checkers> {
        Checkers::from_masks(self.mover, self.opponent, self.kings, Player::First, config)
    }

    /// The material signature.
    #[must_use]
    pub fn material(&self) -> Material {
        let count = |b: Bitboard| b.count_ones() as u8;
        Material {
            mover_men: count(self.mover & !self.kings),
            mover_kings: count(self.mover & self.kings),
            opponent_men: count(self.opponent & !self.kings),
            opponent_kings: count(self.opponent & self.kings),
        }
    }
}

/// The number of index slots of a signature's table (used and unused).
#[must_use]
pub fn table_size(m: &Material) -> u64 {
    let men = u32::from(m.men());
    binomial(28, m.mover_men.into())
        * binomial(28, m.opponent_men.into())
        * binomial(32 - men, m.mover_kings.into())
        * binomial(32 - men - u32::from(m.mover_kings), m.opponent_kings.into())
}

/// The rank of the set `squares` (positions counted within `universe`) in the
/// combinatorial number system: Σ C(pᵢ, i + 1) over its squares' positions in
/// increasing order.
fn rank(squares: Bitboard, universe: Bitboard) -> u64 {
    let mut r = 0;
    let mut i = 1;
    let mut rest = squares;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        let p = (universe & (bit - 1)).count_ones();
        r += binomial(p, i);
        i += 1;
        rest &= rest - 1;
    }
    r
}

/// The set of `k` squares of `universe` whose rank is `r` (the inverse of [`rank`]).
fn unrank(mut r: u64, k: u32, universe: Bitboard) -> Bitboard {
    let mut set = 0;
    for i in (1..=k).rev() {
        let mut p = i - 1;
        while binomial(p + 1, i) <= r {
            p += 1;
        }
        r -= binomial(p, i);
        set |= nth_square(universe, p);
    }
    set
}

/// The `n`-th (from 0) square of `universe`, as a mask (empty when there is none).
fn nth_square(universe: Bitboard, n: u32) -> Bitboard {
    let mut rest = universe;
    for _ in 0..n {
        rest &= rest.wrapping_sub(1);
    }
    rest & rest.wrapping_neg()
}

/// The index of a frame in its signature's table, or `None` when a man stands on
/// its own crown row (no legal position has one).
#[must_use]
pub fn index(f: &Frame) -> Option<u64> {
    let m = f.material();
    let mover_men = f.mover & !f.kings;
    let opponent_men = f.opponent & !f.kings;
    if mover_men & !MOVER_MEN_SQUARES != 0 || opponent_men & !OPPONENT_MEN_SQUARES != 0 {
        return None;
    }
    let after_men = !(mover_men | opponent_men);
    let mover_kings = f.mover & f.kings;
    let after_kings = after_men & !mover_kings;
    let men = u32::from(m.men());
    let digits = [
        (
            rank(mover_men, MOVER_MEN_SQUARES),
            binomial(28, m.mover_men.into()),
        ),
        (
            rank(opponent_men, OPPONENT_MEN_SQUARES),
            binomial(28, m.opponent_men.into()),
        ),
        (
            rank(mover_kings, after_men),
            binomial(32 - men, m.mover_kings.into()),
        ),
        (
            rank(f.opponent & f.kings, after_kings),
            binomial(32 - men - u32::from(m.mover_kings), m.opponent_kings.into()),
        ),
    ];
    Some(digits.iter().fold(0, |acc, &(d, radix)| acc * radix + d))
}

/// The frame at `index` in the table of `m`, or `None` for an unused slot (both
/// sides' men on one square) or an index past the end.
#[must_use]
pub fn position(m: &Material, index: u64) -> Option<Frame> {
    if index >= table_size(m) {
        return None;
    }
    let men = u32::from(m.men());
    let radix_ok = binomial(32 - men - u32::from(m.mover_kings), m.opponent_kings.into());
    let radix_mk = binomial(32 - men, m.mover_kings.into());
    let radix_om = binomial(28, m.opponent_men.into());
    let (rest, ok) = (index / radix_ok, index % radix_ok);
    let (rest, mk) = (rest / radix_mk, rest % radix_mk);
    let (mm, om) = (rest / radix_om, rest % radix_om);
    let mover_men = unrank(mm, m.mover_men.into(), MOVER_MEN_SQUARES);
    let opponent_men = unrank(om, m.opponent_men.into(), OPPONENT_MEN_SQUARES);
    if mover_men & opponent_men != 0 {
        return None;
    }
    let after_men = !(mover_men | opponent_men);
    let mover_kings = unrank(mk, m.mover_kings.into(), after_men);
    let opponent_kings = unrank(ok, m.opponent_kings.into(), after_men & !mover_kings);
    Some(Frame {
        mover: mover_men | mover_kings,
        opponent: opponent_men | opponent_kings,
        kings: mover_kings | opponent_kings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_match_pascal() {
        assert_eq!(binomial(32, 4), 35_960);
        assert_eq!(binomial(28, 3), 3_276);
        assert_eq!(binomial(5, 0), 1);
        assert_eq!(binomial(3, 5), 0);
    }

    #[test]
    fn sizes_of_small_tables() {
        let kk = "m0k1-m0k1".parse().unwrap();
        // One king anywhere, the other on one of the 31 other squares.
        assert_eq!(table_size(&kk), 32 * 31);
        let mm = "m1k0-m1k0".parse().unwrap();
        assert_eq!(table_size(&mm), 28 * 28);
    }

    /// index → position → index for every slot of every signature up to 4 pieces,
    /// with the used slots counted independently (men overlap only in digit 2).
    #[test]
    fn index_round_trips_for_every_signature_up_to_4_pieces() {
        for m in Material::up_to(4) {
            let mut used = 0u64;
            for i in 0..table_size(&m) {
                if let Some(f) = position(&m, i) {
                    used += 1;
                    assert_eq!(f.material(), m, "{m} slot {i}");
                    assert_eq!(index(&f), Some(i), "{m} slot {i}");
                    assert_eq!(f.mover & f.opponent, 0);
                }
            }
            // Count placements directly: mover men, then opponent men not on them
            // (those in the 24 squares both may use), then kings on the empty rest.
            let expected = count_placements(&m);
            assert_eq!(used, expected, "{m}");
        }
    }

    fn count_placements(m: &Material) -> u64 {
        let mut n = 0;
        for mm in subsets(MOVER_MEN_SQUARES, m.mover_men.into()) {
            let men_placements =
                subsets(OPPONENT_MEN_SQUARES & !mm, m.opponent_men.into()).len() as u64;
            let free = 32 - u32::from(m.men());
            n += men_placements
                * binomial(free, m.mover_kings.into())
                * binomial(free - u32::from(m.mover_kings), m.opponent_kings.into());
        }
        n
    }

    fn subsets(universe: Bitboard, k: u32) -> Vec<Bitboard> {
        if k == 0 {
            return vec![0];
        }
        let mut out = Vec::new();
        let mut rest = universe;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            for s in subsets(rest, k - 1) {
                out.push(bit | s);
            }
        }
        out
    }

    #[test]
    fn white_to_move_is_turned_into_the_movers_frame() {
        // White king on 32, Black king on 1, White to move: in the mover's frame the
        // mover's king stands on 33 − 32 = 1 and the opponent's on 32.
        let pos = Checkers::from_masks(1, 1 << 31, 1 | 1 << 31, Player::Second, &Config::STANDARD)
            .unwrap();
        let f = Frame::of(&pos);
        assert_eq!((f.mover, f.opponent), (1, 1 << 31));
        let turned = f.position(&Config::STANDARD).unwrap();
        assert_eq!(turned.count_moves(), pos.count_moves());
    }

    #[test]
    fn men_on_their_crown_row_have_no_index() {
        let f = Frame {
            mover: 1 << 30,
            opponent: 1,
            kings: 1,
        };
        assert_eq!(index(&f), None);
    }
}

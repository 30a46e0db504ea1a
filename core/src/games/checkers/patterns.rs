//! The `patterns` evaluator: values learned from millions of self-play positions
//! (`microply patterns train`, docs/checkers-patterns.md) for every configuration of
//! the men on nine overlapping 4×4 regions of the board, plus material.
//!
//! **Regions.** A 4×4 block of the board holds 8 playable squares, 2 in each of its
//! 4 rows, and on this board's numbering those 2 are adjacent bits of the row
//! (bitboard.rs): the block on rows `r..r+4`, columns `2k..2k+4` holds bits
//! `4(r+j) + k` and `4(r+j) + k + 1`, `j = 0..4`. The nine blocks `r, 2k ∈ {0, 2, 4}`
//! cover the board and overlap by half. Each square of a block is empty, an own man or
//! an opponent's man (kings count as empty here: material and the scalar terms carry
//! them): 3⁸ = 6,561 configurations, index `Σ 3^i·(own_i + 2·opp_i)`.
//!
//! **Symmetry.** One table serves both sides: a side's men are read with the board
//! turned so that they move toward the higher squares (Black as is, White by
//! [`u32::reverse_bits`], square `n` ↔ `33 − n`, which maps block `(r, k)` onto block
//! `(4 − r, 2 − k)`). The evaluation for Black is `g(Black's view) − g(White's view)`,
//! `g` the sum of the nine blocks' values, so it is antisymmetric by construction; the
//! side to move gets its sign and a tempo term.
//!
//! **Kings.** A value for a king on each of the 32 squares, read the same way (the
//! board turned for White), after the region tables.
//!
//! **Scalars.** Men and kings (their difference), the same scaled by how far the game
//! has gone (`24 − pieces on the board`, over 24), and the tempo term.
//!
//! **Integers.** Pattern values are `i8` and scalars `i16`, both in units of 1/128 of
//! a man; the sum is exact in `i32`, so every target computes the same value. The
//! tables come from `core/data/checkers-patterns.bin` (see [`Tables::parse`] for the
//! format), compiled in: 59 KB of flash.

use super::board::Checkers;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::player::Player;
use crate::score::{Score, Value};

/// Regions (blocks) of the board.
pub const REGIONS: usize = 9;
/// Configurations of one region: 3⁸.
pub const CONFIGS: usize = 6561;
/// Where the king-square values start (after the region tables).
pub const KING_BASE: usize = REGIONS * CONFIGS;
/// Pattern values in all: the regions' and the 32 king squares'.
pub const TABLE_LEN: usize = KING_BASE + 32;
/// Scalar weights: man, king, man-late, king-late, tempo.
pub const SCALARS: usize = 5;
/// The first 8 bytes of a tables file with one value a pattern.
pub const MAGIC: &[u8; 8] = b"MPLYPAT1";
/// The first 8 bytes of a tables file with two values a pattern (opening, ending).
pub const MAGIC_PHASED: &[u8; 8] = b"MPLYPAT2";
/// The length of a tables file: magic, scalars (`i16` LE), pattern values (`i8`).
pub const FILE_LEN: usize = MAGIC.len() + 2 * SCALARS + TABLE_LEN;
/// The length of a two-phase tables file: two values a pattern.
pub const PHASED_FILE_LEN: usize = FILE_LEN + TABLE_LEN;
/// Fraction bits of one unit of the weights: values are in 1/128 of a man.
pub const UNIT_BITS: u32 = 7;
/// Pieces at the start, the scale of the game's progress.
const FULL: i32 = 24;
/// The trade-down term's weight, in 1/128 of a man: a side `d` pieces up with `n`
/// on the board gets `TRADE_DOWN · d / n` more (see [`trade_down`]). Tuned by SPRTs
/// (docs/checkers-strength.md, tests 18–21): 256 won +37.6 Elo over none, 512
/// +28.3 over 256, 1024 +21.7 over 512, 2048 about as much as 1024.
pub const TRADE_DOWN: i32 = 1024;

/// `(r, k)` of each region: rows `r..r+4`, columns `2k..2k+4`.
pub const REGION_ORIGINS: [(u32, u32); REGIONS] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (2, 0),
    (2, 1),
    (2, 2),
    (4, 0),
    (4, 1),
    (4, 2),
];

/// `TERNARY[m]` = `Σ 3^i` over the set bits `i` of the byte `m`.
const TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let (mut v, mut p, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if m & (1 << i) != 0 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// The 8 squares of region `(r, k)` of `board` as a byte, two bits a row.
#[must_use]
pub const fn region_bits(board: u32, (r, k): (u32, u32)) -> usize {
    let mut bits = 0u32;
    let mut j = 0;
    while j < 4 {
        bits |= ((board >> (4 * (r + j) + k)) & 3) << (2 * j);
        j += 1;
    }
    bits as usize
}

/// The configuration index of every region for a side whose men are `own` and whose
/// opponent's men are `opp`, both already turned so that `own` moves toward the
/// higher squares; entry `i` is the offset into the tables (`i·CONFIGS + index`).
#[must_use]
pub fn offsets(own: u32, opp: u32) -> [usize; REGIONS] {
    let mut out = [0; REGIONS];
    for (i, (slot, &origin)) in out.iter_mut().zip(REGION_ORIGINS.iter()).enumerate() {
        let o = usize::from(TERNARY[region_bits(own, origin)]);
        let x = usize::from(TERNARY[region_bits(opp, origin)]);
        *slot = i * CONFIGS + o + 2 * x;
    }
    out
}

/// One side's view of a position, the board turned so that its men move toward the
/// higher squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Its men.
    pub own: u32,
    /// The opponent's men.
    pub opp: u32,
    /// Its kings.
    pub kings: u32,
}

/// The two views of a position: Black's as the board is, White's turned.
#[must_use]
pub fn views(pos: &Checkers) -> [View; 2] {
    let men = !pos.kings();
    let black = pos.pieces(Player::First);
    let white = pos.pieces(Player::Second);
    [
        View {
            own: black & men,
            opp: white & men,
            kings: black & pos.kings(),
        },
        View {
            own: (white & men).reverse_bits(),
            opp: (black & men).reverse_bits(),
            kings: (white & pos.kings()).reverse_bits(),
        },
    ]
}

/// What the evaluator knows beyond the tables, per side to move: the inputs the
/// scalar weights multiply (also the trainer's, so the two cannot disagree).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalars {
    /// Men, side to move minus opponent.
    pub men: i32,
    /// Kings, side to move minus opponent.
    pub kings: i32,
    /// Pieces taken off so far: `24 − pieces on the board` (0–22).
    pub progress: i32,
}

impl Scalars {
    /// The scalar inputs of `pos` for its side to move.
    #[must_use]
    pub fn of(pos: &Checkers) -> Scalars {
        let me = pos.side_to_move();
        let count = |p: Player, kings: bool| {
            let k = if kings { pos.kings() } else { !pos.kings() };
            (pos.pieces(p) & k).count_ones() as i32
        };
        let all = (pos.pieces(Player::First) | pos.pieces(Player::Second)).count_ones() as i32;
        Scalars {
            men: count(me, false) - count(me.other(), false),
            kings: count(me, true) - count(me.other(), true),
            progress: (FULL - all).max(0),
        }
    }
}

/// Pattern tables and scalar weights, checked by [`Tables::parse`].
///
/// A table has one value a pattern, or two (**phased**): one for the opening and one
/// for the ending, mixed by the game's progress as Scan mixes its phases: with `p`
/// pieces taken off, `(opening·(24 − p) + ending·p) / 24` (an exact integer sum, one
/// truncating division: the same on every target).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Tables {
    /// Man, king, man-late, king-late, tempo, in 1/128 of a man.
    pub scalars: [i16; SCALARS],
    values: &'static [u8],
    phased: bool,
}

impl core::fmt::Debug for Tables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tables")
            .field("scalars", &self.scalars)
            .field("values", &self.values.len())
            .field("phased", &self.phased)
            .finish()
    }
}

/// Why a tables file was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablesError {
    /// The first 8 bytes are not [`MAGIC`] or [`MAGIC_PHASED`].
    Magic,
    /// The file is not [`FILE_LEN`] bytes long (its length).
    Length(usize),
    /// The two-phase file is not [`PHASED_FILE_LEN`] bytes long (its length).
    PhasedLength(usize),
}

impl core::fmt::Display for TablesError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TablesError::Magic => write!(
                f,
                "not a checkers patterns file (no MPLYPAT1 or MPLYPAT2 header)"
            ),
            TablesError::Length(n) => {
                write!(f, "a patterns file is {FILE_LEN} bytes, this one {n}")
            }
            TablesError::PhasedLength(n) => write!(
                f,
                "a two-phase (MPLYPAT2) patterns file is {PHASED_FILE_LEN} bytes, this one {n}"
            ),
        }
    }
}

impl Tables {
    /// The tables of a file: [`MAGIC`], the [`SCALARS`] scalar weights as `i16`
    /// little-endian, then the [`TABLE_LEN`] pattern values as `i8`, region by region,
    /// configuration by configuration; or [`MAGIC_PHASED`], the scalars, and two `i8`
    /// values a pattern (opening, then ending), in the same order.
    ///
    /// # Errors
    /// A wrong header or length.
    pub const fn parse(bytes: &'static [u8]) -> Result<Tables, TablesError> {
        if bytes.len() < MAGIC.len() {
            return Err(TablesError::Length(bytes.len()));
        }
        let (mut single, mut phased) = (true, true);
        let mut i = 0;
        while i < MAGIC.len() {
            single &= bytes[i] == MAGIC[i];
            phased &= bytes[i] == MAGIC_PHASED[i];
            i += 1;
        }
        if !single && !phased {
            return Err(TablesError::Magic);
        }
        if single && bytes.len() != FILE_LEN {
            return Err(TablesError::Length(bytes.len()));
        }
        if phased && bytes.len() != PHASED_FILE_LEN {
            return Err(TablesError::PhasedLength(bytes.len()));
        }
        let mut scalars = [0i16; SCALARS];
        let mut s = 0;
        while s < SCALARS {
            let at = MAGIC.len() + 2 * s;
            scalars[s] = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            s += 1;
        }
        let (_, values) = bytes.split_at(MAGIC.len() + 2 * SCALARS);
        Ok(Tables {
            scalars,
            values,
            phased,
        })
    }

    /// Whether the tables hold two values a pattern.
    #[must_use]
    pub const fn phased(&self) -> bool {
        self.phased
    }

    /// The pattern value at `offset` (see [`offsets`]) in the opening and in the
    /// ending (the same value twice in a one-phase table), 0 beyond the table.
    #[must_use]
    pub fn value(&self, offset: usize) -> (i32, i32) {
        let at = |i: usize| self.values.get(i).map_or(0, |&b| i32::from(b as i8));
        if self.phased {
            (at(2 * offset), at(2 * offset + 1))
        } else {
            let v = at(offset);
            (v, v)
        }
    }

    /// The sums (opening, ending) of the nine regions' values of one view and of its
    /// kings' squares.
    fn view_sum(&self, view: View) -> (i32, i32) {
        let add = |(a, b): (i32, i32), offset: usize| {
            let (x, y) = self.value(offset);
            (a + x, b + y)
        };
        let regions = offsets(view.own, view.opp).into_iter().fold((0, 0), add);
        let mut kings = view.kings;
        let mut sum = regions;
        while kings != 0 {
            sum = add(sum, KING_BASE + kings.trailing_zeros() as usize);
            kings &= kings - 1;
        }
        sum
    }

    /// The evaluation for the side to move, in 1/128 of a man.
    #[must_use]
    pub fn raw(&self, pos: &Checkers) -> i32 {
        let [black, white] = views(pos);
        let (b_open, b_end) = self.view_sum(black);
        let (w_open, w_end) = self.view_sum(white);
        let s = Scalars::of(pos);
        // One-phase tables give opening = ending, whose mix is that value exactly: no
        // multiplication or division for them.
        let mixed = if self.phased {
            ((b_open - w_open) * (FULL - s.progress) + (b_end - w_end) * s.progress) / FULL
        } else {
            b_open - w_open
        };
        let patterns = match pos.side_to_move() {
            Player::First => mixed,
            Player::Second => -mixed,
        };
        let [man, king, man_late, king_late, tempo] = self.scalars.map(i32::from);
        let late = (man_late * s.men + king_late * s.kings) * s.progress / FULL;
        patterns + man * s.men + king * s.kings + late + tempo + trade_down(s)
    }
}

/// The hand-set term that makes a side ahead in material trade down: `TRADE_DOWN ·
/// (piece difference) / (pieces on the board)`, so 3 kings against 2 prefer 2 against 1
/// (+204 → +341 in 1/128 of a man: 1.6 → 2.7 men) and 5 against 4 (+113) are worth
/// less than either; a piece up in the opening adds 0.3 of a man.
///
/// The fitted scalars say the opposite (a piece is worth less as the board empties:
/// the self-play that labelled the data, a thousand nodes a move, drew many won
/// endings), and against `baseline` the default drew 49 of its 133 draws from +1.5 men
/// or more, most of them kings endings it did not simplify (docs/checkers-strength.md,
/// "Won endings drawn"). Truncating division: antisymmetric, the same on every target.
#[must_use]
pub fn trade_down(s: Scalars) -> i32 {
    let pieces = FULL - s.progress;
    TRADE_DOWN * (s.men + s.kings) / pieces.max(1)
}

/// The shipped tables (docs/checkers-patterns.md says how they were trained).
pub const SHIPPED: Tables =
    match Tables::parse(include_bytes!("../../../data/checkers-patterns.bin")) {
        Ok(t) => t,
        Err(_) => panic!("core/data/checkers-patterns.bin is not a patterns file"),
    };

/// The `patterns` evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patterns {
    /// Its tables.
    pub tables: Tables,
}

impl Default for Patterns {
    fn default() -> Patterns {
        Patterns { tables: SHIPPED }
    }
}

impl Evaluator<Checkers> for Patterns {
    fn evaluate(&self, pos: &Checkers) -> Score {
        let raw = i64::from(self.tables.raw(pos)) << (16 - UNIT_BITS);
        Score::heuristic_wide(raw)
    }
}

impl Patterns {
    /// The evaluation as a fixed-point value for the side to move.
    #[must_use]
    pub fn value(&self, pos: &Checkers) -> Value {
        Value::from_bits(self.evaluate(pos).raw())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;

    #[test]
    fn regions_are_two_adjacent_squares_a_row_and_cover_the_board() {
        // Region (0, 0): squares 1, 2 / 5, 6 / 9, 10 / 13, 14 (rows 0-3, columns a-d).
        let squares = |sq: &[u32]| sq.iter().fold(0u32, |b, &s| b | 1 << (s - 1));
        assert_eq!(
            region_bits(squares(&[1, 2, 5, 6, 9, 10, 13, 14]), (0, 0)),
            0xFF
        );
        assert_eq!(region_bits(squares(&[2, 13]), (0, 0)), 0b0100_0010);
        // Region (4, 2): squares 19, 20 / 23, 24 / 27, 28 / 31, 32.
        assert_eq!(
            region_bits(squares(&[19, 20, 23, 24, 27, 28, 31, 32]), (4, 2)),
            0xFF
        );
        let mut covered = 0u32;
        for origin in REGION_ORIGINS {
            for bit in 0..32 {
                if region_bits(1 << bit, origin) != 0 {
                    covered |= 1 << bit;
                }
            }
        }
        assert_eq!(covered, u32::MAX);
    }

    #[test]
    fn ternary_index_by_hand() {
        // One own man on the region's first square: 1; one opponent's man there: 2;
        // own on the last: 3^7 = 2187; all 8 own: (3^8 - 1) / 2 = 3280.
        assert_eq!(offsets(1, 0)[0], 1);
        assert_eq!(offsets(0, 1)[0], 2);
        assert_eq!(offsets(1 << 13, 0)[0], 2187); // square 14
        assert_eq!(offsets(0x0000_3333, 0)[0], 3280);
        assert_eq!(offsets(0, 0)[8], 8 * CONFIGS);
        assert!(offsets(u32::MAX, 0).iter().all(|&o| o < TABLE_LEN));
    }

    #[test]
    fn turning_the_board_maps_regions_onto_their_mirror() {
        for (i, &(r, k)) in REGION_ORIGINS.iter().enumerate() {
            let j = REGION_ORIGINS
                .iter()
                .position(|&o| o == (4 - r, 2 - k))
                .unwrap();
            for board in [0x0000_0F0Fu32, 0x1234_5678, 0xF0F0_0001] {
                let turned = board.reverse_bits();
                // Bit order within the region reverses too: the same 8 squares.
                assert_eq!(
                    region_bits(board, REGION_ORIGINS[i]).count_ones(),
                    region_bits(turned, REGION_ORIGINS[j]).count_ones()
                );
            }
        }
    }

    #[test]
    fn the_shipped_tables_parse_and_the_evaluation_is_antisymmetric() {
        let e = Patterns::default();
        assert_eq!(e.tables.scalars.len(), SCALARS);
        // The start, Black to move, and the same position with colours swapped and
        // White to move are the same position for the side to move.
        let fens = [
            (
                "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
                "W:B1,2,3,4,5,6,7,8,9,10,11,12:W21,22,23,24,25,26,27,28,29,30,31,32",
            ),
            ("B:W18,19,20,K32:B6,7", "W:B15,14,13,K1:W27,26"),
            ("W:WK7,K18,28:BK19,K31", "B:BK26,K15,5:WK14,K2"),
        ];
        for (a, b) in fens {
            let a = Checkers::parse_fen(a).unwrap();
            let b = Checkers::parse_fen(b).unwrap();
            assert_eq!(e.evaluate(&a), e.evaluate(&b), "{a:?}");
        }
    }

    /// `N` zero bytes after the 8-byte `magic`.
    const fn headed<const N: usize>(magic: &[u8; 8]) -> [u8; N] {
        let mut f = [0u8; N];
        let mut i = 0;
        while i < 8 {
            f[i] = magic[i];
            i += 1;
        }
        f
    }

    #[test]
    fn material_and_tempo_by_hand() {
        // With every pattern value 0 the evaluation is the scalar terms alone.
        static FILE: [u8; FILE_LEN] = {
            let mut f = headed::<FILE_LEN>(MAGIC);
            // man 128 (1.0), king 192 (1.5), man-late 48, king-late 0, tempo 3.
            f[8] = 128;
            f[10] = 192;
            f[12] = 48;
            f[16] = 3;
            f
        };
        let t = Tables::parse(&FILE).unwrap();
        // Black to move, a man and a king against a man: 21 pieces off, 3 on.
        let pos = Checkers::parse_fen("B:W30:BK10,13").unwrap();
        // men 0, kings +1: 192 + (48·0 + 0)·21/24 + 3, and trading down 1024·1/3 = 341.
        assert_eq!(TRADE_DOWN, 1024);
        assert_eq!(t.raw(&pos), 195 + 341);
        let pos = Checkers::parse_fen("W:W30:B10,13").unwrap();
        // White to move, a man down: −128 + 48·(−1)·21/24 = −128 − 42 = −170, + 3,
        // and 1024·(−1)/3 = −341 (truncated toward zero, as for the other side).
        assert_eq!(t.raw(&pos), -167 - 341);
        let e = Patterns { tables: t };
        assert_eq!(e.value(&pos), Value::from_num(-508) / 128);
        // Three kings against two: the same one-piece lead on more pieces is worth less
        // (5 pieces: 1024/5 = 204, where 3 pieces gave 341).
        let pos = Checkers::parse_fen("B:WK1,K5:BK10,K14,K18").unwrap();
        assert_eq!(t.raw(&pos), 192 + 3 + 204);
    }

    #[test]
    fn two_phase_values_are_mixed_by_progress_by_hand() {
        // Every value 0 but an own king on square 10 (bit 9): 24 in the opening and 48
        // in the ending; scalars 0.
        static FILE: [u8; PHASED_FILE_LEN] = {
            let mut f = headed::<PHASED_FILE_LEN>(MAGIC_PHASED);
            let at = MAGIC.len() + 2 * SCALARS + 2 * (KING_BASE + 9);
            f[at] = 24;
            f[at + 1] = 48;
            f
        };
        let t = Tables::parse(&FILE).unwrap();
        assert!(t.phased());
        assert_eq!(t.value(KING_BASE + 9), (24, 48));
        // Three pieces on the board, 21 off: (24·3 + 48·21) / 24 = 45 for Black's king
        // on 10 (White's on 1 reads square 32 of its turned board: 0), and trading down
        // 1024·1/3 = 341; the same position with White to move is its negation.
        let black = Checkers::parse_fen("B:WK1:BK10,K14").unwrap();
        assert_eq!(t.raw(&black), 45 + 341);
        let white = Checkers::parse_fen("W:WK1:BK10,K14").unwrap();
        assert_eq!(t.raw(&white), -(45 + 341));
        // A one-phase file of the same length is refused, naming the phased length.
        static SHORT: [u8; FILE_LEN] = headed::<FILE_LEN>(MAGIC_PHASED);
        assert_eq!(
            Tables::parse(&SHORT),
            Err(TablesError::PhasedLength(FILE_LEN))
        );
    }

    #[test]
    fn bad_files_are_refused() {
        static SHORT: [u8; 8] = *MAGIC;
        assert_eq!(Tables::parse(&SHORT), Err(TablesError::Length(8)));
        static WRONG: [u8; FILE_LEN] = [0; FILE_LEN];
        assert_eq!(Tables::parse(&WRONG), Err(TablesError::Magic));
    }
}

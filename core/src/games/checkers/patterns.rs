//! The `patterns` evaluator: values learned from millions of self-play positions
//! (`microply patterns train`, docs/checkers-patterns.md) for every configuration of
//! the men on nine overlapping 4×4 blocks and four vertical strips of the board, plus
//! material.
//!
//! **Regions.** A 4×4 block of the board holds 8 playable squares, 2 in each of its
//! 4 rows, and on this board's numbering those 2 are adjacent bits of the row
//! (bitboard.rs): the block on rows `r..r+4`, columns `2k..2k+4` holds bits
//! `4(r+j) + k` and `4(r+j) + k + 1`, `j = 0..4`. The nine blocks `r, 2k ∈ {0, 2, 4}`
//! cover the board and overlap by half. Each square of a block is empty, an own man or
//! an opponent's man (kings count as empty here: material and the scalar terms carry
//! them): 3⁸ = 6,561 configurations, index `Σ 3^i·(own_i + 2·opp_i)`. The four
//! **strips** are the board's columns two by two, `2k` and `2k + 1`: bit `k` of each
//! row (one square a row, 8 squares from one edge to the other), so a table sees a
//! man's whole way to the crown and who stands on it. The compact tables
//! ([`Layout::Strips`] and its king-aware forms) count only configurations that can
//! occur (no man on the row where it would be crowned: 2,916 for the blocks on the first and last rows and for
//! the strips, [`Kind`]); older files ([`Layout`]) hold the blocks only, every square
//! with three states.
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
//! format), compiled in: 49 KB of flash.

use super::board::Checkers;
use super::residual::{self, Residual};
pub use super::view::{views, View};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::player::Player;
use crate::score::{Score, Value};

/// Blocks (4×4) of the board.
pub const BLOCKS: usize = 9;
/// Vertical strips (two columns, eight rows) of the board.
pub const STRIPS: usize = 4;
/// Regions at most: the blocks, then the strips.
pub const REGIONS: usize = BLOCKS + STRIPS;
/// Configurations of one region: 3⁸.
pub const CONFIGS: usize = 6561;
/// Scalar weights: man, king, man-late, king-late, tempo.
pub const SCALARS: usize = 5;
/// Bytes before the pattern values: the magic and the scalars (`i16` LE).
pub const HEADER_LEN: usize = 8 + 2 * SCALARS;

/// What a tables file holds, named by its first 8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The nine blocks, one value a pattern (`MPLYPAT1`: generations 1 to 3).
    Blocks,
    /// The nine blocks, two values a pattern, the opening's and the ending's
    /// (`MPLYPAT2`).
    Phased,
    /// The nine blocks and the four strips, one value a pattern (`MPLYPAT3`:
    /// generations 4 to 6).
    Strips,
    /// [`Layout::Strips`]'s patterns twice (`MPLYPAT4`): a side's view reads the
    /// first copy while its opponent has no king and the second once it has one
    /// (kings are not in the regions, so this is where the tables learn what an
    /// opposing king does to a side's men).
    Kings,
    /// [`Layout::Strips`] with a second copy of the strips and the king squares only
    /// (`MPLYPAT5`): a view whose opponent has a king reads those from the second
    /// copy and the blocks from the one copy they have. What [`Layout::Kings`] learns
    /// in a size the firmware's flash holds (60,589 bytes to 97,768; the shipped
    /// tables since generation 7).
    KingStrips,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 5] = [
        Layout::Blocks,
        Layout::Phased,
        Layout::Strips,
        Layout::Kings,
        Layout::KingStrips,
    ];

    /// The file's first 8 bytes.
    #[must_use]
    pub const fn magic(self) -> &'static [u8; 8] {
        match self {
            Layout::Blocks => b"MPLYPAT1",
            Layout::Phased => b"MPLYPAT2",
            Layout::Strips => b"MPLYPAT3",
            Layout::Kings => b"MPLYPAT4",
            Layout::KingStrips => b"MPLYPAT5",
        }
    }

    /// Whether a pattern has an opening and an ending value.
    #[must_use]
    pub const fn phased(self) -> bool {
        matches!(self, Layout::Phased)
    }

    /// Whether a view reads some patterns from one of two copies, by whether its
    /// opponent has a king ([`Layout::Kings`], [`Layout::KingStrips`]).
    #[must_use]
    pub const fn king_split(self) -> bool {
        self.split_from() < self.patterns()
    }

    /// The first pattern (an offset of [`offsets`], or a king square's) that has a
    /// second copy: all from 0 for [`Layout::Kings`], the strips and the king squares
    /// for [`Layout::KingStrips`], none ([`Layout::patterns`]) for the others.
    #[must_use]
    pub const fn split_from(self) -> usize {
        match self {
            Layout::Kings => 0,
            Layout::KingStrips => COMPACT_REGIONS[BLOCKS].base,
            Layout::Blocks | Layout::Phased | Layout::Strips => self.patterns(),
        }
    }

    /// The regions the tables hold, in the file's order.
    #[must_use]
    pub const fn region_list(self) -> &'static [Region] {
        match self {
            Layout::Blocks | Layout::Phased => &PLAIN_REGIONS,
            Layout::Strips | Layout::Kings | Layout::KingStrips => &COMPACT_REGIONS,
        }
    }

    /// How many of [`offsets`]'s regions the tables hold: the blocks, or the blocks
    /// and the strips.
    #[must_use]
    pub const fn regions(self) -> usize {
        self.region_list().len()
    }

    /// Where the 32 king-square patterns start, after the regions' (a constant a
    /// layout: the evaluator reads it for every king).
    #[must_use]
    pub const fn king_base(self) -> usize {
        match self {
            Layout::Blocks | Layout::Phased => PLAIN_KING_BASE,
            Layout::Strips | Layout::Kings | Layout::KingStrips => COMPACT_KING_BASE,
        }
    }

    /// Patterns in all: the regions' and the 32 king squares' (of the first copy, for
    /// the layouts with two).
    #[must_use]
    pub const fn patterns(self) -> usize {
        self.king_base() + 32
    }

    /// Values in the file: two a pattern for two phases; otherwise one a pattern and
    /// one more for each pattern from [`Layout::split_from`] on (its second copy).
    #[must_use]
    pub const fn values(self) -> usize {
        if self.phased() {
            2 * self.patterns()
        } else {
            2 * self.patterns() - self.split_from()
        }
    }

    /// Where pattern `offset`'s value is read for a view whose opponent's kings stand
    /// on `opponent_kings` (a bit a square): `offset` itself, or its second copy's
    /// place (after the first copy, in the same order) when the opponent has a king
    /// and the pattern has one ([`Layout::split_from`]).
    #[must_use]
    pub const fn value_index(self, offset: usize, opponent_kings: u32) -> usize {
        copy_index(offset, self.second_copy(opponent_kings))
    }

    /// [`Layout::value_index`]'s constants for a view (worked out once a view, not
    /// once a pattern): the patterns from the first are read the second further on
    /// (0 while the opponent has no king).
    const fn second_copy(self, opponent_kings: u32) -> (usize, usize) {
        let from = self.split_from();
        if opponent_kings == 0 {
            (from, 0)
        } else {
            (from, self.patterns() - from)
        }
    }

    /// The file's length: [`HEADER_LEN`] and the values (`i8`).
    #[must_use]
    pub const fn file_len(self) -> usize {
        HEADER_LEN + self.values()
    }

    /// The layout whose magic `bytes` starts with.
    #[must_use]
    pub const fn of(bytes: &[u8]) -> Option<Layout> {
        let mut l = 0;
        while l < Layout::ALL.len() {
            let magic = Layout::ALL[l].magic();
            let mut same = bytes.len() >= magic.len();
            let mut i = 0;
            while same && i < magic.len() {
                same = bytes[i] == magic[i];
                i += 1;
            }
            if same {
                return Some(Layout::ALL[l]);
            }
            l += 1;
        }
        None
    }
}
/// Fraction bits of one unit of the weights: values are in 1/128 of a man.
pub const UNIT_BITS: u32 = 7;
// The residual network's output is added in the tables' unit.
const _: () = assert!(residual::OUTPUT_BITS == UNIT_BITS);
/// Pieces at the start, the scale of the game's progress.
const FULL: i32 = 24;
/// The trade-down term's weight, in 1/128 of a man: a side `d` pieces up with `n`
/// on the board gets `TRADE_DOWN · d / n` more (see [`trade_down`]). Tuned by SPRTs
/// (docs/checkers-strength.md, tests 18–21): 256 won +37.6 Elo over none, 512
/// +28.3 over 256, 1024 +21.7 over 512, 2048 about as much as 1024.
pub const TRADE_DOWN: i32 = 1024;

/// `(r, k)` of each block: rows `r..r+4`, columns `2k..2k+4`.
pub const REGION_ORIGINS: [(u32, u32); BLOCKS] = [
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

/// Which men the 8 squares of a region (the bits of its byte) can hold, in the view
/// of the side whose men move up: its own men are crowned on row 7 and the
/// opponent's on row 0, and a king is not in the regions, so those squares have two
/// states instead of three. The compact tables ([`Layout::Strips`]) count only the
/// configurations that can occur; the older layouts index every square by three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Three states a square (every square of the older layouts; the middle blocks).
    Full,
    /// A block on rows 0–3: no opponent's man on row 0 (bits 0 and 1).
    Bottom,
    /// A block on rows 4–7: no own man on row 7 (bits 6 and 7).
    Top,
    /// A strip: no opponent's man on row 0 (bit 0), no own man on row 7 (bit 7).
    Strip,
}

impl Kind {
    /// The squares (bits) that can hold an own man.
    const fn own_squares(self) -> u32 {
        match self {
            Kind::Full | Kind::Bottom => 0xFF,
            Kind::Top => 0x3F,
            Kind::Strip => 0x7F,
        }
    }

    /// The squares that can hold an opponent's man.
    const fn opp_squares(self) -> u32 {
        match self {
            Kind::Full | Kind::Top => 0xFF,
            Kind::Bottom => 0xFC,
            Kind::Strip => 0xFE,
        }
    }

    /// The configurations: the product of the squares' states (6,561 for
    /// [`Kind::Full`], 2,916 for the others).
    #[must_use]
    pub const fn configs(self) -> usize {
        let mut n = 1;
        let mut i = 0;
        while i < 8 {
            n *= 1 + ((self.own_squares() >> i) & 1) + ((self.opp_squares() >> i) & 1);
            i += 1;
        }
        n as usize
    }

    /// The index of a configuration, a mixed-radix number (square `i` the digit of
    /// place value `Σ` of the states below it): `own[o] + opp[x]` for the own men's
    /// byte `o` and the opponent's `x`. An own man counts 1 on its square, an
    /// opponent's 2 (1 where no own man can stand); a man where none can stand counts
    /// 0, so any bytes index inside the region (only impossible positions have them).
    const fn index_tables(self) -> [[u16; 256]; 2] {
        let (own_ok, opp_ok) = (self.own_squares(), self.opp_squares());
        let mut t = [[0u16; 256]; 2];
        let mut m = 0;
        while m < 256 {
            let (mut own, mut opp, mut place, mut i) = (0u32, 0u32, 1u32, 0);
            while i < 8 {
                let (o, x) = ((own_ok >> i) & 1, (opp_ok >> i) & 1);
                if (m >> i) & 1 != 0 {
                    own += o * place;
                    opp += x * (1 + o) * place;
                }
                place *= 1 + o + x;
                i += 1;
            }
            t[0][m] = own as u16;
            t[1][m] = opp as u16;
            m += 1;
        }
        t
    }
}

/// The index tables of the four kinds, in [`Kind`]'s order (4 KB).
const INDEX: [[[u16; 256]; 2]; 4] = [
    Kind::Full.index_tables(),
    Kind::Bottom.index_tables(),
    Kind::Top.index_tables(),
    Kind::Strip.index_tables(),
];

/// Where a region's squares are on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The 4×4 block on rows `r..r+4`, columns `2k..2k+4` ([`region_bits`]).
    Block(u32, u32),
    /// Strip `k`: columns `2k` and `2k + 1`, one square a row ([`strip_bits`]).
    Strip(u32),
}

/// One region of a layout: its squares, which men they can hold, and where its
/// values start in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Its squares.
    pub shape: Shape,
    /// The men they can hold, as the layout indexes them.
    pub kind: Kind,
    /// The offset of its first value among the patterns.
    pub base: usize,
}

/// What the region lists below start from before each entry is set.
const UNSET: Region = Region {
    shape: Shape::Strip(0),
    kind: Kind::Full,
    base: 0,
};

/// The older layouts' regions: the nine blocks, 6,561 configurations each.
const PLAIN_REGIONS: [Region; BLOCKS] = {
    let mut out = [UNSET; BLOCKS];
    let mut i = 0;
    while i < BLOCKS {
        let (r, k) = REGION_ORIGINS[i];
        out[i] = Region {
            shape: Shape::Block(r, k),
            kind: Kind::Full,
            base: i * CONFIGS,
        };
        i += 1;
    }
    out
};

/// [`Layout::Strips`]'s regions: the nine blocks (the bottom and top rows' with
/// 2,916 configurations), then the four strips (2,916 each): 48,843 values.
const COMPACT_REGIONS: [Region; REGIONS] = {
    let mut out = [UNSET; REGIONS];
    let (mut i, mut base) = (0, 0);
    while i < REGIONS {
        let (shape, kind) = if i < BLOCKS {
            let (r, k) = REGION_ORIGINS[i];
            let kind = match r {
                0 => Kind::Bottom,
                4 => Kind::Top,
                _ => Kind::Full,
            };
            (Shape::Block(r, k), kind)
        } else {
            (Shape::Strip((i - BLOCKS) as u32), Kind::Strip)
        };
        out[i] = Region { shape, kind, base };
        base += kind.configs();
        i += 1;
    }
    out
};

/// The end of a region list's values: where its king squares start.
const fn end_of(list: &[Region]) -> usize {
    let last = list[list.len() - 1];
    last.base + last.kind.configs()
}

/// [`Layout::king_base`] of the older layouts.
const PLAIN_KING_BASE: usize = end_of(&PLAIN_REGIONS);

/// [`Layout::king_base`] of [`Layout::Strips`].
const COMPACT_KING_BASE: usize = end_of(&COMPACT_REGIONS);

/// Where pattern `offset`'s value is read with a view's [`Layout::second_copy`].
const fn copy_index(offset: usize, (from, shift): (usize, usize)) -> usize {
    if offset >= from {
        offset + shift
    } else {
        offset
    }
}

/// The 8 squares of region `(r, k)` of `board` as a byte, two bits a row.
#[must_use]
pub const fn region_bits(board: u32, (r, k): (u32, u32)) -> usize {
    // Bits k and k + 1 of rows r..r+4 (two a nibble) gathered in two folds.
    let mut x = (board >> (4 * r + k)) & 0x3333;
    x = (x | x >> 2) & 0x0F0F;
    x = (x | x >> 4) & 0xFF;
    x as usize
}

/// The 8 squares of strip `k` of `board` (bit `k` of each row: columns `2k` and
/// `2k + 1`) as a byte, one bit a row.
#[must_use]
pub const fn strip_bits(board: u32, k: u32) -> usize {
    // Bits k, k + 4, …, k + 28 gathered in three folds: pairs, fours, the byte.
    let mut x = (board >> k) & 0x1111_1111;
    x = (x | x >> 3) & 0x0303_0303;
    x = (x | x >> 6) & 0x000F_000F;
    x = (x | x >> 12) & 0xFF;
    x as usize
}

/// The offset into the tables of the configuration of each of `layout`'s regions
/// ([`Layout::region_list`]: the region's base plus its [`Kind`]'s index) for a side
/// whose men are `own` and whose opponent's men are `opp`, both already turned so
/// that `own` moves toward the higher squares; the entries past the layout's regions
/// are 0 (unused).
#[must_use]
pub fn offsets(own: u32, opp: u32, layout: Layout) -> [usize; REGIONS] {
    let mut out = [0; REGIONS];
    for (slot, region) in out.iter_mut().zip(layout.region_list()) {
        let (o, x) = match region.shape {
            Shape::Block(r, k) => (region_bits(own, (r, k)), region_bits(opp, (r, k))),
            Shape::Strip(k) => (strip_bits(own, k), strip_bits(opp, k)),
        };
        let [own_index, opp_index] = &INDEX[region.kind as usize];
        *slot = region.base + usize::from(own_index[o]) + usize::from(opp_index[x]);
    }
    out
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
/// A table has one value a pattern, or two ([`Layout::Phased`]): one for the opening
/// and one for the ending, mixed by the game's progress as Scan mixes its phases: with
/// `p` pieces taken off, `(opening·(24 − p) + ending·p) / 24` (an exact integer sum,
/// one truncating division: the same on every target).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Tables {
    /// Man, king, man-late, king-late, tempo, in 1/128 of a man.
    pub scalars: [i16; SCALARS],
    values: &'static [u8],
    layout: Layout,
}

impl core::fmt::Debug for Tables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tables")
            .field("scalars", &self.scalars)
            .field("values", &self.values.len())
            .field("layout", &self.layout)
            .finish()
    }
}

/// Why a tables file was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablesError {
    /// The first 8 bytes are none of the [`Layout`]s' magics.
    Magic,
    /// The file is not [`Layout::file_len`] bytes long for its layout (its length).
    Length(Layout, usize),
}

impl core::fmt::Display for TablesError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TablesError::Magic => write!(
                f,
                "not a checkers patterns file (no MPLYPAT1, MPLYPAT2, MPLYPAT3, MPLYPAT4 or MPLYPAT5 header)"
            ),
            TablesError::Length(layout, n) => {
                let magic = core::str::from_utf8(layout.magic()).unwrap_or("?");
                write!(
                    f,
                    "a {magic} patterns file is {} bytes, this one {n}",
                    layout.file_len()
                )
            }
        }
    }
}

impl Tables {
    /// The tables of a file: the [`Layout`]'s magic, the [`SCALARS`] scalar weights
    /// as `i16` little-endian, then the pattern values as `i8`, region by region
    /// (the blocks, then the strips for [`Layout::Strips`]), configuration by
    /// configuration, then the 32 king squares; two values a pattern (opening, then
    /// ending) for [`Layout::Phased`]; for [`Layout::Kings`] all that twice, the copy
    /// read while the opponent has no king, then the one read once it has; for
    /// [`Layout::KingStrips`] the strips' and the king squares' second copy after
    /// the first.
    ///
    /// # Errors
    /// A wrong header or length.
    pub const fn parse(bytes: &'static [u8]) -> Result<Tables, TablesError> {
        let Some(layout) = Layout::of(bytes) else {
            return Err(TablesError::Magic);
        };
        if bytes.len() != layout.file_len() {
            return Err(TablesError::Length(layout, bytes.len()));
        }
        let mut scalars = [0i16; SCALARS];
        let mut s = 0;
        while s < SCALARS {
            let at = 8 + 2 * s;
            scalars[s] = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            s += 1;
        }
        let (_, values) = bytes.split_at(HEADER_LEN);
        Ok(Tables {
            scalars,
            values,
            layout,
        })
    }

    /// What the tables hold.
    #[must_use]
    pub const fn layout(&self) -> Layout {
        self.layout
    }

    /// Whether the tables hold two values a pattern.
    #[must_use]
    pub const fn phased(&self) -> bool {
        self.layout.phased()
    }

    /// The pattern value at `offset` (see [`offsets`]) in the opening and in the
    /// ending (the same value twice in a one-phase table), 0 beyond the table.
    #[must_use]
    pub fn value(&self, offset: usize) -> (i32, i32) {
        let at = |i: usize| self.values.get(i).map_or(0, |&b| i32::from(b as i8));
        if self.phased() {
            (at(2 * offset), at(2 * offset + 1))
        } else {
            let v = at(offset);
            (v, v)
        }
    }

    /// The sums (opening, ending) of the regions' values of one view and of its
    /// kings' squares, read from the copy its opponent's kings (`opponent_kings`)
    /// choose ([`Layout::value_index`]).
    fn view_sum(&self, view: View, opponent_kings: u32) -> (i32, i32) {
        let copy = self.layout.second_copy(opponent_kings);
        let add = |(a, b): (i32, i32), offset: usize| {
            let (x, y) = self.value(copy_index(offset, copy));
            (a + x, b + y)
        };
        let offsets = offsets(view.own, view.opp, self.layout);
        let regions = offsets.iter().take(self.layout.regions());
        let mut sum = regions.fold((0, 0), |sum, &offset| add(sum, offset));
        let king_base = self.layout.king_base();
        let mut kings = view.kings;
        while kings != 0 {
            sum = add(sum, king_base + kings.trailing_zeros() as usize);
            kings &= kings - 1;
        }
        sum
    }

    /// The evaluation for the side to move, in 1/128 of a man.
    #[must_use]
    pub fn raw(&self, pos: &Checkers) -> i32 {
        let [black, white] = views(pos);
        let (b_open, b_end) = self.view_sum(black, white.kings);
        let (w_open, w_end) = self.view_sum(white, black.kings);
        let s = Scalars::of(pos);
        // One-phase tables give opening = ending, whose mix is that value exactly: no
        // multiplication or division for them.
        let mixed = if self.phased() {
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

/// The `patterns` evaluator: the tables, plus the residual network fitted to what
/// they leave unexplained ([`super::residual`]), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patterns {
    /// Its tables.
    pub tables: Tables,
    /// The network added to the tables' value; `None` plays the tables alone. A
    /// network is fitted to one set of tables: with others it adds noise.
    pub residual: Option<&'static Residual>,
}

impl Default for Patterns {
    fn default() -> Patterns {
        Patterns {
            tables: SHIPPED,
            residual: Some(&residual::SHIPPED),
        }
    }
}

impl Patterns {
    /// `tables` alone, without a network.
    #[must_use]
    pub const fn tables(tables: Tables) -> Patterns {
        Patterns {
            tables,
            residual: None,
        }
    }

    /// The evaluation for the side to move, in 1/128 of a man: the tables' value
    /// plus the network's.
    #[must_use]
    pub fn raw(&self, pos: &Checkers) -> i32 {
        let net = self.residual.map_or(0, |r| r.raw(pos));
        self.tables.raw(pos) + net
    }
}

impl Evaluator<Checkers> for Patterns {
    fn evaluate(&self, pos: &Checkers) -> Score {
        Score::heuristic_wide(i64::from(self.raw(pos)) << (16 - UNIT_BITS))
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
        let l = Layout::Blocks;
        assert_eq!(offsets(1, 0, l)[0], 1);
        assert_eq!(offsets(0, 1, l)[0], 2);
        assert_eq!(offsets(1 << 13, 0, l)[0], 2187); // square 14
        assert_eq!(offsets(0x0000_3333, 0, l)[0], 3280);
        assert_eq!(offsets(0, 0, l)[8], 8 * CONFIGS);
        assert_eq!(l.king_base(), 9 * 6561);
        // The compact layout: block (0, 0) has two states on row 0 (squares 1 and 2:
        // no opponent's man), so its place values are 1, 2, 4, 12, 36, 108, 324, 972.
        let l = Layout::Strips;
        assert_eq!(offsets(1, 0, l)[0], 1);
        assert_eq!(offsets(0, 1, l)[0], 0); // cannot occur: counted as empty
        assert_eq!(offsets(1 << 13, 0, l)[0], 972); // square 14
        assert_eq!(offsets(0, 1 << 13, l)[0], 2 * 972);
        assert_eq!(offsets(0x0000_3333, 0, l)[0], 1459);
        // Bases: 3 bottom blocks of 2,916, 3 middle of 6,561, 3 top of 2,916, then
        // the strips (2,916 each: place values 1, 2, 6, …, 486, 1458).
        assert_eq!(offsets(0, 0, l)[3], 3 * 2916);
        assert_eq!(offsets(0, 0, l)[8], 3 * 2916 + 3 * 6561 + 2 * 2916);
        let strips = 6 * 2916 + 3 * 6561;
        // Square 1 is strip 0's first row (an own man: 1); square 29 (bit 28) its last
        // row (only an opponent's man can stand there: 1458).
        assert_eq!(offsets(1, 0, l)[BLOCKS], strips + 1);
        assert_eq!(offsets(0, 1 << 28, l)[BLOCKS], strips + 1458);
        // Square 6 (bit 5: row 1 of strip 1), an opponent's man: 2 · 2.
        assert_eq!(offsets(0, 1 << 5, l)[BLOCKS + 1], strips + 2916 + 2 * 2);
        assert_eq!(l.king_base(), strips + 4 * 2916);
        assert_eq!(l.king_base(), 48_843);
        for layout in Layout::ALL {
            for (own, opp) in [(u32::MAX, 0), (0, u32::MAX), (0x0F0F_0F0F, 0xF0F0_F0F0)] {
                let o = offsets(own, opp, layout);
                assert!(o[..layout.regions()]
                    .iter()
                    .all(|&o| o < layout.king_base()));
                assert!(o[layout.regions()..].iter().all(|&o| o == 0));
            }
        }
    }

    #[test]
    fn each_kind_numbers_its_possible_configurations_one_to_one() {
        // Every pair of disjoint bytes whose men stand where they can is one index
        // below the kind's count, no two the same; the full kind is `Σ 3^i·digit`.
        for (k, kind) in [Kind::Full, Kind::Bottom, Kind::Top, Kind::Strip]
            .into_iter()
            .enumerate()
        {
            let [own, opp] = &INDEX[k];
            let mut seen = [false; CONFIGS];
            let mut count = 0;
            for (o, &own_index) in own.iter().enumerate() {
                for (x, &opp_index) in opp.iter().enumerate() {
                    let possible = o & x == 0
                        && o as u32 & !kind.own_squares() == 0
                        && x as u32 & !kind.opp_squares() == 0;
                    if !possible {
                        continue;
                    }
                    let i = usize::from(own_index) + usize::from(opp_index);
                    assert!(i < kind.configs() && !seen[i], "{kind:?} {o:#x} {x:#x}");
                    seen[i] = true;
                    count += 1;
                    if kind == Kind::Full {
                        let digit = |b: usize| ((o >> b) & 1) + 2 * ((x >> b) & 1);
                        let full: usize = (0..8).map(|b| digit(b) * 3usize.pow(b as u32)).sum();
                        assert_eq!(i, full);
                    }
                }
            }
            assert_eq!(count, kind.configs());
        }
        assert_eq!(Kind::Full.configs(), 6561);
        assert_eq!(Kind::Strip.configs(), 2916);
    }

    #[test]
    fn strips_are_one_square_a_row_and_cover_the_board() {
        // Strip 0: squares 1, 5, 9, …, 29 (bit 0 of each row), in row order.
        let squares = |sq: &[u32]| sq.iter().fold(0u32, |b, &s| b | 1 << (s - 1));
        assert_eq!(strip_bits(squares(&[1, 5, 9, 13, 17, 21, 25, 29]), 0), 0xFF);
        assert_eq!(strip_bits(squares(&[2, 14, 30]), 1), 0b1000_1001);
        assert_eq!(strip_bits(squares(&[2, 14, 30]), 0), 0);
        let mut covered = 0u32;
        for k in 0..STRIPS as u32 {
            for bit in 0..32 {
                if strip_bits(1 << bit, k) != 0 {
                    assert_eq!(covered & 1 << bit, 0, "strips overlap at bit {bit}");
                    covered |= 1 << bit;
                }
            }
            // Turning the board maps strip k onto strip 3 − k, rows reversed.
            for board in [0x0000_0F0Fu32, 0x1234_5678, 0xF0F0_0001] {
                let turned = strip_bits(board.reverse_bits(), 3 - k) as u8;
                assert_eq!(turned.reverse_bits() as usize, strip_bits(board, k));
            }
        }
        assert_eq!(covered, u32::MAX);
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
        const LEN: usize = Layout::Blocks.file_len();
        static FILE: [u8; LEN] = {
            let mut f = headed::<LEN>(Layout::Blocks.magic());
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
        let e = Patterns::tables(t);
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
        const LEN: usize = Layout::Phased.file_len();
        const KING_BASE: usize = Layout::Phased.king_base();
        static FILE: [u8; LEN] = {
            let mut f = headed::<LEN>(Layout::Phased.magic());
            let at = HEADER_LEN + 2 * (KING_BASE + 9);
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
        const SHORT_LEN: usize = Layout::Blocks.file_len();
        static SHORT: [u8; SHORT_LEN] = headed::<SHORT_LEN>(Layout::Phased.magic());
        assert_eq!(
            Tables::parse(&SHORT),
            Err(TablesError::Length(Layout::Phased, SHORT_LEN))
        );
    }

    #[test]
    fn strips_are_read_after_the_blocks_and_before_the_kings() {
        // Every value 0 but strip 0 with one own man on its first square (square 1:
        // configuration 1) at 40, and an own king on square 32 at 7; scalars 0.
        const LEN: usize = Layout::Strips.file_len();
        static FILE: [u8; LEN] = {
            let mut f = headed::<LEN>(Layout::Strips.magic());
            f[HEADER_LEN + 37_179 + 1] = 40;
            f[HEADER_LEN + Layout::Strips.king_base() + 31] = 7;
            f
        };
        let t = Tables::parse(&FILE).unwrap();
        assert_eq!(t.layout(), Layout::Strips);
        // Black: a man on 1 (strip 0, first row), a king on 32; White: a man on 30
        // (turned: square 3, strip 2's first row: 0). 3 pieces, trading down 0.
        let black = Checkers::parse_fen("B:W30:B1,K32").unwrap();
        assert_eq!(t.raw(&black), 40 + 7 + 1024 / 3);
        // White's man on 32 turned is Black's on 1: the same 40 for White.
        let white = Checkers::parse_fen("W:W32:B5").unwrap();
        assert_eq!(t.raw(&white), 40);
        assert_eq!(Layout::Strips.file_len(), 48_893);
        assert_eq!(Layout::Blocks.file_len(), 59_099);
        assert_eq!(Layout::Phased.file_len(), 118_180);
    }

    /// Generation 6, the last one-copy (`MPLYPAT3`) tables, kept for matches.
    fn generation_6() -> Tables {
        Tables::parse(include_bytes!("../../../data/checkers-patterns-g6.bin")).unwrap()
    }

    #[test]
    fn the_host_kings_model_is_a_kings_file() {
        // docs/checkers-patterns.md: the host's kings model (test 53), played with
        // `weights=` or `--patterns`; 98 KB do not fit the firmware.
        let t = Tables::parse(include_bytes!("../../../data/checkers-patterns-kings.bin")).unwrap();
        assert_eq!(t.layout(), Layout::Kings);
        assert_eq!(t.scalars, [248, 357, 26, -104, 11]);
        // An opposing king changes how Black's men are valued: the copies differ,
        // where one-copy tables value the men alike with and without it.
        let g6 = generation_6();
        let before = Checkers::parse_fen("B:W21,22,23,24:B9,10,11,12").unwrap();
        let after = Checkers::parse_fen("B:W21,22,23,K4:B9,10,11,12").unwrap();
        // The position is its own colour-reversed twin: only the tempo term is left.
        assert_eq!(t.raw(&before), 11);
        assert_ne!(
            t.raw(&after) - t.raw(&before),
            g6.raw(&after) - g6.raw(&before)
        );
    }

    #[test]
    fn the_shipped_tables_are_generation_8_in_the_king_strips_layout() {
        // docs/checkers-patterns.md, test 55; generations 6 and 7 stay for matches.
        assert_eq!(SHIPPED.layout(), Layout::KingStrips);
        assert_eq!(SHIPPED.scalars, [248, 363, 28, -110, 11]);
        let g7 = Tables::parse(include_bytes!("../../../data/checkers-patterns-g7.bin")).unwrap();
        assert_eq!(g7.layout(), Layout::KingStrips);
        assert_eq!(g7.scalars, [245, 362, 31, -109, 11]);
        let before = Checkers::parse_fen("B:W21,22,23,24:B9,10,11,12").unwrap();
        assert_eq!(SHIPPED.raw(&before), 11);
        let g6 = generation_6();
        assert_eq!(g6.layout(), Layout::Strips);
        assert_eq!(g6.raw(&before), 11);
    }

    #[test]
    fn a_view_reads_the_second_copy_once_its_opponent_has_a_king() {
        // Every value 0 but strip 0 with one own man on its first square (square 1) at
        // 40 in the first copy and at -30 in the second, and an own king on square 32
        // at 7 in the first copy and 11 in the second; scalars 0.
        const LEN: usize = Layout::Kings.file_len();
        const COPY: usize = Layout::Kings.patterns();
        static FILE: [u8; LEN] = {
            let mut f = headed::<LEN>(Layout::Kings.magic());
            f[HEADER_LEN + 37_179 + 1] = 40;
            f[HEADER_LEN + COPY + 37_179 + 1] = (-30i8).to_le_bytes()[0];
            f[HEADER_LEN + Layout::Kings.king_base() + 31] = 7;
            f[HEADER_LEN + COPY + Layout::Kings.king_base() + 31] = 11;
            f
        };
        let t = Tables::parse(&FILE).unwrap();
        assert_eq!(t.layout(), Layout::Kings);
        assert_eq!(Layout::Kings.file_len(), 97_768);
        assert_eq!(Layout::Kings.value_index(37_180, 0), 37_180);
        assert_eq!(Layout::Kings.value_index(37_180, 1 << 5), COPY + 37_180);
        assert_eq!(Layout::Strips.value_index(37_180, 1 << 5), 37_180);
        // White has no king: Black's man on 1 and king on 32 read the first copy.
        let black = Checkers::parse_fen("B:W30:B1,K32").unwrap();
        assert_eq!(t.raw(&black), 40 + 7 + 1024 / 3);
        // White's king on 30 (turned: square 3, no value): the second copy, -30 + 11.
        let black = Checkers::parse_fen("B:WK30:B1,K32").unwrap();
        assert_eq!(t.raw(&black), -30 + 11 + 1024 / 3);
        // White's man on 32 turned is Black's on 1; Black's king makes it the second copy.
        let white = Checkers::parse_fen("W:W32:BK5").unwrap();
        assert_eq!(t.raw(&white), -30);
        let white = Checkers::parse_fen("W:W32:B5").unwrap();
        assert_eq!(t.raw(&white), 40);
    }

    #[test]
    fn a_king_strips_view_reads_only_the_strips_and_kings_twice() {
        // Every value 0 but: block (0, 0) with one own man on square 1 (offset 1) at 5,
        // one copy only; strip 0 with one own man on square 1 at 40 in the first copy
        // and -30 in the second; an own king on square 32 at 7 and 11; scalars 0.
        const LEN: usize = Layout::KingStrips.file_len();
        const P: usize = Layout::KingStrips.patterns();
        const STRIPS: usize = 37_179;
        const KING: usize = Layout::KingStrips.king_base() + 31;
        static FILE: [u8; LEN] = {
            let mut f = headed::<LEN>(Layout::KingStrips.magic());
            f[HEADER_LEN + 1] = 5;
            f[HEADER_LEN + STRIPS + 1] = 40;
            f[HEADER_LEN + P + 1] = (-30i8).to_le_bytes()[0];
            f[HEADER_LEN + KING] = 7;
            f[HEADER_LEN + P + KING - STRIPS] = 11;
            f
        };
        assert_eq!(Layout::KingStrips.split_from(), STRIPS);
        assert_eq!(LEN, 18 + 48_875 + 4 * 2_916 + 32);
        assert_eq!(LEN, 60_589);
        assert_eq!(Layout::of(&FILE), Some(Layout::KingStrips));
        assert_eq!(Layout::KingStrips.value_index(1, 1), 1);
        assert_eq!(Layout::KingStrips.value_index(STRIPS + 1, 0), STRIPS + 1);
        assert_eq!(Layout::KingStrips.value_index(STRIPS + 1, 1), P + 1);
        let t = Tables::parse(&FILE).unwrap();
        // White has no king: the first copy of everything.
        let black = Checkers::parse_fen("B:W30:B1,K32").unwrap();
        assert_eq!(t.raw(&black), 5 + 40 + 7 + 1024 / 3);
        // White's king: the block's one value, the strip's and the king's second.
        let black = Checkers::parse_fen("B:WK30:B1,K32").unwrap();
        assert_eq!(t.raw(&black), 5 - 30 + 11 + 1024 / 3);
        // White's man on 32 turned is Black's on 1, seen past Black's king.
        let white = Checkers::parse_fen("W:W32:BK5").unwrap();
        assert_eq!(t.raw(&white), 5 - 30);
    }

    #[test]
    fn bad_files_are_refused() {
        for layout in Layout::ALL {
            let short: &'static [u8] = layout.magic();
            assert_eq!(Tables::parse(short), Err(TablesError::Length(layout, 8)));
        }
        static WRONG: [u8; 59_099] = [0; 59_099];
        assert_eq!(Tables::parse(&WRONG), Err(TablesError::Magic));
        assert_eq!(Tables::parse(b"MPLY"), Err(TablesError::Magic));
    }
}

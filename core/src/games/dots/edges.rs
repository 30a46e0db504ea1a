//! Edge sets as two bitboards, one byte per row, and the board's symmetries on them.
//!
//! Horizontal edge `(r, c)` joins dots `(c, r)` and `(c+1, r)`; it is bit `8r + c` of
//! [`Edges::h`] (`r` in `0..=rows`, `c` in `0..cols`). Vertical edge `(r, c)` joins dots
//! `(c, r)` and `(c, r+1)`; it is bit `8r + c` of [`Edges::v`] (`r` in `0..rows`, `c` in
//! `0..=cols`). Box `(r, c)` is bit `8r + c` of a box set: its bottom edge is the
//! horizontal `(r, c)`, its top the horizontal `(r+1, c)`, its left the vertical
//! `(r, c)` and its right the vertical `(r, c+1)`. A byte per row makes the reflections
//! byte swaps and bit reversals, and the transposition the classic 8×8 bit-matrix flip.

use super::size::Size;

/// One edge: the move type. `0..64` is horizontal bit `8r + c`, `64..128` vertical.
///
/// Made by [`Edge::new`], [`Edge::horizontal`] or [`Edge::vertical`], which check the
/// range, or taken from an [`Edges`] set. (An edge cast from raw bytes past 127, which
/// `bytemuck` allows for the engine's untyped move memory, is on no board: its set is
/// empty and playing it changes nothing.)
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    bytemuck::Pod,
    bytemuck::Zeroable,
)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(transparent)]
pub struct Edge(u8);

impl Edge {
    /// The number of edge indices (an 8×8 grid of each direction).
    pub const COUNT: u8 = 128;

    /// The edge of index `index` (`0..64` horizontal, `64..128` vertical), or `None`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Edge> {
        if index < Self::COUNT {
            Some(Edge(index))
        } else {
            None
        }
    }

    /// The index: `8r + c`, plus 64 for a vertical edge.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The horizontal edge from dot `(col, row)` to `(col+1, row)`, or `None` when a
    /// coordinate is 8 or more.
    #[must_use]
    pub const fn horizontal(row: u8, col: u8) -> Option<Edge> {
        if row < 8 && col < 8 {
            Some(Edge(row * 8 + col))
        } else {
            None
        }
    }

    /// The vertical edge from dot `(col, row)` to `(col, row+1)`, or `None` when a
    /// coordinate is 8 or more.
    #[must_use]
    pub const fn vertical(row: u8, col: u8) -> Option<Edge> {
        if row < 8 && col < 8 {
            Some(Edge(64 + row * 8 + col))
        } else {
            None
        }
    }

    /// The edge of index `index`, which the caller computed from a bit of an edge or
    /// box set (so below 128); for the solver's box sides.
    pub(super) const fn from_bit(index: u8) -> Edge {
        Edge(index)
    }

    /// Whether the edge is vertical.
    #[must_use]
    pub const fn is_vertical(self) -> bool {
        self.0 & 64 != 0
    }

    /// The row of the edge's lower or left dot.
    #[must_use]
    pub const fn row(self) -> u8 {
        (self.0 >> 3) & 7
    }

    /// The column of the edge's lower or left dot.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 & 7
    }

    /// The set holding just this edge (empty for a stray value past 127).
    #[must_use]
    pub const fn set(self) -> Edges {
        let bit = 1u64 << (self.0 % 64);
        if self.0 >= Self::COUNT {
            Edges::EMPTY
        } else if self.is_vertical() {
            Edges { h: 0, v: bit }
        } else {
            Edges { h: bit, v: 0 }
        }
    }

    /// Whether the edge exists on a board of `size`.
    #[must_use]
    pub const fn is_on(self, size: Size) -> bool {
        !self.set().and(Edges::all(size)).is_empty()
    }
}

/// A set of edges: horizontal edge `(r, c)` is bit `8r + c` of `h`, vertical edge
/// `(r, c)` bit `8r + c` of `v` (see the module docs of `edges.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edges {
    /// Horizontal edges, bit `8r + c`.
    pub h: u64,
    /// Vertical edges, bit `8r + c`.
    pub v: u64,
}

/// `n` low bits set (`n <= 8`).
const fn low_bits(n: u8) -> u64 {
    (1u64 << n) - 1
}

/// `row_bits` repeated in the low byte of each of `rows` rows.
const fn repeat_rows(row_bits: u64, rows: u8) -> u64 {
    let mut out = 0;
    let mut r = 0;
    while r < rows {
        out |= row_bits << (8 * r);
        r += 1;
    }
    out
}

/// The 8×8 bit matrix transposed: bit `8r + c` moves to `8c + r`
/// (the "flipDiagA1H8" delta swaps of the Chess Programming Wiki).
const fn transpose8(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// Each byte's bits reversed, bytes kept in place.
const fn mirror_bytes(x: u64) -> u64 {
    x.reverse_bits().swap_bytes()
}

impl Edges {
    /// No edges.
    pub const EMPTY: Edges = Edges { h: 0, v: 0 };

    /// Every edge of a board of `size`.
    #[must_use]
    pub const fn all(size: Size) -> Edges {
        Edges {
            h: repeat_rows(low_bits(size.cols()), size.rows() + 1),
            v: repeat_rows(low_bits(size.cols() + 1), size.rows()),
        }
    }

    /// Every box of a board of `size`, as a box set.
    #[must_use]
    pub const fn boxes(size: Size) -> u64 {
        repeat_rows(low_bits(size.cols()), size.rows())
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.h == 0 && self.v == 0
    }

    /// The number of edges in the set.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.h.count_ones() + self.v.count_ones()
    }

    /// Whether `e` is in the set.
    #[must_use]
    pub const fn contains(self, e: Edge) -> bool {
        !self.and(e.set()).is_empty()
    }

    /// The intersection.
    #[must_use]
    pub const fn and(self, o: Edges) -> Edges {
        Edges {
            h: self.h & o.h,
            v: self.v & o.v,
        }
    }

    /// The union.
    #[must_use]
    pub const fn or(self, o: Edges) -> Edges {
        Edges {
            h: self.h | o.h,
            v: self.v | o.v,
        }
    }

    /// The edges of `self` not in `o`.
    #[must_use]
    pub const fn minus(self, o: Edges) -> Edges {
        Edges {
            h: self.h & !o.h,
            v: self.v & !o.v,
        }
    }

    /// The set with `e` added.
    #[must_use]
    pub const fn with(self, e: Edge) -> Edges {
        self.or(e.set())
    }

    /// The boxes of `size` whose four sides are all in the set.
    #[must_use]
    pub const fn full_boxes(self, size: Size) -> u64 {
        Edges::boxes(size) & self.h & (self.h >> 8) & self.v & (self.v >> 1)
    }

    /// The lowest edge, if any.
    #[must_use]
    pub const fn first(self) -> Option<Edge> {
        if self.h != 0 {
            Some(Edge(self.h.trailing_zeros() as u8))
        } else if self.v != 0 {
            Some(Edge(64 + self.v.trailing_zeros() as u8))
        } else {
            None
        }
    }

    /// The edges in increasing order.
    #[must_use]
    pub const fn iter(self) -> EdgeIter {
        EdgeIter(self)
    }

    /// The set reflected top to bottom (row `r` of boxes becomes `rows-1-r`).
    #[must_use]
    pub const fn flip_rows(self, size: Size) -> Edges {
        let r = size.rows() as u32;
        Edges {
            h: self.h.swap_bytes() >> (8 * (7 - r)),
            v: self.v.swap_bytes() >> (8 * (8 - r)),
        }
    }

    /// The set reflected left to right (column `c` of boxes becomes `cols-1-c`).
    #[must_use]
    pub const fn flip_cols(self, size: Size) -> Edges {
        let c = size.cols() as u32;
        Edges {
            h: mirror_bytes(self.h) >> (8 - c),
            v: mirror_bytes(self.v) >> (7 - c),
        }
    }

    /// The set reflected in the diagonal (box `(r, c)` becomes `(c, r)`); only a
    /// symmetry of square boards.
    #[must_use]
    pub const fn transpose(self) -> Edges {
        Edges {
            h: transpose8(self.v),
            v: transpose8(self.h),
        }
    }

    /// The least image of the set under the board's symmetries (4 for rectangles,
    /// 8 for squares): equal for any two sets that are symmetric to each other.
    #[must_use]
    pub fn canonical(self, size: Size) -> Edges {
        self.canonical_with(size).0
    }

    /// [`Edges::canonical`] and the symmetry that maps `self` onto it.
    #[must_use]
    pub fn canonical_with(self, size: Size) -> (Edges, Symmetry) {
        let mut best = (self, Symmetry(0));
        for t in 0..Symmetry::count(size) {
            let image = self.image(size, Symmetry(t));
            if min(best.0, image) != best.0 {
                best = (image, Symmetry(t));
            }
        }
        best
    }

    /// The set under the symmetry `t`: rows flipped (bit 0), columns flipped (bit 1),
    /// then transposed (bit 2).
    #[must_use]
    pub const fn image(self, size: Size, t: Symmetry) -> Edges {
        let mut e = self;
        if t.0 & 1 != 0 {
            e = e.flip_rows(size);
        }
        if t.0 & 2 != 0 {
            e = e.flip_cols(size);
        }
        if t.0 & 4 != 0 {
            e = e.transpose();
        }
        e
    }

    /// The set under the inverse of `t` (the image under `t` mapped back).
    #[must_use]
    pub const fn preimage(self, size: Size, t: Symmetry) -> Edges {
        let mut e = self;
        if t.0 & 4 != 0 {
            e = e.transpose();
        }
        if t.0 & 2 != 0 {
            e = e.flip_cols(size);
        }
        if t.0 & 1 != 0 {
            e = e.flip_rows(size);
        }
        e
    }

    /// The set as a dense bit string of exactly `size.edges()` bits (rows of
    /// horizontal edges, then rows of vertical edges): an exact key up to 5×5.
    #[must_use]
    pub const fn pack(self, size: Size) -> u128 {
        let (rows, cols) = (size.rows() as u32, size.cols() as u32);
        let mut out = 0u128;
        let mut r = 0;
        while r <= rows {
            out = (out << cols) | ((self.h >> (8 * r)) & 0xff) as u128;
            r += 1;
        }
        r = 0;
        while r < rows {
            out = (out << (cols + 1)) | ((self.v >> (8 * r)) & 0xff) as u128;
            r += 1;
        }
        out
    }
}

/// A symmetry of the board (see [`Edges::image`]); `0` is the identity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Symmetry(pub u8);

impl Symmetry {
    /// How many symmetries a board of `size` has: 8 when square, 4 otherwise.
    #[must_use]
    pub const fn count(size: Size) -> u8 {
        if size.is_square() {
            8
        } else {
            4
        }
    }
}

const fn min(a: Edges, b: Edges) -> Edges {
    if b.h < a.h || (b.h == a.h && b.v < a.v) {
        b
    } else {
        a
    }
}

/// The edges of a set in increasing order (see [`Edges::iter`]).
#[derive(Clone, Copy, Debug)]
pub struct EdgeIter(Edges);

impl Iterator for EdgeIter {
    type Item = Edge;

    fn next(&mut self) -> Option<Edge> {
        let e = self.0.first()?;
        self.0 = self.0.minus(e.set());
        Some(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(r: u8, c: u8) -> Size {
        Size::new(r, c).unwrap()
    }

    /// The image of one edge under a reflection, computed from coordinates.
    fn reflect(e: Edge, s: Size, rows: bool, cols: bool, diag: bool) -> Edge {
        let (r, c) = (e.row(), e.col());
        let (mut r2, mut c2) = (r, c);
        if e.is_vertical() {
            if rows {
                r2 = s.rows() - 1 - r;
            }
            if cols {
                c2 = s.cols() - c;
            }
        } else {
            if rows {
                r2 = s.rows() - r;
            }
            if cols {
                c2 = s.cols() - 1 - c;
            }
        }
        match (diag, e.is_vertical()) {
            (false, false) => Edge::horizontal(r2, c2).unwrap(),
            (false, true) => Edge::vertical(r2, c2).unwrap(),
            (true, false) => Edge::vertical(c2, r2).unwrap(),
            (true, true) => Edge::horizontal(c2, r2).unwrap(),
        }
    }

    #[test]
    fn reflections_move_every_edge_where_coordinates_say() {
        for r in 1..=6 {
            for c in 1..=6 {
                let s = size(r, c);
                assert_eq!(Edges::all(s).count(), s.edges());
                for e in Edges::all(s).iter() {
                    assert!(e.is_on(s));
                    let one = e.set();
                    assert_eq!(one.flip_rows(s), reflect(e, s, true, false, false).set());
                    assert_eq!(one.flip_cols(s), reflect(e, s, false, true, false).set());
                    if s.is_square() {
                        assert_eq!(one.transpose(), reflect(e, s, false, false, true).set());
                    }
                }
                assert_eq!(Edges::all(s).flip_rows(s), Edges::all(s));
                assert_eq!(Edges::all(s).flip_cols(s), Edges::all(s));
            }
        }
    }

    #[test]
    fn canonical_is_shared_by_symmetric_sets_and_pack_is_dense() {
        let s = size(3, 3);
        let corner = Edge::horizontal(0, 0)
            .unwrap()
            .set()
            .with(Edge::vertical(0, 0).unwrap());
        let other = Edge::horizontal(3, 2)
            .unwrap()
            .set()
            .with(Edge::vertical(2, 3).unwrap());
        assert_eq!(corner.canonical(s), other.canonical(s));
        for t in 0..8 {
            let image = other.image(s, Symmetry(t));
            assert_eq!(image.preimage(s, Symmetry(t)), other);
            assert_eq!(image.count(), 2);
        }
        let s = size(3, 4);
        let mut seen = 0u128;
        for e in Edges::all(s).iter() {
            let bit = e.set().pack(s);
            assert_eq!(bit.count_ones(), 1);
            seen |= bit;
        }
        assert_eq!(seen, (1u128 << s.edges()) - 1);
        assert_eq!(Edges::all(size(6, 6)).pack(size(6, 6)).count_ones(), 84);
    }

    #[test]
    fn edges_off_the_board_are_rejected() {
        let s = size(2, 3);
        assert!(!Edge::horizontal(0, 3).unwrap().is_on(s));
        assert!(!Edge::horizontal(3, 0).unwrap().is_on(s));
        assert!(Edge::vertical(1, 3).unwrap().is_on(s));
        assert!(!Edge::vertical(2, 0).unwrap().is_on(s));
        let stray: Edge = bytemuck::cast(200u8);
        assert!(!stray.is_on(s));
        assert_eq!(stray.set(), Edges::EMPTY);
        assert_eq!(Edge::new(128), None);
        assert_eq!(Edge::horizontal(8, 0), None);
        assert_eq!(Edge::vertical(0, 8), None);
        assert_eq!(Edge::vertical(1, 2).map(Edge::index), Some(74));
    }
}

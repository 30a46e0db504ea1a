//! Chain analysis, with the definitions of section 2.1 of the GA paper.
//!
//! - The **freedom** of a box is the number of its sides not drawn yet.
//! - Two boxes are **adjacent** when they share an undrawn side.
//! - A **chain** is a maximal run of adjacent freedom-2 boxes whose two ends have at most
//!   one neighbour inside it; **short** chains have 1–2 boxes, **long** ones 3 or more.
//!   A run of freedom-2 boxes that closes on itself is a **loop** (at least 4 boxes), kept
//!   apart from chains.
//! - A **double-cross situation** is an undrawn line that would take two boxes at once
//!   (both boxes beside it have freedom 1).
//!
//! Everything works on box sets (bit `8r + c`, see [`Edges`]) with word-wide bit
//! operations: the freedoms of all boxes come from a bit-sliced adder over the four
//! "side undrawn" sets, and components from a flood fill along the links.

use super::board::Dots;
use super::edges::Edges;
use super::size::Size;
use crate::player::Player;

/// For every box, whether each of its sides is undrawn (four box sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sides {
    /// Boxes whose bottom side is undrawn.
    pub bottom: u64,
    /// Boxes whose top side is undrawn.
    pub top: u64,
    /// Boxes whose left side is undrawn.
    pub left: u64,
    /// Boxes whose right side is undrawn.
    pub right: u64,
}

impl Sides {
    /// The undrawn sides of every box of `size` when `edges` are drawn.
    #[must_use]
    pub const fn of(edges: Edges, size: Size) -> Sides {
        let u = Edges::all(size).minus(edges);
        let boxes = Edges::boxes(size);
        Sides {
            bottom: u.h & boxes,
            top: (u.h >> 8) & boxes,
            left: u.v & boxes,
            right: (u.v >> 1) & boxes,
        }
    }

    /// The boxes of each freedom `0..=4` (index = freedom), by a bit-sliced adder.
    #[must_use]
    pub const fn freedoms(&self, size: Size) -> [u64; 5] {
        let (x1, c1) = (self.bottom ^ self.top, self.bottom & self.top);
        let (x2, c2) = (self.left ^ self.right, self.left & self.right);
        let ones = x1 ^ x2;
        let twos = c1 ^ c2 ^ (x1 & x2);
        let fours = c1 & c2;
        let boxes = Edges::boxes(size);
        [
            boxes & !(ones | twos | fours),
            ones & !twos,
            twos & !ones,
            ones & twos,
            fours,
        ]
    }

    /// The links (undrawn shared sides) between boxes of `set`: bit `b` of the first
    /// word links boxes `b` and `b+1`, of the second `b` and `b+8`.
    #[must_use]
    pub const fn links(&self, set: u64) -> Links {
        Links {
            east: set & (set >> 1) & self.right,
            north: set & (set >> 8) & self.top,
        }
    }
}

/// Links between neighbouring boxes (see [`Sides::links`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Links {
    /// Box `b` is linked to box `b+1`.
    pub east: u64,
    /// Box `b` is linked to box `b+8`.
    pub north: u64,
}

impl Links {
    /// The boxes reachable from `seed` along links.
    #[must_use]
    pub const fn component(&self, seed: u64) -> u64 {
        let mut c = seed;
        loop {
            let next = c
                | ((c & self.east) << 1)
                | ((c >> 1) & self.east)
                | ((c & self.north) << 8)
                | ((c >> 8) & self.north);
            if next == c {
                return c;
            }
            c = next;
        }
    }

    /// The number of links with both ends in `set`.
    #[must_use]
    pub const fn inside(&self, set: u64) -> u32 {
        (self.east & set).count_ones() + (self.north & set).count_ones()
    }
}

/// A connected run of freedom-2 boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component {
    /// Its boxes.
    pub boxes: u64,
    /// Whether it closes on itself (a loop) rather than being a chain.
    pub is_loop: bool,
}

impl Component {
    /// The number of boxes.
    #[must_use]
    pub const fn len(&self) -> u32 {
        self.boxes.count_ones()
    }

    /// Whether it has no boxes (never true of a component found on a board).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.boxes == 0
    }

    /// A chain of three or more boxes.
    #[must_use]
    pub const fn is_long_chain(&self) -> bool {
        !self.is_loop && self.len() >= 3
    }
}

/// The chains and loops of freedom-2 boxes, lowest box first.
#[derive(Clone, Copy, Debug)]
pub struct Components {
    left: u64,
    links: Links,
}

impl Components {
    /// The components of the freedom-2 boxes of `edges` on a board of `size`.
    #[must_use]
    pub const fn of(edges: Edges, size: Size) -> Components {
        let sides = Sides::of(edges, size);
        let two = sides.freedoms(size)[2];
        Components::within(two, &sides)
    }

    /// The components of the box set `set` (which should hold only freedom-2 boxes).
    #[must_use]
    pub const fn within(set: u64, sides: &Sides) -> Components {
        Components {
            left: set,
            links: sides.links(set),
        }
    }
}

impl Iterator for Components {
    type Item = Component;

    fn next(&mut self) -> Option<Component> {
        if self.left == 0 {
            return None;
        }
        let boxes = self.links.component(self.left & self.left.wrapping_neg());
        self.left &= !boxes;
        let is_loop = self.links.inside(boxes) == boxes.count_ones();
        Some(Component { boxes, is_loop })
    }
}

/// The five pattern counts the evaluator weighs, plus loops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Chains of 3+ boxes.
    pub long_chains: u8,
    /// Chains of 1–2 boxes.
    pub short_chains: u8,
    /// Undrawn lines that would complete two boxes at once.
    pub double_crosses: u8,
    /// Boxes of freedom 3.
    pub freedom3: u8,
    /// Boxes of freedom 4.
    pub freedom4: u8,
    /// Loops (not one of the five evaluator patterns; reported for analysis).
    pub loops: u8,
}

impl Features {
    /// The features of `edges` on a board of `size`.
    #[must_use]
    pub fn of(edges: Edges, size: Size) -> Features {
        let sides = Sides::of(edges, size);
        let f = sides.freedoms(size);
        let dominoes = sides.links(f[1]);
        let mut out = Features {
            double_crosses: (dominoes.east.count_ones() + dominoes.north.count_ones()) as u8,
            freedom3: f[3].count_ones() as u8,
            freedom4: f[4].count_ones() as u8,
            ..Features::default()
        };
        for c in Components::within(f[2], &sides) {
            if c.is_loop {
                out.loops += 1;
            } else if c.len() >= 3 {
                out.long_chains += 1;
            } else {
                out.short_chains += 1;
            }
        }
        out
    }

    /// The counts n_i of the five evaluator patterns, in weight order.
    #[must_use]
    pub const fn counts(&self) -> [u8; 5] {
        [
            self.long_chains,
            self.short_chains,
            self.double_crosses,
            self.freedom3,
            self.freedom4,
        ]
    }
}

impl Dots {
    /// The pattern counts of this position (see [`Features`]).
    #[must_use]
    pub fn features(&self) -> Features {
        Features::of(self.edges(), self.size())
    }

    /// The boxes of each freedom `0..=4` (index = freedom), as box sets.
    #[must_use]
    pub const fn freedoms(&self) -> [u64; 5] {
        Sides::of(self.edges(), self.size()).freedoms(self.size())
    }

    /// The chains and loops of freedom-2 boxes.
    #[must_use]
    pub const fn components(&self) -> Components {
        Components::of(self.edges(), self.size())
    }

    /// The side the **long chain rule** favours: the first player wants dots + long
    /// chains to be even, the second wants it odd (Berlekamp, *The Dots-and-Boxes Game*,
    /// ch. 3). A strategic rule, not an identity: double-crosses already made and loops
    /// are ignored.
    #[must_use]
    pub fn long_chain_rule(&self) -> Player {
        let n = self.size().dots() + u32::from(self.features().long_chains);
        if n % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::edges::Edge;
    use super::*;

    fn size(r: u8, c: u8) -> Size {
        Size::new(r, c).unwrap()
    }

    #[test]
    fn freedoms_of_the_empty_board_and_a_corner() {
        let s = size(2, 2);
        let f = Sides::of(Edges::EMPTY, s).freedoms(s);
        assert_eq!(f[4], Edges::boxes(s));
        let e = Edge::horizontal(0, 0)
            .unwrap()
            .set()
            .with(Edge::vertical(0, 0).unwrap());
        let f = Sides::of(e, s).freedoms(s);
        assert_eq!((f[2], f[4].count_ones()), (1, 3));
        let f = Sides::of(Edges::all(s), s).freedoms(s);
        assert_eq!(f[0], Edges::boxes(s));
    }

    #[test]
    fn a_ring_of_eight_boxes_is_a_loop_and_the_middle_is_free() {
        // 3×3: draw every edge touching the centre box, and the outer boundary.
        let s = size(3, 3);
        let mut e = Edges::EMPTY;
        for c in 0..3 {
            e = e
                .with(Edge::horizontal(0, c).unwrap())
                .with(Edge::horizontal(3, c).unwrap());
        }
        for r in 0..3 {
            e = e
                .with(Edge::vertical(r, 0).unwrap())
                .with(Edge::vertical(r, 3).unwrap());
        }
        e = e
            .with(Edge::horizontal(1, 1).unwrap())
            .with(Edge::horizontal(2, 1).unwrap())
            .with(Edge::vertical(1, 1).unwrap())
            .with(Edge::vertical(1, 2).unwrap());
        let f = Features::of(e, s);
        assert_eq!((f.loops, f.long_chains, f.short_chains), (1, 0, 0));
        let comps: heapless::Vec<Component, 4> = Components::of(e, s).collect();
        assert_eq!(comps[0].len(), 8);
        // Drawing one ring edge turns the loop into a chain with two capturable ends.
        let opened = e.with(Edge::vertical(0, 1).unwrap());
        let f = Features::of(opened, s);
        assert_eq!((f.loops, f.long_chains), (0, 1));
    }

    #[test]
    fn a_domino_is_a_double_cross_situation() {
        // 1×2 with everything drawn but the middle edge.
        let s = size(1, 2);
        let e = Edges::all(s).minus(Edge::vertical(0, 1).unwrap().set());
        let f = Features::of(e, s);
        assert_eq!(f.double_crosses, 1);
        assert_eq!(f.counts(), [0, 0, 1, 0, 0]);
    }

    #[test]
    fn corridor_chains_are_short_or_long() {
        // 1×3 with the long sides drawn: one chain of three; with the middle cut, 1 + 1.
        let s = size(1, 3);
        let mut e = Edges::EMPTY;
        for c in 0..3 {
            e = e
                .with(Edge::horizontal(0, c).unwrap())
                .with(Edge::horizontal(1, c).unwrap());
        }
        let f = Features::of(e, s);
        assert_eq!((f.long_chains, f.short_chains), (1, 0));
        let pos = Dots::from_parts(s, e, [0, 0], Player::First).unwrap();
        // 8 dots + 1 long chain is odd: the rule favours the second player.
        assert_eq!(pos.long_chain_rule(), Player::Second);
        let cut = e.with(Edge::vertical(0, 1).unwrap());
        let f = Features::of(cut, s);
        assert_eq!((f.long_chains, f.short_chains, f.freedom3), (0, 1, 0));
    }
}

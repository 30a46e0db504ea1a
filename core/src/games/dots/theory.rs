//! The Dots-and-Boxes theory the exact solver prunes with: which moves are worth
//! trying at a node, and in which order (the solver's view, [`super::solving`], turns
//! them into its move generation).
//!
//! - **Safe captures.** A box that can be taken without making another box takeable
//!   (its last side is on the border or borders a box that is not of freedom 2) is
//!   taken at once: no other move can be better.
//! - **Chain captures.** When every takeable box leads into a chain, the only moves
//!   worth trying are to take a box, or — when just the last two boxes of a chain (or
//!   the last four of a loop) are left — to decline them with the double-dealing move
//!   (Berlekamp's all-but-two trick).
//! - **One move per chain.** Where nothing can be taken, every move touching a box of
//!   freedom 2 opens its chain or loop, and all its edges end up drawn whichever move
//!   opened it: one move stands for each chain and loop (the middle one for a chain
//!   of two).

use super::analysis::{Components, Sides};
use super::edges::{Edge, Edges};
use super::size::Size;

/// Moves in the order to try them.
pub(super) struct MoveList {
    list: [Edge; 84],
    len: usize,
    moves: Edges,
}

impl MoveList {
    const fn new() -> MoveList {
        MoveList {
            list: [Edge::from_bit(0); 84],
            len: 0,
            moves: Edges::EMPTY,
        }
    }

    /// Appends the moves of `group` not listed yet, in edge order.
    fn push_all(&mut self, group: Edges) {
        for e in group.minus(self.moves).iter() {
            let Some(slot) = self.list.get_mut(self.len) else {
                return;
            };
            *slot = e;
            self.len += 1;
            self.moves = self.moves.with(e);
        }
    }

    pub(super) fn as_slice(&self) -> &[Edge] {
        self.list.get(..self.len).unwrap_or(&[])
    }
}

/// A capture step: take the box behind `edge`, or also try `decline`.
pub(super) struct Capture {
    pub(super) edge: Edge,
    pub(super) decline: Option<Edge>,
}

/// The sides of every box in the box set `boxes`.
const fn sides_of(boxes: u64) -> Edges {
    Edges {
        h: boxes | (boxes << 8),
        v: boxes | (boxes << 1),
    }
}

/// The moves worth trying where nothing can be taken, in three groups tried in order:
/// safe moves (touching no box of freedom 2), then one sacrifice per short chain, then
/// one opening move per long chain or loop.
///
/// Every move that touches a box of freedom 2 opens the chain or loop it belongs to,
/// and once the opponent has taken it (or declined the last 2 or 4 boxes) all of its
/// edges are drawn whichever move opened it. So one move stands for all openings of a
/// long chain or a loop, and of a single box; a chain of two is opened in the middle
/// (the hard-hearted handout), which leaves the opponent no option to decline, where
/// opening it at an end would add one.
fn candidate_moves(undrawn: Edges, sides: &Sides, f: &[u64; 5]) -> [Edges; 3] {
    let safe = undrawn.minus(sides_of(f[2]));
    let (mut short, mut long) = (Edges::EMPTY, Edges::EMPTY);
    for c in Components::within(f[2], sides) {
        let Some(first) = sides_of(c.boxes).and(undrawn).first() else {
            continue;
        };
        if c.is_loop || c.len() >= 3 {
            long = long.with(first);
        } else {
            let links = sides.links(c.boxes);
            let middle = Edges {
                h: links.north << 8,
                v: links.east << 1,
            };
            short = short.or(if middle.is_empty() {
                first.set()
            } else {
                middle
            });
        }
    }
    [safe, short, long]
}

/// The candidate moves in the order to try them (after the table's move, which the
/// search puts first): safe moves
/// that turn two, one or no box of freedom 3 into chain boxes (building chains early
/// settles the parity fight sooner), then short-chain sacrifices, then long chains.
pub(super) fn ordered_moves(undrawn: Edges, sides: &Sides, f: &[u64; 5]) -> MoveList {
    let [safe, short, long] = candidate_moves(undrawn, sides, f);
    let mut order = MoveList::new();
    // Sides of freedom-3 boxes, as seen from the box above/right and below/left.
    let near = Edges { h: f[3], v: f[3] };
    let far = Edges {
        h: f[3] << 8,
        v: f[3] << 1,
    };
    let two_threes = safe.and(near).and(far);
    let one_three = safe.and(near.or(far));
    for group in [two_threes, one_three, safe, short, long] {
        order.push_all(group);
    }
    order
}

/// The undrawn side of a freedom-1 box `b` (a one-bit box set).
fn free_side(b: u64, sides: &Sides) -> Edge {
    let i = b.trailing_zeros() as u8;
    if sides.bottom & b != 0 {
        Edge::from_bit(i)
    } else if sides.top & b != 0 {
        Edge::from_bit(i + 8)
    } else if sides.left & b != 0 {
        Edge::from_bit(64 + i)
    } else {
        Edge::from_bit(64 + i + 1)
    }
}

/// The box across edge `e` from box `b`, as a one-bit set (0 on the border).
fn across(e: Edge, b: u64, size: Size) -> u64 {
    let boxes = Edges::boxes(size);
    let (a, c) = if e.is_vertical() {
        let i = u32::from(e.index() - 64);
        (1u64 << i, (1u64 << i) >> 1)
    } else {
        let i = u32::from(e.index());
        (1u64 << i, (1u64 << i) >> 8)
    };
    (a | c) & boxes & !b
}

/// The next capture step at a node where some box has freedom 1.
pub(super) fn capture_step(sides: &Sides, f: &[u64; 5], size: Size) -> Capture {
    let (one, two) = (f[1], f[2]);
    // A freedom-1 box whose open side leads to the border or to a box of freedom other
    // than 2: taking it makes no new box takeable.
    let safe = one
        & ((sides.bottom & !(two << 8))
            | (sides.top & !(two >> 8))
            | (sides.left & !(two << 1))
            | (sides.right & !(two >> 1)));
    if safe != 0 {
        let b = safe & safe.wrapping_neg();
        return Capture {
            edge: free_side(b, sides),
            decline: None,
        };
    }
    // Every takeable box leads into a chain: eat the pieces that cannot be declined
    // first, so the only decline worth trying comes at the end of the turn.
    let mut pick = (u8::MAX, 0u64, Piece::default());
    let mut rest = one;
    while rest != 0 {
        let b = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let piece = walk(b, sides, f, size);
        if piece.order() < pick.0 {
            pick = (piece.order(), b, piece);
        }
    }
    let (_, b, piece) = pick;
    let alone = one & !b & !piece.end == 0;
    Capture {
        edge: free_side(b, sides),
        decline: if alone { piece.decline } else { None },
    }
}

/// What lies behind a takeable box whose open side leads to a freedom-2 box.
#[derive(Clone, Copy, Debug, Default)]
struct Piece {
    /// Freedom-2 boxes between the takeable box and the end.
    inner: u32,
    /// The takeable box at the far end (0 when the piece ends on the border or at a
    /// box of freedom 3 or 4).
    end: u64,
    /// The double-dealing move, when the piece is down to its last 2 (chain) or 4
    /// (both ends takeable) boxes.
    decline: Option<Edge>,
}

impl Piece {
    /// Eating order: 3-box pieces with both ends takeable (never declined), then other
    /// two-ended pieces (declining costs 4 boxes), then chains (declining costs 2).
    fn order(&self) -> u8 {
        match (self.end != 0, self.inner) {
            (true, 1) => 0,
            (true, _) => 1,
            (false, _) => 2,
        }
    }
}

/// Follows the chain from the takeable box `b` to its end.
fn walk(b: u64, sides: &Sides, f: &[u64; 5], size: Size) -> Piece {
    let mut side = free_side(b, sides);
    let mut at = across(side, b, size);
    let mut inner = 0;
    let mut first_far = None;
    while at & f[2] != 0 && inner < 64 {
        inner += 1;
        let Some(next) = other_side(at, side, sides) else {
            break;
        };
        if inner == 1 {
            first_far = Some(next);
        }
        let beyond = across(next, at, size);
        side = next;
        at = beyond;
    }
    let end = at & f[1];
    let last_two = end == 0 && inner == 1;
    let last_four = end != 0 && inner == 2;
    Piece {
        inner,
        end,
        decline: if last_two || last_four {
            first_far
        } else {
            None
        },
    }
}

/// The undrawn side of the freedom-2 box `b` other than `e`.
fn other_side(b: u64, e: Edge, sides: &Sides) -> Option<Edge> {
    let i = b.trailing_zeros() as u8;
    let candidates = [
        (sides.bottom, Edge::from_bit(i)),
        (sides.top, Edge::from_bit(i + 8)),
        (sides.left, Edge::from_bit(64 + i)),
        (sides.right, Edge::from_bit(64 + i + 1)),
    ];
    candidates
        .into_iter()
        .find(|&(set, side)| set & b != 0 && side != e)
        .map(|(_, side)| side)
}

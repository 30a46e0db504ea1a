//! An exact solver: alpha-beta over the net score of the boxes still to take.
//!
//! The value of a position for the side to move depends only on the drawn edges, not
//! on who owns the boxes already taken, so the transposition table is keyed by the
//! edges alone, folded over the board's symmetries (8 on a square, 4 otherwise). It
//! lives in caller memory ([`Slot`] slices of any length); the solver allocates
//! nothing.
//!
//! Four pieces of theory keep the tree small, all checked in the tests against a
//! brute-force table of every position up to 3×3 (on the empty board and thousands of
//! random positions):
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
//! - **Loony endgames.** Once every box left has freedom 2, the value comes straight
//!   from the chains and loops ([`Endgame`]), without search.
//!
//! The root value is found by MTD(f) null-window tests from 0.

use super::analysis::{Components, Sides};
use super::board::Dots;
use super::edges::{Edge, Edges, Symmetry};
use super::loony::Endgame;
use super::size::Size;
use crate::player::Player;

/// Positions with fewer undrawn edges are searched again rather than looked up: their
/// trees are smaller than the cost of a cache miss on a large table.
const TABLE_MIN_UNDRAWN: u32 = 4;

/// One transposition-table slot (16 bytes). Plain old data, so the protocol engine
/// can lay a solver table over its move memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct Slot {
    key: u64,
    lower: i8,
    upper: i8,
    /// Undrawn edges of the stored position (0 = empty slot); deeper entries are kept.
    undrawn: u8,
    /// The board size's index (a table may be reused across sizes).
    size: u8,
    /// The best move found, in the canonical frame (`u8::MAX`: none).
    best: u8,
    /// Explicit padding, so every byte is a field.
    _pad: [u8; 3],
}

const _: () = assert!(core::mem::size_of::<Slot>() == 16);

impl Slot {
    /// An empty slot.
    pub const EMPTY: Slot = Slot {
        key: 0,
        lower: 0,
        upper: 0,
        undrawn: 0,
        size: 0,
        best: u8::MAX,
        _pad: [0; 3],
    };
}

/// The solved value of a position and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Net score (boxes still to take) of the side to move with perfect play.
    pub value: i32,
    /// The first player's final margin (boxes of first − boxes of second) with perfect
    /// play, counting the boxes already taken.
    pub first_margin: i32,
    /// A move reaching `value` (`None` when the game is over).
    pub best: Option<Edge>,
    /// Positions visited.
    pub nodes: u64,
}

/// Solves `pos` exactly, using `table` as the transposition table (any length; more is
/// faster, an empty slice works).
///
/// ```
/// use microply_core::games::dots::{solve, Dots, Slot, Size};
/// let mut table = [Slot::EMPTY; 1 << 10];
/// let s = solve(&Dots::empty(Size::new(2, 2).unwrap()), &mut table);
/// assert_eq!(s.first_margin, 2); // first player wins 2×2 by 3–1
/// ```
pub fn solve(pos: &Dots, table: &mut [Slot]) -> Solution {
    let mut solver = Solver {
        size: pos.size(),
        table,
        nodes: 0,
    };
    let edges = pos.edges();
    let value = solver.mtdf(edges, 0);
    let best = solver.best_move(edges, value);
    let taken = i32::from(pos.score(Player::First)) - i32::from(pos.score(Player::Second));
    let first_margin = match pos.side() {
        Player::First => taken + value,
        Player::Second => taken - value,
    };
    Solution {
        value,
        first_margin,
        best,
        nodes: solver.nodes,
    }
}

/// The search state: the board size, the table and a node counter.
struct Solver<'t> {
    size: Size,
    table: &'t mut [Slot],
    nodes: u64,
}

/// Moves in the order to try them.
struct MoveList {
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

    fn as_slice(&self) -> &[Edge] {
        self.list.get(..self.len).unwrap_or(&[])
    }
}

/// A capture step: take `edge` (scoring `boxes`), or also try `decline`.
struct Capture {
    edge: Edge,
    boxes: i32,
    decline: Option<Edge>,
}

impl Solver<'_> {
    /// Boxes not yet taken.
    fn left(&self, edges: Edges) -> i32 {
        (Edges::boxes(self.size) & !edges.full_boxes(self.size)).count_ones() as i32
    }

    fn boxes_completed(&self, edges: Edges, e: Edge) -> i32 {
        let before = edges.full_boxes(self.size);
        (edges.with(e).full_boxes(self.size) & !before).count_ones() as i32
    }

    /// The value of a child: kept if `e` scores (same player), negated otherwise.
    fn child(&mut self, edges: Edges, e: Edge, alpha: i32, beta: i32) -> i32 {
        let k = self.boxes_completed(edges, e);
        if k > 0 {
            k + self.search(edges.with(e), alpha - k, beta - k)
        } else {
            -self.search(edges.with(e), -beta, -alpha)
        }
    }

    /// Fail-soft alpha-beta: the net score of the side to move over the boxes left.
    fn search(&mut self, edges: Edges, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let left = self.left(edges);
        if left == 0 {
            return 0;
        }
        let sides = Sides::of(edges, self.size);
        let f = sides.freedoms(self.size);
        if f[1] != 0 {
            return self.capture(edges, &sides, &f, alpha, beta);
        }
        if let Some(mut endgame) = Endgame::of(edges, self.size) {
            return endgame.value();
        }
        if alpha >= left {
            return left;
        }
        if beta <= -left {
            return -left;
        }
        self.quiet(edges, &sides, &f, alpha, beta)
    }

    /// A node with a box to take: safe captures at once, chains by the two options.
    fn capture(&mut self, edges: Edges, sides: &Sides, f: &[u64; 5], alpha: i32, beta: i32) -> i32 {
        let c = capture_step(sides, f, self.size);
        let take = c.boxes + self.search(edges.with(c.edge), alpha - c.boxes, beta - c.boxes);
        match c.decline {
            Some(d) if take < beta => {
                let declined = -self.search(edges.with(d), -beta, -alpha.max(take));
                take.max(declined)
            }
            _ => take,
        }
    }

    /// A node where no box can be taken: every move passes the turn.
    fn quiet(&mut self, edges: Edges, sides: &Sides, f: &[u64; 5], alpha: i32, beta: i32) -> i32 {
        let undrawn = Edges::all(self.size).minus(edges);
        let use_table = undrawn.count() >= TABLE_MIN_UNDRAWN;
        let (key, symmetry) = if use_table {
            self.key(edges)
        } else {
            (0, Symmetry(0))
        };
        let (mut alpha, mut beta) = (alpha, beta);
        let mut first = None;
        let hit = if use_table { self.probe(key) } else { None };
        if let Some(e) = hit {
            let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            first = Edge::new(e.best)
                .map_or(Edges::EMPTY, Edge::set)
                .preimage(self.size, symmetry)
                .first();
        }
        let order = ordered_moves(undrawn, sides, f, first);
        let mut best = (-(Edges::boxes(self.size).count_ones() as i32) - 1, None);
        for &e in order.as_slice() {
            let v = -self.search(edges.with(e), -beta, -alpha.max(best.0));
            if v > best.0 {
                best = (v, Some(e));
                if v >= beta {
                    break;
                }
            }
        }
        if use_table {
            let best_move = best
                .1
                .and_then(|m| m.set().image(self.size, symmetry).first());
            self.store(key, undrawn.count() as u8, (alpha, beta), best.0, best_move);
        }
        best.0
    }

    /// The exact value by null-window tests converging from `guess` (MTD(f), Plaat et
    /// al. 1996): the table keeps the bounds each test proves.
    fn mtdf(&mut self, edges: Edges, guess: i32) -> i32 {
        let left = self.left(edges);
        let (mut lower, mut upper) = (-left, left);
        let mut g = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(edges, beta - 1, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        g
    }

    /// The first move (in generation order) whose value reaches `value`.
    fn best_move(&mut self, edges: Edges, value: i32) -> Option<Edge> {
        let undrawn = Edges::all(self.size).minus(edges);
        undrawn
            .iter()
            .find(|&e| self.child(edges, e, value - 1, value) >= value)
    }

    /// The table key of `edges` (exact up to 64 edges) and the symmetry that maps the
    /// position onto the canonical one the key stands for.
    fn key(&self, edges: Edges) -> (u64, Symmetry) {
        let (canonical, symmetry) = edges.canonical_with(self.size);
        let packed = canonical.pack(self.size);
        let key = if self.size.edges() <= 64 {
            packed as u64
        } else {
            mix(packed as u64 ^ mix((packed >> 64) as u64))
        };
        (key, symmetry)
    }

    fn slots(&self, key: u64) -> core::ops::Range<usize> {
        let len = self.table.len();
        if len == 0 {
            return 0..0;
        }
        let i = ((u128::from(mix(key)) * len as u128) >> 64) as usize & !1;
        i..(i + 2).min(len)
    }

    fn probe(&self, key: u64) -> Option<Slot> {
        let slots = self.slots(key);
        self.table
            .get(slots)?
            .iter()
            .find(|e| e.undrawn != 0 && e.key == key && e.size == self.size.index() as u8)
            .copied()
    }

    /// Stores what a search of window `(alpha, beta)` returned as bounds, over the slot
    /// holding `key` or else the one with the fewer undrawn edges.
    fn store(&mut self, key: u64, undrawn: u8, window: (i32, i32), value: i32, best: Option<Edge>) {
        let (alpha, beta) = window;
        let boxes = Edges::boxes(self.size).count_ones() as i32;
        let lower = if value > alpha { value } else { -boxes };
        let upper = if value < beta { value } else { boxes };
        let entry = Slot {
            key,
            lower: lower as i8,
            upper: upper as i8,
            undrawn,
            size: self.size.index() as u8,
            best: best.map_or(u8::MAX, Edge::index),
            _pad: [0; 3],
        };
        let slots = self.slots(key);
        let Some(bucket) = self.table.get_mut(slots) else {
            return;
        };
        let same = bucket
            .iter()
            .position(|e| e.key == key && e.size == entry.size);
        let shallow = bucket
            .iter()
            .enumerate()
            .min_by_key(|(i, e)| (e.undrawn, usize::MAX - i))
            .map(|(i, _)| i);
        if let Some(slot) = same.or(shallow).and_then(|i| bucket.get_mut(i)) {
            *slot = entry;
        }
    }
}

/// SplitMix64's finaliser: spreads keys over the table.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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

/// The candidate moves in the order to try them: the table's move, then safe moves
/// that turn two, one or no box of freedom 3 into chain boxes (building chains early
/// settles the parity fight sooner), then short-chain sacrifices, then long chains.
fn ordered_moves(undrawn: Edges, sides: &Sides, f: &[u64; 5], first: Option<Edge>) -> MoveList {
    let [safe, short, long] = candidate_moves(undrawn, sides, f);
    let all = safe.or(short).or(long);
    let mut order = MoveList::new();
    if let Some(m) = first.filter(|&m| all.contains(m)) {
        order.push_all(m.set());
    }
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
fn capture_step(sides: &Sides, f: &[u64; 5], size: Size) -> Capture {
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
        let edge = free_side(b, sides);
        let boxes = if across(edge, b, size) & one != 0 {
            2
        } else {
            1
        };
        return Capture {
            edge,
            boxes,
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
        boxes: 1,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    extern crate std;
    use std::vec;

    fn solve_empty(r: u8, c: u8) -> Solution {
        let mut table = vec![Slot::EMPTY; 1 << 16];
        solve(&Dots::empty(Size::new(r, c).unwrap()), &mut table)
    }

    #[test]
    fn small_boards_have_their_published_values() {
        assert_eq!(solve_empty(1, 1).first_margin, -1);
        assert_eq!(solve_empty(1, 2).first_margin, 0);
        assert_eq!(solve_empty(2, 2).first_margin, 2);
        assert_eq!(solve_empty(2, 1).first_margin, 0);
    }

    #[test]
    fn declines_the_chain_after_eating_the_rest() {
        // 3×3: a 2-box piece with a takeable end, a 3-box piece takeable at both ends and
        // an unopened 4-chain. Take the 3, decline the 2, get the 4: 3 − 2 + 4 = 5.
        let size = Size::new(3, 3).unwrap();
        let edges = Edges {
            h: 117_900_037,
            v: 591_877,
        };
        let pos = Dots::from_parts(size, edges, [0, 0], Player::First).unwrap();
        assert_eq!(solve(&pos, &mut []).value, 5);
    }

    #[test]
    fn best_move_achieves_the_value() {
        let pos = Dots::empty(Size::new(2, 2).unwrap());
        let mut table = vec![Slot::EMPTY; 1 << 12];
        let s = solve(&pos, &mut table);
        let m = s.best.unwrap();
        let child = pos.after(m);
        let t = solve(&child, &mut table);
        assert_eq!(t.first_margin, s.first_margin);
        // Without any table the answer is the same.
        assert_eq!(solve(&pos, &mut []).first_margin, 2);
    }
}

//! The Dots-and-Boxes position: the drawn edges, the boxes each side has taken, the
//! side to move and an incremental Zobrist hash.

use super::edges::{Edge, Edges};
use super::size::{Size, MAX_SIDE};
use crate::player::{Outcome, Player};
use crate::zobrist;

/// The most boxes a board has (6×6).
pub const MAX_BOXES: usize = MAX_SIDE as usize * MAX_SIDE as usize;

const EDGE_KEYS: usize = 128;
const SCORE_KEYS: usize = 2 * (MAX_BOXES + 1);
const SIZE_KEYS: usize = MAX_BOXES;
const KEYS: [u64; EDGE_KEYS + 1 + SCORE_KEYS + SIZE_KEYS] = zobrist::keys(0xD075_A9DB_0C5E_5EED);
const SIDE_KEY: u64 = KEYS[EDGE_KEYS];

/// The key of an edge (0 for a stray value past the board's 128 indices).
const fn edge_key(e: Edge) -> u64 {
    let i = e.index() as usize;
    if i < EDGE_KEYS {
        KEYS[i]
    } else {
        0
    }
}

/// The key of `player` holding `boxes` boxes (scores are part of the hash because the
/// generic search's values depend on them).
const fn score_key(player: Player, boxes: u8) -> u64 {
    let b = if boxes as usize > MAX_BOXES {
        MAX_BOXES
    } else {
        boxes as usize
    };
    KEYS[EDGE_KEYS + 1 + player.index() * (MAX_BOXES + 1) + b]
}

const fn size_key(size: Size) -> u64 {
    KEYS[EDGE_KEYS + 1 + SCORE_KEYS + size.index()]
}

/// A Dots-and-Boxes position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dots {
    edges: Edges,
    hash: u64,
    size: Size,
    score: [u8; 2],
    side: Player,
}

impl Dots {
    /// The empty board of `size`, the first player to move.
    #[must_use]
    pub const fn empty(size: Size) -> Dots {
        Dots {
            edges: Edges::EMPTY,
            hash: size_key(size) ^ score_key(Player::First, 0) ^ score_key(Player::Second, 0),
            size,
            score: [0, 0],
            side: Player::First,
        }
    }

    /// A position from its parts, or `None` when an edge is off the board or the scores
    /// do not add up to the completed boxes.
    #[must_use]
    pub fn from_parts(size: Size, edges: Edges, score: [u8; 2], side: Player) -> Option<Dots> {
        let taken = u32::from(score[0]) + u32::from(score[1]);
        if edges.minus(Edges::all(size)) != Edges::EMPTY
            || taken != edges.full_boxes(size).count_ones()
        {
            return None;
        }
        let pos = Dots {
            edges,
            hash: 0,
            size,
            score,
            side,
        };
        Some(Dots {
            hash: pos.compute_hash(),
            ..pos
        })
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The drawn edges.
    #[must_use]
    pub const fn edges(&self) -> Edges {
        self.edges
    }

    /// The edges not drawn yet.
    #[must_use]
    pub const fn undrawn(&self) -> Edges {
        Edges::all(self.size).minus(self.edges)
    }

    /// The boxes `player` has taken.
    #[must_use]
    pub const fn score(&self, player: Player) -> u8 {
        self.score[player.index()]
    }

    /// The player to move.
    #[must_use]
    pub const fn side(&self) -> Player {
        self.side
    }

    /// The completed boxes (a box set, bit `8r + c`).
    #[must_use]
    pub const fn full_boxes(&self) -> u64 {
        self.edges.full_boxes(self.size)
    }

    /// How many boxes drawing `e` completes (0, 1 or 2; 0 if `e` is drawn already).
    #[must_use]
    pub const fn boxes_completed_by(&self, e: Edge) -> u32 {
        let after = self.edges.with(e).full_boxes(self.size);
        (after & !self.full_boxes()).count_ones()
    }

    /// The result once every edge is drawn: more boxes wins, equal boxes draw.
    #[must_use]
    pub const fn result(&self) -> Option<Outcome> {
        if !self.undrawn().is_empty() {
            return None;
        }
        let (a, b) = (self.score[0], self.score[1]);
        Some(if a > b {
            Outcome::Win(Player::First)
        } else if b > a {
            Outcome::Win(Player::Second)
        } else {
            Outcome::Draw
        })
    }

    /// The position after drawing `e`. A move that completes a box scores it and keeps
    /// the turn; any other passes it. An edge already drawn or off the board changes
    /// nothing.
    #[must_use]
    pub const fn draw(&self, e: Edge) -> Dots {
        if !e.is_on(self.size) || self.edges.contains(e) {
            return *self;
        }
        let taken = self.boxes_completed_by(e) as u8;
        let mut next = *self;
        next.edges = self.edges.with(e);
        next.hash ^= edge_key(e);
        if taken == 0 {
            next.side = self.side.other();
            next.hash ^= SIDE_KEY;
        } else {
            let p = self.side;
            let old = self.score[p.index()];
            next.score[p.index()] = old + taken;
            next.hash ^= score_key(p, old) ^ score_key(p, old + taken);
        }
        next
    }

    /// The Zobrist hash.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch (the incremental one must always equal it).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = size_key(self.size)
            ^ score_key(Player::First, self.score[0])
            ^ score_key(Player::Second, self.score[1]);
        for e in self.edges.iter() {
            h ^= edge_key(e);
        }
        if self.side == Player::Second {
            h ^= SIDE_KEY;
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completing_a_box_keeps_the_turn() {
        let size = Size::new(1, 2).unwrap();
        let mut pos = Dots::empty(size);
        for e in [
            Edge::horizontal(0, 0).unwrap(),
            Edge::horizontal(1, 0).unwrap(),
            Edge::vertical(0, 0).unwrap(),
        ] {
            pos = pos.draw(e);
        }
        assert_eq!(pos.side(), Player::Second);
        // The middle edge completes the left box: second scores and moves again.
        let m = Edge::vertical(0, 1).unwrap();
        assert_eq!(pos.boxes_completed_by(m), 1);
        pos = pos.draw(m);
        assert_eq!((pos.side(), pos.score(Player::Second)), (Player::Second, 1));
        assert_eq!(pos.hash(), pos.compute_hash());
        assert_eq!(pos.draw(m), pos);
    }
}

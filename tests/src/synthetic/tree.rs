//! A synthetic random game tree: varying branching, random leaf values, random
//! terminal nodes, and nodes where the side to move does not change. Every node has
//! one path from the root, so the table only sees a node again in a re-search.

use std::ops::ControlFlow;

use microply_core::game::ConfigError;
use microply_core::zobrist::splitmix64;
use microply_core::{Game, Outcome, Player};

use super::Leaf;

/// The largest branching factor.
pub const MAX_BRANCHING: u64 = 4;

/// Shape of a random tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Shape {
    /// Seed of every random choice.
    pub seed: u64,
    /// Out of 16: how often a child keeps the parent's side to move.
    pub keep_side: u8,
    /// Out of 64: how often a node is terminal.
    pub terminal: u8,
}

/// A node: its breadth-first index in the complete `MAX_BRANCHING`-ary tree (unique,
/// so the tree has no transpositions), the side to move and the tree's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    index: u64,
    side: Player,
    shape: Shape,
}

impl Node {
    /// The root of a tree of this shape.
    pub fn root(shape: Shape) -> Node {
        Node {
            index: 0,
            side: Player::First,
            shape,
        }
    }

    fn random(&self, salt: u64) -> u64 {
        splitmix64(self.shape.seed ^ self.index.wrapping_mul(0x9E37_79B9) ^ salt.rotate_left(40)).1
    }

    fn branching(&self) -> u64 {
        if self.index > 0 && self.random(1) % 64 < u64::from(self.shape.terminal) {
            0
        } else {
            1 + self.random(2) % MAX_BRANCHING
        }
    }

    /// The breadth-first index.
    pub fn index(&self) -> u64 {
        self.index
    }
}

impl Leaf for Node {
    fn leaf_key(&self) -> u64 {
        self.index
    }

    /// In −8..=8 (small, so ties are common).
    fn value(&self) -> i32 {
        (self.random(3) % 17) as i32 - 8
    }
}

impl Game for Node {
    type Move = u8;
    type Config = Shape;
    const NAME: &'static str = "synthetic";
    const MOVE_CAPACITY: usize = MAX_BRANCHING as usize;

    fn start(config: &Shape) -> Node {
        Node::root(*config)
    }

    fn configure(_: &mut Shape, _: &str, _: &str) -> Result<(), ConfigError> {
        Err(ConfigError::UnknownKey)
    }

    fn config(&self) -> Shape {
        self.shape
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn for_each_move<B>(&self, mut f: impl FnMut(u8) -> ControlFlow<B>) -> ControlFlow<B> {
        for i in 0..self.branching() {
            f(i as u8)?;
        }
        ControlFlow::Continue(())
    }

    fn pack_move(m: u8) -> u32 {
        u32::from(m)
    }

    fn after(&self, m: u8) -> Node {
        let index = self.index * MAX_BRANCHING + u64::from(m) + 1;
        let child = Node { index, ..*self };
        let keep = child.random(4) % 16 < u64::from(self.shape.keep_side);
        Node {
            side: if keep { self.side } else { self.side.other() },
            ..child
        }
    }

    /// The index in the high 16 bits of the high word (so a table of 2^16 entries
    /// gives every node of up to 65,536 its own slot) and in the low word (the key).
    fn hash(&self) -> u64 {
        (self.index << 48) | (self.index & 0xFFFF_FFFF)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.branching() > 0 {
            return None;
        }
        Some(match self.random(5) % 3 {
            0 => Outcome::Draw,
            1 => Outcome::Win(Player::First),
            _ => Outcome::Win(Player::Second),
        })
    }
}

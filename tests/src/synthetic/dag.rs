//! A synthetic random DAG: a few hundred positions at most, each move leading to a
//! random one, so the same position is reached by several paths and at different
//! plies (cycles too; the searches are depth-limited). Positions carry a draw counter,
//! like checkers' plies since a capture: moves are *reversible* (the counter grows)
//! or *irreversible* (it resets), and a position whose counter reaches the shape's
//! `draw_plies` is a draw. The same board position thus has different values along
//! different paths, which the hash must (and does) tell apart. Some moves keep the
//! side to move, like a box-completing move in Dots-and-Boxes.

use std::ops::ControlFlow;

use microply_core::game::ConfigError;
use microply_core::zobrist::splitmix64;
use microply_core::{Game, Outcome, Player};

use super::{Leaf, MAX_BRANCHING};

/// Shape of a random DAG.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DagShape {
    /// Seed of every random choice.
    pub seed: u64,
    /// How many board positions (ids) there are, at least 1: few means many
    /// transpositions.
    pub positions: u16,
    /// Out of 16: how often a move keeps the side to move.
    pub keep_side: u8,
    /// Out of 64: how often a position is terminal.
    pub terminal: u8,
    /// Out of 16: how often a move resets the draw counter.
    pub irreversible: u8,
    /// Plies without an irreversible move after which the game is drawn; 0: no such rule.
    pub draw_plies: u8,
}

/// A node: its board position (`id`), the side to move and the draw counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DagNode {
    id: u16,
    side: Player,
    counter: u8,
    shape: DagShape,
}

impl DagNode {
    /// The root: position 0, first player to move, counter 0.
    pub fn root(shape: DagShape) -> DagNode {
        DagNode {
            id: 0,
            side: Player::First,
            counter: 0,
            shape,
        }
    }

    /// A random number of the board position and side (not of the counter).
    fn random(&self, salt: u64) -> u64 {
        let state = (u64::from(self.id) << 1) | self.side.index() as u64;
        splitmix64(self.shape.seed ^ state.wrapping_mul(0x9E37_79B9) ^ salt.rotate_left(40)).1
    }

    fn is_draw(&self) -> bool {
        self.shape.draw_plies > 0 && self.counter >= self.shape.draw_plies
    }

    fn branching(&self) -> u64 {
        let terminal = self.id > 0 && self.random(1) % 64 < u64::from(self.shape.terminal);
        if terminal || self.is_draw() {
            0
        } else {
            1 + self.random(2) % MAX_BRANCHING
        }
    }

    /// The draw counter.
    pub fn counter(&self) -> u8 {
        self.counter
    }
}

impl Leaf for DagNode {
    fn leaf_key(&self) -> u64 {
        (u64::from(self.id) << 16) | ((self.side.index() as u64) << 8) | u64::from(self.counter)
    }

    /// In −8..=8, a function of the board position and side only.
    fn value(&self) -> i32 {
        (self.random(3) % 17) as i32 - 8
    }
}

impl Game for DagNode {
    type Move = u8;
    type Config = DagShape;
    const NAME: &'static str = "synthetic-dag";
    const MOVE_CAPACITY: usize = MAX_BRANCHING as usize;

    fn start(config: &DagShape) -> DagNode {
        DagNode::root(*config)
    }

    fn configure(_: &mut DagShape, _: &str, _: &str) -> Result<(), ConfigError> {
        Err(ConfigError::UnknownKey)
    }

    fn config(&self) -> DagShape {
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

    fn after(&self, m: u8) -> DagNode {
        let m = u64::from(m);
        let positions = u64::from(self.shape.positions.max(1));
        let keep = self.random(10 + m) % 16 < u64::from(self.shape.keep_side);
        let irreversible = self.random(20 + m) % 16 < u64::from(self.shape.irreversible);
        DagNode {
            id: (self.random(30 + m) % positions) as u16,
            side: if keep { self.side } else { self.side.other() },
            counter: if irreversible {
                0
            } else {
                self.counter.saturating_add(1)
            },
            shape: self.shape,
        }
    }

    /// Covers everything the value depends on: the board position, the side and,
    /// under a draw rule, the counter.
    fn hash(&self) -> u64 {
        let counter = if self.shape.draw_plies > 0 {
            u64::from(self.counter)
        } else {
            0
        };
        let state = (u64::from(self.id) << 16) | ((self.side.index() as u64) << 8) | counter;
        splitmix64(state ^ 0xDA6_0000_0000_0000).1
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.is_draw() {
            return Some(Outcome::Draw);
        }
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

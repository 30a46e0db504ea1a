//! Synthetic random games implementing [`Game`](microply_core::Game), for checking
//! the searches against plain minimax: random trees ([`tree`]) and random DAGs with
//! transpositions and a path-dependent draw counter ([`dag`]).

use std::cell::RefCell;
use std::collections::BTreeSet;

use microply_core::{Evaluator, Score};

pub mod dag;
pub mod tree;

pub use dag::{DagNode, DagShape};
pub use tree::{Node, Shape, MAX_BRANCHING};

/// A synthetic position's static value and identity.
pub trait Leaf {
    /// Identifies the position among all of its game (for counting distinct leaves).
    fn leaf_key(&self) -> u64;
    /// The static value for the side to move.
    fn value(&self) -> i32;
}

/// Scores leaves by [`Leaf::value`] and remembers which leaves it evaluated.
#[derive(Debug, Default)]
pub struct LeafRecorder {
    seen: RefCell<BTreeSet<u64>>,
    calls: RefCell<u64>,
}

impl LeafRecorder {
    /// Distinct leaves evaluated so far.
    pub fn distinct(&self) -> usize {
        self.seen.borrow().len()
    }

    /// Evaluations so far.
    pub fn calls(&self) -> u64 {
        *self.calls.borrow()
    }
}

impl<G: Leaf + microply_core::Game> Evaluator<G> for LeafRecorder {
    fn evaluate(&self, pos: &G) -> Score {
        self.seen.borrow_mut().insert(pos.leaf_key());
        *self.calls.borrow_mut() += 1;
        Score::units(pos.value() as i16)
    }
}

//! The Dots-and-Boxes solver with memory of its own, for tests.

use microply_core::games::dots::{solve, stack_len, Dots, Solution, SolverMove};
use microply_core::search::{Entry, Table};

/// A transposition table and move stack for the solver.
pub struct SolverMemory {
    entries: Vec<Entry>,
    stack: Vec<SolverMove>,
}

impl SolverMemory {
    /// `entries` table entries and a move stack for any board the solver takes.
    #[must_use]
    pub fn new(entries: usize) -> SolverMemory {
        SolverMemory {
            entries: vec![Entry::EMPTY; entries],
            stack: vec![SolverMove::default(); stack_len(64)],
        }
    }

    /// Solves `pos` (the table is cleared first).
    ///
    /// # Panics
    /// If `pos` has more undrawn edges than the solver takes.
    pub fn solve(&mut self, pos: &Dots) -> Solution {
        let mut tt = Table::new(&mut self.entries);
        solve(pos, &mut tt, &mut self.stack).expect("a board the solver takes")
    }
}

//! The exact solver: the one search kernel (`crate::search`, MTD(f) from 0) over the
//! solver's view of the position ([`Solving`]: only the moves theory says are worth
//! trying, a symmetry-folded table key, loony-endgame values and box-count bounds from
//! its [`Theory`] oracle), in the caller's table and move stack.
//!
//! Everything the solver prunes with is checked in the tests against a brute-force
//! table of every position up to 3×3 (on the empty board and thousands of random
//! positions): `tests/tests/dots_solver.rs`.

use core::fmt;

use super::board::Dots;
use super::edges::Edge;
use super::solving::{Margin, SolverMove, Solving, Theory};
use crate::player::Player;
use crate::search::{
    search_with, Algorithm, Knowledge, Limits, Mode, NoClock, SearchError, Settings, Table,
    MAX_DEPTH,
};

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

/// Why a position could not be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum SolveError {
    /// More undrawn edges than the search's deepest depth ([`MAX_DEPTH`]).
    TooManyEdges,
    /// The move stack cannot hold the candidate moves along some path.
    MoveStackFull,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooManyEdges => {
                write!(f, "too many undrawn edges to solve (at most {MAX_DEPTH})")
            }
            SolveError::MoveStackFull => f.write_str("move stack too small to solve"),
        }
    }
}

impl core::error::Error for SolveError {}

/// The move stack `solve` needs for `undrawn` undrawn edges at most: the candidates
/// along a path, never more than the undrawn edges at each ply.
#[must_use]
pub const fn stack_len(undrawn: u32) -> usize {
    (undrawn as usize * (undrawn as usize + 1)) / 2
}

/// Solves `pos` exactly in `tt` (cleared first, so the answer and the node count
/// depend on the position alone; any length, more is faster, an empty table works)
/// with `stack` as the move stack ([`stack_len`] of the undrawn edges is enough).
///
/// ```
/// use microply_core::games::dots::{solve, Dots, Size, SolverMove};
/// use microply_core::search::{Entry, Table};
/// let mut memory = [Entry::EMPTY; 1 << 10];
/// let mut stack = [SolverMove::default(); 100];
/// let pos = Dots::empty(Size::new(2, 2).unwrap());
/// let s = solve(&pos, &mut Table::new(&mut memory), &mut stack).unwrap();
/// assert_eq!(s.first_margin, 2); // first player wins 2×2 by 3–1
/// ```
///
/// # Errors
/// [`SolveError::TooManyEdges`] beyond [`MAX_DEPTH`] undrawn edges,
/// [`SolveError::MoveStackFull`] when `stack` is too small.
pub fn solve(
    pos: &Dots,
    tt: &mut Table<'_>,
    stack: &mut [SolverMove],
) -> Result<Solution, SolveError> {
    let undrawn = pos.undrawn().count();
    if undrawn > MAX_DEPTH {
        return Err(SolveError::TooManyEdges);
    }
    let taken = i32::from(pos.score(Player::First)) - i32::from(pos.score(Player::Second));
    let view = Solving::new(*pos);
    let mut solution = Solution {
        value: 0,
        first_margin: taken,
        best: None,
        nodes: 0,
    };
    if undrawn == 0 {
        return Ok(solution);
    }
    tt.clear();
    let settings = Settings {
        algorithm: Algorithm::Mtdf,
        limits: Limits::depth(undrawn),
        iterative: false,
        reorder: true,
        mode: Mode::Exact,
    };
    let knowledge = Knowledge::new(&Margin, &Theory);
    let result = search_with(&view, &knowledge, tt, stack, &settings, &NoClock, |_| {}).map_err(
        |e| match e {
            SearchError::MoveStackFull => SolveError::MoveStackFull,
        },
    )?;
    let mover_margin = result.score.map_or(0, |s| s.raw() >> 16);
    solution.value = mover_margin - view.taken_margin();
    solution.first_margin = match pos.side() {
        Player::First => mover_margin,
        Player::Second => -mover_margin,
    };
    solution.best = result.best.map(|m| m.edge);
    solution.nodes = result.stats.nodes;
    Ok(solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::dots::{Edges, Size};
    use crate::search::Entry;

    extern crate std;
    use std::vec;

    fn solve_in(pos: &Dots, entries: usize) -> Solution {
        let mut memory = vec![Entry::EMPTY; entries];
        let mut stack = vec![SolverMove::default(); stack_len(pos.undrawn().count())];
        solve(pos, &mut Table::new(&mut memory), &mut stack).unwrap()
    }

    fn solve_empty(r: u8, c: u8) -> Solution {
        solve_in(&Dots::empty(Size::new(r, c).unwrap()), 1 << 16)
    }

    #[test]
    fn too_many_edges_and_too_small_a_stack_are_errors() {
        let pos = Dots::empty(Size::new(6, 6).unwrap());
        let mut tt = Table::new(&mut []);
        assert_eq!(solve(&pos, &mut tt, &mut []), Err(SolveError::TooManyEdges));
        let pos = Dots::empty(Size::new(2, 2).unwrap());
        let mut stack = [SolverMove::default(); 3];
        assert_eq!(
            solve(&pos, &mut tt, &mut stack),
            Err(SolveError::MoveStackFull)
        );
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
        assert_eq!(solve_in(&pos, 0).value, 5);
    }

    #[test]
    fn best_move_achieves_the_value() {
        let pos = Dots::empty(Size::new(2, 2).unwrap());
        let s = solve_in(&pos, 1 << 12);
        let m = s.best.unwrap();
        let child = pos.after(m);
        let t = solve_in(&child, 1 << 12);
        assert_eq!(t.first_margin, s.first_margin);
        // Without any table the answer is the same.
        assert_eq!(solve_in(&pos, 0).first_margin, 2);
    }
}

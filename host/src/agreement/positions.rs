//! The validation set: seeded, quiet 3×3 Dots-and-Boxes middle-game positions, each
//! with the solver's optimal moves.
//!
//! How a position is drawn (candidate `i` of seed `s`): a SplitMix64 stream seeded with
//! `derive_seed(s, i)` picks a number of edges n uniformly in
//! [`MIN_DRAWN`]`..=`[`MAX_DRAWN`], then plays n uniformly random legal moves from the
//! empty 3×3 board. The candidate is kept when the game is not over, no box can be
//! taken (a box with three sides drawn would make the choice a matter of counting, not
//! of judging chains), it is not a repeat of an earlier candidate, and not every move
//! is optimal (such a position cannot tell a good evaluator from a bad one).
//! Candidates are tried in index order until the set is full, so the set is a pure
//! function of seed and size, whatever the thread count.

use std::collections::HashSet;

use microply_core::games::dots::analysis::Sides;
use microply_core::games::dots::{Dots, Size};
use microply_core::rng::{random_opening, SplitMix64};
use microply_core::Game;

use super::optimal::{optimal_moves, OptimalMoves, SolverMemory};
use crate::parallel::ordered_map_with;
use crate::play::openings::derive_seed;

/// The fewest edges drawn in a validation position (of the 3×3 board's 24).
pub const MIN_DRAWN: u32 = 8;
/// The most edges drawn in a validation position.
pub const MAX_DRAWN: u32 = 14;
/// The validation set's default seed.
pub const DEFAULT_SEED: u64 = 13;
/// The validation set's default size.
pub const DEFAULT_COUNT: usize = 2000;

/// A position and what perfect play allows in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvedPosition {
    /// The position.
    pub pos: Dots,
    /// The solver's verdict on its moves.
    pub optimal: OptimalMoves,
}

/// Candidate `index` of `seed`: random plies from the empty 3×3 board.
#[must_use]
pub fn candidate(seed: u64, index: u64) -> Dots {
    let mut rng = SplitMix64::new(derive_seed(seed, index));
    let span = u64::from(MAX_DRAWN - MIN_DRAWN + 1);
    let plies = MIN_DRAWN + microply_core::rng::below(&mut rng, span) as u32;
    random_opening(&Dots::empty(BOARD), plies, &mut rng)
}

/// The validation board, 3×3 boxes.
pub const BOARD: Size = match Size::new(3, 3) {
    Some(size) => size,
    None => Size::FIVE_BY_FIVE,
};

/// Whether the game goes on and no box can be taken.
#[must_use]
pub fn is_quiet_middle_game(pos: &Dots) -> bool {
    let freedoms = Sides::of(pos.edges(), pos.size()).freedoms(pos.size());
    pos.outcome().is_none() && freedoms[1] == 0
}

/// The first `count` positions of `seed` that pass every test of the module doc,
/// solved on `threads` workers.
#[must_use]
pub fn validation_set(seed: u64, count: usize, threads: usize) -> Vec<SolvedPosition> {
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    let mut next = 0u64;
    while out.len() < count {
        let batch: Vec<Dots> = (next..next + 512)
            .map(|i| candidate(seed, i))
            .filter(|p| is_quiet_middle_game(p) && seen.insert(*p))
            .collect();
        next += 512;
        let solved = ordered_map_with(batch.len(), threads, solver_table, |table, i| {
            let pos = &batch[i];
            SolvedPosition {
                pos: *pos,
                // 3×3 boards have 24 edges, within the solver's depth.
                optimal: optimal_moves(pos, table).expect("a 3×3 position is solvable"),
            }
        });
        out.extend(
            solved
                .into_iter()
                .filter(|s| s.optimal.best != s.optimal.legal),
        );
    }
    out.truncate(count);
    out
}

fn solver_table() -> SolverMemory {
    SolverMemory::new(1 << 16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::dots::Edges;

    #[test]
    fn candidates_follow_the_seed_and_the_bounds() {
        for i in 0..50 {
            let p = candidate(7, i);
            assert_eq!(p, candidate(7, i));
            let drawn = p.edges().count();
            assert!((MIN_DRAWN..=MAX_DRAWN).contains(&drawn), "{drawn}");
        }
        assert_ne!(candidate(7, 0), candidate(8, 0));
    }

    #[test]
    fn the_set_is_deterministic_and_every_position_informative() {
        let a = validation_set(3, 40, 1);
        assert_eq!(a.len(), 40);
        assert_eq!(a, validation_set(3, 40, 2));
        let distinct: HashSet<Dots> = a.iter().map(|s| s.pos).collect();
        assert_eq!(distinct.len(), 40);
        for s in &a {
            assert!(is_quiet_middle_game(&s.pos));
            assert_ne!(s.optimal.best, Edges::EMPTY);
            assert_ne!(s.optimal.best, s.optimal.legal);
            assert_eq!(s.optimal.legal, s.pos.undrawn());
        }
    }

    #[test]
    fn a_takeable_box_is_not_quiet() {
        use microply_core::Notation;
        let open = Dots::parse_fen("3x3:a1-b1,a1-a2:0-0:1").unwrap();
        assert!(is_quiet_middle_game(&open));
        let three_sides = Dots::parse_fen("3x3:a1-b1,a1-a2,b1-b2:0-0:2").unwrap();
        assert!(!is_quiet_middle_game(&three_sides));
    }
}

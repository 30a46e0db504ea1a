//! Split positions: once no region holds queens of both sides, the game is a race of
//! move counts. Each side fills its own regions ([`super::oneside`]); the side to move
//! wins exactly when it can make more moves than its opponent (with equal counts it is
//! the first to run out).
//!
//! This is how the split-game endgame reaches the search: both evaluators call
//! [`analyse`] first and, when the counts decide the game, return a value in the
//! decided band ([`decided_value`]) that outranks every ordinary evaluation, so
//! alpha-beta steers into won splits and away from lost ones. [`solve`] goes further
//! for a split position: the exact result as a proven score (`win_in`/`loss_in`, plies
//! from this position) and the move that starts the longest filling sequence; the
//! engine calls it before every search ([`crate::decide()`]).

use super::board::Amazons;
use super::oneside::{region_moves, Count};
use super::region::{is_split, Regions};
use super::square::Move;
use crate::player::Player;
use crate::score::Score;

/// Search nodes the evaluators give the one-side search per evaluation (the exact
/// search only runs on small regions that the greedy walk does not fill).
pub const EVAL_BUDGET: u32 = 300;

/// One-side search nodes the engine gives [`solve`] before each search
/// ([`crate::decide()`]); past it the position is searched as usual.
pub const ROOT_BUDGET: u32 = 100_000;

/// The move counts of both sides in a split position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitCounts {
    /// The side to move.
    pub mover: Count,
    /// The opponent.
    pub other: Count,
}

impl SplitCounts {
    /// `Some(true)` when the side to move surely wins, `Some(false)` when it surely
    /// loses, `None` when the bounds overlap.
    #[must_use]
    pub const fn mover_wins(&self) -> Option<bool> {
        if self.mover.lower > self.other.upper {
            Some(true)
        } else if self.mover.upper <= self.other.lower {
            Some(false)
        } else {
            None
        }
    }
}

/// The counts of `player`'s regions and the first move of its longest sequence.
fn side_counts(pos: &Amazons, player: Player, budget: &mut u32) -> (Count, Option<Move>) {
    let mut total = Count::default();
    let mut first = None;
    for region in Regions::of(pos, player) {
        let (count, m) = region_moves(region, budget);
        if count.lower > 0 && first.is_none() {
            first = m;
        }
        total = total.plus(count);
    }
    (total, first)
}

/// The counts, when the position has split (`None` while some region is shared).
#[must_use]
pub fn analyse(pos: &Amazons, budget: &mut u32) -> Option<SplitCounts> {
    if !is_split(pos) {
        return None;
    }
    let me = pos.side();
    Some(SplitCounts {
        mover: side_counts(pos, me, budget).0,
        other: side_counts(pos, me.other(), budget).0,
    })
}

/// Heuristic units at the bottom of the decided band: above any ordinary evaluation
/// of either evaluator (their magnitudes stay below 2,000 units), below the
/// heuristic limit of a [`Score`].
pub const DECIDED_UNITS: i32 = 4_000;

/// The evaluation of a split position: in the decided band when the counts decide
/// the game (a bigger margin is better), else `weight` × the difference of the
/// counts' midpoints (the split is likely but not surely decided).
#[must_use]
pub fn decided_value(counts: &SplitCounts, weight_raw: i32) -> Score {
    let units = |u: i32| Score::heuristic(u.saturating_mul(1 << 16));
    let (m, o) = (counts.mover, counts.other);
    match counts.mover_wins() {
        Some(true) => units(DECIDED_UNITS + (m.lower - o.upper) as i32),
        Some(false) => units(-DECIDED_UNITS - (o.lower - m.upper) as i32 - 1),
        None => {
            let mid = |c: Count| (c.lower + c.upper) as i32;
            Score::heuristic(weight_raw.saturating_mul(mid(m) - mid(o)) / 2)
        }
    }
}

/// The evaluation both Amazons evaluators share: [`decided_value`] when the game has
/// split (within [`EVAL_BUDGET`] one-side nodes), else the evaluator's own `features`.
pub fn split_aware(pos: &Amazons, weight_raw: i32, features: impl FnOnce() -> Score) -> Score {
    let mut budget = EVAL_BUDGET;
    match analyse(pos, &mut budget) {
        Some(counts) => decided_value(&counts, weight_raw),
        None => features(),
    }
}

/// The solution of a split position whose counts are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The proven score for the side to move, in plies from this position.
    pub score: Score,
    /// A move that keeps the best result (`None` when the side to move cannot move).
    pub best: Option<Move>,
    /// The exact counts.
    pub counts: SplitCounts,
}

/// Solves a split position within `budget` one-side search nodes.
///
/// With `m` moves for the side to move and `o` for the opponent: when `m > o` the
/// opponent runs out after `o` replies, a win in `2o + 1` plies; else the side to move
/// runs out first, a loss in `2m` plies. Both sides' best play is to make as many
/// moves as they can, so the first move of the longest filling sequence is best.
/// `None` when the position has not split or a count is not exact.
#[must_use]
pub fn solve(pos: &Amazons, budget: &mut u32) -> Option<Solution> {
    if !is_split(pos) {
        return None;
    }
    let me = pos.side();
    let (mover, best) = side_counts(pos, me, budget);
    let (other, _) = side_counts(pos, me.other(), budget);
    if !mover.is_exact() || !other.is_exact() {
        return None;
    }
    let score = if mover.lower > other.lower {
        Score::win_in(2 * other.lower + 1)
    } else {
        Score::loss_in(2 * mover.lower)
    };
    Some(Solution {
        score,
        best,
        counts: SplitCounts { mover, other },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::notation::Notation;

    #[test]
    fn bigger_territory_wins() {
        // White (to move) has rank 1 (5 empty squares), Black has a6 + b6 (1 square).
        let pos = Amazons::parse_fen("q1xxxx/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Q5:w").unwrap();
        let mut budget = 10_000;
        let s = solve(&pos, &mut budget).unwrap();
        assert_eq!(s.counts.mover, Count { lower: 5, upper: 5 });
        assert_eq!(s.counts.other, Count { lower: 1, upper: 1 });
        assert_eq!(s.score, Score::win_in(3));
        assert!(s.best.is_some_and(|m| pos.is_legal(m)));
        // The same board with Black to move: Black moves once, White replies, Black
        // is out of moves: a loss in 2 plies.
        let pos = Amazons::parse_fen("q1xxxx/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Q5:b").unwrap();
        let s = solve(&pos, &mut budget).unwrap();
        assert_eq!(s.score, Score::loss_in(2));
    }

    #[test]
    fn equal_counts_lose_for_the_side_to_move() {
        let pos = Amazons::parse_fen("q1xxxx/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Q1xxxx:w").unwrap();
        let mut budget = 10_000;
        let s = solve(&pos, &mut budget).unwrap();
        assert_eq!(s.score, Score::loss_in(2));
        let counts = analyse(&pos, &mut budget).unwrap();
        assert_eq!(counts.mover_wins(), Some(false));
        assert!(decided_value(&counts, 1 << 16) < Score::units(-4000));
    }

    #[test]
    fn touching_queens_are_searched_not_solved() {
        // Issue 18: White's d3 touches Black's e2. Counted as split, Black "won in
        // 39"; after e2-e1/i1 White's d3 walks through e2 into Black's area.
        let pos = Amazons::parse_fen(
            "1x1xxx1x2/3xQ2x2/1Q1x3xx1/xxxxxxxx2/1qxxq1x1xx/xx2x2xx1/1xxxxxxxq1/1xxQx2xxx/1Qxxqxxx2/3x6:b",
        )
        .unwrap();
        let mut budget = ROOT_BUDGET;
        assert_eq!(solve(&pos, &mut budget), None);
        assert_eq!(analyse(&pos, &mut budget), None);
        assert_eq!(budget, ROOT_BUDGET);
    }

    #[test]
    fn the_start_is_not_split() {
        let mut budget = 10;
        assert_eq!(
            analyse(&Amazons::start_position(Default::default()), &mut budget),
            None
        );
    }
}

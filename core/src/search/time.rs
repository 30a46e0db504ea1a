//! Time management: a game clock turned into a per-move budget, and the rule that
//! decides after each completed iteration whether to start another one.
//!
//! Everything is integer milliseconds with saturating arithmetic, so the same clock
//! gives the same budget on every target and no value overflows (`u64::MAX` ms left
//! is a valid clock). The policy, with its formulas, is in `docs/search.md`, "Game
//! clocks".

use crate::score::Score;

/// The expected number of moves still to play, for a clock without moves-to-go: a
/// fixed horizon. Each move spends about 1/20 of what is left, so in sudden death
/// the clock decays geometrically and never runs out; with an increment, the time
/// left settles where 1/20 of it plus the increment is spent per move. 20 beat 30 by
/// +14 Elo in checkers at 1+0.01, and 45 did not (docs/checkers-strength.md, tests
/// 30 and 31).
pub const MOVES_TO_GO: u64 = 20;

/// The part of the increment a move may spend at once, in 1/4: three quarters, so
/// the rest builds up a reserve.
const INCREMENT_QUARTERS: u64 = 3;

/// The least time kept back on every move, in ms: the time lost between the clock
/// check that ends a search and the move reaching the clock (the check runs every
/// 1,024 nodes; the reply is written and read after it).
pub const SAFETY_MS: u64 = 50;

/// The part of the time left kept back besides [`SAFETY_MS`] (the larger one
/// counts): 1/20 = 5 %.
const SAFETY_DIVISOR: u64 = 20;

/// The hard limit is at most this many soft targets (the extensions of a move
/// whose best move keeps changing).
const HARD_PER_SOFT: u64 = 4;

/// The hard limit is at most this fraction (1/2) of the time left after the
/// reserve, so one move never spends the clock.
const HARD_DIVISOR: u64 = 2;

/// The clock of the side to move: its time left and its increment per move.
///
/// ```
/// use microply_core::search::{Budget, GameClock};
///
/// let clock = GameClock { remaining_ms: 60_000, increment_ms: 1_000 };
/// // soft = 60000/20 + 1000*3/4; hard = min(4*soft, (60000 - 3000)/2)
/// assert_eq!(clock.budget(), Budget { soft_ms: 3_750, hard_ms: 15_000 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct GameClock {
    /// Milliseconds left on the clock.
    pub remaining_ms: u64,
    /// Milliseconds added to the clock after each move (Fischer increment).
    pub increment_ms: u64,
}

/// What one move may spend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Budget {
    /// The target: no iteration starts that is predicted to end far beyond it
    /// (scaled by how the search goes: `docs/search.md`, "Game clocks").
    pub soft_ms: u64,
    /// The limit: the running iteration is abandoned when it is reached.
    pub hard_ms: u64,
}

impl GameClock {
    /// The move's budget:
    ///
    /// - reserve = min(remaining, max([`SAFETY_MS`], remaining / 20)),
    /// - available = remaining − reserve,
    /// - hard = min(4 × base, available / 2) where
    ///   base = remaining / [`MOVES_TO_GO`] + increment × 3/4,
    /// - soft = min(base, hard).
    #[must_use]
    pub const fn budget(self) -> Budget {
        let remaining = self.remaining_ms;
        let mut reserve = remaining / SAFETY_DIVISOR;
        if reserve < SAFETY_MS {
            reserve = SAFETY_MS;
        }
        let available = remaining.saturating_sub(reserve);
        let increment_part = (self.increment_ms / 4)
            .saturating_mul(INCREMENT_QUARTERS)
            .saturating_add((self.increment_ms % 4) * INCREMENT_QUARTERS / 4);
        let base = (remaining / MOVES_TO_GO).saturating_add(increment_part);
        let cap = available / HARD_DIVISOR;
        let wide = base.saturating_mul(HARD_PER_SOFT);
        let hard = if wide < cap { wide } else { cap };
        let soft = if base < hard { base } else { hard };
        Budget {
            soft_ms: soft,
            hard_ms: hard,
        }
    }
}

/// How much the soft target grows when the last iteration changed the best move,
/// in percent of the budget's target.
const CHANGED_PERCENT: u64 = 50;

/// How much it grows when the score fell by [`SCORE_DROP`] or more.
const DROPPED_PERCENT: u64 = 50;

/// How much it shrinks when the best move has stayed the same for
/// [`STABLE_ITERATIONS`] iterations (and the score did not fall).
const STABLE_PERCENT: u64 = 30;

/// Iterations in a row with the same best move that count as stable.
const STABLE_ITERATIONS: u32 = 2;

/// A fall of the root's score (raw fixed-point units, I16F16) that extends the move:
/// a quarter of an evaluation unit (a quarter of a checkers man in the baseline).
pub const SCORE_DROP: i64 = 1 << 14;

/// The branching factor estimate's bounds (next iteration's nodes per this one's).
const MIN_BRANCHING: u64 = 2;
const MAX_BRANCHING: u64 = 16;

/// Whether to deepen, for a search under a game clock: the driver calls
/// [`Deepening::next`] after each completed iteration.
///
/// The iteration just completed scales the target: +50 % when its best move differs
/// from the previous iteration's, +50 % when its score is [`SCORE_DROP`] or more
/// below the previous one, −30 % when the best move has been the same for two
/// iterations and the score did not fall (never beyond the hard limit). The next
/// iteration starts only if the time spent is below half the target (the next
/// iteration usually costs more than all before it) and it is predicted to end
/// before the hard limit: the time spent plus the last iteration's time times the
/// branching factor measured in nodes (the last iteration's nodes over the one
/// before, between 2 and 16).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deepening<M> {
    budget: Budget,
    started_ms: u64,
    /// When the last iteration ended (the search's start before the first).
    last_end_ms: u64,
    last_nodes: u64,
    best: Option<M>,
    score: Option<Score>,
    /// Iterations in a row whose best move equalled the previous one's.
    stable: u32,
}

impl<M: Copy + PartialEq> Deepening<M> {
    /// A search with `budget` that starts at `now_ms`.
    pub(crate) fn new(budget: Budget, now_ms: u64) -> Self {
        Deepening {
            budget,
            started_ms: now_ms,
            last_end_ms: now_ms,
            last_nodes: 0,
            best: None,
            score: None,
            stable: 0,
        }
    }

    /// Records an iteration that completed at `now_ms` after visiting `nodes` with
    /// best move `best` and value `score`; whether to start the next one.
    pub(crate) fn next(&mut self, best: Option<M>, score: Score, nodes: u64, now_ms: u64) -> bool {
        let changed = self.score.is_some() && self.best != best;
        let dropped = self
            .score
            .is_some_and(|s| i64::from(s.raw()) - i64::from(score.raw()) >= SCORE_DROP);
        self.stable = if self.score.is_some() && !changed {
            self.stable.saturating_add(1)
        } else {
            0
        };
        let branching = nodes
            .checked_div(self.last_nodes)
            .map_or(MIN_BRANCHING, |b| b.clamp(MIN_BRANCHING, MAX_BRANCHING));
        let took = now_ms.saturating_sub(self.last_end_ms);
        (self.best, self.score) = (best, Some(score));
        (self.last_end_ms, self.last_nodes) = (now_ms, nodes);

        let elapsed = now_ms.saturating_sub(self.started_ms);
        let target = self.target(changed, dropped);
        let predicted_end = elapsed.saturating_add(took.saturating_mul(branching));
        elapsed < target / 2 && predicted_end <= self.budget.hard_ms
    }

    /// The soft target after an iteration that `changed` the best move or
    /// `dropped` the score.
    fn target(&self, changed: bool, dropped: bool) -> u64 {
        let mut percent = 100;
        if changed {
            percent += CHANGED_PERCENT;
        }
        if dropped {
            percent += DROPPED_PERCENT;
        } else if self.stable >= STABLE_ITERATIONS {
            percent -= STABLE_PERCENT;
        }
        let scaled = (self.budget.soft_ms / 100)
            .saturating_mul(percent)
            .saturating_add(self.budget.soft_ms % 100 * percent / 100);
        scaled.min(self.budget.hard_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(remaining_ms: u64, increment_ms: u64) -> Budget {
        GameClock {
            remaining_ms,
            increment_ms,
        }
        .budget()
    }

    const fn b(soft_ms: u64, hard_ms: u64) -> Budget {
        Budget { soft_ms, hard_ms }
    }

    #[test]
    fn budgets_by_hand() {
        // 60 s + 1 s: base 3000 + 750; reserve 3000; hard min(15000, 57000/2).
        assert_eq!(budget(60_000, 1_000), b(3_750, 15_000));
        // Sudden death 10 s: base 500; reserve 500; hard min(2000, 9500/2).
        assert_eq!(budget(10_000, 0), b(500, 2_000));
        // 1 s: base 50; reserve 50 (5 % is less); hard min(200, 950/2).
        assert_eq!(budget(1_000, 0), b(50, 200));
        // 3 s: 1/20 is 150, the hard limit 4 soft targets.
        assert_eq!(budget(3_000, 0), b(150, 600));
        // Little time: base 7 + 7 (3/4 of 10, rounded down); 4 x 14 over (150 - 50)/2.
        assert_eq!(budget(150, 10), b(14, 50));
        // The increment is nearly all there is: the cap (60 - 50)/2 wins.
        assert_eq!(budget(60, 1_000), b(5, 5));
        // A large increment against little time: the cap wins, soft follows it.
        assert_eq!(budget(200, 10_000), b(75, 75));
    }

    #[test]
    fn little_or_no_time_gives_zero_never_underflows() {
        assert_eq!(budget(0, 0), b(0, 0));
        assert_eq!(budget(50, 0), b(0, 0));
        assert_eq!(budget(49, 1_000), b(0, 0));
        assert_eq!(budget(0, u64::MAX), b(0, 0));
        // One ms over the reserve: half of it (rounded down) is the cap.
        assert_eq!(budget(52, 100), b(1, 1));
    }

    #[test]
    fn huge_clocks_saturate_without_overflow() {
        let r = u64::MAX;
        let reserve = r / 20;
        let cap = (r - reserve) / 2;
        assert_eq!(budget(r, 0), b(r / 20, (r / 20) * 4));
        assert_eq!(budget(r, r), b(cap, cap));
        assert_eq!(budget(0, r), b(0, 0));
        let both = budget(r / 2, r / 2);
        assert!(both.soft_ms <= both.hard_ms && both.hard_ms < r / 2);
    }

    #[test]
    fn soft_never_exceeds_hard_and_hard_keeps_the_reserve() {
        for remaining in [0, 1, 49, 50, 51, 99, 100, 1_000, 12_345, 1 << 40, u64::MAX] {
            for increment in [0, 1, 3, 10, 999, 1 << 40, u64::MAX] {
                let Budget { soft_ms, hard_ms } = budget(remaining, increment);
                assert!(soft_ms <= hard_ms, "{remaining} {increment}");
                let reserve = (remaining / 20).max(SAFETY_MS);
                assert!(hard_ms <= remaining.saturating_sub(reserve) / 2);
            }
        }
    }

    /// A budget of soft 100, hard 400 (the policy's figures below are worked from it).
    fn deepening() -> Deepening<u8> {
        Deepening::new(b(100, 400), 1_000)
    }

    fn s(raw: i32) -> Score {
        Score::heuristic(raw)
    }

    #[test]
    fn deepens_while_below_half_the_target() {
        let mut d = deepening();
        // Iteration 1 at 10 ms: target 100, 10 < 50 and 10 + 10*2 <= 400.
        assert!(d.next(Some(1), s(0), 100, 1_010));
        // Iteration 2, same move, at 49 ms: 49 < 50; took 39, branching 4: 49+156.
        assert!(d.next(Some(1), s(0), 400, 1_049));
        // Iteration 3, same move again (stable): target 70, and 50 >= 35.
        assert!(!d.next(Some(1), s(0), 1_600, 1_050));
    }

    #[test]
    fn a_changed_best_move_or_a_falling_score_extends_the_target() {
        let mut d = deepening();
        assert!(d.next(Some(1), s(0), 100, 1_010));
        // At 60 ms the base target (half: 50) would stop; a new move makes it 150.
        assert!(d.next(Some(2), s(0), 200, 1_060));
        // Same move but the score fell by a quarter unit: 150 again (75 > 70).
        assert!(d.next(Some(2), s(-(1 << 14)), 400, 1_070));
        // Both: 200, half is 100 > 99.
        assert!(d.next(Some(3), s(-(1 << 15)), 800, 1_099));
        // Neither (first stable iteration): 100, and 100 >= 50.
        assert!(!d.next(Some(3), s(-(1 << 15)), 1_600, 1_100));
    }

    #[test]
    fn a_small_fall_does_not_count() {
        let mut d = deepening();
        assert!(d.next(Some(1), s(0), 100, 1_010));
        assert!(!d.next(Some(1), s(-(1 << 14) + 1), 200, 1_060));
    }

    #[test]
    fn the_next_iteration_must_be_predicted_to_end_before_the_hard_limit() {
        let mut d = Deepening::new(b(2_750, 11_000), 0);
        // Iteration 1 took 1000 ms: 1000 + 1000*2 <= 11000.
        assert!(d.next(Some(1), s(0), 10, 1_000));
        // Iteration 2 took 300 ms with 10x the nodes: 1300 + 3000 <= 11000.
        assert!(d.next(Some(2), s(0), 100, 1_300));
        // Iteration 3: branching 16 (capped from 100): 1350 + 50*16 fits, but
        // took 700 instead: 2000 + 700*16 = 13200 > 11000, although the
        // extended target (4125) is not half spent.
        let mut e = d;
        assert!(d.next(Some(3), s(0), 10_000, 1_350));
        assert!(!e.next(Some(3), s(0), 10_000, 2_000));
    }

    #[test]
    fn a_zero_budget_stops_after_the_first_iteration() {
        let mut d = Deepening::new(budget(0, 0), 5);
        assert!(!d.next(Some(1), s(0), 1, 5));
    }
}

//! What stops a search: depth, node budget, time through a [`Clock`] (a fixed time
//! per move, or a game clock the [time manager](super::GameClock) turns into a
//! budget), an external stop.

use super::time::GameClock;

/// Limits of one search. `None` means unlimited; with no depth the iterative driver
/// deepens up to [`MAX_DEPTH`](super::MAX_DEPTH) plies or until the tree is exhausted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Limits {
    /// Nominal depth in plies.
    pub depth: Option<u32>,
    /// Nodes to visit at most; the iteration that exceeds it is discarded.
    pub nodes: Option<u64>,
    /// Milliseconds of the clock to use at most.
    pub time_ms: Option<u64>,
    /// The side to move's game clock: the search spends its [budget](GameClock::budget),
    /// deepening while the time manager predicts an iteration ends in time, and stops
    /// at the budget's hard limit (or at `time_ms`, whichever comes first).
    pub clock: Option<GameClock>,
}

impl Limits {
    /// A fixed-depth search.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            time_ms: None,
            clock: None,
        }
    }

    /// A node-budget search.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            time_ms: None,
            clock: None,
        }
    }

    /// A time-limited search.
    #[must_use]
    pub const fn time_ms(ms: u64) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time_ms: Some(ms),
            clock: None,
        }
    }

    /// A search under a game clock (the side to move's time left and increment).
    ///
    /// ```
    /// use microply_core::search::{GameClock, Limits};
    ///
    /// let limits = Limits::clock(GameClock { remaining_ms: 3_000, increment_ms: 0 });
    /// assert_eq!(limits.hard_ms(), Some(600));
    /// ```
    #[must_use]
    pub const fn clock(clock: GameClock) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time_ms: None,
            clock: Some(clock),
        }
    }

    /// The milliseconds after which the running iteration is abandoned: `time_ms`,
    /// or the game clock's hard limit if that is sooner.
    #[must_use]
    pub const fn hard_ms(&self) -> Option<u64> {
        match (self.time_ms, self.clock) {
            (None, None) => None,
            (Some(t), None) => Some(t),
            (None, Some(c)) => Some(c.budget().hard_ms),
            (Some(t), Some(c)) => {
                let hard = c.budget().hard_ms;
                Some(if t < hard { t } else { hard })
            }
        }
    }
}

/// Time and an external stop, provided by the host (`Instant`) or the firmware
/// (SysTick). The core has no clock of its own.
pub trait Clock {
    /// Milliseconds since an arbitrary fixed origin.
    fn now_ms(&self) -> u64;

    /// Whether the user asked the search to stop now.
    fn stop_requested(&self) -> bool {
        false
    }
}

/// A clock that never advances and never stops: for depth- and node-limited searches.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> u64 {
        0
    }
}

impl<C: Clock + ?Sized> Clock for &C {
    fn now_ms(&self) -> u64 {
        (**self).now_ms()
    }
    fn stop_requested(&self) -> bool {
        (**self).stop_requested()
    }
}

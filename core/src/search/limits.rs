//! What stops a search: depth, node budget, time through a [`Clock`], an external stop.

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
}

impl Limits {
    /// A fixed-depth search.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            time_ms: None,
        }
    }

    /// A node-budget search.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            time_ms: None,
        }
    }

    /// A time-limited search.
    #[must_use]
    pub const fn time_ms(ms: u64) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time_ms: Some(ms),
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

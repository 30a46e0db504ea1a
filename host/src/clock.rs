//! The host's [`Clock`]: wall time from `Instant`.

use std::time::Instant;

use microply_core::search::Clock;

/// Milliseconds since the clock was made.
#[derive(Clone, Copy, Debug)]
pub struct HostClock {
    origin: Instant,
}

impl HostClock {
    /// A clock starting now.
    #[must_use]
    pub fn new() -> HostClock {
        HostClock {
            origin: Instant::now(),
        }
    }
}

impl Default for HostClock {
    fn default() -> HostClock {
        HostClock::new()
    }
}

impl Clock for HostClock {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

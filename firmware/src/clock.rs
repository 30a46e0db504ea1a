//! Time from SysTick: a free-running 64-bit count of processor clock ticks.
//!
//! SysTick counts down from its largest reload value at the processor clock; its exception adds
//! one period to a counter. On QEMU's mps2-an386 with `-icount shift=0` every
//! instruction takes exactly one nanosecond of virtual time and the 25 MHz clock
//! ticks once per 40 instructions, so tick counts measure instructions exactly.

use core::sync::atomic::{AtomicU32, Ordering};

use cortex_m::peripheral::syst::SystClkSource;
use cortex_m::peripheral::SYST;
use cortex_m_rt::exception;
use microply_core::search::Clock;

/// The largest reload value of the 24-bit counter.
const RELOAD: u32 = 0x00FF_FFFF;

/// Completed SysTick periods since [`TickClock::start`].
static PERIODS: AtomicU32 = AtomicU32::new(0);

#[exception]
fn SysTick() {
    PERIODS.fetch_add(1, Ordering::Relaxed);
}

/// The processor clock as seen through SysTick.
pub struct TickClock {
    syst: SYST,
    hz: u32,
}

impl TickClock {
    /// Starts SysTick on the processor clock, which runs at `hz`.
    pub fn start(mut syst: SYST, hz: u32) -> TickClock {
        syst.disable_counter();
        syst.set_clock_source(SystClkSource::Core);
        syst.set_reload(RELOAD);
        syst.clear_current();
        syst.enable_interrupt();
        syst.enable_counter();
        TickClock { syst, hz }
    }

    /// The processor clock frequency.
    pub fn hz(&self) -> u32 {
        self.hz
    }

    /// Processor clock ticks since [`TickClock::start`].
    pub fn ticks(&self) -> u64 {
        loop {
            let before = PERIODS.load(Ordering::Relaxed);
            let current = SYST::get_current();
            // A wrap between the two reads shows as a changed period count: retry.
            if PERIODS.load(Ordering::Relaxed) == before {
                let elapsed = RELOAD - current;
                return u64::from(before) * (u64::from(RELOAD) + 1) + u64::from(elapsed);
            }
        }
    }
}

impl Clock for TickClock {
    fn now_ms(&self) -> u64 {
        let _ = &self.syst; // owned so nothing else reprograms the counter
        self.ticks() / u64::from(self.hz / 1000)
    }
}

//! What the module needs from its JavaScript host: a millisecond clock and a sink
//! for reply text. On other targets, `std` stands in (for the tests).

use microply_core::search::Clock;

#[cfg(target_arch = "wasm32")]
mod raw {
    #[link(wasm_import_module = "env")]
    extern "C" {
        /// Milliseconds since some fixed origin (`performance.now()`).
        pub fn microply_now_ms() -> f64;
        /// Receives `len` bytes of UTF-8 reply text at `ptr`: one or more whole lines.
        pub fn microply_write(ptr: *const u8, len: usize);
    }
}

/// The page's clock: whole milliseconds since the engine was created.
#[derive(Clone, Copy, Debug)]
pub struct HostClock {
    origin: f64,
}

impl HostClock {
    /// A clock starting now.
    #[must_use]
    pub fn new() -> HostClock {
        HostClock { origin: now_ms() }
    }
}

impl Default for HostClock {
    fn default() -> HostClock {
        HostClock::new()
    }
}

impl Clock for HostClock {
    fn now_ms(&self) -> u64 {
        // Float to integer casts saturate; a clock going backwards reads 0.
        (now_ms() - self.origin).max(0.0) as u64
    }
}

#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    // SAFETY: the import takes no arguments and returns a number.
    unsafe { raw::microply_now_ms() }
}

#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Hands reply text to the JavaScript side.
#[cfg(target_arch = "wasm32")]
pub fn write_out(text: &str) {
    // SAFETY: the pointer and length describe a live, initialised byte slice.
    unsafe { raw::microply_write(text.as_ptr(), text.len()) }
}

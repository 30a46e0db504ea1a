//! The microply protocol engine for `wasm32-unknown-unknown`: the third target beside
//! the host's `microply engine` and the firmware's UART loop, and as thin as they are.
//!
//! The interface is a few raw `extern "C"` functions over linear memory (no
//! wasm-bindgen): JavaScript writes protocol bytes into the buffer
//! `microply_input` returns and calls `microply_feed`; every complete line runs
//! through the core's [`Engine`](microply_core::protocol::Engine), exactly like a
//! byte stream on the firmware's UART, and each reply line is handed to the imported
//! `microply_write(ptr, len)` as soon as it is formatted, so `info` lines reach the
//! page while the search goes on. The clock is the imported `microply_now_ms()`
//! (the worker's `performance.now()`), which `go movetime` reads.
//!
//! `microply_pdn` writes a checkers game as PDN with core's writer ([`pdn`]); it
//! needs no engine, so the page calls it on its own instance of the module.
//!
//! The module also builds for the host (the workspace builds it there), where the
//! imports are replaced by `std` so its tests run with `cargo test`.

mod imports;
pub mod pdn;
mod session;

pub use session::{Session, DEFAULT_MOVE_WORDS, DEFAULT_TT_ENTRIES};

#[cfg(target_arch = "wasm32")]
mod exports;

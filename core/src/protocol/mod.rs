//! The engine line protocol (see `docs/protocol.md`), shared by `microply engine` on
//! the host and the firmware's UART loop.
//!
//! One command per line; [`Engine::execute`] writes the reply, which always ends with
//! a line `ok` or `error <reason>`. A bad command changes nothing.
//!
//! ```
//! use microply_core::protocol::{Engine, Flow, MoveWord};
//! use microply_core::search::{Entry, NoClock};
//!
//! let mut tt = [Entry::EMPTY; 256];
//! let mut moves = [0 as MoveWord; 128];
//! let mut engine = Engine::new(&mut tt, &mut moves);
//! let mut out = heapless::String::<256>::new();
//! engine.execute("play b2 a1", &NoClock, &mut out);
//! engine.execute("fen", &NoClock, &mut out);
//! assert_eq!(out, "ok\nfen .../.x./o..:x\nok\n");
//! ```

mod bench;
mod command;
mod engine;
mod error;
mod line;
mod listen;
mod selfplay;
mod solve;

pub use bench::{BenchPosition, BenchTotal, BENCH_POSITIONS, BENCH_TT_ENTRIES};
pub use command::{Clocks, Command, GoLimit, MAX_TOKENS};
pub(crate) use engine::move_stack;
pub use engine::{Engine, Flow};
pub use error::ProtocolError;
pub use line::{Line, LineBuffer};
pub use listen::{Inbox, Interjection, NoInbox};

/// The longest command line accepted, in bytes (longer lines get an error reply).
pub const MAX_LINE: usize = 2048;

/// The unit of the move memory lent to the engine: every game's moves are laid over it.
pub type MoveWord = u64;

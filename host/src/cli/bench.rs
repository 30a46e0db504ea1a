//! `microply bench`: the protocol's `bench` (fixed positions of every game to a fixed
//! depth): nodes per position, then total nodes, time, nodes/s and the signature.

use anyhow::bail;
use microply_core::protocol::{Engine, BENCH_TT_ENTRIES};

use crate::clock::HostClock;
use crate::memory::{SearchMemory, DEFAULT_MOVE_WORDS};

/// Runs the bench and prints its lines.
///
/// # Errors
/// When the engine answers with an error (the move memory is too small).
pub fn run() -> anyhow::Result<()> {
    let mut memory = SearchMemory::new(BENCH_TT_ENTRIES, DEFAULT_MOVE_WORDS);
    let mut engine = Engine::new(&mut memory.tt, &mut memory.moves);
    let mut reply = String::new();
    engine.execute("bench", &HostClock::new(), &mut reply);
    let reply = reply.trim_end();
    match reply.strip_suffix("ok") {
        Some(lines) => print!("{lines}"),
        None => bail!("bench failed: {reply}"),
    }
    Ok(())
}

//! `microply perft`: move-tree counts with time and nodes/s.

use std::time::Instant;

use anyhow::anyhow;
use microply_core::{divide, perft, Notation};

use super::GameArgs;

/// Counts, prints per-move counts when `split`, then the total, time and speed.
///
/// # Errors
/// A bad position or a move stack too small.
pub fn run<G: Notation>(args: &GameArgs, depth: u32, split: bool) -> anyhow::Result<()> {
    let pos: G = args.position()?;
    let mut moves = vec![G::Move::default(); crate::memory::DEFAULT_MOVE_WORDS * 2];
    let started = Instant::now();
    let total = if split {
        divide(&pos, depth, &mut moves, |m, n| {
            println!("{} {n}", pos.display_move(m))
        })
    } else {
        perft(&pos, depth, &mut moves)
    }
    .map_err(|e| anyhow!("{e}"))?;
    let seconds = started.elapsed().as_secs_f64();
    println!("perft {depth} {total}");
    println!(
        "time {seconds:.3} s, {:.0} nodes/s",
        total as f64 / seconds.max(1e-9)
    );
    Ok(())
}

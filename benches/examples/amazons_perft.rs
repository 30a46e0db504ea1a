//! Times Amazons perft from a start position, single-threaded, with bulk counting at
//! the last ply:
//! `cargo run --release -p microply-benches --example amazons_perft -- [SIZE] [DEPTH]`
//! (default 10 3: 8,350,439,170 leaves).

use std::time::Instant;

use microply_core::games::amazons::{Amazons, Move, Size, MAX_MOVES};
use microply_core::perft;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("SIZE and DEPTH are numbers"))
        .collect();
    let size = Size::from_n(args.first().copied().unwrap_or(10)).expect("size 6, 8 or 10");
    let depth = args.get(1).copied().unwrap_or(3);
    let mut moves = vec![Move::default(); depth as usize * MAX_MOVES];
    let start = Instant::now();
    let leaves = perft(&Amazons::start_position(size), depth, &mut moves).expect("move buffer");
    let secs = start.elapsed().as_secs_f64();
    println!(
        "amazons {n}x{n} perft({depth}) = {leaves} in {secs:.2} s ({:.0} M leaves/s)",
        leaves as f64 / secs / 1e6,
        n = size.n()
    );
}

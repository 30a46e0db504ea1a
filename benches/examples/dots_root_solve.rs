//! The cost of the engine's root solve for Dots-and-Boxes (`Playable::solve`, no
//! table) by undrawn edges, over random 5×5 and 6×6 positions: the largest node count
//! and time per edge count, which `dots::ROOT_SOLVE_EDGES` is chosen from.
//! `cargo run --release -p microply-benches --example dots_root_solve -- [MAX_EDGES] [POSITIONS]`
//! (default 16 200).

use std::time::Instant;

use microply_core::games::dots::{solve, stack_len, Dots, Size, SolverMove};
use microply_core::rng::{random_move, SplitMix64};
use microply_core::search::Table;
use microply_core::Game;

fn main() {
    let mut args = std::env::args().skip(1);
    let max_edges: u32 = args.next().map_or(16, |a| a.parse().expect("MAX_EDGES"));
    let positions: u32 = args.next().map_or(200, |a| a.parse().expect("POSITIONS"));
    println!("undrawn  positions  max-nodes  max-ms");
    for undrawn in 6..=max_edges {
        let mut rng = SplitMix64::new(u64::from(undrawn));
        let (mut max_nodes, mut max_ms) = (0u64, 0f64);
        for i in 0..positions {
            let size = if i % 2 == 0 {
                Size::new(5, 5)
            } else {
                Size::new(6, 6)
            };
            let mut pos = Dots::empty(size.expect("size"));
            while pos.undrawn().count() > undrawn {
                pos = pos.after(random_move(&pos, &mut rng).expect("moves left"));
            }
            let start = Instant::now();
            let mut stack = vec![SolverMove::default(); stack_len(undrawn)];
            let s = solve(&pos, &mut Table::new(&mut []), &mut stack).expect("solvable");
            max_ms = max_ms.max(start.elapsed().as_secs_f64() * 1e3);
            max_nodes = max_nodes.max(s.nodes);
        }
        println!("{undrawn:7}  {positions:9}  {max_nodes:9}  {max_ms:6.2}");
    }
}

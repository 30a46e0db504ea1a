//! Times fixed-depth searches from an Amazons start position for every algorithm and
//! both evaluators, printing nodes, leaf evaluations, time and nodes/s:
//! `cargo run --release -p microply-benches --example amazons_search -- [SIZE] [DEPTH] [ALGOS]`
//! (default 10 2 alphabeta,pvs,mtdf,sss; minimax from the 10x10 start needs 4.3M
//! evaluations at depth 2).

use std::time::Instant;

use microply_core::games::amazons::{Amazons, Move, PaperEval, Size, TerritoryEval, MAX_MOVES};
use microply_core::search::{search, Algorithm, Entry, Limits, NoClock, Settings, Table};
use microply_core::{Evaluator, Notation};

fn run<E: Evaluator<Amazons>>(
    name: &str,
    eval: &E,
    pos: &Amazons,
    algorithm: Algorithm,
    depth: u32,
) {
    let mut memory = vec![Entry::EMPTY; 1 << 20];
    let mut tt = Table::new(&mut memory);
    let mut moves = vec![Move::default(); (depth as usize + 2) * MAX_MOVES];
    let settings = Settings {
        algorithm,
        limits: Limits::depth(depth),
        ..Settings::default()
    };
    let start = Instant::now();
    let r = search(pos, eval, &mut tt, &mut moves, &settings, &NoClock, |_| {}).expect("stack");
    let secs = start.elapsed().as_secs_f64();
    let best = r
        .best
        .map(|m| pos.display_move(m).to_string())
        .unwrap_or_default();
    println!(
        "{name:9} {algorithm:9} depth {depth}: {best:12} score {:>8} nodes {:>9} evals {:>9} {secs:7.3} s {:>6.0} k nodes/s",
        r.score.map(|s| s.to_string()).unwrap_or_default(),
        r.stats.nodes,
        r.stats.leaf_evals,
        r.stats.nodes as f64 / secs / 1e3,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args
        .first()
        .and_then(|a| a.parse().ok())
        .and_then(Size::from_n)
        .unwrap_or(Size::Ten);
    let depth = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let algos: Vec<Algorithm> = args
        .get(2)
        .map(|a| {
            a.split(',')
                .map(|x| x.parse().expect("algorithm"))
                .collect()
        })
        .unwrap_or_else(|| {
            vec![
                Algorithm::AlphaBeta,
                Algorithm::Pvs,
                Algorithm::Mtdf,
                Algorithm::Sss,
            ]
        });
    let pos = Amazons::start_position(size);
    for &algorithm in &algos {
        run(
            "territory",
            &TerritoryEval::default(),
            &pos,
            algorithm,
            depth,
        );
        run("paper", &PaperEval::default(), &pos, algorithm, depth);
    }
}

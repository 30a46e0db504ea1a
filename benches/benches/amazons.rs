//! Amazons: bulk-counted perft, the evaluators, and fixed-depth search per algorithm
//! from the 10×10 start.
//!
//! perft(3) of 10×10 (8.35e9 leaves, several seconds) is timed by the example
//! `amazons_perft` rather than here, to keep the bench run short; criterion measures
//! perft(2) of 10×10 and perft(3) of 6×6. Searches: every algorithm but minimax at
//! depths 1 and 2 with both evaluators, minimax at depth 1 (its depth 2 is 4.3M
//! evaluations). Depth 3 searches take minutes with generation-order move ordering:
//! time them with the `amazons_search` example. Node counts are deterministic and
//! asserted so a silent change of search behaviour shows.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use microply_core::games::amazons::{Amazons, Move, PaperEval, Size, TerritoryEval, MAX_MOVES};
use microply_core::search::{search, Algorithm, Entry, Limits, NoClock, Settings, Table};
use microply_core::{perft, Evaluator, Game};

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("amazons/perft");
    group.sample_size(10);
    let mut moves = vec![Move::default(); 3 * MAX_MOVES];
    for (size, depth, leaves) in [(Size::Ten, 2, 4_307_152u64), (Size::Six, 3, 91_074_224)] {
        let start = Amazons::start_position(size);
        group.throughput(Throughput::Elements(leaves));
        let name = format!("{n}x{n}-depth{depth}", n = size.n());
        group.bench_function(name, |b| {
            b.iter(|| perft(black_box(&start), depth, &mut moves))
        });
    }
    group.throughput(Throughput::Elements(2176));
    group.bench_function("10x10-count-moves", |b| {
        let start = Amazons::start_position(Size::Ten);
        b.iter(|| black_box(&start).count_moves())
    });
    group.finish();
}

fn eval_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("amazons/eval");
    let start = Amazons::start_position(Size::Ten);
    group.bench_function("territory", |b| {
        b.iter(|| TerritoryEval::default().evaluate(black_box(&start)))
    });
    group.bench_function("paper", |b| {
        b.iter(|| PaperEval::default().evaluate(black_box(&start)))
    });
    group.finish();
}

/// Runs one search from the 10×10 start and returns its node count.
fn run<E: Evaluator<Amazons>>(
    eval: &E,
    algorithm: Algorithm,
    depth: u32,
    memory: &mut [Entry],
    moves: &mut [Move],
) -> u64 {
    let settings = Settings {
        algorithm,
        limits: Limits::depth(depth),
        ..Settings::default()
    };
    let mut tt = Table::new(memory);
    let start = Amazons::start_position(Size::Ten);
    search(&start, eval, &mut tt, moves, &settings, &NoClock, |_| {})
        .map(|r| r.stats.nodes)
        .unwrap_or(0)
}

fn search_group<E: Evaluator<Amazons>>(c: &mut Criterion, name: &str, eval: &E) {
    let mut group = c.benchmark_group(format!("amazons/search-{name}"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let mut memory = vec![Entry::EMPTY; 1 << 18];
    let mut moves = vec![Move::default(); 4 * MAX_MOVES];
    for depth in 1..=2 {
        for algorithm in Algorithm::ALL {
            if algorithm == Algorithm::Minimax && depth > 1 {
                continue;
            }
            let nodes = run(eval, algorithm, depth, &mut memory, &mut moves);
            assert_eq!(
                Some(nodes),
                expected_nodes(name, algorithm, depth),
                "{name} {algorithm} depth {depth}: search behaviour changed"
            );
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(BenchmarkId::new(algorithm.name(), depth), |b| {
                b.iter(|| run(eval, algorithm, depth, &mut memory, &mut moves))
            });
        }
    }
    group.finish();
}

/// Nodes of the searches above (2^18-entry table). MTD(f) and AB-SSS* revisit nodes
/// in many null-window passes: the evaluators' fixed-point values are fine-grained.
fn expected_nodes(eval: &str, algorithm: Algorithm, depth: u32) -> Option<u64> {
    use Algorithm::{AlphaBeta, Minimax, Mtdf, Pvs, Sss};
    let nodes = match (eval, algorithm, depth) {
        (_, Minimax | AlphaBeta, 1) => 2_177,
        (_, Sss, 1) => 2_179,
        ("territory", Pvs, 1) => 2_210,
        ("territory", Mtdf, 1) => 10_143,
        ("territory", AlphaBeta, 2) => 77_827,
        ("territory", Pvs, 2) => 77_866,
        ("territory", Mtdf, 2) => 6_103_131,
        ("territory", Sss, 2) => 6_320_504,
        ("paper", Pvs, 1) => 2_193,
        ("paper", Mtdf, 1) => 5_144,
        ("paper", AlphaBeta, 2) => 70_934,
        ("paper", Pvs, 2) => 70_960,
        ("paper", Mtdf, 2) => 639_561,
        ("paper", Sss, 2) => 636_596,
        _ => return None,
    };
    Some(nodes)
}

fn search_bench(c: &mut Criterion) {
    search_group(c, "territory", &TerritoryEval::default());
    search_group(c, "paper", &PaperEval::default());
}

criterion_group!(benches, perft_bench, eval_bench, search_bench);
criterion_main!(benches);

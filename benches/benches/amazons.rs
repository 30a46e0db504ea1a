//! Amazons: bulk-counted perft, the evaluators, and fixed-depth search per algorithm
//! from the 10×10 start.
//!
//! perft(3) of 10×10 (8.35e9 leaves, several seconds) is timed by the example
//! `amazons_perft` rather than here, to keep the bench run short; criterion measures
//! perft(2) of 10×10 and perft(3) of 6×6. Searches: every algorithm but minimax at
//! depths 1, 2 and 3 with both evaluators (depth 3 takes seconds a search: filter
//! with `-- depth3` or skip it with `-- 'search-(territory|paper)/'`), minimax at
//! depth 1 (its depth 2 is 4.3M evaluations, its depth 3 would be the 8.35e9 leaves
//! of perft(3), each evaluated). Node counts are deterministic and asserted so a
//! silent change of search behaviour shows; `amazons_search` prints the same
//! searches once with nodes/s.

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
    for depth in 1..=3 {
        if depth == 3 {
            group.measurement_time(Duration::from_secs(60));
        }
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
            group.bench_function(
                BenchmarkId::new(algorithm.name(), format!("depth{depth}")),
                |b| b.iter(|| run(eval, algorithm, depth, &mut memory, &mut moves)),
            );
        }
    }
    group.finish();
}

/// Nodes of the searches above (2^18-entry table). The territory evaluator's quarter
/// grain keeps MTD(f) near PVS; AB-SSS* starts from +inf and pays for it at depth 3.
fn expected_nodes(eval: &str, algorithm: Algorithm, depth: u32) -> Option<u64> {
    use Algorithm::{AlphaBeta, Minimax, Mtdf, Pvs, Sss};
    let nodes = match (eval, algorithm, depth) {
        (_, Minimax | AlphaBeta, 1) => 2_177,
        (_, Sss, 1) => 2_179,
        ("territory", Pvs, 1) => 2_207,
        ("territory", Mtdf, 1) => 9_261,
        ("territory", AlphaBeta, 2) => 22_142,
        ("territory", Pvs, 2) => 22_799,
        ("territory", Mtdf, 2) => 191_958,
        ("territory", Sss, 2) => 274_848,
        ("territory", AlphaBeta, 3) => 7_332_109,
        ("territory", Pvs, 3) => 4_888_539,
        ("territory", Mtdf, 3) => 4_995_209,
        ("territory", Sss, 3) => 11_656_695,
        ("paper", Pvs, 1) => 2_193,
        ("paper", Mtdf, 1) => 5_144,
        ("paper", AlphaBeta, 2) => 24_795,
        ("paper", Pvs, 2) => 24_881,
        ("paper", Mtdf, 2) => 526_576,
        ("paper", Sss, 2) => 524_096,
        ("paper", AlphaBeta, 3) => 8_228_917,
        ("paper", Pvs, 3) => 5_318_115,
        ("paper", Mtdf, 3) => 6_124_387,
        ("paper", Sss, 3) => 17_506_349,
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

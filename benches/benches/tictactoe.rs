//! Tic-tac-toe: perft to the end of the game and full-depth search per algorithm.
//! The node counts are deterministic; the search bench asserts them so a silent
//! change of search behaviour shows here as well as in the tests.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use microply_core::games::tictactoe::{Cell, OpenLines, TicTacToe};
use microply_core::perft;
use microply_core::search::{search, Algorithm, Entry, Limits, NoClock, Settings, Table};

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe/perft");
    let mut moves = [Cell::default(); 64];
    group.throughput(Throughput::Elements(127_872));
    group.bench_function("depth9", |b| {
        b.iter(|| perft(black_box(&TicTacToe::START), 9, &mut moves))
    });
    group.finish();
}

/// One depth-9 search from the start with a fresh table; its node count.
fn run(algorithm: Algorithm, memory: &mut [Entry], moves: &mut [Cell]) -> u64 {
    let settings = Settings {
        algorithm,
        limits: Limits::depth(9),
        ..Settings::default()
    };
    let mut tt = Table::new(memory);
    search(
        black_box(&TicTacToe::START),
        &OpenLines,
        &mut tt,
        moves,
        &settings,
        &NoClock,
        |_| {},
    )
    .map(|r| r.stats.nodes)
    .unwrap_or(0)
}

fn search_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe/search-depth9");
    let mut memory = vec![Entry::EMPTY; 1 << 12];
    let mut moves = [Cell::default(); 64];
    for algorithm in Algorithm::ALL {
        let nodes = run(algorithm, &mut memory, &mut moves);
        assert_eq!(
            nodes,
            expected_nodes(algorithm),
            "{algorithm}: search behaviour changed"
        );
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(algorithm.name(), |b| {
            b.iter(|| run(algorithm, &mut memory, &mut moves))
        });
    }
    group.finish();
}

/// Nodes of a depth-9 search from the start with a 4,096-entry table (also checked in
/// `tests/tests/tictactoe.rs`).
fn expected_nodes(algorithm: Algorithm) -> u64 {
    match algorithm {
        Algorithm::Minimax => 1_290_114,
        Algorithm::AlphaBeta => 6_698,
        Algorithm::Pvs => 5_980,
        Algorithm::Mtdf => 6_581,
        Algorithm::Sss => 8_245,
    }
}

criterion_group!(benches, perft_bench, search_bench);
criterion_main!(benches);

//! Dots-and-Boxes: the exact solver on 3×3 from the empty board, and the feature
//! extraction the evaluator (and the GA) calls on every leaf, on a 5×5 middle game.
//! The solver's node count is deterministic and asserted, so a silent change of the
//! solver's behaviour shows here as well as in the tests.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use microply_core::games::dots::{solve, stack_len, ChainEval, Dots, Features, Size, SolverMove};
use microply_core::rng::{random_move, SplitMix64};
use microply_core::search::{Entry, Table};
use microply_core::{Evaluator, Game};

/// Nodes the solver visits on 3×3 from the empty board with a 2^20-entry table.
const NODES_3X3: u64 = 1_027_332;

fn solve_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("dots/solve");
    group.sample_size(10);
    let start = Dots::empty(Size::new(3, 3).unwrap());
    let mut memory = vec![Entry::EMPTY; 1 << 20];
    let mut tt = Table::new(&mut memory);
    let mut stack = vec![SolverMove::default(); stack_len(24)];
    let s = solve(&start, &mut tt, &mut stack).unwrap();
    assert_eq!(s.first_margin, -3);
    assert_eq!(s.nodes, NODES_3X3, "solver behaviour changed");
    group.bench_function("3x3", |b| {
        b.iter(|| solve(black_box(&start), &mut tt, &mut stack))
    });
    group.finish();
}

/// A 5×5 position after 30 random moves: chains, loops and open boxes side by side.
fn middle_game() -> Dots {
    let mut rng = SplitMix64::new(5);
    let mut pos = Dots::empty(Size::default());
    for _ in 0..30 {
        if let Some(m) = random_move(&pos, &mut rng) {
            pos = pos.after(m);
        }
    }
    pos
}

fn features_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("dots/eval-5x5");
    let pos = middle_game();
    group.bench_function("features", |b| {
        b.iter(|| Features::of(black_box(pos.edges()), black_box(pos.size())))
    });
    let eval = ChainEval::default();
    group.bench_function("evaluate", |b| b.iter(|| eval.evaluate(black_box(&pos))));
    group.finish();
}

criterion_group!(benches, solve_bench, features_bench);
criterion_main!(benches);

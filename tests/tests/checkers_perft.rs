//! Perft of English draughts from the start position against the published counts
//! (`tests/data/checkers/perft-start.txt`). Depths 1–9 run in the normal test run,
//! 10–12 are `#[ignore]`d and run in release mode by `tests/run-all.sh`.
//!
//! `cargo test --release -p microply-tests --test checkers_perft -- --ignored --nocapture`
//! prints the time and leaves per second of each deep run.

use std::time::Instant;

use microply_core::games::checkers::{Checkers, Move};
use microply_core::{perft, Game};

const DATA: &str = include_str!("../data/checkers/perft-start.txt");

/// The published count for `depth`.
fn expected(depth: u32) -> u64 {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .find_map(|l| {
            let (d, n) = l.split_once(' ')?;
            (d.parse::<u32>().ok()? == depth).then(|| n.trim().parse().ok())?
        })
        .unwrap_or_else(|| panic!("no count for depth {depth}"))
}

fn run(depth: u32) {
    let start = Checkers::start(&Default::default());
    let mut moves = vec![Move::default(); 64 * 32];
    let clock = Instant::now();
    let count = perft(&start, depth, &mut moves).expect("move stack");
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {count} in {secs:.3} s, {:.1} M leaves/s",
        count as f64 / secs / 1e6
    );
    assert_eq!(count, expected(depth), "perft({depth})");
}

#[test]
fn perft_1_to_9() {
    for depth in 1..=9 {
        run(depth);
    }
}

#[test]
#[ignore = "deep: run in release"]
fn perft_10() {
    run(10);
}

#[test]
#[ignore = "deep: run in release"]
fn perft_11() {
    run(11);
}

#[test]
#[ignore = "deep: run in release"]
fn perft_12() {
    run(12);
}

//! The protocol's `bench` (also `microply bench` and part of the firmware cross-check):
//! its node counts, scores and best moves are pinned in `tests/data/bench.txt`, the
//! one place to re-pin them when search behaviour changes on purpose:
//! `MICROPLY_BLESS=1 cargo test -p microply-tests --test bench` (then review the diff).

use microply_core::protocol::{Engine, MoveWord, BENCH_TT_ENTRIES};
use microply_core::search::{Entry, NoClock};
use microply_host::firmware::suite::normalize;

const PINNED: &str = "data/bench.txt";

/// The engine's reply to `fen`, `bench`, `fen` with a table of `tt_entries`.
fn bench_reply(tt_entries: usize) -> (String, String, String) {
    let mut tt = vec![Entry::EMPTY; tt_entries];
    let mut moves = vec![0 as MoveWord; 1 << 16];
    let mut engine = Engine::new(&mut tt, &mut moves);
    let mut replies = ["fen", "bench", "fen"].map(|command| {
        let mut reply = String::new();
        engine.execute(command, &NoClock, &mut reply);
        reply
    });
    let after = std::mem::take(&mut replies[2]);
    let bench = std::mem::take(&mut replies[1]);
    (std::mem::take(&mut replies[0]), normalize(&bench), after)
}

#[test]
fn bench_counts_are_the_pinned_ones() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(PINNED);
    let (_, bench, _) = bench_reply(BENCH_TT_ENTRIES);
    if std::env::var_os("MICROPLY_BLESS").is_some() {
        std::fs::write(&path, format!("{bench}\n")).expect("writable pinned file");
        return;
    }
    let pinned = std::fs::read_to_string(&path).expect("tests/data/bench.txt exists");
    assert_eq!(
        bench,
        pinned.trim_end(),
        "bench output changed; re-pin with MICROPLY_BLESS=1 if intended"
    );
    assert!(
        bench.lines().count() > 8,
        "a position per line and the total: {bench}"
    );
}

#[test]
fn bench_does_not_depend_on_the_engine_memory_or_change_its_position() {
    let (before, small, after) = bench_reply(BENCH_TT_ENTRIES);
    assert_eq!(before, after);
    let (_, large, _) = bench_reply(1 << 16);
    assert_eq!(small, large);
}

#[test]
fn bench_total_is_the_sum_of_the_positions() {
    let (_, bench, _) = bench_reply(BENCH_TT_ENTRIES);
    let field = |line: &str, key: &str| -> u64 {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(key)?.parse().ok())
            .unwrap_or_else(|| panic!("no {key} in {line}"))
    };
    let (positions, total): (Vec<&str>, Vec<&str>) = bench
        .lines()
        .filter(|l| l.starts_with("bench "))
        .partition(|l| !l.starts_with("bench total"));
    let sum: u64 = positions.iter().map(|l| field(l, "nodes=")).sum();
    assert_eq!(sum, field(total[0], "nodes="));
}

//! Perft from the Amazons start positions against `tests/data/amazons/perft.txt`.
//! Depths 1–2 run every time; depth 3 is `#[ignore]`d (run in release in CI).

use microply_core::games::amazons::{Amazons, Move, Size, MAX_MOVES};
use microply_core::perft;

const DATA: &str = include_str!("../data/amazons/perft.txt");

/// `(size, depth, leaves)` rows of the data file.
fn table() -> impl Iterator<Item = (Size, u32, u64)> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            let size = Size::from_n(f[0] as u32).unwrap();
            (size, f[1] as u32, f[2])
        })
}

fn check(filter: impl Fn(Size, u32) -> bool) -> usize {
    let mut moves = vec![Move::default(); 3 * MAX_MOVES];
    let mut checked = 0;
    for (size, depth, leaves) in table().filter(|&(s, d, _)| filter(s, d)) {
        let start = Amazons::start_position(size);
        assert_eq!(
            perft(&start, depth, &mut moves),
            Ok(leaves),
            "{size:?} depth {depth}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn perft_depths_one_and_two() {
    assert_eq!(check(|_, d| d <= 2), 6);
}

#[test]
#[ignore = "deep: run in release"]
fn perft_6x6_depth_three() {
    assert_eq!(check(|s, d| s == Size::Six && d == 3), 1);
}

#[test]
#[ignore = "deep: run in release (8.35e9 leaves, a few seconds)"]
fn perft_10x10_depth_three() {
    assert_eq!(check(|s, d| s == Size::Ten && d == 3), 1);
}

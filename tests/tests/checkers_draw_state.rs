//! The transposition table never mixes checkers draw states: on kings-and-men
//! endgames (many reversible moves, so the plies-since-capture counter and the
//! repetition history decide results), under every `draw_plies` from 1 to 80, with
//! tables from one entry to 2^16, every algorithm returns minimax's value. (Before the
//! hash covered the draw state, the property test failed within its 256 cases and the
//! issue's position failed outright.)
//!
//! The roots are seeded random endgames advanced by random moves until the draw rule
//! is `slack` plies away, so the rule and the history of king steps (repetitions)
//! decide values inside the searched tree. The normal run uses up to
//! six pieces and depths up to 7; the `#[ignore]`d variant (CI runs it in release)
//! goes to depth 8 with more cases.

use microply_core::games::checkers::bitboard::{BOTTOM_ROW, TOP_ROW};
use microply_core::games::checkers::{Baseline, Checkers, Config, Move, Square};
use microply_core::rng::{below, random_move, SplitMix64};
use microply_core::search::{search, Algorithm, Entry, Limits, Mode, NoClock, Settings, Table};
use microply_core::{Game, Notation, Player, Score};
use proptest::prelude::*;

/// An endgame of `kings` kings and `men` men per side (side 0 Black, 1 White) on
/// random squares, advanced by random moves until at most `slack` plies remain before
/// the draw rule; `None` when that does not happen within 200 plies.
fn endgame(
    seed: u64,
    kings: [u32; 2],
    men: [u32; 2],
    slack: u8,
    draw_plies: u8,
) -> Option<Checkers> {
    let mut rng = SplitMix64::new(seed);
    let mut masks = [0u32; 2];
    let mut king_mask = 0u32;
    for side in 0..2 {
        // A man never stands on the row where it would be crowned.
        let crown = if side == 0 { BOTTOM_ROW } else { TOP_ROW };
        for n in 0..kings[side] + men[side] {
            let is_king = n < kings[side];
            let sq = loop {
                let sq = Square::new(below(&mut rng, 32) as u8)
                    .expect("an index below 32 is a square")
                    .bit();
                if sq & (masks[0] | masks[1]) == 0 && (is_king || sq & crown == 0) {
                    break sq;
                }
            };
            masks[side] |= sq;
            if is_king {
                king_mask |= sq;
            }
        }
    }
    let side = if below(&mut rng, 2) == 0 {
        Player::First
    } else {
        Player::Second
    };
    let config = Config { draw_plies };
    let mut pos = Checkers::from_masks(masks[0], masks[1], king_mask, side, &config)?;
    let target = draw_plies.saturating_sub(slack);
    for _ in 0..200 {
        if pos.reversible_plies() >= target || pos.outcome().is_some() {
            break;
        }
        pos = pos.after(random_move(&pos, &mut rng)?);
    }
    (pos.outcome().is_none() && pos.reversible_plies() >= target).then_some(pos)
}

fn score(
    pos: &Checkers,
    algorithm: Algorithm,
    depth: u32,
    tt_entries: usize,
    iterative: bool,
) -> Score {
    let mut memory = vec![Entry::EMPTY; tt_entries];
    let mut tt = Table::new(&mut memory);
    let mut stack = vec![Move::default(); 4096];
    let settings = Settings {
        algorithm,
        limits: Limits::depth(depth),
        iterative,
        reorder: true,
        mode: Mode::Exact,
    };
    search(
        pos,
        &Baseline::default(),
        &mut tt,
        &mut stack,
        &settings,
        &NoClock,
        |_| {},
    )
    .expect("4096 moves hold any endgame line")
    .score
    .expect("a live root has a score")
}

/// Every table algorithm against minimax on one root.
fn check(
    pos: &Checkers,
    depth: u32,
    tt_entries: usize,
    iterative: bool,
) -> Result<(), TestCaseError> {
    let reference = score(pos, Algorithm::Minimax, depth, 0, false);
    for algorithm in &Algorithm::ALL[1..] {
        let got = score(pos, *algorithm, depth, tt_entries, iterative);
        prop_assert_eq!(
            got,
            reference,
            "{} depth {} tt {} iterative {} draw_plies {} reversible {} fen {}",
            algorithm,
            depth,
            tt_entries,
            iterative,
            pos.config().draw_plies,
            pos.reversible_plies(),
            pos.display_fen()
        );
    }
    Ok(())
}

/// `cases` cases, with room for the rejected placements (too many pieces, or no
/// live position near the draw rule).
fn with_cases(cases: u32) -> ProptestConfig {
    ProptestConfig {
        max_global_rejects: cases * 8,
        ..ProptestConfig::with_cases(cases)
    }
}

fn table_sizes() -> impl Strategy<Value = usize> {
    prop::sample::select(vec![1usize, 7, 64, 1 << 10, 1 << 16])
}

/// Draw rules: half the cases short (the draw counter decides inside the tree from
/// the first ply on), half anywhere in 1–80 (the root is then advanced close to it).
fn draw_rules() -> impl Strategy<Value = u8> {
    prop_oneof![1u8..=8, 1u8..=80]
}

proptest! {
    #![proptest_config(with_cases(256))]

    #[test]
    fn every_algorithm_returns_minimax_value_under_every_draw_rule(
        seed: u64,
        kings in [1u32..=3, 1u32..=3],
        men in [0u32..=2, 0u32..=2],
        slack in 0u8..=8,
        draw_plies in draw_rules(),
        depth in 1u32..=7,
        tt_entries in table_sizes(),
        iterative: bool,
    ) {
        prop_assume!(kings[0] + kings[1] + men[0] + men[1] <= 6);
        let pos = endgame(seed, kings, men, slack, draw_plies);
        prop_assume!(pos.is_some());
        check(&pos.unwrap(), depth, tt_entries, iterative)?;
    }
}

proptest! {
    #![proptest_config(with_cases(2048))]

    #[test]
    #[ignore = "deep: minutes in debug; CI runs it in release"]
    fn every_algorithm_returns_minimax_value_deep(
        seed: u64,
        kings in [1u32..=3, 1u32..=3],
        men in [0u32..=2, 0u32..=2],
        slack in 0u8..=10,
        draw_plies in draw_rules(),
        depth in 1u32..=8,
        tt_entries in table_sizes(),
        iterative: bool,
    ) {
        prop_assume!(kings[0] + kings[1] + men[0] + men[1] <= 6);
        let pos = endgame(seed, kings, men, slack, draw_plies);
        prop_assume!(pos.is_some());
        check(&pos.unwrap(), depth, tt_entries, iterative)?;
    }
}

/// The position of issue #10: with `draw_plies=3` the table used to return values of
/// another draw state, and alpha-beta, PVS and AB-SSS* scored 0 where minimax finds
/// 0.93 (`8-11`).
#[test]
fn issue_10_position_agrees_at_every_table_size() {
    let config = Config { draw_plies: 3 };
    let pos = Checkers::parse_fen_under("B:WK14,K31:BK1,K8,12", &config).unwrap();
    for tt_entries in [1usize, 64, 1 << 14] {
        for iterative in [false, true] {
            check(&pos, 6, tt_entries, iterative).unwrap();
        }
    }
}

/// Positions that differ only in their draw state hash differently, and the same
/// state reached by two move orders hashes the same.
#[test]
fn the_hash_covers_the_draw_state() {
    let pos = Checkers::parse_fen("B:WK30:BK1").unwrap();
    let play = |p: Checkers, moves: &[&str]| {
        moves
            .iter()
            .fold(p, |p, m| p.after(p.parse_move(m).unwrap()))
    };
    // Both kings step away and back: the same pieces, four reversible plies later.
    let back = play(pos, &["1-5", "30-26", "5-1", "26-30"]);
    assert_eq!(back.reversible_plies(), 4);
    assert_ne!(back.hash(), pos.hash());
    assert_eq!(back.hash(), back.compute_hash());
    // The same pieces after four other steps: another history, another key.
    let other = play(pos, &["1-6", "30-26", "6-1", "26-30"]);
    assert_ne!(other.hash(), back.hash());
    // A rule with no room for a repetition needs no history in the key.
    let short = Config { draw_plies: 8 };
    let pos8 = Checkers::parse_fen_under("B:WK30:BK1", &short).unwrap();
    assert_eq!(
        play(pos8, &["1-5", "30-26", "5-1", "26-30"]).hash(),
        play(pos8, &["1-6", "30-26", "6-1", "26-30"]).hash()
    );
    assert_ne!(pos8.hash(), pos.hash());
}

/// A tree answered from the table hides the horizon behind the entries: before the
/// entries recorded it, MTD(f) and AB-SSS* took this depth-2 tree for solved and
/// returned its value (1.59) for depth 4 (0).
#[test]
fn table_hits_do_not_hide_the_horizon() {
    let config = Config { draw_plies: 1 };
    let pos = Checkers::parse_fen_under("B:WK16,K25:BK3,8,K28", &config).unwrap();
    assert_eq!(score(&pos, Algorithm::Minimax, 4, 0, false), Score::ZERO);
    for tt_entries in [7usize, 1 << 14] {
        check(&pos, 4, tt_entries, true).unwrap();
    }
}

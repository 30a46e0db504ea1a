//! Rules of Dots-and-Boxes checked on random games of every size: Berlekamp's
//! identity dots + double-crosses = turns, the incremental hash, FEN round trips and
//! the `Game` invariants.

use microply_core::games::dots::{Dots, Edge, Size};
use microply_core::rng::{random_move, SplitMix64};
use microply_core::{Game, Notation, Outcome, Player};
use proptest::prelude::*;

fn sizes() -> impl Iterator<Item = Size> {
    (1..=6).flat_map(|r| (1..=6).map(move |c| Size::new(r, c).unwrap()))
}

/// Counts of one complete game.
struct Tally {
    turns: u32,
    double_crosses: u32,
}

/// Plays a random game to the end, checking the invariants after every move.
fn play_out(size: Size, rng: &mut SplitMix64) -> (Dots, Tally) {
    let mut pos = Dots::empty(size);
    let mut tally = Tally {
        turns: 1,
        double_crosses: 0,
    };
    while let Some(m) = random_move(&pos, rng) {
        let taken = pos.boxes_completed_by(m);
        let next = pos.after(m);
        if taken == 2 {
            tally.double_crosses += 1;
        }
        if next.side_to_move() != pos.side_to_move() {
            assert_eq!(taken, 0);
            tally.turns += 1;
        } else {
            assert!(taken > 0);
        }
        assert_eq!(next.hash(), next.compute_hash());
        pos = next;
    }
    (pos, tally)
}

#[test]
fn dots_plus_double_crosses_equals_turns_on_every_size() {
    let mut rng = SplitMix64::new(2026);
    for size in sizes() {
        for _ in 0..300 {
            let (end, tally) = play_out(size, &mut rng);
            assert_eq!(
                size.dots() + tally.double_crosses,
                tally.turns,
                "{}x{}",
                size.rows(),
                size.cols()
            );
            let (a, b) = (end.score(Player::First), end.score(Player::Second));
            assert_eq!(u32::from(a) + u32::from(b), size.boxes());
            let expected = match a.cmp(&b) {
                core::cmp::Ordering::Greater => Outcome::Win(Player::First),
                core::cmp::Ordering::Less => Outcome::Win(Player::Second),
                core::cmp::Ordering::Equal => Outcome::Draw,
            };
            assert_eq!(end.outcome(), Some(expected));
            assert_eq!(end.count_moves(), 0);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn hash_fen_and_moves_survive_random_play(
        rows in 1u8..=6, cols in 1u8..=6, plies in 0usize..84, seed in any::<u64>()
    ) {
        let size = Size::new(rows, cols).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut pos = Dots::empty(size);
        for _ in 0..plies {
            let Some(m) = random_move(&pos, &mut rng) else { break };
            let text = pos.display_move(m).to_string();
            prop_assert_eq!(pos.parse_move(&text), Ok(m));
            pos = pos.after(m);
            prop_assert_eq!(pos.hash(), pos.compute_hash());
        }
        let fen = pos.display_fen().to_string();
        let back = Dots::parse_fen(&fen).unwrap();
        prop_assert_eq!(back, pos);
        prop_assert_eq!(back.display_fen().to_string(), fen);
        prop_assert_eq!(pos.outcome().is_some(), !pos.has_moves());
        prop_assert_eq!(pos.count_moves(), u64::from(size.edges()) - u64::from(pos.edges().count()));
    }

    #[test]
    fn illegal_moves_change_nothing(rows in 1u8..=6, cols in 1u8..=6, raw in any::<u8>()) {
        let size = Size::new(rows, cols).unwrap();
        let pos = Dots::empty(size).after(Edge::horizontal(0, 0).unwrap());
        let m = Edge::new(raw).unwrap_or_default();
        if !pos.is_legal(m) {
            prop_assert_eq!(pos.after(m), pos);
        }
    }
}

#[test]
fn engine_protocol_plays_dots_with_scores_and_extra_turns() {
    let input = b"game dots rows=2 cols=2\nplay a1-b1\nplay a1-a2\nplay b1-b2\nfen\nplay a2-b2\nstatus\nplay a3-b3\n";
    let mut out = Vec::new();
    microply_host::cli::engine::serve(&input[..], &mut out, 1024).unwrap();
    let replies = String::from_utf8(out).unwrap();
    assert_eq!(
        replies,
        "ok\nok\nok\nok\nfen 2x2:a1-b1,a1-a2,b1-b2:0-0:2\nok\nok\n\
         status turn=second result=ongoing score=0-1\nok\nok\n"
    );
}

//! The table's packed moves ([`Game::pack_move`], [`Game::unpack_move`],
//! [`Game::find_packed`]) on random games of all four games: every legal move fits the
//! entry, packs differently from the other legal moves and comes back as itself (before
//! generation where the game checks it directly), and whatever a table entry from
//! another position holds unpacks to a legal move or to nothing.

use microply_core::games::amazons::{Amazons, Size as AmazonsSize};
use microply_core::games::checkers::{Checkers, Move};
use microply_core::games::dots::{Dots, Size as DotsSize};
use microply_core::games::tictactoe::TicTacToe;
use microply_core::rng::{below, random_move, SplitMix64};
use microply_core::{Game, PACKED_MOVE_BITS};

/// Checks every position of `games` random games from `start`; returns the positions.
fn check_random_games<G: Game>(
    start: &G,
    games: u64,
    max_plies: u32,
    direct: fn(&G, G::Move) -> bool,
) -> u64 {
    let mut rng = SplitMix64::new(0x9ACC_ED00 ^ games);
    let mut buf = vec![G::Move::default(); G::MOVE_CAPACITY];
    let mut positions = 0;
    for _ in 0..games {
        let mut pos = *start;
        for _ in 0..max_plies {
            check_position(&pos, &mut buf, &mut rng, direct);
            positions += 1;
            let Some(m) = random_move(&pos, &mut rng) else {
                break;
            };
            pos = pos.after(m);
        }
    }
    positions
}

fn check_position<G: Game>(
    pos: &G,
    buf: &mut [G::Move],
    rng: &mut SplitMix64,
    direct: fn(&G, G::Move) -> bool,
) {
    let n = pos
        .generate(buf)
        .expect("MAX_MOVES holds every position here");
    let mut all_packed: Vec<u32> = buf[..n].iter().map(|&m| G::pack_move(m)).collect();
    for &m in &buf[..n] {
        let packed = G::pack_move(m);
        assert!(
            packed >> PACKED_MOVE_BITS == 0,
            "{m:?} packs to {packed:#x}"
        );
        assert_eq!(pos.find_packed(packed), Some(m), "{pos:?}");
        let unpacked = pos.unpack_move(packed);
        assert!(unpacked.is_none() || unpacked == Some(m), "{pos:?}");
        if direct(pos, m) {
            assert_eq!(unpacked, Some(m), "{pos:?}");
        }
    }
    all_packed.sort_unstable();
    all_packed.dedup();
    assert_eq!(all_packed.len(), n, "two legal moves pack alike in {pos:?}");
    for _ in 0..64 {
        let garbage = below(rng, 1 << PACKED_MOVE_BITS) as u32;
        if let Some(m) = pos.find_packed(garbage) {
            assert!(
                pos.is_legal(m),
                "{garbage:#x} unpacks to illegal {m:?} in {pos:?}"
            );
            assert_eq!(G::pack_move(m), garbage);
        }
    }
}

#[test]
fn tictactoe_moves_round_trip() {
    assert!(check_random_games(&TicTacToe::START, 50, 9, |_, _| true) > 200);
}

#[test]
fn checkers_moves_round_trip() {
    // Simple moves directly; captures are found among the generated moves.
    let simple = |_: &Checkers, m: Move| !m.is_capture();
    assert!(check_random_games(&Checkers::START, 40, 150, simple) > 1000);
}

#[test]
fn dots_moves_round_trip() {
    let start = Dots::empty(DotsSize::new(4, 5).unwrap());
    assert!(check_random_games(&start, 20, 60, |_, _| true) > 500);
}

#[test]
fn amazons_moves_round_trip() {
    for size in [AmazonsSize::Six, AmazonsSize::Ten] {
        let start = Amazons::start_position(size);
        assert!(check_random_games(&start, 2, 40, |_, _| true) > 40);
    }
}

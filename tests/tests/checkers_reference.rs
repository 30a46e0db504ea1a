//! A second, obviously-correct English draughts move generator on a plain 8x8 array,
//! compared with the bitboard generator on thousands of random positions (kings,
//! long multi-jumps, several capture paths to the same result), and small perfts of
//! hand-made positions derived with it.

use std::collections::BTreeSet;

use microply_core::games::checkers::{Checkers, Config, Move};
use microply_core::rng::{below, SplitMix64};
use microply_core::{perft, Game, Notation, Player};
use microply_tests::checkers_reference::{index, path_indices, Board};

fn bitboard_moves(pos: &Checkers) -> Vec<Move> {
    let mut buf = vec![Move::default(); Checkers::MOVE_CAPACITY];
    let n = pos.generate(&mut buf).unwrap();
    buf.truncate(n);
    buf
}

/// Compares the two generators on `pos`: same paths, same captured pieces, same
/// successor positions, same bulk count. Returns the number of moves.
fn compare(pos: &Checkers) -> usize {
    if pos.is_draw_by_rule() {
        // The reference knows no draw rules; a drawn position has no moves.
        assert_eq!(pos.count_moves(), 0);
        assert!(pos.outcome().is_some());
        return 0;
    }
    let board = Board::from_position(pos);
    assert_eq!(
        board.position().display_fen().to_string(),
        pos.display_fen().to_string()
    );
    let reference = board.moves();
    let fast = bitboard_moves(pos);
    let fen = pos.display_fen().to_string();
    let ref_paths: BTreeSet<Vec<u8>> = reference.iter().map(|(p, _)| path_indices(p)).collect();
    let fast_paths: BTreeSet<Vec<u8>> = fast.iter().map(|m| m.path().to_vec()).collect();
    assert_eq!(
        ref_paths.len(),
        reference.len(),
        "{fen}: reference duplicates"
    );
    assert_eq!(fast_paths.len(), fast.len(), "{fen}: bitboard duplicates");
    assert_eq!(fast_paths, ref_paths, "{fen}");
    assert_eq!(pos.count_moves(), fast.len() as u64, "{fen}");
    assert_eq!(pos.has_moves(), !fast.is_empty(), "{fen}");
    assert_eq!(
        pos.is_quiet(),
        fast.iter().all(|m| !m.is_capture()),
        "{fen}"
    );
    for (path, taken) in &reference {
        let indices = path_indices(path);
        let m = fast
            .iter()
            .find(|m| m.path() == indices.as_slice())
            .unwrap();
        let captured: u32 = taken
            .iter()
            .map(|&(r, c)| 1u32 << index(r as usize, c as usize))
            .sum();
        assert_eq!(m.captured(), captured, "{fen} {m}");
        let expected = board.play(path, taken).position();
        let child = pos.after(*m);
        assert_eq!(
            child.display_fen().to_string(),
            expected.display_fen().to_string(),
            "{fen} {m}"
        );
        assert_eq!(child.hash(), child.compute_hash(), "{fen} {m}");
        assert_eq!(pos.parse_move(&m.to_string()), Ok(*m));
    }
    fast.len()
}

/// A random legal-looking placement: up to 12 pieces a side, kings often, no man on
/// its own crowning row.
fn random_position(rng: &mut SplitMix64) -> Checkers {
    let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
    let counts = [1 + below(rng, 12), 1 + below(rng, 12)];
    let king_odds = below(rng, 4);
    for (side, &count) in counts.iter().enumerate() {
        let mut placed = 0;
        while placed < count {
            let sq = below(rng, 32) as u32;
            let bit = 1u32 << sq;
            if (black | white) & bit != 0 {
                continue;
            }
            let crown_row = if side == 0 { sq >= 28 } else { sq < 4 };
            let king = crown_row || below(rng, 4) < king_odds;
            if side == 0 {
                black |= bit;
            } else {
                white |= bit;
            }
            if king {
                kings |= bit;
            }
            placed += 1;
        }
    }
    let side = if below(rng, 2) == 0 {
        Player::First
    } else {
        Player::Second
    };
    Checkers::from_masks(black, white, kings, side, &Config::default()).unwrap()
}

#[test]
fn random_placements_agree() {
    let mut rng = SplitMix64::new(0xC0FFEE);
    let (mut captures, mut most) = (0, 0);
    for _ in 0..6000 {
        let pos = random_position(&mut rng);
        let n = compare(&pos);
        most = most.max(n);
        if !pos.is_quiet() {
            captures += 1;
        }
    }
    println!("{captures} positions with captures, at most {most} moves");
    assert!(captures > 1000, "too few capture positions: {captures}");
}

#[test]
fn random_games_agree() {
    let mut rng = SplitMix64::new(42);
    let mut positions = 0;
    for _ in 0..60 {
        let mut pos = Checkers::start(&Config::default());
        for _ in 0..200 {
            compare(&pos);
            positions += 1;
            let moves = bitboard_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.after(moves[below(&mut rng, moves.len() as u64) as usize]);
        }
    }
    assert!(positions > 3000);
}

/// Positions where several capture paths lead to the same result, with perft counts
/// derived by the reference generator (`tests/data/checkers/perft-paths.txt`).
const PATHS: &str = include_str!("../data/checkers/perft-paths.txt");

#[test]
fn several_paths_to_one_result() {
    let mut stack = vec![Move::default(); 4096];
    for line in PATHS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split_whitespace();
        let fen = fields.next().unwrap();
        let counts: Vec<u64> = fields.map(|n| n.parse().unwrap()).collect();
        let pos = Checkers::parse_fen(fen).unwrap();
        let mut by_result = std::collections::BTreeMap::new();
        for m in bitboard_moves(&pos) {
            *by_result
                .entry(pos.after(m).display_fen().to_string())
                .or_insert(0) += 1;
        }
        assert!(
            by_result.values().any(|&n| n > 1),
            "{fen}: no two paths share a result"
        );
        let board = Board::from_position(&pos);
        for (depth, &expected) in (1..).zip(&counts) {
            assert_eq!(
                board.perft(depth),
                expected,
                "{fen} reference depth {depth}"
            );
            assert_eq!(
                perft(&pos, depth, &mut stack),
                Ok(expected),
                "{fen} depth {depth}"
            );
        }
    }
}

/// Finds the random positions of `perft-paths.txt` again (two capture paths share a
/// result), prints them with their reference perft counts and checks they are listed.
#[test]
#[ignore = "slow in debug; prints the lines with --nocapture"]
fn shared_result_positions_are_reproducible() {
    let mut rng = SplitMix64::new(7);
    let mut found = 0;
    while found < 4 {
        let pos = random_position(&mut rng);
        let moves = bitboard_moves(&pos);
        let mut results = BTreeSet::new();
        let shared = moves
            .iter()
            .any(|m| !results.insert(pos.after(*m).display_fen().to_string()));
        if shared && moves.len() >= 3 {
            let board = Board::from_position(&pos);
            let counts: Vec<String> = (1..=5).map(|d| board.perft(d).to_string()).collect();
            let line = format!("{} {}", pos.display_fen(), counts.join(" "));
            println!("{line}");
            assert!(
                PATHS.lines().any(|l| l == line),
                "{line} is not in perft-paths.txt"
            );
            found += 1;
        }
    }
}

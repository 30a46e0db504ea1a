//! Tic-tac-toe solved by every algorithm: the start is a draw, every reachable
//! position gets minimax's value, 255,168 games, and the textbook depth-2 choice.

use std::collections::HashMap;

use microply_core::games::tictactoe::{Cell, OpenLines, TicTacToe};
use microply_core::search::{
    search, Algorithm, Entry, Limits, Mode, NoClock, SearchResult, Settings, Table,
};
use microply_core::{Game, Notation, Score};
use proptest::prelude::*;

fn solve(pos: &TicTacToe, tt: &mut Table<'_>, settings: &Settings) -> SearchResult<Cell> {
    let mut moves = [Cell::default(); 64];
    search(pos, &OpenLines, tt, &mut moves, settings, &NoClock, |_| {})
        .expect("64 moves hold any line")
}

fn settings(algorithm: Algorithm, depth: u32, iterative: bool) -> Settings {
    Settings {
        algorithm,
        limits: Limits::depth(depth),
        iterative,
        reorder: true,
        mode: Mode::Exact,
    }
}

/// Every position reachable from the start (finished positions included).
fn reachable() -> Vec<TicTacToe> {
    let mut seen = HashMap::new();
    let mut todo = vec![TicTacToe::START];
    while let Some(p) = todo.pop() {
        if seen.insert(p.hash(), p).is_some() {
            continue;
        }
        let mut moves = [Cell::default(); 9];
        let n = p.generate(&mut moves).unwrap();
        todo.extend(moves[..n].iter().map(|&m| p.after(m)));
    }
    let mut all: Vec<_> = seen.into_values().collect();
    all.sort_by_key(|p| p.display_fen().to_string());
    all
}

fn complete_games(pos: &TicTacToe) -> u64 {
    if pos.outcome().is_some() {
        return 1;
    }
    let mut moves = [Cell::default(); 9];
    let n = pos.generate(&mut moves).unwrap();
    moves[..n]
        .iter()
        .map(|&m| complete_games(&pos.after(m)))
        .sum()
}

#[test]
fn every_algorithm_finds_the_start_a_draw() {
    let mut memory = vec![Entry::EMPTY; 1 << 12];
    for algorithm in Algorithm::ALL {
        for iterative in [false, true] {
            let mut tt = Table::new(&mut memory);
            let r = solve(
                &TicTacToe::START,
                &mut tt,
                &settings(algorithm, 9, iterative),
            );
            assert_eq!(
                r.score,
                Some(Score::ZERO),
                "{algorithm} iterative={iterative}"
            );
            assert!(r.best.is_some());
            println!(
                "{algorithm:>9} iterative={iterative:<5} nodes={:>7} leaves={}",
                r.stats.nodes, r.stats.leaf_evals
            );
        }
    }
}

#[test]
fn node_counts_are_deterministic() {
    // The same figures are asserted by `benches/benches/tictactoe.rs` and are what
    // the firmware must reproduce.
    let mut memory = vec![Entry::EMPTY; 1 << 12];
    let expected = [1_290_114, 6_698, 5_980, 6_581, 8_245];
    for (algorithm, nodes) in Algorithm::ALL.into_iter().zip(expected) {
        let mut tt = Table::new(&mut memory);
        let r = solve(&TicTacToe::START, &mut tt, &settings(algorithm, 9, true));
        assert_eq!(r.stats.nodes, nodes, "{algorithm}");
    }
}

#[test]
fn there_are_5478_positions_and_255168_games() {
    assert_eq!(reachable().len(), 5478);
    assert_eq!(complete_games(&TicTacToe::START), 255_168);
}

#[test]
fn every_algorithm_agrees_with_minimax_on_every_reachable_position() {
    let positions = reachable();
    let mut reference_memory = vec![Entry::EMPTY; 0];
    let mut tt_memory = vec![Entry::EMPTY; 1 << 10];
    let mut tt = Table::new(&mut tt_memory);
    let mut won_for_mover = 0;
    for pos in &positions {
        let mut none = Table::new(&mut reference_memory);
        let reference = solve(pos, &mut none, &settings(Algorithm::Minimax, 9, false)).score;
        if reference.is_some_and(|s| s.win_plies().is_some()) {
            won_for_mover += 1;
        }
        for algorithm in &Algorithm::ALL[1..] {
            for iterative in [false, true] {
                let got = solve(pos, &mut tt, &settings(*algorithm, 9, iterative)).score;
                assert_eq!(
                    got,
                    reference,
                    "{algorithm} iterative={iterative} on {}",
                    pos.display_fen()
                );
            }
        }
    }
    // A sanity figure that cannot come out of a broken solver: positions where the
    // side to move has a forced win (counted by the reference itself).
    assert!(won_for_mover > 1000, "{won_for_mover}");
}

#[test]
fn depth_two_textbook_choice_is_the_centre_worth_one() {
    let mut memory = vec![Entry::EMPTY; 1 << 10];
    for algorithm in Algorithm::ALL {
        let mut tt = Table::new(&mut memory);
        let r = solve(&TicTacToe::START, &mut tt, &settings(algorithm, 2, false));
        assert_eq!(r.best, Some(Cell::new(4).unwrap()), "{algorithm}");
        assert_eq!(r.score, Some(Score::units(1)), "{algorithm}");
        assert_eq!(
            TicTacToe::START
                .display_move(Cell::new(4).unwrap())
                .to_string(),
            "b2"
        );
    }
}

proptest! {
    #[test]
    fn incremental_hash_equals_recompute(choices in proptest::collection::vec(0usize..9, 0..9)) {
        let mut pos = TicTacToe::START;
        for c in choices {
            let mut moves = [Cell::default(); 9];
            let n = pos.generate(&mut moves).unwrap();
            if n == 0 {
                break;
            }
            pos = pos.after(moves[c % n]);
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            let reparsed = TicTacToe::parse_fen(&pos.display_fen().to_string()).unwrap();
            prop_assert_eq!(reparsed, pos);
        }
    }
}

//! The generic search family plays Dots-and-Boxes too: searched to the end, every
//! algorithm finds the winner the exact solver finds (turns that do not switch
//! included), from the empty board and from random positions.

use microply_core::games::dots::{ChainEval, Dots, Edge, Size};
use microply_core::rng::{random_move, SplitMix64};
use microply_core::search::{search, Algorithm, Entry, Limits, NoClock, Settings, Table};
use microply_core::{Game, Score};
use microply_tests::dots::SolverMemory;

/// The generic search's verdict: +1 win, 0 draw, −1 loss for the side to move.
fn searched(pos: &Dots, algorithm: Algorithm, memory: &mut [Entry]) -> i32 {
    let depth = pos.count_moves() as u32;
    let settings = Settings {
        algorithm,
        limits: Limits::depth(depth),
        ..Settings::default()
    };
    let mut tt = Table::new(memory);
    let mut moves = [Edge::default(); 256];
    let r = search(
        pos,
        &ChainEval::default(),
        &mut tt,
        &mut moves,
        &settings,
        &NoClock,
        |_| {},
    )
    .expect("moves fit");
    let score = r.score.expect("a complete iteration");
    if score.win_plies().is_some() {
        1
    } else if score.loss_plies().is_some() {
        -1
    } else {
        assert_eq!(
            score,
            Score::ZERO,
            "{algorithm}: a full-depth score is proven or a draw"
        );
        0
    }
}

fn solved(pos: &Dots) -> i32 {
    let s = SolverMemory::new(1 << 12).solve(pos);
    let mover_margin = match pos.side() {
        microply_core::Player::First => s.first_margin,
        microply_core::Player::Second => -s.first_margin,
    };
    mover_margin.signum()
}

#[test]
fn every_algorithm_agrees_with_the_solver_on_small_boards() {
    let mut memory = vec![Entry::EMPTY; 1 << 16];
    for (r, c) in [(1, 1), (1, 2), (2, 1)] {
        let pos = Dots::empty(Size::new(r, c).unwrap());
        for algorithm in Algorithm::ALL {
            memory.fill(Entry::EMPTY);
            assert_eq!(
                searched(&pos, algorithm, &mut memory),
                solved(&pos),
                "{r}x{c} {algorithm}"
            );
        }
    }
    // 2×2 (12 edges) is too big for plain minimax; the table-driven ones solve it.
    let pos = Dots::empty(Size::new(2, 2).unwrap());
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::Pvs,
        Algorithm::Mtdf,
        Algorithm::Sss,
    ] {
        memory.fill(Entry::EMPTY);
        assert_eq!(searched(&pos, algorithm, &mut memory), 1, "2x2 {algorithm}");
    }
}

#[test]
fn search_agrees_with_the_solver_on_random_positions() {
    let mut memory = vec![Entry::EMPTY; 1 << 16];
    let mut rng = SplitMix64::new(11);
    for i in 0..60 {
        let size = Size::new(2, 2 + (i % 2) as u8).unwrap();
        let mut pos = Dots::empty(size);
        for _ in 0..(size.edges() - 9) {
            pos = pos.after(random_move(&pos, &mut rng).unwrap());
        }
        memory.fill(Entry::EMPTY);
        assert_eq!(
            searched(&pos, Algorithm::Sss, &mut memory),
            solved(&pos),
            "{pos:?}"
        );
    }
}

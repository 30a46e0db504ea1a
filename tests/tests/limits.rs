//! Node, time and stop limits: an interrupted iteration never replaces the last
//! completed one, and a search always has a move to play.

use std::cell::Cell as Counter;

use microply_core::games::tictactoe::{Cell, OpenLines, TicTacToe};
use microply_core::rng::{random_move, random_opening, SplitMix64};
use microply_core::search::{
    search, Algorithm, Clock, Entry, Limits, NoClock, SearchResult, Settings, Table,
};
use microply_core::Game;

fn run(limits: Limits, algorithm: Algorithm, clock: &impl Clock) -> SearchResult<Cell> {
    let mut memory = vec![Entry::EMPTY; 1 << 10];
    let mut tt = Table::new(&mut memory);
    let mut moves = [Cell::default(); 64];
    let settings = Settings {
        algorithm,
        limits,
        ..Settings::default()
    };
    search(
        &TicTacToe::START,
        &OpenLines,
        &mut tt,
        &mut moves,
        &settings,
        clock,
        |_| {},
    )
    .unwrap()
}

#[test]
fn a_node_budget_keeps_the_last_complete_iteration() {
    for algorithm in Algorithm::ALL {
        let limited = run(Limits::nodes(300), algorithm, &NoClock);
        assert!(limited.interrupted, "{algorithm}");
        assert!(
            limited.depth >= 1 && limited.depth < 9,
            "{algorithm}: depth {}",
            limited.depth
        );
        let fixed = run(Limits::depth(limited.depth), algorithm, &NoClock);
        assert_eq!(
            (limited.best, limited.score),
            (fixed.best, fixed.score),
            "{algorithm}"
        );
        assert_eq!(limited.pv, fixed.pv, "{algorithm}");
        // The budget is exact: the search stopped on the first node past it.
        assert_eq!(limited.stats.nodes, 301, "{algorithm}");
    }
}

#[test]
fn the_same_budget_gives_the_same_result_every_time() {
    let a = run(Limits::nodes(777), Algorithm::Mtdf, &NoClock);
    let b = run(Limits::nodes(777), Algorithm::Mtdf, &NoClock);
    assert_eq!(a, b);
}

/// A clock that advances one millisecond each time it is read.
struct Ticking(Counter<u64>);

impl Clock for Ticking {
    fn now_ms(&self) -> u64 {
        self.0.set(self.0.get() + 1);
        self.0.get()
    }
}

/// A clock whose user has already pressed stop.
struct Stopped;

impl Clock for Stopped {
    fn now_ms(&self) -> u64 {
        0
    }
    fn stop_requested(&self) -> bool {
        true
    }
}

#[test]
fn a_time_limit_stops_the_search_and_still_returns_a_move() {
    let r = run(
        Limits::time_ms(3),
        Algorithm::Minimax,
        &Ticking(Counter::new(0)),
    );
    assert!(r.interrupted);
    assert!(r.best.is_some());
}

#[test]
fn an_external_stop_before_any_iteration_still_gives_a_legal_move() {
    let r = run(Limits::default(), Algorithm::AlphaBeta, &Stopped);
    // The clock is read every 1,024 nodes: depths 1-3 finish first.
    assert!(r.interrupted);
    let best = r.best.expect("a move even when stopped");
    assert!(TicTacToe::START.is_legal(best));
}

#[test]
fn random_players_are_reproducible_and_uniform() {
    let a = random_opening(&TicTacToe::START, 4, &mut SplitMix64::new(42));
    let b = random_opening(&TicTacToe::START, 4, &mut SplitMix64::new(42));
    assert_eq!(a, b);
    let mut rng = SplitMix64::new(7);
    let mut counts = [0u32; 9];
    for _ in 0..9000 {
        let m = random_move(&TicTacToe::START, &mut rng).unwrap();
        counts[usize::from(m.index())] += 1;
    }
    // Each cell expects 1,000; 5 standard deviations is about ±150.
    assert!(
        counts.iter().all(|&c| (850..=1150).contains(&c)),
        "{counts:?}"
    );
    let finished = TicTacToe::START
        .after(Cell::new(0).unwrap())
        .after(Cell::new(3).unwrap())
        .after(Cell::new(1).unwrap())
        .after(Cell::new(4).unwrap())
        .after(Cell::new(2).unwrap());
    assert_eq!(random_move(&finished, &mut rng), None);
}

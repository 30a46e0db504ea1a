//! The region-aware endgame and the search on Amazons: the one-side search against a
//! brute-force maximum, the split solver against a full game-tree search, and all
//! search algorithms agreeing on small boards with both evaluators.

use std::collections::HashMap;
use std::ops::ControlFlow;

use microply_core::games::amazons::endgame::{analyse, solve};
use microply_core::games::amazons::oneside::{region_moves, Count};
use microply_core::games::amazons::region::{is_split, reachable, Regions};
use microply_core::games::amazons::{Amazons, Move, PaperEval, Size, TerritoryEval, MAX_MOVES};
use microply_core::rng::{below, SplitMix64};
use microply_core::search::{
    search, Algorithm, Entry, Limits, NoClock, SearchResult, Settings, Table,
};
use microply_core::{Evaluator, Game, Notation, Score};
use microply_tests::amazons::fen_from_cells;

/// The same board with the other side to move.
fn flipped(pos: &Amazons) -> Amazons {
    let fen = pos.display_fen().to_string();
    let other = if fen.ends_with(":w") { ":b" } else { ":w" };
    Amazons::parse_fen(&format!("{}{other}", &fen[..fen.len() - 2])).unwrap()
}

/// The most moves the side to move can make if the opponent passes: plain recursion
/// over the game's own move generator, memoised by FEN.
fn brute_force_moves(pos: &Amazons, memo: &mut HashMap<String, u32>) -> u32 {
    let key = pos.display_fen().to_string();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = 0;
    let _ = pos.for_each_move(|m| -> ControlFlow<()> {
        best = best.max(1 + brute_force_moves(&flipped(&pos.after(m)), memo));
        ControlFlow::Continue(())
    });
    memo.insert(key, best);
    best
}

/// A random 6x6 position with one or two queens a side and dense arrows.
fn random_dense(rng: &mut SplitMix64) -> Amazons {
    let mut cells = [b'x'; 36];
    let holes = 8 + below(rng, 10);
    for _ in 0..holes {
        cells[below(rng, 36) as usize] = b'.';
    }
    for piece in [b'Q', b'q'] {
        for _ in 0..1 + below(rng, 2) {
            cells[below(rng, 36) as usize] = piece;
        }
    }
    let fen = fen_from_cells(&cells, 6, below(rng, 2) == 0);
    Amazons::parse_fen(&fen).unwrap()
}

#[test]
fn one_side_counts_match_brute_force() {
    let mut rng = SplitMix64::new(2005);
    let (mut exact, mut tested) = (0, 0);
    while tested < 200 {
        let pos = random_dense(&mut rng);
        let reachable = reachable(&pos, pos.side_to_move()).count_ones();
        if reachable > 7 {
            continue;
        }
        tested += 1;
        let mut budget = 1_000_000;
        let count = Regions::of(&pos, pos.side_to_move())
            .map(|r| region_moves(r, &mut budget).0)
            .fold(Count::default(), Count::plus);
        let truth = brute_force_moves(&pos, &mut HashMap::new());
        assert!(
            count.lower <= truth && truth <= count.upper,
            "{}: {count:?} vs {truth}",
            pos.display_fen()
        );
        if count.is_exact() {
            exact += 1;
        }
    }
    // Small regions are always solved exactly.
    assert_eq!(exact, 200);
}

/// A depth-`depth` search of `pos`; `reorder: false` keeps generation order.
fn run_search<E: Evaluator<Amazons>>(
    pos: &Amazons,
    eval: &E,
    algorithm: Algorithm,
    depth: u32,
    reorder: bool,
) -> SearchResult<Move> {
    let mut memory = vec![Entry::EMPTY; 1 << 16];
    let mut tt = Table::new(&mut memory);
    let mut moves = vec![Move::default(); (depth as usize + 1) * MAX_MOVES];
    let settings = Settings {
        algorithm,
        limits: Limits::depth(depth),
        reorder,
        ..Settings::default()
    };
    search(pos, eval, &mut tt, &mut moves, &settings, &NoClock, |_| {}).unwrap()
}

fn search_score<E: Evaluator<Amazons>>(
    pos: &Amazons,
    eval: &E,
    algorithm: Algorithm,
    depth: u32,
) -> (Score, Option<Move>) {
    let r = run_search(pos, eval, algorithm, depth, true);
    (r.score.unwrap(), r.best)
}

#[test]
fn split_solver_agrees_with_full_search() {
    let mut rng = SplitMix64::new(49);
    let mut solved = 0;
    for _ in 0..300 {
        let pos = random_dense(&mut rng);
        if !is_split(&pos) || pos.outcome().is_some() {
            continue;
        }
        let mut budget = 1_000_000;
        let Some(solution) = solve(&pos, &mut budget) else {
            continue;
        };
        let plies = solution
            .score
            .win_plies()
            .or(solution.score.loss_plies())
            .unwrap();
        if plies > 9 {
            continue;
        }
        // A full-width search deep enough to see the end proves the same result.
        let (score, _) = search_score(&pos, &PaperEval::default(), Algorithm::AlphaBeta, plies + 1);
        assert_eq!(score, solution.score, "{}", pos.display_fen());
        let best = solution.best.unwrap();
        assert!(pos.is_legal(best));
        // The solver's move keeps the result: one ply later it is the mirror score.
        let mut budget = 1_000_000;
        let after = solve(&pos.after(best), &mut budget).unwrap();
        assert_eq!(
            -after.score,
            one_ply_on(solution.score),
            "{}",
            pos.display_fen()
        );
        solved += 1;
    }
    assert!(solved > 20, "only {solved} split positions solved");
}

/// A proven score one ply later, still from the view of the side that moved.
fn one_ply_on(score: Score) -> Score {
    match (score.win_plies(), score.loss_plies()) {
        (Some(n), _) => Score::win_in(n - 1),
        (_, Some(n)) => Score::loss_in(n - 1),
        _ => score,
    }
}

#[test]
fn evaluators_see_decided_splits() {
    // White (to move) owns rank 1, Black only b6: decided for White.
    let pos = Amazons::parse_fen("q1xxxx/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Q5:w").unwrap();
    let mut budget = 1000;
    assert_eq!(analyse(&pos, &mut budget).unwrap().mover_wins(), Some(true));
    assert!(TerritoryEval::default().evaluate(&pos) >= Score::units(4000));
    assert!(PaperEval::default().evaluate(&pos) >= Score::units(4000));
}

#[test]
fn all_algorithms_agree_on_the_6x6_start() {
    let start = Amazons::start_position(Size::Six);
    for depth in 1..=2 {
        let (reference, _) =
            search_score(&start, &TerritoryEval::default(), Algorithm::Minimax, depth);
        for algorithm in Algorithm::ALL {
            let (score, best) = search_score(&start, &TerritoryEval::default(), algorithm, depth);
            assert_eq!(score, reference, "{algorithm} depth {depth}");
            assert!(best.is_some_and(|m| start.is_legal(m)));
        }
    }
}

#[test]
fn all_algorithms_agree_on_random_8x8_positions_with_the_paper_evaluator() {
    let mut rng = SplitMix64::new(3);
    for _ in 0..3 {
        let mut pos = Amazons::start_position(Size::Eight);
        for _ in 0..20 + below(&mut rng, 20) {
            let Some(m) = microply_core::rng::random_move(&pos, &mut rng) else {
                break;
            };
            pos = pos.after(m);
        }
        if pos.outcome().is_some() {
            continue;
        }
        let (reference, _) = search_score(&pos, &PaperEval::default(), Algorithm::Minimax, 2);
        for algorithm in Algorithm::ALL {
            let (score, _) = search_score(&pos, &PaperEval::default(), algorithm, 2);
            assert_eq!(score, reference, "{algorithm} {}", pos.display_fen());
        }
    }
}

/// Nodes and score of a depth-`depth` search from the start of `size`.
fn start_search(size: Size, algorithm: Algorithm, depth: u32, reorder: bool) -> (u64, Score) {
    let start = Amazons::start_position(size);
    let r = run_search(&start, &TerritoryEval::default(), algorithm, depth, reorder);
    (r.stats.nodes, r.score.unwrap())
}

#[test]
fn move_ordering_cuts_the_search_without_changing_its_value() {
    // The table's move and the killers first: with over a thousand moves a node, the
    // move that refuted one sibling usually refutes the next.
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Mtdf] {
        let (ordered, score) = start_search(Size::Eight, algorithm, 2, true);
        let (fixed, fixed_score) = start_search(Size::Eight, algorithm, 2, false);
        assert_eq!(score, fixed_score, "{algorithm}");
        println!("{algorithm}: {ordered} nodes ordered, {fixed} in generation order");
        assert!(
            ordered * 3 < fixed * 2,
            "{algorithm}: {ordered} nodes ordered, {fixed} in generation order"
        );
    }
}

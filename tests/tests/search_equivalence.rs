//! Every algorithm returns plain minimax's value on random game trees and on random
//! DAGs (transpositions at different plies, a path-dependent draw counter), both with
//! nodes where the side to move does not change, with and without iterative
//! deepening, with tables of several sizes; and AB-SSS* never evaluates more distinct
//! leaves than alpha-beta when the table holds the whole tree and the move order is
//! fixed. That last property is Plaat et al.'s theorem for *trees*; on DAGs a table
//! hit can spare either algorithm a different part of the graph, and a probe of 2,000
//! DAGs found AB-SSS* evaluating 9 distinct leaves where alpha-beta needed 8, so it
//! is not claimed there.

use microply_core::search::{
    search, Algorithm, Entry, Limits, Mode, NoClock, SearchResult, Settings, Table,
};
use microply_core::{Evaluator, Game, Outcome, Score};
use microply_tests::synthetic::{DagNode, DagShape, Leaf, LeafRecorder, Node, Shape};
use proptest::prelude::*;

/// A synthetic game the properties run on.
trait Synthetic: Game<Move = u8> + Leaf {}
impl<G: Game<Move = u8> + Leaf> Synthetic for G {}

fn run<G: Synthetic>(
    root: &G,
    eval: &LeafRecorder,
    tt_entries: usize,
    settings: &Settings,
) -> SearchResult<u8> {
    let mut memory = vec![Entry::EMPTY; tt_entries];
    let mut tt = Table::new(&mut memory);
    let mut moves = [0u8; 64];
    search(root, eval, &mut tt, &mut moves, settings, &NoClock, |_| {})
        .expect("64 moves hold 8 plies of 4")
}

fn settings(algorithm: Algorithm, depth: u32, iterative: bool, reorder: bool) -> Settings {
    Settings {
        algorithm,
        limits: Limits::depth(depth),
        iterative,
        reorder,
        mode: Mode::Exact,
    }
}

fn minimax<G: Synthetic>(root: &G, depth: u32) -> Score {
    if depth == 0 {
        return static_value(root);
    }
    run(
        root,
        &LeafRecorder::default(),
        0,
        &settings(Algorithm::Minimax, depth, false, false),
    )
    .score
    .expect("a search of a live root has a score")
}

fn shapes() -> impl Strategy<Value = Shape> {
    (any::<u64>(), 0u8..8, 0u8..12).prop_map(|(seed, keep_side, terminal)| Shape {
        seed,
        keep_side,
        terminal,
    })
}

fn dag_shapes() -> impl Strategy<Value = DagShape> {
    (any::<u64>(), 1u16..=48, 0u8..8, 0u8..12, 0u8..=16, 0u8..=8).prop_map(
        |(seed, positions, keep_side, terminal, irreversible, draw_plies)| DagShape {
            seed,
            positions,
            keep_side,
            terminal,
            irreversible,
            draw_plies,
        },
    )
}

fn table_sizes() -> impl Strategy<Value = usize> {
    prop::sample::select(vec![0usize, 1, 3, 64, 1 << 16])
}

/// Every table algorithm returns minimax's value from `root`, and its best move
/// achieves it (same side-switch rule as the search).
fn agrees_with_minimax<G: Synthetic>(
    root: &G,
    depth: u32,
    tt_entries: usize,
    iterative: bool,
    reorder: bool,
) -> Result<(), TestCaseError> {
    let reference = minimax(root, depth);
    for algorithm in &Algorithm::ALL[1..] {
        let r = run(
            root,
            &LeafRecorder::default(),
            tt_entries,
            &settings(*algorithm, depth, iterative, reorder),
        );
        prop_assert_eq!(
            r.score,
            Some(reference),
            "{} depth {} tt {}",
            algorithm,
            depth,
            tt_entries
        );
        let best = r.best.expect("a live root has a best move");
        let child = root.after(best);
        let child_value = if child.side_to_move() == root.side_to_move() {
            minimax(&child, depth - 1)
        } else {
            -minimax(&child, depth - 1)
        };
        let child_value = shift_proven(child_value);
        prop_assert_eq!(child_value, reference, "{} best move {}", algorithm, best);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_algorithm_returns_the_minimax_value(
        shape in shapes(),
        depth in 1u32..=6,
        tt_entries in table_sizes(),
        iterative: bool,
        reorder: bool,
    ) {
        agrees_with_minimax(&Node::root(shape), depth, tt_entries, iterative, reorder)?;
    }

    #[test]
    fn ab_sss_star_never_evaluates_more_distinct_leaves_than_alpha_beta(shape in shapes(), depth in 1u32..=6) {
        let root = Node::root(shape);
        let fixed = |algorithm| settings(algorithm, depth, false, false);
        let ab = LeafRecorder::default();
        let ab_result = run(&root, &ab, 1 << 16, &fixed(Algorithm::AlphaBeta));
        let sss = LeafRecorder::default();
        let sss_result = run(&root, &sss, 1 << 16, &fixed(Algorithm::Sss));
        prop_assert_eq!(ab_result.score, sss_result.score);
        prop_assert!(
            sss.distinct() <= ab.distinct(),
            "SSS* {} distinct leaves > alpha-beta {} (depth {}, {:?})", sss.distinct(), ab.distinct(), depth, shape
        );
    }
}

proptest! {
    // Cheap (a DAG search visits at most a few thousand nodes), and a table bug shows
    // only on some shapes: many cases.
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn every_algorithm_returns_the_minimax_value_on_dags(
        shape in dag_shapes(),
        depth in 1u32..=7,
        tt_entries in table_sizes(),
        iterative: bool,
        reorder: bool,
    ) {
        agrees_with_minimax(&DagNode::root(shape), depth, tt_entries, iterative, reorder)?;
    }
}

/// A node's value at depth 0: its result when finished, else its leaf value.
fn static_value<G: Synthetic>(node: &G) -> Score {
    match node.outcome() {
        Some(Outcome::Draw) => Score::ZERO,
        Some(Outcome::Win(p)) if p == node.side_to_move() => Score::win_in(0),
        Some(Outcome::Win(_)) => Score::loss_in(0),
        None => LeafRecorder::default().evaluate(node),
    }
}

/// A child's proven score counts plies from the child; seen from the root it is one
/// ply further.
fn shift_proven(s: Score) -> Score {
    if let Some(n) = s.win_plies() {
        Score::win_in(n + 1)
    } else if let Some(n) = s.loss_plies() {
        Score::loss_in(n + 1)
    } else {
        s
    }
}

#[test]
fn leaf_and_node_counts_per_algorithm() {
    // A fixed bushy tree, printed for the record (`--nocapture`), and checked for the
    // orderings the theory promises.
    let depth = 6;
    let size = |seed: &u64| {
        let root = Node::root(Shape {
            seed: *seed,
            keep_side: 3,
            terminal: 2,
        });
        run(
            &root,
            &LeafRecorder::default(),
            0,
            &settings(Algorithm::Minimax, depth, false, false),
        )
        .stats
        .nodes
    };
    let seed = (0..200).max_by_key(size).unwrap_or_default();
    let root = Node::root(Shape {
        seed,
        keep_side: 3,
        terminal: 2,
    });
    let mut distinct = Vec::new();
    for algorithm in Algorithm::ALL {
        let eval = LeafRecorder::default();
        let r = run(
            &root,
            &eval,
            1 << 16,
            &settings(algorithm, depth, false, false),
        );
        println!(
            "{algorithm:>9}: score {:>4} nodes {:>6} leaf evaluations {:>6} distinct leaves {:>6} MT calls {}",
            r.score.unwrap(),
            r.stats.nodes,
            eval.calls(),
            eval.distinct(),
            r.stats.mt_calls
        );
        distinct.push(eval.distinct());
    }
    let [minimax, alphabeta, _pvs, _mtdf, sss] = distinct[..] else {
        unreachable!()
    };
    assert!(alphabeta < minimax);
    assert!(sss <= alphabeta);
}

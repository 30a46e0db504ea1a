//! The search modes (`Settings::mode`).
//!
//! - Exact mode is today's search, bit for bit: the node counts, scores and best moves
//!   of every algorithm on seeded random positions of every game are pinned in
//!   `tests/data/exact_pins.txt`, written by the search before the selective mode
//!   existed (re-pin only on purpose: `MICROPLY_BLESS=1 cargo test -p microply-tests
//!   --test search_modes`, then review the diff).
//! - Selective mode returns a legal move with every algorithm, deterministically, and
//!   equals exact mode where nothing can be reduced or extended (depth 1).
//! - ProbCut mode equals exact mode where it cannot cut (below five plies, with MTD(f)
//!   and AB-SSS\*, and in every game without a measured margin), prunes PVS on the
//!   checkers suite, and returns a legal move deterministically.

use std::fmt::Write as _;

use microply_core::games::{
    amazons::Amazons, checkers::Checkers, dots::Dots, tictactoe::TicTacToe,
};
use microply_core::rng::{random_opening, SplitMix64};
use microply_core::search::{
    search, Algorithm, Entry, Limits, Mode, NoClock, SearchResult, Settings, Table,
};
use microply_core::{Game, Notation, Playable};

const PINNED: &str = "data/exact_pins.txt";

/// A search of `pos` to `depth` with `algorithm` and the game's default evaluator,
/// in a table of `tt_entries`, with `settings` adjusted by `tune`.
fn run<G: Playable>(
    pos: &G,
    algorithm: Algorithm,
    depth: u32,
    tt_entries: usize,
    tune: impl FnOnce(&mut Settings),
) -> SearchResult<G::Move> {
    let mut memory = vec![Entry::EMPTY; tt_entries];
    let mut tt = Table::new(&mut memory);
    let mut stack = vec![G::Move::default(); 1 << 16];
    let mut settings = Settings {
        algorithm,
        limits: Limits::depth(depth),
        ..Settings::default()
    };
    tune(&mut settings);
    let eval = G::Eval::default();
    search(pos, &eval, &mut tt, &mut stack, &settings, &NoClock, |_| {}).expect("stack is large")
}

/// `count` seeded random positions of a game (openings of 0..`max_plies` plies, not over).
fn positions<G: Game>(start: G, count: u64, max_plies: u64) -> Vec<G> {
    (0..count)
        .map(|seed| {
            let mut rng = SplitMix64::new(seed);
            random_opening(&start, (seed * 7 + 3) as u32 % max_plies as u32, &mut rng)
        })
        .filter(|p| p.outcome().is_none())
        .collect()
}

fn config<G: Game>(options: &[(&str, &str)]) -> G {
    let mut config = G::Config::default();
    for (k, v) in options {
        G::configure(&mut config, k, v).expect("valid option");
    }
    G::start(&config)
}

/// One line per (position, algorithm, depth, iterative, table size) of a game.
fn pin_lines<G: Playable>(out: &mut String, start: G, count: u64, max_plies: u64, depths: &[u32]) {
    for (i, pos) in positions(start, count, max_plies).iter().enumerate() {
        for &depth in depths {
            for algorithm in Algorithm::ALL.into_iter().skip(1) {
                for (iterative, entries) in [(true, 1 << 12), (false, 61)] {
                    let r = run(pos, algorithm, depth, entries, |s| s.iterative = iterative);
                    let best = r.best.map(|m| pos.display_move(m).to_string());
                    writeln!(
                        out,
                        "{} {i} {} {algorithm} d{depth} it={iterative} tt={entries} nodes={} leaves={} score={:?} best={}",
                        G::NAME,
                        pos.display_fen(),
                        r.stats.nodes,
                        r.stats.leaf_evals,
                        r.score.map(|s| s.raw()),
                        best.as_deref().unwrap_or("-"),
                    )
                    .unwrap();
                }
            }
        }
    }
}

fn exact_pins() -> String {
    let mut out = String::new();
    pin_lines(&mut out, TicTacToe::START, 8, 6, &[2, 5]);
    pin_lines(&mut out, config::<Checkers>(&[]), 12, 30, &[3, 6]);
    pin_lines(
        &mut out,
        config::<Dots>(&[("rows", "3"), ("cols", "3")]),
        6,
        12,
        &[3, 5],
    );
    pin_lines(&mut out, config::<Amazons>(&[("size", "6")]), 4, 10, &[2]);
    out
}

#[test]
fn exact_mode_is_unchanged() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(PINNED);
    let lines = exact_pins();
    if std::env::var_os("MICROPLY_BLESS").is_some() {
        std::fs::write(&path, &lines).expect("writable pinned file");
        return;
    }
    let pinned = std::fs::read_to_string(&path).expect("tests/data/exact_pins.txt exists");
    for (got, want) in lines.lines().zip(pinned.lines()) {
        assert_eq!(got, want, "exact search changed");
    }
    assert_eq!(lines.lines().count(), pinned.lines().count());
}

const MIDDLEGAME: &str = include_str!("../data/checkers/middlegame.txt");

fn middlegame() -> Vec<Checkers> {
    MIDDLEGAME
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Checkers::parse_fen(l.trim()).expect("suite FEN"))
        .collect()
}

fn selective(s: &mut Settings) {
    s.mode = Mode::Selective;
}

fn probcut(s: &mut Settings) {
    s.mode = Mode::ProbCut;
}

/// Every algorithm but minimax, selective: a legal move, and the same result twice.
fn selective_is_legal_and_deterministic<G: Playable>(positions: &[G], depths: &[u32]) {
    legal_and_deterministic(positions, depths, selective);
}

/// Every algorithm but minimax in the mode `tune` sets: a legal move, its PV's first
/// move, and the same result twice.
fn legal_and_deterministic<G: Playable>(
    positions: &[G],
    depths: &[u32],
    tune: impl Fn(&mut Settings) + Copy,
) {
    for pos in positions {
        for &depth in depths {
            for algorithm in Algorithm::ALL.into_iter().skip(1) {
                let a = run(pos, algorithm, depth, 1 << 12, tune);
                let b = run(pos, algorithm, depth, 1 << 12, tune);
                let what = format!(
                    "{} {algorithm} depth {depth} {}",
                    G::NAME,
                    pos.display_fen()
                );
                assert!(
                    a.best.is_some_and(|m| pos.is_legal(m)),
                    "{what}: {:?}",
                    a.best
                );
                assert!(a.pv.first() == a.best.as_ref(), "{what}");
                assert_eq!(a, b, "{what}");
            }
        }
    }
}

#[test]
fn selective_search_plays_legal_moves_deterministically_in_every_game() {
    selective_is_legal_and_deterministic(&positions(TicTacToe::START, 6, 5), &[1, 3, 9]);
    selective_is_legal_and_deterministic(&middlegame()[..6], &[1, 4, 7]);
    selective_is_legal_and_deterministic(&positions(config::<Checkers>(&[]), 6, 40), &[5]);
    let dots = config::<Dots>(&[("rows", "3"), ("cols", "3")]);
    selective_is_legal_and_deterministic(&positions(dots, 4, 8), &[4, 6]);
    let amazons = config::<Amazons>(&[("size", "6")]);
    selective_is_legal_and_deterministic(&positions(amazons, 3, 6), &[1, 2]);
}

/// At depth 1 nothing can be reduced (that needs 3 plies to go) or extended (that needs
/// an iteration of 2 plies or more), and the history is empty when the root's moves are
/// ordered: the value is exact mode's, and so are alpha-beta's and PVS's whole searches
/// (MTD(f) and AB-SSS\* re-search the root, by then with a history).
fn selective_equals_exact_at_depth_one<G: Playable>(positions: &[G]) {
    for pos in positions {
        for algorithm in Algorithm::ALL.into_iter().skip(1) {
            let exact = run(pos, algorithm, 1, 1 << 10, |_| {});
            let sel = run(pos, algorithm, 1, 1 << 10, selective);
            let what = format!("{} {algorithm} {}", G::NAME, pos.display_fen());
            assert_eq!(sel.score, exact.score, "{what}");
            if matches!(algorithm, Algorithm::AlphaBeta | Algorithm::Pvs) {
                assert_eq!(sel, exact, "{what}");
            }
        }
    }
}

#[test]
fn selective_equals_exact_where_nothing_can_be_reduced_or_extended() {
    selective_equals_exact_at_depth_one(&positions(TicTacToe::START, 8, 6));
    selective_equals_exact_at_depth_one(&middlegame());
    selective_equals_exact_at_depth_one(&positions(config::<Checkers>(&[]), 20, 60));
    selective_equals_exact_at_depth_one(&positions(
        config::<Dots>(&[("rows", "3"), ("cols", "3")]),
        6,
        12,
    ));
    selective_equals_exact_at_depth_one(&positions(config::<Amazons>(&[("size", "6")]), 3, 6));
}

/// The reductions do prune: over the middle-game suite at depth 7, the selective search
/// visits fewer nodes than the exact one with every algorithm.
#[test]
fn selective_search_visits_fewer_nodes_on_the_checkers_suite() {
    for algorithm in Algorithm::ALL.into_iter().skip(1) {
        let (mut exact, mut sel) = (0, 0);
        for pos in middlegame().iter().take(8) {
            exact += run(pos, algorithm, 7, 1 << 14, |_| {}).stats.nodes;
            sel += run(pos, algorithm, 7, 1 << 14, selective).stats.nodes;
        }
        assert!(
            sel < exact,
            "{algorithm}: selective {sel} nodes, exact {exact}"
        );
    }
}

/// ProbCut mode cuts nodes with five plies or more to go and reduces late moves with
/// three or more, so to depth 2 it returns exact mode's value with every algorithm
/// (its history reorders the moves: the nodes differ); MTD(f) and AB-SSS\* search
/// exactly in ProbCut mode, so theirs is exact mode's whole result at any depth.
#[test]
fn probcut_equals_exact_below_three_plies() {
    let mut checkers = middlegame();
    checkers.extend(positions(config::<Checkers>(&[]), 12, 60));
    for pos in &checkers {
        for algorithm in Algorithm::ALL.into_iter().skip(1) {
            let null_windows_only = matches!(algorithm, Algorithm::Mtdf | Algorithm::Sss);
            let depths: &[u32] = if null_windows_only {
                &[1, 2, 6]
            } else {
                &[1, 2]
            };
            for &depth in depths {
                let exact = run(pos, algorithm, depth, 1 << 12, |_| {});
                let cut = run(pos, algorithm, depth, 1 << 12, probcut);
                let what = format!("{algorithm} depth {depth} {}", pos.display_fen());
                if null_windows_only {
                    assert_eq!(cut, exact, "{what}");
                } else {
                    assert_eq!(cut.score, exact.score, "{what}");
                }
            }
        }
    }
}

/// A game without a measured margin (`Game::PROBCUT_MARGIN`, only checkers has one)
/// is searched exactly in ProbCut mode, however deep: the whole results are equal, in
/// a cleared table and in one kept from a deeper search of the same position (whose
/// entries only ProbCut's table rules would take or protect).
fn probcut_is_exact_without_a_margin<G: Playable>(positions: &[G], depth: u32) {
    assert_eq!(G::PROBCUT_MARGIN, None, "{}", G::NAME);
    for pos in positions {
        for algorithm in Algorithm::ALL.into_iter().skip(1) {
            let exact = run(pos, algorithm, depth, 1 << 12, |_| {});
            let cut = run(pos, algorithm, depth, 1 << 12, probcut);
            assert_eq!(cut, exact, "{} {algorithm} {}", G::NAME, pos.display_fen());
            let kept = |mode| {
                let mut memory = vec![Entry::EMPTY; 1 << 12];
                run_kept(pos, algorithm, depth, &mut memory, mode);
                run_kept(pos, algorithm, depth - 2, &mut memory, mode)
            };
            let (exact, cut) = (kept(Mode::Exact), kept(Mode::ProbCut));
            assert_eq!(
                cut,
                exact,
                "kept: {} {algorithm} {}",
                G::NAME,
                pos.display_fen()
            );
        }
    }
}

#[test]
fn probcut_searches_games_without_a_margin_exactly() {
    probcut_is_exact_without_a_margin(&positions(TicTacToe::START, 4, 3), 9);
    let dots = config::<Dots>(&[("rows", "3"), ("cols", "3")]);
    probcut_is_exact_without_a_margin(&positions(dots, 3, 8), 7);
    let amazons = config::<Amazons>(&[("size", "6")]);
    probcut_is_exact_without_a_margin(&positions(amazons, 2, 6), 3);
}

/// The cut prunes: over the first eight positions of the middle-game suite at depth
/// 10, PVS with ProbCut visits at most 80 % of the exact search's nodes (measured:
/// 1,126,917 against 2,424,420, 46 %; 72 % when the cut needed six plies to go, left
/// capturing nodes alone and no deeper entry settled a node), and each value stays
/// within two men of exact mode's (the margin is 0.7 of a man; a cut moves a value
/// only where a shallow search put it far outside the window). MTD(f) and AB-SSS\*
/// search exactly in this mode (their null-window passes would disagree): their whole
/// results are exact mode's.
#[test]
fn probcut_prunes_pvs_on_the_checkers_suite() {
    let (mut exact_nodes, mut cut_nodes) = (0, 0);
    for pos in middlegame().iter().take(8) {
        let exact = run(pos, Algorithm::Pvs, 10, 1 << 16, |_| {});
        let cut = run(pos, Algorithm::Pvs, 10, 1 << 16, probcut);
        exact_nodes += exact.stats.nodes;
        cut_nodes += cut.stats.nodes;
        let (e, c) = (exact.score.unwrap().raw(), cut.score.unwrap().raw());
        assert!(
            (i64::from(e) - i64::from(c)).abs() <= 2 << 16,
            "{}: exact {e}, probcut {c}",
            pos.display_fen()
        );
    }
    assert!(
        cut_nodes * 5 <= exact_nodes * 4,
        "probcut {cut_nodes} nodes, exact {exact_nodes}"
    );
    for pos in middlegame().iter().take(3) {
        for algorithm in [Algorithm::Mtdf, Algorithm::Sss] {
            let exact = run(pos, algorithm, 9, 1 << 16, |_| {});
            let cut = run(pos, algorithm, 9, 1 << 16, probcut);
            assert_eq!(cut, exact, "{algorithm} {}", pos.display_fen());
        }
    }
}

/// A search of `pos` to `depth` with `algorithm` in `memory` as the searches before
/// left it (the table kept, `tt=keep`), in `mode`.
fn run_kept<G: Playable>(
    pos: &G,
    algorithm: Algorithm,
    depth: u32,
    memory: &mut [Entry],
    mode: Mode,
) -> SearchResult<G::Move> {
    let mut tt = Table::reopen(memory);
    let mut stack = vec![G::Move::default(); 1 << 16];
    let settings = Settings {
        algorithm,
        limits: Limits::depth(depth),
        mode,
        ..Settings::default()
    };
    let eval = G::Eval::default();
    search(pos, &eval, &mut tt, &mut stack, &settings, &NoClock, |_| {}).expect("stack is large")
}

/// In ProbCut mode a table entry of a deeper search settles a node (the search builds
/// on a table kept from the last move's): after a depth-10 search of each of the
/// middle-game suite's first six positions, a depth-8 search of the same position in
/// the kept table visits under a third of the nodes of one in a cleared table
/// (measured: 28,236 against 151,605, 19 %; with same-depth entries only, the rule
/// before, most of them again). Exact
/// mode takes only entries of the node's own depth: in the same kept table it returns
/// the cleared table's value and best move.
#[test]
fn probcut_builds_on_a_kept_tables_deeper_entries() {
    let (mut kept_nodes, mut fresh_nodes) = (0, 0);
    for pos in middlegame().iter().take(6) {
        let mut memory = vec![Entry::EMPTY; 1 << 16];
        run_kept(pos, Algorithm::Pvs, 10, &mut memory, Mode::ProbCut);
        kept_nodes += run_kept(pos, Algorithm::Pvs, 8, &mut memory, Mode::ProbCut)
            .stats
            .nodes;
        let fresh = run_kept(
            pos,
            Algorithm::Pvs,
            8,
            &mut vec![Entry::EMPTY; 1 << 16],
            Mode::ProbCut,
        );
        fresh_nodes += fresh.stats.nodes;

        let mut memory = vec![Entry::EMPTY; 1 << 16];
        run_kept(pos, Algorithm::Pvs, 10, &mut memory, Mode::Exact);
        let kept = run_kept(pos, Algorithm::Pvs, 8, &mut memory, Mode::Exact);
        let fresh = run_kept(
            pos,
            Algorithm::Pvs,
            8,
            &mut vec![Entry::EMPTY; 1 << 16],
            Mode::Exact,
        );
        let fen = pos.display_fen();
        assert_eq!((kept.score, kept.best), (fresh.score, fresh.best), "{fen}");
    }
    assert!(
        kept_nodes * 3 < fresh_nodes,
        "kept {kept_nodes} nodes, fresh {fresh_nodes}"
    );
}

/// In ProbCut mode a shallower search does not overwrite a deeper entry of the same
/// position (the kept table's entries survive the next search's early iterations): after
/// a depth-10 search of each of three middle-game positions, a depth-4 search of it in
/// the kept table leaves the position's entry at depth 10. Exact mode stores the newest:
/// depth 4.
#[test]
fn probcut_keeps_a_deeper_entry_from_shallower_stores() {
    for pos in middlegame().iter().take(3) {
        for (mode, kept_depth) in [(Mode::ProbCut, 10), (Mode::Exact, 4)] {
            let mut memory = vec![Entry::EMPTY; 1 << 16];
            run_kept(pos, Algorithm::Pvs, 10, &mut memory, mode);
            run_kept(pos, Algorithm::Pvs, 4, &mut memory, mode);
            let table = Table::reopen(&mut memory);
            let entry = table.probe(pos.hash(), <Checkers as Game>::REPLACEMENT);
            let fen = pos.display_fen();
            assert_eq!(entry.map(|h| h.depth), Some(kept_depth), "{mode} {fen}");
        }
    }
}

#[test]
fn probcut_search_plays_legal_moves_deterministically() {
    legal_and_deterministic(&middlegame()[..4], &[6, 8], probcut);
    legal_and_deterministic(&positions(config::<Checkers>(&[]), 4, 40), &[7], probcut);
}

/// Checkers' forcing moves: men crowning.
#[test]
fn checkers_calls_crownings_forcing() {
    // Black man on 26 (row 6) steps onto the crown row (30, 31): forcing; the man on
    // 22 stepping into row 6 (22-25) and 5-9 are not.
    let pos = Checkers::parse_fen("B:W32:B5,22,26").unwrap();
    let forcing: Vec<String> = {
        let mut buf = vec![<Checkers as Game>::Move::default(); 64];
        let n = pos.generate(&mut buf).unwrap();
        buf[..n]
            .iter()
            .filter(|&&m| pos.is_forcing(m))
            .map(|&m| pos.display_move(m).to_string())
            .collect()
    };
    assert_eq!(forcing, ["26-30", "26-31"]);
    // Captures are left to the horizon's capture search, even the only legal one.
    let capture = Checkers::parse_fen("B:W18:B14").unwrap();
    let m = capture.nth_move(0).unwrap();
    assert!(m.is_capture() && capture.count_moves() == 1 && !capture.is_forcing(m));
    // Tic-tac-toe has no forcing moves.
    assert!(!TicTacToe::START.is_forcing(TicTacToe::START.nth_move(4).unwrap()));
}

mod property {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Exact mode on random checkers positions: every algorithm returns minimax's
        /// value (what the selective machinery, switched off, must not touch), and
        /// selective mode returns a legal move, the same one each time, and ProbCut mode
        /// (which neither cuts nor reduces below three plies) returns exact mode's value.
        #[test]
        fn modes_on_random_checkers_positions(seed in 0u64..1_000_000, plies in 0u32..50, depth in 1u32..6) {
            let mut rng = SplitMix64::new(seed);
            let pos = random_opening(&config::<Checkers>(&[]), plies, &mut rng);
            prop_assume!(pos.outcome().is_none());
            let reference = run(&pos, Algorithm::Minimax, depth, 1, |_| {}).score;
            for algorithm in Algorithm::ALL.into_iter().skip(1) {
                prop_assert_eq!(run(&pos, algorithm, depth, 1 << 10, |_| {}).score, reference);
                let a = run(&pos, algorithm, depth, 1 << 10, selective);
                prop_assert!(a.best.is_some_and(|m| pos.is_legal(m)));
                prop_assert_eq!(a, run(&pos, algorithm, depth, 1 << 10, selective));
                // Below three plies ProbCut mode neither cuts nor reduces: exact
                // mode's value (its history order changes the nodes).
                if depth < 3 {
                    prop_assert_eq!(
                        run(&pos, algorithm, depth, 1 << 10, probcut).score,
                        reference
                    );
                }
            }
        }
    }
}

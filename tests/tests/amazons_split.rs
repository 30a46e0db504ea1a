//! The Amazons split verdict and the proven scores built on it, checked against
//! references that share no code with the region analysis (issue 18):
//! - `is_split` against a naive flood over a grid of cells, on random boards of every
//!   size with random arrows and queens, many of them touching;
//! - every proven `winN`/`lossN` that [`decide`] reports at the root against an
//!   exhaustive, memoised game-tree search over the game's own moves, on boards with
//!   few empty squares.

use std::collections::HashMap;
use std::ops::ControlFlow;

use microply_core::games::amazons::region::is_split;
use microply_core::games::amazons::{Amazons, Move, TerritoryEval, MAX_MOVES};
use microply_core::search::{Entry, Limits, NoClock, Settings, Table};
use microply_core::{decide, Game, Notation, Player, Score};
use microply_tests::amazons::fen_from_cells;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

/// A test board: `n`×`n` cells row by row from the bottom (`.` empty, `x` arrow, `Q`
/// White's queen, `q` Black's), and the side to move. Shown as its FEN.
#[derive(Clone)]
struct Board {
    n: usize,
    cells: Vec<u8>,
    white_to_move: bool,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen())
    }
}

impl Board {
    fn fen(&self) -> String {
        fen_from_cells(&self.cells, self.n, self.white_to_move)
    }

    fn position(&self) -> Amazons {
        let fen = self.fen();
        Amazons::parse_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The cells one king step from cell `i`.
    fn neighbours(&self, i: usize) -> Vec<usize> {
        let n = self.n as isize;
        let (row, col) = ((i / self.n) as isize, (i % self.n) as isize);
        let mut out = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (r, c) = (row + dr, col + dc);
                if (dr, dc) != (0, 0) && (0..n).contains(&r) && (0..n).contains(&c) {
                    out.push((r * n + c) as usize);
                }
            }
        }
        out
    }

    /// The cells reachable from the `seed` cells by king steps through cells for
    /// which `passable` holds, and the seeds.
    fn flood(&self, seed: u8, passable: impl Fn(u8) -> bool) -> Vec<bool> {
        let mut seen: Vec<bool> = self.cells.iter().map(|&c| c == seed).collect();
        let mut todo: Vec<usize> = (0..seen.len()).filter(|&i| seen[i]).collect();
        while let Some(i) = todo.pop() {
            for j in self.neighbours(i) {
                if !seen[j] && passable(self.cells[j]) {
                    seen[j] = true;
                    todo.push(j);
                }
            }
        }
        seen
    }

    /// Every cell a queen of `colour` could ever stand on: only arrows stop it for
    /// good, since a queen of either side leaves its cell empty when it moves.
    fn ever_reachable(&self, colour: u8) -> Vec<bool> {
        self.flood(colour, |c| c != b'x')
    }

    /// The reference split verdict: no cell is reachable by both sides.
    fn reference_split(&self) -> bool {
        let white = self.ever_reachable(b'Q');
        let black = self.ever_reachable(b'q');
        !white.iter().zip(&black).any(|(w, b)| *w && *b)
    }

    /// Whether some empty cell is joined to queens of both sides through empty cells
    /// alone. A board that is not split without this has its sides linked only
    /// through queens touching queens: the case issue 18 got wrong.
    fn shares_an_empty_cell(&self) -> bool {
        let white = self.flood(b'Q', |c| c == b'.');
        let black = self.flood(b'q', |c| c == b'.');
        (0..self.cells.len()).any(|i| self.cells[i] == b'.' && white[i] && black[i])
    }
}

/// How a random board is built: arrows at `density` percent, then a king-step walk of
/// empty cells, then queens (on the walk when `on_walk` and the walk is not empty),
/// the first black queen next to the first white one when `touch` is set.
#[derive(Clone, Debug)]
struct Recipe {
    n: usize,
    density: u32,
    rolls: Vec<u32>,
    walk: Vec<usize>,
    on_walk: bool,
    white: Vec<usize>,
    black: Vec<usize>,
    touch: Option<usize>,
    white_to_move: bool,
}

impl Recipe {
    fn board(&self) -> Board {
        let n2 = self.n * self.n;
        let cells = (0..n2)
            .map(|i| {
                if self.rolls[i] < self.density {
                    b'x'
                } else {
                    b'.'
                }
            })
            .collect();
        let mut board = Board {
            n: self.n,
            cells,
            white_to_move: self.white_to_move,
        };
        let walk = self.walk_cells(&board);
        for &i in &walk {
            board.cells[i] = b'.';
        }
        let place = |k: usize| {
            if self.on_walk && !walk.is_empty() {
                walk[k % walk.len()]
            } else {
                k % n2
            }
        };
        let white: Vec<usize> = self.white.iter().map(|&k| place(k)).collect();
        for &i in &white {
            board.cells[i] = b'Q';
        }
        for (j, &k) in self.black.iter().enumerate() {
            let i = match self.touch {
                Some(d) if j == 0 => {
                    let around = board.neighbours(white[0]);
                    around[d % around.len()]
                }
                _ => place(k),
            };
            if board.cells[i] != b'Q' {
                board.cells[i] = b'q';
            }
        }
        board
    }

    /// The walk's cells: from cell `walk[0]`, each further entry picks a neighbour.
    fn walk_cells(&self, board: &Board) -> Vec<usize> {
        let Some((&start, steps)) = self.walk.split_first() else {
            return Vec::new();
        };
        let mut at = start % board.cells.len();
        let mut cells = vec![at];
        for &step in steps {
            let around = board.neighbours(at);
            at = around[step % around.len()];
            cells.push(at);
        }
        cells
    }
}

/// Random recipes: every board size, arrows at a density in `density`, a walk of a
/// length in `walk`, one to four queens a side, touching in about two boards of five.
fn recipes(
    density: std::ops::RangeInclusive<u32>,
    walk: std::ops::Range<usize>,
) -> impl Strategy<Value = Recipe> {
    let queens = || prop::collection::vec(0usize..100, 1..=4);
    (
        prop::sample::select(vec![6usize, 8, 10]),
        density,
        prop::collection::vec(0u32..100, 100),
        prop::collection::vec(0usize..100, walk),
        any::<bool>(),
        queens(),
        queens(),
        prop::option::weighted(0.4, 0usize..8),
        any::<bool>(),
    )
        .prop_map(
            |(n, density, rolls, walk, on_walk, white, black, touch, white_to_move)| Recipe {
                n,
                density,
                rolls,
                walk,
                on_walk,
                white,
                black,
                touch,
                white_to_move,
            },
        )
}

/// Boards for the split verdict: dense arrows (most sparse boards are one region),
/// walks of up to 20 cells.
fn split_boards() -> impl Strategy<Value = Board> {
    recipes(50..=100, 0..20).prop_map(|r| r.board())
}

/// Boards small enough to solve exhaustively: all arrows but a walk of at most 11
/// cells (so at most 10 empty squares once a queen stands on it).
fn pocket_boards() -> impl Strategy<Value = Board> {
    recipes(100..=100, 1..12).prop_map(|r| r.board())
}

/// `count` boards from `strategy`, the same on every run.
fn sample(strategy: impl Strategy<Value = Board>, count: usize) -> Vec<Board> {
    let mut runner = TestRunner::deterministic();
    (0..count)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect()
}

/// The game's value for the side to move by exhaustive search over the game's own
/// moves: `n` for a win in `n` plies, `-n` for a loss in `n` (a win as soon as
/// possible, a loss as late as possible). Memoised by position.
fn exact_value(pos: &Amazons, memo: &mut HashMap<(u128, u128, u128, bool), i32>) -> i32 {
    let key = (
        pos.queens(Player::First).bits(),
        pos.queens(Player::Second).bits(),
        pos.arrows().bits(),
        pos.side() == Player::First,
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best: Option<i32> = None;
    let _ = pos.for_each_move(|m| -> ControlFlow<()> {
        let child = exact_value(&pos.after(m), memo);
        let mine = if child > 0 { -(child + 1) } else { 1 - child };
        best = Some(best.map_or(mine, |b| better(b, mine)));
        ControlFlow::Continue(())
    });
    let value = best.unwrap_or(0);
    memo.insert(key, value);
    value
}

/// The better of two exact values for the side to move.
fn better(a: i32, b: i32) -> i32 {
    match (a > 0, b > 0) {
        (true, true) => a.min(b),
        (true, false) => a,
        (false, true) => b,
        (false, false) => a.min(b),
    }
}

/// A proven score as an exact value (`None` for a heuristic score).
fn proven(score: Score) -> Option<i32> {
    match (score.win_plies(), score.loss_plies()) {
        (Some(n), _) => Some(n as i32),
        (_, Some(n)) => Some(-(n as i32)),
        _ => None,
    }
}

/// What the engine answers at the root: `decide` with the default evaluator, three
/// plies deep: the split solver's score when it applies, else the search's.
fn root_answer(pos: &Amazons) -> (Score, Option<Move>) {
    let depth = 3;
    let mut memory = vec![Entry::EMPTY; 1 << 12];
    let mut tt = Table::new(&mut memory);
    let mut stack = vec![Move::default(); (depth as usize + 1) * MAX_MOVES];
    let settings = Settings {
        limits: Limits::depth(depth),
        ..Settings::default()
    };
    let eval = TerritoryEval::default();
    let result = decide(pos, &eval, &mut tt, &mut stack, &settings, &NoClock, |_| {})
        .expect("the stack holds every ply");
    (result.score.expect("a live root has a score"), result.best)
}

/// Checks one root's proven score; returns whether there was one to check.
fn check_proven_root(board: &Board) -> Result<bool, TestCaseError> {
    let pos = board.position();
    if pos.outcome().is_some() {
        return Ok(false);
    }
    let (score, best) = root_answer(&pos);
    let Some(claimed) = proven(score) else {
        return Ok(false);
    };
    let fen = pos.display_fen().to_string();
    let truth = exact_value(&pos, &mut HashMap::new());
    prop_assert_eq!(claimed, truth, "{}: decide says {}", fen, score);
    let best = best.expect("a proven live root has a move");
    prop_assert!(pos.is_legal(best), "{}: {:?}", fen, best);
    // The move keeps the result: the position after it is worth one ply less.
    let after = exact_value(&pos.after(best), &mut HashMap::new());
    let expected = if truth > 0 { -(truth - 1) } else { -truth - 1 };
    prop_assert_eq!(after, expected, "{}: after {:?}", fen, best);
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn split_verdict_matches_a_naive_flood(board in split_boards()) {
        let pos = board.position();
        prop_assert_eq!(
            is_split(&pos),
            board.reference_split(),
            "{}",
            pos.display_fen()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn proven_root_scores_match_an_exhaustive_search(board in pocket_boards()) {
        check_proven_root(&board)?;
    }
}

#[test]
fn random_boards_cover_split_shared_and_touching_only() {
    let boards = sample(split_boards(), 3000);
    let split = boards.iter().filter(|b| b.reference_split()).count();
    let touching_only = boards
        .iter()
        .filter(|b| !b.reference_split() && !b.shares_an_empty_cell())
        .count();
    println!("{split} split, {touching_only} linked only by touching queens, of 3000");
    assert!((300..=2700).contains(&split), "{split} split of 3000");
    assert!(touching_only >= 150, "{touching_only} touching only");
    for size in [6, 8, 10] {
        assert!(boards.iter().any(|b| b.n == size), "no {size}x{size} board");
    }
}

#[test]
fn pocket_boards_give_many_proven_roots_with_touching_queens() {
    let boards = sample(pocket_boards(), 300);
    let mut proven_roots = 0;
    let mut touching_only = 0;
    for board in &boards {
        if check_proven_root(board).unwrap() {
            proven_roots += 1;
            if !board.reference_split() && !board.shares_an_empty_cell() {
                touching_only += 1;
            }
        }
    }
    println!("{proven_roots} proven roots, {touching_only} with touching queens only, of 300");
    assert!(proven_roots >= 100, "{proven_roots} proven roots");
    assert!(
        touching_only >= 10,
        "{touching_only} touching-only proven roots"
    );
}

//! The bitboard move generator against a slow reference generator on a plain array,
//! on thousands of random positions (random play and random placements), plus the
//! incremental hash and FEN/move notation round trips.

use std::ops::ControlFlow;

use microply_core::games::amazons::{Amazons, Move, Size, Square};
use microply_core::rng::{below, random_move, SplitMix64};
use microply_core::{Game, Notation, Outcome, Player};
use microply_tests::amazons::fen_from_cells;
use proptest::prelude::*;

/// A square's content on the reference board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    White,
    Black,
    Arrow,
}

/// The reference board: `cells[row][column]`, row 0 = rank 1.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Grid {
    n: usize,
    cells: Vec<Vec<Cell>>,
    white_to_move: bool,
}

const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

impl Grid {
    fn of(pos: &Amazons) -> Grid {
        let n = pos.size().n() as usize;
        let mut cells = vec![vec![Cell::Empty; n]; n];
        for (row, line) in cells.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                let s = Square::new(row as u8, col as u8).unwrap();
                *cell = if pos.queens(Player::First).contains(s) {
                    Cell::White
                } else if pos.queens(Player::Second).contains(s) {
                    Cell::Black
                } else if pos.arrows().contains(s) {
                    Cell::Arrow
                } else {
                    Cell::Empty
                };
            }
        }
        Grid {
            n,
            cells,
            white_to_move: pos.side_to_move() == Player::First,
        }
    }

    fn get(&self, row: i32, col: i32) -> Option<Cell> {
        if row < 0 || col < 0 || row >= self.n as i32 || col >= self.n as i32 {
            return None;
        }
        Some(self.cells[row as usize][col as usize])
    }

    /// Empty squares a queen on (row, col) reaches, walking each ray square by square.
    fn reach(&self, row: usize, col: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (dr, dc) in DIRECTIONS {
            let (mut r, mut c) = (row as i32 + dr, col as i32 + dc);
            while self.get(r, c) == Some(Cell::Empty) {
                out.push((r as usize, c as usize));
                r += dr;
                c += dc;
            }
        }
        out
    }

    fn moves(&self) -> Vec<Move> {
        let me = if self.white_to_move {
            Cell::White
        } else {
            Cell::Black
        };
        let sq = |r: usize, c: usize| Square::new(r as u8, c as u8).unwrap();
        let mut out = Vec::new();
        for row in 0..self.n {
            for col in 0..self.n {
                if self.cells[row][col] != me {
                    continue;
                }
                for (tr, tc) in self.reach(row, col) {
                    let mut after = self.clone();
                    after.cells[row][col] = Cell::Empty;
                    after.cells[tr][tc] = me;
                    for (ar, ac) in after.reach(tr, tc) {
                        out.push(Move {
                            from: sq(row, col),
                            to: sq(tr, tc),
                            arrow: sq(ar, ac),
                        });
                    }
                }
            }
        }
        out
    }

    fn play(&self, m: Move) -> Grid {
        let mut g = self.clone();
        let at = |s: Square| (s.row() as usize, s.column() as usize);
        let (fr, fc) = at(m.from);
        let (tr, tc) = at(m.to);
        let (ar, ac) = at(m.arrow);
        let me = g.cells[fr][fc];
        g.cells[fr][fc] = Cell::Empty;
        g.cells[tr][tc] = me;
        g.cells[ar][ac] = Cell::Arrow;
        g.white_to_move = !g.white_to_move;
        g
    }
}

fn generated(pos: &Amazons) -> Vec<Move> {
    let mut v = Vec::new();
    let _ = pos.for_each_move(|m| -> ControlFlow<()> {
        v.push(m);
        ControlFlow::Continue(())
    });
    v
}

fn key(m: &Move) -> (u8, u8, u8) {
    (m.from.index(), m.to.index(), m.arrow.index())
}

/// Every check of one position against the reference.
fn check_position(pos: &Amazons) {
    let grid = Grid::of(pos);
    let mut reference = grid.moves();
    let mut mine = generated(pos);
    assert_eq!(
        pos.count_moves(),
        reference.len() as u64,
        "{}",
        pos.display_fen()
    );
    assert_eq!(mine.len(), reference.len(), "{}", pos.display_fen());
    // Generation order: queens, then destinations, then arrows, each by square index.
    assert!(mine.windows(2).all(|w| key(&w[0]) < key(&w[1])));
    reference.sort_by_key(key);
    mine.sort_by_key(key);
    assert_eq!(mine, reference, "{}", pos.display_fen());
    assert_eq!(pos.has_moves(), !reference.is_empty());
    let expected_outcome = reference
        .is_empty()
        .then_some(Outcome::Win(pos.side_to_move().other()));
    assert_eq!(pos.outcome(), expected_outcome);
    for &m in reference.iter().step_by(97) {
        assert!(pos.is_legal(m));
        assert_eq!(Grid::of(&pos.after(m)), grid.play(m));
    }
}

fn random_play(size: Size, plies: u32, rng: &mut SplitMix64) -> Amazons {
    let mut pos = Amazons::start_position(size);
    for _ in 0..plies {
        match random_move(&pos, rng) {
            Some(m) => pos = pos.after(m),
            None => break,
        }
    }
    pos
}

/// A FEN with up to four queens a side and random arrows at `density`/16.
fn random_fen(n: usize, density: u64, rng: &mut SplitMix64) -> String {
    let mut cells = vec![b'.'; n * n];
    for _ in 0..below(rng, (n * n) as u64) {
        if below(rng, 16) < density {
            cells[below(rng, (n * n) as u64) as usize] = b'x';
        }
    }
    for piece in [b'Q', b'q'] {
        for _ in 0..below(rng, 5) {
            cells[below(rng, (n * n) as u64) as usize] = piece;
        }
    }
    fen_from_cells(&cells, n, below(rng, 2) == 0)
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = SplitMix64::new(0xA3A2_0115);
    let mut checked = 0;
    for size in Size::ALL {
        let longest = u64::from(size.n()) * u64::from(size.n());
        for _ in 0..600 {
            let plies = below(&mut rng, longest) as u32;
            check_position(&random_play(size, plies, &mut rng));
            checked += 1;
        }
    }
    assert_eq!(checked, 1800);
}

#[test]
fn random_placements_agree_with_the_reference() {
    let mut rng = SplitMix64::new(7);
    for i in 0..1500u64 {
        let n = [6, 8, 10][(i % 3) as usize];
        let fen = random_fen(n, below(&mut rng, 17), &mut rng);
        let pos = Amazons::parse_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.display_fen().to_string(), fen);
        check_position(&pos);
    }
}

#[test]
fn finished_game_is_a_loss_for_the_side_to_move() {
    // White's queen on a1 is walled in by arrows; Black still has moves.
    let pos = Amazons::parse_fen("q5/6/6/6/xx4/Qx4:w").unwrap();
    assert_eq!(pos.count_moves(), 0);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Second)));
    let pos = Amazons::parse_fen("q5/6/6/6/xx4/Qx4:b").unwrap();
    assert_eq!(pos.outcome(), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn incremental_hash_equals_recompute(seed in any::<u64>(), size in 0usize..3, plies in 0u32..60) {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Amazons::start_position(Size::ALL[size]);
        for _ in 0..plies {
            let Some(m) = random_move(&pos, &mut rng) else { break };
            pos = pos.after(m);
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            let text = pos.display_fen().to_string();
            prop_assert_eq!(Amazons::parse_fen(&text), Ok(pos));
        }
    }

    #[test]
    fn moves_round_trip_through_text(seed in any::<u64>(), plies in 0u32..40) {
        let mut rng = SplitMix64::new(seed);
        let pos = random_play(Size::Ten, plies, &mut rng);
        if let Some(m) = random_move(&pos, &mut rng) {
            let text = pos.display_move(m).to_string();
            prop_assert_eq!(pos.parse_move(&text), Ok(m));
        }
    }

    #[test]
    fn illegal_moves_never_panic(from in any::<u8>(), to in any::<u8>(), arrow in any::<u8>()) {
        let pos = Amazons::start_position(Size::Eight);
        let square = |i| Square::from_index(i).unwrap_or_default();
        let m = Move { from: square(from), to: square(to), arrow: square(arrow) };
        let after = pos.after(m);
        prop_assert_eq!(after.hash(), after.compute_hash());
        let _ = pos.is_legal(m);
    }
}

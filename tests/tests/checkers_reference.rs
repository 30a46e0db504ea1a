//! A second, obviously-correct English draughts move generator on a plain 8x8 array,
//! compared with the bitboard generator on thousands of random positions (kings,
//! long multi-jumps, several capture paths to the same result), and small perfts of
//! hand-made positions derived with it.

use std::collections::BTreeSet;

use microply_core::games::checkers::{Checkers, Config, Move};
use microply_core::rng::{below, SplitMix64};
use microply_core::{perft, Game, Notation, Player};

/// A piece on the reference board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    black: bool,
    king: bool,
}

/// Row 0 is the top of the printed board (squares 1–4), column 0 the left edge.
type Grid = [[Option<Piece>; 8]; 8];

/// A reference move: the path of (row, column) squares and the captured squares.
type RefMove = (Vec<(i32, i32)>, Vec<(i32, i32)>);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Board {
    grid: Grid,
    black_to_move: bool,
}

/// PDN square index 0–31 of a dark square.
fn index(r: usize, c: usize) -> u8 {
    (r * 4 + c / 2) as u8
}

fn dark(r: usize, c: usize) -> bool {
    (r + c) % 2 == 1
}

impl Board {
    fn from_position(pos: &Checkers) -> Board {
        let mut grid: Grid = [[None; 8]; 8];
        for (r, row) in grid.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                if !dark(r, c) {
                    continue;
                }
                let bit = 1u32 << index(r, c);
                let king = pos.kings() & bit != 0;
                if pos.pieces(Player::First) & bit != 0 {
                    *cell = Some(Piece { black: true, king });
                } else if pos.pieces(Player::Second) & bit != 0 {
                    *cell = Some(Piece { black: false, king });
                }
            }
        }
        Board {
            grid,
            black_to_move: pos.side_to_move() == Player::First,
        }
    }

    fn position(&self) -> Checkers {
        let (mut b, mut w, mut k) = (0u32, 0u32, 0u32);
        for r in 0..8 {
            for c in 0..8 {
                if let Some(p) = self.grid[r][c] {
                    let bit = 1u32 << index(r, c);
                    if p.black {
                        b |= bit;
                    } else {
                        w |= bit;
                    }
                    if p.king {
                        k |= bit;
                    }
                }
            }
        }
        let side = if self.black_to_move {
            Player::First
        } else {
            Player::Second
        };
        Checkers::from_masks(b, w, k, side, &Config::default()).unwrap()
    }

    fn at(&self, r: i32, c: i32) -> Option<Option<Piece>> {
        if (0..8).contains(&r) && (0..8).contains(&c) {
            Some(self.grid[r as usize][c as usize])
        } else {
            None
        }
    }

    /// Diagonal directions a piece may move in: Black men go down (row + 1).
    fn dirs(p: Piece) -> Vec<(i32, i32)> {
        let all = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        all.into_iter()
            .filter(|&(dr, _)| p.king || (dr == 1) == p.black)
            .collect()
    }

    /// Every move as (path of (row, col), captured squares).
    fn moves(&self) -> Vec<RefMove> {
        let mut captures = Vec::new();
        let mut simple = Vec::new();
        for r in 0..8i32 {
            for c in 0..8i32 {
                let Some(Some(p)) = self.at(r, c) else {
                    continue;
                };
                if p.black != self.black_to_move {
                    continue;
                }
                self.jumps(p, (r, c), &mut vec![(r, c)], &mut Vec::new(), &mut captures);
                for (dr, dc) in Board::dirs(p) {
                    if self.at(r + dr, c + dc) == Some(None) {
                        simple.push((vec![(r, c), (r + dr, c + dc)], Vec::new()));
                    }
                }
            }
        }
        if captures.is_empty() {
            simple
        } else {
            captures
        }
    }

    /// Depth-first capture sequences of piece `p` that started at `path[0]`.
    fn jumps(
        &self,
        p: Piece,
        at: (i32, i32),
        path: &mut Vec<(i32, i32)>,
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<RefMove>,
    ) {
        let mut extended = false;
        for (dr, dc) in Board::dirs(p) {
            let over = (at.0 + dr, at.1 + dc);
            let land = (at.0 + 2 * dr, at.1 + 2 * dc);
            let victim = matches!(self.at(over.0, over.1), Some(Some(q)) if q.black != p.black);
            let landing_free = self.at(land.0, land.1) == Some(None) || land == path[0];
            if !victim || taken.contains(&over) || !landing_free {
                continue;
            }
            extended = true;
            path.push(land);
            taken.push(over);
            let crown_row = if p.black { 7 } else { 0 };
            if !p.king && land.0 == crown_row {
                out.push((path.clone(), taken.clone()));
            } else {
                self.jumps(p, land, path, taken, out);
            }
            path.pop();
            taken.pop();
        }
        if !extended && path.len() > 1 {
            out.push((path.clone(), taken.clone()));
        }
    }

    fn play(&self, path: &[(i32, i32)], taken: &[(i32, i32)]) -> Board {
        let mut next = *self;
        let (from, to) = (path[0], *path.last().unwrap());
        let mut p = next.grid[from.0 as usize][from.1 as usize].take().unwrap();
        for &(r, c) in taken {
            next.grid[r as usize][c as usize] = None;
        }
        if to.0 == if p.black { 7 } else { 0 } {
            p.king = true;
        }
        next.grid[to.0 as usize][to.1 as usize] = Some(p);
        next.black_to_move = !self.black_to_move;
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|(path, taken)| self.play(path, taken).perft(depth - 1))
            .sum()
    }
}

fn path_indices(path: &[(i32, i32)]) -> Vec<u8> {
    path.iter()
        .map(|&(r, c)| index(r as usize, c as usize))
        .collect()
}

fn bitboard_moves(pos: &Checkers) -> Vec<Move> {
    let mut buf = vec![Move::default(); Checkers::MAX_MOVES];
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

#[test]
#[ignore = "a tool: prints reference perft counts for hand-made positions"]
fn print_reference_counts() {
    for fen in std::env::var("FENS")
        .unwrap_or_default()
        .split(';')
        .filter(|f| !f.is_empty())
    {
        let board = Board::from_position(&Checkers::parse_fen(fen).unwrap());
        let counts: Vec<String> = (1..=5).map(|d| board.perft(d).to_string()).collect();
        println!("{fen} {}", counts.join(" "));
    }
}

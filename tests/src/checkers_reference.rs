//! A second, obviously-correct English draughts move generator on a plain 8x8
//! array (no bitboards, no draw rules), the reference `tests/tests/checkers_reference.rs`
//! compares the bitboard generator with, and the source of the hand-derived perft
//! counts (`cargo run -p microply-tests --example checkers_reference_counts`).

use microply_core::games::checkers::{Checkers, Config};
use microply_core::{Game, Player};

/// A piece on the reference board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    /// A Black piece.
    pub black: bool,
    /// A king.
    pub king: bool,
}

/// Row 0 is the top of the printed board (squares 1–4), column 0 the left edge.
pub type Grid = [[Option<Piece>; 8]; 8];

/// A reference move: the path of (row, column) squares and the captured squares.
pub type RefMove = (Vec<(i32, i32)>, Vec<(i32, i32)>);

/// A position on the plain 8x8 array.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    /// The squares, row 0 at the top.
    pub grid: Grid,
    /// Whether Black is to move.
    pub black_to_move: bool,
}

/// PDN square index 0–31 of a dark square.
pub fn index(r: usize, c: usize) -> u8 {
    (r * 4 + c / 2) as u8
}

/// Whether (row, column) is a playable (dark) square.
pub fn dark(r: usize, c: usize) -> bool {
    (r + c) % 2 == 1
}

impl Board {
    /// The reference board of a bitboard position.
    pub fn from_position(pos: &Checkers) -> Board {
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

    /// Back to the bitboard position (standard rules).
    pub fn position(&self) -> Checkers {
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

    /// The square at (row, column): `None` off the board.
    pub fn at(&self, r: i32, c: i32) -> Option<Option<Piece>> {
        if (0..8).contains(&r) && (0..8).contains(&c) {
            Some(self.grid[r as usize][c as usize])
        } else {
            None
        }
    }

    /// Diagonal directions a piece may move in: Black men go down (row + 1).
    pub fn dirs(p: Piece) -> Vec<(i32, i32)> {
        let all = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        all.into_iter()
            .filter(|&(dr, _)| p.king || (dr == 1) == p.black)
            .collect()
    }

    /// Every move as (path of (row, col), captured squares).
    pub fn moves(&self) -> Vec<RefMove> {
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
    pub fn jumps(
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

    /// The board after the move `path` capturing `taken`.
    pub fn play(&self, path: &[(i32, i32)], taken: &[(i32, i32)]) -> Board {
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

    /// Leaves of the move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|(path, taken)| self.play(path, taken).perft(depth - 1))
            .sum()
    }
}

/// The PDN square indices of a path.
pub fn path_indices(path: &[(i32, i32)]) -> Vec<u8> {
    path.iter()
        .map(|&(r, c)| index(r as usize, c as usize))
        .collect()
}

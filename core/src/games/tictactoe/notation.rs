//! Cell names `a1`..`c3` and the FEN `x../.o./...:x`.

use core::fmt;

use super::board::{Cell, Mask, TicTacToe};
use crate::game::Game;
use crate::notation::{Notation, NotationError};
use crate::player::Player;

impl Cell {
    /// Parses `a1`..`c3`.
    ///
    /// # Errors
    /// [`NotationError::MalformedMove`] for the wrong shape, [`NotationError::BadSquare`]
    /// for a cell off the board.
    pub fn from_ascii(text: &[u8]) -> Result<Cell, NotationError> {
        let [file, rank] = text else {
            return Err(NotationError::MalformedMove);
        };
        if !file.is_ascii_lowercase() || !rank.is_ascii_digit() {
            return Err(NotationError::MalformedMove);
        }
        let (col, row) = (file - b'a', rank.wrapping_sub(b'1'));
        Cell::at(row, col).ok_or(NotationError::BadSquare)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = (self.row(), self.column());
        write!(f, "{}{}", char::from(b'a' + col), row + 1)
    }
}

fn mark(pos: &TicTacToe, row: u8, col: u8) -> char {
    match Cell::at(row, col) {
        Some(c) if pos.x.contains(c) => 'x',
        Some(c) if pos.o.contains(c) => 'o',
        _ => '.',
    }
}

fn parse_rows(rows: &str) -> Result<(Mask, Mask), NotationError> {
    let (mut x, mut o) = (Mask::EMPTY, Mask::EMPTY);
    let mut count = 0;
    for (i, row) in rows.split('/').enumerate() {
        if i >= 3 || row.len() != 3 {
            return Err(NotationError::BadRow);
        }
        let rank = 2 - i as u8;
        for (col, ch) in (0..).zip(row.bytes()) {
            let bit = Cell::at(rank, col).map_or(Mask::EMPTY, Cell::mask);
            match ch {
                b'x' => x = x.union(bit),
                b'o' => o = o.union(bit),
                b'.' => {}
                _ => return Err(NotationError::BadPiece),
            }
        }
        count += 1;
    }
    if count != 3 {
        return Err(NotationError::BadRow);
    }
    Ok((x, o))
}

impl Notation for TicTacToe {
    fn parse_move(&self, text: &str) -> Result<Cell, NotationError> {
        let cell = Cell::from_ascii(text.as_bytes())?;
        if self.is_legal(cell) {
            Ok(cell)
        } else {
            Err(NotationError::IllegalMove)
        }
    }

    fn write_move(&self, m: Cell, w: &mut dyn fmt::Write) -> fmt::Result {
        write!(w, "{m}")
    }

    fn parse_fen(text: &str) -> Result<TicTacToe, NotationError> {
        let (rows, side) = text.split_once(':').ok_or(NotationError::MalformedFen)?;
        let (x, o) = parse_rows(rows)?;
        let side = match side {
            "x" => Player::First,
            "o" => Player::Second,
            _ => return Err(NotationError::BadSide),
        };
        let pos = TicTacToe::from_masks(x, o).ok_or(NotationError::Conflict)?;
        let (nx, no) = (x.len(), o.len());
        let counts_ok = nx == no || nx == no + 1;
        let lines_ok = !(TicTacToe::has_line(x) && TicTacToe::has_line(o));
        if !counts_ok || !lines_ok || pos.side_to_move() != side {
            return Err(NotationError::ImpossiblePosition);
        }
        Ok(pos)
    }

    fn write_fen(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        for rank in (0..3u8).rev() {
            for col in 0..3 {
                w.write_char(mark(self, rank, col))?;
            }
            if rank > 0 {
                w.write_char('/')?;
            }
        }
        write!(w, ":{}", Self::side_name(self.side_to_move()))
    }

    fn write_board(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        for rank in (0..3u8).rev() {
            write!(w, "{} ", rank + 1)?;
            for col in 0..3 {
                write!(w, " {}", mark(self, rank, col))?;
            }
            w.write_char('\n')?;
        }
        w.write_str("   a b c\n")
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "x",
            Player::Second => "o",
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use super::*;

    #[test]
    fn fen_round_trip() {
        for fen in ["x../.o./...:x", "xox/oxo/...:x", "x../.../...:o"] {
            match TicTacToe::parse_fen(fen) {
                Ok(pos) => assert_eq!(pos.display_fen().to_string(), fen),
                Err(e) => panic!("{fen}: {e}"),
            }
        }
    }

    #[test]
    fn bad_fens_say_why() {
        assert_eq!(
            TicTacToe::parse_fen("x../.o./..."),
            Err(NotationError::MalformedFen)
        );
        assert_eq!(
            TicTacToe::parse_fen("x../.o./...:z"),
            Err(NotationError::BadSide)
        );
        assert_eq!(
            TicTacToe::parse_fen("x../.o./..:x"),
            Err(NotationError::BadRow)
        );
        assert_eq!(
            TicTacToe::parse_fen("x../.q./...:x"),
            Err(NotationError::BadPiece)
        );
        assert_eq!(
            TicTacToe::parse_fen("x../.o./...:o"),
            Err(NotationError::ImpossiblePosition)
        );
        assert_eq!(
            TicTacToe::parse_fen("xxx/.../...:o"),
            Err(NotationError::ImpossiblePosition)
        );
        assert_eq!(
            TicTacToe::parse_fen("x../.../.../...:o"),
            Err(NotationError::BadRow)
        );
    }

    #[test]
    fn moves_round_trip_and_reject_bad_cells() {
        let pos = TicTacToe::START;
        for i in 0..9 {
            let cell = Cell::new(i).unwrap();
            let text = cell.to_string();
            assert_eq!(pos.parse_move(&text), Ok(cell));
        }
        assert_eq!(pos.parse_move("d1"), Err(NotationError::BadSquare));
        assert_eq!(pos.parse_move("a4"), Err(NotationError::BadSquare));
        assert_eq!(pos.parse_move("b"), Err(NotationError::MalformedMove));
        assert_eq!(pos.parse_move("é1"), Err(NotationError::MalformedMove));
        let after = pos.after(Cell::new(4).unwrap());
        assert_eq!(after.parse_move("b2"), Err(NotationError::IllegalMove));
    }
}

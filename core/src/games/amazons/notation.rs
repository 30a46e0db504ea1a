//! Move text `d1-d7/g7` and the FEN `3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3:w`.

use core::fmt;

use super::board::{Amazons, PartsError};
use super::rules::Size;
use super::square::{Move, Square};
use crate::notation::{Notation, NotationError};
use crate::player::Player;

/// What stands on a square, as a FEN character.
fn piece(pos: &Amazons, square: Square) -> Option<char> {
    if pos.queens(Player::First).contains(square) {
        Some('Q')
    } else if pos.queens(Player::Second).contains(square) {
        Some('q')
    } else if pos.arrows().contains(square) {
        Some('x')
    } else {
        None
    }
}

/// Splits `d1-d7/g7` into its three square names.
fn split_move(text: &str) -> Result<[&str; 3], NotationError> {
    let (from, rest) = text.split_once('-').ok_or(NotationError::MalformedMove)?;
    let (to, arrow) = rest.split_once('/').ok_or(NotationError::MalformedMove)?;
    Ok([from, to, arrow])
}

/// The bits of one FEN row (`row` counted from the bottom) into `sets`
/// (White queens, Black queens, arrows).
fn parse_row(text: &str, row: u8, n: u8, sets: &mut [u128; 3]) -> Result<(), NotationError> {
    let bytes = text.as_bytes();
    let mut column: u32 = 0;
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        if c.is_ascii_digit() {
            let start = i;
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            let run: u32 = text
                .get(start..i)
                .and_then(|d| d.parse().ok())
                .ok_or(NotationError::BadNumber)?;
            if run == 0 || bytes.get(start) == Some(&b'0') {
                return Err(NotationError::BadNumber);
            }
            column = column.saturating_add(run);
        } else {
            let set = match c {
                b'Q' => 0,
                b'q' => 1,
                b'x' => 2,
                _ => return Err(NotationError::BadPiece),
            };
            let square = u8::try_from(column)
                .ok()
                .and_then(|col| Square::new(row, col))
                .ok_or(NotationError::BadRow)?;
            sets[set] |= square.bit();
            column += 1;
            i += 1;
        }
        if column > u32::from(n) {
            return Err(NotationError::BadRow);
        }
    }
    if column == u32::from(n) {
        Ok(())
    } else {
        Err(NotationError::BadRow)
    }
}

fn parse_side(text: &str) -> Result<Player, NotationError> {
    match text {
        "w" => Ok(Player::First),
        "b" => Ok(Player::Second),
        _ => Err(NotationError::BadSide),
    }
}

impl Notation for Amazons {
    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let n = self.size().n();
        let [from, to, arrow] = split_move(text)?;
        let m = Move {
            from: Square::from_ascii(from.as_bytes(), n)?,
            to: Square::from_ascii(to.as_bytes(), n)?,
            arrow: Square::from_ascii(arrow.as_bytes(), n)?,
        };
        if self.is_legal_move(m) {
            Ok(m)
        } else {
            Err(NotationError::IllegalMove)
        }
    }

    fn write_move(&self, m: Move, w: &mut dyn fmt::Write) -> fmt::Result {
        write!(w, "{m}")
    }

    fn parse_fen(text: &str) -> Result<Amazons, NotationError> {
        let (rows, side) = text.split_once(':').ok_or(NotationError::MalformedFen)?;
        let side = parse_side(side)?;
        let count = rows.split('/').count();
        let size = u32::try_from(count)
            .ok()
            .and_then(Size::from_n)
            .ok_or(NotationError::BadSize)?;
        let n = size.n();
        let mut sets = [0u128; 3];
        for (i, row_text) in rows.split('/').enumerate() {
            let row = n - 1 - u8::try_from(i).map_err(|_| NotationError::BadRow)?;
            parse_row(row_text, row, n, &mut sets)?;
        }
        let [white, black, arrows] = sets;
        Amazons::from_parts(size, [white, black], arrows, side).map_err(|e| match e {
            PartsError::Overlap => NotationError::Conflict,
            PartsError::TooManyQueens => NotationError::ImpossiblePosition,
        })
    }

    fn write_fen(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        let n = self.size().n();
        for row in (0..n).rev() {
            let mut run = 0;
            for column in 0..n {
                match Square::new(row, column).and_then(|s| piece(self, s)) {
                    Some(c) => {
                        if run > 0 {
                            write!(w, "{run}")?;
                            run = 0;
                        }
                        w.write_char(c)?;
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                write!(w, "{run}")?;
            }
            if row > 0 {
                w.write_char('/')?;
            }
        }
        w.write_str(match self.side() {
            Player::First => ":w",
            Player::Second => ":b",
        })
    }

    fn write_board(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        let n = self.size().n();
        for row in (0..n).rev() {
            write!(w, "{:>2} ", row + 1)?;
            for column in 0..n {
                let c = Square::new(row, column)
                    .and_then(|s| piece(self, s))
                    .unwrap_or('.');
                write!(w, " {c}")?;
            }
            w.write_char('\n')?;
        }
        w.write_str("   ")?;
        for column in 0..n {
            write!(w, " {}", char::from(b'a' + column))?;
        }
        w.write_char('\n')
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "white",
            Player::Second => "black",
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::{String, ToString};

    use super::*;
    use crate::game::Game;

    const START_10: &str = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3:w";
    const START_8: &str = "2q2q2/8/q6q/8/8/Q6Q/8/2Q2Q2:w";
    const START_6: &str = "1q2q1/q4q/6/6/Q4Q/1Q2Q1:w";

    #[test]
    fn start_fens() {
        for (size, fen) in [
            (Size::Ten, START_10),
            (Size::Eight, START_8),
            (Size::Six, START_6),
        ] {
            assert_eq!(Amazons::start_position(size).display_fen().to_string(), fen);
            assert_eq!(Amazons::parse_fen(fen), Ok(Amazons::start_position(size)));
        }
    }

    #[test]
    fn fen_round_trip_with_arrows_and_black_to_move() {
        let fen = "x2q2q2x/10/10/q8q/10/5x4/Q8Q/10/10/3Q2Q3:b";
        let pos = Amazons::parse_fen(fen).unwrap();
        assert_eq!(pos.display_fen().to_string(), fen);
        assert_eq!(pos.side_to_move(), Player::Second);
        assert_eq!(pos.moves_played(), 3);
        assert_eq!(pos.hash(), pos.compute_hash());
    }

    #[test]
    fn bad_fens_say_why() {
        let cases: [(&str, NotationError); 11] = [
            ("1q2q1/q4q/6/6/Q4Q/1Q2Q1", NotationError::MalformedFen),
            ("1q2q1/q4q/6/6/Q4Q/1Q2Q1:x", NotationError::BadSide),
            ("1q2q1/q4q/6/6/Q4Q/1Q2Q1:", NotationError::BadSide),
            ("1q2q1/q4q/6/6/Q4Q:w", NotationError::BadSize),
            ("1q2q1/q4q/6/5/Q4Q/1Q2Q1:w", NotationError::BadRow),
            ("1q2q1/q4q/6/7/Q4Q/1Q2Q1:w", NotationError::BadRow),
            ("1q2q1/q4q/6/Q6/Q4Q/1Q2Q1:w", NotationError::BadRow),
            ("1q2q1/q4q/6/5k/Q4Q/1Q2Q1:w", NotationError::BadPiece),
            ("1q2q1/q4q/6/06/Q4Q/1Q2Q1:w", NotationError::BadNumber),
            (
                "1q2q1/q4q/QQ4/6/Q4Q/1Q2Q1:w",
                NotationError::ImpossiblePosition,
            ),
            ("1q2q1/q4q/6/6/Q4Q/1Q2Q1:w:w", NotationError::BadSide),
        ];
        for (fen, err) in cases {
            assert_eq!(Amazons::parse_fen(fen), Err(err), "{fen}");
        }
        let huge = "99999999999999999999/6/6/6/6/6:w";
        assert_eq!(Amazons::parse_fen(huge), Err(NotationError::BadNumber));
    }

    #[test]
    fn moves_parse_and_print() {
        let pos = Amazons::start_position(Size::Ten);
        let m = pos.parse_move("d1-d7/g7").unwrap();
        assert_eq!(m.to_string(), "d1-d7/g7");
        // The arrow may land on the square the queen left.
        assert!(pos.parse_move("d1-d2/d1").is_ok());
        assert!(pos.parse_move("j4-j5/j4").is_ok());
        let errors: [(&str, NotationError); 8] = [
            ("d1-d10/d9", NotationError::IllegalMove),
            ("d1-e3/e4", NotationError::IllegalMove),
            ("a7-a6/a5", NotationError::IllegalMove),
            ("d1-d7", NotationError::MalformedMove),
            ("d1d7/g7", NotationError::MalformedMove),
            ("d1-d7/k7", NotationError::BadSquare),
            ("d1-d11/g7", NotationError::BadSquare),
            ("d1-d7/g7/h7", NotationError::MalformedMove),
        ];
        for (text, err) in errors {
            assert_eq!(pos.parse_move(text), Err(err), "{text}");
        }
    }

    #[test]
    fn every_generated_move_round_trips() {
        let pos = Amazons::start_position(Size::Eight);
        let _ = pos.for_each_move(|m| {
            let text = pos.display_move(m).to_string();
            assert_eq!(pos.parse_move(&text), Ok(m));
            core::ops::ControlFlow::<()>::Continue(())
        });
    }

    #[test]
    fn board_drawing() {
        let mut s = String::new();
        Amazons::start_position(Size::Six)
            .write_board(&mut s)
            .unwrap();
        assert_eq!(
            s,
            " 6  . q . . q .\n 5  q . . . . q\n 4  . . . . . .\n 3  . . . . . .\n 2  Q . . . . Q\n 1  . Q . . Q .\n    a b c d e f\n"
        );
    }
}

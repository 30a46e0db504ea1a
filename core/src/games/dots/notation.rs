//! Edge names `a1-b1` and the FEN `RxC:EDGES:S1-S2:SIDE`.
//!
//! Dots are named by column letter and row number, `a1` bottom left. An edge is written
//! lower or left dot first (`a1-b1` horizontal, `a1-a2` vertical); the reverse order is
//! accepted on input. The FEN gives the size in boxes, the drawn edges (comma-separated,
//! in edge order, possibly none), the boxes of the first and second player and the side
//! to move (`1` or `2`): `2x2:a1-b1,a1-a2:0-0:1`.

use core::fmt;
use core::fmt::Write as _;

use super::board::Dots;
use super::edges::{Edge, Edges};
use super::size::{Size, MAX_SIDE};
use crate::decimal::parse_decimal;
use crate::game::Game;
use crate::notation::{Notation, NotationError};
use crate::player::Player;

/// A dot `(col, row)`, both `0..=MAX_SIDE`.
fn parse_dot(text: &[u8]) -> Result<(u8, u8), NotationError> {
    let [file, rank] = text else {
        return Err(NotationError::MalformedMove);
    };
    if !file.is_ascii_lowercase() || !rank.is_ascii_digit() {
        return Err(NotationError::MalformedMove);
    }
    let (col, row) = (file - b'a', rank.wrapping_sub(b'1'));
    if col > MAX_SIDE || row > MAX_SIDE {
        return Err(NotationError::BadSquare);
    }
    Ok((col, row))
}

impl Edge {
    /// Parses `a1-b1` or `a1-a2` (either dot first) on a board of `size`.
    ///
    /// # Errors
    /// [`NotationError::MalformedMove`] for the wrong shape or dots that are not
    /// neighbours, [`NotationError::BadSquare`] for a dot off the board.
    pub fn from_ascii(text: &[u8], size: Size) -> Result<Edge, NotationError> {
        let (a, b) = match text.iter().position(|&c| c == b'-') {
            Some(i) => (&text[..i], &text[i + 1..]),
            None => return Err(NotationError::MalformedMove),
        };
        let (p, q) = (parse_dot(a)?, parse_dot(b)?);
        let (lo, hi) = if p <= q { (p, q) } else { (q, p) };
        let edge = if lo.1 == hi.1 && lo.0 + 1 == hi.0 {
            Edge::horizontal(lo.1, lo.0)
        } else if lo.0 == hi.0 && lo.1 + 1 == hi.1 {
            Edge::vertical(lo.1, lo.0)
        } else {
            return Err(NotationError::MalformedMove);
        };
        let edge = edge.ok_or(NotationError::BadSquare)?;
        if edge.is_on(size) {
            Ok(edge)
        } else {
            Err(NotationError::BadSquare)
        }
    }
}

fn write_dot(w: &mut dyn fmt::Write, col: u8, row: u8) -> fmt::Result {
    write!(w, "{}{}", char::from(b'a' + col), row + 1)
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = (self.row(), self.col());
        write_dot(f, col, row)?;
        f.write_char('-')?;
        if self.is_vertical() {
            write_dot(f, col, row + 1)
        } else {
            write_dot(f, col + 1, row)
        }
    }
}

/// Whether some game reaches `edges` with `side` to move (docs/protocol.md,
/// "Dots-and-Boxes FENs"). The turn passes on every move that completes no box.
/// With no box complete every move passed it, so the first player moves after an
/// even number of edges; with one box complete exactly one move kept it. With two
/// or more, a move may have completed two at once, so either side can be to move
/// and both are accepted. A finished board has no side to check.
fn turn_is_reachable(size: Size, edges: Edges, side: Player) -> bool {
    let boxes = edges.full_boxes(size).count_ones();
    if boxes >= 2 || edges == Edges::all(size) {
        return true;
    }
    let passes = edges.count() - boxes;
    let first_to_move = passes % 2 == 0;
    first_to_move == (side == Player::First)
}

fn parse_size(text: &str) -> Result<Size, NotationError> {
    let (r, c) = text.split_once('x').ok_or(NotationError::MalformedFen)?;
    let r: u8 = parse_decimal(r).ok_or(NotationError::BadSize)?;
    let c: u8 = parse_decimal(c).ok_or(NotationError::BadSize)?;
    Size::new(r, c).ok_or(NotationError::BadSize)
}

fn parse_edges(text: &str, size: Size) -> Result<Edges, NotationError> {
    let mut edges = Edges::EMPTY;
    if text.is_empty() {
        return Ok(edges);
    }
    for item in text.split(',') {
        let e = Edge::from_ascii(item.as_bytes(), size)?;
        if edges.contains(e) {
            return Err(NotationError::Conflict);
        }
        edges = edges.with(e);
    }
    Ok(edges)
}

fn parse_scores(text: &str) -> Result<[u8; 2], NotationError> {
    let (a, b) = text.split_once('-').ok_or(NotationError::BadNumber)?;
    let a: u8 = parse_decimal(a).ok_or(NotationError::BadNumber)?;
    let b: u8 = parse_decimal(b).ok_or(NotationError::BadNumber)?;
    Ok([a, b])
}

fn parse_side(text: &str) -> Result<Player, NotationError> {
    match text {
        "1" => Ok(Player::First),
        "2" => Ok(Player::Second),
        _ => Err(NotationError::BadSide),
    }
}

impl Notation for Dots {
    fn parse_move(&self, text: &str) -> Result<Edge, NotationError> {
        let e = Edge::from_ascii(text.as_bytes(), self.size())?;
        if self.is_legal(e) {
            Ok(e)
        } else {
            Err(NotationError::IllegalMove)
        }
    }

    fn write_move(&self, m: Edge, w: &mut dyn fmt::Write) -> fmt::Result {
        write!(w, "{m}")
    }

    fn parse_fen(text: &str) -> Result<Dots, NotationError> {
        let mut parts = text.split(':');
        let mut next = || parts.next().ok_or(NotationError::MalformedFen);
        let (size, edges, scores, side) = (next()?, next()?, next()?, next()?);
        if parts.next().is_some() {
            return Err(NotationError::MalformedFen);
        }
        let size = parse_size(size)?;
        let edges = parse_edges(edges, size)?;
        let scores = parse_scores(scores)?;
        let side = parse_side(side)?;
        if !turn_is_reachable(size, edges, side) {
            return Err(NotationError::ImpossiblePosition);
        }
        // The scores must share out exactly the boxes the edges complete.
        Dots::from_parts(size, edges, scores, side).ok_or(NotationError::ImpossiblePosition)
    }

    fn write_fen(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        let size = self.size();
        write!(w, "{}x{}:", size.rows(), size.cols())?;
        for (i, e) in self.edges().iter().enumerate() {
            if i > 0 {
                w.write_char(',')?;
            }
            write!(w, "{e}")?;
        }
        let side = match self.side() {
            Player::First => 1,
            Player::Second => 2,
        };
        write!(
            w,
            ":{}-{}:{side}",
            self.score(Player::First),
            self.score(Player::Second)
        )
    }

    fn write_board(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        let (rows, cols) = (self.size().rows(), self.size().cols());
        let (edges, full) = (self.edges(), self.full_boxes());
        for y in (0..=rows).rev() {
            write!(w, "{} ", y + 1)?;
            for x in 0..=cols {
                w.write_char('o')?;
                if x < cols {
                    let drawn = Edge::horizontal(y, x).is_some_and(|e| edges.contains(e));
                    w.write_str(if drawn { "---" } else { "   " })?;
                }
            }
            w.write_char('\n')?;
            if y == 0 {
                break;
            }
            let r = y - 1;
            w.write_str("  ")?;
            for x in 0..=cols {
                let drawn = Edge::vertical(r, x).is_some_and(|e| edges.contains(e));
                w.write_char(if drawn { '|' } else { ' ' })?;
                if x < cols {
                    let taken = full & (1 << (8 * r + x)) != 0;
                    w.write_str(if taken { " # " } else { "   " })?;
                }
            }
            w.write_char('\n')?;
        }
        w.write_str("  ")?;
        for x in 0..=cols {
            write!(w, "{}   ", char::from(b'a' + x))?;
        }
        w.write_char('\n')
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::{String, ToString};

    use super::*;

    fn size(r: u8, c: u8) -> Size {
        Size::new(r, c).unwrap()
    }

    #[test]
    fn every_edge_round_trips_and_reversed_dots_are_accepted() {
        for r in 1..=6 {
            for c in 1..=6 {
                let pos = Dots::empty(size(r, c));
                for e in Edges::all(pos.size()).iter() {
                    let text = e.to_string();
                    assert_eq!(pos.parse_move(&text), Ok(e), "{text}");
                    let (a, b) = text.split_once('-').unwrap();
                    assert_eq!(pos.parse_move(&std::format!("{b}-{a}")), Ok(e));
                }
            }
        }
    }

    #[test]
    fn bad_moves_say_why() {
        let pos = Dots::empty(size(2, 2));
        assert_eq!(pos.parse_move("a1b1"), Err(NotationError::MalformedMove));
        assert_eq!(pos.parse_move("a1-c1"), Err(NotationError::MalformedMove));
        assert_eq!(pos.parse_move("a1-b2"), Err(NotationError::MalformedMove));
        assert_eq!(pos.parse_move("c1-d1"), Err(NotationError::BadSquare));
        assert_eq!(pos.parse_move("a3-a4"), Err(NotationError::BadSquare));
        assert_eq!(pos.parse_move("a9-a8"), Err(NotationError::BadSquare));
        assert_eq!(pos.parse_move("é1-a1"), Err(NotationError::MalformedMove));
        let after = pos.after(Edge::horizontal(0, 0).unwrap());
        assert_eq!(after.parse_move("b1-a1"), Err(NotationError::IllegalMove));
    }

    #[test]
    fn fen_round_trip() {
        for fen in [
            "5x5::0-0:1",
            "1x1:a1-b1,a2-b2,a1-a2:0-0:2",
            "1x1:a1-b1,a2-b2,a1-a2,b1-b2:1-0:1",
            "2x3:a1-b1,b2-c2,a1-a2,d2-d3:0-0:1",
            "6x6:f7-g7,g6-g7:0-0:1",
        ] {
            match Dots::parse_fen(fen) {
                Ok(pos) => assert_eq!(pos.display_fen().to_string(), fen),
                Err(e) => panic!("{fen}: {e}"),
            }
        }
        // Edges in any order and dots either way round come back canonical.
        let pos = Dots::parse_fen("1x1:a2-a1,b1-a1:0-0:1").unwrap();
        assert_eq!(pos.display_fen().to_string(), "1x1:a1-b1,a1-a2:0-0:1");
    }

    #[test]
    fn bad_fens_say_why() {
        let cases = [
            ("5x5:0-0:1", NotationError::MalformedFen),
            ("5x5::0-0:1:", NotationError::MalformedFen),
            ("55::0-0:1", NotationError::MalformedFen),
            ("7x5::0-0:1", NotationError::BadSize),
            ("0x5::0-0:1", NotationError::BadSize),
            ("ax5::0-0:1", NotationError::BadSize),
            ("2x2:a1-b1,b1-a1:0-0:1", NotationError::Conflict),
            ("2x2:a1-b1,:0-0:1", NotationError::MalformedMove),
            ("2x2:a1-d1:0-0:1", NotationError::MalformedMove),
            ("2x2:c1-d1:0-0:1", NotationError::BadSquare),
            ("2x2::00:1", NotationError::BadNumber),
            ("2x2::0-x:1", NotationError::BadNumber),
            ("2x2::1-0:1", NotationError::ImpossiblePosition),
            (
                "1x1:a1-b1,a2-b2,a1-a2,b1-b2:0-0:1",
                NotationError::ImpossiblePosition,
            ),
            ("2x2::0-0:3", NotationError::BadSide),
            ("2x2::0-0:", NotationError::BadSide),
        ];
        for (fen, err) in cases {
            assert_eq!(Dots::parse_fen(fen), Err(err), "{fen}");
        }
    }

    #[test]
    fn the_side_to_move_must_be_reachable_where_it_can_be_known() {
        // No box: the turn passed on every move.
        assert!(Dots::parse_fen("2x2:a1-b1:0-0:2").is_ok());
        assert_eq!(
            Dots::parse_fen("2x2:a1-b1:0-0:1"),
            Err(NotationError::ImpossiblePosition)
        );
        // One box: one move kept the turn.
        assert!(Dots::parse_fen("1x2:a1-b1,a2-b2,a1-a2,b1-b2:0-1:2").is_ok());
        assert_eq!(
            Dots::parse_fen("1x2:a1-b1,a2-b2,a1-a2,b1-b2:0-1:1"),
            Err(NotationError::ImpossiblePosition)
        );
        // Two boxes: one move may have closed both, so either side.
        for fen in [
            "1x2:a1-b1,b1-c1,a2-b2,b2-c2,a1-a2,b1-b2,c1-c2:1-1:1",
            "1x2:a1-b1,b1-c1,a2-b2,b2-c2,a1-a2,b1-b2,c1-c2:1-1:2",
        ] {
            assert!(Dots::parse_fen(fen).is_ok(), "{fen}");
        }
    }

    #[test]
    fn board_drawing() {
        let pos = Dots::parse_fen("1x2:a1-b1,a2-b2,a1-a2,b1-b2:0-1:2").unwrap();
        let mut s = String::new();
        pos.write_board(&mut s).unwrap();
        let expected = "2 o---o   o\n  | # |    \n1 o---o   o\n  a   b   c   \n";
        assert_eq!(s, expected);
    }
}

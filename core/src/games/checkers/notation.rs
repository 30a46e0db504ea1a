//! PDN notation: squares 1–32, moves `11-15` and captures `9x18x27` (or the short
//! form `9x27` when it is unambiguous), and PDN FEN `B:W21,...,32:B1,...,12`.

use core::fmt;

use super::bitboard::{Bitboard, Squares, BOTTOM_ROW, TOP_ROW};
use super::board::{Checkers, Config};
use super::moves::{Move, MAX_PATH};
use super::rules::MEN_PER_SIDE;
use super::square::Square;
use crate::game::Game;
use crate::notation::{Notation, NotationError};
use crate::player::Player;

/// Parses a PDN square number `1`–`32`.
///
/// # Errors
/// [`NotationError::MalformedMove`] when `text` is not a decimal number,
/// [`NotationError::BadSquare`] when the number is not 1–32.
pub fn parse_square(text: &str) -> Result<Square, NotationError> {
    if text.len() > 3 {
        return Err(NotationError::MalformedMove);
    }
    let n: usize = crate::decimal::parse_decimal(text).ok_or(NotationError::MalformedMove)?;
    u8::try_from(n)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(Square::new)
        .ok_or(NotationError::BadSquare)
}

/// The squares a move text names, in order (at most [`MAX_PATH`]).
type Named = heapless::Vec<u8, MAX_PATH>;

/// How a move text separates its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Separators {
    /// Only `-`: a simple move.
    Dash,
    /// Only `x` (or `X`): a capture.
    Cross,
    /// Both.
    Mixed,
}

fn separators(text: &str) -> Separators {
    let dash = text.contains('-');
    let cross = text.contains(['x', 'X']);
    match (dash, cross) {
        (true, true) => Separators::Mixed,
        (true, false) => Separators::Dash,
        _ => Separators::Cross,
    }
}

/// Whether the separators are those of `m`'s kind, else the error naming the
/// form `m` must be written in.
fn check_separators(m: Move, text: &str) -> Result<Move, NotationError> {
    match (m.is_capture(), separators(text)) {
        (true, Separators::Cross) | (false, Separators::Dash) => Ok(m),
        (true, _) => Err(NotationError::CaptureNeedsX),
        (false, _) => Err(NotationError::SimpleMoveNeedsDash),
    }
}

/// Splits `11-15` or `9x18x27` into square indices.
fn parse_path(text: &str) -> Result<Named, NotationError> {
    let mut squares = Named::new();
    for part in text.split(['-', 'x', 'X']) {
        let sq = parse_square(part)?;
        squares
            .push(sq.to_u8())
            .map_err(|_| NotationError::MalformedMove)?;
    }
    if squares.len() < 2 {
        return Err(NotationError::MalformedMove);
    }
    Ok(squares)
}

/// Whether `named` (origin, some landings, destination) abbreviates `path`: same
/// ends, and the named intermediate squares visited in order.
fn abbreviates(named: &[u8], path: &[u8]) -> bool {
    let (Some(first), Some(last)) = (named.first(), named.last()) else {
        return false;
    };
    if path.first() != Some(first) || path.last() != Some(last) {
        return false;
    }
    let mut rest = path.iter();
    named.iter().all(|sq| rest.any(|p| p == sq))
}

impl Move {
    /// Writes the move as PDN: `11-15`, or every landing square `9x18x27`.
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_pdn(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        for (i, sq) in self.path().iter().enumerate() {
            if i > 0 {
                w.write_char(sep)?;
            }
            write!(w, "{}", sq + 1)?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_pdn(f)
    }
}

/// The pieces a FEN lists for one side.
#[derive(Clone, Copy, Default)]
struct FenSide {
    pieces: Bitboard,
    kings: Bitboard,
}

/// Adds one FEN item (`12`, `K12`, `1-12`, `K1-3`) to `side`.
fn parse_fen_item(
    item: &str,
    side: &mut FenSide,
    taken: &mut Bitboard,
) -> Result<(), NotationError> {
    let (king, numbers) = match item.strip_prefix('K') {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let fen_square = |t: &str| {
        parse_square(t).map_err(|e| match e {
            NotationError::BadSquare => NotationError::BadSquare,
            _ => NotationError::MalformedFen,
        })
    };
    let (first, last) = match numbers.split_once('-') {
        Some((a, b)) => (fen_square(a)?, fen_square(b)?),
        None => {
            let sq = fen_square(numbers)?;
            (sq, sq)
        }
    };
    if first > last {
        return Err(NotationError::MalformedFen);
    }
    // The squares first..=last: every bit from first's up to last's.
    let range = !(first.bit() - 1) & (last.bit() | (last.bit() - 1));
    for sq in Squares::of(range) {
        let bit = sq.bit();
        if *taken & bit != 0 {
            return Err(NotationError::Conflict);
        }
        *taken |= bit;
        side.pieces |= bit;
        if king {
            side.kings |= bit;
        }
    }
    Ok(())
}

/// Parses one colour section `W21,22,K30` (colour letter, then items).
fn parse_fen_side(text: &str, taken: &mut Bitboard) -> Result<(Player, FenSide), NotationError> {
    let player = match text.as_bytes().first() {
        Some(b'B') => Player::First,
        Some(b'W') => Player::Second,
        _ => return Err(NotationError::MalformedFen),
    };
    let mut side = FenSide::default();
    let items = text.get(1..).unwrap_or("");
    if !items.is_empty() {
        for item in items.split(',') {
            parse_fen_item(item, &mut side, taken)?;
        }
    }
    Ok((player, side))
}

fn parse_turn(text: &str) -> Result<Player, NotationError> {
    match text {
        "B" => Ok(Player::First),
        "W" => Ok(Player::Second),
        _ => Err(NotationError::BadSide),
    }
}

/// Checks what the rules allow: at most twelve pieces a side, no man on its own
/// crowning row.
fn check_possible(black: &FenSide, white: &FenSide) -> Result<(), NotationError> {
    let too_many =
        black.pieces.count_ones() > MEN_PER_SIDE || white.pieces.count_ones() > MEN_PER_SIDE;
    let uncrowned =
        (black.pieces & !black.kings & BOTTOM_ROW) | (white.pieces & !white.kings & TOP_ROW);
    if too_many || uncrowned != 0 {
        Err(NotationError::ImpossiblePosition)
    } else {
        Ok(())
    }
}

impl Checkers {
    fn write_fen_side(&self, player: Player, w: &mut dyn fmt::Write) -> fmt::Result {
        w.write_str(match player {
            Player::First => "B",
            Player::Second => "W",
        })?;
        for (i, sq) in Squares::of(self.pieces(player)).enumerate() {
            if i > 0 {
                w.write_char(',')?;
            }
            if self.kings & sq.bit() != 0 {
                w.write_char('K')?;
            }
            write!(w, "{}", sq.number())?;
        }
        Ok(())
    }

    /// The board character of `sq`.
    fn piece_char(&self, sq: Square) -> char {
        let bit = sq.bit();
        let king = self.kings & bit != 0;
        match (self.black & bit != 0, self.white & bit != 0, king) {
            (true, _, false) => 'b',
            (true, _, true) => 'B',
            (_, true, false) => 'w',
            (_, true, true) => 'W',
            _ => '.',
        }
    }
}

impl Notation for Checkers {
    fn parse_fen_under(
        text: &str,
        config: &super::board::Config,
    ) -> Result<Checkers, NotationError> {
        Ok(Checkers::parse_fen(text)?.with_config(config))
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let named = parse_path(text)?;
        let mut found: Option<Move> = None;
        let mut matches = 0;
        let exact = self.for_each_move(|m| {
            if m.path() == named.as_slice() {
                return core::ops::ControlFlow::Break(m);
            }
            if abbreviates(&named, m.path()) {
                matches += 1;
                found.get_or_insert(m);
            }
            core::ops::ControlFlow::Continue(())
        });
        if let core::ops::ControlFlow::Break(m) = exact {
            return check_separators(m, text);
        }
        match (found, matches) {
            (Some(m), 1) => check_separators(m, text),
            (Some(_), _) => Err(NotationError::AmbiguousMove),
            (None, _) => Err(NotationError::IllegalMove),
        }
    }

    fn write_move(&self, m: Move, w: &mut dyn fmt::Write) -> fmt::Result {
        m.write_pdn(w)
    }

    fn parse_fen(text: &str) -> Result<Checkers, NotationError> {
        let text = text.strip_suffix('.').unwrap_or(text);
        let mut parts = text.split(':');
        let turn = parse_turn(parts.next().unwrap_or(""))?;
        let mut taken = 0;
        let mut sides: [Option<FenSide>; 2] = [None, None];
        for part in parts {
            let (player, side) = parse_fen_side(part, &mut taken)?;
            let slot = &mut sides[player.index()];
            if slot.is_some() {
                return Err(NotationError::MalformedFen);
            }
            *slot = Some(side);
        }
        let [Some(black), Some(white)] = sides else {
            return Err(NotationError::MalformedFen);
        };
        check_possible(&black, &white)?;
        Checkers::from_masks(
            black.pieces,
            white.pieces,
            black.kings | white.kings,
            turn,
            &Config::STANDARD,
        )
        .ok_or(NotationError::Conflict)
    }

    fn write_fen(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        w.write_str(match self.side {
            Player::First => "B:",
            Player::Second => "W:",
        })?;
        self.write_fen_side(Player::Second, w)?;
        w.write_char(':')?;
        self.write_fen_side(Player::First, w)
    }

    /// Black at the top (squares 1–4 in the first row), White at the bottom; `b`/`w`
    /// men, `B`/`W` kings, `.` empty playable squares; each row ends with its square
    /// numbers.
    fn write_board(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        for row in 0..8u8 {
            for col in 0..8u8 {
                let c = if (row + col) % 2 == 1 {
                    Square::new(row * 4 + col / 2).map_or('?', |sq| self.piece_char(sq))
                } else {
                    ' '
                };
                write!(w, " {c}")?;
            }
            let first = row * 4 + 1;
            writeln!(w, "    {}-{}", first, first + 3)?;
        }
        Ok(())
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "black",
            Player::Second => "white",
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::{String, ToString};

    use super::*;

    const START_FEN: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    #[test]
    fn the_separator_must_match_the_move_kind() {
        let capture = Checkers::parse_fen("B:W14:B9").unwrap();
        assert!(capture.parse_move("9x18").is_ok());
        assert_eq!(
            capture.parse_move("9-18"),
            Err(NotationError::CaptureNeedsX)
        );
        let simple = Checkers::parse_fen("B:W32:B21").unwrap();
        assert!(simple.parse_move("21-25").is_ok());
        assert_eq!(
            simple.parse_move("21x25"),
            Err(NotationError::SimpleMoveNeedsDash)
        );
        // A double jump 9x18x25 (white men on 14 and 22), written mixed or short.
        let double = Checkers::parse_fen("B:W14,22:B9").unwrap();
        assert!(double.parse_move("9x18x25").is_ok());
        assert!(double.parse_move("9x25").is_ok());
        assert_eq!(
            double.parse_move("9x18-25"),
            Err(NotationError::CaptureNeedsX)
        );
        assert_eq!(
            double.parse_move("9-18-25"),
            Err(NotationError::CaptureNeedsX)
        );
    }

    #[test]
    fn fen_numbers_follow_the_protocol_rule() {
        assert!(Checkers::parse_fen("B:W5:B1").is_ok());
        assert_eq!(
            Checkers::parse_fen("B:W05:B1"),
            Err(NotationError::MalformedFen)
        );
    }

    #[test]
    fn start_fen_round_trips() {
        assert_eq!(Checkers::START.display_fen().to_string(), START_FEN);
        assert_eq!(Checkers::parse_fen(START_FEN), Ok(Checkers::START));
        assert_eq!(Checkers::parse_fen("B:W21-32:B1-12"), Ok(Checkers::START));
        assert_eq!(Checkers::parse_fen("B:B1-12:W21-32."), Ok(Checkers::START));
    }

    #[test]
    fn kings_and_ranges() {
        let pos = Checkers::parse_fen("W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29").unwrap();
        assert_eq!(pos.side_to_move(), Player::Second);
        assert_eq!(
            pos.display_fen().to_string(),
            "W:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29"
        );
        let kings = Checkers::parse_fen("B:WK1-3:BK30-32").unwrap();
        assert_eq!(kings.kings().count_ones(), 6);
    }

    #[test]
    fn bad_fens_say_why() {
        use NotationError::*;
        let cases = [
            ("", BadSide),
            ("X:W21:B1", BadSide),
            ("B:W21", MalformedFen),
            ("B:W21:W22:B1", MalformedFen),
            ("B:W21:B1:", MalformedFen),
            ("B:W33:B1", BadSquare),
            ("B:W0:B1", BadSquare),
            ("B:Wx:B1", MalformedFen),
            ("B:W21:B21", Conflict),
            ("B:W1-13:B30", ImpossiblePosition),
            ("B:W21:B29", ImpossiblePosition),
            ("B:W3:B12", ImpossiblePosition),
            ("B:W5-3:B12", MalformedFen),
        ];
        for (fen, err) in cases {
            assert_eq!(Checkers::parse_fen(fen), Err(err), "{fen}");
        }
        assert!(Checkers::parse_fen("B:W:B1").is_ok());
    }

    #[test]
    fn moves_round_trip() {
        let pos = Checkers::START;
        let mut moves = [Move::default(); 16];
        let n = pos.generate(&mut moves).unwrap();
        assert_eq!(n, 7);
        for &m in &moves[..n] {
            assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
        }
        assert_eq!(pos.parse_move("11-15").unwrap().path(), &[10, 14]);
        assert_eq!(pos.parse_move("11-17"), Err(NotationError::IllegalMove));
        assert_eq!(pos.parse_move("11-33"), Err(NotationError::BadSquare));
        assert_eq!(pos.parse_move("11"), Err(NotationError::MalformedMove));
        assert_eq!(pos.parse_move("a-b"), Err(NotationError::MalformedMove));
    }

    #[test]
    fn short_captures_and_ambiguity() {
        // A Black king on 10 with White men on 14, 15, 22, 23 captures all four going
        // round either way and comes back to 10.
        let pos = Checkers::parse_fen("B:W14,15,22,23:BK10").unwrap();
        let mut text = String::new();
        let mut moves = [Move::default(); 32];
        let n = pos.generate(&mut moves).unwrap();
        for &m in &moves[..n] {
            text.push_str(&m.to_string());
            text.push(' ');
            assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
        }
        // Both 10x17x26x19x10 and 10x19x26x17x10 return to 10 around the square.
        assert!(text.contains("10x17x26x19x10"), "{text}");
        assert!(text.contains("10x19x26x17x10"), "{text}");
        assert_eq!(pos.parse_move("10x10"), Err(NotationError::AmbiguousMove));
        assert_eq!(
            pos.parse_move("10x17x10"),
            Err(NotationError::AmbiguousMove)
        );
        assert_eq!(
            pos.parse_move("10x17x26x10").unwrap().path(),
            &[9, 16, 25, 18, 9]
        );
    }

    #[test]
    fn board_drawing() {
        let mut s = String::new();
        Checkers::START.write_board(&mut s).unwrap();
        let first = s.lines().next().unwrap();
        assert_eq!(first, "   b   b   b   b    1-4");
        assert_eq!(s.lines().count(), 8);
    }
}

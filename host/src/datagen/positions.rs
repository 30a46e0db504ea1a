//! The positions file of `microply datagen`: checkers positions, each labelled with
//! the result of the game it came from and the score the engine's search gave it,
//! 16 bytes a position after an 8-byte header (docs/datagen.md, "The file").
//!
//! | bytes | field |
//! |---|---|
//! | 0–3 | black's pieces, square `n` (1–32, standard numbering) at bit `n − 1`, `u32` LE |
//! | 4–7 | white's pieces, the same |
//! | 8–11 | the kings of both sides, the same |
//! | 12 | the side to move: 0 black, 1 white |
//! | 13 | the game's result for the side to move: 1 win, 0 draw, −1 loss (`i8`) |
//! | 14–15 | the search's score for the side to move, hundredths of a man, `i16` LE; ±32,767 a proven win or loss |

use std::path::Path;

use microply_core::games::checkers::{Checkers, Config};
use microply_core::Player;

use crate::play::game::PROVEN_EVAL;

/// The header: the format and its version.
pub const MAGIC: &[u8; 8] = b"MPLYPOS1";

/// Bytes a position.
pub const RECORD_BYTES: usize = 16;

/// A proven win in [`Labelled::eval`] (a loss is its negation).
pub const PROVEN: i16 = i16::MAX;

/// The largest score that is not a proven result: others are clamped to it.
pub const EVAL_LIMIT: i16 = 32_000;

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labelled {
    /// Black's pieces (bit `n − 1` for square `n`).
    pub black: u32,
    /// White's pieces.
    pub white: u32,
    /// The kings of both sides.
    pub kings: u32,
    /// The side to move.
    pub side: Player,
    /// The game's result for the side to move: 1, 0, −1.
    pub result: i8,
    /// The search's score for the side to move, hundredths of a man, within
    /// ±[`EVAL_LIMIT`], or ±[`PROVEN`].
    pub eval: i16,
}

impl Labelled {
    /// `pos` with its labels: `result` (1, 0, −1) and a score in hundredths as the
    /// game records keep it ([`crate::play::game::GameRecord::evals`]).
    #[must_use]
    pub fn new(pos: &Checkers, result: i8, hundredths: i32) -> Labelled {
        let eval = if hundredths >= PROVEN_EVAL {
            PROVEN
        } else if hundredths <= -PROVEN_EVAL {
            -PROVEN
        } else {
            hundredths.clamp(-i32::from(EVAL_LIMIT), i32::from(EVAL_LIMIT)) as i16
        };
        Labelled {
            black: pos.pieces(Player::First),
            white: pos.pieces(Player::Second),
            kings: pos.kings(),
            side: microply_core::Game::side_to_move(pos),
            result,
            eval,
        }
    }

    /// The position (under the standard rules), or `None` when the masks are not
    /// one (overlapping sides, kings on empty squares).
    #[must_use]
    pub fn position(&self) -> Option<Checkers> {
        Checkers::from_masks(
            self.black,
            self.white,
            self.kings,
            self.side,
            &Config::default(),
        )
    }

    fn to_bytes(self) -> [u8; RECORD_BYTES] {
        let mut b = [0; RECORD_BYTES];
        b[0..4].copy_from_slice(&self.black.to_le_bytes());
        b[4..8].copy_from_slice(&self.white.to_le_bytes());
        b[8..12].copy_from_slice(&self.kings.to_le_bytes());
        b[12] = u8::from(self.side == Player::Second);
        b[13] = self.result.to_le_bytes()[0];
        b[14..16].copy_from_slice(&self.eval.to_le_bytes());
        b
    }

    fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<Labelled, String> {
        let word = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let side = match b[12] {
            0 => Player::First,
            1 => Player::Second,
            other => return Err(format!("side to move {other} (expected 0 or 1)")),
        };
        let result = i8::from_le_bytes([b[13]]);
        if !(-1..=1).contains(&result) {
            return Err(format!("result {result} (expected -1, 0 or 1)"));
        }
        let eval = i16::from_le_bytes([b[14], b[15]]);
        if eval.abs() > EVAL_LIMIT && eval.abs() != PROVEN {
            return Err(format!(
                "score {eval} (beyond ±{EVAL_LIMIT} and not ±{PROVEN})"
            ));
        }
        let l = Labelled {
            black: word(0),
            white: word(4),
            kings: word(8),
            side,
            result,
            eval,
        };
        l.position()
            .map(|_| l)
            .ok_or_else(|| "pieces on both sides of a square, or a king on an empty one".into())
    }
}

/// Why a positions file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PositionsError {
    /// The file cannot be read or written.
    #[error("positions file '{0}': {1}")]
    Io(String, std::io::Error),
    /// Not a positions file, or another version.
    #[error("positions file '{0}': not a microply positions file (no {magic} header)", magic = String::from_utf8_lossy(MAGIC))]
    Magic(String),
    /// A length that is not a whole number of positions.
    #[error("positions file '{0}': {1} bytes after the header, not a multiple of {RECORD_BYTES} (cut short?)")]
    Length(String, usize),
    /// A position that is not one.
    #[error("positions file '{0}': position {1}: {2}")]
    Position(String, usize, String),
}

/// The file's bytes for `positions`.
#[must_use]
pub fn encode(positions: &[Labelled]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(MAGIC.len() + positions.len() * RECORD_BYTES);
    bytes.extend_from_slice(MAGIC);
    for p in positions {
        bytes.extend_from_slice(&p.to_bytes());
    }
    bytes
}

/// Writes `positions` to `path` (atomically: a reader never sees half a file).
///
/// # Errors
/// [`PositionsError::Io`].
pub fn write(path: &Path, positions: &[Labelled]) -> Result<(), PositionsError> {
    crate::files::write_atomically(path, &encode(positions))
        .map_err(|e| PositionsError::Io(path.display().to_string(), e))
}

/// The positions in `bytes` (the contents of the file `name`), every one checked.
///
/// # Errors
/// [`PositionsError`] naming the file and, for a bad position, its number (from 1).
pub fn decode(name: &str, bytes: &[u8]) -> Result<Vec<Labelled>, PositionsError> {
    let body = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or_else(|| PositionsError::Magic(name.to_owned()))?;
    if body.len() % RECORD_BYTES != 0 {
        return Err(PositionsError::Length(name.to_owned(), body.len()));
    }
    body.chunks_exact(RECORD_BYTES)
        .enumerate()
        .map(|(i, chunk)| {
            let record: &[u8; RECORD_BYTES] = chunk.try_into().expect("chunks_exact");
            Labelled::from_bytes(record)
                .map_err(|why| PositionsError::Position(name.to_owned(), i + 1, why))
        })
        .collect()
}

/// Reads and checks the positions file at `path`.
///
/// # Errors
/// [`PositionsError`] naming the file and what is wrong.
pub fn read(path: &Path) -> Result<Vec<Labelled>, PositionsError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| PositionsError::Io(name.clone(), e))?;
    decode(&name, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::Notation;

    fn start() -> Checkers {
        Checkers::START
    }

    #[test]
    fn the_start_encodes_as_computed_by_hand() {
        // Black on 1–12 (bits 0–11), white on 21–32 (bits 20–31), black to move.
        let l = Labelled::new(&start(), 1, 25);
        let bytes = encode(&[l]);
        assert_eq!(&bytes[..8], b"MPLYPOS1");
        assert_eq!(
            bytes[8..],
            [0xFF, 0x0F, 0, 0, 0, 0, 0xF0, 0xFF, 0, 0, 0, 0, 0, 1, 25, 0]
        );
        assert_eq!(decode("t", &bytes).unwrap(), vec![l]);
    }

    #[test]
    fn round_trip_with_kings_white_to_move_and_proven_scores() {
        let pos = Checkers::parse_fen("W:WK7,K18,28:BK19,K31").unwrap();
        let a = Labelled::new(&pos, -1, -PROVEN_EVAL);
        assert_eq!((a.side, a.eval), (Player::Second, -PROVEN));
        // Squares 7, 18, 28 and 19, 31; kings on all but 28.
        assert_eq!(a.white, (1 << 6) | (1 << 17) | (1 << 27));
        assert_eq!(a.black, (1 << 18) | (1 << 30));
        assert_eq!(a.kings, (1 << 6) | (1 << 17) | (1 << 18) | (1 << 30));
        let b = Labelled::new(&start(), 0, 123_456);
        assert_eq!(b.eval, EVAL_LIMIT);
        let c = Labelled::new(&start(), 0, PROVEN_EVAL);
        assert_eq!(c.eval, PROVEN);
        let back = decode("t", &encode(&[a, b, c])).unwrap();
        assert_eq!(back, vec![a, b, c]);
        assert_eq!(back[0].position(), Some(pos));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.bin");
        write(&path, &back).unwrap();
        assert_eq!(read(&path).unwrap(), back);
    }

    #[test]
    fn bad_files_are_named_with_what_is_wrong() {
        let good = encode(&[Labelled::new(&start(), 0, 0)]);
        let err = |bytes: &[u8]| decode("f.bin", bytes).unwrap_err().to_string();
        assert!(err(b"MPLYPOS2").contains("not a microply positions file"));
        assert!(err(&good[..20]).contains("12 bytes after the header, not a multiple of 16"));
        let mut overlap = good.clone();
        overlap[12] = 0xFF; // white also on black's squares 1–8
        assert!(err(&overlap).contains("position 1: pieces on both sides"));
        let mut side = good.clone();
        side[20] = 2;
        assert!(err(&side).contains("side to move 2"));
        let mut result = good.clone();
        result[21] = 5;
        assert!(err(&result).contains("result 5"));
        let mut eval = good;
        eval[22..24].copy_from_slice(&32_500i16.to_le_bytes());
        assert!(err(&eval).contains("score 32500"));
        assert!(decode("e", MAGIC).unwrap().is_empty());
        let missing = read(Path::new("/nonexistent/p.bin"))
            .unwrap_err()
            .to_string();
        assert!(missing.contains("/nonexistent/p.bin"), "{missing}");
    }
}

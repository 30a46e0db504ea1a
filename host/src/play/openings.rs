//! Openings: seeded random plies from the start, or lines of an openings file
//! (a FEN, or moves from the start separated by spaces).

use std::path::Path;
use std::time::Duration;

use microply_core::rng::{below, SplitMix64};
use serde::{Deserialize, Serialize};

use super::client::{Client, ClientError};
use super::game::Rules;

/// Where a game starts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opening {
    /// A start position other than the game's usual one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Moves from there.
    #[serde(default)]
    pub moves: Vec<String>,
}

const TIMEOUT: Duration = Duration::from_secs(60);

/// The seed of encounter `index` in a run seeded with `seed` (SplitMix64 of both, so
/// neighbouring indices give unrelated streams).
#[must_use]
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    microply_core::zobrist::splitmix64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)).1
}

/// Up to `plies` uniformly random legal moves from the start (fewer if the game
/// ends), chosen from the engine's move list in canonical order with `seed`.
///
/// # Errors
/// The rules are not a game the core plays.
pub fn random_opening(rules: &Rules, plies: u32, seed: u64) -> Result<Opening, ClientError> {
    let mut referee = Client::in_process(16);
    referee.request(&format!("game {} {}", rules.game, rules.options), TIMEOUT)?;
    let mut rng = SplitMix64::new(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let reply = referee.request("moves", TIMEOUT)?;
        let list: Vec<&str> = reply
            .first()
            .map(|l| l.split_whitespace().skip(1).collect())
            .unwrap_or_default();
        if list.is_empty() {
            break;
        }
        let m = list[below(&mut rng, list.len() as u64) as usize].to_owned();
        referee.request(&format!("play {m}"), TIMEOUT)?;
        moves.push(m);
    }
    Ok(Opening { fen: None, moves })
}

/// Why an openings file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The file cannot be read.
    #[error("openings file '{0}': {1}")]
    Read(String, std::io::Error),
    /// A line is neither a FEN nor legal moves from the start.
    #[error("openings file '{0}' line {1}: {2}")]
    Line(String, usize, ClientError),
    /// No openings in the file.
    #[error("openings file '{0}' has no openings")]
    Empty(String),
}

/// Reads an openings file: one opening a line (`#` comments and blank lines
/// skipped), a FEN optionally followed by `moves M ...`, or moves from the start.
/// Every line is checked against the rules.
///
/// # Errors
/// [`OpeningsError`] naming the file and line.
pub fn read_openings(path: &Path, rules: &Rules) -> Result<Vec<Opening>, OpeningsError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| OpeningsError::Read(name.clone(), e))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let opening =
            parse_line(line, rules).map_err(|e| OpeningsError::Line(name.clone(), i + 1, e))?;
        out.push(opening);
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty(name));
    }
    Ok(out)
}

fn parse_line(line: &str, rules: &Rules) -> Result<Opening, ClientError> {
    let mut referee = Client::in_process(16);
    referee.request(&format!("game {} {}", rules.game, rules.options), TIMEOUT)?;
    let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    let as_fen = referee
        .request(&format!("position fen {head}"), TIMEOUT)
        .is_ok();
    let (fen, moves) = if as_fen {
        (
            Some(head.to_owned()),
            rest.strip_prefix("moves").unwrap_or(rest).trim(),
        )
    } else {
        (None, line)
    };
    if !moves.is_empty() {
        referee.request(&format!("play {moves}"), TIMEOUT)?;
    }
    Ok(Opening {
        fen,
        moves: moves.split_whitespace().map(str::to_owned).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(game: &str) -> Rules {
        Rules {
            game: game.into(),
            options: String::new(),
            max_plies: 400,
            move_timeout_ms: 1000,
            adjudication: Default::default(),
        }
    }

    #[test]
    fn random_openings_follow_the_seed() {
        let a = random_opening(&rules("checkers"), 6, 42).unwrap();
        assert_eq!(a.moves.len(), 6);
        assert_eq!(a, random_opening(&rules("checkers"), 6, 42).unwrap());
        let others: Vec<_> = (0..8)
            .map(|s| random_opening(&rules("checkers"), 6, derive_seed(1, s)).unwrap())
            .collect();
        assert!(others.iter().any(|o| *o != others[0]));
        // Tic-tac-toe ends: never more plies than the game has.
        assert!(
            random_opening(&rules("tictactoe"), 20, 7)
                .unwrap()
                .moves
                .len()
                <= 9
        );
    }

    #[test]
    fn openings_file_lines() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("o.txt");
        std::fs::write(&path, "# two\n11-15 23-19\nB:W21,22:B1,2 moves 1-5\n\n").unwrap();
        let o = read_openings(&path, &rules("checkers")).unwrap();
        assert_eq!(o[0].moves, vec!["11-15", "23-19"]);
        assert_eq!(
            (o[1].fen.as_deref(), o[1].moves.len()),
            (Some("B:W21,22:B1,2"), 1)
        );
        std::fs::write(&path, "11-15 11-15\n").unwrap();
        let e = read_openings(&path, &rules("checkers"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1"), "{e}");
    }
}

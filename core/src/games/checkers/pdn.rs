//! PDN game files: complete games with the standard tags, written through
//! [`core::fmt::Write`] and read from `&str` without allocation (one callback per move).
//!
//! ```
//! use microply_core::games::checkers::{pdn, Checkers, Config};
//! use microply_core::{Game, Notation};
//!
//! let text = "[Event \"demo\"]\n[Result \"*\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 *\n";
//! let mut played = 0;
//! let (game, rest) = pdn::read_game(text, &Config::default(), |_, _| played += 1).unwrap();
//! assert_eq!((game.tags.event, game.plies, played), ("demo", 3, 3));
//! assert!(rest.trim().is_empty());
//! ```

use core::fmt;

use super::board::{Checkers, Config};
use super::moves::Move;
use crate::game::Game;
use crate::notation::{Notation, NotationError};
use crate::player::{Outcome, Player};

/// A game result as PDN writes it: `1-0` White won, `0-1` Black won, `1/2-1/2`, `*`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PdnResult {
    /// `1-0` (also read: `2-0`).
    WhiteWins,
    /// `0-1` (also read: `0-2`).
    BlackWins,
    /// `1/2-1/2` (also read: `1-1`).
    Draw,
    /// `*`: unfinished or unknown (also read: `0-0`).
    #[default]
    Unknown,
}

impl PdnResult {
    /// The result of a finished game, or `Unknown`.
    #[must_use]
    pub const fn from_outcome(outcome: Option<Outcome>) -> PdnResult {
        match outcome {
            Some(Outcome::Win(Player::First)) => PdnResult::BlackWins,
            Some(Outcome::Win(Player::Second)) => PdnResult::WhiteWins,
            Some(Outcome::Draw) => PdnResult::Draw,
            None => PdnResult::Unknown,
        }
    }

    /// The PDN token.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PdnResult::WhiteWins => "1-0",
            PdnResult::BlackWins => "0-1",
            PdnResult::Draw => "1/2-1/2",
            PdnResult::Unknown => "*",
        }
    }

    /// Reads a result token (the standard ones and the PDN 2-point forms).
    #[must_use]
    pub fn parse(token: &str) -> Option<PdnResult> {
        match token {
            "1-0" | "2-0" => Some(PdnResult::WhiteWins),
            "0-1" | "0-2" => Some(PdnResult::BlackWins),
            "1/2-1/2" | "1-1" => Some(PdnResult::Draw),
            "*" | "0-0" => Some(PdnResult::Unknown),
            _ => None,
        }
    }
}

/// The standard tags of a game. Values are written with `"` and `\` escaped and
/// read back as they stand in the file (escapes kept, since nothing is allocated).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tags<'a> {
    /// `Event`.
    pub event: &'a str,
    /// `Site`.
    pub site: &'a str,
    /// `Date`, `YYYY.MM.DD` with `??` for unknown parts.
    pub date: &'a str,
    /// `Round`.
    pub round: &'a str,
    /// `White`: the player of the White pieces.
    pub white: &'a str,
    /// `Black`: the player of the Black pieces.
    pub black: &'a str,
    /// `Result`.
    pub result: PdnResult,
    /// `Termination`: how the game ended (`normal`, `adjudication`, `time forfeit`,
    /// as cutechess writes it); not written when empty.
    pub termination: &'a str,
}

/// A game read from PDN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord<'a> {
    /// Its tags (missing tags are empty).
    pub tags: Tags<'a>,
    /// The start position (`FEN` tag, else the standard start).
    pub start: Checkers,
    /// The position after the last move.
    pub end: Checkers,
    /// The number of moves (plies) played.
    pub plies: usize,
}

/// Why a PDN game could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PdnError {
    /// A tag pair is not `[Name "value"]`.
    MalformedTag,
    /// A `{` comment or `(` variation is not closed.
    Unterminated,
    /// The `GameType` tag names another game than English draughts (21).
    WrongGameType,
    /// The `FEN` tag does not parse.
    Fen(NotationError),
    /// Move number `ply` (0-based) is not a legal move.
    Move {
        /// Which ply.
        ply: usize,
        /// What was wrong with it.
        error: NotationError,
    },
    /// The text ends before a result token closes the game.
    MissingResult,
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnError::MalformedTag => f.write_str("PDN tag is not [Name \"value\"]"),
            PdnError::Unterminated => f.write_str("PDN comment or variation is not closed"),
            PdnError::WrongGameType => f.write_str("PDN GameType is not 21 (English draughts)"),
            PdnError::Fen(e) => write!(f, "PDN FEN tag: {e}"),
            PdnError::Move { ply, error } => write!(f, "PDN move at ply {ply}: {error}"),
            PdnError::MissingResult => f.write_str("PDN game has no result token at the end"),
        }
    }
}

impl core::error::Error for PdnError {}

/// Writes `[Name "value"]` with the value escaped.
fn write_tag(w: &mut dyn fmt::Write, name: &str, value: &str) -> fmt::Result {
    write!(w, "[{name} \"")?;
    for c in value.chars() {
        if c == '"' || c == '\\' {
            w.write_char('\\')?;
        }
        w.write_char(c)?;
    }
    w.write_str("\"]\n")
}

/// The movetext line length PDN writers keep to.
const LINE: usize = 79;

/// Counts what is written to wrap movetext lines.
struct Wrapper<'w> {
    w: &'w mut dyn fmt::Write,
    column: usize,
}

impl Wrapper<'_> {
    /// Writes a token, starting a new line when it would not fit.
    fn token(&mut self, args: fmt::Arguments<'_>, len: usize) -> fmt::Result {
        if self.column > 0 && self.column + 1 + len > LINE {
            self.w.write_char('\n')?;
            self.column = 0;
        } else if self.column > 0 {
            self.w.write_char(' ')?;
            self.column += 1;
        }
        self.w.write_fmt(args)?;
        self.column += len;
        Ok(())
    }
}

/// The length of a move's text (`11-15` is 5).
fn move_len(m: &Move) -> usize {
    m.path()
        .iter()
        .map(|&sq| if sq >= 9 { 2 } else { 1 })
        .sum::<usize>()
        + m.path().len().saturating_sub(1)
}

/// The length of a move number token (`12.` or `12...`).
fn number_len(n: usize, black: bool) -> usize {
    let digits = n.checked_ilog10().unwrap_or(0) as usize + 1;
    digits + if black { 1 } else { 3 }
}

/// Writes a complete game: the standard tags (`GameType "21"`, and `SetUp`/`FEN`
/// when `start` is not the start position), then the movetext ending in the result.
/// `moves` are played from `start` in order and must be legal.
///
/// # Errors
/// Only those of `w`.
pub fn write_game(
    w: &mut dyn fmt::Write,
    tags: &Tags<'_>,
    start: &Checkers,
    moves: &[Move],
) -> fmt::Result {
    write_tag(w, "Event", tags.event)?;
    write_tag(w, "Site", tags.site)?;
    write_tag(w, "Date", tags.date)?;
    write_tag(w, "Round", tags.round)?;
    write_tag(w, "White", tags.white)?;
    write_tag(w, "Black", tags.black)?;
    write_tag(w, "Result", tags.result.as_str())?;
    write_tag(w, "GameType", "21")?;
    if start.with_config(&Config::STANDARD) != Checkers::START {
        write_tag(w, "SetUp", "1")?;
        writeln!(w, "[FEN \"{}\"]", start.display_fen())?;
    }
    if !tags.termination.is_empty() {
        write_tag(w, "Termination", tags.termination)?;
    }
    w.write_char('\n')?;
    let mut out = Wrapper { w, column: 0 };
    let mut pos = *start;
    for (i, m) in moves.iter().enumerate() {
        let number = 1 + i / 2 + usize::from(start.side_to_move() == Player::Second && i % 2 == 1);
        let black = pos.side_to_move() == Player::First;
        if black {
            out.token(format_args!("{number}."), number_len(number, true))?;
        } else if i == 0 {
            out.token(format_args!("{number}..."), number_len(number, false))?;
        }
        out.token(format_args!("{m}"), move_len(m))?;
        pos = pos.after(*m);
    }
    let result = tags.result.as_str();
    out.token(format_args!("{result}"), result.len())?;
    out.w.write_char('\n')
}

/// Skips whitespace and `;` line comments.
fn skip_space(text: &str) -> &str {
    let mut rest = text.trim_start();
    while let Some(comment) = rest.strip_prefix(';') {
        rest = comment.split_once('\n').map_or("", |(_, r)| r).trim_start();
    }
    rest
}

/// Reads one `[Name "value"]`; returns name, raw value and the rest.
fn read_tag(text: &str) -> Result<(&str, &str, &str), PdnError> {
    let inner = text.strip_prefix('[').ok_or(PdnError::MalformedTag)?;
    let (name, after) = inner
        .trim_start()
        .split_once(|c: char| c.is_whitespace())
        .ok_or(PdnError::MalformedTag)?;
    let quoted = after
        .trim_start()
        .strip_prefix('"')
        .ok_or(PdnError::MalformedTag)?;
    let mut escaped = false;
    let end = quoted
        .char_indices()
        .find(|&(_, c)| {
            let closing = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            closing
        })
        .map(|(i, _)| i)
        .ok_or(PdnError::MalformedTag)?;
    let value = quoted.get(..end).ok_or(PdnError::MalformedTag)?;
    let rest = quoted.get(end + 1..).ok_or(PdnError::MalformedTag)?;
    let rest = rest
        .trim_start()
        .strip_prefix(']')
        .ok_or(PdnError::MalformedTag)?;
    Ok((name, value, rest))
}

/// Skips a `{comment}` or a nested `(variation)`; `None` when it is not closed.
fn skip_block(text: &str) -> Option<&str> {
    if let Some(body) = text.strip_prefix('{') {
        return body.split_once('}').map(|(_, rest)| rest);
    }
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return text.get(i + 1..);
                }
            }
            _ => {}
        }
    }
    None
}

/// The next whitespace-delimited movetext token and the rest.
fn next_token(text: &str) -> (&str, &str) {
    let end = text
        .find(|c: char| c.is_whitespace() || matches!(c, '{' | '(' | ';' | '['))
        .unwrap_or(text.len());
    text.split_at(end)
}

/// A move number like `12.` or `12...` (possibly glued to its move: `12.11-15`).
fn strip_move_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    match token.get(digits..) {
        Some(rest) if digits > 0 && rest.starts_with('.') => rest.trim_start_matches('.'),
        _ => token,
    }
}

/// The headers and start position of a game being read.
struct Header<'a> {
    tags: Tags<'a>,
    start: Checkers,
    /// Whether a `Result` tag was read (else the movetext's result token counts).
    has_result: bool,
}

fn read_header<'a>(mut rest: &'a str, config: &Config) -> Result<(Header<'a>, &'a str), PdnError> {
    let mut header = Header {
        tags: Tags::default(),
        start: Checkers::START.with_config(config),
        has_result: false,
    };
    rest = skip_space(rest);
    while rest.starts_with('[') {
        let (name, value, after) = read_tag(rest)?;
        apply_tag(&mut header, name, value, config)?;
        rest = skip_space(after);
    }
    Ok((header, rest))
}

fn apply_tag<'a>(
    header: &mut Header<'a>,
    name: &str,
    value: &'a str,
    config: &Config,
) -> Result<(), PdnError> {
    let tags = &mut header.tags;
    match name {
        "Event" => tags.event = value,
        "Site" => tags.site = value,
        "Date" => tags.date = value,
        "Round" => tags.round = value,
        "White" => tags.white = value,
        "Black" => tags.black = value,
        "Termination" => tags.termination = value,
        "Result" => {
            tags.result = PdnResult::parse(value).unwrap_or_default();
            header.has_result = true;
        }
        "GameType" if value.split(',').next() != Some("21") => return Err(PdnError::WrongGameType),
        "FEN" => {
            header.start = Checkers::parse_fen(value.trim())
                .map_err(PdnError::Fen)?
                .with_config(config);
        }
        _ => {}
    }
    Ok(())
}

/// Reads the first game of `text`, calling `on_move(position, move)` for every move
/// in order, and returns it with the text after its result token (the next game).
/// Comments (`{}`, `;`), variations (`()`), move numbers and `!`/`?` marks are
/// skipped. Moves may be written in full or in the unambiguous short form.
///
/// # Errors
/// [`PdnError`] naming the first problem; moves before it have been reported.
pub fn read_game<'a>(
    text: &'a str,
    config: &Config,
    mut on_move: impl FnMut(&Checkers, Move),
) -> Result<(GameRecord<'a>, &'a str), PdnError> {
    let (mut header, mut rest) = read_header(text, config)?;
    let mut pos = header.start;
    let mut plies = 0;
    loop {
        rest = skip_space(rest);
        if rest.is_empty() || rest.starts_with('[') {
            return Err(PdnError::MissingResult);
        }
        if rest.starts_with('{') || rest.starts_with('(') {
            rest = skip_block(rest).ok_or(PdnError::Unterminated)?;
            continue;
        }
        let (token, after) = next_token(rest);
        rest = after;
        if let Some(result) = PdnResult::parse(token) {
            if !header.has_result {
                header.tags.result = result;
            }
            break;
        }
        let text = strip_move_number(token).trim_end_matches(['!', '?']);
        if text.is_empty() || text.starts_with('$') {
            continue;
        }
        let m = pos
            .parse_move(text)
            .map_err(|error| PdnError::Move { ply: plies, error })?;
        on_move(&pos, m);
        pos = pos.after(m);
        plies += 1;
    }
    let record = GameRecord {
        tags: header.tags,
        start: header.start,
        end: pos,
        plies,
    };
    Ok((record, rest))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;
    use std::vec::Vec;

    use super::*;

    fn play(start: &Checkers, texts: &[&str]) -> Vec<Move> {
        let mut pos = *start;
        texts
            .iter()
            .map(|t| {
                let m = pos.parse_move(t).unwrap();
                pos = pos.after(m);
                m
            })
            .collect()
    }

    #[test]
    fn round_trip_from_start() {
        let moves = play(
            &Checkers::START,
            &["11-15", "22-18", "15x22", "25x18", "8-11", "29-25"],
        );
        let tags = Tags {
            event: "test \"quoted\"",
            date: "2026.11.30",
            white: "Two",
            black: "One",
            result: PdnResult::Draw,
            termination: "adjudication",
            ..Tags::default()
        };
        let mut text = String::new();
        write_game(&mut text, &tags, &Checkers::START, &moves).unwrap();
        assert!(
            text.contains("1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 1/2-1/2"),
            "{text}"
        );
        assert!(!text.contains("FEN"));
        let mut seen = Vec::new();
        let (game, rest) = read_game(&text, &Config::default(), |_, m| seen.push(m)).unwrap();
        assert_eq!(seen, moves);
        assert_eq!(game.tags.event, "test \\\"quoted\\\"");
        assert_eq!((game.tags.white, game.tags.black), ("Two", "One"));
        assert_eq!(game.tags.termination, "adjudication");
        assert!(text.contains("[Termination \"adjudication\"]\n"), "{text}");
        assert_eq!(game.tags.result, PdnResult::Draw);
        assert_eq!(game.plies, 6);
        assert!(rest.trim().is_empty());
    }

    #[test]
    fn round_trip_from_fen_with_white_to_move() {
        let start = Checkers::parse_fen("W:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29").unwrap();
        let mut pos = start;
        let mut moves = Vec::new();
        for _ in 0..5 {
            let Some(m) = pos.nth_move(0) else { break };
            moves.push(m);
            pos = pos.after(m);
        }
        let mut text = String::new();
        let tags = Tags {
            result: PdnResult::Unknown,
            ..Tags::default()
        };
        write_game(&mut text, &tags, &start, &moves).unwrap();
        assert!(text.contains("[FEN \"W:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29\"]"));
        assert!(text.contains("1... "), "{text}");
        let (game, _) = read_game(&text, &Config::default(), |_, _| {}).unwrap();
        assert_eq!(game.start, start);
        assert_eq!(game.end, pos);
    }

    #[test]
    fn reads_comments_variations_and_several_games() {
        let text = "[Event \"a\"]\n[GameType \"21\"]\n1. 11-15 {book} 23-19 (22-18 15x22) 2. 8-11! ; fine\n 0-1\n\
                    [Event \"b\"]\n1.9-14 *";
        let (a, rest) = read_game(text, &Config::default(), |_, _| {}).unwrap();
        assert_eq!(
            (a.tags.event, a.plies, a.tags.result),
            ("a", 3, PdnResult::BlackWins)
        );
        let (b, rest) = read_game(rest, &Config::default(), |_, _| {}).unwrap();
        assert_eq!((b.tags.event, b.plies), ("b", 1));
        assert!(rest.is_empty());
    }

    #[test]
    fn errors() {
        let cfg = Config::default();
        assert_eq!(
            read_game("[Event a]\n*", &cfg, |_, _| {}).err(),
            Some(PdnError::MalformedTag)
        );
        assert_eq!(
            read_game("[GameType \"20\"]\n*", &cfg, |_, _| {}).err(),
            Some(PdnError::WrongGameType)
        );
        assert_eq!(
            read_game("1. 11-15 {open", &cfg, |_, _| {}).err(),
            Some(PdnError::Unterminated)
        );
        assert_eq!(
            read_game("1. 11-15", &cfg, |_, _| {}).err(),
            Some(PdnError::MissingResult)
        );
        assert_eq!(
            read_game("1. 11-17 *", &cfg, |_, _| {}).err(),
            Some(PdnError::Move {
                ply: 0,
                error: NotationError::IllegalMove
            })
        );
        assert!(matches!(
            read_game("[FEN \"X\"]\n*", &cfg, |_, _| {}).err(),
            Some(PdnError::Fen(_))
        ));
    }
}

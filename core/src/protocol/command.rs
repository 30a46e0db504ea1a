//! Parsing one protocol line into a [`Command`].

use super::error::ProtocolError;
use crate::games::GameKind;
use crate::player::Player;
use crate::search::{Algorithm, GameClock, Mode, TableUse};

/// The most whitespace-separated tokens a line may hold.
pub const MAX_TOKENS: usize = 512;

/// How long `go` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoLimit {
    /// `go depth D`.
    Depth(u32),
    /// `go nodes N`.
    Nodes(u64),
    /// `go movetime MS`.
    MoveTime(u64),
    /// `go time1=MS time2=MS [inc1=MS] [inc2=MS]`: the game clocks.
    Clock(Clocks),
}

/// Both players' game clocks, as `go time1=MS time2=MS [inc1=MS] [inc2=MS]` gives
/// them: `1` is [`Player::First`] (the side that moves first in the game: x, black,
/// first, white), `2` [`Player::Second`]. The search uses the side to move's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// The first player's time left and increment.
    pub first: GameClock,
    /// The second player's.
    pub second: GameClock,
}

impl Clocks {
    /// `side`'s clock.
    #[must_use]
    pub const fn of(self, side: Player) -> GameClock {
        match side {
            Player::First => self.first,
            Player::Second => self.second,
        }
    }
}

/// One parsed command. Move lists and options stay as text until the game reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command<'l> {
    /// `game NAME [key=value ...]`.
    Game {
        /// Which game.
        kind: GameKind,
        /// The `key=value` options, still as text.
        options: &'l str,
    },
    /// `position start|fen FEN [moves M ...]`.
    Position {
        /// `None` for the start position.
        fen: Option<&'l str>,
        /// The moves to play from there (possibly empty).
        moves: &'l str,
    },
    /// `moves`.
    Moves,
    /// `play M1 [M2 ...]`.
    Play(&'l str),
    /// `fen`.
    Fen,
    /// `status`.
    Status,
    /// `perft D`.
    Perft(u32),
    /// `go depth D | nodes N | movetime MS | time1=MS time2=MS [inc1=MS] [inc2=MS]
    /// [algo=A] [mode=M] [table=clear|keep]`.
    Go {
        /// When to stop.
        limit: GoLimit,
        /// Which search.
        algorithm: Algorithm,
        /// Exact (the default), selective or probcut.
        mode: Mode,
        /// Clear the table first (the default) or keep what earlier searches stored.
        table: TableUse,
    },
    /// `selfplay depth=D|nodes=N [algo=A] [mode=M] [table=clear|keep] [maxplies=N]`.
    SelfPlay {
        /// The limit of every move's search.
        limit: GoLimit,
        /// Which search.
        algorithm: Algorithm,
        /// Exact (the default), selective or probcut.
        mode: Mode,
        /// Clear the table before each move's search (the default) or keep it.
        table: TableUse,
        /// Stop after this many plies even if the game goes on.
        max_plies: u32,
    },
    /// `bench`: the fixed benchmark searches of every game.
    Bench,
    /// `eval`.
    Eval,
    /// `evaluator [NAME]`: show the current evaluator, or select one by name.
    Evaluator(Option<&'l str>),
    /// `weights [at=I] [V ...]`: show the weights, or load them.
    Weights {
        /// The first index to load (`None`: the values are the whole array).
        at: Option<usize>,
        /// The decimal values, still as text (empty: show the weights).
        values: &'l str,
    },
    /// `solve`: the exact Dots-and-Boxes value.
    Solve,
    /// `show`.
    Show,
    /// `quit`.
    Quit,
    /// `stop`: ends the running `go`, `perft` or `selfplay`; nothing to do otherwise.
    Stop,
    /// `isready`: answered `readyok`, even while a search runs.
    IsReady,
}

/// The default cap on a `selfplay` game's length.
pub const DEFAULT_MAX_PLIES: u32 = 400;

impl<'l> Command<'l> {
    /// Parses a line, without its line ending: the line readers (the host's, the
    /// firmware's [`LineBuffer`](super::LineBuffer)) drop the `\n` and one `\r`
    /// before it, so any `\r` left is an error here.
    ///
    /// # Errors
    /// [`ProtocolError`] naming the offending token.
    pub fn parse(line: &'l str) -> Result<Command<'l>, ProtocolError<'l>> {
        if line.len() > super::MAX_LINE {
            return Err(ProtocolError::LineTooLong);
        }
        if let Some(c) = line
            .chars()
            .find(|&c| c.is_whitespace() && !is_separator(c))
        {
            return Err(ProtocolError::BadWhitespace(c));
        }
        if line.split_ascii_whitespace().nth(MAX_TOKENS).is_some() {
            return Err(ProtocolError::TooManyTokens);
        }
        let line = line.trim_matches(is_separator);
        let (word, rest) = split_word(line);
        let command = match word {
            "" => return Err(ProtocolError::Empty),
            "game" => parse_game(rest)?,
            "position" => parse_position(rest)?,
            "play" if rest.is_empty() => return Err(ProtocolError::MissingArgument("a move")),
            "play" => Command::Play(rest),
            "perft" => Command::Perft(parse_number(single(rest, "a depth")?)?),
            "go" => parse_go(rest)?,
            "selfplay" => parse_selfplay(rest)?,
            "moves" => bare(rest, Command::Moves)?,
            "fen" => bare(rest, Command::Fen)?,
            "status" => bare(rest, Command::Status)?,
            "eval" => bare(rest, Command::Eval)?,
            "bench" => bare(rest, Command::Bench)?,
            "evaluator" => parse_evaluator(rest)?,
            "weights" => parse_weights(rest)?,
            "solve" => bare(rest, Command::Solve)?,
            "show" => bare(rest, Command::Show)?,
            "quit" => bare(rest, Command::Quit)?,
            "stop" => bare(rest, Command::Stop)?,
            "isready" => bare(rest, Command::IsReady)?,
            _ => return Err(ProtocolError::UnknownCommand(word)),
        };
        Ok(command)
    }
}

/// Whether `c` separates tokens: only ASCII space and tab do.
fn is_separator(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The first whitespace-separated word and the trimmed rest.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(|c: char| c.is_ascii_whitespace()) {
        Some(i) => (&text[..i], text[i..].trim_start()),
        None => (text, ""),
    }
}

fn bare<'l>(rest: &'l str, command: Command<'l>) -> Result<Command<'l>, ProtocolError<'l>> {
    match split_word(rest).0 {
        "" => Ok(command),
        extra => Err(ProtocolError::UnexpectedArgument(extra)),
    }
}

fn single<'l>(rest: &'l str, what: &'static str) -> Result<&'l str, ProtocolError<'l>> {
    match split_word(rest) {
        ("", _) => Err(ProtocolError::MissingArgument(what)),
        (word, "") => Ok(word),
        (_, extra) => Err(ProtocolError::UnexpectedArgument(split_word(extra).0)),
    }
}

/// Reads a number under the rule of [`crate::decimal`].
fn parse_number<T: core::str::FromStr>(text: &str) -> Result<T, ProtocolError<'_>> {
    crate::decimal::parse_decimal(text).ok_or(ProtocolError::BadNumber(text))
}

fn parse_game(rest: &str) -> Result<Command<'_>, ProtocolError<'_>> {
    let (name, options) = split_word(rest);
    if name.is_empty() {
        return Err(ProtocolError::MissingArgument("a game name"));
    }
    let kind = name.parse().map_err(|_| ProtocolError::UnknownGame(name))?;
    Ok(Command::Game { kind, options })
}

fn parse_evaluator(rest: &str) -> Result<Command<'_>, ProtocolError<'_>> {
    match split_word(rest) {
        ("", _) => Ok(Command::Evaluator(None)),
        (name, "") => Ok(Command::Evaluator(Some(name))),
        (_, extra) => Err(ProtocolError::UnexpectedArgument(split_word(extra).0)),
    }
}

fn parse_weights(rest: &str) -> Result<Command<'_>, ProtocolError<'_>> {
    let (first, after) = split_word(rest);
    match first.strip_prefix("at=") {
        Some(_) if after.is_empty() => Err(ProtocolError::MissingArgument("a weight")),
        Some(index) => Ok(Command::Weights {
            at: Some(parse_number(index)?),
            values: after,
        }),
        None => Ok(Command::Weights {
            at: None,
            values: rest,
        }),
    }
}

fn parse_position(rest: &str) -> Result<Command<'_>, ProtocolError<'_>> {
    let (word, rest) = split_word(rest);
    let (fen, rest) = match word {
        "start" => (None, rest),
        "fen" => match split_word(rest) {
            ("", _) => return Err(ProtocolError::MissingArgument("a FEN")),
            (fen, rest) => (Some(fen), rest),
        },
        "" => return Err(ProtocolError::MissingArgument("start or fen")),
        other => return Err(ProtocolError::UnexpectedArgument(other)),
    };
    let moves = match split_word(rest) {
        ("", _) => "",
        ("moves", moves) => moves,
        (other, _) => return Err(ProtocolError::UnexpectedArgument(other)),
    };
    Ok(Command::Position { fen, moves })
}

fn parse_algorithm(text: &str) -> Result<Algorithm, ProtocolError<'_>> {
    text.parse()
        .map_err(|_| ProtocolError::UnknownAlgorithm(text))
}

fn parse_mode(text: &str) -> Result<Mode, ProtocolError<'_>> {
    text.parse().map_err(|_| ProtocolError::UnknownMode(text))
}

fn parse_go(rest: &str) -> Result<Command<'_>, ProtocolError<'_>> {
    let (kind, after) = split_word(rest);
    let is_clock_token = |token: &str| {
        token
            .split_once('=')
            .is_some_and(|(key, _)| matches!(key, "time1" | "time2" | "inc1" | "inc2"))
    };
    let fixed = matches!(kind, "depth" | "nodes" | "movetime");
    if !fixed && rest.split_ascii_whitespace().any(is_clock_token) {
        return parse_go_clock(rest);
    }
    let rest = after;
    let (value, rest) = split_word(rest);
    if kind.is_empty() {
        return Err(ProtocolError::MissingArgument("depth, nodes or movetime"));
    }
    if value.is_empty() {
        return Err(ProtocolError::MissingArgument("a number"));
    }
    let limit = parse_limit(kind, value)?.ok_or(ProtocolError::UnexpectedArgument(kind))?;
    let options = parse_search_options(rest, |_, _, _| Ok(false))?;
    Ok(Command::Go {
        limit,
        algorithm: options.algorithm,
        mode: options.mode,
        table: options.table,
    })
}

/// The search options `go` and `selfplay` share.
#[derive(Default)]
struct SearchOptions {
    algorithm: Algorithm,
    mode: Mode,
    table: TableUse,
}

/// The `key=value` tokens of `go` and `selfplay`, in any order: `algo=`, `mode=` and
/// `table=` are read here (the last one counts), every other key is offered to `own`
/// as (token, key, value), which returns whether it took it.
///
/// # Errors
/// A token without `=`, a key nobody takes, a bad `algo=`/`mode=`/`table=` value, or
/// what `own` returns.
fn parse_search_options<'l>(
    rest: &'l str,
    mut own: impl FnMut(&'l str, &'l str, &'l str) -> Result<bool, ProtocolError<'l>>,
) -> Result<SearchOptions, ProtocolError<'l>> {
    let mut options = SearchOptions::default();
    for token in rest.split_ascii_whitespace() {
        let Some((key, value)) = token.split_once('=') else {
            return Err(ProtocolError::UnexpectedArgument(token));
        };
        match key {
            "algo" => options.algorithm = parse_algorithm(value)?,
            "mode" => options.mode = parse_mode(value)?,
            "table" => {
                options.table = value
                    .parse()
                    .map_err(|()| ProtocolError::UnknownTableUse(value))?;
            }
            _ if own(token, key, value)? => {}
            _ => return Err(ProtocolError::UnexpectedArgument(token)),
        }
    }
    Ok(options)
}

/// `go time1=MS time2=MS [inc1=MS] [inc2=MS] [algo=A] [mode=M]`, in any order; each
/// clock value at most once, a missing increment is 0.
fn parse_go_clock(rest: &str) -> Result<Command<'_>, ProtocolError<'_>> {
    let mut times: [Option<u64>; 2] = [None; 2];
    let mut increments: [Option<u64>; 2] = [None; 2];
    let options = parse_search_options(rest, |token, key, value| {
        let slot = match key {
            "time1" => &mut times[0],
            "time2" => &mut times[1],
            "inc1" => &mut increments[0],
            "inc2" => &mut increments[1],
            _ => return Ok(false),
        };
        if slot.is_some() {
            return Err(ProtocolError::DuplicateArgument(token));
        }
        *slot = Some(parse_number(value)?);
        Ok(true)
    })?;
    let [time1, time2] = times;
    let [inc1, inc2] = increments;
    let clocks = Clocks {
        first: GameClock {
            remaining_ms: time1.ok_or(ProtocolError::MissingArgument("time1=MS"))?,
            increment_ms: inc1.unwrap_or(0),
        },
        second: GameClock {
            remaining_ms: time2.ok_or(ProtocolError::MissingArgument("time2=MS"))?,
            increment_ms: inc2.unwrap_or(0),
        },
    };
    Ok(Command::Go {
        limit: GoLimit::Clock(clocks),
        algorithm: options.algorithm,
        mode: options.mode,
        table: options.table,
    })
}

fn parse_limit<'l>(kind: &str, value: &'l str) -> Result<Option<GoLimit>, ProtocolError<'l>> {
    Ok(Some(match kind {
        "depth" => GoLimit::Depth(parse_depth(value)?),
        "nodes" => GoLimit::Nodes(parse_number(value)?),
        "movetime" => GoLimit::MoveTime(parse_number(value)?),
        _ => return Ok(None),
    }))
}

fn parse_depth(value: &str) -> Result<u32, ProtocolError<'_>> {
    match parse_number(value)? {
        d @ 1..=crate::search::MAX_DEPTH => Ok(d),
        _ => Err(ProtocolError::BadNumber(value)),
    }
}

fn parse_selfplay(rest: &str) -> Result<Command<'_>, ProtocolError<'_>> {
    let mut limit = None;
    let mut max_plies = DEFAULT_MAX_PLIES;
    let options = parse_search_options(rest, |_, key, value| {
        if key == "maxplies" {
            max_plies = parse_number(value)?;
        } else if let Some(l) = parse_limit(key, value)? {
            limit = Some(l);
        } else {
            return Ok(false);
        }
        Ok(true)
    })?;
    let limit = limit.ok_or(ProtocolError::MissingArgument("depth=D or nodes=N"))?;
    Ok(Command::SelfPlay {
        limit,
        algorithm: options.algorithm,
        mode: options.mode,
        table: options.table,
        max_plies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_command() {
        assert_eq!(
            Command::parse("game tictactoe  a=1"),
            Ok(Command::Game {
                kind: GameKind::TicTacToe,
                options: "a=1"
            })
        );
        assert_eq!(Command::parse(" moves "), Ok(Command::Moves));
        assert_eq!(
            Command::parse("position start"),
            Ok(Command::Position {
                fen: None,
                moves: ""
            })
        );
        assert_eq!(
            Command::parse("position fen x../.../...:o moves b2 c3"),
            Ok(Command::Position {
                fen: Some("x../.../...:o"),
                moves: "b2 c3"
            })
        );
        assert_eq!(Command::parse("perft 3"), Ok(Command::Perft(3)));
        assert_eq!(
            Command::parse("go nodes 500 algo=pvs"),
            Ok(Command::Go {
                limit: GoLimit::Nodes(500),
                algorithm: Algorithm::Pvs,
                mode: Mode::Exact,
                table: TableUse::Clear,
            })
        );
        assert_eq!(
            Command::parse("evaluator network"),
            Ok(Command::Evaluator(Some("network")))
        );
        assert_eq!(Command::parse("evaluator"), Ok(Command::Evaluator(None)));
        assert_eq!(
            Command::parse("weights at=3 1 -0.5"),
            Ok(Command::Weights {
                at: Some(3),
                values: "1 -0.5"
            })
        );
        assert_eq!(
            Command::parse("weights"),
            Ok(Command::Weights {
                at: None,
                values: ""
            })
        );
        assert_eq!(
            Command::parse("selfplay depth=2 maxplies=9"),
            Ok(Command::SelfPlay {
                limit: GoLimit::Depth(2),
                algorithm: Algorithm::Pvs,
                mode: Mode::Exact,
                table: TableUse::Clear,
                max_plies: 9
            })
        );
        assert_eq!(
            Command::parse("go depth 4 mode=selective algo=pvs"),
            Ok(Command::Go {
                limit: GoLimit::Depth(4),
                algorithm: Algorithm::Pvs,
                mode: Mode::Selective,
                table: TableUse::Clear,
            })
        );
        assert_eq!(
            Command::parse("selfplay mode=selective nodes=9"),
            Ok(Command::SelfPlay {
                limit: GoLimit::Nodes(9),
                algorithm: Algorithm::Pvs,
                mode: Mode::Selective,
                table: TableUse::Clear,
                max_plies: DEFAULT_MAX_PLIES
            })
        );
        assert_eq!(
            Command::parse("go depth 3 algo=sss table=keep"),
            Ok(Command::Go {
                limit: GoLimit::Depth(3),
                algorithm: Algorithm::Sss,
                mode: Mode::Exact,
                table: TableUse::Keep,
            })
        );
        assert_eq!(
            Command::parse("selfplay table=clear depth=2 table=keep"),
            Ok(Command::SelfPlay {
                limit: GoLimit::Depth(2),
                algorithm: Algorithm::Pvs,
                mode: Mode::Exact,
                table: TableUse::Keep,
                max_plies: DEFAULT_MAX_PLIES
            })
        );
        assert_eq!(
            Command::parse("go depth 2 mode=fast"),
            Err(ProtocolError::UnknownMode("fast"))
        );
    }

    fn clocks(time1: u64, inc1: u64, time2: u64, inc2: u64) -> Clocks {
        Clocks {
            first: GameClock {
                remaining_ms: time1,
                increment_ms: inc1,
            },
            second: GameClock {
                remaining_ms: time2,
                increment_ms: inc2,
            },
        }
    }

    #[test]
    fn parses_the_clock_form_of_go() {
        assert_eq!(
            Command::parse("go time1=60000 time2=55000 inc1=1000 inc2=500"),
            Ok(Command::Go {
                limit: GoLimit::Clock(clocks(60_000, 1_000, 55_000, 500)),
                algorithm: Algorithm::Pvs,
                mode: Mode::Exact,
                table: TableUse::Clear,
            })
        );
        assert_eq!(
            Command::parse("go mode=selective time2=0 algo=pvs inc2=7 time1=5"),
            Ok(Command::Go {
                limit: GoLimit::Clock(clocks(5, 0, 0, 7)),
                algorithm: Algorithm::Pvs,
                mode: Mode::Selective,
                table: TableUse::Clear,
            })
        );
        let max = u64::MAX;
        assert_eq!(
            Command::parse("go time1=18446744073709551615 time2=1 inc1=18446744073709551615"),
            Ok(Command::Go {
                limit: GoLimit::Clock(clocks(max, max, 1, 0)),
                algorithm: Algorithm::Pvs,
                mode: Mode::Exact,
                table: TableUse::Clear,
            })
        );
        assert_eq!(clocks(1, 2, 3, 4).of(Player::Second).remaining_ms, 3);
    }

    #[test]
    fn clock_errors_name_the_token() {
        let cases = [
            ("go time1=100", ProtocolError::MissingArgument("time2=MS")),
            ("go time2=100", ProtocolError::MissingArgument("time1=MS")),
            (
                "go inc1=5 inc2=5",
                ProtocolError::MissingArgument("time1=MS"),
            ),
            (
                "go time1=1 time2=2 time1=3",
                ProtocolError::DuplicateArgument("time1=3"),
            ),
            (
                "go time1=1 time2=2 inc2=0 inc2=0",
                ProtocolError::DuplicateArgument("inc2=0"),
            ),
            ("go time1=1 time2=-2", ProtocolError::BadNumber("-2")),
            ("go time1= time2=2", ProtocolError::BadNumber("")),
            ("go time1=01 time2=2", ProtocolError::BadNumber("01")),
            (
                "go time1=18446744073709551616 time2=2",
                ProtocolError::BadNumber("18446744073709551616"),
            ),
            ("go time1=1 time2=2 inc1=x", ProtocolError::BadNumber("x")),
            (
                "go time1=1 time2=2 depth=3",
                ProtocolError::UnexpectedArgument("depth=3"),
            ),
            (
                "go time1=1 time2=2 fast",
                ProtocolError::UnexpectedArgument("fast"),
            ),
            (
                "go time1=1 time2=2 algo=best",
                ProtocolError::UnknownAlgorithm("best"),
            ),
            (
                "go depth 3 time1=1",
                ProtocolError::UnexpectedArgument("time1=1"),
            ),
            (
                "go movetime 3 time1=1 time2=1",
                ProtocolError::UnexpectedArgument("time1=1"),
            ),
            (
                "go wtime=1 btime=1",
                ProtocolError::UnexpectedArgument("wtime=1"),
            ),
        ];
        for (line, error) in cases {
            assert_eq!(Command::parse(line), Err(error), "{line}");
        }
    }

    #[test]
    fn errors_name_the_token() {
        assert_eq!(
            Command::parse("jump"),
            Err(ProtocolError::UnknownCommand("jump"))
        );
        assert_eq!(Command::parse(""), Err(ProtocolError::Empty));
        // The line ending is the line reader's: a carriage return left is an error.
        assert_eq!(
            Command::parse("quit\r"),
            Err(ProtocolError::BadWhitespace('\r'))
        );
        assert_eq!(Command::parse("\tquit "), Ok(Command::Quit));
        assert_eq!(
            Command::parse("quit\u{2028}"),
            Err(ProtocolError::BadWhitespace('\u{2028}'))
        );
        assert_eq!(
            Command::parse("perft\u{a0}3"),
            Err(ProtocolError::BadWhitespace('\u{a0}'))
        );
        assert_eq!(
            Command::parse("fen\r\r"),
            Err(ProtocolError::BadWhitespace('\r'))
        );
        assert_eq!(
            Command::parse("go depth +3"),
            Err(ProtocolError::BadNumber("+3"))
        );
        assert_eq!(
            Command::parse("perft 03"),
            Err(ProtocolError::BadNumber("03"))
        );
        assert_eq!(
            Command::parse("perft x"),
            Err(ProtocolError::BadNumber("x"))
        );
        assert_eq!(
            Command::parse("perft"),
            Err(ProtocolError::MissingArgument("a depth"))
        );
        assert_eq!(
            Command::parse("perft 1 2"),
            Err(ProtocolError::UnexpectedArgument("2"))
        );
        assert_eq!(
            Command::parse("fen now"),
            Err(ProtocolError::UnexpectedArgument("now"))
        );
        assert_eq!(
            Command::parse("go depth 0"),
            Err(ProtocolError::BadNumber("0"))
        );
        assert_eq!(
            Command::parse("go depth 2 algo=best"),
            Err(ProtocolError::UnknownAlgorithm("best"))
        );
        assert_eq!(
            Command::parse("go fast 2"),
            Err(ProtocolError::UnexpectedArgument("fast"))
        );
        assert_eq!(
            Command::parse("game chess"),
            Err(ProtocolError::UnknownGame("chess"))
        );
        assert_eq!(
            Command::parse("position middle"),
            Err(ProtocolError::UnexpectedArgument("middle"))
        );
        assert_eq!(
            Command::parse("evaluator a b"),
            Err(ProtocolError::UnexpectedArgument("b"))
        );
        assert_eq!(
            Command::parse("weights at=x 1"),
            Err(ProtocolError::BadNumber("x"))
        );
        assert_eq!(
            Command::parse("weights at=1"),
            Err(ProtocolError::MissingArgument("a weight"))
        );
        assert_eq!(
            Command::parse("selfplay"),
            Err(ProtocolError::MissingArgument("depth=D or nodes=N"))
        );
    }
}

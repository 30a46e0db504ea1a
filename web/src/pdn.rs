//! The page's checkers game as PDN, written by core's [`write_game`]: the same
//! writer as the host's tournament records, so the page has no PDN writer of its
//! own.

use core::fmt::Write;

use microply_core::games::checkers::pdn::{write_game, PdnResult, Tags};
use microply_core::games::checkers::{Checkers, Config};
use microply_core::{Game, Notation};

/// The game as PDN: `options` as `game checkers` takes them (`draw_plies=80`), the
/// start `fen` (`None`: the start position), the `moves` in the engine's notation
/// separated by whitespace. The result tag is the final position's outcome (`*`
/// while the game goes on).
///
/// # Errors
/// The protocol's wording of what was wrong: a bad option, FEN or move.
pub fn checkers_pdn(options: &str, fen: Option<&str>, moves: &str) -> Result<String, String> {
    let mut config = Config::default();
    for token in options.split_ascii_whitespace() {
        let (key, value) = token.split_once('=').unwrap_or((token, ""));
        Checkers::configure(&mut config, key, value)
            .map_err(|e| format!("bad option {token}: {e}"))?;
    }
    let start = match fen {
        Some(fen) => {
            Checkers::parse_fen_under(fen, &config).map_err(|e| format!("bad FEN {fen}: {e}"))?
        }
        None => Checkers::start(&config),
    };
    let mut pos = start;
    let mut played = Vec::new();
    for text in moves.split_ascii_whitespace() {
        let m = pos
            .parse_move(text)
            .map_err(|e| format!("bad move {text}: {e}"))?;
        played.push(m);
        pos = pos.after(m);
    }
    let tags = Tags {
        event: "microply web",
        site: "microply",
        date: "????.??.??",
        round: "-",
        white: "?",
        black: "?",
        result: PdnResult::from_outcome(pos.outcome()),
        termination: "",
    };
    let mut text = String::new();
    let _ = write_game(&mut text, &tags, &start, &played);
    Ok(text)
}

/// [`checkers_pdn`] over the page's request, `options`, FEN (empty: the start
/// position) and moves on three lines; the reply is the PDN, or `error …` on a line.
#[must_use]
pub fn reply(request: &str) -> String {
    let mut lines = request.split('\n').map(str::trim);
    let (options, fen, moves) = (
        lines.next().unwrap_or(""),
        lines.next().unwrap_or(""),
        lines.next().unwrap_or(""),
    );
    let fen = Some(fen).filter(|f| !f.is_empty());
    checkers_pdn(options, fen, moves).unwrap_or_else(|e| {
        let mut text = String::new();
        let _ = writeln!(text, "error {e}");
        text
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_moves_from_the_side_to_move_and_tags_the_fen() {
        let pdn = checkers_pdn("draw_plies=80", None, "11-15 23-19 8-11").unwrap();
        assert!(
            pdn.contains("[GameType \"21\"]") && !pdn.contains("[FEN"),
            "{pdn}"
        );
        assert!(pdn.ends_with("1. 11-15 23-19 2. 8-11 *\n"), "{pdn}");
        // White to move from a FEN: its move is 1..., Black's next is 2.
        let fen = "W:W21,22:B9,10";
        let pdn = reply(&format!("\n{fen}\n22-18 10-14\n"));
        assert!(pdn.contains("[SetUp \"1\"]\n[FEN \""), "{pdn}");
        assert!(pdn.ends_with("1... 22-18 2. 10-14 *\n"), "{pdn}");
    }

    #[test]
    fn bad_input_is_an_error_line() {
        assert!(reply("\n\n22-18\n").starts_with("error bad move 22-18"));
        assert!(reply("\nnot a fen\n\n").starts_with("error bad FEN"));
        assert!(reply("rows=3\n\n\n").starts_with("error bad option rows=3"));
    }
}

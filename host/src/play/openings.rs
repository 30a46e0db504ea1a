//! Openings: seeded random plies from the start, or the lines of a book (an
//! openings file: a FEN, a FEN with moves, or moves from the start), played in
//! order or in a seeded random order. The checkers default is the American Checker
//! Federation's three-move deck, shipped in `books/checkers-3move.txt` and built in.

use std::path::Path;

use microply_core::games::GameKind;
use microply_core::rng::{below, SplitMix64};
use serde::{Deserialize, Serialize};

use super::game::Rules;
use super::referee::{Referee, RefereeError};

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

/// The ACF's 156-opening three-move deck (`books/checkers-3move.txt`), built in.
pub const CHECKERS_DECK: &str = include_str!("../../../books/checkers-3move.txt");

/// The name that selects the built-in deck wherever an openings file is expected.
pub const DECK_NAME: &str = "3move";

/// A book built into the binary: its name (what `--openings` takes), the game and
/// options it is for, and its text (the file under `books/`).
pub struct BuiltIn {
    /// The name, as `--openings` and `openings = ...` take it.
    pub name: &'static str,
    /// The game.
    pub kind: GameKind,
    /// The game's options.
    pub options: &'static str,
    /// The book.
    pub text: &'static str,
}

/// Every book of `books/`, built in: the checkers deck and the generated balanced
/// books (books/README.md says how each was made).
pub const BUILT_IN: [BuiltIn; 8] = [
    BuiltIn {
        name: DECK_NAME,
        kind: GameKind::Checkers,
        options: "",
        text: CHECKERS_DECK,
    },
    BuiltIn {
        name: "tictactoe-2ply",
        kind: GameKind::TicTacToe,
        options: "",
        text: include_str!("../../../books/tictactoe-2ply.txt"),
    },
    BuiltIn {
        name: "dots-3x3",
        kind: GameKind::Dots,
        options: "rows=3 cols=3",
        text: include_str!("../../../books/dots-3x3.txt"),
    },
    BuiltIn {
        name: "dots-4x4",
        kind: GameKind::Dots,
        options: "rows=4 cols=4",
        text: include_str!("../../../books/dots-4x4.txt"),
    },
    BuiltIn {
        name: "dots-5x5",
        kind: GameKind::Dots,
        options: "rows=5 cols=5",
        text: include_str!("../../../books/dots-5x5.txt"),
    },
    BuiltIn {
        name: "amazons-6x6",
        kind: GameKind::Amazons,
        options: "size=6",
        text: include_str!("../../../books/amazons-6x6.txt"),
    },
    BuiltIn {
        name: "amazons-8x8",
        kind: GameKind::Amazons,
        options: "size=8",
        text: include_str!("../../../books/amazons-8x8.txt"),
    },
    BuiltIn {
        name: "amazons-10x10",
        kind: GameKind::Amazons,
        options: "size=10",
        text: include_str!("../../../books/amazons-10x10.txt"),
    },
];

impl BuiltIn {
    /// Whether the book's game and variant are those of `rules` (options compared
    /// by the start position they give, so their order does not matter).
    fn fits(&self, rules: &Rules) -> bool {
        let start = |kind, options: &str| Referee::new(kind, options).ok().map(|r| r.fen());
        rules.game == self.kind
            && start(self.kind, self.options) == start(self.kind, &rules.options)
    }
}

/// The built-in book for the game and variant of `rules`, if there is one.
#[must_use]
pub fn built_in_for(rules: &Rules) -> Option<&'static BuiltIn> {
    BUILT_IN.iter().find(|b| b.fits(rules))
}

/// How a book's openings are dealt to the encounters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Line after line, starting again after the last.
    #[default]
    Sequential,
    /// A seeded shuffle of the book, dealt in that order (again after the last).
    Random,
}

impl std::str::FromStr for Order {
    type Err = String;

    fn from_str(s: &str) -> Result<Order, String> {
        match s {
            "sequential" => Ok(Order::Sequential),
            "random" => Ok(Order::Random),
            _ => Err(format!("order '{s}': expected sequential or random")),
        }
    }
}

/// The seed of encounter `index` in a run seeded with `seed` (SplitMix64 of both, so
/// neighbouring indices give unrelated streams).
#[must_use]
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    microply_core::zobrist::splitmix64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)).1
}

/// Up to `plies` uniformly random legal moves from the start (fewer if the game
/// ends), chosen from the legal moves in canonical order with `seed`.
///
/// # Errors
/// The rules are not a game the core plays, or a bad option.
pub fn random_opening(rules: &Rules, plies: u32, seed: u64) -> Result<Opening, String> {
    extend_randomly(rules, &Opening::default(), plies, seed)
}

/// `opening` followed by up to `plies` uniformly random legal moves (fewer if the
/// game ends), chosen as [`random_opening`] chooses them: a book line made into many
/// (`extra_plies` of a run, for self-play that must not repeat its games).
///
/// # Errors
/// The rules are not a game the core plays, a bad option, or an opening they reject.
pub fn extend_randomly(
    rules: &Rules,
    opening: &Opening,
    plies: u32,
    seed: u64,
) -> Result<Opening, String> {
    let mut referee = Referee::starting(rules.game, &rules.options, opening.fen.as_deref())
        .map_err(|e| e.to_string())?;
    referee
        .play_all(&opening.moves)
        .map_err(|e| e.to_string())?;
    let mut rng = SplitMix64::new(seed);
    let mut moves = opening.moves.clone();
    for _ in 0..plies {
        let list = referee.legal_moves();
        if list.is_empty() {
            break;
        }
        let m = list[below(&mut rng, list.len() as u64) as usize].clone();
        referee.play(&m).map_err(|e| e.to_string())?;
        moves.push(m);
    }
    Ok(Opening {
        fen: opening.fen.clone(),
        moves,
    })
}

/// Why an openings file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The file cannot be read.
    #[error("openings file '{0}': {1}")]
    Read(String, std::io::Error),
    /// A line is neither a FEN nor legal moves from the start.
    #[error("openings file '{0}' line {1}: {2}")]
    Line(String, usize, String),
    /// No openings in the file.
    #[error("openings file '{0}' has no openings")]
    Empty(String),
    /// A built-in book asked for another game or variant.
    #[error("the built-in book '{0}' is for {1}, not {2}")]
    BookGame(&'static str, String, String),
}

/// Reads an openings file (or a built-in book, by its name: [`BUILT_IN`]): one opening
/// a line (`#` comments and blank lines skipped), a FEN optionally followed by
/// `moves M ...`, or moves from the start. Every line is checked against the rules.
///
/// # Errors
/// [`OpeningsError`] naming the file and line.
pub fn read_openings(path: &Path, rules: &Rules) -> Result<Vec<Opening>, OpeningsError> {
    let name = path.display().to_string();
    if let Some(book) = BUILT_IN.iter().find(|b| Path::new(b.name) == path) {
        if !book.fits(rules) {
            let wanted = format!("{} {}", book.kind, book.options);
            let got = format!("{} {}", rules.game, rules.options);
            return Err(OpeningsError::BookGame(
                book.name,
                wanted.trim().to_owned(),
                got.trim().to_owned(),
            ));
        }
        return parse_book(book.text, &name, rules);
    }
    let text = std::fs::read_to_string(path).map_err(|e| OpeningsError::Read(name.clone(), e))?;
    parse_book(&text, &name, rules)
}

/// The openings of a book's text (see [`read_openings`]); `name` in errors.
///
/// # Errors
/// [`OpeningsError`] naming the line.
pub fn parse_book(text: &str, name: &str, rules: &Rules) -> Result<Vec<Opening>, OpeningsError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let opening =
            parse_line(line, rules).map_err(|e| OpeningsError::Line(name.to_owned(), i + 1, e))?;
        out.push(opening);
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty(name.to_owned()));
    }
    Ok(out)
}

/// The order in which a book of `len` openings is dealt: `0..len`, or a seeded
/// Fisher–Yates shuffle of it.
#[must_use]
pub fn deal(len: usize, order: Order, seed: u64) -> Vec<usize> {
    let mut deck: Vec<usize> = (0..len).collect();
    if order == Order::Random {
        let mut rng = SplitMix64::new(derive_seed(seed, u64::MAX));
        for i in (1..len).rev() {
            let j = below(&mut rng, i as u64 + 1) as usize;
            deck.swap(i, j);
        }
    }
    deck
}

/// A line: a FEN (then optionally `moves ...`), or moves from the start. When
/// neither reads, the error of the likelier one: the FEN's if the line has no move
/// that plays.
fn parse_line(line: &str, rules: &Rules) -> Result<Opening, String> {
    let kind = rules.game;
    let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
    let fen_error = match Referee::from_fen(kind, &rules.options, head) {
        Ok(mut referee) => {
            let rest = rest.trim();
            let moves = words(rest.strip_prefix("moves").unwrap_or(rest));
            referee.play_all(&moves).map_err(|e| e.to_string())?;
            return Ok(Opening {
                fen: Some(head.to_owned()),
                moves,
            });
        }
        Err(e) => e,
    };
    let mut referee = Referee::new(kind, &rules.options).map_err(|e| e.to_string())?;
    let moves = words(line);
    match referee.play_all(&moves) {
        Ok(()) => Ok(Opening { fen: None, moves }),
        Err(_) if matches!(fen_error, RefereeError::Fen(..)) && referee.play(head).is_err() => Err(
            format!("neither a FEN nor moves from the start ({fen_error})"),
        ),
        Err(e) => Err(e.to_string()),
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(game: GameKind) -> Rules {
        Rules::of(game, "")
    }

    #[test]
    fn random_openings_follow_the_seed() {
        let a = random_opening(&rules(GameKind::Checkers), 6, 42).unwrap();
        assert_eq!(a.moves.len(), 6);
        assert_eq!(
            a,
            random_opening(&rules(GameKind::Checkers), 6, 42).unwrap()
        );
        let others: Vec<_> = (0..8)
            .map(|s| random_opening(&rules(GameKind::Checkers), 6, derive_seed(1, s)).unwrap())
            .collect();
        assert!(others.iter().any(|o| *o != others[0]));
        // Tic-tac-toe ends: never more plies than the game has.
        assert!(
            random_opening(&rules(GameKind::TicTacToe), 20, 7)
                .unwrap()
                .moves
                .len()
                <= 9
        );
    }

    #[test]
    fn a_book_line_extended_keeps_it_and_adds_legal_plies() {
        let r = rules(GameKind::Checkers);
        let deck = read_openings(Path::new(DECK_NAME), &r).unwrap();
        let line = &deck[5];
        let longer = extend_randomly(&r, line, 6, 9).unwrap();
        assert_eq!(longer.moves.len(), line.moves.len() + 6);
        assert_eq!(longer.moves[..line.moves.len()], line.moves[..]);
        assert_eq!(longer, extend_randomly(&r, line, 6, 9).unwrap());
        // Legal: the referee replays it.
        let mut referee = Referee::new(r.game, "").unwrap();
        referee.play_all(&longer.moves).unwrap();
        // No plies: the line itself; from the start it is random_opening.
        assert_eq!(extend_randomly(&r, line, 0, 9).unwrap(), *line);
        assert_eq!(
            extend_randomly(&r, &Opening::default(), 6, 42).unwrap(),
            random_opening(&r, 6, 42).unwrap()
        );
        // A FEN line stays a FEN line.
        let fen = Opening {
            fen: Some("W:W18,K30:B10,14".into()),
            moves: vec![],
        };
        let from_fen = extend_randomly(&r, &fen, 2, 3).unwrap();
        assert_eq!(from_fen.fen, fen.fen);
        assert_eq!(from_fen.moves.len(), 2);
        let bad = Opening {
            fen: None,
            moves: vec!["1-2".into()],
        };
        assert!(extend_randomly(&r, &bad, 2, 3).is_err());
    }

    #[test]
    fn openings_file_lines() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("o.txt");
        std::fs::write(&path, "# two\n11-15 23-19\nB:W21,22:B1,2 moves 1-5\n\n").unwrap();
        let o = read_openings(&path, &rules(GameKind::Checkers)).unwrap();
        assert_eq!(o[0].moves, vec!["11-15", "23-19"]);
        assert_eq!(
            (o[1].fen.as_deref(), o[1].moves.len()),
            (Some("B:W21,22:B1,2"), 1)
        );
        std::fs::write(&path, "11-15 11-15\n").unwrap();
        let e = read_openings(&path, &rules(GameKind::Checkers))
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1"), "{e}");
    }

    #[test]
    fn the_three_move_deck_has_156_legal_distinct_openings() {
        let rules = rules(GameKind::Checkers);
        let deck = read_openings(Path::new(DECK_NAME), &rules).unwrap();
        assert_eq!(deck.len(), 156);
        let mut positions = std::collections::HashSet::new();
        for o in &deck {
            assert_eq!((o.fen.as_deref(), o.moves.len()), (None, 3), "{o:?}");
            let mut r = Referee::new(GameKind::Checkers, "").unwrap();
            r.play_all(&o.moves).unwrap();
            assert!(r.outcome().is_none());
            positions.insert(r.hash());
        }
        assert_eq!(positions.len(), 156, "156 distinct positions");
        // The 18 barred ballots are listed, commented out, and are legal too, and
        // none of them is in the deck: 174 ballots in all.
        let barred: Vec<&str> = CHECKERS_DECK
            .lines()
            .filter_map(|l| l.strip_prefix("# "))
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        assert_eq!(barred.len(), 18);
        for line in barred {
            let moves: Vec<&str> = line.split_whitespace().collect();
            let mut r = Referee::new(GameKind::Checkers, "").unwrap();
            r.play_all(&moves).unwrap();
            assert!(!positions.contains(&r.hash()), "{line}");
        }
        let e = read_openings(Path::new(DECK_NAME), &Rules::of(GameKind::Dots, "")).unwrap_err();
        assert!(
            e.to_string().contains("'3move' is for checkers, not dots"),
            "{e}"
        );
    }

    #[test]
    fn every_built_in_book_reads_and_is_found_by_its_variant() {
        for book in &BUILT_IN {
            let rules = Rules::of(book.kind, book.options);
            assert!(!read_openings(Path::new(book.name), &rules)
                .unwrap()
                .is_empty());
            assert_eq!(built_in_for(&rules).map(|b| b.name), Some(book.name));
        }
        // Options in another order name the same variant; other sizes have none.
        let swapped = Rules::of(GameKind::Dots, "cols=4 rows=4");
        assert_eq!(built_in_for(&swapped).map(|b| b.name), Some("dots-4x4"));
        assert!(built_in_for(&Rules::of(GameKind::Dots, "rows=2 cols=3")).is_none());
        let e = read_openings(
            Path::new("dots-5x5"),
            &Rules::of(GameKind::Dots, "rows=4 cols=4"),
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("is for dots rows=5 cols=5, not dots rows=4 cols=4"),
            "{e}"
        );
    }

    #[test]
    fn books_are_dealt_in_order_or_in_a_seeded_shuffle() {
        assert_eq!(deal(4, Order::Sequential, 9), vec![0, 1, 2, 3]);
        let shuffled = deal(156, Order::Random, 9);
        assert_eq!(shuffled, deal(156, Order::Random, 9));
        assert_ne!(shuffled, deal(156, Order::Random, 10));
        let mut sorted = shuffled.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..156).collect::<Vec<_>>(), "a permutation");
        assert_eq!("random".parse::<Order>(), Ok(Order::Random));
        assert!("shuffled".parse::<Order>().is_err());
    }
}

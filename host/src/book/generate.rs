//! Generating a book: seeded random legal plies from the start, a fixed-depth search of
//! the position reached, and a window on its score.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

use microply_core::games::GameKind;
use microply_core::rng::{random_move, SplitMix64};
use microply_core::search::{self, Algorithm, Entry, Limits, NoClock, Settings, Table, MAX_DEPTH};
use microply_core::selectable::Selectable;
use microply_core::zobrist::splitmix64;
use microply_core::{with_game, Game, Notation, Playable, Score};

use crate::play::in_process::f64_value;

/// Transposition-table entries of each search (1 MiB); cleared before each search, so
/// a position's score does not depend on the positions searched before it.
const TABLE_ENTRIES: usize = 1 << 16;

/// Move-stack entries of each search: room for Amazons' ~2,200 moves on dozens of plies.
const MOVE_STACK: usize = 1 << 16;

/// The most random plies a book line takes.
pub const MAX_PLIES: u32 = 1000;

/// The most openings a book holds.
pub const MAX_COUNT: usize = 1_000_000;

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct BookSettings {
    /// The game.
    pub game: GameKind,
    /// The game's options, each `key=value` (`rows=3`).
    pub options: Vec<String>,
    /// Random plies from the start, 1..=[`MAX_PLIES`].
    pub plies: u32,
    /// The depth of the search that scores a line, 1..=[`MAX_DEPTH`].
    pub depth: u32,
    /// The largest |score| kept, in the protocol's score units (the evaluator's
    /// fixed-point value, as `go` prints it: `0.5`); at least 0.
    pub window: f64,
    /// Openings to find, 1..=[`MAX_COUNT`].
    pub count: usize,
    /// The seed: try t plays from its own generator, seeded from (seed, t).
    pub seed: u64,
    /// Lines to try before giving up (at least `count`).
    pub max_tries: u64,
    /// The default evaluator's weights in flat order (`None`: its default weights,
    /// which may depend on the board).
    pub weights: Option<Vec<f64>>,
}

/// One opening: the moves from the start in the game's notation, and the score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookLine {
    /// The moves from the start.
    pub moves: Vec<String>,
    /// The search's score for the side to move after them.
    pub score: Score,
    /// The hash of the position after them (what duplicates are found by).
    pub hash: u64,
}

/// A generated book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// The openings, in the order found.
    pub lines: Vec<BookLine>,
    /// Lines tried to find them.
    pub tries: u64,
}

/// Why a book cannot be generated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// A setting out of its range.
    #[error("{setting}: {reason}")]
    BadSetting {
        /// The setting (`--count`).
        setting: &'static str,
        /// What was wrong.
        reason: String,
    },
    /// A game option the game does not take.
    #[error("option '{option}' for {game}: {reason}")]
    BadOption {
        /// The option given.
        option: String,
        /// The game.
        game: &'static str,
        /// What was wrong.
        reason: String,
    },
    /// Every line tried ended the game before the last ply.
    #[error(
        "--plies {plies} is too many for {game}: the game ended within {plies} plies \
         in all {tries} tries"
    )]
    TooManyPlies {
        /// The plies asked for.
        plies: u32,
        /// The game.
        game: &'static str,
        /// Lines tried.
        tries: u64,
    },
    /// The tries ran out before the book was full.
    #[error(
        "found only {found} of {count} openings in {tries} tries (each new position \
         is searched once; widen --window, change --plies or raise --max-tries)"
    )]
    Exhausted {
        /// Openings found.
        found: usize,
        /// Openings asked for.
        count: usize,
        /// Lines tried.
        tries: u64,
    },
    /// The search's move stack was too small.
    #[error("search: {0}")]
    Search(String),
}

impl BookSettings {
    fn check(&self) -> Result<(), BookError> {
        let bad = |setting, reason: String| Err(BookError::BadSetting { setting, reason });
        if self.count == 0 || self.count > MAX_COUNT {
            return bad(
                "--count",
                format!("{} must be 1 to {MAX_COUNT}", self.count),
            );
        }
        if self.plies == 0 || self.plies > MAX_PLIES {
            return bad(
                "--plies",
                format!("{} must be 1 to {MAX_PLIES}", self.plies),
            );
        }
        if self.depth == 0 || self.depth > MAX_DEPTH {
            return bad(
                "--depth",
                format!("{} must be 1 to {MAX_DEPTH}", self.depth),
            );
        }
        if !(self.window >= 0.0 && self.window.is_finite()) {
            return bad("--window", format!("{} must be a number ≥ 0", self.window));
        }
        if self.max_tries < self.count as u64 {
            return bad(
                "--max-tries",
                format!("{} must be at least --count {}", self.max_tries, self.count),
            );
        }
        Ok(())
    }
}

/// Generates the book `settings` describes, calling `progress(kept, tried)` after each
/// line tried. Single-threaded and a pure function of the settings.
///
/// # Errors
/// [`BookError`]: a setting or game option out of range, too many plies for the game,
/// or too few balanced positions found within `max_tries`.
pub fn generate_book(
    settings: &BookSettings,
    progress: impl FnMut(usize, u64),
) -> Result<Book, BookError> {
    settings.check()?;
    with_game!(settings.game, G => generate::<G>(settings, progress))
}

/// The game's default evaluator, with `weights` loaded when given.
fn evaluator<G: Playable>(weights: Option<&[f64]>) -> Result<G::Eval, BookError> {
    let mut eval = G::Eval::default();
    let Some(weights) = weights else {
        return Ok(eval);
    };
    let bad = |reason: String| BookError::BadSetting {
        setting: "--weights",
        reason,
    };
    let expected = eval.weight_count();
    if weights.len() != expected {
        return Err(bad(format!(
            "{} weights given, the {} evaluator has {expected}",
            weights.len(),
            eval.name()
        )));
    }
    let values = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| f64_value(w).ok_or_else(|| bad(format!("weight {i} ({w}) is out of range"))))
        .collect::<Result<Vec<_>, _>>()?;
    eval.load(0, &values).map_err(|e| bad(e.to_string()))?;
    Ok(eval)
}

fn generate<G: Playable>(
    settings: &BookSettings,
    mut progress: impl FnMut(usize, u64),
) -> Result<Book, BookError> {
    let start = G::start(&config::<G>(&settings.options)?);
    let eval = evaluator::<G>(settings.weights.as_deref())?;
    let mut table = vec![Entry::EMPTY; TABLE_ENTRIES];
    let mut stack = vec![G::Move::default(); MOVE_STACK];
    let search_settings = Settings {
        // AB-SSS*, not the default (PVS): the algorithm the books in books/ were made with,
        // so they regenerate byte for byte.
        algorithm: Algorithm::Sss,
        limits: Limits::depth(settings.depth),
        ..Settings::default()
    };
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    let mut ended = 0;
    for tried in 1..=settings.max_tries {
        let mut rng = SplitMix64::new(try_seed(settings.seed, tried));
        let Some((pos, moves)) = random_line(&start, settings.plies, &mut rng) else {
            ended += 1;
            progress(lines.len(), tried);
            continue;
        };
        if seen.insert(pos.hash()) {
            table.fill(Entry::EMPTY);
            let mut tt = Table::new(&mut table);
            let result = search::search(
                &pos,
                &eval,
                &mut tt,
                &mut stack,
                &search_settings,
                &NoClock,
                |_| {},
            )
            .map_err(|e| BookError::Search(e.to_string()))?;
            if let Some(score) = result.score.filter(|&s| balanced(s, settings.window)) {
                lines.push(BookLine {
                    moves: notation(&start, &moves),
                    score,
                    hash: pos.hash(),
                });
            }
        }
        progress(lines.len(), tried);
        if lines.len() == settings.count {
            return Ok(Book {
                lines,
                tries: tried,
            });
        }
    }
    if ended == settings.max_tries {
        return Err(BookError::TooManyPlies {
            plies: settings.plies,
            game: G::NAME,
            tries: ended,
        });
    }
    Err(BookError::Exhausted {
        found: lines.len(),
        count: settings.count,
        tries: settings.max_tries,
    })
}

/// A score inside the window: neither a proven result nor further than `window` from 0.
fn balanced(score: Score, window: f64) -> bool {
    score
        .value()
        .is_some_and(|v| v.to_num::<f64>().abs() <= window)
}

/// The variant of `G` that `options` (`key=value` each) set.
fn config<G: Game>(options: &[String]) -> Result<G::Config, BookError> {
    let mut config = G::Config::default();
    for option in options {
        let bad = |reason: String| BookError::BadOption {
            option: option.clone(),
            game: G::NAME,
            reason,
        };
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| bad("not KEY=VALUE".into()))?;
        G::configure(&mut config, key, value).map_err(|e| bad(e.to_string()))?;
    }
    Ok(config)
}

/// Try t's seed: SplitMix64 of the seed and the try, so neighbouring tries draw
/// unrelated lines.
fn try_seed(seed: u64, tried: u64) -> u64 {
    splitmix64(seed ^ tried.wrapping_mul(0x9E37_79B9_7F4A_7C15)).1
}

/// `plies` uniformly random legal moves from `start`, and the position they reach;
/// `None` when the game is over before or after the last of them.
fn random_line<G: Game>(start: &G, plies: u32, rng: &mut SplitMix64) -> Option<(G, Vec<G::Move>)> {
    let mut pos = *start;
    let mut moves = Vec::with_capacity(plies as usize);
    for _ in 0..plies {
        let m = random_move(&pos, rng)?;
        moves.push(m);
        pos = pos.after(m);
    }
    pos.outcome().is_none().then_some((pos, moves))
}

/// The moves in the game's notation, each in the position it is played from.
fn notation<G: Notation>(start: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = *start;
    moves
        .iter()
        .map(|&m| {
            let text = pos.display_move(m).to_string();
            pos = pos.after(m);
            text
        })
        .collect()
}

/// Writes `book` to `path`: a header of `#` comments (the `command` that made it, what
/// it holds), then one opening a line, the moves from the start followed by
/// `# score=S` (for the side to move after them).
///
/// # Errors
/// The file cannot be written.
pub fn write_book(path: &Path, command: &str, book: &Book) -> std::io::Result<()> {
    let mut text = format!(
        "# {command}\n# {} openings (from {} tries): moves from the start; score = the \
         search's score for the side to move after them.\n",
        book.lines.len(),
        book.tries
    );
    for line in &book.lines {
        let _ = writeln!(text, "{}  # score={}", line.moves.join(" "), line.score);
    }
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(game: GameKind, options: &[&str], plies: u32, depth: u32) -> BookSettings {
        BookSettings {
            game,
            options: options.iter().map(|&o| o.to_owned()).collect(),
            plies,
            depth,
            window: 0.0,
            count: 5,
            seed: 1,
            max_tries: 5_000,
            weights: None,
        }
    }

    #[test]
    fn weights_score_the_lines_and_bad_ones_are_named() {
        // 3x3 plays the hand-set weights by default: giving them changes nothing;
        // zero weights score a line by the box difference alone (a whole number), so
        // other lines pass.
        let s = BookSettings {
            window: 1.0,
            count: 20,
            ..settings(GameKind::Dots, &["rows=3", "cols=3"], 4, 2)
        };
        let hand = [0.0, -4.0, 0.0, -1.0, 0.0, 0.0, 0.0, -0.5, 0.0, -0.5];
        let default = generate_book(&s, |_, _| {}).unwrap();
        let given = BookSettings {
            weights: Some(hand.to_vec()),
            ..s.clone()
        };
        assert_eq!(generate_book(&given, |_, _| {}).unwrap(), default);
        let zero = BookSettings {
            weights: Some(vec![0.0; 10]),
            ..s.clone()
        };
        let zero = generate_book(&zero, |_, _| {}).unwrap();
        assert_ne!(zero.lines, default.lines);
        let whole = [Score::units(-1), Score::ZERO, Score::units(1)];
        assert!(zero.lines.iter().all(|l| whole.contains(&l.score)));
        let error = |weights: Vec<f64>| {
            generate_book(
                &BookSettings {
                    weights: Some(weights),
                    ..s.clone()
                },
                |_, _| {},
            )
            .unwrap_err()
            .to_string()
        };
        let e = error(vec![0.0; 9]);
        assert_eq!(e, "--weights: 9 weights given, the chain evaluator has 10");
        let e = error(vec![1e9; 10]);
        assert!(
            e.starts_with("--weights: weight 0 (1000000000) is out of range"),
            "{e}"
        );
    }

    #[test]
    fn tictactoe_draws_after_two_plies() {
        // After X's and O's first moves (72 lines), the positions a full search scores 0.
        let s = BookSettings {
            count: 1,
            ..settings(GameKind::TicTacToe, &[], 2, 9)
        };
        let book = generate_book(&s, |_, _| {}).unwrap();
        assert_eq!(book.lines[0].score, Score::ZERO);
        assert_eq!(book.lines[0].moves.len(), 2);
    }

    #[test]
    fn the_same_seed_gives_the_same_book_and_another_seed_another() {
        let s = BookSettings {
            window: 1.0,
            ..settings(GameKind::Dots, &["rows=3", "cols=3"], 4, 2)
        };
        let a = generate_book(&s, |_, _| {}).unwrap();
        assert_eq!(a, generate_book(&s, |_, _| {}).unwrap());
        let b = generate_book(&BookSettings { seed: 2, ..s }, |_, _| {}).unwrap();
        assert_ne!(a.lines, b.lines);
        let hashes: HashSet<u64> = a.lines.iter().map(|l| l.hash).collect();
        assert_eq!(hashes.len(), a.lines.len(), "no position twice");
    }

    #[test]
    fn bad_settings_are_named() {
        let s = settings(GameKind::TicTacToe, &[], 2, 9);
        let error = |s: BookSettings| generate_book(&s, |_, _| {}).unwrap_err().to_string();
        assert!(error(BookSettings {
            count: 0,
            ..s.clone()
        })
        .contains("--count: 0 must be"));
        assert!(error(BookSettings {
            window: -1.0,
            ..s.clone()
        })
        .contains("--window"));
        assert!(error(BookSettings {
            depth: 0,
            ..s.clone()
        })
        .contains("--depth"));
        assert!(error(BookSettings {
            max_tries: 1,
            ..s.clone()
        })
        .contains("--max-tries"));
        let e = error(BookSettings {
            plies: 9,
            max_tries: 50,
            ..s.clone()
        });
        assert!(e.contains("--plies 9 is too many for tictactoe"), "{e}");
        let e = error(BookSettings {
            count: 100,
            max_tries: 2_000,
            ..s.clone()
        });
        assert!(e.contains("found only"), "{e}");
        let e = error(settings(GameKind::Dots, &["rows=9"], 2, 1));
        assert!(e.contains("option 'rows=9' for dots"), "{e}");
        let e = error(settings(GameKind::Dots, &["rows"], 2, 1));
        assert!(e.contains("not KEY=VALUE"), "{e}");
    }
    #[test]
    fn written_lines_read_back_as_openings() {
        use crate::play::game::Rules;
        use crate::play::openings::read_openings;
        for (game, options, plies, depth) in [
            (GameKind::TicTacToe, vec![], 2, 9),
            (GameKind::Dots, vec!["rows=2", "cols=3"], 3, 2),
            (GameKind::Amazons, vec!["size=6"], 2, 1),
            (GameKind::Checkers, vec![], 4, 2),
        ] {
            let s = BookSettings {
                window: 2.0,
                count: 3,
                ..settings(game, &options, plies, depth)
            };
            let book = generate_book(&s, |_, _| {}).unwrap();
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("book.txt");
            write_book(&path, "microply book (test)", &book).unwrap();
            let rules = Rules::of(game, &options.join(" "));
            let openings = read_openings(&path, &rules).unwrap();
            let moves: Vec<Vec<String>> = book.lines.iter().map(|l| l.moves.clone()).collect();
            assert_eq!(
                openings.into_iter().map(|o| o.moves).collect::<Vec<_>>(),
                moves,
                "{game}"
            );
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.starts_with("# microply book (test)\n"), "{text}");
            assert!(
                text.lines().nth(2).unwrap().contains("  # score="),
                "{text}"
            );
        }
    }
}

//! The search family, generic over [`Game`](crate::Game) and
//! [`Evaluator`](crate::Evaluator): minimax (the reference), negamax alpha-beta,
//! PVS, MTD(f) and AB-SSS\*, all run by one iterative-deepening driver over one
//! transposition table in caller-provided memory.
//!
//! The table hands a stored value to any node with the same [`Game::hash`](crate::Game::hash)
//! and remaining depth, whatever path led there, so every game's hash covers all its
//! result depends on: checkers folds in its draw state (the plies since the last
//! capture or man move and, when a repetition can still decide, the king steps since),
//! so values are never reused across draw states or histories. Table entries also
//! record whether their bounds rest on the depth horizon, so a tree answered from the
//! table is not mistaken for a solved one. See `docs/search.md`.
//!
//! ```
//! use microply_core::games::tictactoe::{OpenLines, TicTacToe};
//! use microply_core::search::{search, Algorithm, Entry, Limits, NoClock, Settings, Table};
//! use microply_core::{Game, Score};
//!
//! let mut memory = [Entry::EMPTY; 4096];
//! let mut tt = Table::new(&mut memory);
//! let mut moves = [Default::default(); 64];
//! let settings = Settings { algorithm: Algorithm::Sss, ..Settings::default() };
//! let result = search(&TicTacToe::START, &OpenLines, &mut tt, &mut moves, &settings, &NoClock, |_| {})
//!     .unwrap();
//! assert_eq!(result.score, Some(Score::ZERO)); // tic-tac-toe is a draw
//! ```

mod alphabeta;
mod aspiration;
mod context;
mod history;
mod iterative;
mod limits;
mod minimax;
mod mode;
mod mtdf;
mod oracle;
mod ordering;
mod probcut;
mod pvs;
mod sss;
mod stats;
mod time;
mod tt;

use core::fmt;
use core::str::FromStr;

pub use iterative::{search, search_with, Iteration, Knowledge};
pub use limits::{Clock, Limits, NoClock};
pub use mode::{Mode, UnknownMode};
pub use oracle::{Known, NoOracle, Oracle};
pub use stats::Stats;
pub use time::{Budget, GameClock, MOVES_TO_GO, SAFETY_MS, SCORE_DROP};
pub use tt::{Entry, Hit, Replacement, Table, TableUse};

use crate::score::Score;

/// The deepest nominal depth a search goes to.
pub const MAX_DEPTH: u32 = 64;

/// The longest principal variation reported.
pub const MAX_PV: usize = 64;

/// A principal variation.
pub type Pv<M> = heapless::Vec<M, MAX_PV>;

/// The search algorithms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Algorithm {
    /// Plain minimax: no pruning, no table.
    Minimax,
    /// Fail-soft negamax alpha-beta with the table.
    AlphaBeta,
    /// Principal variation search (NegaScout); the default: the same values as the
    /// others with the fewest nodes in checkers and Dots, and stronger than AB-SSS\*
    /// at equal time (docs/checkers-strength.md, tests 7 and 8).
    #[default]
    Pvs,
    /// MTD(f), from the previous iteration's value.
    Mtdf,
    /// AB-SSS\* = MTD(+∞), the source paper's algorithm.
    Sss,
}

impl Algorithm {
    /// Every algorithm, reference first.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Pvs,
        Algorithm::Mtdf,
        Algorithm::Sss,
    ];

    /// The protocol name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Pvs => "pvs",
            Algorithm::Mtdf => "mtdf",
            Algorithm::Sss => "sss",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not one of [`Algorithm::ALL`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm;

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown algorithm")?;
        crate::choices::expected(f, Algorithm::ALL.iter().map(|a| a.name()))
    }
}

impl core::error::Error for UnknownAlgorithm {}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Algorithm, UnknownAlgorithm> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or(UnknownAlgorithm)
    }
}

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// When to stop.
    pub limits: Limits,
    /// Deepen one ply at a time (else search the limit depth at once).
    pub iterative: bool,
    /// Visit the table's best move and the killer moves first (off gives the fixed
    /// generation order).
    pub reorder: bool,
    /// Exact (the default: every algorithm returns minimax's value) or selective
    /// (aspiration, history, reductions, extensions; [`Mode`]). Minimax, the
    /// reference, ignores it.
    pub mode: Mode,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            algorithm: Algorithm::default(),
            limits: Limits::default(),
            iterative: true,
            reorder: true,
            mode: Mode::Exact,
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is over.
    pub best: Option<M>,
    /// The value of the last completed iteration (or of the finished game).
    pub score: Option<Score>,
    /// The depth of the last completed iteration (0 when none).
    pub depth: u32,
    /// Its principal variation.
    pub pv: Pv<M>,
    /// Counters over the whole search.
    pub stats: Stats,
    /// Whether a limit cut the last iteration short.
    pub interrupted: bool,
}

impl<M> SearchResult<M> {
    /// The result of a search of a finished position (its score, no move, no node),
    /// or `None` while the game goes on: what the search driver and
    /// [`crate::decide()`] both answer before anything else.
    pub(crate) fn of_finished<G: crate::game::Game<Move = M>>(pos: &G) -> Option<SearchResult<M>> {
        let score = context::terminal(pos, 0)?;
        Some(SearchResult {
            score: Some(score),
            ..SearchResult::empty()
        })
    }

    fn empty() -> SearchResult<M> {
        SearchResult {
            best: None,
            score: None,
            depth: 0,
            pv: heapless::Vec::new(),
            stats: Stats::default(),
            interrupted: false,
        }
    }
}

/// Why a search could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum SearchError {
    /// The move stack is too small for the moves along some path.
    MoveStackFull,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("move stack too small for this search")
    }
}

impl core::error::Error for SearchError {}

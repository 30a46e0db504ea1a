//! Ratings from game results: the Elo difference of a two-player match from W/D/L or
//! game pairs (as fastchess computes it), the SPRT of a match on pairs (as fastchess and
//! Fishtest compute it) or on W/D/L (also as cutechess does), a simulation of how long an
//! SPRT runs, and maximum-likelihood Elo for many players. docs/ratings.md has the formulas.

mod bayes_elo;
mod cholesky;
mod estimate;
mod gsprt;
mod mle;
mod normal;
mod pentanomial;
mod running;
mod simulate;
mod sprt;
mod summary;
mod wdl;

pub use estimate::{score_to_elo, EloEstimate};
pub use mle::{maximum_likelihood, Anchor, RatedGame, Rating};
pub use normal::{normal_cdf, Z95};
pub use pentanomial::{elo_pentanomial, games_of_pairs, Pentanomial};
pub use running::{running_score, ScorePoint};
pub use simulate::{simulate_sprt, SprtSimulation, SprtSimulationSummary, MAX_RUNS};
pub use sprt::{Sprt, SprtDecision, SprtModel, MAX_SPRT_ELO};
pub use summary::{match_summary, pairs_summary};
pub use wdl::{elo_wdl, Wdl};

/// What went wrong reading or rating results.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RatingError {
    /// A list such as `W,D,L` had the wrong number of items or a bad one.
    #[error("expected {expected}, got '{got}'")]
    BadList {
        /// What the list should hold.
        expected: &'static str,
        /// The text given.
        got: String,
    },
    /// SPRT parameters that make no test.
    #[error("bad SPRT: {0}")]
    BadSprt(&'static str),
    /// SPRT simulation settings that cannot be simulated.
    #[error("bad SPRT simulation: {0}")]
    BadSimulation(String),
    /// A game result that is not 1, ½ or 0 points.
    #[error("score {0} is not 1, 0.5 or 0")]
    BadResult(f64),
    /// A rated game's score is outside 0..=1.
    #[error("game {game}: score {points} is outside 0..=1")]
    BadScore {
        /// The game's index.
        game: usize,
        /// The score given.
        points: f64,
    },
    /// Ratings asked for no players.
    #[error("no players to rate")]
    NoPlayers,
    /// A game names a player past the count.
    #[error("game {game}: player {player} out of range (there are {players})")]
    PlayerOutOfRange {
        /// The game's index.
        game: usize,
        /// The player named.
        player: usize,
        /// How many players there are.
        players: usize,
    },
    /// A game of a player against itself.
    #[error("game {game}: player {player} plays itself")]
    SelfPlay {
        /// The game's index.
        game: usize,
        /// The player.
        player: usize,
    },
    /// The anchor player does not exist.
    #[error("anchor player {player} out of range (there are {players})")]
    AnchorOutOfRange {
        /// The anchor asked for.
        player: usize,
        /// How many players there are.
        players: usize,
    },
    /// Some players' maximum-likelihood ratings are infinite.
    #[error(
        "the ratings of players {players:?} are unbounded: against the others they won \
         every point, lost every point, or never played"
    )]
    Unbounded {
        /// The players cut off from the rest (indices).
        players: Vec<usize>,
    },
    /// The Newton iterations did not settle.
    #[error("the rating fit did not converge")]
    NoConvergence,
}

/// Parses `N` comma-separated numbers (spaces around them allowed).
fn parse_list<T: core::str::FromStr, const N: usize>(
    s: &str,
    expected: &'static str,
) -> Result<[T; N], RatingError> {
    let bad = || RatingError::BadList {
        expected,
        got: s.to_string(),
    };
    let items: Vec<T> = s
        .split(',')
        .map(|item| item.trim().parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    items.try_into().map_err(|_| bad())
}

/// A game's score in half points: 2 for a win (1), 1 for a draw (0.5), 0 for a loss.
fn half_points(points: f64) -> Result<usize, RatingError> {
    match points {
        1.0 => Ok(2),
        0.5 => Ok(1),
        0.0 => Ok(0),
        _ => Err(RatingError::BadResult(points)),
    }
}

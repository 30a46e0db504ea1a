//! `microply datagen`: labelled checkers positions from self-play at scale, for
//! training an evaluator (docs/datagen.md). The games are a node-limited self-play
//! match run by the tournament runner (parallel, deterministic for a seed whatever
//! the thread count, resumable after a kill); every finished game's searched
//! positions, with the game's result and the search's score, go into one compact
//! file ([`positions`]).

pub mod extract;
pub mod positions;

use crate::play::game::{GameRecord, Rules};

pub use extract::labelled_positions;
pub use positions::{Labelled, PositionsError};

/// The file the positions are written to, in the run's folder.
pub const POSITIONS_FILE: &str = "positions.bin";

/// What a set of games gave: the positions in game order, and how many games.
#[derive(Debug, Default)]
pub struct Harvest {
    /// The positions, game by game in the order of the schedule.
    pub positions: Vec<Labelled>,
    /// Games read.
    pub games: usize,
}

impl Harvest {
    /// The positions of `records` (any order; taken in the schedule's order).
    ///
    /// # Errors
    /// A record that does not replay (named by game and ply).
    pub fn of(records: &[GameRecord], rules: &Rules) -> Result<Harvest, String> {
        let mut order: Vec<&GameRecord> = records.iter().collect();
        order.sort_by_key(|r| r.spec.index);
        let mut positions = Vec::new();
        for r in &order {
            positions.extend(labelled_positions(r, rules)?);
        }
        Ok(Harvest {
            positions,
            games: order.len(),
        })
    }

    /// A short report: games, positions, the results' and scores' spread.
    #[must_use]
    pub fn summary(&self) -> String {
        let n = self.positions.len();
        let count = |r: i8| self.positions.iter().filter(|p| p.result == r).count();
        let proven = self
            .positions
            .iter()
            .filter(|p| p.eval.abs() == positions::PROVEN)
            .count();
        let share = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
        format!(
            "{n} positions from {} games ({:.1} a game, {} bytes); side to move won {:.1} %, \
             drew {:.1} %, lost {:.1} %; proven scores {:.1} %\n",
            self.games,
            n as f64 / self.games.max(1) as f64,
            positions::MAGIC.len() + n * positions::RECORD_BYTES,
            share(count(1)),
            share(count(0)),
            share(count(-1)),
            share(proven),
        )
    }
}

//! A match of two Dots-and-Boxes weight sets through the tournament runner: each
//! seeded opening played with both colours, W/D/L, Elo with its 95% interval, LOS,
//! the pentanomial of the colour-swapped pairs, and a running-score plot.

use std::path::Path;

use super::error::ExperimentError;
use super::league::{play_league, Board, Pairing, Side};
use crate::files::write_atomically;
use crate::play::game::GameRecord;
use crate::ratings::{elo_wdl, match_summary, running_score, EloEstimate, Pentanomial, Sprt, Wdl};
use crate::tournament::config::Format;
use crate::tournament::run::wdl_of_first;

/// The board, openings and length of a duel.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// The board and openings.
    pub board: Board,
    /// Games (rounded up to an even number: each opening with both colours); with
    /// an SPRT, the most it plays.
    pub games: usize,
    /// Stop when this SPRT on the game pairs decides.
    pub sprt: Option<Sprt>,
}

impl Schedule {
    /// A against B, each opening with both colours.
    #[must_use]
    pub fn pairing(&self) -> Pairing {
        Pairing {
            format: Format::Gauntlet,
            rounds: self.games.div_ceil(2).max(1),
            sprt: self.sprt,
        }
    }
}

/// A finished duel, from side A's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    /// A's name.
    pub a: String,
    /// B's name.
    pub b: String,
    /// Every game in schedule order.
    pub records: Vec<GameRecord>,
    /// The SPRT the match ran under.
    pub sprt: Option<Sprt>,
}

impl Duel {
    /// A's wins, draws and losses.
    #[must_use]
    pub fn wdl(&self) -> Wdl {
        wdl_of_first(&self.records)
    }

    /// A's Elo difference with its 95% interval and LOS (`None` when A scored every
    /// point or none).
    #[must_use]
    pub fn elo(&self) -> Option<EloEstimate> {
        elo_wdl(self.wdl())
    }

    /// The colour-swapped game pairs.
    #[must_use]
    pub fn pentanomial(&self) -> Pentanomial {
        let mut p = Pentanomial::default();
        for pair in self.records.chunks_exact(2) {
            let _ = p.record(pair[0].points_of(0).as_f64(), pair[1].points_of(0).as_f64());
        }
        p
    }

    /// The summary lines (as `microply match` prints them).
    #[must_use]
    pub fn summary(&self) -> String {
        format!(
            "{} vs {}\n{}",
            self.a,
            self.b,
            match_summary(self.wdl(), Some(self.pentanomial()), self.sprt)
        )
    }

    /// A's running score as an SVG plot.
    ///
    /// # Errors
    /// [`ExperimentError::Setting`] when there are no games to plot.
    pub fn score_svg(&self) -> Result<String, ExperimentError> {
        let points: Vec<f64> = self
            .records
            .iter()
            .map(|r| r.points_of(0).as_f64())
            .collect();
        let running =
            running_score(&points).map_err(|e| ExperimentError::Setting(e.to_string()))?;
        crate::report::score_plot(
            &format!("Score of {} against {} over games", self.a, self.b),
            &running,
        )
        .map_err(|e| ExperimentError::Setting(e.to_string()))
    }
}

/// Plays the duel of `sides` (A first) on `threads` workers into `dir`
/// ([`play_league`]: rerunning resumes) and writes `dir/match.md`.
///
/// # Errors
/// [`ExperimentError`]: players the engine refuses, a failed game or write.
pub fn play_duel(
    sides: [&Side; 2],
    schedule: &Schedule,
    dir: &Path,
    threads: usize,
    on_game: impl FnMut(usize, usize),
) -> Result<Duel, ExperimentError> {
    let sides = [sides[0].clone(), sides[1].clone()];
    let (_, records) = play_league(
        &sides,
        &schedule.board,
        schedule.pairing(),
        dir,
        threads,
        on_game,
    )?;
    let [a, b] = sides;
    let duel = Duel {
        a: a.name,
        b: b.name,
        records,
        sprt: schedule.sprt,
    };
    let summary = dir.join("match.md");
    write_atomically(&summary, duel.summary().as_bytes())
        .map_err(ExperimentError::write(&summary))?;
    Ok(duel)
}

//! A match of two Dots-and-Boxes weight sets through the tournament runner: each
//! seeded opening played with both colours, W/D/L, Elo with its 95% interval, LOS,
//! the pentanomial of the colour-swapped pairs, and a running-score plot.

use std::path::Path;

use microply_core::score::Value;

use super::error::ExperimentError;
use crate::ratings::{elo_wdl, match_summary, running_score, EloEstimate, Pentanomial, Wdl};
use crate::tournament::checkpoint::{write_atomically, Checkpoint, STATE_FILE};
use crate::tournament::config::{Format, TournamentConfig};
use crate::tournament::game::GameRecord;
use crate::tournament::player::{PlayerConfig, WeightsSource};
use crate::tournament::run::{encounters, plan, run, wdl_of_first};

/// One side of a duel: a name, the chain evaluator's weights (`None`: the engine's
/// default, the hand-set ones) and a search depth (AB-SSS\*).
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    /// The name in records and tables.
    pub name: String,
    /// The weights, or the default.
    pub weights: Option<[Value; 10]>,
    /// Fixed search depth per move.
    pub depth: u32,
}

impl Side {
    /// The tournament player: `sss` to `depth` with the `chain` evaluator, its
    /// weights (if any) read from `weights_file`.
    #[must_use]
    pub fn player(&self, weights_file: &Path) -> PlayerConfig {
        PlayerConfig {
            name: self.name.clone(),
            evaluator: Some("chain".into()),
            weights: self
                .weights
                .map(|_| WeightsSource::File(weights_file.display().to_string())),
            algo: "sss".into(),
            depth: Some(self.depth),
            nodes: None,
            movetime: None,
            table: 1 << 16,
            cmd: None,
            firmware: None,
        }
    }

    /// The weights file of this side in `dir` (`NAME.weights`).
    #[must_use]
    pub fn weights_file(&self, dir: &Path) -> std::path::PathBuf {
        dir.join(format!("{}.weights", self.name))
    }

    /// Writes the weights file (the protocol's decimals), if the side has weights.
    fn write_weights(&self, dir: &Path) -> Result<(), ExperimentError> {
        let Some(w) = self.weights else {
            return Ok(());
        };
        let path = self.weights_file(dir);
        let text: Vec<String> = w.iter().map(|v| v.to_num::<f64>().to_string()).collect();
        let body = format!(
            "# {} (chain evaluator, 10 weights)\n{}\n",
            self.name,
            text.join(" ")
        );
        write_atomically(&path, body.as_bytes()).map_err(ExperimentError::write(&path))
    }
}

/// The board and the schedule of a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Box rows.
    pub rows: u8,
    /// Box columns.
    pub cols: u8,
    /// Games (rounded up to an even number: each opening with both colours).
    pub games: usize,
    /// Random plies of each opening.
    pub random_plies: u32,
    /// The seed of the openings.
    pub seed: u64,
}

impl Schedule {
    /// The tournament configuration of `sides` (A first), their weights files in `dir`.
    #[must_use]
    pub fn config(&self, sides: [&Side; 2], dir: &Path) -> TournamentConfig {
        TournamentConfig {
            game: "dots".into(),
            options: format!("rows={} cols={}", self.rows, self.cols),
            format: Format::Gauntlet,
            games_per_encounter: 2,
            random_plies: self.random_plies,
            openings: None,
            seed: self.seed,
            max_plies: 400,
            move_timeout_ms: 600_000,
            scoring: Default::default(),
            adjudication: Default::default(),
            groups: 2,
            rounds: self.games.div_ceil(2).max(1),
            sprt: None,
            players: sides.map(|s| s.player(&s.weights_file(dir))).to_vec(),
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
            let _ = p.record(pair[0].points_of(0), pair[1].points_of(0));
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
            match_summary(self.wdl(), Some(self.pentanomial()), None)
        )
    }

    /// A's running score as an SVG plot.
    ///
    /// # Errors
    /// [`ExperimentError::Setting`] when there are no games to plot.
    pub fn score_svg(&self) -> Result<String, ExperimentError> {
        let points: Vec<f64> = self.records.iter().map(|r| r.points_of(0)).collect();
        let running =
            running_score(&points).map_err(|e| ExperimentError::Setting(e.to_string()))?;
        crate::report::score_plot(&format!("Score of {} over games", self.a), &running)
            .map_err(|e| ExperimentError::Setting(e.to_string()))
    }
}

/// Plays the duel of `sides` (A first) on `threads` workers, the tournament state
/// and output files in `dir`. A folder holding the state of the same duel resumes
/// it (the same command after a kill finishes the run); the state of another run is
/// an error. `on_game` sees the games finished so far and the total.
///
/// # Errors
/// [`ExperimentError`]: players the engine refuses, a failed game or write.
pub fn play_duel(
    sides: [&Side; 2],
    schedule: &Schedule,
    dir: &Path,
    threads: usize,
    mut on_game: impl FnMut(usize, usize),
) -> Result<Duel, ExperimentError> {
    std::fs::create_dir_all(dir).map_err(ExperimentError::write(dir))?;
    let dir = &std::fs::canonicalize(dir).map_err(ExperimentError::write(dir))?;
    let config = schedule.config(sides, dir);
    let base = Path::new(".");
    let checkpoint = saved_or_fresh(dir, &config, base)?;
    for side in sides {
        side.write_weights(dir)?;
    }
    let specs = plan(&config, base, &encounters(&config))?;
    let total = specs.len();
    let entrants = config.entrants("experiment", base)?;
    let records = run(
        &specs,
        &entrants,
        checkpoint,
        dir,
        threads,
        |_, all| on_game(all.len(), total),
        |_| None,
    )?;
    crate::tournament::output::write_all(dir, &config, &records)
        .map_err(ExperimentError::write(dir))?;
    let duel = Duel {
        a: sides[0].name.clone(),
        b: sides[1].name.clone(),
        records,
    };
    let summary = dir.join("match.md");
    write_atomically(&summary, duel.summary().as_bytes())
        .map_err(ExperimentError::write(&summary))?;
    Ok(duel)
}

/// The saved state of this duel in `dir`, or a fresh one when there is none.
fn saved_or_fresh(
    dir: &Path,
    config: &TournamentConfig,
    base: &Path,
) -> Result<Checkpoint, ExperimentError> {
    if !dir.join(STATE_FILE).exists() {
        return Ok(Checkpoint {
            config: config.clone(),
            base: base.to_path_buf(),
            records: vec![],
        });
    }
    let saved = Checkpoint::load(dir).map_err(|e| {
        ExperimentError::Setting(format!("reading the state in {}: {e}", dir.display()))
    })?;
    if saved.config != *config {
        return Err(ExperimentError::Setting(format!(
            "{} holds the state of another match: choose another output folder",
            dir.display()
        )));
    }
    Ok(saved)
}

//! Experiment 2, `curriculum`: the curriculum GA, the same GA without a curriculum
//! (`ga-flat`: the last stage from generation 0) and ACO_R, trained from one base
//! configuration with the same population and generations; their final champions
//! then play a round robin repeated `rounds` times (new openings each time).

use std::fmt::Write as _;
use std::path::Path;

use super::error::ExperimentError;
use super::league::{play_league, Board, Pairing, Side};
use super::training::{dots_weights, final_depth, train_or_resume, Trained};
use crate::files::write_atomically;
use crate::report::{line_plot, markdown_table, Series};
use crate::tournament::config::Format;
use crate::tournament::standings::standings;
use crate::train::{Method, TrainConfig};

/// The three methods, in report order.
pub const METHODS: [Method; 3] = [Method::Ga, Method::GaFlat, Method::Aco];

/// One method's result.
#[derive(Clone, Debug)]
pub struct MethodResult {
    /// The method.
    pub method: Method,
    /// Its training run.
    pub trained: Trained,
    /// Wins, draws, losses and points (3/1/0) of its final champion in the round robin.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Points.
    pub points: f64,
}

/// The default games budget of `base`: every individual of the population scored
/// once a generation, `2 × pairs × population × (generations + 1)` games (pairs: the
/// openings each individual plays with both colours).
#[must_use]
pub fn default_budget(base: &TrainConfig) -> u64 {
    2 * pairs(base) * base.population as u64 * (base.generations as u64 + 1)
}

/// Opening pairs per individual and batch.
fn pairs(config: &TrainConfig) -> u64 {
    config.openings.max(1) as u64
}

/// `base` trained by `method` on `budget` games: the run stops after the first
/// generation whose running total reaches the budget; its generations are set to a
/// cap it never reaches first (every generation after the first scores at least
/// `population − elite` GA children or `population` ants, two games an opening each).
#[must_use]
pub fn budgeted(base: &TrainConfig, method: Method, budget: u64) -> TrainConfig {
    let scored = match method {
        Method::Ga | Method::GaFlat => base.population.saturating_sub(base.elite),
        Method::Aco => base.population,
    }
    .max(1) as u64;
    let per_generation = 2 * pairs(base) * scored;
    TrainConfig {
        method,
        games_budget: Some(budget),
        generations: usize::try_from(budget.div_ceil(per_generation)).unwrap_or(usize::MAX),
        ..base.clone()
    }
}

/// Trains `base` with each method on `budget` games (into `out/METHOD`), plays the final champions'
/// round robin `rounds` times (into `out/league`) and writes `out/report.md` and
/// `out/fitness.svg`.
///
/// # Errors
/// Training, games or writes that fail.
pub fn run_curriculum(
    base: &TrainConfig,
    budget: u64,
    rounds: usize,
    board_seed: (u32, u64),
    out: &Path,
    threads: usize,
    on_game: impl FnMut(usize, usize),
) -> Result<Vec<MethodResult>, ExperimentError> {
    let mut trained = Vec::new();
    for method in METHODS {
        let config = budgeted(base, method, budget);
        trained.push(train_or_resume(
            &config,
            &out.join(method.as_str()),
            threads,
        )?);
    }
    let depth = final_depth(base);
    let sides = METHODS
        .iter()
        .zip(&trained)
        .map(|(m, t)| {
            Ok(Side {
                name: m.as_str().to_owned(),
                weights: Some(dots_weights(&t.summary.champion)?),
                depth,
            })
        })
        .collect::<Result<Vec<_>, ExperimentError>>()?;
    let board = Board::of_options(&base.options, board_seed);
    let pairing = Pairing {
        format: Format::RoundRobin,
        rounds,
        sprt: None,
    };
    let (league, records) = play_league(
        &sides,
        &board,
        pairing,
        &out.join("league"),
        threads,
        on_game,
    )?;
    let table = standings(sides.len(), &records, &league.scoring);
    let results: Vec<MethodResult> = METHODS
        .iter()
        .zip(trained)
        .enumerate()
        .map(|(i, (&method, trained))| {
            let s = table.iter().find(|s| s.player == i);
            MethodResult {
                method,
                trained,
                wins: s.map_or(0, |s| s.wins),
                draws: s.map_or(0, |s| s.draws),
                losses: s.map_or(0, |s| s.losses),
                points: s.map_or(0.0, |s| s.points.as_f64()),
            }
        })
        .collect();
    write_report(out, budget, depth, rounds, &board, &results)?;
    Ok(results)
}

fn write_report(
    out: &Path,
    budget: u64,
    depth: u32,
    rounds: usize,
    board: &Board,
    results: &[MethodResult],
) -> Result<(), ExperimentError> {
    let series: Vec<Series> = results
        .iter()
        .map(|r| Series {
            name: r.method.as_str().to_owned(),
            points: r
                .trained
                .summary
                .history
                .iter()
                .map(|g| (g.generation as f64, g.best))
                .collect(),
        })
        .collect();
    let svg = line_plot(
        "Best objective per generation",
        "generation",
        "best objective",
        &series,
    )
    .map_err(|e| ExperimentError::Setting(e.to_string()))?;
    let plot = out.join("fitness.svg");
    write_atomically(&plot, svg.as_bytes()).map_err(ExperimentError::write(&plot))?;
    let rows: Vec<Vec<String>> = results
        .iter()
        .map(|r| {
            vec![
                r.method.as_str().to_owned(),
                r.trained
                    .summary
                    .history
                    .len()
                    .saturating_sub(1)
                    .to_string(),
                r.trained.summary.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
                r.points.to_string(),
            ]
        })
        .collect();
    let mut text = format!(
        "# Experiment curriculum\n\nThe curriculum GA (`ga`), the GA without a curriculum \
         (`ga-flat`) and ACO_R (`aco`), each trained on a budget of {budget} games (a run \
         stops after the first generation that reaches it, so it overshoots by less than \
         one generation: \"training games\" gives each run's); their final champions play \
         a round robin {rounds} times (each pair one opening with both colours per round, \
         {} random plies, seed {}) on Dots-and-Boxes `{}`, AB-SSS\\* to depth {depth}. \
         Points 3/1/0.\n\n",
        board.random_plies, board.seed, board.options,
    );
    text += &markdown_table(
        &[
            "method",
            "generations",
            "training games",
            "W",
            "D",
            "L",
            "points",
        ],
        &rows,
    );
    let _ = writeln!(
        text,
        "\n![best objective per generation](fitness.svg)\n\nGames, crosstable and ratings: \
         [league/report.md](league/report.md); the training runs in `ga/`, `ga-flat/`, `aco/`.\n"
    );
    let path = out.join("report.md");
    write_atomically(&path, text.as_bytes()).map_err(ExperimentError::write(&path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_gets_the_budget_and_a_cap_it_cannot_reach_first() {
        // The quick preset: 12 individuals, 15 generations, elite 1, one opening pair.
        let quick = TrainConfig::quick();
        assert_eq!(default_budget(&quick), 2 * 12 * 16);
        let with_openings = TrainConfig {
            openings: 5,
            ..quick.clone()
        };
        assert_eq!(default_budget(&with_openings), 2 * 5 * 12 * 16);
        for method in METHODS {
            let c = budgeted(&quick, method, 384);
            assert_eq!((c.method, c.games_budget), (method, Some(384)));
            assert_eq!(
                (c.population, &c.stages, c.seed),
                (quick.population, &quick.stages, quick.seed)
            );
        }
        // ⌈384 / (2 · 11)⌉ GA generations of at least 22 games; ⌈384 / (2 · 12)⌉ for ACO_R.
        assert_eq!(budgeted(&quick, Method::Ga, 384).generations, 18);
        assert_eq!(budgeted(&quick, Method::GaFlat, 384).generations, 18);
        assert_eq!(budgeted(&quick, Method::Aco, 384).generations, 16);
        assert_eq!(budgeted(&with_openings, Method::Aco, 384).generations, 4);
    }
}

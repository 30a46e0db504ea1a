//! The run's markdown report: a table of the iterations (like the sample paper's
//! tables 3–5) and SVG plots of the quality index `T` and of the trained player's win
//! rate against a random player over the iterations (its figures 5 and 6).

use std::path::Path;

use super::pipeline::{LogRow, PipelineError, State};
use crate::files::write_atomically;
use crate::report::{line_plot, markdown_table, PlotError, Series};

/// The report's file name.
pub const REPORT_FILE: &str = "report.md";
/// The plot of `T`.
pub const QUALITY_PLOT: &str = "quality.svg";
/// The plot of the win rate.
pub const WIN_RATE_PLOT: &str = "win-rate.svg";

/// The per-iteration table (the sample paper's tables 3–5) of a run's log.
#[must_use]
pub fn iteration_table(log: &[LogRow]) -> String {
    let rows: Vec<Vec<String>> = log
        .iter()
        .map(|r| {
            vec![
                r.iteration.to_string(),
                r.players.to_string(),
                r.games.to_string(),
                r.qualifying_wins.to_string(),
                r.samples.to_string(),
                r.duplicates.to_string(),
                format!("{:.4}", r.duplicates as f64 / r.samples.max(1) as f64),
                format!("{:.4}", r.quality),
                r.trained_on.to_string(),
                format!("{:.1} %", 100.0 * r.win_rate),
                format!("{:.1}", r.seconds),
            ]
        })
        .collect();
    markdown_table(
        &[
            "iteration",
            "players",
            "games",
            "wins used",
            "samples s",
            "duplicates r",
            "x = r/s",
            "T",
            "trained on",
            "win rate",
            "seconds",
        ],
        &rows,
    )
}

/// One series of `f` per iteration of `log`, named `name`.
#[must_use]
pub fn per_iteration(name: &str, log: &[LogRow], f: fn(&LogRow) -> f64) -> Series {
    Series {
        name: name.to_owned(),
        points: log.iter().map(|r| (r.iteration as f64, f(r))).collect(),
    }
}

/// The SVG plot of `T` against the iterations (the sample paper's figure 5).
///
/// # Errors
/// The plot could not be drawn (no finite point).
pub fn quality_plot(series: &[Series]) -> Result<String, PlotError> {
    line_plot("Sample quality T", "iteration", "T", series)
}

/// The SVG plot of the trained player's win rate against the iterations (figure 6).
///
/// # Errors
/// The plot could not be drawn (no finite point).
pub fn win_rate_plot(series: &[Series]) -> Result<String, PlotError> {
    line_plot(
        "Trained player vs random (first player)",
        "iteration",
        "win rate",
        series,
    )
}

/// The report's markdown.
#[must_use]
pub fn report_markdown(state: &State) -> String {
    let c = &state.config;
    let format = c.format.name();
    let table = iteration_table(&state.log);
    format!(
        "# Sample generation: {format}\n\n\
         {} players, seed {}, fd {}, Pc {}, Pm {}, m = {} plies, n = {} pieces, α = {}; \
         win rate: the network trained on at most {} distinct samples chosen among those \
         so far, one ply, moving first, over {} games against a random player.\n\n\
         {table}\n\
         ![T per iteration]({QUALITY_PLOT})\n\n\
         ![win rate per iteration]({WIN_RATE_PLOT})\n",
        c.population,
        c.seed,
        c.fd,
        c.evolution.crossover,
        c.evolution.mutation,
        c.max_win_plies,
        c.min_margin,
        c.alpha,
        c.train_samples,
        c.eval_games,
    )
}

/// Writes the report and its plots into `dir`.
///
/// # Errors
/// I/O or plotting failures.
pub fn write_report(state: &State, dir: &Path) -> Result<(), PipelineError> {
    let name = state.config.format.name();
    let quality = quality_plot(&[per_iteration(name, &state.log, |r| r.quality)])?;
    let win_rate = win_rate_plot(&[per_iteration(name, &state.log, |r| r.win_rate)])?;
    for (file, text) in [
        (QUALITY_PLOT, quality),
        (WIN_RATE_PLOT, win_rate),
        (REPORT_FILE, report_markdown(state)),
    ] {
        let path = dir.join(file);
        write_atomically(&path, text.as_bytes())
            .map_err(|source| PipelineError::Io { path, source })?;
    }
    Ok(())
}

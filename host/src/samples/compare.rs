//! Several runs side by side (the sample paper's figures 5 and 6 across formats): one
//! plot of `T` and one of the trained player's win rate against the iterations, a line
//! per run labelled by its format, and each run's per-iteration table.

use std::path::{Path, PathBuf};

use super::pipeline::{read_state, PipelineError, State};
use super::report::{
    iteration_table, per_iteration, quality_plot, win_rate_plot, QUALITY_PLOT, REPORT_FILE,
    WIN_RATE_PLOT,
};
use crate::files::write_atomically;
use crate::report::{PlotError, Series};

/// Why a comparison failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CompareError {
    /// No run folder was given.
    #[error("no run folder to compare")]
    NoRuns,
    /// A run folder holds no readable run.
    #[error("{dir} is not a readable `microply samples` run folder: {cause}")]
    NotARun {
        /// The folder.
        dir: PathBuf,
        /// What went wrong reading its state (in the message, so not a `source`).
        cause: PipelineError,
    },
    /// A run has no finished iteration yet.
    #[error("{0} has no finished iteration yet")]
    Empty(PathBuf),
    /// A plot could not be drawn.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// The output could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
}

/// One run to compare: its folder, label and saved state.
#[derive(Clone, Debug)]
pub struct Run {
    /// The run folder.
    pub dir: PathBuf,
    /// The legend label: the format, with the folder's name if two runs share it.
    pub label: String,
    /// The state after its last finished iteration.
    pub state: State,
}

/// Reads the runs in `dirs` (finished or not) and labels them.
///
/// # Errors
/// [`CompareError::NoRuns`], [`CompareError::NotARun`], [`CompareError::Empty`].
pub fn read_runs(dirs: &[PathBuf]) -> Result<Vec<Run>, CompareError> {
    if dirs.is_empty() {
        return Err(CompareError::NoRuns);
    }
    let states = dirs
        .iter()
        .map(|dir| {
            let state = read_state(dir).map_err(|cause| CompareError::NotARun {
                dir: dir.clone(),
                cause,
            })?;
            if state.log.is_empty() {
                return Err(CompareError::Empty(dir.clone()));
            }
            Ok(state)
        })
        .collect::<Result<Vec<State>, CompareError>>()?;
    let format = |s: &State| s.config.format.name();
    Ok(dirs
        .iter()
        .zip(states.iter())
        .map(|(dir, state)| {
            let shared = states.iter().filter(|s| format(s) == format(state)).count() > 1;
            let label = if shared {
                format!("{} ({})", format(state), dir.display())
            } else {
                format(state).to_owned()
            };
            Run {
                dir: dir.clone(),
                label,
                state: state.clone(),
            }
        })
        .collect())
}

/// The comparison's markdown: the two plots and one table per run.
#[must_use]
pub fn compare_markdown(runs: &[Run]) -> String {
    let mut text = format!(
        "# Sample generation: formats compared\n\n\
         ![T per iteration]({QUALITY_PLOT})\n\n\
         ![win rate per iteration]({WIN_RATE_PLOT})\n"
    );
    for run in runs {
        let c = &run.state.config;
        text.push_str(&format!(
            "\n## {}\n\n`{}`: {} players, seed {}, α = {}, {} of {} iterations finished.\n\n{}",
            run.label,
            run.dir.display(),
            c.population,
            c.seed,
            c.alpha,
            run.state.log.len(),
            c.iterations,
            iteration_table(&run.state.log),
        ));
    }
    text
}

/// The plots of `T` and of the win rate, one line per run.
///
/// # Errors
/// A plot could not be drawn.
pub fn compare_plots(runs: &[Run]) -> Result<(String, String), PlotError> {
    let series = |f| -> Vec<Series> {
        runs.iter()
            .map(|r| per_iteration(&r.label, &r.state.log, f))
            .collect()
    };
    Ok((
        quality_plot(&series(|r| r.quality))?,
        win_rate_plot(&series(|r| r.win_rate))?,
    ))
}

/// Reads the runs in `dirs` and writes `out/report.md`, `out/quality.svg` and
/// `out/win-rate.svg`; returns the report's path.
///
/// # Errors
/// [`CompareError`].
pub fn compare(dirs: &[PathBuf], out: &Path) -> Result<PathBuf, CompareError> {
    let runs = read_runs(dirs)?;
    let (quality, win_rate) = compare_plots(&runs)?;
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| CompareError::Io { path, source }
    };
    std::fs::create_dir_all(out).map_err(io(out))?;
    for (file, text) in [
        (QUALITY_PLOT, quality),
        (WIN_RATE_PLOT, win_rate),
        (REPORT_FILE, compare_markdown(&runs)),
    ] {
        let path = out.join(file);
        write_atomically(&path, text.as_bytes()).map_err(io(&path))?;
    }
    Ok(out.join(REPORT_FILE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nn::Net;
    use crate::samples::pipeline::{LogRow, PipelineConfig, STATE_FILE};
    use crate::samples::Format;
    use microply_core::games::checkers::NetworkWeights;

    fn row(iteration: usize, quality: f64, win_rate: f64) -> LogRow {
        LogRow {
            iteration,
            players: 6,
            games: 15,
            qualifying_wins: 3,
            samples: 300,
            duplicates: 12,
            quality,
            trained_on: 288,
            win_rate,
            seconds: 1.5,
        }
    }

    /// A run folder holding only a state file with `log`.
    fn synthetic(format: Format, log: Vec<LogRow>) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let state = State {
            config: PipelineConfig::new(format, &Net::from_weights(&NetworkWeights::DEFAULT)),
            population: Vec::new(),
            log,
            samples: 0,
        };
        std::fs::write(
            dir.path().join(STATE_FILE),
            serde_json::to_vec(&state).unwrap(),
        )
        .unwrap();
        dir
    }

    #[test]
    fn two_runs_give_both_lines_and_both_tables() {
        let rr = synthetic(
            Format::RoundRobin,
            vec![row(1, 0.6125, 0.41), row(2, 0.6375, 0.53)],
        );
        let de = synthetic(Format::DoubleElimination, vec![row(1, 0.5875, 0.37)]);
        let out = tempfile::tempdir().unwrap();
        let dirs = [rr.path().to_owned(), de.path().to_owned()];
        let report_path = compare(&dirs, out.path()).unwrap();
        let report = std::fs::read_to_string(&report_path).unwrap();
        assert!(report.contains("## round-robin\n"), "{report}");
        assert!(report.contains("## double-elimination\n"), "{report}");
        assert!(report.contains("2 of 5 iterations finished"), "{report}");
        assert!(report.contains("1 of 5 iterations finished"), "{report}");
        // Both tables carry their own T values.
        for t in ["0.6125", "0.6375", "0.5875"] {
            assert!(report.contains(&format!("| {t} |")), "{t}: {report}");
        }
        assert_eq!(report.matches("| iteration |").count(), 2, "{report}");
        for file in [QUALITY_PLOT, WIN_RATE_PLOT] {
            let svg = std::fs::read_to_string(out.path().join(file)).unwrap();
            assert!(svg.contains("round-robin"), "{file}: {svg}");
            assert!(svg.contains("double-elimination"), "{file}: {svg}");
        }
    }

    #[test]
    fn runs_of_one_format_are_told_apart_by_folder() {
        let a = synthetic(Format::Mixed, vec![row(1, 0.6, 0.5)]);
        let b = synthetic(Format::Mixed, vec![row(1, 0.7, 0.4)]);
        let runs = read_runs(&[a.path().to_owned(), b.path().to_owned()]).unwrap();
        assert_eq!(runs[0].label, format!("mixed ({})", a.path().display()));
        assert_eq!(runs[1].label, format!("mixed ({})", b.path().display()));
    }

    #[test]
    fn missing_damaged_or_empty_runs_are_named() {
        let out = tempfile::tempdir().unwrap();
        let good = synthetic(Format::RoundRobin, vec![row(1, 0.6, 0.5)]);
        let missing = out.path().join("no-such-run");
        let damaged = tempfile::tempdir().unwrap();
        std::fs::write(damaged.path().join(STATE_FILE), "{ not json").unwrap();
        let empty = synthetic(Format::Mixed, Vec::new());
        for (bad, expect) in [
            (missing.clone(), "is not a readable"),
            (damaged.path().to_owned(), "damaged state file"),
            (empty.path().to_owned(), "no finished iteration"),
        ] {
            let err = compare(&[good.path().to_owned(), bad.clone()], out.path()).unwrap_err();
            let message = err.to_string();
            assert!(message.contains(&bad.display().to_string()), "{message}");
            assert!(message.contains(expect), "{message}");
        }
        assert!(matches!(
            compare(&[], out.path()),
            Err(CompareError::NoRuns)
        ));
        assert!(!out.path().join(REPORT_FILE).exists());
    }

    #[test]
    fn two_tiny_runs_end_to_end() {
        let hidden = crate::progress::Progress::new(crate::progress::Display::Hidden, "", 1, 0);
        let tiny = |format, population| PipelineConfig {
            population,
            iterations: 1,
            eval_games: 4,
            train_epochs: 2,
            ..PipelineConfig::new(format, &Net::from_weights(&NetworkWeights::DEFAULT))
        };
        let (rr, de) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let rr_state =
            crate::samples::run(&tiny(Format::RoundRobin, 6), rr.path(), 1, &hidden).unwrap();
        let de_state =
            crate::samples::run(&tiny(Format::DoubleElimination, 8), de.path(), 1, &hidden)
                .unwrap();
        let out = tempfile::tempdir().unwrap();
        let report_path = compare(&[rr.path().to_owned(), de.path().to_owned()], out.path());
        let report = std::fs::read_to_string(report_path.unwrap()).unwrap();
        // Each run's table is its own report's table, row for row.
        for state in [&rr_state, &de_state] {
            assert!(report.contains(&iteration_table(&state.log)), "{report}");
        }
        assert_eq!(rr_state.log[0].games, 15);
    }
}

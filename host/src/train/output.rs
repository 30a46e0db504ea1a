//! The output folder: every generation's champion (`champions/gen-NNNN.toml`,
//! `.json`, and `.txt` with the protocol lines that load it into `microply engine` or
//! the firmware), the history as `fitness.csv`, and SVG plots of the best and mean
//! objective and of each parameter's trajectory. Every file is a function of the
//! history alone, so a resumed run writes the same bytes.

use std::path::{Path, PathBuf};

use microply_core::games::GameKind;
use serde::{Deserialize, Serialize};

use crate::files::write_atomically;
use crate::play::player::{PlayerConfig, WeightsSource};
use crate::report::{line_plot, marked_line_plot, Markers, PlotError, Series};

use super::checkpoint::{GenerationRecord, TrainState};
use super::config::TrainConfig;

/// The champions' folder inside the output folder.
pub const CHAMPIONS: &str = "champions";

/// Weights to a plot file: at most this many parameters share one plot.
const PARAMETERS_PER_PLOT: usize = 10;

/// One generation's champion, as its TOML and JSON files hold it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Champion {
    /// Its generation.
    pub generation: u64,
    /// The game, by its protocol name.
    #[serde(with = "crate::play::names")]
    pub game: GameKind,
    /// The `game` command's options.
    pub options: String,
    /// The evaluator's protocol name.
    pub evaluator: String,
    /// Its objective in its generation's games.
    pub objective: f64,
    /// The weights in the evaluator's flat order.
    pub weights: Vec<f64>,
}

/// An output file that cannot be written or read.
#[derive(Debug, thiserror::Error)]
#[error("{0}: {1}")]
pub struct OutputError(pub PathBuf, pub String);

impl Champion {
    /// The champion of `record` in a run of `config` training `evaluator`.
    #[must_use]
    pub fn of(config: &TrainConfig, evaluator: &str, record: &GenerationRecord) -> Champion {
        Champion {
            generation: record.generation,
            game: config.game,
            options: config.options.clone(),
            evaluator: evaluator.to_owned(),
            objective: record.best,
            weights: record.champion.clone(),
        }
    }

    /// The protocol lines that set a fresh engine up to play these weights: `game`,
    /// `evaluator`, `weights at=0 ...`.
    #[must_use]
    pub fn protocol_lines(&self) -> Vec<String> {
        let game = format!("game {} {}", self.game, self.options)
            .trim_end()
            .to_owned();
        let player = PlayerConfig {
            evaluator: Some(self.evaluator.clone()),
            weights: Some(WeightsSource::Inline(self.weights.clone())),
            depth: Some(1),
            ..PlayerConfig::named("champion")
        };
        let setup = player.setup_lines(Path::new(".")).unwrap_or_default();
        std::iter::once(game).chain(setup).collect()
    }

    /// Reads a champion's `.toml` or `.json` file.
    ///
    /// # Errors
    /// [`OutputError`] naming the file.
    pub fn read(path: &Path) -> Result<Champion, OutputError> {
        let error = |e: String| OutputError(path.to_owned(), e);
        let text = std::fs::read_to_string(path).map_err(|e| error(e.to_string()))?;
        if path.extension().is_some_and(|e| e == "json") {
            serde_json::from_str(&text).map_err(|e| error(e.to_string()))
        } else {
            toml::from_str(&text).map_err(|e| error(e.to_string()))
        }
    }
}

/// The champion file of `generation` with `extension` (`toml`, `json`, `txt`).
#[must_use]
pub fn champion_path(dir: &Path, generation: u64, extension: &str) -> PathBuf {
    dir.join(CHAMPIONS)
        .join(format!("gen-{generation:04}.{extension}"))
}

fn write(path: &Path, text: &str) -> Result<(), OutputError> {
    write_atomically(path, text.as_bytes()).map_err(|e| OutputError(path.to_owned(), e.to_string()))
}

/// Writes the champion files of the last generation of `state`.
///
/// # Errors
/// [`OutputError`] for a file that cannot be written.
pub fn write_champion(dir: &Path, state: &TrainState) -> Result<(), OutputError> {
    let Some(record) = state.history.last() else {
        return Ok(());
    };
    let folder = dir.join(CHAMPIONS);
    std::fs::create_dir_all(&folder).map_err(|e| OutputError(folder.clone(), e.to_string()))?;
    let champion = Champion::of(&state.config, &state.evaluator.name, record);
    let g = record.generation;
    let toml =
        toml::to_string(&champion).map_err(|e| OutputError(folder.clone(), e.to_string()))?;
    write(&champion_path(dir, g, "toml"), &toml)?;
    let json = serde_json::to_string_pretty(&champion)
        .map_err(|e| OutputError(folder.clone(), e.to_string()))?;
    write(&champion_path(dir, g, "json"), &(json + "\n"))?;
    let lines = champion.protocol_lines().join("\n") + "\n";
    write(&champion_path(dir, g, "txt"), &lines)
}

/// `fitness.csv`: generation, stage, best, mean, games, then the champion's weights.
#[must_use]
pub fn fitness_csv(history: &[GenerationRecord]) -> String {
    let weights = history.first().map_or(0, |r| r.champion.len());
    let mut header: Vec<String> = ["generation", "stage", "best", "mean", "games"]
        .map(str::to_owned)
        .into();
    header.extend((0..weights).map(|i| format!("w{i}")));
    let rows = history.iter().map(|r| {
        let mut row = vec![
            r.generation.to_string(),
            r.stage.to_string(),
            r.best.to_string(),
            r.mean.to_string(),
            r.games.to_string(),
        ];
        row.extend(r.champion.iter().map(f64::to_string));
        row
    });
    csv_text(header, rows)
}

/// A CSV file of `header` and `rows`, written by the `csv` crate. Numbers are given
/// as text, written by `Display` (`5`, not the `5.0` of the crate's serializer), so
/// the files of earlier runs keep their bytes.
fn csv_text(header: Vec<String>, rows: impl Iterator<Item = Vec<String>>) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let written = std::iter::once(header)
        .chain(rows)
        .try_for_each(|row| w.write_record(&row));
    let bytes = written
        .map_err(|e| e.to_string())
        .and_then(|()| w.into_inner().map_err(|e| e.to_string()));
    // Writing text to memory fails only if the csv crate itself breaks.
    bytes
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .unwrap_or_default()
}

/// The plots: `fitness.svg` (best and mean per generation) and
/// `parameters-N.svg` (the champion's weights per generation, ten to a plot).
///
/// # Errors
/// A plot that cannot be drawn.
pub fn plots(history: &[GenerationRecord]) -> Result<Vec<(String, String)>, OutputError> {
    let plot_error = |e: PlotError| OutputError(PathBuf::from("plot"), e.to_string());
    let x = |r: &GenerationRecord| r.generation as f64;
    let fitness = fitness_plot(history).map_err(plot_error)?;
    let mut files = vec![("fitness.svg".to_owned(), fitness)];
    let weights = history.first().map_or(0, |r| r.champion.len());
    let indices: Vec<usize> = (0..weights).collect();
    for (n, chunk) in indices.chunks(PARAMETERS_PER_PLOT).enumerate() {
        let series: Vec<Series> = chunk
            .iter()
            .map(|&i| Series {
                name: format!("w{i}"),
                points: history.iter().map(|r| (x(r), r.champion[i])).collect(),
            })
            .collect();
        let title = format!(
            "Champion's weights w{}..w{}",
            chunk[0],
            chunk[chunk.len() - 1]
        );
        let svg = line_plot(&title, "generation", "weight", &series).map_err(plot_error)?;
        files.push((format!("parameters-{}.svg", n + 1), svg));
    }
    Ok(files)
}

/// Where the partners change in a way that makes objectives incomparable: between
/// generation g − 1 and g, a new stage (`stage_switches`) or, inside a stage, a new
/// hall of fame (`pool_changes`), each at x = g − ½. `fitness.svg` marks both, the
/// `curriculum` experiment's plot each run's stage switches.
#[must_use]
pub fn changes(history: &[GenerationRecord]) -> (Vec<f64>, Vec<f64>) {
    let (mut stage_switches, mut pool_changes) = (vec![], vec![]);
    for pair in history.windows(2) {
        let (before, r) = (&pair[0], &pair[1]);
        let x = r.generation as f64 - 0.5;
        if r.stage != before.stage {
            stage_switches.push(x);
        } else if r.opponent.pool != before.opponent.pool {
            pool_changes.push(x);
        }
    }
    (stage_switches, pool_changes)
}

/// An objective `v` of generation `r` per game of one evaluation (`v` itself when the
/// record does not say how many games an evaluation played).
fn per_game(r: &GenerationRecord, v: f64) -> f64 {
    let games = r.diagnostics.games_per_evaluation;
    if games > 0.0 {
        v / games
    } else {
        v
    }
}

/// A plot line of the objective `f` per game (divided by the games of one evaluation) over the generations of
/// `history`, broken (a NaN point) before each generation g with g − ½ in `breaks`
/// (the x of [`changes`]), so objectives earned against other partners are not joined.
pub fn per_game_line(
    history: &[GenerationRecord],
    breaks: &[f64],
    f: impl Fn(&GenerationRecord) -> f64,
) -> Vec<(f64, f64)> {
    let mut points = Vec::with_capacity(history.len());
    for r in history {
        let x = r.generation as f64;
        if breaks.contains(&(x - 0.5)) {
            points.push((f64::NAN, f64::NAN));
        }
        points.push((x, per_game(r, f(r))));
    }
    points
}

/// `fitness.svg`: the best and mean objective **per game** (an evaluation's sum over
/// its games divided by their number, so generations that play more partners or
/// depths stay on one scale), the lines broken and marked where the stage or the hall
/// of fame changes: objectives earned against other partners are not joined.
fn fitness_plot(history: &[GenerationRecord]) -> Result<String, PlotError> {
    let (stage_switches, pool_changes) = changes(history);
    let breaks: Vec<f64> = stage_switches
        .iter()
        .chain(&pool_changes)
        .copied()
        .collect();
    marked_line_plot(
        "Objective per game (lines break where the partners change)",
        ("generation", "objective per game"),
        &[
            Series {
                name: "best".into(),
                points: per_game_line(history, &breaks, |r| r.best),
            },
            Series {
                name: "mean".into(),
                points: per_game_line(history, &breaks, |r| r.mean),
            },
        ],
        &[
            Markers {
                name: "stage switch".into(),
                xs: stage_switches.clone(),
            },
            Markers {
                name: "hall of fame changed".into(),
                xs: pool_changes.clone(),
            },
        ],
    )
}

/// `diagnostics.csv`: per generation the objectives' best, mean, min and spread, the
/// mean standard error of an evaluation and its games, the genomes' diversity and
/// distinct count.
#[must_use]
pub fn diagnostics_csv(history: &[GenerationRecord]) -> String {
    let header = [
        "generation",
        "stage",
        "games",
        "best",
        "mean",
        "min",
        "spread",
        "se",
        "games_per_evaluation",
        "diversity",
        "distinct",
    ]
    .map(str::to_owned)
    .into();
    let rows = history.iter().map(|r| {
        let d = &r.diagnostics;
        vec![
            r.generation.to_string(),
            r.stage.to_string(),
            r.games.to_string(),
            r.best.to_string(),
            r.mean.to_string(),
            d.min.to_string(),
            d.spread.to_string(),
            d.se.to_string(),
            d.games_per_evaluation.to_string(),
            d.diversity.to_string(),
            d.distinct.to_string(),
        ]
    });
    csv_text(header, rows)
}

/// `diagnostics.svg`: the objectives' spread against the noise of one evaluation
/// (its standard error), and `diversity.svg`: the genomes' diversity.
///
/// # Errors
/// A plot that cannot be drawn.
pub fn diagnostics_plots(
    history: &[GenerationRecord],
) -> Result<Vec<(String, String)>, OutputError> {
    let plot_error = |e: PlotError| OutputError(PathBuf::from("plot"), e.to_string());
    let series = |name: &str, f: &dyn Fn(&GenerationRecord) -> f64| Series {
        name: name.into(),
        points: history
            .iter()
            .map(|r| (r.generation as f64, f(r)))
            .collect(),
    };
    let spread = line_plot(
        "Spread of the objectives and noise of one evaluation",
        "generation",
        "objective",
        &[
            series("spread (sd of the population)", &|r| r.diagnostics.spread),
            series("standard error of one evaluation", &|r| r.diagnostics.se),
        ],
    )
    .map_err(plot_error)?;
    let diversity = line_plot(
        "Diversity of the genomes",
        "generation",
        "mean sd of a weight / range width",
        &[series("diversity", &|r| r.diagnostics.diversity)],
    )
    .map_err(plot_error)?;
    Ok(vec![
        ("diagnostics.svg".to_owned(), spread),
        ("diversity.svg".to_owned(), diversity),
    ])
}

/// Writes the last generation's champion, `fitness.csv` and the plots.
///
/// # Errors
/// [`OutputError`] for a file that cannot be written.
pub fn write_all(dir: &Path, state: &TrainState) -> Result<(), OutputError> {
    write_champion(dir, state)?;
    write(&dir.join("fitness.csv"), &fitness_csv(&state.history))?;
    write(
        &dir.join("diagnostics.csv"),
        &diagnostics_csv(&state.history),
    )?;
    let mut files = plots(&state.history)?;
    files.extend(diagnostics_plots(&state.history)?);
    for (name, svg) in files {
        write(&dir.join(name), &svg)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::HostClock;
    use crate::memory::SearchMemory;
    use microply_core::protocol::Engine;

    fn record(generation: u64, best: f64, champion: Vec<f64>) -> GenerationRecord {
        GenerationRecord {
            generation,
            stage: 0,
            best,
            mean: best / 2.0,
            champion,
            games: 2 * (generation + 1),
            opponent: super::super::checkpoint::Opponent {
                depth: 1,
                sparring_depth: 1,
                depths: vec![],
                weights: None,
                pool: vec![],
            },
            diagnostics: Default::default(),
        }
    }

    #[test]
    fn the_csv_has_one_row_per_generation() {
        let csv = fitness_csv(&[
            record(0, 4.5, vec![1.0, -2.5]),
            record(1, 5.0, vec![1.5, 3.0]),
        ]);
        assert_eq!(
            csv,
            "generation,stage,best,mean,games,w0,w1\n0,0,4.5,2.25,2,1,-2.5\n1,0,5,2.5,4,1.5,3\n"
        );
    }

    #[test]
    fn the_protocol_lines_load_the_weights_into_an_engine() {
        let weights: Vec<f64> = (0..10).map(|i| f64::from(i) * 1.5 - 4.0).collect();
        let champion = Champion {
            generation: 3,
            game: GameKind::Dots,
            options: "rows=3 cols=3".into(),
            evaluator: "chain".into(),
            objective: 4.0,
            weights: weights.clone(),
        };
        // The lines are for external engines: `microply engine` runs this `Engine`.
        let mut memory = SearchMemory::new(16, 1 << 12);
        let mut engine = Engine::new(&mut memory.tt, &mut memory.moves);
        let mut reply = String::new();
        let mut run = |line: &str| {
            reply.clear();
            engine.execute(line, &HostClock::new(), &mut reply);
            assert!(reply.ends_with("ok\n"), "{line}: {reply}");
            reply.lines().next().unwrap_or_default().to_owned()
        };
        for line in champion.protocol_lines() {
            run(&line);
        }
        let loaded: Vec<f64> = run("weights")
            .split_whitespace()
            .skip(1)
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(loaded, weights);
        let fen = run("fen");
        assert!(fen.starts_with("fen 3x3:"), "{fen:?}");
    }

    /// The hand-joined files of earlier runs, which the csv crate's must equal.
    fn joined(header: &str, rows: impl Iterator<Item = Vec<String>>) -> String {
        let mut text = header.to_owned() + "\n";
        for row in rows {
            text += &(row.join(",") + "\n");
        }
        text
    }

    #[test]
    fn the_csv_files_keep_the_bytes_of_earlier_runs() {
        let odd = [0.1, -2.5e-7, 1e21, 123_456.789, -0.0, f64::NAN, 3.0];
        let history: Vec<GenerationRecord> = (0..odd.len())
            .map(|g| {
                let mut r = record(g as u64, odd[g], odd.iter().rev().copied().collect());
                r.diagnostics.min = odd[(g + 1) % odd.len()];
                r.diagnostics.se = odd[(g + 2) % odd.len()] / 3.0;
                r.diagnostics.diversity = f64::from(g as u32) / 7.0;
                r.diagnostics.distinct = g;
                r
            })
            .collect();
        let weights = (0..odd.len()).map(|i| format!(",w{i}")).collect::<String>();
        let fitness = joined(
            &format!("generation,stage,best,mean,games{weights}"),
            history.iter().map(|r| {
                let mut row = vec![
                    r.generation.to_string(),
                    r.stage.to_string(),
                    r.best.to_string(),
                    r.mean.to_string(),
                    r.games.to_string(),
                ];
                row.extend(r.champion.iter().map(f64::to_string));
                row
            }),
        );
        assert_eq!(fitness_csv(&history), fitness);
        let diagnostics = joined(
            "generation,stage,games,best,mean,min,spread,se,games_per_evaluation,diversity,distinct",
            history.iter().map(|r| {
                let d = &r.diagnostics;
                vec![
                    r.generation.to_string(),
                    r.stage.to_string(),
                    r.games.to_string(),
                    r.best.to_string(),
                    r.mean.to_string(),
                    d.min.to_string(),
                    d.spread.to_string(),
                    d.se.to_string(),
                    d.games_per_evaluation.to_string(),
                    d.diversity.to_string(),
                    d.distinct.to_string(),
                ]
            }),
        );
        assert_eq!(diagnostics_csv(&history), diagnostics);
        assert_eq!(fitness_csv(&[]), "generation,stage,best,mean,games\n");
        assert_eq!(
            diagnostics_csv(&[]),
            diagnostics.lines().next().unwrap().to_owned() + "\n"
        );
    }

    #[test]
    fn champions_round_trip_through_their_files() {
        let dir = tempfile::tempdir().unwrap();
        let champion = Champion {
            generation: 7,
            game: GameKind::Dots,
            options: "rows=3 cols=3".into(),
            evaluator: "chain".into(),
            objective: 5.25,
            weights: vec![0.5, -3.0],
        };
        let toml_path = dir.path().join("c.toml");
        std::fs::write(&toml_path, toml::to_string(&champion).unwrap()).unwrap();
        assert_eq!(Champion::read(&toml_path).unwrap(), champion);
        let json_path = dir.path().join("c.json");
        std::fs::write(&json_path, serde_json::to_string(&champion).unwrap()).unwrap();
        assert_eq!(Champion::read(&json_path).unwrap(), champion);
    }

    #[test]
    fn one_plot_for_the_objective_and_one_per_ten_weights() {
        let history = [record(0, 4.0, vec![0.0; 12]), record(1, 5.0, vec![1.0; 12])];
        let files = plots(&history).unwrap();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["fitness.svg", "parameters-1.svg", "parameters-2.svg"]
        );
        assert!(files[2].1.contains("w11") && !files[2].1.contains("w9<"));
    }

    #[test]
    fn stage_switches_and_hall_of_fame_changes_are_marked_between_generations() {
        // Generations 0–4: stage 0 until 2, stage 1 from 3; the hall of fame gains a
        // champion at generation 2 and another at 4.
        let history: Vec<GenerationRecord> = (0..5)
            .map(|g| {
                let mut r = record(g, 8.0, vec![0.0; 2]);
                r.stage = usize::from(g >= 3);
                r.opponent.pool = match g {
                    0 | 1 => vec![],
                    2 | 3 => vec![vec![1.0, 1.0]],
                    _ => vec![vec![1.0, 1.0], vec![2.0, 2.0]],
                };
                r.diagnostics.games_per_evaluation = 4.0;
                r
            })
            .collect();
        assert_eq!(changes(&history), (vec![2.5], vec![1.5, 3.5]));
        let svg = fitness_plot(&history).unwrap();
        for legend in ["stage switch", "hall of fame changed", "objective per game"] {
            assert!(svg.contains(legend), "{legend}");
        }
        assert!(changes(&history[..2]) == (vec![], vec![]));
        let quiet = fitness_plot(&history[..2]).unwrap();
        assert!(!quiet.contains("stage switch") && !quiet.contains("hall of fame"));
    }
}

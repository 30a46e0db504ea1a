//! Experiment 2, `curriculum`: the curriculum GA, the same GA without a curriculum
//! (`ga-flat`: the last stage from generation 0) and ACO_R, trained from one base
//! configuration on the same budget of games, each with one or more seeds; their
//! final champions then play a round robin repeated `rounds` times (new openings
//! each time), and every two methods' champions are compared on their game pairs.

use std::fmt::Write as _;
use std::path::Path;

use super::error::ExperimentError;
use super::league::{play_league, Board, Pairing, Side};
use super::training::{dots_weights, final_depth, train_or_resume, Trained};
use crate::files::write_atomically;
use crate::play::game::GameRecord;
use crate::ratings::{elo_pentanomial, Pentanomial};
use crate::report::{markdown_table, marked_line_plot, Markers, PlotError, Series};
use crate::tournament::config::Format;
use crate::tournament::standings::standings;
use crate::train::checkpoint::GenerationRecord;
use crate::train::output::{changes, per_game_line};
use crate::train::{Method, TrainConfig};

/// The three methods, in report order.
pub const METHODS: [Method; 3] = [Method::Ga, Method::GaFlat, Method::Aco];

/// One training run's result: a method with one seed.
#[derive(Clone, Debug)]
pub struct MethodResult {
    /// The method.
    pub method: Method,
    /// The run's seed.
    pub seed: u64,
    /// Its name in the round robin and its folder (`ga`, or `ga-s25` with several seeds).
    pub name: String,
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

/// The seeds of `seeds` runs of `base`: its seed and the next ones.
fn run_seeds(base: &TrainConfig, seeds: u64) -> impl Iterator<Item = u64> {
    let first = base.seed;
    (0..seeds.max(1)).map(move |k| first.wrapping_add(k))
}

/// The name (and folder) of `method`'s run with `seed`: the method alone when each
/// method has one run, `METHOD-sSEED` otherwise.
#[must_use]
pub fn run_name(method: Method, seed: u64, seeds: u64) -> String {
    if seeds <= 1 {
        method.as_str().to_owned()
    } else {
        format!("{}-s{seed}", method.as_str())
    }
}

/// Trains `base` with each method and `seeds` seeds (`base.seed`, `base.seed + 1`, …)
/// on `budget` games each (into `out/NAME`, [`run_name`]), plays the final champions'
/// round robin `rounds` times on `board` (into `out/league`) and writes
/// `out/report.md` and `out/fitness.svg`.
///
/// # Errors
/// Training, games or writes that fail.
#[allow(clippy::too_many_arguments)]
pub fn run_curriculum(
    base: &TrainConfig,
    budget: u64,
    seeds: u64,
    rounds: usize,
    board: &Board,
    out: &Path,
    threads: usize,
    on_game: impl FnMut(usize, usize),
) -> Result<Vec<MethodResult>, ExperimentError> {
    let mut runs = Vec::new();
    for method in METHODS {
        for seed in run_seeds(base, seeds) {
            let seeded = TrainConfig {
                seed,
                ..base.clone()
            };
            let config = budgeted(&seeded, method, budget);
            let name = run_name(method, seed, seeds);
            let trained = train_or_resume(&config, &out.join(&name), threads)?;
            runs.push((method, seed, name, trained));
        }
    }
    let depth = final_depth(base);
    let sides = runs
        .iter()
        .map(|(_, _, name, t)| {
            Ok(Side {
                name: name.clone(),
                weights: Some(dots_weights(&t.summary.champion)?),
                depth,
            })
        })
        .collect::<Result<Vec<_>, ExperimentError>>()?;
    let pairing = Pairing {
        format: Format::RoundRobin,
        rounds,
        sprt: None,
    };
    let (league, records) = play_league(
        &sides,
        board,
        pairing,
        &out.join("league"),
        threads,
        on_game,
    )?;
    let table = standings(sides.len(), &records, &league.scoring);
    let results: Vec<MethodResult> = runs
        .into_iter()
        .enumerate()
        .map(|(i, (method, seed, name, trained))| {
            let s = table.iter().find(|s| s.player == i);
            MethodResult {
                method,
                seed,
                name,
                trained,
                wins: s.map_or(0, |s| s.wins),
                draws: s.map_or(0, |s| s.draws),
                losses: s.map_or(0, |s| s.losses),
                points: s.map_or(0.0, |s| s.points.as_f64()),
            }
        })
        .collect();
    let methods: Vec<Method> = results.iter().map(|r| r.method).collect();
    let duels = method_duels(&methods, &records);
    write_report(out, budget, depth, rounds, board, &results, &duels)?;
    Ok(results)
}

/// Two methods' champions against each other: the game pairs (one opening, both
/// colours) between any champion of `first` and any of `second`, from `first`'s view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MethodDuel {
    /// The first method.
    pub first: Method,
    /// The second method.
    pub second: Method,
    /// The pairs' points for `first`.
    pub pairs: Pentanomial,
}

/// Every two methods' duel from the round robin's `records`, whose players are
/// `methods[i]`'s runs. A pair is two consecutive games (the runner plays an
/// encounter's two games one after the other, the colours swapped); games between two
/// runs of one method are left out.
#[must_use]
pub fn method_duels(methods: &[Method], records: &[GameRecord]) -> Vec<MethodDuel> {
    let mut duels: Vec<MethodDuel> = Vec::new();
    for (a, &first) in METHODS.iter().enumerate() {
        for &second in &METHODS[a + 1..] {
            duels.push(MethodDuel {
                first,
                second,
                pairs: Pentanomial::default(),
            });
        }
    }
    let mut sorted: Vec<&GameRecord> = records.iter().collect();
    sorted.sort_by_key(|r| r.spec.index);
    for pair in sorted.chunks_exact(2) {
        let (one, two) = (pair[0], pair[1]);
        let (p, q) = (one.spec.first, one.spec.second);
        if (two.spec.first, two.spec.second) != (q, p) || one.spec.opening != two.spec.opening {
            continue;
        }
        let (Some(&mp), Some(&mq)) = (methods.get(p), methods.get(q)) else {
            continue;
        };
        for duel in &mut duels {
            let player = if (duel.first, duel.second) == (mp, mq) {
                p
            } else if (duel.first, duel.second) == (mq, mp) {
                q
            } else {
                continue;
            };
            // Always 1, ½ or 0, which is all `record` refuses otherwise.
            let _ = duel.pairs.record(
                one.points_of(player).as_f64(),
                two.points_of(player).as_f64(),
            );
        }
    }
    duels
}

/// `fitness.svg`: each run's best objective **per game** per generation (an
/// evaluation's games change with the stage: per game, the stages and the runs share
/// one scale), the line broken at each of its stage switches, and a dashed line where
/// a run's stage switches (between generations g − 1 and g, at x = g − ½, as the
/// trainer's own `fitness.svg` marks them). Runs that switch at the same generations
/// (`ga` and `aco` follow one curriculum) share one line and one legend entry,
/// `stage switch (ga, aco)`, rather than lines drawn over each other (named by
/// method: the seeds of one method switch together).
fn fitness_plot(runs: &[(&str, Method, &[GenerationRecord])]) -> Result<String, PlotError> {
    let series: Vec<Series> = runs
        .iter()
        .map(|&(name, _, history)| Series {
            name: name.to_owned(),
            points: per_game_line(history, &changes(history).0, |g| g.best),
        })
        .collect();
    let mut groups: Vec<(Vec<&str>, Vec<f64>)> = Vec::new();
    for &(_, method, history) in runs {
        let xs = changes(history).0;
        if xs.is_empty() {
            continue;
        }
        match groups.iter_mut().find(|(_, seen)| *seen == xs) {
            Some((names, _)) if names.contains(&method.as_str()) => {}
            Some((names, _)) => names.push(method.as_str()),
            None => groups.push((vec![method.as_str()], xs)),
        }
    }
    let markers: Vec<Markers> = groups
        .into_iter()
        .map(|(names, xs)| Markers {
            name: format!("stage switch ({})", names.join(", ")),
            xs,
        })
        .collect();
    marked_line_plot(
        "Best objective per game (dashed: stage switches)",
        ("generation", "best objective per game"),
        &series,
        &markers,
    )
}

fn write_report(
    out: &Path,
    budget: u64,
    depth: u32,
    rounds: usize,
    board: &Board,
    results: &[MethodResult],
    duels: &[MethodDuel],
) -> Result<(), ExperimentError> {
    let runs: Vec<(&str, Method, &[GenerationRecord])> = results
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.method,
                r.trained.summary.history.as_slice(),
            )
        })
        .collect();
    let svg = fitness_plot(&runs).map_err(|e| ExperimentError::Setting(e.to_string()))?;
    let plot = out.join("fitness.svg");
    write_atomically(&plot, svg.as_bytes()).map_err(ExperimentError::write(&plot))?;
    let rows: Vec<Vec<String>> = results
        .iter()
        .map(|r| {
            let games = r.wins + r.draws + r.losses;
            let score = if games == 0 {
                "—".to_owned()
            } else {
                format!(
                    "{:.1}",
                    100.0 * (f64::from(r.wins) + 0.5 * f64::from(r.draws)) / f64::from(games)
                )
            };
            vec![
                r.name.clone(),
                r.seed.to_string(),
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
                score,
            ]
        })
        .collect();
    let openings = board.openings_text();
    let mut text = format!(
        "# Experiment curriculum\n\nThe curriculum GA (`ga`), the GA without a curriculum \
         (`ga-flat`) and ACO_R (`aco`), each run trained on a budget of {budget} games (a run \
         stops after the first generation that reaches it, so it overshoots by less than \
         one generation: \"training games\" gives each run's); their final champions play \
         a round robin {rounds} times (each pair one opening with both colours per round, \
         {openings}) on Dots-and-Boxes `{}`, AB-SSS\\* to depth {depth}. \
         Points 3/1/0.\n\n",
        board.options,
    );
    text += &markdown_table(
        &[
            "run",
            "seed",
            "generations",
            "training games",
            "W",
            "D",
            "L",
            "points",
            "score %",
        ],
        &rows,
    );
    let duel_rows: Vec<Vec<String>> = duels
        .iter()
        .map(|d| {
            let estimate = elo_pentanomial(d.pairs);
            let [ll, ld, one, wd, ww] = d.pairs.counts;
            vec![
                d.first.as_str().to_owned(),
                d.second.as_str().to_owned(),
                format!("{ll}, {ld}, {one}, {wd}, {ww}"),
                estimate.map_or("—".into(), |e| format!("{:+.1} ± {:.1}", e.elo, e.margin)),
                estimate.map_or("—".into(), |e| format!("{:.1} %", 100.0 * e.los)),
            ]
        })
        .collect();
    text += "\nEach two methods: the game pairs between any champion of the first and any of \
             the second (pairs scoring 0, ½, 1, 1½, 2 for the first), Elo of the first with \
             the 95 % interval from the pairs (pentanomial) and its LOS.\n\n";
    text += &markdown_table(
        &["first", "second", "pairs", "Elo ± 95 %", "LOS"],
        &duel_rows,
    );
    let _ = writeln!(
        text,
        "\n![best objective per game](fitness.svg)\n\nGames, crosstable and ratings: \
         [league/report.md](league/report.md); the training runs in their folders ({}).\n",
        results
            .iter()
            .map(|r| format!("`{}/`", r.name))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let path = out.join("report.md");
    write_atomically(&path, text.as_bytes()).map_err(ExperimentError::write(&path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::checkpoint::Opponent;
    use crate::train::stage::stage_at;

    /// A run of `config` by `method` over generations 0..=`last`, each record in the
    /// stage the trainer scores that generation in.
    fn history(config: &TrainConfig, method: Method, last: u64) -> Vec<GenerationRecord> {
        let slope = 1.0 + METHODS.iter().position(|&m| m == method).unwrap_or(0) as f64;
        (0..=last)
            .map(|g| GenerationRecord {
                generation: g,
                stage: stage_at(&config.stages, method, g).0,
                best: 10.0 + slope * g as f64,
                mean: 5.0,
                champion: vec![0.0; 10],
                games: 22 * (g + 1),
                opponent: Opponent {
                    depth: 2,
                    sparring_depth: 2,
                    depths: vec![],
                    weights: None,
                    pool: vec![],
                },
                diagnostics: Default::default(),
            })
            .collect()
    }

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

    /// The x coordinate of the x axis' tick label `label` (plotters centres a tick's
    /// label on the tick).
    fn tick_x(doc: &roxmltree::Document<'_>, label: &str) -> f64 {
        let text = doc
            .descendants()
            .find(|n| n.has_tag_name("text") && n.text().map(str::trim) == Some(label))
            .unwrap_or_else(|| panic!("no tick label {label}"));
        text.attribute("x").unwrap().parse().unwrap()
    }

    /// The x coordinates of the vertical dashes drawn in `colour` at the markers'
    /// width (2; the axes are 1 wide).
    fn dash_xs(doc: &roxmltree::Document<'_>, colour: &str) -> Vec<f64> {
        doc.descendants()
            .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke") == Some(colour))
            .filter(|n| n.attribute("stroke-width") == Some("2"))
            .filter_map(|n| {
                let points: Vec<(f64, f64)> = n
                    .attribute("points")?
                    .split_whitespace()
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect();
                let vertical = points.len() == 2 && points[0].0 == points[1].0;
                vertical.then_some(points[0].0)
            })
            .collect()
    }

    /// The texts of the SVG `doc`.
    fn texts_of<'a>(doc: &'a roxmltree::Document<'_>) -> Vec<&'a str> {
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(str::trim))
            .collect()
    }

    /// The plot of the three methods, each trained with its own config.
    fn plot(configs: [&TrainConfig; 3]) -> String {
        let histories: Vec<(Method, Vec<GenerationRecord>)> = METHODS
            .iter()
            .zip(configs)
            .map(|(&m, c)| (m, history(c, m, 12)))
            .collect();
        let runs: Vec<(&str, Method, &[GenerationRecord])> = histories
            .iter()
            .map(|(m, h)| (m.as_str(), *m, h.as_slice()))
            .collect();
        fitness_plot(&runs).unwrap()
    }

    /// Asserts that every vertical marker dash in `colour` stands at `x` (±1 pixel)
    /// and that there are several.
    fn assert_dashes_at(doc: &roxmltree::Document<'_>, colour: &str, x: f64) {
        let xs = dash_xs(doc, colour);
        assert!(xs.len() >= 10, "{colour}: {xs:?}");
        for dash in xs {
            assert!((dash - x).abs() <= 1.0, "{colour}: dash at {dash}, not {x}");
        }
    }

    #[test]
    fn the_plot_marks_each_runs_stage_switches() {
        // The quick preset's second stage starts at generation 8: `ga` and `aco` follow
        // the curriculum and switch between generations 7 and 8, `ga-flat` plays the
        // last stage throughout and never switches. One line at x = 7.5 for both, in
        // the first marker colour (black), three quarters of the way from the tick of
        // generation 6 to that of 8.
        let quick = TrainConfig::quick();
        let svg = plot([&quick; 3]);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let texts = texts_of(&doc);
        for legend in ["ga", "ga-flat", "aco", "stage switch (ga, aco)"] {
            assert!(texts.contains(&legend), "{legend}: {texts:?}");
        }
        assert_eq!(
            texts
                .iter()
                .filter(|t| t.starts_with("stage switch"))
                .count(),
            1
        );
        let (six, eight) = (tick_x(&doc, "6"), tick_x(&doc, "8"));
        assert_dashes_at(&doc, "#000000", six + 0.75 * (eight - six));
        assert!(dash_xs(&doc, "#C80000").is_empty());

        // `aco` on a schedule switching at generation 4 instead: two lines, `ga`'s at
        // 7.5 (black), `aco`'s at 3.5 (the second marker colour, red).
        let early = TrainConfig {
            stages: vec![quick.stages[0].clone(), {
                let mut s = quick.stages[1].clone();
                s.from = 4;
                s
            }],
            ..quick.clone()
        };
        let svg = plot([&quick, &quick, &early]);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let texts = texts_of(&doc);
        for legend in ["stage switch (ga)", "stage switch (aco)"] {
            assert!(texts.contains(&legend), "{legend}: {texts:?}");
        }
        let (two, four) = (tick_x(&doc, "2"), tick_x(&doc, "4"));
        let (six, eight) = (tick_x(&doc, "6"), tick_x(&doc, "8"));
        assert_dashes_at(&doc, "#000000", six + 0.75 * (eight - six));
        assert_dashes_at(&doc, "#C80000", two + 0.75 * (four - two));
    }
}

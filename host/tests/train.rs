//! `microply train` end to end: a run killed with SIGKILL part-way and resumed writes
//! exactly the bytes of an uninterrupted run (at another thread count); broken states
//! and configs are clear errors; the same trainer runs on checkers and Amazons weights.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::kill_when;

use microply_host::executor::Local;
use microply_host::progress::Display;
use microply_host::train::{self, Champion, Method, Sparring, Stage, TrainConfig};

/// A `--quick`-like run small enough for CI: 3×3 boxes, 6 individuals, 5 generations,
/// depth 1 against the hand-set weights, then depth 2 against the current best.
const SMALL: &str = r#"
game = "dots"
options = "rows=3 cols=3"
population = 6
generations = 5
seed = 9
[[stage]]
from = 0
depth = 1
sparring_depth = 1
sparring = "hand-set"
[[stage]]
from = 3
depth = 2
sparring_depth = 2
sparring = "current-best"
"#;

/// SMALL with issue 25's objective: margins, two book openings with both colours, a
/// hall of fame of one champion entering every generation.
const POOL: &str = r#"
game = "dots"
options = "rows=3 cols=3"
population = 6
generations = 5
seed = 9
fitness = "margin"
book = "dots-3x3"
openings = 2
hall_of_fame = 1
hall_every = 1
[[stage]]
from = 0
depth = 1
sparring_depth = 1
sparring = "hand-set"
"#;

/// POOL with every evaluation at depths 1 and 2 (issue 25's `depths`).
fn depths_config() -> String {
    let text = POOL.replace("depth = 1\nsparring_depth = 1\n", "depths = [1, 2]\n");
    assert!(text.contains("depths = [1, 2]"), "POOL's stage changed");
    text
}

fn microply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_microply"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// Every file under `dir` (relative path → bytes).
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_owned();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

#[test]
fn a_killed_run_resumes_to_the_uninterrupted_result_byte_for_byte() {
    killed_run_resumes(SMALL);
}

#[test]
fn a_killed_pool_run_resumes_to_the_uninterrupted_result_byte_for_byte() {
    killed_run_resumes(POOL);
}

#[test]
fn a_killed_run_of_several_depths_resumes_to_the_uninterrupted_result_byte_for_byte() {
    killed_run_resumes(&depths_config());
}

/// Trains `config_text` whole at 2 threads, and killed part-way at 1 thread then
/// resumed at 2: every file is the same.
fn killed_run_resumes(config_text: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("small.toml");
    std::fs::write(&config, config_text).unwrap();
    let whole = tmp.path().join("whole");
    let out = microply(&[
        "train",
        path(&config),
        "--out",
        path(&whole),
        "--concurrency",
        "2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("champion of generation 5"), "{stdout}");

    let killed = tmp.path().join("killed");
    // Kill it once generation 2 is saved, well before the end (generation 5).
    let saved = killed.join("champions/gen-0002.toml");
    kill_when(
        Command::new(env!("CARGO_BIN_EXE_microply")).args([
            "train",
            path(&config),
            "--out",
            path(&killed),
            "--concurrency",
            "1",
        ]),
        || saved.exists(),
    );
    assert!(
        !killed.join("champions/gen-0005.toml").exists(),
        "killed part-way"
    );

    let out = microply(&["train", "--resume", path(&killed), "--concurrency", "2"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // It went on from the saved state (generations 0 and 1 at least), not from scratch;
    // generation 2 may be played again when the kill came between its files and its state.
    let resumed_at: u32 = stderr
        .split("at generation ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|g| g.parse().ok())
        .unwrap_or_else(|| panic!("no resume line in {stderr}"));
    assert!((2..=5).contains(&resumed_at), "{stderr}");
    let (a, b) = (files(&whole), files(&killed));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, bytes) in &a {
        assert!(bytes == &b[name], "{} differs", name.display());
    }
    for expected in [
        "fitness.csv",
        "fitness.svg",
        "parameters-1.svg",
        "diagnostics.csv",
        "diagnostics.svg",
        "diversity.svg",
        "state.json",
        "config.toml",
    ] {
        assert!(a.contains_key(Path::new(expected)), "{expected} missing");
    }
    for g in 0..=5 {
        for ext in ["toml", "json", "txt"] {
            let name = format!("champions/gen-{g:04}.{ext}");
            assert!(a.contains_key(Path::new(&name)), "{name} missing");
        }
    }
    let csv = String::from_utf8_lossy(&a[Path::new("fitness.csv")]).into_owned();
    assert_eq!(csv.lines().count(), 7, "{csv}");
    // A finished run resumed again changes nothing.
    let out = microply(&["train", "--resume", path(&killed)]);
    assert!(out.status.success());
    assert_eq!(files(&killed), b);
}

#[test]
fn a_run_extended_with_more_generations_equals_the_longer_run() {
    let tmp = tempfile::tempdir().unwrap();
    let (long, short) = (tmp.path().join("long.toml"), tmp.path().join("short.toml"));
    std::fs::write(&long, POOL).unwrap();
    let three = POOL.replace("generations = 5", "generations = 3");
    assert_ne!(three, POOL, "POOL's length changed");
    std::fs::write(&short, three).unwrap();
    let (whole, extended) = (tmp.path().join("whole"), tmp.path().join("extended"));
    for (config, dir) in [(&long, &whole), (&short, &extended)] {
        let out = microply(&["train", path(config), "--out", path(dir)]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(!extended.join("champions/gen-0004.toml").exists());
    let e = stderr_of(&["train", "--resume", path(&extended), "--generations", "2"]);
    assert!(
        e.contains("made 3 generations already; --generations 2 cannot shorten it"),
        "{e}"
    );
    let e = stderr_of(&[
        "train",
        path(&long),
        "--out",
        path(&extended),
        "--generations",
        "9",
    ]);
    assert!(e.contains("--resume"), "{e}");
    let out = microply(&["train", "--resume", path(&extended), "--generations", "5"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (a, b) = (files(&whole), files(&extended));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, bytes) in &a {
        assert!(bytes == &b[name], "{} differs", name.display());
    }
}

fn stderr_of(args: &[&str]) -> String {
    let out = microply(args);
    assert!(!out.status.success(), "{args:?} succeeded");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn missing_truncated_and_mismatched_states_are_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let config = TrainConfig {
        population: 2,
        generations: 1,
        ..TrainConfig::parse(SMALL, "small").unwrap()
    };
    train::run(&config, &dir, &Local { threads: 2 }, Display::Hidden).unwrap();
    let state = std::fs::read_to_string(dir.join("state.json")).unwrap();

    let empty = tmp.path().join("empty");
    let e = stderr_of(&["train", "--resume", path(&empty)]);
    assert!(e.contains("state.json: no training state here"), "{e}");

    std::fs::write(dir.join("state.json"), &state[..state.len() / 2]).unwrap();
    let e = stderr_of(&["train", "--resume", path(&dir)]);
    assert!(e.contains("state.json: damaged training state"), "{e}");

    let other = state.replacen("\"population\":2", "\"population\":3", 1);
    assert_ne!(other, state);
    std::fs::write(dir.join("state.json"), other).unwrap();
    let e = stderr_of(&["train", "--resume", path(&dir)]);
    assert!(
        e.contains("does not match: a population of 2, the config says 3"),
        "{e}"
    );

    let other = state.replacen("microply-train 1", "microply-train 0", 1);
    std::fs::write(dir.join("state.json"), other).unwrap();
    let e = stderr_of(&["train", "--resume", path(&dir)]);
    assert!(
        e.contains("does not match: format 'microply-train 0'"),
        "{e}"
    );

    std::fs::write(dir.join("state.json"), &state).unwrap();
    let e = stderr_of(&["train", "--quick", "--out", path(&dir)]);
    assert!(
        e.contains("holds a training run already: use --resume"),
        "{e}"
    );
}

#[test]
fn bad_configs_name_the_file_and_the_field() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("bad.toml");
    let out = tmp.path().join("out");
    for (text, field) in [
        ("populaton = 4", "populaton"),
        ("epsilon = -1", "epsilon"),
        ("method = \"random\"", "random"),
        ("evaluator = \"deep\"", "evaluator"),
        ("options = \"rows=9\"", "options"),
        ("ranges = [[0, 1]]", "ranges"),
    ] {
        std::fs::write(&file, text).unwrap();
        let e = stderr_of(&["train", path(&file), "--out", path(&out)]);
        assert!(e.contains(field), "{text}: {e}");
        if !matches!(field, "evaluator" | "options" | "ranges") {
            assert!(e.contains("bad.toml"), "{text}: {e}");
        }
    }
}

/// A depth-1 run of one generation with 2 individuals on another game's evaluator.
fn tiny(
    game: &str,
    options: &str,
    evaluator: &str,
    method: Method,
) -> (TrainConfig, PathBuf, tempfile::TempDir) {
    let tmp = tempfile::tempdir().unwrap();
    let config = TrainConfig {
        game: game.parse().unwrap(),
        options: options.into(),
        evaluator: Some(evaluator.into()),
        method,
        population: 2,
        generations: 1,
        range: [-4.0, 4.0],
        max_plies: 60,
        stages: vec![Stage::fixed(0, 1, 1, Sparring::HandSet)],
        ..TrainConfig::base()
    };
    let dir = tmp.path().join("run");
    (config, dir, tmp)
}

fn check_tiny_run(config: &TrainConfig, dir: &Path, weights: usize) {
    let summary = train::run(config, dir, &Local { threads: 2 }, Display::Hidden).unwrap();
    assert_eq!(summary.history.len(), 2);
    assert!(summary.games >= 6, "{}", summary.games);
    assert_eq!(summary.champion.weights.len(), weights);
    assert!(summary
        .champion
        .weights
        .iter()
        .all(|w| (-4.0..=4.0).contains(w)));
    let file = Champion::read(&dir.join("champions/gen-0001.toml")).unwrap();
    assert_eq!(file, summary.champion);
}

#[test]
fn the_trainer_runs_on_checkers_weights() {
    let (config, dir, _tmp) = tiny("checkers", "", "baseline", Method::Ga);
    check_tiny_run(&config, &dir, 5);
}

#[test]
fn the_trainer_runs_on_amazons_weights() {
    let (config, dir, _tmp) = tiny("amazons", "size=6", "territory", Method::Ga);
    check_tiny_run(&config, &dir, 5);
}

#[test]
fn aco_trains_the_dots_weights_through_the_same_runner() {
    let (mut config, dir, _tmp) = tiny("dots", "rows=3 cols=3", "chain", Method::Aco);
    config.aco.archive = 3;
    check_tiny_run(&config, &dir, 10);
}

#[test]
fn validate_reports_the_hand_set_and_the_champion_against_the_solver() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny.toml");
    std::fs::write(
        &config,
        "options = \"rows=3 cols=3\"\npopulation = 2\ngenerations = 1\n",
    )
    .unwrap();
    let dir = tmp.path().join("run");
    let out = microply(&["train", path(&config), "--out", path(&dir), "--validate"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.join("validation.md")).unwrap();
    assert!(stdout.contains(&text), "{stdout}");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            cells.get(2..4) == Some(&["2", "2000"][..])
        })
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(rows[0].contains("hand-set (before)") && rows[1].contains("generation 1 (after)"));

    let checkers = tmp.path().join("checkers.toml");
    let ga = "game = \"checkers\"\npopulation = 2\ngenerations = 1\nmax_plies = 20\n[[stage]]\nfrom = 0\ndepth = 1\nsparring_depth = 1\nsparring = \"hand-set\"\n";
    // The default checkers evaluator (patterns) has tables, not weights, to train.
    std::fs::write(&checkers, ga).unwrap();
    let e = stderr_of(&[
        "train",
        path(&checkers),
        "--out",
        path(&tmp.path().join("c0")),
    ]);
    assert!(
        e.contains("the evaluator 'patterns' has no weights to train"),
        "{e}"
    );
    std::fs::write(&checkers, format!("evaluator = \"expert\"\n{ga}")).unwrap();
    let e = stderr_of(&[
        "train",
        path(&checkers),
        "--out",
        path(&tmp.path().join("c")),
        "--validate",
    ]);
    assert!(
        e.contains("--validate: the solver checks Dots weights"),
        "{e}"
    );
}

/// Each method trained on the same games budget stops after the first generation
/// that reaches it: every run ends within one generation of the budget, never short
/// of it (the `experiment curriculum` configs, each individual on two openings).
#[test]
fn every_method_stops_at_the_same_games_budget() {
    use microply_host::experiment::curriculum::{budgeted, METHODS};
    let (mut base, _, tmp) = tiny("dots", "rows=2 cols=2", "chain", Method::Ga);
    base.population = 4;
    base.openings = 2;
    base.opening_plies = 2;
    base.aco.archive = 3;
    base.stages
        .push(Stage::fixed(2, 2, 1, Sparring::CurrentBest));
    let budget = 70;
    for method in METHODS {
        let config = budgeted(&base, method, budget);
        assert_eq!(config.games_budget, Some(budget));
        let dir = tmp.path().join(method.as_str());
        let summary = train::run(&config, &dir, &Local { threads: 2 }, Display::Hidden).unwrap();
        let totals: Vec<u64> = summary.history.iter().map(|g| g.games).collect();
        let [.., before, last] = totals[..] else {
            panic!("{method:?}: one generation only: {totals:?}")
        };
        assert!(before < budget && budget <= last, "{method:?}: {totals:?}");
        assert!(totals.iter().all(|g| g % 4 == 0), "{method:?}: {totals:?}");
        assert!(
            summary.history.len() <= config.generations,
            "{method:?}: the cap came first"
        );
    }
}

/// `experiment curriculum` with two seeds: six runs (each method with the config's
/// seed and the next), folders named by method and seed, their champions in one
/// round robin, and each two methods' game pairs adding up to what the crosstable
/// says their champions scored against each other; rerun, it trains nothing again.
#[test]
fn the_method_comparison_trains_each_seed_and_counts_pairs_between_methods() {
    use microply_host::experiment::curriculum::{run_curriculum, METHODS};
    use microply_host::experiment::league::Board;
    use microply_host::play::game::GameRecord;
    use microply_host::tournament::standings::crosstable;
    let (mut base, _, tmp) = tiny("dots", "rows=2 cols=2", "chain", Method::Ga);
    base.population = 4;
    base.aco.archive = 3;
    base.seed = 7;
    let out = tmp.path().join("cmp");
    let board = Board::of_options("rows=2 cols=2", (2, 3));
    let run = || run_curriculum(&base, 24, 2, 2, &board, &out, 2, |_, _| {}).unwrap();
    let results = run();
    let names: Vec<&str> = results.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "ga-s7",
            "ga-s8",
            "ga-flat-s7",
            "ga-flat-s8",
            "aco-s7",
            "aco-s8"
        ]
    );
    for r in &results {
        let saved = train::TrainState::load(&out.join(&r.name)).unwrap();
        assert_eq!((saved.config.seed, saved.config.method), (r.seed, r.method));
        assert!(r.trained.summary.games >= 24, "{}", r.name);
    }
    // 15 pairs of runs, 2 rounds, 2 games an encounter.
    let records: Vec<GameRecord> =
        microply_host::tournament::checkpoint::Checkpoint::load(&out.join("league"))
            .unwrap()
            .records;
    assert_eq!(records.len(), 15 * 2 * 2);
    let cross = crosstable(6, &records);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    for (a, &first) in METHODS.iter().enumerate() {
        for &second in &METHODS[a + 1..] {
            let of =
                |m: Method| -> Vec<usize> { (0..6).filter(|&i| results[i].method == m).collect() };
            let mut points = 0.0;
            for &i in &of(first) {
                for &j in &of(second) {
                    points += cross[i][j].as_f64();
                }
            }
            let cells =
                |l: &str| -> Vec<String> { l.split('|').map(|c| c.trim().to_owned()).collect() };
            let line = report
                .lines()
                .find(|l| {
                    cells(l).get(1..3)
                        == Some(&[first.as_str().to_owned(), second.as_str().to_owned()])
                })
                .unwrap_or_else(|| panic!("{first:?} v {second:?}: {report}"));
            // Pairs: 2 × 2 runs × 2 rounds = 8, holding the first's points.
            let counts: Vec<u64> = cells(line)[3]
                .split(',')
                .map(|c| c.trim().parse().unwrap())
                .collect();
            assert_eq!(counts.iter().sum::<u64>(), 8, "{line}");
            let pair_points: f64 = counts
                .iter()
                .enumerate()
                .map(|(k, &c)| 0.5 * (k as u64 * c) as f64)
                .sum();
            assert_eq!(pair_points, points, "{line}");
        }
    }
    // Rerun: every run and the league resume finished, the same results.
    let again = run();
    for (r, s) in results.iter().zip(&again) {
        assert_eq!((r.wins, r.draws, r.losses), (s.wins, s.draws, s.losses));
        assert_eq!(r.trained.summary.games, s.trained.summary.games);
    }
}

/// `experiment champions` on a run that a games budget stopped before its
/// generations cap: the picked generations end at the last one it scored, the
/// double round robin is played `rounds` times, and the ratings are centred on 0.
#[test]
fn the_champions_of_a_budgeted_run_play_to_its_last_generation() {
    use microply_host::experiment::champions::{run_champions, ChampionsSetup};
    use microply_host::experiment::curriculum::budgeted;
    let (mut base, dir, tmp) = tiny("dots", "rows=2 cols=2", "chain", Method::Ga);
    base.population = 4;
    let config = budgeted(&base, Method::Ga, 40);
    let summary = train::run(&config, &dir, &Local { threads: 2 }, Display::Hidden).unwrap();
    let last = summary.history.last().unwrap().generation;
    assert!(
        last < config.generations as u64,
        "the budget stops it first"
    );
    let setup = ChampionsSetup {
        picks: 3,
        depth: None,
        openings: (2, 5),
        book: None,
        rounds: 2,
        hand_set: false,
    };
    let out = tmp.path().join("champions");
    let scores = run_champions(&dir, &setup, &out, 2, |_, _| {}).unwrap();
    let generations: Vec<u64> = scores.iter().filter_map(|s| s.generation).collect();
    assert_eq!(generations.last(), Some(&last), "{generations:?}");
    assert_eq!(generations.len(), 3);
    // 3 pairs, twice each a round (two games an encounter), 2 rounds: 24 games.
    let games: u32 = scores.iter().map(|s| s.wins + s.draws + s.losses).sum();
    assert_eq!(games, 2 * 24);
    if scores.iter().all(|s| s.rating.is_some()) {
        let mean: f64 = scores.iter().map(|s| s.rating.unwrap().elo).sum::<f64>() / 3.0;
        assert!(mean.abs() < 1e-6, "{mean}");
    }
    assert!(out.join("elo.svg").exists() && out.join("points.svg").exists());
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("double round robin 2 times"), "{report}");
    // With the hand-set weights: a fourth player, listed first, rated 0.
    let with = ChampionsSetup {
        hand_set: true,
        ..setup
    };
    let out = tmp.path().join("with-hand-set");
    let scores = run_champions(&dir, &with, &out, 2, |_, _| {}).unwrap();
    assert_eq!(scores.len(), 4);
    assert_eq!(scores[0].generation, None);
    let games: u32 = scores.iter().map(|s| s.wins + s.draws + s.losses).sum();
    assert_eq!(games, 2 * 48, "6 pairs, 4 games a round, 2 rounds");
    if let Some(r) = scores[0].rating {
        assert_eq!((r.elo, r.low, r.high), (0.0, 0.0, 0.0));
    }
}

/// `--paper`'s preset runs: its first generation on 5×5 boxes with every stage's
/// depths cut to 1 (the real depths are hours of games; docs/ga.md).
#[test]
fn the_paper_preset_runs_a_generation_at_depth_1() {
    let tmp = tempfile::tempdir().unwrap();
    let mut config = TrainConfig::paper();
    config.generations = 1;
    for stage in &mut config.stages {
        stage.depth = Some(1);
        stage.sparring_depth = Some(1);
    }
    let dir = tmp.path().join("paper");
    let summary = train::run(&config, &dir, &Local { threads: 2 }, Display::Hidden).unwrap();
    assert_eq!(summary.history.len(), 2);
    assert!(summary.games >= 2 * 30 + 2 * 29, "{}", summary.games);
    assert_eq!(summary.champion.weights.len(), 10);
}

#[test]
fn the_pool_objective_plays_the_hall_of_fame_on_book_openings() {
    let tmp = tempfile::tempdir().unwrap();
    let config = TrainConfig::parse(POOL, "pool").unwrap();
    let summary = train::run(&config, tmp.path(), &Local { threads: 2 }, Display::Hidden).unwrap();
    let history = &summary.history;
    // Generation 0 plays the hand-set partner alone: 2 openings × 2 colours.
    assert_eq!(history[0].diagnostics.games_per_evaluation, 4.0);
    assert!(history[0].opponent.pool.is_empty());
    for r in &history[1..] {
        let partners = 1 + r.opponent.pool.len();
        assert!(partners <= 2);
        assert_eq!(r.diagnostics.games_per_evaluation, 4.0 * partners as f64);
    }
    assert!(
        history.iter().any(|r| !r.opponent.pool.is_empty()),
        "a champion other than the hand-set weights entered the hall of fame"
    );
    assert!(history
        .iter()
        .all(|r| r.diagnostics.se >= 0.0 && r.diagnostics.distinct >= 1));
    let csv = std::fs::read_to_string(tmp.path().join("diagnostics.csv")).unwrap();
    assert_eq!(csv.lines().count(), 7, "{csv}");
}

#[test]
fn a_stage_of_several_depths_plays_every_opening_at_each_depth() {
    let tmp = tempfile::tempdir().unwrap();
    let config = TrainConfig::parse(&depths_config(), "depths").unwrap();
    let summary = train::run(&config, tmp.path(), &Local { threads: 2 }, Display::Hidden).unwrap();
    let history = &summary.history;
    // Generation 0 plays the hand-set partner alone: 2 openings × 2 colours × 2 depths.
    assert_eq!(history[0].diagnostics.games_per_evaluation, 8.0);
    assert_eq!(history[0].games, 6 * 8);
    for r in &history[1..] {
        let partners = 1 + r.opponent.pool.len();
        assert_eq!(r.diagnostics.games_per_evaluation, 8.0 * partners as f64);
        assert_eq!(r.opponent.depths, vec![1, 2]);
    }
    assert!(history.iter().any(|r| !r.opponent.pool.is_empty()));
}

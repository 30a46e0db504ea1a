//! `microply tournament` and `microply match` end to end: the result files do not
//! depend on the thread count, a run killed with SIGKILL part-way and resumed
//! writes the same files as an uninterrupted one, an external engine process plays
//! the same games as the in-process core, and bad configs fail before any game.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_microply");

/// Six checkers players, depths 1..3 of two algorithms: 15 encounters, 30 games.
const CONFIG: &str = r#"
game = "checkers"
seed = 11
random_plies = 4
max_plies = 120
[[player]]
name = "sss1"
depth = 1
[[player]]
name = "pvs1"
algo = "pvs"
depth = 1
[[player]]
name = "sss2"
depth = 2
[[player]]
name = "pvs2"
algo = "pvs"
depth = 2
[[player]]
name = "sss3"
depth = 3
[[player]]
name = "net3"
evaluator = "network"
depth = 3
"#;

fn write_config(dir: &Path, text: &str) -> String {
    let path = dir.join("t.toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn tournament(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .arg("tournament")
        .args(args)
        .output()
        .unwrap()
}

const RESULT_FILES: [&str; 4] = [
    "results.csv",
    "results.json",
    "report.md",
    "games/00017.pdn",
];

fn same_results(a: &Path, b: &Path) {
    for f in RESULT_FILES {
        let (x, y) = (
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
        );
        assert!(
            x == y,
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
    let games = |d: &Path| std::fs::read_dir(d.join("games")).unwrap().count();
    assert_eq!(games(a), games(b));
}

fn games_in_state(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("state.json"))
        .map(|s| s.matches("\"millis\"").count())
        .unwrap_or(0)
}

#[test]
fn results_do_not_depend_on_threads_and_survive_kill_and_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let config = write_config(tmp.path(), CONFIG);
    let (one, two, killed) = (
        tmp.path().join("one"),
        tmp.path().join("two"),
        tmp.path().join("killed"),
    );
    for (dir, threads) in [(&one, "1"), (&two, "2")] {
        let out = tournament(&[
            &config,
            "--out",
            dir.to_str().unwrap(),
            "--concurrency",
            threads,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    same_results(&one, &two);
    let csv = std::fs::read_to_string(one.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 31, "a header and 30 games");

    let mut child = Command::new(BIN)
        .args([
            "tournament",
            &config,
            "--out",
            killed.to_str().unwrap(),
            "--concurrency",
            "2",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait for some finished games (not for a time), then SIGKILL.
    while games_in_state(&killed) < 5 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it could be killed"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let before = games_in_state(&killed);
    assert!(before < 30, "killed part-way: {before} games saved");
    let out = tournament(&["--resume", killed.to_str().unwrap(), "--concurrency", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        games_in_state(&killed),
        30,
        "no game lost, none played twice"
    );
    same_results(&one, &killed);
}

#[test]
fn an_external_engine_plays_the_same_games_as_the_core() {
    let tmp = tempfile::tempdir().unwrap();
    let external = format!("cmd = \"{BIN} engine\"\n");
    let text = CONFIG.replace("name = \"sss2\"\n", &format!("name = \"sss2\"\n{external}"));
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    let plain = write_config(tmp.path(), CONFIG);
    let out = tournament(&[&plain, "--out", a.to_str().unwrap()]);
    assert!(out.status.success());
    let config = tmp.path().join("ext.toml");
    std::fs::write(&config, &text).unwrap();
    let config = config.display().to_string();
    let out = tournament(&[&config, "--out", b.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Node counts and moves identical: results.csv carries both.
    same_results(&a, &b);
}

#[test]
fn bad_configs_fail_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        (
            CONFIG.replace("seed = 11", "seed = 11\ncolour = 1"),
            "colour",
        ),
        (CONFIG.replace("name = \"net3\"\n", ""), "name"),
        (
            CONFIG.replace(
                "evaluator = \"network\"",
                "evaluator = \"network\"\nweights = [1, 2]",
            ),
            "2 values given, the evaluator has 187",
        ),
        (
            CONFIG.replace(
                "name = \"sss3\"\n",
                "name = \"sss3\"\ncmd = \"/nonexistent/engine\"\n",
            ),
            "cannot start '/nonexistent/engine'",
        ),
    ];
    for (i, (text, expected)) in cases.iter().enumerate() {
        let config = write_config(tmp.path(), text);
        let dir = tmp.path().join(format!("bad{i}"));
        let out = tournament(&[&config, "--out", dir.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert!(
            err.contains("t.toml") && err.contains(expected),
            "{expected}: {err}"
        );
        assert!(!dir.join("state.json").exists(), "no game started");
    }
}

#[test]
fn a_match_stops_early_by_sprt() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("m");
    let out = Command::new(BIN)
        .args([
            "match",
            "name=deep,depth=4",
            "name=shallow,depth=1",
            "--games",
            "200",
        ])
        .args([
            "--sprt",
            "0,50,0.05,0.05",
            "--max-plies",
            "150",
            "--out",
            dir.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("H1 accepted"), "{text}");
    let games = std::fs::read_to_string(dir.join("results.csv"))
        .unwrap()
        .lines()
        .count()
        - 1;
    assert!(games < 200, "stopped early after {games} games");
    assert!(dir.join("score.svg").exists() && dir.join("match.md").exists());
}

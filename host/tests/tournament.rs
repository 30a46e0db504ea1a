//! `microply tournament` and `microply match` end to end: the result files do not
//! depend on the thread count, a run killed with SIGKILL part-way and resumed
//! writes the same files as an uninterrupted one, an external engine process plays
//! the same games as the in-process core, and bad configs fail before any game.

use std::path::Path;
use std::process::Command;

mod common;
use common::{games_in_journal, kill_when};

const BIN: &str = env!("CARGO_BIN_EXE_microply");

/// Six checkers players, depths 1..3 of two algorithms: 15 encounters, 30 games.
const CONFIG: &str = r#"
game = "checkers"
seed = 11
random_plies = 4
max_plies = 120
[[player]]
name = "sss1"
algo = "sss"
depth = 1
[[player]]
name = "pvs1"
algo = "pvs"
depth = 1
[[player]]
name = "sss2"
algo = "sss"
depth = 2
[[player]]
name = "pvs2"
algo = "pvs"
depth = 2
[[player]]
name = "sss3"
algo = "sss"
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

const RESULT_FILES: [&str; 4] = ["results.csv", "results.json", "report.md", "games.pdn"];

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
}

/// Runs `config` with 1 and 2 threads and once killed with SIGKILL after
/// `kill_after` saved games then resumed: all three write the same files, and the
/// resumed state holds every game exactly once. Returns the uninterrupted run's
/// folder and the games it played.
fn threads_kill_and_resume(
    tmp: &Path,
    config: &str,
    kill_after: usize,
) -> (std::path::PathBuf, usize) {
    let (one, two, killed) = (tmp.join("one"), tmp.join("two"), tmp.join("killed"));
    for (dir, threads) in [(&one, "1"), (&two, "2")] {
        let out = tournament(&[
            config,
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
    let total = games_in_journal(&one);

    kill_when(
        Command::new(BIN).args([
            "tournament",
            config,
            "--out",
            killed.to_str().unwrap(),
            "--concurrency",
            "2",
        ]),
        || games_in_journal(&killed) >= kill_after,
    );
    let before = games_in_journal(&killed);
    assert!(before < total, "killed part-way: {before} games saved");
    let out = tournament(&["--resume", killed.to_str().unwrap(), "--concurrency", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        games_in_journal(&killed),
        total,
        "no game lost, none played twice"
    );
    same_results(&one, &killed);
    (one, total)
}

#[test]
fn results_do_not_depend_on_threads_and_survive_kill_and_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let config = write_config(tmp.path(), CONFIG);
    let (one, total) = threads_kill_and_resume(tmp.path(), &config, 5);
    assert_eq!(total, 30);
    let csv = std::fs::read_to_string(one.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 31, "a header and 30 games");
}

/// The players of each `results.csv` row (round, first, second).
fn pairings(dir: &Path) -> Vec<(usize, String, String)> {
    std::fs::read_to_string(dir.join("results.csv"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1].parse().unwrap(), f[2].to_owned(), f[3].to_owned())
        })
        .collect()
}

#[test]
fn double_elimination_survives_kill_and_resume_and_ignores_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let text = CONFIG.replace("seed = 11", "seed = 11\nformat = \"double-elimination\"");
    let config = write_config(tmp.path(), &text);
    // Killed in the bracket's second round: W1 has two matches (byes for seeds 1
    // and 2), four games.
    let (one, total) = threads_kill_and_resume(tmp.path(), &config, 6);
    // Six players: every one but the champion loses two matches, the champion at
    // most one; each match is two games, each drawn match two more.
    assert!(total >= 2 * 10, "{total} games");
    let rows = pairings(&one);
    // Winners' round 1 by hand (seed order 1 8 4 5 2 7 3 6, 7 and 8 byes):
    // 4-5 and 3-6, each opening with both colours.
    let first_round: Vec<(String, String)> = rows
        .iter()
        .filter(|r| r.0 == 1)
        .map(|r| (r.1.clone(), r.2.clone()))
        .collect();
    let pair = |a: &str, b: &str| vec![(a.to_owned(), b.to_owned()), (b.to_owned(), a.to_owned())];
    let expected: Vec<(String, String)> = [pair("pvs2", "sss3"), pair("sss2", "net3")].concat();
    let mut got = first_round.clone();
    got.sort();
    let mut want = expected;
    want.sort();
    assert_eq!(got, want, "{first_round:?}");
    let report = std::fs::read_to_string(one.join("report.md")).unwrap();
    for heading in [
        "## Bracket",
        "### Winners' round 3",
        "### Losers' round 4",
        "### Grand final",
    ] {
        assert!(report.contains(heading), "no {heading} in\n{report}");
    }
}

#[test]
fn a_mixed_tournament_plays_groups_then_their_best_in_a_bracket() {
    let tmp = tempfile::tempdir().unwrap();
    let text = r#"
game = "tictactoe"
format = "mixed"
groups = 2
advance = 2
random_plies = 2
seed = 5
[[player]]
name = "d1"
depth = 1
[[player]]
name = "d2"
depth = 2
[[player]]
name = "d3"
depth = 3
[[player]]
name = "d4"
depth = 4
[[player]]
name = "d5"
depth = 5
[[player]]
name = "d9"
depth = 9
"#;
    let config = write_config(tmp.path(), text);
    let dirs = [tmp.path().join("one"), tmp.path().join("two")];
    for (dir, threads) in dirs.iter().zip(["1", "2"]) {
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
    for f in ["results.csv", "results.json", "report.md"] {
        assert_eq!(
            std::fs::read(dirs[0].join(f)).unwrap(),
            std::fs::read(dirs[1].join(f)).unwrap(),
            "{f}"
        );
    }
    // Snake seeding: A = d1 d4 d5, B = d2 d3 d9; three rounds of one game pair
    // per group, twelve games, then the bracket from round 4.
    let rows = pairings(&dirs[0]);
    let group = |name: &str| u8::from(["d2", "d3", "d9"].contains(&name));
    let stage: Vec<_> = rows.iter().filter(|r| r.0 <= 3).collect();
    assert_eq!(stage.len(), 12);
    assert!(
        stage.iter().all(|r| group(&r.1) == group(&r.2)),
        "{stage:?}"
    );
    let report = std::fs::read_to_string(dirs[0].join("report.md")).unwrap();
    let line = report
        .lines()
        .find(|l| l.starts_with("To the bracket"))
        .expect("the advancing players");
    let advancing: Vec<&str> = line
        .split(": ")
        .nth(1)
        .unwrap()
        .trim_end_matches('.')
        .split(", ")
        .collect();
    assert_eq!(advancing.len(), 4, "{line}");
    // Seeds: the two group winners, then the two runners-up.
    assert_eq!(group(advancing[0]), 0);
    assert_eq!(group(advancing[1]), 1);
    let bracket: Vec<_> = rows.iter().filter(|r| r.0 > 3).collect();
    assert!(
        bracket.len() >= 2 * 6,
        "four players play at least six matches"
    );
    for r in &bracket {
        assert!(
            advancing.contains(&r.1.as_str()) && advancing.contains(&r.2.as_str()),
            "{r:?} in the bracket, but only {advancing:?} advanced"
        );
    }
    for heading in [
        "### Group A",
        "### Group B",
        "## Bracket",
        "### Grand final",
    ] {
        assert!(report.contains(heading), "no {heading} in\n{report}");
    }
}

#[test]
fn an_external_engine_plays_the_same_games_as_the_core() {
    let tmp = tempfile::tempdir().unwrap();
    // The same table size as the in-process player's default (collisions differ
    // between sizes, and with them node counts).
    let external = format!("cmd = \"{BIN} engine --tt-entries 65536\"\n");
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
fn a_kept_table_plays_the_same_games_in_process_and_through_the_protocol() {
    let tmp = tempfile::tempdir().unwrap();
    let kept = CONFIG
        .replace("depth = 3\n", "depth = 3\ntt = \"keep\"\n")
        .replace("depth = 2\n", "depth = 2\ntt = \"keep\"\n");
    // The same table size as the in-process player's default: a kept table fills
    // up over a game, and a larger one would collide less (other node counts).
    let external = kept.replace(
        "name = \"sss3\"\n",
        &format!("name = \"sss3\"\ncmd = \"{BIN} engine --tt-entries 65536\"\n"),
    );
    let run = |name: &str, text: &str| {
        let config = tmp.path().join(format!("{name}.toml"));
        std::fs::write(&config, text).unwrap();
        let dir = tmp.path().join(name);
        let out = tournament(&[config.to_str().unwrap(), "--out", dir.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        dir
    };
    let (cleared, in_process, spoken) = (
        run("cleared", CONFIG),
        run("kept", &kept),
        run("external", &external),
    );
    // The external engine gets `go ... table=keep` and answers what the core in
    // this process decides over its kept table: the same moves and node counts.
    same_results(&in_process, &spoken);
    // And keeping the table is not ignored: the node counts differ from a cleared
    // table's.
    let csv = |dir: &Path| std::fs::read_to_string(dir.join("results.csv")).unwrap();
    assert_ne!(csv(&cleared), csv(&in_process));
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
        assert!(!dir.join("run.json").exists(), "no game started");
    }
}

#[test]
fn a_match_stops_early_by_sprt() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("m");
    let out = Command::new(BIN)
        .env("MICROPLY_EGTB", "") // no default endgame tables: the pinned games
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
    // `elo --run` rates the saved run from its journal alone: the same figures as
    // the match printed from its games in memory, and the folder left as it was.
    let journal = std::fs::read(dir.join("games.jsonl")).unwrap();
    let rated = Command::new(BIN)
        .args(["elo", "--run", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(rated.status.success());
    let rated = String::from_utf8_lossy(&rated.stdout);
    let printed = text.split("\n![score over games]").next().unwrap();
    assert!(rated.starts_with(printed), "{rated}\n---\n{printed}");
    assert!(
        rated.ends_with(&format!("{games} games rated, {games} of them in pairs whose two games finished (the pentanomial figures)\n")),
        "{rated}"
    );
    assert_eq!(std::fs::read(dir.join("games.jsonl")).unwrap(), journal);
}

/// The strength lab's short seeded run, node-limited so it is the same everywhere:
/// a checkers match from the ACF deck (the default), adjudication on (the default),
/// a pentanomial SPRT; 1 and 2 threads write the same files, every record names
/// how its game ended, and the files hold whole pairs.
#[test]
fn a_node_limited_match_from_the_deck_is_the_same_on_any_thread_count() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |threads: &str| {
        let dir = tmp.path().join(format!("t{threads}"));
        let out = Command::new(BIN)
            .env("MICROPLY_EGTB", "") // no default endgame tables: the pinned games
            .args([
                "match",
                "name=A,nodes=3000,algo=pvs",
                "name=B,nodes=1500,algo=sss",
            ])
            .args([
                "--games",
                "24",
                "--sprt",
                "0,200,0.1,0.1",
                "--concurrency",
                threads,
            ])
            .args(["--out", dir.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (dir, String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (one, summary) = run("1");
    let (two, _) = run("2");
    same_results(&one, &two);
    let csv = std::fs::read_to_string(one.join("results.csv")).unwrap();
    let mut rows = csv.lines();
    assert_eq!(
        rows.next(),
        Some("game,round,first,second,result,termination,reason,plies,first_nodes,second_nodes,fen,moves")
    );
    let rows: Vec<Vec<&str>> = rows.map(|l| l.split(',').collect()).collect();
    assert!(
        rows.len() % 2 == 0 && !rows.is_empty(),
        "whole pairs: {}",
        rows.len()
    );
    // The deck in order: openings 1 and 2 of books/checkers-3move.txt, both colours.
    assert!(rows[0][11].starts_with("9-13 21-17 5-9 "), "{:?}", rows[0]);
    assert!(rows[1][11].starts_with("9-13 21-17 5-9 "), "{:?}", rows[1]);
    assert!(rows[2][11].starts_with("9-13 21-17 6-9 "), "{:?}", rows[2]);
    let known = [
        "rules",
        "max-plies",
        "score-draw",
        "resignation",
        "tablebase",
        "solver",
    ];
    assert!(rows.iter().all(|r| known.contains(&r[5])), "{csv}");
    assert!(
        rows.iter()
            .any(|r| r[5] == "resignation" || r[5] == "score-draw"),
        "adjudication is on by default: {csv}"
    );
    let pdn = std::fs::read_to_string(one.join("games.pdn")).unwrap();
    assert_eq!(pdn.matches("[GameType \"21\"]").count(), rows.len());
    assert!(pdn.contains("[Termination \"adjudication\"]"), "{pdn}");
    assert!(summary.contains("LLR"), "{summary}");
}

/// `match --resume DIR` takes its players from the saved run: none need be given,
/// the saved ones may be, and others are refused naming the player.
#[test]
fn a_match_resumes_with_its_saved_players() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("m");
    let dir_arg = dir.to_str().unwrap();
    let matchup = |args: &[&str]| {
        Command::new(BIN)
            .args(["match", "--game", "tictactoe", "--games", "4"])
            .args(args)
            .output()
            .unwrap()
    };
    let (a, b) = ("name=A,depth=1", "name=B,depth=2,algo=pvs");
    let first = matchup(&[a, b, "--out", dir_arg]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let before = std::fs::read(dir.join("results.csv")).unwrap();

    for players in [&[][..], &[a, b][..]] {
        let out = matchup(&[players, &["--resume", dir_arg]].concat());
        assert!(
            out.status.success(),
            "{players:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(std::fs::read(dir.join("results.csv")).unwrap(), before);
    }

    let other = matchup(&[a, "name=B,depth=3,algo=pvs", "--resume", dir_arg]);
    let e = String::from_utf8_lossy(&other.stderr);
    assert!(!other.status.success(), "another B is refused");
    assert!(e.contains("is not the saved run's 'B'"), "{e}");
    let one = matchup(&[a, "--resume", dir_arg]);
    let e = String::from_utf8_lossy(&one.stderr);
    assert!(
        !one.status.success() && e.contains("the saved run has 2 players (A, B), 1 given"),
        "{e}"
    );
    let fresh = matchup(&[a, "--out", tmp.path().join("n").to_str().unwrap()]);
    assert!(!fresh.status.success(), "a new match needs both players");
    assert_eq!(std::fs::read(dir.join("results.csv")).unwrap(), before);
}

/// A resumed match goes on with its saved SPRT, and its live line shows the LLR
/// without `--sprt` given again.
#[test]
fn a_resumed_match_reports_its_saved_sprt() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("m");
    kill_when(
        Command::new(BIN)
            .env("MICROPLY_EGTB", "")
            .args(["match", "name=A,nodes=300", "name=B,nodes=300,algo=sss"])
            .args([
                "--games",
                "60",
                "--sprt",
                "0,10,0.05,0.05",
                "--concurrency",
                "1",
            ])
            .args(["--out", dir.to_str().unwrap()]),
        || games_in_journal(&dir) >= 2,
    );
    let out = Command::new(BIN)
        .env("MICROPLY_EGTB", "")
        .args([
            "match",
            "--resume",
            dir.to_str().unwrap(),
            "--concurrency",
            "1",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("LLR"),
        "the live line shows the saved SPRT: {err}"
    );
}

#[test]
fn a_resumed_tournament_refuses_another_file_or_other_players() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "game = \"tictactoe\"\nseed = 3\n[[player]]\nname = \"a\"\ndepth = 1\n\
                [[player]]\nname = \"b\"\ndepth = 2\n[[player]]\nname = \"c\"\ndepth = 3\n";
    let config = write_config(tmp.path(), text);
    let dir = tmp.path().join("t");
    let dir_arg = dir.to_str().unwrap();
    let first = tournament(&[&config, "--out", dir_arg]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let before = std::fs::read(dir.join("results.csv")).unwrap();

    // The same file, or nothing: resumed (nothing left to play), files unchanged.
    for args in [
        &[&config[..], "--resume", dir_arg][..],
        &["--resume", dir_arg],
    ] {
        let out = tournament(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(std::fs::read(dir.join("results.csv")).unwrap(), before);
    }

    let other = tmp.path().join("other.toml");
    std::fs::write(&other, text.replace("depth = 3", "depth = 4")).unwrap();
    let out = tournament(&[other.to_str().unwrap(), "--resume", dir_arg]);
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && e.contains("is not the saved run's configuration"),
        "{e}"
    );
    let out = tournament(&["--player", "name=a,depth=1", "--resume", dir_arg]);
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && e.contains("the saved run has 3 players (a, b, c), 1 given"),
        "{e}"
    );
    assert_eq!(std::fs::read(dir.join("results.csv")).unwrap(), before);
}

/// `microply match` on checkers uses the tables of the default directory when it
/// holds some (and says so), lends them to its in-process players and adjudicates by
/// them; `--no-egtb` plays without; a player's `egtb=none` opts out alone.
#[test]
fn a_checkers_match_uses_the_default_tables_when_present() {
    let tmp = tempfile::tempdir().unwrap();
    let tables = tmp.path().join("egtb");
    let out = Command::new(BIN)
        .env("MICROPLY_EGTB", &tables)
        .args(["egtb", "generate", "--pieces", "3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(tables.join("m0k2-m0k1.egtb").exists());
    let run = |extra: &[&str], name: &str| {
        let dir = tmp.path().join(name);
        let out = Command::new(BIN)
            .env("MICROPLY_EGTB", &tables)
            .args(["match", "name=A,depth=1", "name=B,depth=1,egtb=none"])
            .args(["--games", "2", "--out", dir.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let run: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("run.json")).unwrap()).unwrap();
        (stderr, run["config"]["egtb"].as_str().map(str::to_owned))
    };
    let (stderr, egtb) = run(&[], "with");
    assert!(stderr.contains("using the endgame tables in"), "{stderr}");
    assert_eq!(egtb.as_deref(), tables.to_str());
    let (stderr, egtb) = run(&["--no-egtb"], "without");
    assert!(!stderr.contains("endgame tables"), "{stderr}");
    assert_eq!(egtb, None);
}

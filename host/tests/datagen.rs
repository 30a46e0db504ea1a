//! `microply datagen` end to end: the positions file does not depend on the thread
//! count, survives a kill and a resume with nothing lost or counted twice, and holds
//! exactly the searched positions of the games in results.csv, labelled with their
//! results; bad requests fail before any game.

use std::path::{Path, PathBuf};
use std::process::Command;

use microply_core::Player;
use microply_host::datagen::positions::read;

mod common;
use common::{games_in_journal, kill_when};

const BIN: &str = env!("CARGO_BIN_EXE_microply");

fn datagen(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .env("MICROPLY_EGTB", "") // no default endgame tables: the same games everywhere
        .arg("datagen")
        .args(args)
        .output()
        .unwrap()
}

fn run(dir: &Path, threads: &str) -> String {
    let out = datagen(&[
        "--games",
        "16",
        "--nodes",
        "400",
        "--concurrency",
        threads,
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every row of results.csv: its result (first player's view), plies and moves.
fn games(dir: &Path) -> Vec<(String, usize, Vec<String>)> {
    let csv = std::fs::read_to_string(dir.join("results.csv")).unwrap();
    csv.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let moves = f[11].split(' ').map(str::to_owned).collect();
            (f[4].to_owned(), f[7].parse().unwrap(), moves)
        })
        .collect()
}

#[test]
fn positions_are_the_searched_plies_labelled_whatever_the_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    let summary = run(&one, "1");
    run(&two, "2");
    let bytes = std::fs::read(one.join("positions.bin")).unwrap();
    assert_eq!(bytes, std::fs::read(two.join("positions.bin")).unwrap());
    let positions = read(&one.join("positions.bin")).unwrap();
    assert!(
        summary.contains(&format!("{} positions from 16 games", positions.len())),
        "{summary}"
    );

    // The deck's three plies and six random ones, then one position a ply, the
    // side to move alternating from black, labelled with the game's result.
    let games = games(&one);
    assert_eq!(games.len(), 16);
    // One game an opening, the deck in order: lines 1 and 2 of books/checkers-3move.txt.
    assert!(games[0]
        .2
        .starts_with(&["9-13".into(), "21-17".into(), "5-9".into()]));
    assert!(games[1]
        .2
        .starts_with(&["9-13".into(), "21-17".into(), "6-9".into()]));
    let openings: std::collections::HashSet<_> = games.iter().map(|g| &g.2[..9]).collect();
    assert_eq!(openings.len(), games.len(), "no opening played twice");
    let mut at = 0;
    for (result, plies, _) in &games {
        for ply in 9..*plies {
            let p = positions[at];
            let side = if ply % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            let first = match result.as_str() {
                "1-0" => 1,
                "0-1" => -1,
                _ => 0,
            };
            let expected = if side == Player::First { first } else { -first };
            assert_eq!((p.side, p.result), (side, expected), "ply {ply}");
            at += 1;
        }
    }
    assert_eq!(at, positions.len(), "no position beyond the games' plies");
    assert!(positions.iter().any(|p| p.eval != 0));
    assert!(positions.iter().all(|p| p.position().is_some()));
}

#[test]
fn a_killed_run_resumes_to_the_same_positions() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, killed): (PathBuf, PathBuf) = (tmp.path().join("whole"), tmp.path().join("killed"));
    let args = |dir: &Path| {
        vec![
            "datagen".to_owned(),
            "--games".into(),
            "40".into(),
            "--nodes".into(),
            "800".into(),
            "--concurrency".into(),
            "2".into(),
            "--out".into(),
            dir.display().to_string(),
        ]
    };
    let out = Command::new(BIN)
        .env("MICROPLY_EGTB", "")
        .args(args(&whole))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    kill_when(
        Command::new(BIN)
            .env("MICROPLY_EGTB", "")
            .args(args(&killed)),
        || games_in_journal(&killed) >= 6,
    );
    assert!(games_in_journal(&killed) < 40);
    let out = datagen(&["--resume", killed.to_str().unwrap(), "--concurrency", "1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        games_in_journal(&killed),
        40,
        "no game lost, none played twice"
    );
    assert_eq!(
        std::fs::read(whole.join("positions.bin")).unwrap(),
        std::fs::read(killed.join("positions.bin")).unwrap()
    );
}

#[test]
fn bad_requests_fail_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    let out_dir = tmp.path().join("x");
    let out = tmp.path().join("x").display().to_string();
    for (args, expected) in [
        (vec!["--game", "dots"], "checkers only"),
        (vec!["--player", "name=me"], "must not name the player"),
        (vec!["--player", "evaluator=nope"], "nope"),
        (vec!["--nodes", "lots"], "lots"),
    ] {
        let mut all = args.clone();
        all.extend(["--out", out.as_str()]);
        let o = datagen(&all);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !o.status.success() && err.contains(expected),
            "{args:?}: {err}"
        );
        assert_eq!(games_in_journal(&out_dir), 0);
    }
}

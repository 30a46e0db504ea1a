//! The `microply` binary end to end.

use std::process::Command;

fn microply(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_microply"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_count_time_and_speed() {
    let (ok, out, _) = microply(&["perft", "tictactoe", "9"]);
    assert!(ok);
    assert!(out.contains("perft 9 127872\n"), "{out}");
    assert!(out.contains("nodes/s"), "{out}");
    let (ok, out, _) = microply(&[
        "perft",
        "tictactoe",
        "2",
        "--divide",
        "--fen",
        "xx./oo./...:x",
    ]);
    assert!(ok);
    assert!(
        out.starts_with("a1 4\nb1 4\nc1 4\nc2 4\nc3 0\nperft 2 16\n"),
        "{out}"
    );
}

#[test]
fn analyze_prints_iterations_and_the_textbook_move() {
    let (ok, out, _) = microply(&["analyze", "tictactoe", "--depth", "2", "--algo", "minimax"]);
    assert!(ok);
    assert!(out.contains("info depth=2 score=1 "), "{out}");
    assert!(out.contains("nps="), "{out}");
    assert!(out.ends_with("bestmove b2\n"), "{out}");
}

#[test]
fn bad_arguments_fail_with_a_reason() {
    let (ok, _, err) = microply(&["perft", "chess", "2"]);
    assert!(!ok);
    assert!(err.contains("unknown game"), "{err}");
    let (ok, _, err) = microply(&["perft", "tictactoe", "2", "--fen", "x"]);
    assert!(!ok);
    assert!(
        err.contains("FEN 'x'") && err.contains("malformed FEN"),
        "{err}"
    );
    let (ok, _, err) = microply(&[
        "analyze",
        "tictactoe",
        "--depth",
        "2",
        "--fen",
        "xxx/oo./...:o",
    ]);
    assert!(!ok);
    assert!(err.contains("the game is over"), "{err}");
}

fn status_and_stderr(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_microply"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn tables_too_large_for_memory_are_refused_with_status_2() {
    for entries in ["18446744073709551615", "1099511627776"] {
        let (code, err) = status_and_stderr(&["engine", "--tt-entries", entries]);
        assert_eq!(code, Some(2), "{entries}: {err}");
        assert!(err.contains("too large"), "{err}");
        assert!(err.contains(entries), "{err}");
    }
    let (code, err) = status_and_stderr(&["solve", "dots", "--tt-entries", "18446744073709551615"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, err) = status_and_stderr(&["engine", "--tt-entries", "0"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("at least 1 entry"), "{err}");
}

#[test]
fn arguments_that_cannot_apply_are_errors() {
    let (code, err) = status_and_stderr(&["analyze", "tictactoe", "--depth", "0"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, err) = status_and_stderr(&[
        "perft",
        "amazons",
        "1",
        "-o",
        "size=8",
        "--fen",
        "q1xxxx/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Q5:w",
    ]);
    assert_ne!(code, Some(0), "{err}");
    assert!(err.contains("option size=8 does not apply"), "{err}");
    let (code, err) = status_and_stderr(&["solve", "dots", "--rows", "9", "--fen", "1x1::0-0:1"]);
    assert_ne!(code, Some(0), "{err}");
    assert!(err.contains("--rows 9 does not apply"), "{err}");
    // Options that agree with the FEN are fine.
    let (code, err) = status_and_stderr(&["solve", "dots", "--rows", "1", "--fen", "1x1::0-0:1"]);
    assert_eq!(code, Some(0), "{err}");
}

/// `microply play checkers` uses the tables of the default directory (`MICROPLY_EGTB`)
/// when there are any and says so; `--no-egtb` plays without.
#[test]
fn play_uses_the_default_tables_when_present() {
    let tmp = tempfile::tempdir().unwrap();
    let tables = tmp.path().join("egtb");
    let with_tables = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_microply"))
            .env("MICROPLY_EGTB", &tables)
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("the binary runs")
    };
    let out = with_tables(&["play", "checkers", "--depth", "1"]);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("endgame tables"));
    assert!(with_tables(&["egtb", "generate", "--pieces", "2"])
        .status
        .success());
    let out = with_tables(&["play", "checkers", "--depth", "1"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("using the endgame tables in"), "{stderr}");
    let out = with_tables(&["play", "checkers", "--depth", "1", "--no-egtb"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("endgame tables"));
}

/// `egtb generate` resumes: run again over a directory with one table missing and
/// one corrupt, it loads the groups that are whole, says the corrupt file was solved
/// again, and leaves every file byte for byte as the first run wrote it.
#[test]
fn egtb_generate_resumes_from_the_tables_it_wrote() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("egtb");
    let generate = || {
        Command::new(env!("CARGO_BIN_EXE_microply"))
            .args(["egtb", "generate", "--pieces", "3", "--out"])
            .arg(&dir)
            .output()
            .expect("the binary runs")
    };
    let out = generate();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("loaded"));
    let files = || -> Vec<(std::path::PathBuf, Vec<u8>)> {
        let mut v: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| (p.clone(), std::fs::read(p).unwrap()))
            .collect();
        v.sort();
        v
    };
    let first = files();
    assert!(first.len() > 10, "{}", first.len());
    // One 3-piece table gone (its group is solved again), one 2-piece table corrupt.
    std::fs::remove_file(dir.join("m1k1-m1k0.egtb")).unwrap();
    let corrupt = dir.join("m0k1-m0k1.egtb");
    let mut bytes = std::fs::read(&corrupt).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&corrupt, bytes).unwrap();
    let out = generate();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("groups were there already and loaded"),
        "{stdout}"
    );
    assert!(
        stderr.contains("m0k1-m0k1.egtb") && stderr.contains("solved again"),
        "{stderr}"
    );
    assert_eq!(files(), first);
}

/// `microply engine` with `extra` arguments, given `script` on stdin.
fn engine_with(extra: &[&str], script: &str) -> (bool, String, String) {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_microply"))
        .args(["engine", "--tt-entries", "4096"])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(mut stdin) = child.stdin.take() {
        // A refused file ends the engine before it reads: the write may fail.
        let _ = stdin.write_all(script.as_bytes());
    }
    let out = child.wait_with_output().expect("the engine ends");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_engine_plays_a_patterns_file_and_names_a_bad_one() {
    let script = "game checkers\nposition fen B:W21,22,23,K4:B9,10,11,12\neval\nquit\n";
    let kings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../core/data/checkers-patterns-kings.bin"
    );
    let (ok, shipped, err) = engine_with(&[], script);
    assert!(ok, "{err}");
    let (ok, lent, err) = engine_with(&["--patterns", kings], script);
    assert!(ok, "{err}");
    let eval = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("eval "))
            .map(str::to_owned)
    };
    assert!(eval(&shipped).is_some(), "{shipped}");
    assert!(eval(&lent).is_some(), "{lent}");
    assert_ne!(eval(&shipped), eval(&lent));
    let (ok, _, err) = engine_with(&["--patterns", "/nonexistent/tables.bin"], script);
    assert!(!ok);
    assert!(
        err.contains("--patterns") && err.contains("/nonexistent/tables.bin"),
        "{err}"
    );
    // The compiled-in tables without the residual network value the position
    // otherwise; a tables file where the network belongs is refused, named.
    let (ok, alone, err) = engine_with(&["--residual", "none"], script);
    assert!(ok, "{err}");
    assert!(eval(&alone).is_some(), "{alone}");
    assert_ne!(eval(&shipped), eval(&alone));
    let (ok, _, err) = engine_with(&["--residual", kings], script);
    assert!(!ok);
    assert!(
        err.contains("--residual: residual network") && err.contains("no MPLYRES1 header"),
        "{err}"
    );
}

//! `microply patterns train` end to end: datagen's positions in, a tables file out
//! that core reads and a match player plays with; the same file for the same seed;
//! bad data, settings and tables named before any work.

use std::path::Path;
use std::process::{Command, Output};

use microply_core::games::checkers::patterns::{Layout, Tables};

const BIN: &str = env!("CARGO_BIN_EXE_microply");

fn microply(args: &[&str]) -> Output {
    Command::new(BIN)
        .env("MICROPLY_EGTB", "")
        .args(args)
        .output()
        .unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn train(data: &Path, out: &Path, extra: &[&str]) -> String {
    let mut args = vec![
        "patterns",
        "train",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--epochs",
        "4",
        "--rate",
        "0.01",
    ];
    args.extend_from_slice(extra);
    ok(&microply(&args))
}

/// A 2-game depth-2 match of `spec` against the shipped tables plays to the end.
fn plays_against_the_shipped_tables(spec: &str, out: &Path) {
    ok(&microply(&[
        "match",
        spec,
        "name=shipped,evaluator=patterns,depth=2",
        "--game",
        "checkers",
        "--games",
        "2",
        "--max-plies",
        "40",
        "--out",
        out.to_str().unwrap(),
    ]));
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
}

/// The training loss of `epoch` in the trainer's report.
fn train_loss(log: &str, epoch: u32) -> f64 {
    epoch_field(log, epoch, 3)
}

/// The held-out loss of `epoch` in the trainer's report.
fn validation_loss(log: &str, epoch: u32) -> f64 {
    epoch_field(log, epoch, 5)
}

/// Word `n` of the report's line of `epoch` ("epoch 2: train X  validation Y  ...").
fn epoch_field(log: &str, epoch: u32, n: usize) -> f64 {
    let line = log
        .lines()
        .find(|l| l.starts_with(&format!("epoch {epoch}:")))
        .unwrap_or_else(|| panic!("no epoch {epoch} in {log}"));
    line.split_whitespace().nth(n).unwrap().parse().unwrap()
}

#[test]
fn trained_tables_load_play_and_repeat_for_a_seed() {
    let tmp = tempfile::tempdir().unwrap();
    let dg = tmp.path().join("dg");
    ok(&microply(&[
        "datagen",
        "--games",
        "24",
        "--nodes",
        "300",
        "--concurrency",
        "2",
        "--out",
        dg.to_str().unwrap(),
    ]));
    let data = dg.join("positions.bin");
    let (a, b) = (tmp.path().join("a.bin"), tmp.path().join("b.bin"));
    let log = train(&data, &a, &[]);
    train(&data, &b, &[]);
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(bytes.len(), Layout::Strips.file_len());
    assert_eq!(&bytes[..8], b"MPLYPAT3");
    assert_eq!(
        bytes,
        std::fs::read(&b).unwrap(),
        "same data and seed, same tables"
    );
    // The fit learns: the training loss falls below the material-only start's.
    assert!(train_loss(&log, 4) < train_loss(&log, 0), "{log}");
    // It writes the epoch with the lowest held-out loss (`--keep best`, the default),
    // and says so when that is not the last; `--keep last` writes the last.
    let best = (0..=4u32)
        .min_by(|&x, &y| validation_loss(&log, x).total_cmp(&validation_loss(&log, y)))
        .unwrap();
    assert_eq!(
        log.contains(&format!("kept epoch {best} ")),
        best < 4,
        "epoch {best} is the best\n{log}"
    );
    let last = tmp.path().join("last.bin");
    let last_log = train(&data, &last, &["--keep", "last"]);
    assert!(!last_log.contains("kept epoch"), "{last_log}");
    assert_eq!(
        std::fs::read(&last).unwrap() == std::fs::read(&a).unwrap(),
        best == 4,
        "the last epoch's tables differ from the best's unless they are the same epoch"
    );
    let tables = Tables::parse(Box::leak(bytes.into_boxed_slice())).unwrap();
    assert!(
        tables.scalars[0] > 0,
        "a man is worth something: {:?}",
        tables.scalars
    );

    // A match between the trained tables and the shipped ones plays to the end.
    let spec = format!(
        "name=trained,evaluator=patterns,weights={},depth=2",
        a.display()
    );
    plays_against_the_shipped_tables(&spec, &tmp.path().join("m"));

    // The other layouts: the blocks alone (MPLYPAT1, generations 1 to 3) and two
    // phases (MPLYPAT2), each the same for a seed, read by core as that layout and
    // played by a match player.
    for (name, layout, magic, len) in [
        ("phased", Layout::Phased, b"MPLYPAT2", 118_180),
        ("blocks", Layout::Blocks, b"MPLYPAT1", 59_099),
    ] {
        let (p, q) = (tmp.path().join("p.bin"), tmp.path().join("q.bin"));
        let log = train(&data, &p, &["--layout", name]);
        train(&data, &q, &["--layout", name]);
        let bytes = std::fs::read(&p).unwrap();
        assert_eq!((bytes.len(), &bytes[..8]), (len, &magic[..]));
        assert_eq!(bytes, std::fs::read(&q).unwrap());
        assert!(train_loss(&log, 4) < train_loss(&log, 0), "{log}");
        let tables = Tables::parse(Box::leak(bytes.into_boxed_slice())).unwrap();
        assert_eq!(tables.layout(), layout);
        let spec = format!(
            "name={name},evaluator=patterns,weights={},depth=2",
            p.display()
        );
        plays_against_the_shipped_tables(&spec, &tmp.path().join(name));
    }

    // A warm start from fitted tables (`a.bin`, fitted above): the fit starts where
    // that one ended (its loss on the held-out positions, rounded to core's
    // integers), and goes on learning.
    let w = tmp.path().join("w.bin");
    let warm = train(&data, &w, &["--init", a.to_str().unwrap()]);
    assert!(warm.contains("(from "), "{warm}");
    let ended: f64 = log
        .lines()
        .find_map(|l| l.strip_prefix("rounded to core's integers: validation "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no rounded loss in {log}"));
    let started = validation_loss(&warm, 0);
    assert!(
        (started - ended).abs() < 2e-3,
        "{started} vs {ended}\n{warm}"
    );
    assert!(train_loss(&warm, 4) < train_loss(&warm, 0), "{warm}");
    assert_eq!(std::fs::read(&w).unwrap().len(), Layout::Strips.file_len());
    // Tables of another layout than the fit's are refused, naming both.
    let blocks = tmp.path().join("p.bin");
    let e = microply(&[
        "patterns",
        "train",
        "--data",
        data.to_str().unwrap(),
        "--out",
        tmp.path().join("x.bin").to_str().unwrap(),
        "--init",
        blocks.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&e.stderr);
    assert!(
        !e.status.success()
            && err.contains("p.bin: a MPLYPAT1 file, and --layout strips fits MPLYPAT3 files"),
        "{err}"
    );
    assert!(!tmp.path().join("x.bin").exists());
}

/// A 2-game depth-1 match of `spec` against a default player, into `out`.
fn match_against_default(spec: &str, out: &Path) -> Output {
    microply(&[
        "match",
        spec,
        "name=b,depth=1",
        "--game",
        "checkers",
        "--games",
        "2",
        "--out",
        out.to_str().unwrap(),
    ])
}

#[test]
fn bad_data_settings_and_tables_are_named() {
    let tmp = tempfile::tempdir().unwrap();
    let junk = tmp.path().join("junk.bin");
    std::fs::write(&junk, b"not positions").unwrap();
    let out_file = tmp.path().join("t.bin");
    let train_junk = |extra: &[&str]| {
        let mut a = vec!["patterns", "train", "--data", junk.to_str().unwrap()];
        a.extend(["--out", out_file.to_str().unwrap()]);
        a.extend_from_slice(extra);
        microply(&a)
    };
    let e = train_junk(&[]);
    let err = String::from_utf8_lossy(&e.stderr);
    assert!(
        !e.status.success()
            && err.contains("junk.bin")
            && err.contains("not a microply positions file"),
        "{err}"
    );
    let e = train_junk(&["--lambda", "2"]);
    assert!(String::from_utf8_lossy(&e.stderr).contains("--lambda must be within 0 and 1"));
    assert!(!out_file.exists(), "nothing written on an error");

    // A match player naming a file that is not a tables file fails before any game.
    let spec = format!(
        "name=bad,evaluator=patterns,weights={},depth=1",
        junk.display()
    );
    let m = tmp.path().join("m");
    let e = match_against_default(&spec, &m);
    let err = String::from_utf8_lossy(&e.stderr);
    assert!(
        !e.status.success() && err.contains("junk.bin") && err.contains("patterns"),
        "{err}"
    );
    assert!(
        !m.join("results.csv").exists()
            || std::fs::read_to_string(m.join("results.csv"))
                .unwrap()
                .lines()
                .count()
                <= 1
    );
    // A two-phase file cut short is refused, naming the length it must have.
    let cut = tmp.path().join("cut.bin");
    let mut bytes = b"MPLYPAT2".to_vec();
    bytes.resize(59_099, 0);
    std::fs::write(&cut, bytes).unwrap();
    let spec = format!(
        "name=cut,evaluator=patterns,weights={},depth=1",
        cut.display()
    );
    let e = match_against_default(&spec, &tmp.path().join("m3"));
    let err = String::from_utf8_lossy(&e.stderr);
    assert!(
        !e.status.success()
            && err.contains("cut.bin")
            && err.contains("MPLYPAT2 patterns file is 118180 bytes, this one 59099"),
        "{err}"
    );
    // Values instead of a file are refused too.
    let e = match_against_default(
        "name=bad,evaluator=patterns,weights=1;2,depth=1",
        &tmp.path().join("m2"),
    );
    let err = String::from_utf8_lossy(&e.stderr);
    assert!(!e.status.success() && err.contains("tables file"), "{err}");
}

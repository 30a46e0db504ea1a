//! `microply elo` end to end: the binary prints the figures the library computes.

use std::process::Command;

fn microply_elo(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_microply"))
        .arg("elo")
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
fn prints_the_issue_figures() {
    let (ok, out, _) = microply_elo(&["--wins", "136", "--draws", "111", "--losses", "96"]);
    assert!(ok);
    assert_eq!(
        out,
        "games 343: W 136 D 111 L 96 (points 191.5)\nElo: +40.70 +/- 30.43, LOS 99.60 %\n"
    );
    let (ok, out, _) = microply_elo(&["--wins", "76", "--draws", "123", "--losses", "89"]);
    assert!(ok);
    assert!(
        out.ends_with("Elo: -15.69 +/- 30.46, LOS 15.53 %\n"),
        "{out}"
    );
}

#[test]
fn prints_pentanomial_and_sprt_lines() {
    // W = D = L = 100: s = ½, σ² = (⅓·¼ + ⅓·0 + ⅓·¼)/300 = 1/1800, σ = 0.0235702;
    // s + 1.96σ = 0.546197, elo = −400·log10(1/0.546197 − 1) = 32.19 (and −32.19 below),
    // so the margin is 32.19. The pair figures are derived by hand in
    // ratings::pentanomial's tests, the bounds (±ln 19) in ratings::sprt's. With pairs
    // given, the logistic SPRT runs on them: counts 0,10,20,30,0 (zeros → 0.001,
    // N = 60.002, x̄ = .583331): θ₀ = 1.982668, θ₁ = 1.682841, LLR = 1.5869 (docs/ratings.md).
    let (ok, out, _) = microply_elo(&[
        "--wins",
        "100",
        "--draws",
        "100",
        "--losses",
        "100",
        "--pentanomial",
        "0,10,20,30,0",
        "--sprt",
        "0,10,0.05,0.05",
    ]);
    assert!(ok);
    assert_eq!(
        out,
        "games 300: W 100 D 100 L 100 (points 150.0)\n\
         Elo: +0.00 +/- 32.19, LOS 50.00 %\n\
         pairs 60: [0, 10, 20, 30, 0]\n\
         Pentanomial Elo: +58.45 +/- 33.81, LOS 99.97 %\n\
         SPRT on pairs: elo0 0 elo1 10 alpha 0.05 beta 0.05 (logistic): LLR 1.59 (-2.94, 2.94) continue\n"
    );
}

#[test]
fn pairs_alone_and_the_model_choice() {
    let (ok, out, _) = microply_elo(&["--pentanomial", "20,0,50,0,30", "--sprt", "0,10,0.05,0.05"]);
    assert!(ok);
    // The drawless pairs of ratings::sprt's tests: LLR 0.49404.
    assert!(
        out.ends_with("(logistic): LLR 0.49 (-2.94, 2.94) continue\n"),
        "{out}"
    );
    let (ok, out, _) = microply_elo(&[
        "--wins",
        "180",
        "--draws",
        "0",
        "--losses",
        "60",
        "--sprt",
        "0,10,0.05,0.05,bayeselo",
    ]);
    assert!(ok);
    assert!(
        out.ends_with("(bayeselo): LLR 3.35 (-2.94, 2.94) H1 accepted\n"),
        "{out}"
    );
    let (ok, _, err) = microply_elo(&[]);
    assert!(!ok);
    assert!(err.contains("nothing to rate"), "{err}");
    let (ok, _, err) = microply_elo(&["--pentanomial", "1,2,3,4,5", "--sprt", "0,10,0.05,0.05,x"]);
    assert!(!ok);
    assert!(
        err.contains("an SPRT model: logistic, normalized or bayeselo, got 'x'"),
        "{err}"
    );
}

#[test]
fn simulates_an_sprt_deterministically() {
    let args = [
        "--simulate",
        "10",
        "--draw-rate",
        "0.5",
        "--sprt",
        "0,10,0.05,0.05",
        "--runs",
        "40",
        "--seed",
        "3",
    ];
    let (ok, out, err) = microply_elo(&args);
    assert!(ok, "{err}");
    assert!(
        out.contains("40 runs, seed 3") && out.contains("median "),
        "{out}"
    );
    assert_eq!(microply_elo(&args).1, out);
    let (ok, _, err) = microply_elo(&["--simulate", "0", "--draw-rate", "0.5"]);
    assert!(!ok);
    assert!(err.contains("--sprt"), "{err}");
    let (ok, _, err) = microply_elo(&[
        "--simulate",
        "0",
        "--draw-rate",
        "2",
        "--sprt",
        "0,10,0.05,0.05",
    ]);
    assert!(!ok);
    assert!(err.contains("draw rate 2 must be between 0 and 1"), "{err}");
}

#[test]
fn a_whitewash_has_no_elo_and_bad_lists_are_named() {
    let (ok, out, _) = microply_elo(&["--wins", "5", "--draws", "0", "--losses", "0"]);
    assert!(ok);
    assert!(out.contains("Elo: undefined"), "{out}");
    let (ok, _, err) = microply_elo(&[
        "--wins",
        "1",
        "--draws",
        "1",
        "--losses",
        "1",
        "--pentanomial",
        "1,2,3",
    ]);
    assert!(!ok);
    assert!(
        err.contains("expected five pair counts a,b,c,d,e, got '1,2,3'"),
        "{err}"
    );
    let (ok, _, err) = microply_elo(&[
        "--wins",
        "1",
        "--draws",
        "1",
        "--losses",
        "1",
        "--sprt",
        "5,0,0.05,0.05",
    ]);
    assert!(!ok);
    assert!(err.contains("bad SPRT: elo0 must be below elo1"), "{err}");
    let (ok, _, err) = microply_elo(&["--wins", "-3", "--draws", "1", "--losses", "1"]);
    assert!(!ok);
    assert!(err.contains("--wins"), "{err}");
}

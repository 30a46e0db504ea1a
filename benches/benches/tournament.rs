//! Tournament throughput: checkers games per second at depth 4 with one and two
//! worker threads (the journaled runner, each game appended and synced, as a real
//! run does), and the cost of an external engine process per game: the same
//! tic-tac-toe games with in-process players and with `cmd = "microply engine"`
//! players, whose difference is the overhead (spawn, handshake, pipes, exit).
//!
//! The external engine is the release `microply` binary next to this bench
//! (`target/release/microply`) or `$MICROPLY_BIN`; build it first:
//!
//! `cargo build --release -p microply-host && cargo bench -p microply-benches --bench tournament`

use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use microply_host::play::game::{Entrant, GameRecord, GameSpec};
use microply_host::tournament::checkpoint::Checkpoint;
use microply_host::tournament::config::TournamentConfig;
use microply_host::tournament::run::{encounters, plan, run};

/// Four depth-4 checkers players of different algorithms, two pairings, each
/// opening with both colours: 4 games an iteration.
const CHECKERS: &str = r#"
game = "checkers"
format = "gauntlet"
random_plies = 4
seed = 5
max_plies = 200
[[player]]
name = "a"
depth = 4
[[player]]
name = "b"
algo = "pvs"
depth = 4
[[player]]
name = "c"
algo = "mtdf"
depth = 4
"#;

/// Short games, so the engine process dominates: depth-2 tic-tac-toe, 2 games.
const TICTACTOE: &str = r#"
game = "tictactoe"
random_plies = 1
seed = 5
[[player]]
name = "a"
depth = 2
[[player]]
name = "b"
depth = 2
"#;

fn engine_binary() -> PathBuf {
    if let Some(bin) = std::env::var_os("MICROPLY_BIN") {
        return bin.into();
    }
    let exe = std::env::current_exe().expect("the bench knows its path");
    let release = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/release/deps/bench");
    release.join("microply")
}

/// A run ready to play: the players started once and checked, the games planned.
struct Prepared {
    config: TournamentConfig,
    entrants: Vec<Entrant>,
    specs: Vec<GameSpec>,
}

fn prepare(text: &str, dir: &Path) -> Prepared {
    let file = dir.join("bench.toml");
    std::fs::write(&file, text).expect("a scratch config");
    let config = TournamentConfig::read(&file).expect("a good config");
    let base = PathBuf::from(".");
    let entrants = config.entrants("bench", &base).expect("players start");
    let specs = plan(&config, &base, &encounters(&config)).expect("openings");
    Prepared {
        config,
        entrants,
        specs,
    }
}

/// Plays every game on `threads` workers, appending each to a new journal in `dir`.
fn play(p: &Prepared, threads: usize, dir: &Path) -> Vec<GameRecord> {
    let checkpoint = Checkpoint::create(dir, p.config.clone(), PathBuf::from("."))
        .expect("a journal in the scratch folder");
    run(
        &p.specs,
        &p.entrants,
        checkpoint,
        dir,
        &microply_host::executor::Local { threads },
        |_, _, _| {},
        |_| None,
    )
    .expect("games play")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("microply-bench-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn bench_checkers_throughput(c: &mut Criterion) {
    let dir = scratch("checkers");
    let prepared = prepare(CHECKERS, &dir);
    let games = prepared.specs.len() as u64;
    let mut group = c.benchmark_group("tournament/checkers-depth4");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games));
    for threads in [1usize, 2] {
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &t| {
            b.iter(|| play(&prepared, t, &dir))
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(dir);
}

fn bench_external_engine(c: &mut Criterion) {
    let dir = scratch("external");
    let bin = engine_binary();
    assert!(
        bin.exists(),
        "{} is missing: cargo build --release -p microply-host, or set MICROPLY_BIN",
        bin.display()
    );
    let external = TICTACTOE.replace(
        "depth = 2",
        &format!("depth = 2\ncmd = \"{} engine\"", bin.display()),
    );
    let (inside, outside) = (prepare(TICTACTOE, &dir), prepare(&external, &dir));
    let games = inside.specs.len() as u64;
    let mut group = c.benchmark_group("tournament/tictactoe-per-game");
    group.sample_size(20);
    group.throughput(Throughput::Elements(games));
    group.bench_function("in-process", |b| b.iter(|| play(&inside, 1, &dir)));
    group.bench_function("external-process", |b| b.iter(|| play(&outside, 1, &dir)));
    group.finish();
    let _ = std::fs::remove_dir_all(dir);
}

criterion_group!(benches, bench_checkers_throughput, bench_external_engine);
criterion_main!(benches);

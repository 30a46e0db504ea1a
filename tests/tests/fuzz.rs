//! Fuzzing every text reader the engine exposes, as seeded proptest runs over
//! arbitrary strings and mutated valid inputs (docs/fuzzing.md says why not
//! cargo-fuzz, and how to run longer).
//!
//! Targets: the protocol line parser and engine, every game's FEN and move parsers,
//! the PDN game reader and the network weights reader; on the host, tournament
//! files, a run's journal (`run.json` + `games.jsonl`), player specs and time
//! controls. Invariants: no panic; an accepted FEN round-trips; `perft 1` equals the
//! number of moves; an accepted move is legal and round-trips; an error reply leaves
//! the position unchanged; accepted weights and time controls round-trip.
//!
//! `MICROPLY_FUZZ_CASES` sets the inputs per target (default 1,000);
//! `MICROPLY_FUZZ_SEED` the seed (default fixed, so CI runs are repeatable).

use std::cell::{Cell, RefCell};
use std::fmt::Write as _;

use microply_core::games::amazons::Amazons;
use microply_core::games::checkers::{pdn, Checkers, Config, NetworkWeights};
use microply_core::games::dots::Dots;
use microply_core::games::tictactoe::TicTacToe;
use microply_core::protocol::{Command, Engine, Inbox, Line, MoveWord};
use microply_core::search::{Entry, NoClock};
use microply_core::{perft, Game, Notation};
use proptest::prelude::*;
use proptest::test_runner::{Config as RunConfig, RngAlgorithm, RngSeed, TestRunner};

fn cases() -> u32 {
    env_number("MICROPLY_FUZZ_CASES").map_or(1000, |n| u32::try_from(n).unwrap_or(u32::MAX))
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// A runner with a fixed seed and no failure files: the same inputs every run.
fn runner() -> TestRunner {
    let seed = env_number("MICROPLY_FUZZ_SEED").unwrap_or(0x6d69_6372_6f70_6c79);
    let config = RunConfig {
        cases: cases(),
        failure_persistence: None,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(seed),
        ..RunConfig::default()
    };
    TestRunner::new(config)
}

/// Characters the mutations insert: the notations' own, separators, signs, and
/// spaces that are not separators.
const ALPHABET: &[char] = &[
    '0', '1', '2', '5', '9', 'a', 'b', 'h', 'j', 'x', 'X', 'q', 'Q', 'o', 'W', 'B', 'K', '-', ':',
    '/', ',', '.', '=', '+', ' ', '\t', '\r', '\n', '[', ']', '"', '{', '}', '\u{a0}', '\u{2028}',
    'é', '\u{663}', '\0',
];

/// One edit: delete, insert or replace at a position (taken modulo the length).
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize),
    Insert(usize, char),
    Replace(usize, char),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = proptest::sample::select(ALPHABET);
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), 1..8usize).prop_map(|(i, n)| Edit::Duplicate(i, n)),
    ]
}

fn apply(seed: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for e in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match *e {
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(at(i, chars.len()));
            }
            Edit::Insert(i, c) => chars.insert(at(i, chars.len() + 1), c),
            Edit::Replace(i, c) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars[i] = c;
            }
            Edit::Duplicate(i, n) if !chars.is_empty() => {
                let i = at(i, chars.len());
                let end = (i + n).min(chars.len());
                let copy: Vec<char> = chars[i..end].to_vec();
                chars.splice(end..end, copy);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Arbitrary text, printable ASCII, or a valid input with a few edits.
fn text(seeds: Vec<String>) -> impl Strategy<Value = String> {
    let mutated = (
        proptest::sample::select(seeds),
        proptest::collection::vec(edit(), 0..5),
    )
        .prop_map(|(seed, edits)| apply(&seed, &edits));
    prop_oneof![
        1 => any::<String>(),
        1 => "[ -~]{0,40}",
        4 => mutated,
    ]
}

/// Positions a few moves into the game, by a fixed choice of moves.
fn positions<G: Notation>(start: G, plies: usize) -> Vec<G> {
    let mut out = vec![start];
    for line in 0..6 {
        let mut p = start;
        for ply in 0..plies {
            let mut moves = Vec::new();
            let _ = p.for_each_move(|m| {
                moves.push(m);
                std::ops::ControlFlow::<()>::Continue(())
            });
            if moves.is_empty() {
                break;
            }
            p = p.after(moves[(line * 7 + ply * 3) % moves.len()]);
            out.push(p);
        }
    }
    out
}

fn legal_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    let _ = pos.for_each_move(|m| {
        moves.push(m);
        std::ops::ControlFlow::<()>::Continue(())
    });
    moves
}

fn fuzz_fen<G: Notation + 'static>(starts: &[G]) -> u32 {
    let positions: Vec<G> = starts.iter().flat_map(|&s| positions(s, 8)).collect();
    let seeds: Vec<String> = positions
        .iter()
        .map(|p| p.display_fen().to_string())
        .collect();
    for seed in &seeds {
        assert!(G::parse_fen(seed).is_ok(), "seed FEN {seed} must parse");
    }
    let moves = RefCell::new(vec![G::Move::default(); 1 << 14]);
    runner()
        .run(&text(seeds), |fen| {
            if let Ok(pos) = G::parse_fen(&fen) {
                let written = pos.display_fen().to_string();
                prop_assert_eq!(G::parse_fen(&written), Ok(pos), "{} -> {}", fen, written);
                let count = legal_moves(&pos).len() as u64;
                prop_assert_eq!(
                    perft(&pos, 1, &mut moves.borrow_mut()),
                    Ok(count),
                    "{}",
                    fen
                );
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
    cases()
}

fn fuzz_moves<G: Notation + 'static>(starts: &[G]) -> u32 {
    let positions: Vec<G> = starts.iter().flat_map(|&s| positions(s, 6)).collect();
    let mut seeds = Vec::new();
    for p in &positions {
        for m in legal_moves(p).into_iter().take(12) {
            seeds.push(p.display_move(m).to_string());
        }
    }
    let strategy = (proptest::sample::select(positions), text(seeds));
    runner()
        .run(&strategy, |(pos, text)| {
            if let Ok(m) = pos.parse_move(&text) {
                prop_assert!(legal_moves(&pos).contains(&m), "{} accepted illegal", text);
                let written = pos.display_move(m).to_string();
                prop_assert_eq!(pos.parse_move(&written), Ok(m));
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{} moves: {e}", G::NAME));
    cases()
}

#[test]
fn fen_and_move_parsers() {
    let mut inputs = 0;
    inputs += fuzz_fen(&[TicTacToe::START]);
    inputs += fuzz_moves(&[TicTacToe::START]);
    let checkers = [Checkers::start(&Config::default())];
    inputs += fuzz_fen(&checkers);
    inputs += fuzz_moves(&checkers);
    let dots: Vec<Dots> = ["2x2::0-0:1", "3x3::0-0:1", "1x1::0-0:1", "6x6::0-0:1"]
        .iter()
        .map(|f| Dots::parse_fen(f).expect("seed"))
        .collect();
    inputs += fuzz_fen(&dots);
    inputs += fuzz_moves(&dots);
    let amazons: Vec<Amazons> = ["size=6", "size=8", "size=10"]
        .iter()
        .map(|o| {
            let (k, v) = o.split_once('=').expect("key=value");
            let mut config = <Amazons as Game>::Config::default();
            Amazons::configure(&mut config, k, v).expect("size");
            Amazons::start(&config)
        })
        .collect();
    inputs += fuzz_fen(&amazons);
    inputs += fuzz_moves(&amazons);
    println!("fuzz: {inputs} FEN and move inputs");
}

/// An inbox where `stop` has always arrived: every search and perft ends at its
/// first stop check, which bounds the work of any generated command.
struct AlwaysStop;

impl Inbox for AlwaysStop {
    fn peek(&mut self) -> Option<Line<'_>> {
        Some(Line::Text("stop"))
    }

    fn consume(&mut self) {}
}

const COMMANDS: &[&str] = &[
    "game tictactoe",
    "game checkers",
    "game dots rows=2 cols=3",
    "game amazons size=6",
    "position start moves b2 a1",
    "position fen x../.o./...:x moves c3",
    "position fen B:W21,22:B1,2,9 moves 9-13",
    "position fen 2x2:a1-b1:0-0:2",
    "play 11-15",
    "play b2",
    "play a1-b1 a1-a2",
    "play 9x18x25",
    "moves",
    "fen",
    "status",
    "eval",
    "show",
    "perft 2",
    "go depth 3 algo=pvs",
    "go nodes 2000 algo=mtdf",
    "go movetime 5",
    "selfplay depth=2 maxplies=3 algo=alphabeta",
    "isready",
    "stop",
];

#[test]
fn protocol_lines_and_engine() {
    let mut tt = vec![Entry::EMPTY; 1024];
    let mut words: Vec<MoveWord> = vec![0; 1 << 15];
    let engine = RefCell::new(Engine::new(&mut tt, &mut words));
    let seeds: Vec<String> = COMMANDS.iter().map(|&c| c.to_owned()).collect();
    let errors = Cell::new(0u32);
    runner()
        .run(&text(seeds), |line| {
            let _ = Command::parse(&line);
            let mut engine = engine.borrow_mut();
            let mut before = String::new();
            engine.execute("fen", &NoClock, &mut before);
            let mut reply = String::new();
            let _ = engine.execute_listening(&line, &NoClock, &mut AlwaysStop, &mut reply);
            let last = reply.lines().last().unwrap_or("");
            if last.starts_with("error ") {
                errors.set(errors.get() + 1);
                let mut after = String::new();
                engine.execute("fen", &NoClock, &mut after);
                prop_assert_eq!(
                    &before,
                    &after,
                    "'{}' failed but changed the position",
                    line
                );
            }
            let ends = ["ok", "readyok", ""];
            prop_assert!(
                last.starts_with("error ") || ends.contains(&last),
                "{:?} -> {:?}",
                line,
                reply
            );
            Ok(())
        })
        .unwrap_or_else(|e| panic!("protocol: {e}"));
    println!(
        "fuzz: {} protocol lines, {} error replies",
        cases(),
        errors.get()
    );
}

const PDN_GAMES: &[&str] = &[
    "[Event \"fuzz\"]\n[Result \"1-0\"]\n1. 11-15 23-19 2. 8-11 {a comment} 22-17 1-0\n",
    "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:W14,22:B9\"]\n[Result \"*\"]\n1. 9x18x25 *\n",
    "1. 11-15 (1. 9-13) 24-20! 2. 15-18? 22x15 *",
];

#[test]
fn pdn_reader() {
    let config = Config::default();
    for game in PDN_GAMES {
        if let Err(e) = pdn::read_game(game, &config, |_, _| {}) {
            panic!("seed game must read: {e}: {game}");
        }
    }
    let seeds: Vec<String> = PDN_GAMES.iter().map(|&g| g.to_owned()).collect();
    runner()
        .run(&text(seeds), |text| {
            let mut played = 0;
            if let Ok((record, rest)) = pdn::read_game(&text, &config, |pos, m| {
                assert!(
                    legal_moves(pos).contains(&m),
                    "PDN reader reported an illegal move"
                );
                played += 1;
            }) {
                prop_assert_eq!(record.plies, played);
                prop_assert!(text.ends_with(rest));
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("pdn: {e}"));
    println!("fuzz: {} PDN texts", cases());
}

#[test]
fn network_weights_reader() {
    let mut valid = String::new();
    NetworkWeights::default()
        .write(&mut valid)
        .expect("writing to a String");
    assert_eq!(NetworkWeights::parse(&valid), Ok(NetworkWeights::default()));
    let mut short = String::new();
    for line in valid.lines().take(3) {
        let _ = writeln!(short, "{line}");
    }
    runner()
        .run(&text(vec![valid, short]), |text| {
            if let Ok(w) = NetworkWeights::parse(&text) {
                let mut again = String::new();
                w.write(&mut again).expect("writing to a String");
                prop_assert_eq!(NetworkWeights::parse(&again), Ok(w));
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("weights: {e}"));
    println!("fuzz: {} weights texts", cases());
}

const TOURNAMENT_FILES: &[&str] = &[
    include_str!("../../docs/tournaments/rr-tictactoe.toml"),
    include_str!("../../docs/tournaments/mixed-tictactoe.toml"),
    include_str!("../../docs/tournaments/de-checkers.toml"),
    include_str!("../../docs/tournaments/rr-dots.toml"),
    "game = \"tictactoe\"\nformat = \"groups\"\ngroups = 2\nrounds = 3\nmax_plies = 9\n\
     adjudication = { resign_score = 5, resign_moves = 3 }\n\
     [[player]]\nname = \"a\"\ndepth = 1\n[[player]]\nname = \"b\"\ntc = \"2+0.02\"\n",
];

#[test]
fn tournament_file_reader() {
    use microply_host::tournament::config::TournamentConfig;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("t.toml");
    for file in TOURNAMENT_FILES {
        std::fs::write(&path, file).expect("writing the file");
        if let Err(e) = TournamentConfig::read(&path) {
            panic!("seed file must read: {e}: {file}");
        }
    }
    let seeds: Vec<String> = TOURNAMENT_FILES.iter().map(|&f| f.to_owned()).collect();
    runner()
        .run(&text(seeds), |text| {
            std::fs::write(&path, &text).expect("writing the file");
            if let Ok(config) = TournamentConfig::read(&path) {
                let _ = config.planned_games();
                for p in &config.players {
                    let _ = p.validate();
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("tournament file: {e}"));
    println!("fuzz: {} tournament files", cases());
}

const JOURNAL_LINE: &str = r#"{"spec":{"index":0,"round":1,"first":0,"second":1,"opening":{"moves":["b2"]}},"first":"a","second":"b","sides":["x","o"],"moves":["b2","a1"],"outcome":"Draw","termination":"max-plies","reason":"","nodes":[1,2],"millis":3}"#;

#[test]
fn journal_reader() {
    use microply_host::tournament::checkpoint::{Checkpoint, JOURNAL_FILE, RUN_FILE};
    use microply_host::tournament::config::TournamentConfig;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("t.toml");
    std::fs::write(&path, TOURNAMENT_FILES[0]).expect("writing the file");
    let config = TournamentConfig::read(&path).expect("the seed file");
    Checkpoint::create(dir.path(), config, dir.path().to_owned()).expect("a new run");
    let run = std::fs::read_to_string(dir.path().join(RUN_FILE)).expect("run.json");
    let journal = format!("{JOURNAL_LINE}\n{JOURNAL_LINE}\n");
    std::fs::write(dir.path().join(JOURNAL_FILE), &journal).expect("the journal");
    let seed = Checkpoint::load(dir.path()).unwrap_or_else(|e| panic!("seed journal: {e}"));
    assert_eq!(seed.records.len(), 2);
    let files = (
        text(vec![run.clone()]),
        text(vec![
            journal.clone(),
            JOURNAL_LINE.to_owned(),
            String::new(),
        ]),
        0..3usize,
    );
    runner()
        .run(&files, |(run_text, journal_text, which)| {
            // Damage one file or both; the other keeps its good form.
            let (r, j) = match which {
                0 => (run_text.as_str(), journal.as_str()),
                1 => (run.as_str(), journal_text.as_str()),
                _ => (run_text.as_str(), journal_text.as_str()),
            };
            std::fs::write(dir.path().join(RUN_FILE), r).expect("run.json");
            std::fs::write(dir.path().join(JOURNAL_FILE), j).expect("the journal");
            if let Ok(c) = Checkpoint::load(dir.path()) {
                prop_assert!(c.records.len() <= j.lines().count());
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("journal: {e}"));
    println!("fuzz: {} journals", cases());
}

const PLAYER_SPECS: &[&str] = &[
    "name=A,algo=pvs,depth=6,weights=1;1.5;0.1",
    "name=S,mode=selective,movetime=100",
    "name=C,tc=2+0.02,evaluator=baseline,table=65536",
    "name=N,nodes=5000,algo=mtdf",
    "name=E,cmd=./engine --flag,depth=3",
];

#[test]
fn player_spec_reader() {
    use microply_host::play::player::PlayerConfig;
    for spec in PLAYER_SPECS {
        if let Err(e) = PlayerConfig::parse_spec(spec) {
            panic!("seed spec must read: {e}: {spec}");
        }
    }
    let seeds: Vec<String> = PLAYER_SPECS.iter().map(|&s| s.to_owned()).collect();
    runner()
        .run(&text(seeds), |text| {
            if let Ok(p) = PlayerConfig::parse_spec(&text) {
                prop_assert!(p.validate().is_ok(), "an accepted spec validates: {}", text);
                prop_assert!(!p.name.trim().is_empty());
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("player spec: {e}"));
    println!("fuzz: {} player specs", cases());
}

#[test]
fn time_control_reader() {
    use microply_host::play::clock::TimeControl;
    let seeds: Vec<String> = ["2+0.02", "60+0.6", "0.5", "10+0", "604800+1.5"]
        .iter()
        .map(|&s| s.to_owned())
        .collect();
    runner()
        .run(&text(seeds), |text| {
            if let Ok(tc) = text.parse::<TimeControl>() {
                prop_assert!(tc.base_ms > 0);
                prop_assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc));
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("time control: {e}"));
    println!("fuzz: {} time controls", cases());
}

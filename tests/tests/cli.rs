//! The host adapters: `microply engine` over byte streams and `microply play`.

use microply_core::games::checkers::Checkers;
use microply_core::games::tictactoe::TicTacToe;
use microply_core::search::{Algorithm, Mode, TableUse};
use microply_host::cli::engine::serve;
use microply_host::cli::play::{session, PlayArgs};

fn engine_replies(input: &[u8]) -> String {
    let mut out = Vec::new();
    serve(input, &mut out, 1024).expect("in-memory I/O cannot fail");
    String::from_utf8(out).expect("replies are UTF-8")
}

#[test]
fn engine_rejects_long_and_binary_lines_and_stops_at_quit() {
    let mut input = Vec::new();
    input.extend_from_slice(b"play b2\r\n");
    input.extend_from_slice(&[b'x'; 3000]);
    input.extend_from_slice(b"\n\xff\xfe\nfen\nquit\nfen\n");
    assert_eq!(
        engine_replies(&input),
        "ok\nerror line longer than 2048 bytes\nerror line is not valid UTF-8\nfen .../.x./...:o\nok\nok\n"
    );
}

#[test]
fn engine_ends_quietly_at_end_of_input() {
    assert_eq!(
        engine_replies(b"status"),
        "status turn=x result=ongoing\nok\n"
    );
}

fn play(side: Option<&str>, input: &str) -> String {
    let args = PlayArgs {
        options: vec![],
        depth: Some(9),
        movetime: None,
        side: side.map(str::to_string),
        egtb: None,
        algo: Algorithm::Sss,
        mode: Mode::Exact,
        tt: TableUse::Clear,
        patterns: None,
        residual: None,
    };
    let mut out = Vec::new();
    session::<TicTacToe>(&args, input.as_bytes(), &mut out).expect("a scripted game");
    String::from_utf8(out).expect("UTF-8 output")
}

#[test]
fn a_person_loses_a_careless_game_and_gets_told_why_moves_fail() {
    // x: a1, (o b2), a2, (o a3 forced), b1 ignores the a3-b2-c1 threat: o wins at c1.
    let out = play(Some("x"), "a1\nzz\nb2\na2\nmoves\nb1\n");
    assert!(out.contains("'zz': malformed move"), "{out}");
    assert!(out.contains("legal moves:"), "{out}");
    assert!(out.contains("microply (o) plays b2"), "{out}");
    assert!(out.contains("'b2': illegal move"), "{out}");
    assert!(out.contains("Game over: o wins. microply wins."), "{out}");
}

#[test]
fn playing_second_lets_the_engine_open_and_end_of_input_says_bye() {
    let out = play(Some("o"), "");
    assert!(out.contains("microply (x) plays"), "{out}");
    assert!(out.trim_end().ends_with("bye"), "{out}");
}

#[test]
fn an_unknown_side_is_an_error_naming_the_sides() {
    let args = PlayArgs {
        options: vec![],
        depth: Some(1),
        movetime: None,
        side: Some("red".into()),
        egtb: None,
        algo: Algorithm::Sss,
        mode: Mode::Exact,
        tt: TableUse::Clear,
        patterns: None,
        residual: None,
    };
    let err = session::<TicTacToe>(&args, &b""[..], &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown side 'red' for tictactoe (expected x or o)"
    );
}

#[test]
fn pattern_tables_are_for_checkers_only() {
    let args = PlayArgs {
        options: vec![],
        depth: Some(1),
        movetime: None,
        side: None,
        egtb: None,
        algo: Algorithm::Pvs,
        mode: Mode::Exact,
        tt: TableUse::Clear,
        patterns: Some("core/data/checkers-patterns-kings.bin".into()),
        residual: None,
    };
    let err = session::<TicTacToe>(&args, &b""[..], &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "--patterns and --residual are for checkers, not tictactoe"
    );
    let only_residual = PlayArgs {
        patterns: None,
        residual: Some("none".into()),
        ..args.clone()
    };
    let err = session::<TicTacToe>(&only_residual, &b""[..], &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "--patterns and --residual are for checkers, not tictactoe"
    );
    let args = PlayArgs {
        patterns: Some("/nonexistent/tables.bin".into()),
        ..args
    };
    let err = session::<Checkers>(&args, &b""[..], &mut Vec::new()).unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("--patterns: patterns tables '/nonexistent/tables.bin': "),
        "{text}"
    );
    // A tables file where the network belongs is refused, named.
    let args = PlayArgs {
        patterns: None,
        residual: Some(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../core/data/checkers-patterns.bin"
            )
            .into(),
        ),
        ..args
    };
    let err = session::<Checkers>(&args, &b""[..], &mut Vec::new()).unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("--residual: residual network '")
            && text.ends_with(
                "checkers-patterns.bin': not a checkers residual network (no MPLYRES1 header)"
            ),
        "{text}"
    );
}

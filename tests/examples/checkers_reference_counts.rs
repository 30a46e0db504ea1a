//! Prints perft counts (depths 1–5) of hand-made checkers positions by the reference
//! generator on a plain 8x8 array, one `FEN d1 d2 d3 d4 d5` line each, the format of
//! `tests/data/checkers/perft-paths.txt`:
//!
//! `cargo run --release -p microply-tests --example checkers_reference_counts -- FEN...`

use std::process::ExitCode;

use microply_core::games::checkers::Checkers;
use microply_core::Notation;
use microply_tests::checkers_reference::Board;

fn main() -> ExitCode {
    let fens: Vec<String> = std::env::args().skip(1).collect();
    if fens.is_empty() {
        eprintln!("usage: checkers_reference_counts FEN...");
        return ExitCode::FAILURE;
    }
    for fen in &fens {
        let pos = match Checkers::parse_fen(fen) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{fen}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let board = Board::from_position(&pos);
        let counts: Vec<String> = (1..=5).map(|d| board.perft(d).to_string()).collect();
        println!("{fen} {}", counts.join(" "));
    }
    ExitCode::SUCCESS
}

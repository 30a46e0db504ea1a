//! The `microply` subcommands, one file each.

pub mod analyze;
pub mod crosscheck;
pub mod engine;
pub mod perft;
pub mod play;
pub mod setup;
pub mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use microply_core::games::GameKind;
use microply_core::search::Algorithm;
use microply_core::with_game;

pub use setup::GameArgs;

/// microply: one game engine for tic-tac-toe, checkers, Dots-and-Boxes and Amazons,
/// on the desktop and on a microcontroller.
#[derive(Debug, Parser)]
#[command(name = "microply", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a Dots-and-Boxes position exactly: value, best move, nodes and time.
    Solve {
        /// The game (dots).
        #[arg(value_parser = parse_game)]
        game: GameKind,
        /// Box rows of the empty board (default 3; with --fen, must be the FEN's).
        #[arg(long)]
        rows: Option<u8>,
        /// Box columns of the empty board (default 3; with --fen, must be the FEN's).
        #[arg(long)]
        cols: Option<u8>,
        /// Solve this position instead of the empty board.
        #[arg(long)]
        fen: Option<String>,
        /// Solver table entries (16 bytes each; the default is 256 MiB).
        #[arg(long, default_value_t = 1 << 24, value_parser = parse_tt_entries)]
        tt_entries: usize,
    },
    /// Speak the engine protocol (docs/protocol.md) on stdin/stdout.
    Engine {
        /// Transposition table entries (16 bytes each; at least 1).
        #[arg(long, default_value_t = crate::memory::DEFAULT_TT_ENTRIES, value_parser = parse_tt_entries)]
        tt_entries: usize,
    },
    /// Count the leaves of the move tree to DEPTH plies, with time and nodes/s.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Plies to count.
        depth: u32,
        /// Also print the count under each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Search a position and print one info line per iteration.
    Analyze {
        #[command(flatten)]
        game: GameArgs,
        /// Nominal depth in plies (1 to the search's maximum).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(microply_core::search::MAX_DEPTH)))]
        depth: u32,
        /// Search algorithm.
        #[arg(long, default_value = "sss", value_parser = parse_algorithm)]
        algo: Algorithm,
    },
    /// Send the same command script to the host engine and to the firmware under
    /// QEMU and compare every reply (timing fields aside); fails on any difference.
    Crosscheck {
        /// The firmware ELF (built for mps2-an386).
        #[arg(long = "firmware", value_name = "ELF")]
        elf: std::path::PathBuf,
        /// Also print the firmware report (memory, stack, instructions per node).
        #[arg(long)]
        report: bool,
        #[command(flatten)]
        run: crosscheck::RunArgs,
    },
    /// Run the suites on the firmware under QEMU with exact instruction counting and
    /// report flash and RAM by section, stack high-water and instructions per node.
    FirmwareReport {
        /// The firmware ELF (built for mps2-an386).
        elf: std::path::PathBuf,
        #[command(flatten)]
        run: crosscheck::RunArgs,
    },
    /// Decode a firmware's defmt log (the file QEMU wrote for UART1) against its ELF.
    FirmwareLog {
        /// The firmware ELF the log came from.
        elf: std::path::PathBuf,
        /// The raw log (firmware/tools/qemu-run.sh writes defmt.log next to the ELF).
        log: std::path::PathBuf,
    },
    /// Play a game against the engine in the terminal.
    Play {
        /// tictactoe, checkers, dots or amazons.
        #[arg(value_parser = parse_game)]
        game: GameKind,
        /// Game options such as rows=3 (repeatable).
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Engine search depth per move.
        #[arg(long, conflicts_with = "movetime")]
        depth: Option<u32>,
        /// Engine time per move in milliseconds (default 1000).
        #[arg(long)]
        movetime: Option<u64>,
        /// The side you play (x/o, black/white, first/second); default: the side to move first.
        #[arg(long = "as", value_name = "SIDE")]
        side: Option<String>,
        /// Search algorithm.
        #[arg(long, default_value = "sss", value_parser = parse_algorithm)]
        algo: Algorithm,
    },
}

/// A table size: a number of entries, at least one.
fn parse_tt_entries(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("the table needs at least 1 entry".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e}")),
    }
}

/// The exit status of a failed run: 2 for what the user asked that cannot be
/// done as asked (like clap's usage errors), 1 otherwise.
#[must_use]
pub fn exit_code(error: &anyhow::Error) -> ExitCode {
    if error.downcast_ref::<crate::memory::TooLarge>().is_some() {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}

pub(crate) fn parse_game(s: &str) -> Result<GameKind, String> {
    s.parse().map_err(|e| format!("{e}"))
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse().map_err(|e| format!("{e}"))
}

/// Runs a parsed command line.
///
/// # Errors
/// Bad game options or FENs, I/O failures.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Engine { tt_entries } => engine::run(tt_entries),
        Command::Solve {
            game,
            rows,
            cols,
            fen,
            tt_entries,
        } => solve::run(&solve::SolveArgs {
            game,
            rows,
            cols,
            fen,
            tt_entries,
        }),
        Command::Crosscheck { elf, report, run } => {
            return crosscheck::run(&crosscheck::FirmwareArgs { elf, run }, report);
        }
        Command::FirmwareReport { elf, run } => {
            return crosscheck::firmware_report(&crosscheck::FirmwareArgs { elf, run });
        }
        Command::FirmwareLog { elf, log } => crosscheck::print_log(&elf, &log),
        Command::Perft {
            game,
            depth,
            divide,
        } => {
            with_game!(game.kind, G => perft::run::<G>(&game, depth, divide))
        }
        Command::Analyze { game, depth, algo } => {
            with_game!(game.kind, G => analyze::run::<G>(&game, depth, algo))
        }
        Command::Play {
            game,
            options,
            depth,
            movetime,
            side,
            algo,
        } => {
            let args = play::PlayArgs {
                options,
                depth,
                movetime,
                side,
                algo,
            };
            with_game!(game, G => play::run::<G>(&args))
        }
    }?;
    Ok(ExitCode::SUCCESS)
}

//! The `microply` subcommands, one file each.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod crosscheck;
pub mod datagen;
pub mod device;
pub mod egtb;
pub mod elo;
pub mod engine;
pub mod executor;
pub mod experiment;
pub mod nn;
pub mod patterns;
pub mod perft;
pub mod play;
pub mod play_batch;
pub mod samples;
pub mod setup;
pub mod solve;
pub mod tournament;
pub mod train;
pub mod tune;
pub mod web;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use microply_core::games::GameKind;
use microply_core::search::{Algorithm, Mode, TableUse};
use microply_core::with_game;

use crate::play::names::Named as _;
use crate::ratings::Sprt;

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
    /// Search fixed positions of every game to a fixed depth: nodes per position, total
    /// nodes, nodes/s and a node signature (the protocol's `bench`).
    Bench,
    /// Speak the engine protocol (docs/protocol.md) on stdin/stdout.
    Engine {
        /// Transposition table entries (16 bytes each; at least 1).
        #[arg(long, default_value_t = crate::memory::DEFAULT_TT_ENTRIES, value_parser = parse_tt_entries)]
        tt_entries: usize,
        /// Checkers endgame databases (`egtb generate`) probed by every search.
        #[arg(long, value_name = "DIR")]
        egtb: Option<std::path::PathBuf>,
        /// Checkers pattern tables (`patterns train --out FILE`) for the `patterns`
        /// evaluator instead of the compiled-in ones, e.g. the kings layout's
        /// core/data/checkers-patterns-kings.bin (docs/checkers-patterns.md).
        #[arg(long, value_name = "FILE")]
        patterns: Option<std::path::PathBuf>,
        /// The `patterns` evaluator's residual network (`patterns residual --out
        /// FILE`), or `none` for the tables alone; by default the compiled-in network
        /// with the compiled-in tables, none with --patterns.
        #[arg(long, value_name = "FILE|none")]
        residual: Option<std::path::PathBuf>,
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
        #[arg(long, default_value = "pvs", value_parser = parse_algorithm)]
        algo: Algorithm,
        /// Checkers endgame databases (`egtb generate`) probed by the search.
        #[arg(long, value_name = "DIR")]
        egtb: Option<std::path::PathBuf>,
        /// Search mode: exact (every algorithm gives minimax's value), selective or probcut
        /// (the exact search with ProbCut, history order and null-window reductions).
        #[arg(long, default_value = "exact", value_parser = parse_mode)]
        mode: Mode,
    },
    /// Send the same command script to the host engine and to the firmware under
    /// QEMU (or another engine program) and compare every reply (timing fields
    /// aside); fails on any difference.
    Crosscheck {
        /// The firmware ELF (built for mps2-an386).
        #[arg(
            long = "firmware",
            value_name = "ELF",
            required_unless_present = "engine"
        )]
        elf: Option<std::path::PathBuf>,
        /// Instead of the firmware: a program speaking the protocol on stdin/stdout,
        /// as a command line (e.g. "node web/node/engine.mjs", the browser's engine);
        /// it is given `--tt-entries N --move-words N`, the host's sizes.
        #[arg(long, value_name = "COMMAND", conflicts_with_all = ["elf", "report"])]
        engine: Option<String>,
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
    /// The standalone device's screens as PNG frames from a script of button presses
    /// (on the host, or the firmware's `device` program under QEMU), checked against
    /// reference frames; or the emulated device played from the terminal.
    Device(device::DeviceArgs),
    /// Decode a firmware's defmt log (the file QEMU wrote for UART1) against its ELF.
    FirmwareLog {
        /// The firmware ELF the log came from.
        elf: std::path::PathBuf,
        /// The raw log (firmware/tools/qemu-run.sh writes defmt.log next to the ELF).
        log: std::path::PathBuf,
    },
    /// Elo difference with its 95% margin and LOS from a match's wins, draws and
    /// losses (as fastchess computes them), from game pairs, with an SPRT; or a
    /// simulation of how many games an SPRT needs (--simulate).
    Elo(elo::EloArgs),
    /// Play a tournament between configured players (a TOML file, or --player
    /// specs): round robin, double round robin, gauntlet, groups, double elimination
    /// or mixed (groups, then a bracket); see docs/tournaments.md.
    Tournament {
        /// The configuration file (TOML); without it, --player and the options below.
        config: Option<std::path::PathBuf>,
        /// A player as name=A,algo=pvs,depth=6[,evaluator=E,weights=FILE|v;v;..,table=N,cmd=..,firmware=ELF] (repeatable).
        #[arg(long = "player", value_name = "SPEC")]
        players: Vec<String>,
        /// round-robin, double-round-robin, gauntlet, groups, double-elimination or
        /// mixed (without a file).
        #[arg(long, default_value = "round-robin", value_parser = parse_format)]
        format: crate::tournament::config::Format,
        #[command(flatten)]
        schedule: tournament::ScheduleArgs,
        #[command(flatten)]
        run: tournament::RunArgs,
    },
    /// Tune the checkers `expert` evaluator: seeded self-play, then Texel regression
    /// of the results on its features; writes the weights file and prints the
    /// protocol's `weights` line.
    Tune {
        /// The game (checkers).
        #[arg(value_parser = parse_game)]
        game: GameKind,
        #[command(flatten)]
        args: tune::TuneArgs,
    },
    /// Play a match between two players (specs as for `tournament --player`), each
    /// opening with both colours; Elo, LOS, pentanomial, and an optional SPRT that stops early.
    Match {
        /// Player A (with --resume: optional, the saved run's A when absent).
        #[arg(required_unless_present = "resume")]
        a: Option<String>,
        /// Player B (with --resume: optional, the saved run's B when absent).
        #[arg(required_unless_present = "resume")]
        b: Option<String>,
        /// Games to play (rounded up to pairs).
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// Stop early by an SPRT of elo0 against elo1 with error rates alpha and beta,
        /// decided at pair boundaries; the model is logistic (default), normalized or
        /// bayeselo (docs/ratings.md).
        #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA[,MODEL]", value_parser = parse_sprt)]
        sprt: Option<Sprt>,
        #[command(flatten)]
        schedule: tournament::ScheduleArgs,
        #[command(flatten)]
        run: tournament::RunArgs,
    },
    /// Labelled checkers positions from node-limited self-play (the deck plus random
    /// plies, adjudicated): a resumable match whose positions go to positions.bin
    /// with each game's result and the search's score (docs/datagen.md).
    Datagen(datagen::DatagenArgs),
    /// The checkers `patterns` evaluator: fit its tables to datagen's positions
    /// (docs/checkers-patterns.md).
    Patterns {
        /// What to do.
        #[command(subcommand)]
        command: patterns::PatternsCommand,
    },
    /// Generate a book of balanced openings: seeded random plies from the start, kept
    /// when a fixed-depth search scores them within --window (books/README.md).
    Book(book::BookArgs),
    /// Train evaluator weights with the curriculum GA (or ACO_R) by games against a
    /// sparring partner: champions, fitness.csv and plots in --out; see docs/ga.md.
    Train(train::TrainArgs),
    /// Play a batch of games given as JSON lines (the job contract of docs/scale.md)
    /// and write one JSON record a line as each game finishes; what a Ray worker runs.
    PlayBatch(play_batch::PlayBatchArgs),
    /// Serve the browser page (play and analyse every game) on localhost.
    Web {
        /// The port on 127.0.0.1 (0: any free port).
        #[arg(long, default_value_t = 8471)]
        port: u16,
    },
    /// Checkers endgame databases: generate, probe, verify (docs/egtb.md).
    Egtb {
        /// What to do with them.
        #[command(subcommand)]
        command: egtb::EgtbCommand,
    },
    /// Train the checkers network (docs/checkers-network.md).
    Nn {
        /// What to do.
        #[command(subcommand)]
        command: nn::NnCommand,
    },
    /// The weight trainer's checks and experiments: validate, vs-hand, champions,
    /// curriculum, time (docs/ga.md).
    Experiment {
        /// Which experiment.
        #[command(subcommand)]
        command: experiment::ExperimentCommand,
    },
    /// Generate checkers network training samples by tournaments of evolving
    /// networks, with a report (docs/samples.md).
    Samples(samples::SamplesArgs),
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
        /// Search algorithm (PVS: the null-window passes of sss re-search the selective
        /// mode's reduced moves, docs/search.md).
        #[arg(long, default_value = "pvs", value_parser = parse_algorithm)]
        algo: Algorithm,
        /// Checkers endgame databases (`egtb generate`) probed by the engine's search
        /// (default: the tables in `$MICROPLY_EGTB` or ~/.local/share/microply/egtb
        /// when there are any).
        #[arg(long, value_name = "DIR", conflicts_with = "no_egtb")]
        egtb: Option<std::path::PathBuf>,
        /// Play without endgame tables even when the default directory holds some.
        #[arg(long)]
        no_egtb: bool,
        /// Search mode: probcut (the exact search with ProbCut, history order and
        /// null-window reductions, the strongest measured in checkers), selective
        /// (aspiration, history, reductions, extensions) or exact.
        #[arg(long, default_value = "probcut", value_parser = parse_mode)]
        mode: Mode,
        /// Keep the transposition table between the engine's moves (keep: in ProbCut
        /// mode the new search builds on the last one's deeper results, +48 Elo,
        /// docs/checkers-strength.md test 67) or clear it before each (clear).
        #[arg(long, default_value = "keep", value_parser = parse_table_use)]
        tt: TableUse,
        /// Checkers pattern tables (`patterns train --out FILE`) for the engine's
        /// `patterns` evaluator instead of the compiled-in ones, e.g. the kings
        /// layout's core/data/checkers-patterns-kings.bin.
        #[arg(long, value_name = "FILE")]
        patterns: Option<std::path::PathBuf>,
        /// The `patterns` evaluator's residual network, or `none` (as `engine
        /// --residual`).
        #[arg(long, value_name = "FILE|none")]
        residual: Option<std::path::PathBuf>,
    },
}

/// `--concurrency` (alias `--threads`, hidden): worker threads, at least one.
///
/// # Errors
/// Not a number, or zero.
pub fn parse_concurrency(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("0 threads cannot play a game: give at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("'{s}': {e}")),
    }
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

pub(crate) fn parse_pentanomial(s: &str) -> Result<crate::ratings::Pentanomial, String> {
    s.parse().map_err(|e| format!("{e}"))
}

fn parse_format(s: &str) -> Result<crate::tournament::config::Format, String> {
    use crate::tournament::config::Format;
    match s {
        "round-robin" => Ok(Format::RoundRobin),
        "double-round-robin" => Ok(Format::DoubleRoundRobin),
        "gauntlet" => Ok(Format::Gauntlet),
        "groups" => Ok(Format::Groups),
        "double-elimination" => Ok(Format::DoubleElimination),
        "mixed" => Ok(Format::Mixed),
        _ => Err(format!(
            "unknown format '{s}' (expected round-robin, double-round-robin, gauntlet, \
             groups, double-elimination or mixed)"
        )),
    }
}

pub(crate) fn parse_sprt(s: &str) -> Result<Sprt, String> {
    s.parse().map_err(|e| format!("{e}"))
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse().map_err(|e| format!("{e}"))
}

fn parse_mode(s: &str) -> Result<Mode, String> {
    s.parse().map_err(|e| format!("{e}"))
}

/// `--tt`: `keep` or `clear`.
fn parse_table_use(s: &str) -> Result<TableUse, String> {
    TableUse::from_name(s).map_err(|e| e.to_string())
}

/// Runs a parsed command line.
///
/// # Errors
/// Bad game options or FENs, I/O failures.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Engine {
            tt_entries,
            egtb,
            patterns,
            residual,
        } => engine::run(
            tt_entries,
            egtb.as_deref(),
            patterns.as_deref(),
            residual.as_deref(),
        ),
        Command::Bench => bench::run(),
        Command::Web { port } => web::run(port),
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
        Command::Crosscheck {
            elf,
            engine,
            report,
            run,
        } => {
            return match (elf, engine) {
                (_, Some(engine)) => crosscheck::run_engine(&engine, &run),
                (Some(elf), None) => {
                    crosscheck::run(&crosscheck::FirmwareArgs { elf, run }, report)
                }
                (None, None) => anyhow::bail!("give --firmware ELF or --engine COMMAND"),
            };
        }
        Command::FirmwareReport { elf, run } => {
            return crosscheck::firmware_report(&crosscheck::FirmwareArgs { elf, run });
        }
        Command::Tournament {
            config,
            players,
            format,
            schedule,
            run,
        } => tournament::tournament(config, &players, &schedule, format, &run),
        Command::Match {
            a,
            b,
            games,
            sprt,
            schedule,
            run,
        } => tournament::matchup(a.as_deref(), b.as_deref(), games, sprt, &schedule, &run),
        Command::Datagen(args) => datagen::run(&args),
        Command::Patterns { command } => patterns::run(&command),
        Command::Elo(args) => elo::run(&args),
        Command::Book(args) => book::run(&args),
        Command::Egtb { command } => egtb::run(&command),
        Command::Experiment { command } => experiment::run(&command),
        Command::Train(args) => train::run(&args),
        Command::Nn { command } => nn::run(&command),
        Command::Tune { game, args } => tune::run(game, &args),
        Command::PlayBatch(args) => play_batch::run(&args),
        Command::Samples(args) => samples::run(&args),
        Command::FirmwareLog { elf, log } => crosscheck::print_log(&elf, &log),
        Command::Device(args) => return device::run(&args),
        Command::Perft {
            game,
            depth,
            divide,
        } => {
            with_game!(game.kind, G => perft::run::<G>(&game, depth, divide))
        }
        Command::Analyze {
            game,
            depth,
            algo,
            mode,
            egtb,
        } => {
            with_game!(game.kind, G => analyze::run::<G>(&game, depth, algo, mode, egtb.as_deref()))
        }
        Command::Play {
            game,
            options,
            depth,
            movetime,
            side,
            algo,
            egtb,
            no_egtb,
            mode,
            tt,
            patterns,
            residual,
        } => {
            let egtb = egtb.or_else(|| crate::egtb::location::default_for(game, no_egtb));
            let args = play::PlayArgs {
                options,
                depth,
                movetime,
                side,
                algo,
                egtb,
                mode,
                tt,
                patterns,
                residual,
            };
            with_game!(game, G => play::run::<G>(&args))
        }
    }?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::Cli;

    fn parses(args: &[&str]) -> Result<Cli, String> {
        Cli::try_parse_from(std::iter::once("microply").chain(args.iter().copied()))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn concurrency_is_one_flag_with_threads_as_an_alias_and_zero_refused() {
        let tournament = ["tournament", "--player", "name=a,depth=1", "--out", "o"];
        for flag in ["--concurrency", "--threads"] {
            let with = |n: &str| parses(&[&tournament[..], &[flag, n]].concat());
            assert!(with("2").is_ok(), "{flag}");
            let e = with("0").unwrap_err();
            assert!(e.contains("0 threads cannot play a game"), "{flag}: {e}");
        }
        for command in [
            &["samples", "--base", "b.txt", "--out", "o"][..],
            &["tune", "checkers", "--games", "1"][..],
            &["experiment", "validate", "--weights", "w.txt"][..],
            &["egtb", "generate", "--pieces", "4", "--out", "o"][..],
        ] {
            let e = parses(&[command, &["--concurrency", "0"]].concat()).unwrap_err();
            assert!(e.contains("0 threads"), "{command:?}: {e}");
            assert!(
                parses(&[command, &["--threads", "1"]].concat()).is_ok(),
                "{command:?}"
            );
        }
    }

    /// `play` keeps its table unless told to clear it; another word is refused with
    /// the two that work.
    #[test]
    fn play_keeps_the_table_by_default_and_names_the_table_uses() {
        use super::{Command, TableUse};
        let tt = |args: &[&str]| match parses(&[&["play", "checkers"][..], args].concat()) {
            Ok(Cli {
                command: Command::Play { tt, .. },
            }) => Ok(tt),
            Ok(_) => Err("not play".to_owned()),
            Err(e) => Err(e),
        };
        assert_eq!(tt(&[]), Ok(TableUse::Keep));
        assert_eq!(tt(&["--tt", "clear"]), Ok(TableUse::Clear));
        let e = tt(&["--tt", "forever"]).unwrap_err();
        assert!(
            e.contains("unknown table use 'forever' (expected clear or keep)"),
            "{e}"
        );
    }
}

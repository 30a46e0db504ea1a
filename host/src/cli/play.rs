//! `microply play`: a person plays the engine in the terminal.

use std::io::{BufRead, Write};
use std::time::Instant;

use anyhow::{anyhow, bail};
use microply_core::games::checkers::{Checkers, CheckersEval};
use microply_core::search::{Algorithm, Knowledge, Limits, Mode, Settings, Table, TableUse};
use microply_core::selectable::EvaluatorSet;
use microply_core::{decide_with, prepare_table, Game, Outcome, Playable, Player};

use super::setup::start_position;
use crate::clock::HostClock;
use crate::memory::SearchMemory;

/// How the engine plays and which side the person takes.
#[derive(Debug, Clone)]
pub struct PlayArgs {
    /// Game options (`key=value`).
    pub options: Vec<String>,
    /// Engine depth per move.
    pub depth: Option<u32>,
    /// Engine milliseconds per move (default 1000 when no depth is given).
    pub movetime: Option<u64>,
    /// The person's side name.
    pub side: Option<String>,
    /// The engine's algorithm.
    pub algo: Algorithm,
    /// Checkers endgame databases for the engine's search.
    pub egtb: Option<std::path::PathBuf>,
    /// The engine's search mode (`microply play` defaults to probcut: strength).
    pub mode: Mode,
    /// Whether the engine's table is kept between its moves (`microply play`
    /// defaults to keep: with ProbCut, strength) or cleared before each.
    pub tt: TableUse,
    /// Checkers pattern tables for the engine's `patterns` evaluator instead of the
    /// compiled-in ones (checkers only).
    pub patterns: Option<std::path::PathBuf>,
    /// The `patterns` evaluator's residual network, or `none` (checkers only).
    pub residual: Option<std::path::PathBuf>,
}

/// The default evaluators, checkers' `patterns` on the tables of the file `patterns`
/// and the network `residual` if either is given
/// ([`crate::play::pattern_tables::patterns`]).
///
/// # Errors
/// A file given for another game than checkers, or one that does not load.
fn evaluators<G: Playable>(
    patterns: Option<&std::path::Path>,
    residual: Option<&std::path::Path>,
) -> anyhow::Result<EvaluatorSet> {
    let mut set = EvaluatorSet::default();
    if (patterns.is_some() || residual.is_some()) && G::NAME != Checkers::NAME {
        bail!(
            "--patterns and --residual are for checkers, not {}",
            G::NAME
        );
    }
    if let Some(p) = crate::play::pattern_tables::patterns(patterns, residual)
        .map_err(|e| anyhow!(e.for_options()))?
    {
        set.checkers = CheckersEval::Patterns(p);
    }
    Ok(set)
}

/// Plays on the terminal.
///
/// # Errors
/// Bad options or side, I/O errors.
pub fn run<G: Playable>(args: &PlayArgs) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    session::<G>(args, stdin.lock(), &mut stdout.lock())
}

/// Plays with moves read from `input` and the board written to `out`.
///
/// # Errors
/// Bad options or side, I/O errors.
pub fn session<G: Playable>(
    args: &PlayArgs,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut pos: G = start_position(&args.options)?;
    let tables = crate::egtb::load_for::<G>(args.egtb.as_deref())?;
    let oracles = crate::egtb::oracles(tables.as_ref());
    let evaluators = evaluators::<G>(args.patterns.as_deref(), args.residual.as_deref())?;
    let eval = G::evaluator(&evaluators);
    let knowledge = Knowledge::new(&eval, G::oracle(&oracles));
    let person = person_side::<G>(args.side.as_deref())?;
    let limits = match (args.depth, args.movetime) {
        (Some(d), _) => Limits::depth(d),
        (None, ms) => Limits::time_ms(ms.unwrap_or(1000)),
    };
    let settings = Settings {
        algorithm: args.algo,
        limits,
        mode: args.mode,
        ..Settings::default()
    };
    let mut memory = SearchMemory::default();
    let mut tt = Table::new(&mut memory.tt);
    let mut moves = vec![G::Move::default(); crate::memory::DEFAULT_MOVE_WORDS * 2];
    writeln!(
        out,
        "You play {} against microply. Type a move, 'moves' for the legal moves, 'quit' to stop.",
        G::side_name(person)
    )?;
    loop {
        write_board(&pos, out)?;
        if let Some(outcome) = pos.outcome() {
            writeln!(out, "{}", result_text::<G>(outcome, person))?;
            return Ok(());
        }
        if pos.side_to_move() == person {
            write!(out, "your move ({}): ", G::side_name(person))?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "\nbye")?;
                return Ok(());
            }
            match line.trim() {
                "" => {}
                "quit" | "exit" => return Ok(()),
                "moves" | "help" | "?" => writeln!(out, "legal moves: {}", legal_moves(&pos))?,
                text => match pos.parse_move(text) {
                    Ok(m) => pos = pos.after(m),
                    Err(e) => writeln!(out, "'{text}': {e}. Legal moves: {}", legal_moves(&pos))?,
                },
            }
        } else {
            prepare_table(&mut tt, args.tt);
            let started = Instant::now();
            let clock = HostClock::new();
            let result = decide_with(
                &pos,
                &knowledge,
                &mut tt,
                &mut moves,
                &settings,
                &clock,
                |_| {},
            )
            .map_err(|e| anyhow!("{e}"))?;
            let m = result
                .best
                .ok_or_else(|| anyhow!("the engine found no move"))?;
            writeln!(
                out,
                "microply ({}) plays {}   [score {}, depth {}, {} nodes, {} ms]",
                G::side_name(pos.side_to_move()),
                pos.display_move(m),
                result.score.unwrap_or_default(),
                result.depth,
                result.stats.nodes,
                started.elapsed().as_millis()
            )?;
            pos = pos.after(m);
        }
    }
}

fn person_side<G: Playable>(name: Option<&str>) -> anyhow::Result<Player> {
    let Some(name) = name else {
        return Ok(Player::First);
    };
    for p in [Player::First, Player::Second] {
        if G::side_name(p) == name {
            return Ok(p);
        }
    }
    bail!(
        "unknown side '{name}' for {} (expected {} or {})",
        G::NAME,
        G::side_name(Player::First),
        G::side_name(Player::Second)
    )
}

fn write_board<G: Playable>(pos: &G, out: &mut impl Write) -> anyhow::Result<()> {
    let mut board = String::new();
    pos.write_board(&mut board)?;
    let mut status = String::new();
    pos.write_status_extra(&mut status)?;
    writeln!(
        out,
        "\n{board}{} to move{status}",
        G::side_name(pos.side_to_move())
    )?;
    Ok(())
}

fn legal_moves<G: Playable>(pos: &G) -> String {
    let mut list = Vec::new();
    let _ = pos.for_each_move(|m| -> std::ops::ControlFlow<()> {
        list.push(pos.display_move(m).to_string());
        std::ops::ControlFlow::Continue(())
    });
    list.join(" ")
}

fn result_text<G: Playable>(outcome: Outcome, person: Player) -> String {
    match outcome {
        Outcome::Draw => "Game over: draw.".to_string(),
        Outcome::Win(p) if p == person => format!("Game over: {} wins. You win!", G::side_name(p)),
        Outcome::Win(p) => format!("Game over: {} wins. microply wins.", G::side_name(p)),
    }
}

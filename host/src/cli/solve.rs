//! `microply solve dots`: the exact Dots-and-Boxes solver, with value, best move,
//! nodes and time.

use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use microply_core::games::dots::{solve, stack_len, Dots, Size, SolverMove};
use microply_core::games::GameKind;
use microply_core::search::{Entry, Table};
use microply_core::{Notation, Player};

/// What `solve` is asked.
#[derive(Debug)]
pub struct SolveArgs {
    /// The game (only `dots` has a solver).
    pub game: GameKind,
    /// Box rows of the empty board (3 unless given); with a FEN, its size must agree.
    pub rows: Option<u8>,
    /// Box columns of the empty board (3 unless given); with a FEN, its size must agree.
    pub cols: Option<u8>,
    /// A position to solve instead of the empty board.
    pub fen: Option<String>,
    /// Table entries (16 bytes each).
    pub tt_entries: usize,
}

/// Solves the position and prints it, the value for the side to move and for the
/// first player, a best move, nodes and time.
///
/// # Errors
/// Another game than dots, a bad size or FEN.
pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    if args.game != GameKind::Dots {
        bail!("solve: only dots has an exact solver, not {}", args.game);
    }
    let pos = match &args.fen {
        Some(fen) => {
            let pos = Dots::parse_fen(fen)
                .map_err(|e| anyhow!("{e}"))
                .with_context(|| format!("FEN '{fen}'"))?;
            check_size_agrees(args, pos.size())?;
            pos
        }
        None => {
            let (rows, cols) = (args.rows.unwrap_or(3), args.cols.unwrap_or(3));
            let size = Size::new(rows, cols)
                .ok_or_else(|| anyhow!("board size {rows}x{cols} not in 1x1..6x6"))?;
            Dots::empty(size)
        }
    };
    let mut memory = crate::memory::try_table(args.tt_entries, Entry::EMPTY)?;
    let mut stack = vec![SolverMove::default(); stack_len(pos.undrawn().count())];
    let started = Instant::now();
    let s = solve(&pos, &mut Table::new(&mut memory), &mut stack)
        .map_err(|e| anyhow!("{e} ({} undrawn)", pos.undrawn().count()))?;
    let seconds = started.elapsed().as_secs_f64();
    println!("fen {}", pos.display_fen());
    println!(
        "value {:+} for {} (boxes still to take)",
        s.value,
        Dots::side_name(pos.side())
    );
    println!(
        "margin {:+} for {}",
        s.first_margin,
        Dots::side_name(Player::First)
    );
    match s.best {
        Some(m) => println!("bestmove {}", pos.display_move(m)),
        None => println!("bestmove none"),
    }
    println!(
        "nodes {} time {seconds:.3} s, {:.0} nodes/s",
        s.nodes,
        s.nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}

/// `--rows`/`--cols` given with a FEN must describe the FEN's board.
fn check_size_agrees(args: &SolveArgs, size: Size) -> anyhow::Result<()> {
    for (flag, given, actual) in [
        ("--rows", args.rows, size.rows()),
        ("--cols", args.cols, size.cols()),
    ] {
        if let Some(given) = given.filter(|&g| g != actual) {
            bail!("{flag} {given} does not apply: the FEN's board has {actual}");
        }
    }
    Ok(())
}

//! `microply solve dots`: the exact Dots-and-Boxes solver, with value, best move,
//! nodes and time.

use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use microply_core::games::dots::{solve, Dots, Size, Slot};
use microply_core::games::GameKind;
use microply_core::{Notation, Player};

/// What `solve` is asked.
#[derive(Debug)]
pub struct SolveArgs {
    /// The game (only `dots` has a solver).
    pub game: GameKind,
    /// Box rows of the empty board.
    pub rows: u8,
    /// Box columns of the empty board.
    pub cols: u8,
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
        Some(fen) => Dots::parse_fen(fen)
            .map_err(|e| anyhow!("{e}"))
            .with_context(|| format!("FEN '{fen}'"))?,
        None => {
            let size = Size::new(args.rows, args.cols)
                .ok_or_else(|| anyhow!("board size {}x{} not in 1x1..6x6", args.rows, args.cols))?;
            Dots::empty(size)
        }
    };
    let mut table = vec![Slot::EMPTY; args.tt_entries];
    let started = Instant::now();
    let s = solve(&pos, &mut table);
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

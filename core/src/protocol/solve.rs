//! `solve`: the exact value of a small Dots-and-Boxes position from the game's solver,
//! in the engine's table and move memory.

use core::fmt::Write;

use super::engine::move_stack;
use super::error::ProtocolError;
use super::MoveWord;
use crate::game::Game;
use crate::games::dots::{self, Dots, SolveError, Solving};
use crate::notation::Notation;
use crate::search::Table;

/// The largest board `solve` takes, in edges: 3x3 boxes (24 edges) solve in well
/// under a second on the host; each further edge multiplies the work.
pub const MAX_EDGES: u32 = 24;

/// Writes `solve value=V margin=M bestmove=E nodes=N`: `V` the net boxes still to
/// take by the side to move with perfect play, `M` the first player's final margin.
pub(super) fn run<'l>(
    pos: &Dots,
    tt: &mut Table<'_>,
    words: &mut [MoveWord],
    out: &mut dyn Write,
) -> Result<(), ProtocolError<'l>> {
    if pos.size().edges() > MAX_EDGES {
        return Err(ProtocolError::TooLargeToSolve);
    }
    if pos.outcome().is_some() {
        return Err(ProtocolError::GameOver);
    }
    let stack = move_stack::<Solving>(words);
    let solution = dots::solve(pos, tt, stack).map_err(|e| match e {
        // Boards over MAX_EDGES were refused above, so only the move memory can fail.
        SolveError::TooManyEdges => ProtocolError::TooLargeToSolve,
        _ => ProtocolError::MoveMemory,
    })?;
    let _ = write!(
        out,
        "solve value={} margin={} bestmove=",
        solution.value, solution.first_margin
    );
    let _ = match solution.best {
        Some(m) => write!(out, "{}", pos.display_move(m)),
        None => out.write_str("none"),
    };
    let _ = writeln!(out, " nodes={}", solution.nodes);
    Ok(())
}

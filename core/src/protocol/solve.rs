//! `solve`: the exact value of a small Dots-and-Boxes position from the game's solver,
//! with the engine's move memory lent to it as the solver's table.

use core::fmt::Write;

use super::error::ProtocolError;
use super::MoveWord;
use crate::game::Game;
use crate::games::dots::{self, Dots};
use crate::notation::Notation;

/// The largest board `solve` takes, in edges: 3x3 boxes (24 edges) solve in well
/// under a second on the host; each further edge multiplies the work.
pub const MAX_EDGES: u32 = 24;

/// Writes `solve value=V margin=M bestmove=E nodes=N`: `V` the net boxes still to
/// take by the side to move with perfect play, `M` the first player's final margin.
pub(super) fn run<'l>(
    pos: &Dots,
    words: &mut [MoveWord],
    out: &mut dyn Write,
) -> Result<(), ProtocolError<'l>> {
    if pos.size().edges() > MAX_EDGES {
        return Err(ProtocolError::TooLargeToSolve);
    }
    if pos.outcome().is_some() {
        return Err(ProtocolError::GameOver);
    }
    let table = bytemuck::pod_align_to_mut::<MoveWord, dots::Slot>(words).1;
    table.fill(dots::Slot::EMPTY);
    let solution = dots::solve(pos, table);
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

//! `selfplay`: the engine plays the loaded game against itself to the end.

use core::fmt::Write;

use super::engine::go;
use super::error::ProtocolError;
use super::MoveWord;
use crate::decide::prepare_table;
use crate::playable::Playable;
use crate::player::Outcome;
use crate::search::{Clock, Knowledge, Settings, Table, TableUse};

/// What a `selfplay` plays with: every move's search settings, what happens to the
/// table between moves, and the ply cap.
pub(super) struct Play {
    /// Each move's search.
    pub settings: Settings,
    /// Clear the table before each move's search, or keep it.
    pub table: TableUse,
    /// Stop after this many plies even if the game goes on.
    pub max_plies: u32,
}

/// Plays up to `play.max_plies` moves from `pos`, one `move M score=S depth=D nodes=N`
/// line each (the search's own `info` lines are not written), then
/// `result RESULT plies=N` (`stopped` when `stop` ended it; the interrupted
/// search's move is not played). Returns the final position.
pub(super) fn run<'l, G: Playable, C: Clock>(
    pos: &G,
    knowledge: &Knowledge<'_, G, G::Eval>,
    tt: &mut Table<'_>,
    words: &mut [MoveWord],
    play: &Play,
    clock: &C,
    out: &mut dyn Write,
) -> Result<G, ProtocolError<'l>> {
    if pos.outcome().is_some() {
        return Err(ProtocolError::GameOver);
    }
    let mut p = *pos;
    let mut plies = 0;
    let mut stopped = false;
    while plies < play.max_plies && p.outcome().is_none() {
        prepare_table(tt, play.table);
        let result = go(
            &p,
            knowledge,
            tt,
            words,
            &play.settings,
            clock,
            &mut Discard,
        )?;
        stopped = clock.stop_requested();
        let Some(m) = result.best.filter(|_| !stopped) else {
            break;
        };
        let score = result.score.unwrap_or_default();
        let _ = writeln!(
            out,
            "move {} score={} depth={} nodes={}",
            p.display_move(m),
            score,
            result.depth,
            result.stats.nodes
        );
        p = p.after(m);
        plies += 1;
    }
    let _ = write!(out, "result ");
    let _ = match p.outcome() {
        None if stopped => out.write_str("stopped"),
        None => out.write_str("ongoing"),
        Some(Outcome::Draw) => out.write_str("draw"),
        Some(Outcome::Win(w)) => out.write_str(G::side_name(w)),
    };
    let _ = writeln!(out, " plies={plies}");
    Ok(p)
}

/// A writer that drops everything (for the searches' info lines).
struct Discard;

impl Write for Discard {
    fn write_str(&mut self, _: &str) -> core::fmt::Result {
        Ok(())
    }
}

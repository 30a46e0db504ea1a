//! The engine's turn: a search of the current position with a level's limits, in
//! memory the caller lends (the firmware's statics, the host's heap), answered as
//! the best move's generation index so the state machine can play it.

use core::fmt;

use microply_core::games::checkers::{Baseline, CheckersEval};
use microply_core::games::AnyPosition;
use microply_core::protocol::MoveWord;
use microply_core::search::{Algorithm, Clock, Entry, Limits, Settings, Table};
use microply_core::selectable::EvaluatorSet;
use microply_core::{decide, with_position, Playable, Score};

use crate::record::index_of;

/// Transposition-table entries the device lends the engine (1,024 × 16 bytes =
/// 16 KiB). The host renderer uses the same, so it shows what the device shows.
pub const DEVICE_TT_ENTRIES: usize = 1024;

/// Move-stack words the device lends the engine (4,096 × 8 bytes = 32 KiB).
pub const DEVICE_MOVE_WORDS: usize = 4096;

/// What the engine decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The generation index of the move to play.
    pub index: u16,
    /// Its value for the side to move, when an iteration completed.
    pub score: Option<Score>,
    /// The depth of the last completed iteration.
    pub depth: u32,
}

/// Why the engine has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ThinkError {
    /// The position has no legal move.
    NoMove,
    /// The move stack is too small for this search.
    MoveStackFull,
}

impl fmt::Display for ThinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ThinkError::NoMove => "no legal move",
            ThinkError::MoveStackFull => "out of move memory",
        })
    }
}

impl core::error::Error for ThinkError {}

/// Searches `pos` within `limits`, calling `progress` with the depth of every
/// completed iteration. A search stopped (by the clock) before its first iteration
/// completes answers the first legal move, unscored.
///
/// # Errors
/// [`ThinkError::NoMove`] when the game is over, [`ThinkError::MoveStackFull`] when
/// `words` is too small.
pub fn think<C: Clock>(
    pos: &AnyPosition,
    limits: Limits,
    tt: &mut [Entry],
    words: &mut [MoveWord],
    clock: &C,
    progress: impl FnMut(u32),
) -> Result<Thought, ThinkError> {
    with_position!(pos, _G, p => think_typed(p, limits, tt, words, clock, progress))
}

fn think_typed<G: Playable, C: Clock>(
    pos: &G,
    limits: Limits,
    tt: &mut [Entry],
    words: &mut [MoveWord],
    clock: &C,
    mut progress: impl FnMut(u32),
) -> Result<Thought, ThinkError> {
    let first = pos.nth_move(0).ok_or(ThinkError::NoMove)?;
    // And checkers' evaluator of those recordings, `baseline` (the default is now
    // `expert`).
    let set = EvaluatorSet {
        checkers: CheckersEval::Baseline(Baseline::default()),
        ..EvaluatorSet::default()
    };
    let mut table = Table::new(tt);
    let stack = bytemuck::pod_align_to_mut::<MoveWord, G::Move>(words).1;
    // The device plays the search its scripted walk-throughs (firmware/docs/device/)
    // were recorded with, AB-SSS\*: the engine's default since became PVS, which can
    // choose another of equally good moves and so break a script's presses. Moving
    // the device to the default means recording those scripts again.
    let settings = Settings {
        algorithm: Algorithm::Sss,
        limits,
        ..Settings::default()
    };
    let result = decide(
        pos,
        G::evaluator(&set),
        &mut table,
        stack,
        &settings,
        clock,
        |it| progress(it.depth),
    )
    .map_err(|_| ThinkError::MoveStackFull)?;
    let (best, score) = match result.best {
        Some(m) => (m, result.score),
        None => (first, None),
    };
    Ok(Thought {
        index: index_of(pos, best).unwrap_or(0),
        score,
        depth: result.depth,
    })
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use microply_core::search::NoClock;
    use std::vec;

    #[test]
    fn the_engine_finds_a_move_in_every_start_position() {
        let mut tt = vec![Entry::EMPTY; DEVICE_TT_ENTRIES];
        let mut words = vec![0; DEVICE_MOVE_WORDS];
        for choice in crate::setup::GameChoice::ALL {
            let pos = choice.start();
            let mut depths = 0;
            let t = think(
                &pos,
                crate::setup::Level::Easy.limits(),
                &mut tt,
                &mut words,
                &NoClock,
                |_| depths += 1,
            )
            .unwrap();
            assert!(crate::record::after(&pos, t.index).is_some(), "{choice}");
            assert!(depths >= 1);
        }
    }
}

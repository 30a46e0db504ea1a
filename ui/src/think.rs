//! The engine's turn: a search of the current position with a level's limits, in
//! memory the caller lends (the firmware's statics, the host's heap), answered as
//! the best move's generation index so the state machine can play it.

use core::fmt;

use microply_core::games::AnyPosition;
use microply_core::protocol::MoveWord;
use microply_core::search::{Clock, Entry, Limits, Mode, Settings, Table};
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
    // The device plays the strongest setting the strength log measured at equal
    // time (docs/checkers-strength.md): every game's default evaluator (checkers'
    // learned pattern tables) and PVS with ProbCut (tests 61 and 63; a game without
    // a measured ProbCut margin, every game but checkers, is searched exactly). The scripted walk-throughs (firmware/docs/device/)
    // are recorded with it: a change here means recording them again
    // (`microply device --autoplay GAME --level medium`, firmware/README.md).
    let set = EvaluatorSet::default();
    let mut table = Table::new(tt);
    let stack = bytemuck::pod_align_to_mut::<MoveWord, G::Move>(words).1;
    let settings = Settings {
        limits,
        mode: Mode::ProbCut,
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
    use microply_core::games::checkers::CheckersEval;
    use microply_core::search::NoClock;
    use std::vec;

    /// The device's checkers search, written out: the learned pattern tables and
    /// PVS with ProbCut, the measured strongest, not the first default (`baseline`
    /// with AB-SSS\*), which gives another value on the middle-game example.
    #[test]
    fn the_device_plays_checkers_with_the_pattern_tables_and_probcut() {
        use microply_core::games::checkers::{Baseline, Checkers, Patterns};
        use microply_core::search::Algorithm;
        use microply_core::Notation as _;

        let fen = "B:W12,18,23,24,25,26,30,31,32:B1,2,3,4,5,10,11,13,21";
        let pos = Checkers::parse_fen(fen).unwrap();
        let limits = crate::setup::Level::Medium.limits();
        let mut tt = vec![Entry::EMPTY; DEVICE_TT_ENTRIES];
        let mut words = vec![0; DEVICE_MOVE_WORDS];
        let device = think(&pos.into(), limits, &mut tt, &mut words, &NoClock, |_| {}).unwrap();

        let by = |algorithm: Algorithm, checkers: CheckersEval| {
            let mut tt = vec![Entry::EMPTY; DEVICE_TT_ENTRIES];
            let mut words = vec![0; DEVICE_MOVE_WORDS];
            let stack = bytemuck::pod_align_to_mut::<MoveWord, _>(&mut words[..]).1;
            let settings = Settings {
                algorithm,
                limits,
                mode: Mode::ProbCut,
                ..Settings::default()
            };
            let mut table = Table::new(&mut tt);
            let r = decide(
                &pos,
                &checkers,
                &mut table,
                stack,
                &settings,
                &NoClock,
                |_| {},
            );
            let r = r.unwrap();
            (index_of(&pos, r.best.unwrap()).unwrap(), r.score)
        };
        let patterns = by(Algorithm::Pvs, CheckersEval::Patterns(Patterns::default()));
        assert_eq!((device.index, device.score), patterns);
        let baseline = by(Algorithm::Sss, CheckersEval::Baseline(Baseline::default()));
        assert_ne!(device.score, baseline.1);
    }

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

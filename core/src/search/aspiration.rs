//! Aspiration windows (selective mode): a root search of alpha-beta or PVS with a
//! narrow window around the previous iteration's value, widened and re-searched on the
//! side it failed, until the value falls inside.

use super::alphabeta::{negamax, ChildWindow};
use super::context::{Context, Found};
use super::limits::Clock;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::score::Score;

/// The first half-width: a quarter of a unit (a checkers man, a Dots-and-Boxes box).
const FIRST_DELTA: i32 = Score::units(1).raw() / 4;

/// Past this half-width the failing side opens to infinity.
const MAX_DELTA: i32 = Score::units(64).raw();

/// `guess` moved by `delta` (raw), clamped into the heuristic range.
fn shifted(guess: Score, delta: i32) -> Score {
    Score::heuristic(guess.raw().saturating_add(delta))
}

/// The root value at `depth` through windows around `guess`; a proven `guess` gets the
/// full window at once.
pub(crate) fn search<W: ChildWindow, G: Game, E: Evaluator<G>, C: Clock>(
    ctx: &mut Context<'_, '_, G, E, C>,
    pos: &G,
    stack: &mut [G::Move],
    depth: u32,
    guess: Score,
) -> Found {
    if guess.is_proven() {
        return negamax::<W, _, _, _>(ctx, pos, stack, depth, 0, -Score::INFINITY, Score::INFINITY);
    }
    let mut delta = FIRST_DELTA;
    let mut alpha = shifted(guess, -delta);
    let mut beta = shifted(guess, delta);
    loop {
        let s = negamax::<W, _, _, _>(ctx, pos, stack, depth, 0, alpha, beta)?;
        let failed_low = s <= alpha && alpha > -Score::INFINITY;
        let failed_high = s >= beta && beta < Score::INFINITY;
        if !failed_low && !failed_high {
            return Ok(s);
        }
        delta = delta.saturating_mul(4);
        let open = delta > MAX_DELTA || s.is_proven();
        if failed_low {
            alpha = if open {
                -Score::INFINITY
            } else {
                shifted(s, -delta)
            };
        } else {
            beta = if open {
                Score::INFINITY
            } else {
                shifted(s, delta)
            };
        }
    }
}

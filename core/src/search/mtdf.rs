//! MTD(f) (Plaat, Schaeffer, Pijls, de Bruin 1996): a sequence of null-window
//! alpha-beta-with-memory calls ("MT") that close in on the minimax value from a
//! first guess. AB-SSS\* ([`super::sss`]) is the same driver started from +∞.

use super::alphabeta::{negamax, FullWindow};
use super::context::{Context, Found};
use super::limits::Clock;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::score::Score;

/// The MTD driver: repeats MT(γ) until the lower and upper bounds meet.
///
/// Each call searches the null window `(γ−1, γ)`; a result `g ≥ γ` is a new lower
/// bound, `g < γ` a new upper bound. The next γ is `g + 1` when `g` is the lower bound
/// and `g` otherwise, so the bounds always move.
pub(crate) fn search<G: Game, E: Evaluator<G>, C: Clock>(
    ctx: &mut Context<'_, '_, G, E, C>,
    pos: &G,
    stack: &mut [G::Move],
    depth: u32,
    first_guess: Score,
) -> Found {
    let mut g = first_guess;
    let mut lower = -Score::INFINITY;
    let mut upper = Score::INFINITY;
    while lower < upper {
        let gamma = if g == lower { g.succ() } else { g };
        ctx.stats.mt_calls += 1;
        g = negamax::<FullWindow, _, _, _>(ctx, pos, stack, depth, 0, gamma.pred(), gamma)?;
        if g < gamma {
            upper = g;
        } else {
            lower = g;
        }
    }
    Ok(g)
}

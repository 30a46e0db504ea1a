//! AB-SSS\* (MT-SSS\*; Plaat, Schaeffer, Pijls, de Bruin 1996): Stockman's SSS\*
//! reformulated as null-window alpha-beta calls with a transposition table.
//!
//! γ starts at +∞ and each MT call lowers the upper bound to the value it returns,
//! until a call fails high: MTD(+∞). With memory large enough to hold the tree it
//! expands the same leaves as SSS\*, never more distinct leaves than alpha-beta.

use super::context::{Context, Found};
use super::limits::Clock;
use super::mtdf;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::score::Score;

/// One AB-SSS\* root search.
pub(crate) fn search<G: Game, E: Evaluator<G>, C: Clock>(
    ctx: &mut Context<'_, '_, G, E, C>,
    pos: &G,
    stack: &mut [G::Move],
    depth: u32,
) -> Found {
    mtdf::search(ctx, pos, stack, depth, Score::INFINITY)
}

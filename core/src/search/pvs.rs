//! Principal variation search (NegaScout): the first child with the full window, the
//! others with a null window first, re-searched only when they beat alpha.

use super::alphabeta::{negamax, ChildWindow};
use super::context::{search_child, Context, Found};
use super::limits::Clock;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::player::Player;
use crate::score::Score;

/// The PVS child window.
pub(crate) struct Scout;

impl ChildWindow for Scout {
    fn search<G: Game, E: Evaluator<G>, C: Clock>(
        ctx: &mut Context<'_, '_, G, E, C>,
        parent: Player,
        child: &G,
        stack: &mut [G::Move],
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
        nth: usize,
    ) -> Found {
        let mut full = |ctx: &mut Context<'_, '_, G, E, C>, a: Score, b: Score| {
            search_child(parent, child, a, b, |c, a, b| {
                negamax::<Scout, _, _, _>(ctx, c, stack, depth, ply, a, b)
            })
        };
        if nth == 0 || alpha.succ() >= beta {
            return full(ctx, alpha, beta);
        }
        let scout = full(ctx, alpha, alpha.succ())?;
        if scout > alpha && scout < beta {
            full(ctx, scout, beta)
        } else {
            Ok(scout)
        }
    }
}

//! Plain depth-limited minimax (in negamax form): no pruning, no table. The
//! reference every other algorithm is checked against.

use super::context::{search_child, Abort, Context, Found};
use super::limits::Clock;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::score::Score;

fn minimax<G: Game, E: Evaluator<G>, C: Clock>(
    ctx: &mut Context<'_, '_, G, E, C>,
    pos: &G,
    stack: &mut [G::Move],
    depth: u32,
    ply: u32,
) -> Found {
    ctx.enter()?;
    if let Some(s) = ctx.known(pos, ply, -Score::INFINITY, Score::INFINITY) {
        return Ok(s);
    }
    if let Some(s) = ctx.static_score(pos, depth, ply) {
        return Ok(s);
    }
    let n = pos.generate(stack).map_err(|_| Abort::MoveStackFull)?;
    let (moves, rest) = stack.split_at_mut(n);
    if n == 0 {
        return Ok(ctx.eval.evaluate(pos));
    }
    let parent = pos.side_to_move();
    let mut best = -Score::INFINITY;
    for &m in moves.iter() {
        let child = pos.after(m);
        let s = search_child(
            parent,
            &child,
            -Score::INFINITY,
            Score::INFINITY,
            |c, _, _| minimax(ctx, c, rest, depth.saturating_sub(1), ply + 1),
        )?;
        if s > best {
            best = s;
            if ply == 0 {
                ctx.root_best = Some(m);
            }
        }
    }
    Ok(best)
}

/// One minimax root search.
pub(crate) fn search<G: Game, E: Evaluator<G>, C: Clock>(
    ctx: &mut Context<'_, '_, G, E, C>,
    pos: &G,
    stack: &mut [G::Move],
    depth: u32,
) -> Found {
    minimax(ctx, pos, stack, depth, 0)
}

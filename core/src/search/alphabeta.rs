//! Negamax alpha-beta with memory (fail-soft): the kernel of every search but minimax.
//!
//! The move loop and the table handling live here once. What differs between plain
//! alpha-beta and PVS is only the window each child gets: the [`ChildWindow`] trait.
//! MTD(f) and AB-SSS\* call this kernel with null windows ([`super::mtdf`]).

use super::context::{search_child, Abort, Context, Found};
use super::limits::Clock;
use super::ordering::MovePicker;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::player::Player;
use crate::score::Score;

/// How a node searches one child, in the parent's frame.
pub(crate) trait ChildWindow {
    /// Searches `child` (the `nth` move visited) with window `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
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
    ) -> Found;
}

/// Plain alpha-beta: every child gets the node's current window.
pub(crate) struct FullWindow;

impl ChildWindow for FullWindow {
    fn search<G: Game, E: Evaluator<G>, C: Clock>(
        ctx: &mut Context<'_, '_, G, E, C>,
        parent: Player,
        child: &G,
        stack: &mut [G::Move],
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
        _nth: usize,
    ) -> Found {
        search_child(parent, child, alpha, beta, |c, a, b| {
            negamax::<FullWindow, _, _, _>(ctx, c, stack, depth, ply, a, b)
        })
    }
}

/// Searches `pos` to `depth` plies with window `(alpha, beta)`; fail-soft.
#[allow(clippy::too_many_arguments)]
pub(crate) fn negamax<W: ChildWindow, G: Game, E: Evaluator<G>, C: Clock>(
    ctx: &mut Context<'_, '_, G, E, C>,
    pos: &G,
    stack: &mut [G::Move],
    depth: u32,
    ply: u32,
    mut alpha: Score,
    mut beta: Score,
) -> Found {
    ctx.enter()?;
    if let Some(s) = ctx.known(pos, ply, alpha, beta) {
        return Ok(s);
    }
    if let Some(s) = ctx.static_score(pos, depth, ply) {
        return Ok(s);
    }
    let key = pos.table_key();
    let hit = key.and_then(|(hash, offset)| ctx.probe(hash, ply, offset));
    // Whether the bounds this node works with rest on the horizon (its own table
    // entry's, then its subtree's); kept apart from the rest of the tree's flag so
    // the stored entry carries its own.
    let mut horizon_below = false;
    if let Some(h) = hit.filter(|h| ply > 0 && h.depth == depth) {
        if h.lower >= beta || h.upper <= alpha {
            ctx.horizon |= h.horizon;
            return Ok(if h.lower >= beta { h.lower } else { h.upper });
        }
        horizon_below = h.horizon;
        alpha = alpha.max(h.lower);
        beta = beta.min(h.upper);
    }
    let (table_move, killers) = if ctx.reorder {
        (hit.and_then(|h| h.best), ctx.killers.at(ply))
    } else {
        (None, [None, None])
    };
    let mut picker = MovePicker::new(pos, stack, table_move, killers);
    let parent = pos.side_to_move();
    let mut best = -Score::INFINITY;
    let mut best_move = None;
    let mut nth = 0;
    let horizon_elsewhere = core::mem::replace(&mut ctx.horizon, horizon_below);
    while let Some((m, rest)) = picker.next().map_err(|_| Abort::MoveStackFull)? {
        let child = pos.after(m);
        let window_alpha = alpha.max(best);
        let s = W::search(
            ctx,
            parent,
            &child,
            rest,
            depth.saturating_sub(1),
            ply + 1,
            window_alpha,
            beta,
            nth,
        )?;
        nth += 1;
        if s > best {
            best = s;
            best_move = Some(m);
            if s >= beta {
                if ctx.reorder {
                    ctx.killers.record(ply, m);
                }
                break;
            }
        }
    }
    if nth == 0 {
        // Only reached if a game breaks the `outcome` contract; never panic for it.
        ctx.horizon |= horizon_elsewhere;
        return Ok(ctx.eval.evaluate(pos));
    }
    if let Some((hash, offset)) = key {
        let packed = best_move.map(G::pack_move);
        ctx.store(hash, depth, ply, offset, alpha, beta, best, packed);
    }
    ctx.horizon |= horizon_elsewhere;
    if ply == 0 && best > alpha {
        ctx.root_best = best_move;
    }
    Ok(best)
}

/// One root search with the full window; `W` picks plain alpha-beta ([`FullWindow`])
/// or PVS ([`super::pvs::Scout`]).
pub(crate) fn search<W: ChildWindow, G: Game, E: Evaluator<G>, C: Clock>(
    ctx: &mut Context<'_, '_, G, E, C>,
    pos: &G,
    stack: &mut [G::Move],
    depth: u32,
) -> Found {
    negamax::<W, _, _, _>(ctx, pos, stack, depth, 0, -Score::INFINITY, Score::INFINITY)
}

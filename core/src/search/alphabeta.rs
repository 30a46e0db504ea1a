//! Negamax alpha-beta with memory (fail-soft): the kernel of every search but minimax.
//!
//! The move loop and the table handling live here once. What differs between plain
//! alpha-beta and PVS is only the window each child gets: the [`ChildWindow`] trait.
//! MTD(f) and AB-SSS\* call this kernel with null windows ([`super::mtdf`]).

use super::context::{search_child, Abort, Context, Found};
use super::limits::Clock;
use super::ordering::MovePicker;
use super::probcut;
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

/// The first move a late-move reduction may reduce (0-based), after the table move
/// and two killers.
const LMR_FIRST_MOVE: usize = 3;
/// The least remaining depth at which moves are reduced.
const LMR_MIN_DEPTH: u32 = 3;
/// From this move on, and at this depth or more, moves are reduced by two plies.
const LMR_DEEP: (usize, u32) = (6, 6);

/// How deep a node searches one of its moves: the nominal child depth (one more for
/// an extended forcing move in selective mode) and, for a late quiet move in
/// selective mode or at a null-window node in ProbCut mode, the reduced depth of its
/// first, null-window search.
struct Plan {
    depth: u32,
    reduced_depth: Option<u32>,
    forcing: bool,
}

impl Plan {
    #[allow(clippy::too_many_arguments)]
    fn new<G: Game, E: Evaluator<G>, C: Clock>(
        ctx: &Context<'_, '_, G, E, C>,
        pos: &G,
        m: G::Move,
        child: &G,
        depth: u32,
        ply: u32,
        nth: usize,
        null_window: bool,
    ) -> Plan {
        let exact = Plan {
            depth: depth.saturating_sub(1),
            reduced_depth: None,
            forcing: false,
        };
        if ctx.probcut {
            // One ply less for a late quiet move, only where PVS scouts: the
            // principal variation keeps every move's full depth (test 94).
            let reduce = null_window && late_and_quiet(pos, child, depth, nth);
            return Plan {
                reduced_depth: reduce.then(|| depth - 2),
                ..exact
            };
        }
        if !ctx.selective {
            return exact;
        }
        let forcing = pos.is_forcing(m);
        if forcing && ctx.may_extend(depth, ply) {
            return Plan {
                depth,
                reduced_depth: None,
                forcing,
            };
        }
        let reduction = if nth >= LMR_DEEP.0 && depth >= LMR_DEEP.1 {
            2
        } else {
            1
        };
        Plan {
            reduced_depth: (!forcing && late_and_quiet(pos, child, depth, nth))
                .then(|| depth - 1 - reduction),
            forcing,
            ..exact
        }
    }
}

/// Whether the `nth` move (0-based) of a node with `depth` plies to go, leading from
/// `pos` to `child`, may be reduced: after the table move and the killers, with
/// enough depth left, and neither position with a capture to make.
fn late_and_quiet<G: Game>(pos: &G, child: &G, depth: u32, nth: usize) -> bool {
    nth >= LMR_FIRST_MOVE && depth >= LMR_MIN_DEPTH && pos.is_quiet() && child.is_quiet()
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
    if let Some(h) = hit.filter(|h| ply > 0 && ctx.settles(h.depth, depth)) {
        if h.lower >= beta || h.upper <= alpha {
            ctx.horizon |= h.horizon;
            return Ok(if h.lower >= beta { h.lower } else { h.upper });
        }
        horizon_below = h.horizon;
        alpha = alpha.max(h.lower);
        beta = beta.min(h.upper);
    }
    let (on, window) = (ctx.probcut, (alpha, beta));
    let shallow = |d, a, b| negamax::<W, _, _, _>(ctx, pos, stack, d, ply, a, b);
    if let Some(cut) = probcut::cut::<G>(on, depth, ply, window, shallow)? {
        return Ok(cut);
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
    let null_window = alpha.succ() >= beta;
    while let Some((m, rest)) = picker
        .next(ctx.move_history())
        .map_err(|_| Abort::MoveStackFull)?
    {
        let child = pos.after(m);
        let window_alpha = alpha.max(best);
        let plan = Plan::new(ctx, pos, m, &child, depth, ply, nth, null_window);
        // A late quiet move is first searched reduced, with a null window at alpha:
        // only a move that beats it earns its full depth.
        let scout = match plan.reduced_depth {
            Some(reduced) => Some(search_child(
                parent,
                &child,
                window_alpha,
                window_alpha.succ(),
                |c, a, b| negamax::<W, _, _, _>(ctx, c, rest, reduced, ply + 1, a, b),
            )?),
            None => None,
        };
        let s = match scout {
            Some(s) if s <= window_alpha => s,
            _ => W::search(
                ctx,
                parent,
                &child,
                rest,
                plan.depth,
                ply + 1,
                window_alpha,
                beta,
                nth,
            )?,
        };
        nth += 1;
        if s > best {
            best = s;
            best_move = Some(m);
            if s >= beta {
                if ctx.reorder {
                    ctx.killers.record(ply, m);
                    if ctx.move_history().is_some() && !plan.forcing {
                        ctx.history.reward::<G>(parent, m, depth);
                    }
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

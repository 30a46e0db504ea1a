//! The state one search shares between its nodes, and the rules every algorithm
//! applies the same way: node accounting and limits, terminal and horizon scores,
//! table access, and the side-switch rule for child scores.

use core::marker::PhantomData;

use super::history::History;
use super::limits::{Clock, Limits};
use super::oracle::Oracle;
use super::ordering::Killers;
use super::stats::Stats;
use super::tt::{Hit, Table};
use super::Mode;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::player::{Outcome, Player};
use crate::score::Score;

/// How often (in nodes) the clock and the stop request are consulted.
const CLOCK_INTERVAL: u64 = 1024;

/// Why a search stopped before finishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Abort {
    /// A limit or an external stop.
    Stopped,
    /// The move stack could not hold a node's moves.
    MoveStackFull,
}

pub(crate) type Found = Result<Score, Abort>;

/// Everything a node needs besides its position and its part of the move stack.
pub(crate) struct Context<'s, 't, G: Game, E: Evaluator<G>, C: Clock> {
    pub(crate) eval: &'s E,
    /// What is known without search ([`super::NoOracle`] for a plain search).
    oracle: &'s dyn Oracle<G>,
    pub(crate) tt: &'s mut Table<'t>,
    clock: &'s C,
    limits: Limits,
    /// [`Limits::hard_ms`], worked out once.
    hard_ms: Option<u64>,
    started_ms: u64,
    pub(crate) stats: Stats,
    /// Whether nodes reorder their moves (table move and killers first).
    pub(crate) reorder: bool,
    /// The killer moves of each ply.
    pub(crate) killers: Killers<G::Move>,
    /// Whether the search is selective ([`Mode::Selective`]).
    pub(crate) selective: bool,
    /// Whether null-window nodes try ProbCut's cut, and the table's deeper entries
    /// settle nodes ([`Mode::ProbCut`] with an algorithm and a game it serves:
    /// [`super::probcut::serves`]).
    pub(crate) probcut: bool,
    /// The history heuristic (used in the selective and ProbCut modes).
    pub(crate) history: History,
    /// The nominal depth of the current iteration (it bounds the extensions).
    pub(crate) root_depth: u32,
    /// The root move of the last search call that did not fail low.
    pub(crate) root_best: Option<G::Move>,
    /// Whether the current iteration met the depth horizon anywhere (inside
    /// [`negamax`](super::alphabeta::negamax): anywhere in the current node's subtree,
    /// counting table entries that did).
    pub(crate) horizon: bool,
    game: PhantomData<G>,
}

impl<'s, 't, G: Game, E: Evaluator<G>, C: Clock> Context<'s, 't, G, E, C> {
    pub(crate) fn new(
        eval: &'s E,
        oracle: &'s dyn Oracle<G>,
        tt: &'s mut Table<'t>,
        clock: &'s C,
        limits: Limits,
        reorder: bool,
        mode: Mode,
    ) -> Self {
        Context {
            eval,
            oracle,
            tt,
            clock,
            limits,
            hard_ms: limits.hard_ms(),
            started_ms: clock.now_ms(),
            stats: Stats::default(),
            reorder,
            killers: Killers::new(),
            selective: mode == Mode::Selective,
            probcut: false,
            history: History::new(),
            root_depth: 0,
            root_best: None,
            horizon: false,
            game: PhantomData,
        }
    }

    /// The history to order a node's generated moves by, when the search uses one.
    pub(crate) fn move_history(&self) -> Option<&History> {
        ((self.selective || self.probcut) && self.reorder).then_some(&self.history)
    }

    /// Whether a node `ply` plies from the root with `depth` plies to go may extend a
    /// forcing move: while the extensions along its path (`ply + depth` beyond the
    /// iteration's depth, less any reductions) stay below half the iteration's depth,
    /// so paths stay bounded and a depth-1 search is never extended.
    pub(crate) fn may_extend(&self, depth: u32, ply: u32) -> bool {
        self.selective && depth > 0 && (ply + depth) < self.root_depth + self.root_depth / 2
    }

    /// Counts a node and checks the limits.
    pub(crate) fn enter(&mut self) -> Result<(), Abort> {
        self.stats.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.stats.nodes > n) {
            return Err(Abort::Stopped);
        }
        if self.stats.nodes % CLOCK_INTERVAL == 0 && self.out_of_time() {
            return Err(Abort::Stopped);
        }
        Ok(())
    }

    fn out_of_time(&self) -> bool {
        let late = self
            .hard_ms
            .is_some_and(|t| self.clock.now_ms().saturating_sub(self.started_ms) >= t);
        late || self.clock.stop_requested()
    }

    /// The static evaluation when `pos` lies on the horizon and is quiet.
    pub(crate) fn horizon_eval(&mut self, pos: &G, depth: u32) -> Option<Score> {
        if depth > 0 || !pos.is_quiet() {
            return None;
        }
        self.horizon = true;
        self.stats.leaf_evals += 1;
        Some(self.eval.evaluate(pos))
    }

    /// Terminal score, else horizon evaluation, else `None` (the node must be expanded).
    pub(crate) fn static_score(&mut self, pos: &G, depth: u32, ply: u32) -> Option<Score> {
        terminal(pos, ply).or_else(|| self.horizon_eval(pos, depth))
    }

    /// The oracle's value of `pos` when it settles a node with window `(alpha, beta)`;
    /// never at the root, which must find a move.
    pub(crate) fn known(&self, pos: &G, ply: u32, alpha: Score, beta: Score) -> Option<Score> {
        if ply == 0 {
            return None;
        }
        self.oracle.probe(pos, ply)?.cutoff(alpha, beta)
    }

    /// Whether a table entry searched to `stored` plies may settle a node with
    /// `depth` to go: one of the same depth always (every mode stays exact with it);
    /// a deeper one too in ProbCut mode, which is not exact anyway, so a search
    /// builds on deeper ones before it: a table kept from the last move's search
    /// (`tt=keep`) answers most of the new search's early iterations at once. +48 Elo
    /// at 1+0.01 with the table kept (docs/checkers-strength.md, test 67).
    pub(crate) fn settles(&self, stored: u32, depth: u32) -> bool {
        stored == depth || (self.probcut && stored > depth)
    }

    /// Looks `hash` up; bounds come back root-relative, `offset` (the node's
    /// [`Game::table_key`]) added back.
    pub(crate) fn probe(&mut self, hash: u64, ply: u32, offset: Score) -> Option<Hit> {
        self.stats.tt_probes += 1;
        let hit = self.tt.probe(hash, G::REPLACEMENT)?;
        self.stats.tt_hits += 1;
        Some(Hit {
            lower: shift(hit.lower.from_table(ply), offset),
            upper: shift(hit.upper.from_table(ply), offset),
            ..hit
        })
    }

    /// Stores what a search of window `(alpha, beta)` returned as bounds (less
    /// `offset`, the node's [`Game::table_key`]), the best move packed, and whether
    /// the horizon was met below (`self.horizon` for the node's subtree).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &mut self,
        hash: u64,
        depth: u32,
        ply: u32,
        offset: Score,
        alpha: Score,
        beta: Score,
        value: Score,
        best: Option<u32>,
    ) {
        let lower = if value > alpha {
            value
        } else {
            -Score::INFINITY
        };
        let upper = if value < beta { value } else { Score::INFINITY };
        // In ProbCut mode, where a deeper entry settles a node (`settles`), a
        // shallower store does not overwrite one: a kept table's entries from the last
        // move's search survive this search's early iterations and ProbCut's shallow
        // checks (a 60-ply self-play at depth 11 with the table kept: 16 % fewer
        // nodes; +15.8 Elo at 1+0.01, docs/checkers-strength.md test 72).
        self.tt.store(
            hash,
            G::REPLACEMENT,
            depth,
            shift(lower, -offset).to_table(ply),
            shift(upper, -offset).to_table(ply),
            best,
            self.horizon,
            self.probcut,
        );
    }
}

/// The score of a finished game, `ply` plies from the root.
pub(crate) fn terminal<G: Game>(pos: &G, ply: u32) -> Option<Score> {
    pos.outcome().map(|o| match o {
        Outcome::Draw => Score::ZERO,
        Outcome::Win(p) if p == pos.side_to_move() => Score::win_in(ply),
        Outcome::Win(_) => Score::loss_in(ply),
    })
}

/// `s` moved by `offset` when it is a heuristic value; proven and infinite scores
/// (window bounds) stay.
fn shift(s: Score, offset: Score) -> Score {
    if offset == Score::ZERO || s.value().is_none() {
        return s;
    }
    Score::heuristic(s.raw().saturating_add(offset.raw()))
}

/// Searches `child` from the parent's point of view: the one rule all algorithms share.
///
/// When the side to move changes, the child is searched with the window negated and
/// swapped and its score negated; when it does not (a Dots-and-Boxes move that
/// completes a box), window and score pass through unchanged.
pub(crate) fn search_child<G: Game>(
    parent: Player,
    child: &G,
    alpha: Score,
    beta: Score,
    search: impl FnOnce(&G, Score, Score) -> Found,
) -> Found {
    if child.side_to_move() == parent {
        search(child, alpha, beta)
    } else {
        Ok(-search(child, -beta, -alpha)?)
    }
}

//! The iterative-deepening driver shared by every algorithm.

use heapless::Vec;

use super::alphabeta::FullWindow;
use super::context::{Abort, Context};
use super::limits::Clock;
use super::oracle::{NoOracle, Oracle};
use super::probcut;
use super::pvs::Scout;
use super::stats::Stats;
use super::time::Deepening;
use super::tt::Table;
use super::{Algorithm, Pv, SearchError, SearchResult, Settings, MAX_DEPTH};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::score::Score;

/// What the driver reports after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration<M> {
    /// The nominal depth of this iteration.
    pub depth: u32,
    /// The root's value for the side to move.
    pub score: Score,
    /// The best root move.
    pub best: Option<M>,
    /// The principal variation, read back from the transposition table.
    pub pv: Pv<M>,
    /// Counters of this iteration alone.
    pub stats: Stats,
    /// Counters since the search started.
    pub total: Stats,
}

impl<M> From<Iteration<M>> for SearchResult<M> {
    /// The result of a search whose last completed iteration is `it`.
    fn from(it: Iteration<M>) -> SearchResult<M> {
        SearchResult {
            best: it.best,
            score: Some(it.score),
            depth: it.depth,
            pv: it.pv,
            stats: it.total,
            interrupted: false,
        }
    }
}

/// Runs `settings.algorithm` on `pos`, deepening one ply at a time when
/// `settings.iterative` (else one search at the limit depth), and calls `on_iteration`
/// after each completed iteration. An iteration cut short by a limit never replaces the
/// last completed one; if none completed, the best move is the root move found so far,
/// else the first legal move. Under a game clock ([`Limits::clock`](super::Limits::clock))
/// the time manager also decides after each iteration whether to start the next.
///
/// `stack` is the move stack shared by all plies (the sum of the move counts along
/// the deepest path must fit).
///
/// # Errors
/// [`SearchError::MoveStackFull`] when `stack` is too small.
pub fn search<G: Game, E: Evaluator<G>, C: Clock>(
    pos: &G,
    eval: &E,
    tt: &mut Table<'_>,
    stack: &mut [G::Move],
    settings: &Settings,
    clock: &C,
    on_iteration: impl FnMut(&Iteration<G::Move>),
) -> Result<SearchResult<G::Move>, SearchError> {
    let knowledge = Knowledge::new(eval, &NoOracle);
    search_with(pos, &knowledge, tt, stack, settings, clock, on_iteration)
}

/// What a search knows besides the rules: the evaluator at the horizon and the oracle
/// below the root ([`Oracle`]: exact values or bounds without search).
pub struct Knowledge<'k, G, E> {
    /// The static evaluation at the depth horizon.
    pub eval: &'k E,
    /// Values known without search.
    pub oracle: &'k dyn Oracle<G>,
}

impl<'k, G, E> Knowledge<'k, G, E> {
    /// `eval` with `oracle`.
    pub fn new(eval: &'k E, oracle: &'k dyn Oracle<G>) -> Self {
        Knowledge { eval, oracle }
    }
}

/// [`search`] with an [`Oracle`] consulted at every node below the root (and the
/// evaluator at the horizon), as every algorithm does: minimax included, so they
/// still agree.
///
/// # Errors
/// [`SearchError::MoveStackFull`] when `stack` is too small.
pub fn search_with<G: Game, E: Evaluator<G>, C: Clock>(
    pos: &G,
    knowledge: &Knowledge<'_, G, E>,
    tt: &mut Table<'_>,
    stack: &mut [G::Move],
    settings: &Settings,
    clock: &C,
    mut on_iteration: impl FnMut(&Iteration<G::Move>),
) -> Result<SearchResult<G::Move>, SearchError> {
    if let Some(finished) = SearchResult::of_finished(pos) {
        return Ok(finished);
    }
    let mut result = SearchResult::<G::Move>::empty();
    let (eval, oracle) = (knowledge.eval, knowledge.oracle);
    let mut ctx = Context::new(
        eval,
        oracle,
        tt,
        clock,
        settings.limits,
        settings.reorder,
        settings.mode,
    );
    ctx.probcut = probcut::serves::<G>(settings.mode, settings.algorithm);
    let last = settings
        .limits
        .depth
        .unwrap_or(MAX_DEPTH)
        .clamp(1, MAX_DEPTH);
    let first = if settings.iterative { 1 } else { last };
    let mut guess = Score::ZERO;
    let mut aspire = false;
    let mut deepening = settings
        .limits
        .clock
        .map(|c| Deepening::new(c.budget(), clock.now_ms()));
    for depth in first..=last {
        ctx.root_best = None;
        ctx.horizon = false;
        ctx.root_depth = depth;
        let before = ctx.stats;
        let window = RootWindow { guess, aspire };
        match root_search(settings.algorithm, &mut ctx, pos, stack, depth, window) {
            Ok(score) => {
                let best = ctx.root_best;
                let iteration = Iteration {
                    depth,
                    score,
                    best,
                    pv: principal_variation(ctx.tt, pos, best, depth),
                    stats: ctx.stats - before,
                    total: ctx.stats,
                };
                on_iteration(&iteration);
                result = SearchResult::from(iteration);
                guess = score;
                aspire = ctx.selective;
                if !ctx.horizon || score.is_proven() {
                    break;
                }
                let nodes = ctx.stats.nodes - before.nodes;
                if let Some(d) = &mut deepening {
                    if !d.next(result.best, score, nodes, clock.now_ms()) {
                        break;
                    }
                }
            }
            Err(Abort::Stopped) => {
                if result.best.is_none() {
                    result.best = ctx.root_best.or_else(|| pos.nth_move(0));
                }
                result.interrupted = true;
                break;
            }
            Err(Abort::MoveStackFull) => return Err(SearchError::MoveStackFull),
        }
    }
    result.stats = ctx.stats;
    Ok(result)
}

/// What the root search knows from the previous iteration.
#[derive(Clone, Copy)]
struct RootWindow {
    /// Its value (zero before the first).
    guess: Score,
    /// Whether to search an aspiration window around it (selective mode, after a
    /// completed iteration; alpha-beta and PVS only).
    aspire: bool,
}

fn root_search<G: Game, E: Evaluator<G>, C: Clock>(
    algorithm: Algorithm,
    ctx: &mut Context<'_, '_, G, E, C>,
    pos: &G,
    stack: &mut [G::Move],
    depth: u32,
    window: RootWindow,
) -> Result<Score, Abort> {
    let RootWindow { guess, aspire } = window;
    match algorithm {
        Algorithm::Minimax => super::minimax::search(ctx, pos, stack, depth),
        Algorithm::AlphaBeta if aspire => {
            super::aspiration::search::<FullWindow, _, _, _>(ctx, pos, stack, depth, guess)
        }
        Algorithm::AlphaBeta => {
            super::alphabeta::search::<FullWindow, _, _, _>(ctx, pos, stack, depth)
        }
        Algorithm::Pvs if aspire => {
            super::aspiration::search::<Scout, _, _, _>(ctx, pos, stack, depth, guess)
        }
        Algorithm::Pvs => super::alphabeta::search::<Scout, _, _, _>(ctx, pos, stack, depth),
        Algorithm::Mtdf => super::mtdf::search(ctx, pos, stack, depth, guess),
        Algorithm::Sss => super::sss::search(ctx, pos, stack, depth),
    }
}

/// The root move, then the table's best moves as far as they are stored and legal.
fn principal_variation<G: Game>(
    tt: &Table<'_>,
    pos: &G,
    best: Option<G::Move>,
    depth: u32,
) -> Pv<G::Move> {
    let mut pv = Vec::new();
    let Some(first) = best else {
        return pv;
    };
    let mut p = pos.after(first);
    let _ = pv.push(first);
    while pv.len() < depth as usize && p.outcome().is_none() {
        let Some(m) = p
            .table_key()
            .and_then(|(hash, _)| tt.probe(hash, G::REPLACEMENT))
            .and_then(|h| h.best)
            .and_then(|packed| p.find_packed(packed))
        else {
            break;
        };
        if pv.push(m).is_err() {
            break;
        }
        p = p.after(m);
    }
    pv
}

#[cfg(test)]
mod tests {
    use core::cell::Cell;

    use super::*;
    use crate::games::checkers::{Baseline, Checkers, Move};
    use crate::games::tictactoe::{Cell as Square, OpenLines, TicTacToe};
    use crate::search::{Entry, GameClock, Limits};

    /// A clock the test moves: it reads `now`, then advances it by `step`.
    struct FakeClock {
        now: Cell<u64>,
        step: Cell<u64>,
    }

    impl FakeClock {
        fn new() -> Self {
            FakeClock {
                now: Cell::new(0),
                step: Cell::new(0),
            }
        }

        fn advance(&self, ms: u64) {
            self.now.set(self.now.get() + ms);
        }
    }

    impl Clock for FakeClock {
        fn now_ms(&self) -> u64 {
            let t = self.now.get();
            self.now.set(t + self.step.get());
            t
        }
    }

    /// A clock of 3 s, no increment: soft target 150 ms, hard limit 600 ms.
    const THREE_SECONDS: GameClock = GameClock {
        remaining_ms: 3_000,
        increment_ms: 0,
    };

    /// Searches the checkers start under `limits`, calling `each` after every
    /// iteration; returns the result and the depths reported.
    fn checkers(
        limits: Limits,
        clock: &FakeClock,
        mut each: impl FnMut(&Iteration<Move>),
    ) -> (SearchResult<Move>, heapless::Vec<u32, 64>) {
        let mut memory = [Entry::EMPTY; 1 << 12];
        let mut tt = Table::new(&mut memory);
        let mut moves = [Move::default(); 512];
        let settings = Settings {
            limits,
            ..Settings::default()
        };
        let mut depths = heapless::Vec::new();
        let result = search(
            &Checkers::START,
            &Baseline::default(),
            &mut tt,
            &mut moves,
            &settings,
            clock,
            |it| {
                let _ = depths.push(it.depth);
                each(it);
            },
        )
        .unwrap();
        (result, depths)
    }

    #[test]
    fn an_iteration_past_half_the_target_is_the_last() {
        // The first iteration has no previous one to differ from: the target is the
        // budget's 150 ms, and 80 ms spent is more than half of it.
        let clock = FakeClock::new();
        let (result, depths) =
            checkers(Limits::clock(THREE_SECONDS), &clock, |_| clock.advance(80));
        assert_eq!(depths, [1]);
        assert_eq!((result.depth, result.interrupted), (1, false));
    }

    #[test]
    fn an_iteration_below_half_the_target_is_followed_by_another() {
        // 40 ms < 75, and 40 + 40 x 2 (the least branching factor) < 600.
        let clock = FakeClock::new();
        let (_, depths) = checkers(Limits::clock(THREE_SECONDS), &clock, |_| clock.advance(40));
        assert!(depths.len() >= 2, "{depths:?}");
    }

    #[test]
    fn the_driver_stops_exactly_when_the_policy_says() {
        // Iterations take 1, 2, 4, 8 ... ms: a replica of the policy fed the same
        // observations must say "stop" at the last iteration and only there.
        let clock = FakeClock::new();
        let mut replica = Deepening::new(THREE_SECONDS.budget(), 0);
        let mut verdicts = heapless::Vec::<bool, 64>::new();
        let (mut before, mut took) = (0, 1);
        let (result, depths) = checkers(Limits::clock(THREE_SECONDS), &clock, |it| {
            clock.advance(took);
            took *= 2;
            let nodes = it.total.nodes - before;
            before = it.total.nodes;
            let _ = verdicts.push(replica.next(it.best, it.score, nodes, clock.now.get()));
        });
        assert!(depths.len() >= 3, "{depths:?}");
        assert_eq!(verdicts.last(), Some(&false));
        assert!(verdicts.iter().rev().skip(1).all(|&go_on| go_on));
        assert!(!result.interrupted);
    }

    #[test]
    fn the_hard_limit_abandons_the_running_iteration() {
        // Time stands still for six iterations, then jumps 700 ms per reading: the
        // seventh is cut at its first clock check (600 ms is the hard limit).
        let clock = FakeClock::new();
        let mut sixth = None;
        let (result, depths) = checkers(Limits::clock(THREE_SECONDS), &clock, |it| {
            if it.depth == 6 {
                clock.step.set(700);
                sixth = Some((it.best, it.score));
            }
        });
        assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
        assert!(result.interrupted);
        assert_eq!(Some((result.best, result.score.unwrap())), sixth);
        assert_eq!(result.depth, 6);
    }

    #[test]
    fn a_clock_with_no_time_still_plays_a_move() {
        let clock = FakeClock::new();
        let zero = GameClock::default();
        let (result, _) = checkers(Limits::clock(zero), &clock, |_| {});
        assert!(result.best.is_some());
        assert!(result.depth <= 1);
    }

    #[test]
    fn a_large_clock_searches_like_an_unlimited_search() {
        let huge = GameClock {
            remaining_ms: u64::MAX,
            increment_ms: u64::MAX,
        };
        let ticking = FakeClock::new();
        ticking.step.set(1);
        let timed = tictactoe(Limits::clock(huge), &ticking);
        let plain = tictactoe(Limits::default(), &FakeClock::new());
        assert_eq!(timed, plain);
        assert_eq!((timed.depth, timed.interrupted), (9, false));
    }

    fn tictactoe(limits: Limits, clock: &FakeClock) -> SearchResult<Square> {
        let mut memory = [Entry::EMPTY; 1 << 12];
        let mut tt = Table::new(&mut memory);
        let mut moves = [Square::default(); 64];
        let settings = Settings {
            limits,
            ..Settings::default()
        };
        search(
            &TicTacToe::START,
            &OpenLines,
            &mut tt,
            &mut moves,
            &settings,
            clock,
            |_| {},
        )
        .unwrap()
    }
}

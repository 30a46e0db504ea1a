//! `microply analyze`: iterative deepening with one line per iteration.

use std::path::Path;
use std::time::Instant;

use anyhow::anyhow;
use microply_core::decide_with;
use microply_core::search::{
    Algorithm, Iteration, Knowledge, Limits, Mode, NoClock, Settings, Table,
};
use microply_core::Playable;

use super::GameArgs;
use crate::memory::SearchMemory;

/// Searches to `depth` with `algorithm` in `mode` (probing the checkers tables of
/// `egtb`, if given) and prints each iteration, then the best move.
///
/// # Errors
/// A bad position, a finished game or a move stack too small.
pub fn run<G: Playable>(
    args: &GameArgs,
    depth: u32,
    algorithm: Algorithm,
    mode: Mode,
    egtb: Option<&Path>,
) -> anyhow::Result<()> {
    let pos: G = args.position()?;
    let tables = crate::egtb::load_for::<G>(egtb)?;
    let oracles = crate::egtb::oracles(tables.as_ref());
    let eval = G::Eval::default();
    let knowledge = Knowledge::new(&eval, G::oracle(&oracles));
    if pos.outcome().is_some() {
        return Err(anyhow!("the game is over in this position"));
    }
    let mut memory = SearchMemory::default();
    let mut tt = Table::new(&mut memory.tt);
    let mut moves = vec![G::Move::default(); crate::memory::DEFAULT_MOVE_WORDS * 2];
    let settings = Settings {
        algorithm,
        limits: Limits::depth(depth),
        mode,
        ..Settings::default()
    };
    let started = Instant::now();
    let report = |it: &Iteration<G::Move>| println!("{}", describe(&pos, it, started));
    let result = decide_with(
        &pos, &knowledge, &mut tt, &mut moves, &settings, &NoClock, report,
    )
    .map_err(|e| anyhow!("{e}"))?;
    match result.best {
        Some(m) => println!("bestmove {}", pos.display_move(m)),
        None => println!("bestmove none"),
    }
    Ok(())
}

/// `info depth=.. score=.. nodes=.. leaves=.. tt=hits/probes time=.. nps=.. pv=..`.
pub(crate) fn describe<G: Playable>(pos: &G, it: &Iteration<G::Move>, started: Instant) -> String {
    let seconds = started.elapsed().as_secs_f64();
    let mut pv = Vec::new();
    let mut p = *pos;
    for &m in &it.pv {
        pv.push(p.display_move(m).to_string());
        p = p.after(m);
    }
    format!(
        "info depth={} score={} nodes={} leaves={} tt={}/{} time={:.3} nps={:.0} pv={}",
        it.depth,
        it.score,
        it.total.nodes,
        it.total.leaf_evals,
        it.total.tt_hits,
        it.total.tt_probes,
        seconds,
        it.total.nodes as f64 / seconds.max(1e-9),
        pv.join(" ")
    )
}

//! `bench`: fixed positions of every game searched to a fixed depth, like a chess
//! engine's `bench`. Prints each position's nodes, then the total, the time, nodes/s
//! and a signature of all node counts. The counts are a pure function of the code:
//! the searches run in a table of [`BENCH_TT_ENTRIES`] entries (the firmware's size)
//! whatever the engine was given, so the host and the firmware must print the same
//! counts, and a change in search behaviour shows on every target.
//!
//! The expected output (timing blanked) is pinned in `tests/data/bench.txt`.

use core::fmt::{self, Write};

use super::engine::{go, new_game, Discard};
use super::error::ProtocolError;
use super::MoveWord;
use crate::game::Game;
use crate::games::GameKind;
use crate::notation::Notation;
use crate::playable::Playable;
use crate::search::{Clock, Knowledge, Limits, NoOracle, Settings, Table};
use crate::with_position;

/// The table size every bench search uses (the firmware's table).
pub const BENCH_TT_ENTRIES: usize = 2048;

/// One bench search: a game variant, a position, a depth (the default algorithm, PVS,
/// iterative, as `go`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The game.
    pub game: GameKind,
    /// Its `key=value` options, as after `game NAME`.
    pub options: &'static str,
    /// The FEN, or `None` for the start position.
    pub fen: Option<&'static str>,
    /// The nominal depth.
    pub depth: u32,
}

const fn at(
    game: GameKind,
    options: &'static str,
    fen: Option<&'static str>,
    depth: u32,
) -> BenchPosition {
    BenchPosition {
        game,
        options,
        fen,
        depth,
    }
}

/// The bench positions: openings, middle games and endgames of every game, each a
/// fraction of a second on the host and a few seconds under QEMU.
pub const BENCH_POSITIONS: [BenchPosition; 10] = [
    at(GameKind::TicTacToe, "", None, 9),
    at(GameKind::TicTacToe, "", Some("x../.o./...:x"), 9),
    at(GameKind::Checkers, "", None, 7),
    at(
        GameKind::Checkers,
        "",
        Some("B:W18,21,22,24,25,29,30,32:B1,2,3,5,6,8,9,12"),
        6,
    ),
    at(GameKind::Checkers, "", Some("B:WK14,K31:BK1,K8,12"), 8),
    at(
        GameKind::Checkers,
        "draw_plies=3",
        Some("B:WK14,K31:BK1,K8,12"),
        6,
    ),
    at(GameKind::Dots, "rows=3 cols=3", None, 5),
    at(GameKind::Dots, "rows=4 cols=4", None, 3),
    at(GameKind::Amazons, "size=6", None, 2),
    at(
        GameKind::Amazons,
        "size=6",
        Some("1x2q1/qq3q/1Q2x1/6/Q4Q/4Q1:w"),
        2,
    ),
];

/// What a bench run adds up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchTotal {
    /// Nodes over all positions.
    pub nodes: u64,
    /// FNV-1a (32-bit) over every position's node count, in order.
    pub signature: u32,
}

impl BenchTotal {
    /// Nothing counted yet (the signature is FNV-1a's offset basis).
    pub const EMPTY: BenchTotal = BenchTotal {
        nodes: 0,
        signature: 0x811C_9DC5,
    };

    fn add(&mut self, nodes: u64) {
        self.nodes += nodes;
        let mut h = self.signature;
        for byte in nodes.to_le_bytes() {
            h = (h ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
        self.signature = h;
    }
}

/// Runs every bench position with the first [`BENCH_TT_ENTRIES`] entries of `tt`,
/// writing `bench N game=G depth=D nodes=N score=S bestmove=M` per position and
/// `bench total nodes=N time=MS nps=N signature=HEX` at the end.
///
/// # Errors
/// [`ProtocolError::MoveMemory`] when `words` is too small for a position.
pub(super) fn run<C: Clock>(
    tt: &mut Table<'_>,
    words: &mut [MoveWord],
    clock: &C,
    out: &mut dyn Write,
) -> Result<BenchTotal, ProtocolError<'static>> {
    let mut tt = tt.prefix(BENCH_TT_ENTRIES);
    let mut total = BenchTotal::EMPTY;
    let started = clock.now_ms();
    for (i, bench) in BENCH_POSITIONS.iter().enumerate() {
        let start = new_game(bench.game, bench.options)?;
        let nodes = with_position!(start, G, p => {
            let pos = match bench.fen {
                Some(fen) => G::parse_fen_under(fen, &p.config())
                    .map_err(|e| ProtocolError::Notation(e, fen))?,
                None => p,
            };
            let settings = Settings {
                limits: Limits::depth(bench.depth),
                ..Settings::default()
            };
            // The default evaluator, whatever `evaluator` selected: the counts stay pinned.
            // And no oracle: bench measures the search alone.
            let eval = <G as Playable>::Eval::default();
            let knowledge = Knowledge::new(&eval, &NoOracle);
            tt.clear();
            let result = go(&pos, &knowledge, &mut tt, words, &settings, clock, &mut Discard)?;
            let _ = write_position(out, i + 1, bench, result.stats.nodes, result.score, result.best.map(|m| pos.display_move(m)));
            result.stats.nodes
        });
        total.add(nodes);
    }
    let ms = clock.now_ms().saturating_sub(started);
    let nps = total.nodes.saturating_mul(1000) / ms.max(1);
    let _ = writeln!(
        out,
        "bench total nodes={} time={ms} nps={nps} signature={:08x}",
        total.nodes, total.signature
    );
    Ok(total)
}

fn write_position(
    out: &mut dyn Write,
    index: usize,
    bench: &BenchPosition,
    nodes: u64,
    score: Option<crate::Score>,
    best: Option<impl fmt::Display>,
) -> fmt::Result {
    write!(
        out,
        "bench {index} game={} depth={} nodes={nodes}",
        bench.game, bench.depth
    )?;
    if let Some(s) = score {
        write!(out, " score={s}")?;
    }
    if let Some(m) = best {
        write!(out, " bestmove={m}")?;
    }
    out.write_char('\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_depends_on_every_count_and_their_order() {
        let sig = |counts: &[u64]| {
            let mut t = BenchTotal::EMPTY;
            counts.iter().for_each(|&n| t.add(n));
            t
        };
        assert_eq!(sig(&[1, 2]).nodes, sig(&[2, 1]).nodes);
        assert_ne!(sig(&[1, 2]).signature, sig(&[2, 1]).signature);
        assert_ne!(sig(&[1, 2]).signature, sig(&[1, 3]).signature);
    }
}

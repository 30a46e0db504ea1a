//! Perft: counting the leaves of the legal move tree, the standard move-generator check.

use crate::game::{Game, MoveBufferFull};

/// How often (in interior nodes) [`perft_until`] asks whether to stop.
const STOP_INTERVAL: u64 = 1024;

/// Why [`perft_until`] has no count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PerftError {
    /// The move memory cannot hold the moves along some path.
    MoveBufferFull,
    /// The stop check said to stop.
    Stopped,
}

impl From<MoveBufferFull> for PerftError {
    fn from(_: MoveBufferFull) -> Self {
        PerftError::MoveBufferFull
    }
}

impl core::fmt::Display for PerftError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PerftError::MoveBufferFull => "move buffer full",
            PerftError::Stopped => "stopped",
        })
    }
}

impl core::error::Error for PerftError {}

/// The number of move sequences of exactly `depth` plies from `pos` (bulk-counted at
/// the last ply). `moves` is scratch memory shared by all plies.
///
/// # Errors
/// [`MoveBufferFull`] when `moves` cannot hold the moves along some path.
pub fn perft<G: Game>(pos: &G, depth: u32, moves: &mut [G::Move]) -> Result<u64, MoveBufferFull> {
    perft_until(pos, depth, moves, &mut || false).map_err(|_| MoveBufferFull)
}

/// [`perft`] that calls `stop` every 1,024 interior nodes and gives up when it
/// returns `true` (the protocol's `stop`).
///
/// # Errors
/// [`PerftError::MoveBufferFull`] when `moves` cannot hold the moves along some
/// path, [`PerftError::Stopped`] when `stop` said so.
pub fn perft_until<G: Game>(
    pos: &G,
    depth: u32,
    moves: &mut [G::Move],
    stop: &mut dyn FnMut() -> bool,
) -> Result<u64, PerftError> {
    Counter { interior: 0, stop }.count(pos, depth, moves)
}

struct Counter<'s> {
    interior: u64,
    stop: &'s mut dyn FnMut() -> bool,
}

impl Counter<'_> {
    fn count<G: Game>(
        &mut self,
        pos: &G,
        depth: u32,
        moves: &mut [G::Move],
    ) -> Result<u64, PerftError> {
        match depth {
            0 => Ok(1),
            1 => Ok(pos.count_moves()),
            _ => {
                self.interior += 1;
                if self.interior % STOP_INTERVAL == 0 && (self.stop)() {
                    return Err(PerftError::Stopped);
                }
                let n = pos.generate(moves)?;
                let (mine, rest) = moves.split_at_mut(n);
                let mut total = 0;
                for &m in mine.iter() {
                    total += self.count(&pos.after(m), depth - 1, rest)?;
                }
                Ok(total)
            }
        }
    }
}

/// Perft split by first move: calls `report(move, count)` for each legal move in
/// generation order and returns the total.
///
/// # Errors
/// [`MoveBufferFull`] when `moves` cannot hold the moves along some path.
pub fn divide<G: Game>(
    pos: &G,
    depth: u32,
    moves: &mut [G::Move],
    mut report: impl FnMut(G::Move, u64),
) -> Result<u64, MoveBufferFull> {
    if depth == 0 {
        return Ok(1);
    }
    let n = pos.generate(moves)?;
    let (mine, rest) = moves.split_at_mut(n);
    let mut total = 0;
    for &m in mine.iter() {
        let count = perft(&pos.after(m), depth - 1, rest)?;
        report(m, count);
        total += count;
    }
    Ok(total)
}

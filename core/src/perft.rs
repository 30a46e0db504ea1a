//! Perft: counting the leaves of the legal move tree, the standard move-generator check.

use crate::game::{Game, MoveBufferFull};

/// The number of move sequences of exactly `depth` plies from `pos` (bulk-counted at
/// the last ply). `moves` is scratch memory shared by all plies.
///
/// # Errors
/// [`MoveBufferFull`] when `moves` cannot hold the moves along some path.
pub fn perft<G: Game>(pos: &G, depth: u32, moves: &mut [G::Move]) -> Result<u64, MoveBufferFull> {
    match depth {
        0 => Ok(1),
        1 => Ok(pos.count_moves()),
        _ => {
            let n = pos.generate(moves)?;
            let (mine, rest) = moves.split_at_mut(n);
            let mut total = 0;
            for &m in mine.iter() {
                total += perft(&pos.after(m), depth - 1, rest)?;
            }
            Ok(total)
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

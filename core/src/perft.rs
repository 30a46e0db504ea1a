//! Perft: counting the leaves of the legal move tree, the standard move-generator check.

use crate::game::{Game, MoveBufferFull};

/// How much work (moves generated at interior nodes plus moves bulk-counted at the
/// last ply) [`perft_until`] does between two stop checks, at most (plus one
/// position's moves). Counting work rather than nodes bounds the latency of `stop`
/// in every game alike: one Amazons node at the last ply bulk-counts ~2,000 moves.
pub const STOP_WORK: u64 = 1 << 16;

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

/// [`perft`] that calls `stop` after every [`STOP_WORK`] moves generated or
/// bulk-counted (at most one position's moves later) and gives up when it returns
/// `true` (the protocol's `stop`). A perft smaller than that never calls it.
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
    Counter {
        work: 0,
        next_check: STOP_WORK,
        stop,
    }
    .count(pos, depth, moves)
}

struct Counter<'s> {
    /// Moves generated and bulk-counted so far.
    work: u64,
    /// The work at which to call `stop` next.
    next_check: u64,
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
            1 => {
                let n = pos.count_moves();
                self.did(n)?;
                Ok(n)
            }
            _ => {
                let n = pos.generate(moves)?;
                self.did(n as u64)?;
                let (mine, rest) = moves.split_at_mut(n);
                let mut total = 0;
                for &m in mine.iter() {
                    total += self.count(&pos.after(m), depth - 1, rest)?;
                }
                Ok(total)
            }
        }
    }

    /// Counts `moves` of work; calls `stop` when a [`STOP_WORK`] interval is full.
    fn did(&mut self, moves: u64) -> Result<(), PerftError> {
        self.work = self.work.saturating_add(moves);
        if self.work < self.next_check {
            return Ok(());
        }
        self.next_check = self.work.saturating_add(STOP_WORK);
        if (self.stop)() {
            return Err(PerftError::Stopped);
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::checkers::{Checkers, Move};

    #[test]
    fn stop_is_asked_after_a_bounded_amount_of_work() {
        let mut moves = [Move::default(); 512];
        let mut looks = 0u64;
        let counted = perft_until(&Checkers::START, 7, &mut moves, &mut || {
            looks += 1;
            false
        });
        let n = perft(&Checkers::START, 7, &mut moves).unwrap();
        assert_eq!(counted, Ok(n));
        // The leaves alone are work: a look at least every STOP_WORK moves, plus the
        // moves of one position (checkers has fewer than 64).
        assert!(
            looks >= n / (STOP_WORK + 64),
            "{looks} looks for {n} leaves"
        );
        assert!(looks >= 2);
    }

    #[test]
    fn a_stop_is_obeyed_at_the_first_look_and_small_perfts_never_look() {
        let mut moves = [Move::default(); 512];
        let mut looks = 0;
        let stopped = perft_until(&Checkers::START, 9, &mut moves, &mut || {
            looks += 1;
            true
        });
        assert_eq!((stopped, looks), (Err(PerftError::Stopped), 1));
        let mut never = || -> bool { panic!("a perft of 1,469 leaves looked") };
        assert_eq!(
            perft_until(&Checkers::START, 4, &mut moves, &mut never),
            Ok(1_469)
        );
    }
}

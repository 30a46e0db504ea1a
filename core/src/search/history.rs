//! The history heuristic of the selective and ProbCut modes: how often (weighted by
//! depth) a move refuted a node, per side, in a fixed array (no allocation, 2 KiB).
//!
//! Moves are keyed by their packed form ([`Game::pack_move`]) folded to
//! [`SLOTS`] slots, so the table works for every game; two moves sharing a slot only
//! share an ordering hint. Everything here is integer arithmetic on the search so far,
//! so the order stays the same on every target.

use crate::game::Game;
use crate::player::Player;

/// Slots per side.
pub(crate) const SLOTS: usize = 512;

/// Generated lists longer than this keep generation order after the table move and
/// killers: sorting is quadratic (insertion sort: stable and allocation-free), and
/// such lists (the Amazons opening's ~2,000 moves) would cost more to sort than the
/// ordering saves.
pub(crate) const MAX_SORTED: usize = 128;

/// Refutation counts per side and folded packed move.
#[derive(Clone, Debug)]
pub(crate) struct History {
    counts: [[u16; SLOTS]; 2],
}

impl History {
    /// No history.
    pub(crate) const fn new() -> History {
        History {
            counts: [[0; SLOTS]; 2],
        }
    }

    fn slot(packed: u32) -> usize {
        let folded = packed ^ (packed >> 9) ^ (packed >> 18);
        folded as usize % SLOTS
    }

    fn side(player: Player) -> usize {
        usize::from(player != Player::First)
    }

    /// The score of `m` for `player`.
    pub(crate) fn get<G: Game>(&self, player: Player, m: G::Move) -> u16 {
        self.counts[Self::side(player)][Self::slot(G::pack_move(m))]
    }

    /// Records that `m` refuted a node searched `depth` plies deep; when a count would
    /// overflow, every count of that side is halved first (older refutations weigh less).
    pub(crate) fn reward<G: Game>(&mut self, player: Player, m: G::Move, depth: u32) {
        let bonus = (depth.min(32) * depth.min(32)) as u16;
        let side = &mut self.counts[Self::side(player)];
        let slot = Self::slot(G::pack_move(m));
        if side[slot] > u16::MAX - bonus {
            side.iter_mut().for_each(|c| *c /= 2);
        }
        side[slot] += bonus;
    }

    /// Sorts `moves` by decreasing history for `player`, keeping generation order
    /// between equal counts; lists longer than [`MAX_SORTED`] are left as they are.
    pub(crate) fn sort<G: Game>(&self, player: Player, moves: &mut [G::Move]) {
        if moves.len() > MAX_SORTED {
            return;
        }
        for i in 1..moves.len() {
            let m = moves[i];
            let key = self.get::<G>(player, m);
            let mut j = i;
            while j > 0 && self.get::<G>(player, moves[j - 1]) < key {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tictactoe::{Cell, TicTacToe};

    fn cells(ids: &[u8]) -> [Cell; 9] {
        let mut out = [Cell::default(); 9];
        for (o, &i) in out.iter_mut().zip(ids) {
            *o = Cell::new(i).unwrap();
        }
        out
    }

    #[test]
    fn sorts_by_count_and_keeps_generation_order_on_ties() {
        let mut h = History::new();
        let [a, b, c, d, ..] = cells(&[0, 1, 2, 3]);
        h.reward::<TicTacToe>(Player::First, c, 2);
        h.reward::<TicTacToe>(Player::First, d, 3);
        h.reward::<TicTacToe>(Player::Second, a, 9);
        let mut moves = [a, b, c, d];
        h.sort::<TicTacToe>(Player::First, &mut moves);
        assert_eq!(moves, [d, c, a, b]);
        let mut moves = [a, b, c, d];
        h.sort::<TicTacToe>(Player::Second, &mut moves);
        assert_eq!(moves, [a, b, c, d]);
    }

    #[test]
    fn counts_halve_instead_of_overflowing() {
        let mut h = History::new();
        let [a, b, ..] = cells(&[0, 1]);
        h.reward::<TicTacToe>(Player::First, b, 4);
        for _ in 0..100 {
            h.reward::<TicTacToe>(Player::First, a, 32);
        }
        assert!(h.get::<TicTacToe>(Player::First, a) > 30_000);
        assert!(h.get::<TicTacToe>(Player::First, b) < 16);
    }
}

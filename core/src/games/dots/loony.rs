//! Exact values of simple loony endgames: every box left has freedom 2, so the board is
//! a sum of independent chains and loops and every move opens one of them.
//!
//! The player to move (P) must open a component C; the opponent (Q) then either takes
//! all of it and moves next, or keeps control by taking all but the last 2 boxes of a
//! chain (all but 4 of a loop) and handing those to P, who takes them and moves next
//! (Berlekamp, *The Dots-and-Boxes Game*, ch. 2-3; Buzzard & Ciere, "Playing simple
//! loony dots and boxes endgames optimally", 2014). With v(G) the net score of the
//! player to move in G and G' = G − C, Q's net score from opening C is
//!
//! ```text
//! chain of 1:      1 + v(G')                        (nothing to hand back)
//! chain of 2:      2 + v(G')                        (P opens it in the middle)
//! chain of n ≥ 3:  max(n + v(G'), n − 4 − v(G'))
//! loop of n ≥ 4:   max(n + v(G'), n − 8 − v(G'))
//! ```
//!
//! and v(G) = max over C of −(Q's net), v(∅) = 0. Components of one kind are
//! interchangeable, so the recursion branches over distinct kinds only; it has no memo,
//! so its cost grows with the product of the kinds' counts (instant up to 5×5 endgames
//! from play, slow for a contrived 6×6 endgame of a dozen different lengths).

use super::analysis::{Components, Sides};
use super::edges::Edges;
use super::size::Size;

/// The most distinct component kinds a 6×6 board can hold.
const MAX_KINDS: usize = 36;

/// A multiset of chains and loops.
#[derive(Clone, Copy, Debug)]
pub struct Endgame {
    /// (length, is loop, how many), distinct kinds.
    kinds: [(u8, bool, u8); MAX_KINDS],
    len: usize,
}

impl Endgame {
    /// The components of `edges` if every box not yet taken has freedom 2, else `None`.
    #[must_use]
    pub fn of(edges: Edges, size: Size) -> Option<Endgame> {
        let sides = Sides::of(edges, size);
        let f = sides.freedoms(size);
        if f[1] | f[3] | f[4] != 0 {
            return None;
        }
        let mut game = Endgame {
            kinds: [(0, false, 0); MAX_KINDS],
            len: 0,
        };
        for c in Components::within(f[2], &sides) {
            game.add(c.len() as u8, c.is_loop);
        }
        Some(game)
    }

    fn add(&mut self, length: u8, is_loop: bool) {
        let kinds = &mut self.kinds[..self.len];
        if let Some(k) = kinds.iter_mut().find(|k| k.0 == length && k.1 == is_loop) {
            k.2 += 1;
        } else if let Some(slot) = self.kinds.get_mut(self.len) {
            *slot = (length, is_loop, 1);
            self.len += 1;
        }
    }

    /// The net score (boxes still to take) of the player to move, with perfect play.
    #[must_use]
    pub fn value(&mut self) -> i32 {
        let mut best: Option<i32> = None;
        for i in 0..self.len {
            let (length, is_loop, count) = self.kinds[i];
            if count == 0 {
                continue;
            }
            self.kinds[i].2 -= 1;
            let rest = self.value();
            self.kinds[i].2 += 1;
            let mine = -opponent_net(i32::from(length), is_loop, rest);
            best = Some(best.map_or(mine, |b| b.max(mine)));
        }
        best.unwrap_or(0)
    }
}

/// What the opponent nets when the player to move opens a component and the rest is
/// worth `rest` to whoever must move in it.
const fn opponent_net(n: i32, is_loop: bool, rest: i32) -> i32 {
    let take_all = n + rest;
    let keep_control = if is_loop {
        n - 8 - rest
    } else if n >= 3 {
        n - 4 - rest
    } else {
        return take_all;
    };
    if take_all > keep_control {
        take_all
    } else {
        keep_control
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(parts: &[(u8, bool)]) -> Endgame {
        let mut g = Endgame {
            kinds: [(0, false, 0); MAX_KINDS],
            len: 0,
        };
        for &(n, l) in parts {
            g.add(n, l);
        }
        g
    }

    #[test]
    fn textbook_values() {
        // One long chain: the opponent takes it all.
        assert_eq!(game(&[(5, false)]).value(), -5);
        // Two 3-chains: Q keeps control on the first (nets 3 − 4 − (−3) = 2).
        assert_eq!(game(&[(3, false), (3, false)]).value(), -2);
        // A 4-loop and a 3-chain: open the loop; keeping control would cost Q
        // 4 − 8 + 3 = −1, so Q takes it (4 − 3 = 1) and must open the chain.
        assert_eq!(game(&[(4, true), (3, false)]).value(), -1);
        // 1 + 1 + 3: whatever P does, P ends up opening the 3-chain: −3.
        assert_eq!(game(&[(1, false), (1, false), (3, false)]).value(), -3);
        assert_eq!(game(&[]).value(), 0);
    }
}

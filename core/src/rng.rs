//! Randomness through `rand_core`: a random player and random opening plies.
//!
//! Any `rand_core` generator drives them; with the same seed and the same generator
//! the host and the firmware pick the same moves. [`SplitMix64`] is a small
//! generator that needs no dependencies, for the firmware and for tests.

use rand_core::{impls, RngCore};

use crate::game::Game;
use crate::zobrist::splitmix64;

/// SplitMix64 (Steele, Lea, Flood 2014): a fast 64-bit generator with a 64-bit state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }
}

impl RngCore for SplitMix64 {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.state);
        self.state = state;
        value
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        impls::fill_bytes_via_next(self, dest);
    }
}

/// A uniform integer in `0..n` (`n > 0`), by rejection so there is no modulo bias.
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// A legal move chosen uniformly at random, or `None` when there is none.
pub fn random_move<G: Game, R: RngCore + ?Sized>(pos: &G, rng: &mut R) -> Option<G::Move> {
    let n = pos.count_moves();
    if n == 0 {
        return None;
    }
    pos.nth_move(below(rng, n) as usize)
}

/// Plays up to `plies` uniformly random moves from `pos` (fewer if the game ends).
pub fn random_opening<G: Game, R: RngCore + ?Sized>(pos: &G, plies: u32, rng: &mut R) -> G {
    let mut p = *pos;
    for _ in 0..plies {
        match random_move(&p, rng) {
            Some(m) => p = p.after(m),
            None => break,
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_values() {
        // First outputs of SplitMix64 seeded with 0 (the published reference sequence).
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_in_range() {
        let mut r = SplitMix64::new(7);
        for n in 1..50 {
            assert!(below(&mut r, n) < n);
        }
    }
}

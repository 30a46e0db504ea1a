//! The one random source of a training run: a seeded PCG generator and the few
//! draws the GA and ACO_R need (uniform, below n, Bernoulli, Gaussian).
//!
//! Every random choice goes through [`Rng`], so a run is a pure function of its
//! config and seed. The generator's state is serialisable for checkpoints.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// A seeded generator (PCG-64 MCG, `rand_pcg`), serialisable with its state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng(Pcg64Mcg);

impl Rng {
    /// The generator for `seed`.
    #[must_use]
    pub fn seeded(seed: u64) -> Rng {
        Rng(Pcg64Mcg::seed_from_u64(seed))
    }

    /// The next raw 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in [0, 1), from the top 53 bits (every value a multiple of 2⁻⁵³).
    pub fn unit(&mut self) -> f64 {
        const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
        (self.next_u64() >> 11) as f64 * SCALE
    }

    /// Uniform in 0..n (Lemire's widening multiply, unbiased by rejection); 0 when n is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// An index into a slice of length `len` (0 when empty).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `p` (clamped to [0, 1]).
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A standard normal draw (Box–Muller, one value per call).
    pub fn standard_normal(&mut self) -> f64 {
        let u1 = 1.0 - self.unit(); // (0, 1]: ln is finite
        let u2 = self.unit();
        (-2.0 * u1.ln()).sqrt() * (core::f64::consts::TAU * u2).cos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_different_seeds_differ() {
        let (mut a, mut b, mut c) = (Rng::seeded(7), Rng::seeded(7), Rng::seeded(8));
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = Rng::seeded(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(rng.below(0), 0);
    }

    #[test]
    fn unit_and_normal_have_the_expected_moments() {
        let mut rng = Rng::seeded(3);
        let n = 20_000;
        let units: Vec<f64> = (0..n).map(|_| rng.unit()).collect();
        assert!(units.iter().all(|u| (0.0..1.0).contains(u)));
        let mean = units.iter().sum::<f64>() / f64::from(n);
        assert!((mean - 0.5).abs() < 0.01, "{mean}");
        let normals: Vec<f64> = (0..n).map(|_| rng.standard_normal()).collect();
        let m = normals.iter().sum::<f64>() / f64::from(n);
        let var = normals.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / f64::from(n);
        assert!(m.abs() < 0.03, "{m}");
        assert!((var - 1.0).abs() < 0.05, "{var}");
    }
}

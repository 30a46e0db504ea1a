//! The samples' quality index: with `s` samples of which `r` repeat an earlier
//! sample's position, `x = r/s`, `y = tanh(ln s)` and `T = α·y − (1 − α)·x`. More
//! samples raise `T` (with diminishing returns), duplicates lower it. With no samples
//! `T = −α` (the limit of `y` as `s → 0`, with `x = 0`).

use std::collections::HashSet;

use crate::nn::Sample;

/// The index `T` for `samples` samples with `duplicates` repeats.
#[must_use]
pub fn quality(samples: usize, duplicates: usize, alpha: f64) -> f64 {
    if samples == 0 {
        return -alpha;
    }
    let s = samples as f64;
    alpha * s.ln().tanh() - (1.0 - alpha) * duplicates as f64 / s
}

/// How many samples have the same inputs as an earlier one.
#[must_use]
pub fn duplicates(samples: &[Sample]) -> usize {
    let mut seen = HashSet::new();
    samples.iter().filter(|s| !seen.insert(s.inputs)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_computed_values() {
        // s = 1: tanh(0) = 0, so T = −0.2·r.
        assert_eq!(quality(1, 0, 0.8), 0.0);
        // s = 100, r = 0: T = 0.8·tanh(ln 100).
        let t = quality(100, 0, 0.8);
        assert!((t - 0.8 * (100f64.ln()).tanh()).abs() < 1e-15);
        // s = 100, r = 50: tanh(ln 100) = (100² − 1)/(100² + 1) = 0.99980002, T = 0.79984 − 0.1
        assert!((quality(100, 50, 0.8) - (0.8 * 9999.0 / 10001.0 - 0.1)).abs() < 1e-12);
        assert_eq!(quality(0, 0, 0.8), -0.8);
    }

    #[test]
    fn duplicates_count_repeated_positions() {
        let a = Sample {
            inputs: [1; 32],
            target: 1.0,
        };
        let b = Sample {
            inputs: [0; 32],
            target: 0.0,
        };
        assert_eq!(duplicates(&[a, b, a, a, b]), 3);
        assert_eq!(duplicates(&[]), 0);
    }
}

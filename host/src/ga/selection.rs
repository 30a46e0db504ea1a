//! Roulette-wheel selection: index i with probability wᵢ / Σ w.
//!
//! Negative and non-finite weights count as 0; when every weight is 0 the wheel is
//! uniform, so selection never fails.

use super::rng::Rng;

/// One spin of the wheel over `weights`; `None` only when `weights` is empty.
pub fn roulette(weights: &[f64], rng: &mut Rng) -> Option<usize> {
    if weights.is_empty() {
        return None;
    }
    let clean = |w: f64| if w.is_finite() && w > 0.0 { w } else { 0.0 };
    let total: f64 = weights.iter().map(|&w| clean(w)).sum();
    if total <= 0.0 {
        return Some(rng.index(weights.len()));
    }
    let mut ball = rng.unit() * total;
    let mut last_positive = 0;
    for (i, &w) in weights.iter().enumerate() {
        let w = clean(w);
        if w > 0.0 {
            if ball < w {
                return Some(i);
            }
            ball -= w;
            last_positive = i;
        }
    }
    // Rounding can leave the ball just past the last slot.
    Some(last_positive)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frequencies_follow_the_weights() {
        let weights = [1.0, 2.0, 0.0, 5.0, -3.0, f64::NAN];
        let mut rng = Rng::seeded(42);
        let mut counts = [0u32; 6];
        let spins = 80_000;
        for _ in 0..spins {
            counts[roulette(&weights, &mut rng).unwrap()] += 1;
        }
        // expected 1/8, 2/8, 0, 5/8, 0, 0 of 80 000: 10 000, 20 000, 0, 50 000
        assert!((9_400..10_600).contains(&counts[0]), "{counts:?}");
        assert!((19_200..20_800).contains(&counts[1]), "{counts:?}");
        assert!((49_000..51_000).contains(&counts[3]), "{counts:?}");
        assert_eq!(counts[2] + counts[4] + counts[5], 0, "{counts:?}");
    }

    #[test]
    fn all_zero_is_uniform_and_empty_is_none() {
        let mut rng = Rng::seeded(1);
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            counts[roulette(&[0.0; 4], &mut rng).unwrap()] += 1;
        }
        assert!(
            counts.iter().all(|&n| (850..1150).contains(&n)),
            "{counts:?}"
        );
        assert_eq!(roulette(&[], &mut rng), None);
    }
}

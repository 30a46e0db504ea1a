//! Adaptive crossover and mutation rates (Srinivas & Patnaik style, as in the paper).
//!
//! ```text
//! pc = pc_a − (pc_a − pc_b)·(f' − f_avg)/(f_max − f_avg)   if f' ≥ f_avg, else pc_a
//! pm = pm_a − (pm_a − pm_b)·(f  − f_avg)/(f_max − f_avg)   if f  ≥ f_avg, else pm_a
//! ```
//!
//! f' is the larger fitness of the two parents, f the fitness of the individual to
//! mutate; f_avg and f_max are the population's. Individuals near the best keep their
//! genes; below-average ones are recombined and mutated at the full rate. When
//! f_max = f_avg (a uniform population) an individual at or above the mean *is* the
//! best, so it gets the formula's value at f = f_max: pc_b (pm_b). With adaptation off
//! the rates are the constants pc_a and pm_a.

use serde::{Deserialize, Serialize};

/// The four rate constants.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rates {
    /// Crossover rate of below-average pairs.
    pub pc_a: f64,
    /// Crossover rate of the best pair.
    pub pc_b: f64,
    /// Mutation rate (per bit) of below-average individuals.
    pub pm_a: f64,
    /// Mutation rate (per bit) of the best individual.
    pub pm_b: f64,
}

impl Rates {
    /// The paper's constants: 0.9, 0.6, 0.1, 0.001.
    pub const PAPER: Rates = Rates {
        pc_a: 0.9,
        pc_b: 0.6,
        pm_a: 0.1,
        pm_b: 0.001,
    };

    /// The crossover rate for a pair whose larger fitness is `f_prime`.
    #[must_use]
    pub fn crossover(&self, f_prime: f64, stats: Stats) -> f64 {
        adapt(self.pc_a, self.pc_b, f_prime, stats)
    }

    /// The per-bit mutation rate for an individual of fitness `f`.
    #[must_use]
    pub fn mutation(&self, f: f64, stats: Stats) -> f64 {
        adapt(self.pm_a, self.pm_b, f, stats)
    }
}

impl Default for Rates {
    fn default() -> Rates {
        Rates::PAPER
    }
}

/// A population's mean and largest fitness.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    /// f_avg.
    pub mean: f64,
    /// f_max.
    pub max: f64,
}

impl Stats {
    /// The mean and maximum of `values` (0 and 0 when empty).
    #[must_use]
    pub fn of(values: &[f64]) -> Stats {
        if values.is_empty() {
            return Stats {
                mean: 0.0,
                max: 0.0,
            };
        }
        Stats {
            mean: values.iter().sum::<f64>() / values.len() as f64,
            max: values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        }
    }
}

fn adapt(a: f64, b: f64, f: f64, stats: Stats) -> f64 {
    if f < stats.mean {
        return a;
    }
    let span = stats.max - stats.mean;
    if span <= 0.0 {
        return b;
    }
    let t = ((f - stats.mean) / span).min(1.0);
    a - (a - b) * t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn hand_computed_rates() {
        let r = Rates::PAPER;
        let s = Stats {
            mean: 0.5,
            max: 1.0,
        };
        // below average: the full rates
        assert_eq!(r.crossover(0.2, s), 0.9);
        assert_eq!(r.mutation(0.49, s), 0.1);
        // at the mean: still the full rates
        assert!(close(r.crossover(0.5, s), 0.9));
        // half-way to the best: 0.9 − 0.3·0.5 = 0.75; 0.1 − 0.099·0.5 = 0.0505
        assert!(close(r.crossover(0.75, s), 0.75));
        assert!(close(r.mutation(0.75, s), 0.0505));
        // the best: pc_b, pm_b
        assert!(close(r.crossover(1.0, s), 0.6));
        assert!(close(r.mutation(1.0, s), 0.001));
    }

    #[test]
    fn a_uniform_population_does_not_divide_by_zero() {
        let r = Rates::PAPER;
        let s = Stats {
            mean: 0.7,
            max: 0.7,
        };
        assert_eq!(r.crossover(0.7, s), 0.6);
        assert_eq!(r.mutation(0.7, s), 0.001);
    }

    #[test]
    fn stats_hand_computed() {
        assert_eq!(
            Stats::of(&[1.0, 2.0, 6.0]),
            Stats {
                mean: 3.0,
                max: 6.0
            }
        );
    }
}

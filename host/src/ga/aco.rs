//! ACO_R, ant colony optimisation for continuous domains (Socha & Dorigo 2008), the
//! baseline the paper compares against, over the same ranges and [`Evaluate`].
//!
//! An archive holds the k best solutions, sorted best first. Solution of rank l
//! (1-based) has weight
//!
//! ```text
//! w_l = exp(−(l − 1)² / (2 q² k²)) / (q k √(2π))
//! ```
//!
//! Each of m ants picks a guide l with probability w_l / Σ w, then samples every
//! coordinate i from a Gaussian around the guide:
//!
//! ```text
//! μ = s_l[i],   σ = ξ · Σ_e |s_e[i] − s_l[i]| / (k − 1),   x_i = clamp(μ + σ·N(0, 1), range_i)
//! ```
//!
//! The m new solutions are scored in one batch, added to the archive, and the archive is
//! cut back to its k best (ties keep the older solution). Small q favours the best
//! solutions (exploitation); ξ plays the role of pheromone evaporation: larger ξ, slower
//! convergence.

use serde::{Deserialize, Serialize};

use super::config::{probability, ConfigError};
use super::encoding::Range;
use super::evaluate::{checked, Evaluate, StepError};
use super::generation::Generation;
use super::rng::Rng;
use super::selection::roulette;

/// ACO_R's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AcoConfig {
    /// k, the archive size (at least 2).
    pub archive: usize,
    /// m, the ants (new solutions) per iteration (at least 1).
    pub ants: usize,
    /// q, the locality of the search (positive).
    pub q: f64,
    /// ξ, the width of the sampling kernels relative to the archive's spread, in [0, 1].
    pub xi: f64,
}

impl Default for AcoConfig {
    /// k = 20, m = 10, q = 0.1, ξ = 0.85 (Socha & Dorigo use ξ = 0.85 throughout; k
    /// and m are smaller than their k = 50 to fit game-scored budgets).
    fn default() -> AcoConfig {
        AcoConfig {
            archive: 20,
            ants: 10,
            q: 0.1,
            xi: 0.85,
        }
    }
}

impl AcoConfig {
    /// Checks every field.
    ///
    /// # Errors
    /// The first [`ConfigError`] found.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.archive < 2 {
            return Err(ConfigError::TooSmall {
                field: "aco.archive",
                min: 2,
            });
        }
        if self.ants < 1 {
            return Err(ConfigError::TooSmall {
                field: "aco.ants",
                min: 1,
            });
        }
        if !(self.q.is_finite() && self.q > 0.0) {
            return Err(ConfigError::NotPositive {
                field: "aco.q",
                value: self.q,
            });
        }
        probability("aco.xi", self.xi)
    }

    /// The rank weights w_1..w_k.
    #[must_use]
    pub fn rank_weights(&self) -> Vec<f64> {
        let qk = self.q * self.archive as f64;
        let norm = qk * (core::f64::consts::TAU).sqrt();
        (0..self.archive)
            .map(|l| {
                let r = l as f64;
                (-(r * r) / (2.0 * qk * qk)).exp() / norm
            })
            .collect()
    }
}

/// One archived solution.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// The weights.
    pub weights: Vec<f64>,
    /// Their objective.
    pub objective: f64,
}

/// The archive, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Archive {
    /// 0 for the initial archive, then one more per step.
    pub generation: u64,
    /// The k best solutions, best first.
    pub solutions: Vec<Solution>,
}

/// The optimiser: settings, ranges and the run's random generator (serialisable).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AcoR {
    config: AcoConfig,
    ranges: Vec<Range>,
    rng: Rng,
}

impl AcoR {
    /// ACO_R over `ranges`, its random choices drawn from `seed`.
    ///
    /// # Errors
    /// The first [`ConfigError`] in `config`.
    pub fn new(config: AcoConfig, ranges: Vec<Range>, seed: u64) -> Result<AcoR, ConfigError> {
        config.validate()?;
        Ok(AcoR {
            config,
            ranges,
            rng: Rng::seeded(seed),
        })
    }

    fn random_point(&mut self) -> Vec<f64> {
        let ranges = self.ranges.clone();
        ranges
            .iter()
            .map(|r| r.min + (r.max - r.min) * self.rng.unit())
            .collect()
    }

    fn sample(&mut self, archive: &[Solution], weights: &[f64]) -> Vec<f64> {
        let guide = roulette(weights, &mut self.rng).unwrap_or(0);
        let k = archive.len();
        let ranges = self.ranges.clone();
        ranges
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mu = archive[guide].weights[i];
                let spread: f64 = archive.iter().map(|s| (s.weights[i] - mu).abs()).sum();
                let sigma = self.config.xi * spread / (k - 1).max(1) as f64;
                (mu + sigma * self.rng.standard_normal()).clamp(r.min, r.max)
            })
            .collect()
    }

    fn scored<E: Evaluate>(
        points: Vec<Vec<f64>>,
        evaluator: &mut E,
    ) -> Result<Vec<Solution>, StepError<E::Error>> {
        let scores = checked(evaluator, &points)?;
        Ok(points
            .into_iter()
            .zip(scores)
            .map(|(weights, objective)| Solution { weights, objective })
            .collect())
    }

    fn keep_best(&self, mut solutions: Vec<Solution>) -> Vec<Solution> {
        solutions.sort_by(|a, b| b.objective.total_cmp(&a.objective));
        solutions.truncate(self.config.archive);
        solutions
    }

    fn fits(&self, weights: &[f64]) -> bool {
        weights.len() == self.ranges.len()
            && weights
                .iter()
                .zip(&self.ranges)
                .all(|(w, r)| (r.min..=r.max).contains(w))
    }
}

impl Generation for AcoR {
    type Population = Archive;

    fn initial<E: Evaluate>(
        &mut self,
        seeds: &[Vec<f64>],
        evaluator: &mut E,
    ) -> Result<Archive, StepError<E::Error>> {
        let mut points: Vec<Vec<f64>> = seeds.iter().take(self.config.archive).cloned().collect();
        while points.len() < self.config.archive {
            points.push(self.random_point());
        }
        if !points.iter().all(|w| self.fits(w)) {
            return Err(StepError::Mismatch(
                "a seed weight vector does not fit the ranges",
            ));
        }
        let solutions = Self::scored(points, evaluator)?;
        Ok(Archive {
            generation: 0,
            solutions: self.keep_best(solutions),
        })
    }

    fn step<E: Evaluate>(
        &mut self,
        archive: &Archive,
        evaluator: &mut E,
    ) -> Result<Archive, StepError<E::Error>> {
        if archive.solutions.is_empty() || !archive.solutions.iter().all(|s| self.fits(&s.weights))
        {
            return Err(StepError::Mismatch("the archive does not fit the ranges"));
        }
        let mut weights = self.config.rank_weights();
        weights.truncate(archive.solutions.len());
        let points: Vec<Vec<f64>> = (0..self.config.ants)
            .map(|_| self.sample(&archive.solutions, &weights))
            .collect();
        let mut solutions = archive.solutions.clone();
        solutions.extend(Self::scored(points, evaluator)?);
        Ok(Archive {
            generation: archive.generation + 1,
            solutions: self.keep_best(solutions),
        })
    }

    fn best(&self, archive: &Archive) -> Option<(Vec<f64>, f64)> {
        archive
            .solutions
            .first()
            .map(|s| (s.weights.clone(), s.objective))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_weights_hand_computed() {
        // k = 2, q = 0.5: qk = 1; w_1 = 1/√(2π), w_2 = e^(−1/2)/√(2π).
        let c = AcoConfig {
            archive: 2,
            ants: 1,
            q: 0.5,
            xi: 0.85,
        };
        let w = c.rank_weights();
        let s = (core::f64::consts::TAU).sqrt();
        assert!((w[0] - 1.0 / s).abs() < 1e-15);
        assert!((w[1] - (-0.5f64).exp() / s).abs() < 1e-15);
    }

    #[test]
    fn bad_settings_are_named() {
        let bad = AcoConfig {
            xi: 2.0,
            ..AcoConfig::default()
        };
        assert!(bad
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("aco.xi"));
        let bad = AcoConfig {
            q: 0.0,
            ..AcoConfig::default()
        };
        assert!(bad.validate().unwrap_err().to_string().starts_with("aco.q"));
        let bad = AcoConfig {
            archive: 1,
            ..AcoConfig::default()
        };
        assert!(bad
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("aco.archive"));
    }
}

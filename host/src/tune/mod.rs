//! Tuning the checkers `expert` evaluator from self-play (`microply tune checkers`):
//! [`selfplay`] plays seeded games and labels their positions, [`texel`] fits the
//! logistic regression of results on features, and [`Tuned`] writes the weights as a
//! weights file and as the protocol's `weights` line. Method, data and figures:
//! docs/checkers-eval.md.

pub mod selfplay;
pub mod texel;

use std::fmt::Write as _;

use microply_core::games::checkers::features::{Feature, FEATURES};
use microply_core::games::checkers::ExpertWeights;
use microply_core::score::Value;

pub use selfplay::{SelfPlay, SelfPlayError};
pub use texel::{Fit, Sample};

/// The range searched for the scale `K` (per man).
const K_RANGE: (f64, f64) = (0.01, 20.0);

/// The result of a tuning run.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// Training positions.
    pub positions: usize,
    /// The fitted scale `K` (per man).
    pub k: f64,
    /// The error of the starting weights.
    pub start_mse: f64,
    /// The fitted weights and their error.
    pub fit: Fit,
}

impl Tuned {
    /// The fitted weights as the evaluator's fixed-point values (saturating).
    #[must_use]
    pub fn weights(&self) -> ExpertWeights {
        ExpertWeights(self.fit.weights.map(Value::saturating_from_num))
    }

    /// The protocol line that loads the weights (after `evaluator expert`).
    #[must_use]
    pub fn protocol_line(&self) -> String {
        let values: Vec<String> = self
            .weights()
            .to_array()
            .iter()
            .map(ToString::to_string)
            .collect();
        format!("weights {}", values.join(" "))
    }

    /// A weights file: comments with the run, then one weight a line with its
    /// feature's name (the format `microply match` and `tournament` read).
    #[must_use]
    pub fn weights_file(&self, run: &str) -> String {
        let mut out = format!(
            "# checkers expert evaluator weights, tuned by Texel regression\n\
             # {run}\n# positions {}, K {:.6}, mse {:.6} -> {:.6}\n",
            self.positions, self.k, self.start_mse, self.fit.mse
        );
        for (feature, w) in Feature::ALL.iter().zip(self.weights().to_array()) {
            let _ = writeln!(out, "{w}  # {}", feature.name());
        }
        out
    }
}

/// Fits `K` to `start`, then the weights with that `K` (at most `steps` steps).
#[must_use]
pub fn tune(samples: &[Sample], start: &ExpertWeights, steps: u32) -> Tuned {
    let start: [f64; FEATURES] = start.to_array().map(|v| v.to_num::<f64>());
    let k = texel::fit_k(samples, &start, K_RANGE.0, K_RANGE.1);
    let start_mse = texel::mse(samples, &start, k);
    Tuned {
        positions: samples.len(),
        k,
        start_mse,
        fit: texel::fit_weights(samples, &start, k, steps),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{Display, Progress};
    use microply_core::games::checkers::CheckersEval;

    #[test]
    fn a_small_run_is_reproducible_and_improves_the_fit() {
        let config = SelfPlay {
            games: 6,
            depth: 2,
            seed: 1,
            random_plies: 6,
            max_plies: 150,
            evaluator: CheckersEval::default(),
        };
        let hidden = Progress::new(Display::Hidden, "games", 6, 0);
        let samples = selfplay::generate(&config, 2, &hidden).unwrap();
        let a = tune(&samples, &ExpertWeights::DEFAULT, 20);
        let b = tune(&samples, &ExpertWeights::DEFAULT, 20);
        assert_eq!(a, b);
        assert!(a.fit.mse <= a.start_mse);
        assert_eq!(a.positions, samples.len());
    }

    #[test]
    fn the_baked_defaults_are_the_committed_tuning_run() {
        let file = include_str!("../../../docs/checkers-expert-weights.txt");
        let values: Vec<Value> = file
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(values, ExpertWeights::DEFAULT.to_array());
    }

    #[test]
    fn the_weights_file_and_line_carry_every_weight() {
        let tuned = Tuned {
            positions: 3,
            k: 1.0,
            start_mse: 0.2,
            fit: Fit {
                weights: std::array::from_fn(|i| i as f64 / 4.0),
                mse: 0.1,
                steps: 1,
            },
        };
        assert!(tuned
            .protocol_line()
            .starts_with("weights 0 0.25 0.5 0.75 1 "));
        let file = tuned.weights_file("test");
        let values: Vec<&str> = file
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(values.len(), FEATURES);
        assert_eq!(values[4], "1");
        assert!(file.contains("1  # trade-down"));
    }
}

//! The 32-5-3-1 network in `f64`: the same architecture, activations, parameter order
//! and inputs as the core's fixed-point evaluator (`microply_core::games::checkers::network`),
//! with back-propagation for training.

use microply_core::games::checkers::network::{
    inputs, NetworkWeights, HIDDEN1, HIDDEN2, INPUTS, PARAMETERS,
};
use microply_core::games::checkers::Checkers;
use microply_core::rng::SplitMix64;
use microply_core::score::Value;
use rand_core::RngCore;

/// Where each layer's parameters start in the flat array (the core's order).
const LAYER2: usize = HIDDEN1 * (INPUTS + 1);
const OUTPUT: usize = LAYER2 + HIDDEN2 * (HIDDEN1 + 1);

/// The network's inputs as `f64`.
pub type Inputs = [f64; INPUTS];

/// The logistic function `1 / (1 + e^(−x))`.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Widens the core's `i8` inputs.
#[must_use]
pub fn to_f64(x: &[i8; INPUTS]) -> Inputs {
    x.map(f64::from)
}

/// A 32-5-3-1 network with `f64` parameters in the core's flat order.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// The 187 parameters (see docs/checkers-network.md for the order).
    pub params: [f64; PARAMETERS],
}

/// Every unit's activation for one input.
#[derive(Clone, Copy, Debug)]
struct Activations {
    h1: [f64; HIDDEN1],
    h2: [f64; HIDDEN2],
    out: f64,
}

impl Net {
    /// The core's weights as `f64` (exact: every I16F16 is an `f64`).
    #[must_use]
    pub fn from_weights(w: &NetworkWeights) -> Net {
        Net {
            params: w.to_array().map(|v| v.to_num::<f64>()),
        }
    }

    /// The core's default network (a material counter) with every parameter moved
    /// by a seeded uniform amount in `[−spread, spread]`, so that no two hidden units
    /// start identical (identical units would receive identical gradients forever).
    #[must_use]
    pub fn perturbed_default(seed: u64, spread: f64) -> Net {
        let mut net = Net::from_weights(&NetworkWeights::DEFAULT);
        let mut rng = SplitMix64::new(seed);
        for p in &mut net.params {
            *p += spread * (2.0 * unit(&mut rng) - 1.0);
        }
        net
    }

    /// The output `o ∈ (0, 1)`: the estimate that the side to move wins.
    #[must_use]
    pub fn output(&self, x: &Inputs) -> f64 {
        self.activations(x).out
    }

    /// The evaluation `2·o − 1` of `pos` for the side to move (the core's scale).
    #[must_use]
    pub fn value(&self, pos: &Checkers) -> f64 {
        2.0 * self.output(&to_f64(&inputs(pos))) - 1.0
    }

    fn activations(&self, x: &Inputs) -> Activations {
        let p = &self.params;
        let h1 = std::array::from_fn(|j| unit_output(&p[j * (INPUTS + 1)..][..=INPUTS], x));
        let h2 =
            std::array::from_fn(|k| unit_output(&p[LAYER2 + k * (HIDDEN1 + 1)..][..=HIDDEN1], &h1));
        let out = unit_output(&p[OUTPUT..], &h2);
        Activations { h1, h2, out }
    }

    /// Adds to `grad` the gradient of the squared error `½·(o − target)²` for one
    /// input (back-propagation), and returns that error.
    pub fn accumulate_gradient(
        &self,
        x: &Inputs,
        target: f64,
        grad: &mut [f64; PARAMETERS],
    ) -> f64 {
        let a = self.activations(x);
        let p = &self.params;
        let error = a.out - target;
        let delta_out = error * a.out * (1.0 - a.out);
        add_unit_gradient(&mut grad[OUTPUT..], delta_out, &a.h2);
        let mut delta2 = [0.0; HIDDEN2];
        for (k, d) in delta2.iter_mut().enumerate() {
            *d = delta_out * p[OUTPUT + k] * a.h2[k] * (1.0 - a.h2[k]);
            add_unit_gradient(
                &mut grad[LAYER2 + k * (HIDDEN1 + 1)..][..=HIDDEN1],
                *d,
                &a.h1,
            );
        }
        for j in 0..HIDDEN1 {
            let back: f64 = (0..HIDDEN2)
                .map(|k| delta2[k] * p[LAYER2 + k * (HIDDEN1 + 1) + j])
                .sum();
            let delta1 = back * a.h1[j] * (1.0 - a.h1[j]);
            add_unit_gradient(&mut grad[j * (INPUTS + 1)..][..=INPUTS], delta1, x);
        }
        0.5 * error * error
    }
}

/// σ(Σ wᵢ·xᵢ + b) for a unit whose parameters are its weights then its bias.
fn unit_output(params: &[f64], x: &[f64]) -> f64 {
    let (weights, bias) = params.split_at(x.len());
    let sum: f64 = weights.iter().zip(x).map(|(w, x)| w * x).sum();
    sigmoid(sum + bias[0])
}

/// ∂/∂wᵢ = δ·xᵢ and ∂/∂b = δ for a unit whose parameters are its weights then its bias.
fn add_unit_gradient(grad: &mut [f64], delta: f64, x: &[f64]) {
    let (weights, bias) = grad.split_at_mut(x.len());
    for (g, x) in weights.iter_mut().zip(x) {
        *g += delta * x;
    }
    bias[0] += delta;
}

/// A uniform `f64` in `[0, 1)` from the top 53 bits.
pub fn unit(rng: &mut impl RngCore) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A parameter that does not fit the core's I16F16.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("network parameter {index} is {value}, outside the fixed-point range ±32768")]
pub struct OutOfRange {
    /// Which parameter (flat order).
    pub index: usize,
    /// Its value.
    pub value: f64,
}

impl Net {
    /// The core's fixed-point weights: every parameter rounded to the nearest I16F16.
    ///
    /// # Errors
    /// [`OutOfRange`] for a parameter outside ±32768 (or not finite).
    pub fn quantise(&self) -> Result<NetworkWeights, OutOfRange> {
        let mut flat = [Value::ZERO; PARAMETERS];
        for (index, (slot, &value)) in flat.iter_mut().zip(&self.params).enumerate() {
            *slot = Value::checked_from_num(value)
                .filter(|_| value.is_finite())
                .ok_or(OutOfRange { index, value })?;
        }
        Ok(NetworkWeights::from_array(&flat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::checkers::Network;
    use microply_core::{Evaluator, Game, Notation};

    fn random_net(seed: u64, spread: f64) -> Net {
        let mut rng = SplitMix64::new(seed);
        Net {
            params: std::array::from_fn(|_| spread * (2.0 * unit(&mut rng) - 1.0)),
        }
    }

    fn random_inputs(rng: &mut SplitMix64) -> Inputs {
        std::array::from_fn(|_| (rng.next_u64() % 5) as f64 - 2.0)
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let net = random_net(3, 1.5);
        let mut rng = SplitMix64::new(11);
        for _ in 0..5 {
            let x = random_inputs(&mut rng);
            let target = unit(&mut rng);
            let mut grad = [0.0; PARAMETERS];
            net.accumulate_gradient(&x, target, &mut grad);
            let loss = |n: &Net| 0.5 * (n.output(&x) - target).powi(2);
            for (i, &analytic) in grad.iter().enumerate() {
                let h = 1e-6;
                let (mut up, mut down) = (net.clone(), net.clone());
                up.params[i] += h;
                down.params[i] -= h;
                let numeric = (loss(&up) - loss(&down)) / (2.0 * h);
                assert!(
                    (numeric - analytic).abs() <= 1e-7 + 1e-5 * numeric.abs(),
                    "parameter {i}: back-propagation {analytic} vs finite difference {numeric}"
                );
            }
        }
    }

    #[test]
    fn the_core_default_in_f64_counts_material_like_the_core() {
        let net = Net::from_weights(&NetworkWeights::DEFAULT);
        let start = Checkers::START;
        assert!(net.value(&start).abs() < 1e-12);
        let up = Checkers::parse_fen("B:W30:B10,13").unwrap();
        // One man up: hidden unit σ(0.25) → 4·σ(0.25) − 2 → σ(·) → 2σ − 1, by hand.
        let h = sigmoid(0.25);
        let expected = 2.0 * sigmoid(4.0 * sigmoid(4.0 * h - 2.0) - 2.0) - 1.0;
        assert!((net.value(&up) - expected).abs() < 1e-12);
    }

    #[test]
    fn quantised_weights_evaluate_like_the_core() {
        let net = random_net(5, 3.0);
        let quantised = net.quantise().unwrap();
        let exact = Net::from_weights(&quantised);
        let core = Network { weights: quantised };
        let mut pos = Checkers::START;
        let mut rng = SplitMix64::new(9);
        for _ in 0..60 {
            let from_core = core.evaluate(&pos).value().unwrap().to_num::<f64>();
            assert!(
                (exact.value(&pos) - from_core).abs() < 2e-4,
                "{:?}: f64 {} core {from_core}",
                pos,
                exact.value(&pos)
            );
            match microply_core::rng::random_move(&pos, &mut rng) {
                Some(m) => pos = pos.after(m),
                None => break,
            }
        }
    }

    #[test]
    fn out_of_range_parameters_are_named() {
        let mut net = random_net(1, 1.0);
        net.params[42] = 40_000.0;
        assert_eq!(
            net.quantise(),
            Err(OutOfRange {
                index: 42,
                value: 40_000.0
            })
        );
        net.params[42] = f64::NAN;
        assert!(net.quantise().is_err());
    }
}

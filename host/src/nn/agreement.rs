//! How closely the core's fixed-point network follows the `f64` one it was
//! quantised from: the evaluation `2·o − 1` of both over a set of samples.

use microply_core::games::checkers::NetworkWeights;

use super::net::{to_f64, Net};
use super::sample::Sample;

/// Differences in evaluation (`2·o − 1`, one unit = one man of the baseline).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Agreement {
    /// Positions compared.
    pub positions: usize,
    /// The largest absolute difference.
    pub max_error: f64,
    /// The mean absolute difference.
    pub mean_error: f64,
}

/// Compares `net` (in `f64`) with the core's evaluation of `quantised` on `samples`.
#[must_use]
pub fn agreement(net: &Net, quantised: &NetworkWeights, samples: &[&Sample]) -> Agreement {
    let scale = f64::from(1u32 << 24);
    let mut total = 0.0;
    let mut max_error: f64 = 0.0;
    for s in samples {
        let exact = 2.0 * net.output(&to_f64(&s.inputs)) - 1.0;
        let fixed = 2.0 * quantised.forward(&s.inputs) as f64 / scale - 1.0;
        let error = (exact - fixed).abs();
        total += error;
        max_error = max_error.max(error);
    }
    Agreement {
        positions: samples.len(),
        max_error,
        mean_error: total / samples.len().max(1) as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trained_size_network_agrees_within_quantisation_error() {
        let net = Net::perturbed_default(3, 0.5);
        let quantised = net.quantise().unwrap();
        let samples: Vec<Sample> = (0..200)
            .map(|i| Sample {
                inputs: std::array::from_fn(|j| ((i * 7 + j * 3) % 5) as i8 - 2),
                target: 0.5,
            })
            .collect();
        let refs: Vec<&Sample> = samples.iter().collect();
        let a = agreement(&net, &quantised, &refs);
        assert_eq!(a.positions, 200);
        // Rounding 187 parameters to 2⁻¹⁶ and σ's table (2e-5) stay far below 1e-3.
        assert!(a.max_error < 1e-3, "{a:?}");
        assert!(a.mean_error <= a.max_error);
        // And the check sees a real difference: a network moved by 0.5 disagrees.
        let mut moved = net.clone();
        moved.params[186] += 0.5;
        assert!(agreement(&moved, &quantised, &refs).max_error > 0.01);
    }
}

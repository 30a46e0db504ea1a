//! Texel tuning: the logistic regression of game results on a linear evaluation.
//!
//! A position with feature vector `x` (in units of the evaluation, one man = 1) and
//! weights `w` is predicted to score `σ(K · w·x)` for the side to move, with
//! `σ(t) = 1 / (1 + e^−t)`. The loss is the mean squared error against the game's
//! result (1 win, ½ draw, 0 loss), as in the Texel method (Peter Österlund, 2014,
//! chessprogramming.org "Texel's Tuning Method"). First the scale `K` is fitted to
//! the starting weights (a golden-section search), then the weights with `K` fixed,
//! by Gauss–Newton steps with Levenberg–Marquardt damping. Everything is
//! deterministic: no random draws, sums in a fixed order.

use microply_core::games::checkers::features::FEATURES;

/// One training position: its features (one man = 1) and the side to move's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The feature vector, divided by the features' scale.
    pub features: [f64; FEATURES],
    /// 1 for a win of the side to move, 0.5 for a draw, 0 for a loss.
    pub result: f64,
}

/// Weights as `f64`s, one per feature.
pub type Vector = [f64; FEATURES];

fn sigmoid(t: f64) -> f64 {
    1.0 / (1.0 + (-t).exp())
}

fn dot(w: &Vector, x: &Vector) -> f64 {
    w.iter().zip(x).map(|(a, b)| a * b).sum()
}

/// The predicted score `σ(K · w·x)` of one sample.
#[must_use]
pub fn predict(w: &Vector, k: f64, s: &Sample) -> f64 {
    sigmoid(k * dot(w, &s.features))
}

/// The mean squared error of the predictions over `samples` (0 when empty).
#[must_use]
pub fn mse(samples: &[Sample], w: &Vector, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - predict(w, k, s)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale `K` in `[lo, hi]` that minimises the error of `w`, by golden-section
/// search to a relative width of 1e-6.
#[must_use]
pub fn fit_k(samples: &[Sample], w: &Vector, lo: f64, hi: f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (mse(samples, w, c), mse(samples, w, d));
    while b - a > 1e-6 * (1.0 + a.abs()) {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = mse(samples, w, c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = mse(samples, w, d);
        }
    }
    (a + b) / 2.0
}

/// The outcome of a weight fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Vector,
    /// Their mean squared error.
    pub mse: f64,
    /// Gauss–Newton steps taken (accepted or not).
    pub steps: u32,
}

/// The weights minimising the error with `K` fixed, from `start`: at most `max_steps`
/// damped Gauss–Newton steps, stopping when a step improves the error by less than
/// 1e-12. A feature that is zero in every sample keeps its starting weight.
#[must_use]
pub fn fit_weights(samples: &[Sample], start: &Vector, k: f64, max_steps: u32) -> Fit {
    let mut w = *start;
    let mut error = mse(samples, &w, k);
    let mut damping = 1e-3;
    let mut steps = 0;
    while steps < max_steps {
        steps += 1;
        let (jtj, jtr) = normal_equations(samples, &w, k);
        let Some(delta) = damped_solve(&jtj, &jtr, damping) else {
            damping *= 10.0;
            continue;
        };
        let mut trial = w;
        for (t, d) in trial.iter_mut().zip(delta) {
            *t += d;
        }
        let trial_error = mse(samples, &trial, k);
        if trial_error < error {
            let gain = error - trial_error;
            (w, error) = (trial, trial_error);
            damping = (damping / 3.0).max(1e-12);
            if gain < 1e-12 {
                break;
            }
        } else {
            damping *= 4.0;
            if damping > 1e12 {
                break;
            }
        }
    }
    Fit {
        weights: w,
        mse: error,
        steps,
    }
}

/// `JᵀJ` and `Jᵀr` of the residuals `r = result − σ(K w·x)`, where
/// `J = ∂σ/∂w = σ(1 − σ) K x`.
fn normal_equations(samples: &[Sample], w: &Vector, k: f64) -> ([Vector; FEATURES], Vector) {
    let mut jtj = [[0.0; FEATURES]; FEATURES];
    let mut jtr = [0.0; FEATURES];
    for s in samples {
        let p = predict(w, k, s);
        let slope = p * (1.0 - p) * k;
        let residual = s.result - p;
        let j: Vector = s.features.map(|x| slope * x);
        for (row, (ji, r)) in jtj.iter_mut().zip(j.iter().zip(jtr.iter_mut())) {
            *r += ji * residual;
            for (cell, jj) in row.iter_mut().zip(&j) {
                *cell += ji * jj;
            }
        }
    }
    (jtj, jtr)
}

/// Solves `(A + λ·diag(A)) δ = b`; a feature with a zero diagonal (never seen) gets
/// `δ = 0`. `None` when the system is singular.
fn damped_solve(a: &[Vector; FEATURES], b: &Vector, lambda: f64) -> Option<Vector> {
    let mut m = *a;
    let mut rhs = *b;
    for i in 0..FEATURES {
        if m[i][i] == 0.0 {
            m[i] = [0.0; FEATURES];
            m[i][i] = 1.0;
            rhs[i] = 0.0;
        } else {
            m[i][i] *= 1.0 + lambda;
        }
    }
    solve(m, rhs)
}

/// Gaussian elimination with partial pivoting; `None` for a singular matrix.
fn solve(mut m: [Vector; FEATURES], mut b: Vector) -> Option<Vector> {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-300 {
            return None;
        }
        m.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..FEATURES {
            let factor = m[row][col] / m[col][col];
            if factor != 0.0 {
                let pivot_row = m[col];
                for (cell, p) in m[row].iter_mut().zip(pivot_row).skip(col) {
                    *cell -= factor * p;
                }
                b[row] -= factor * b[col];
            }
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let tail: f64 = (row + 1..FEATURES).map(|c| m[row][c] * x[c]).sum();
        x[row] = (b[row] - tail) / m[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::rng::SplitMix64;
    use rand_core::RngCore;

    fn unit(rng: &mut SplitMix64) -> f64 {
        (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Known weights: decreasing magnitudes, both signs, one feature never used.
    fn truth() -> Vector {
        let mut w = [0.0; FEATURES];
        for (i, x) in w.iter_mut().enumerate() {
            *x = if i % 2 == 0 { 1.0 } else { -0.5 } / (1.0 + i as f64 / 4.0);
        }
        w
    }

    /// `n` samples with features uniform in [−2, 2] (the last always 0) and results
    /// drawn from the model: either the probability itself or a 0/1 draw.
    fn synthetic(n: usize, k: f64, noisy: bool, seed: u64) -> Vec<Sample> {
        let mut rng = SplitMix64::new(seed);
        let w = truth();
        (0..n)
            .map(|_| {
                let mut features = [0.0; FEATURES];
                for x in features.iter_mut().take(FEATURES - 1) {
                    *x = 4.0 * unit(&mut rng) - 2.0;
                }
                let p = sigmoid(k * dot(&w, &features));
                let result = if noisy {
                    f64::from(u8::from(unit(&mut rng) < p))
                } else {
                    p
                };
                Sample { features, result }
            })
            .collect()
    }

    #[test]
    fn noise_free_results_give_back_the_weights_exactly() {
        let samples = synthetic(2000, 1.0, false, 7);
        let fit = fit_weights(&samples, &[0.0; FEATURES], 1.0, 100);
        let used = FEATURES - 1;
        for (i, (got, want)) in fit.weights.iter().zip(truth()).enumerate().take(used) {
            assert!((got - want).abs() < 1e-6, "weight {i}: {got} vs {want}");
        }
        assert!(fit.mse < 1e-12, "{}", fit.mse);
    }

    #[test]
    fn drawn_results_give_back_the_weights_approximately() {
        let samples = synthetic(40_000, 1.0, true, 11);
        let fit = fit_weights(&samples, &[0.0; FEATURES], 1.0, 100);
        let used = FEATURES - 1;
        for (i, (got, want)) in fit.weights.iter().zip(truth()).enumerate().take(used) {
            assert!((got - want).abs() < 0.08, "weight {i}: {got} vs {want}");
        }
        // The unused feature (its true weight is not 0) keeps its start.
        assert_eq!(fit.weights[FEATURES - 1], 0.0);
    }

    #[test]
    fn the_scale_is_found_for_known_weights() {
        let samples = synthetic(2000, 2.5, false, 3);
        let k = fit_k(&samples, &truth(), 0.01, 10.0);
        assert!((k - 2.5).abs() < 1e-4, "{k}");
    }

    #[test]
    fn a_fit_is_deterministic() {
        let samples = synthetic(3000, 1.0, true, 5);
        let a = fit_weights(&samples, &[0.0; FEATURES], 1.0, 30);
        let b = fit_weights(&samples, &[0.0; FEATURES], 1.0, 30);
        assert_eq!(a, b);
    }

    #[test]
    fn the_solver_inverts_a_known_system() {
        let mut m = [[0.0; FEATURES]; FEATURES];
        let mut x = [0.0; FEATURES];
        for i in 0..FEATURES {
            m[i][i] = 2.0;
            m[i][(i + 1) % FEATURES] = 1.0;
            x[i] = i as f64 - 3.0;
        }
        let b: Vector = std::array::from_fn(|i| dot(&m[i], &x));
        let got = solve(m, b).unwrap();
        for (g, w) in got.iter().zip(x) {
            assert!((g - w).abs() < 1e-9);
        }
        assert_eq!(solve([[0.0; FEATURES]; FEATURES], b), None);
    }
}

//! The improved per-parameter fitness.
//!
//! For individual x with objective f(x), parent objective f(p) and parameter j:
//!
//! ```text
//! fit(x)     = f(x)                                   (the game result is the whole chromosome's)
//! Δf_j(x)    = f(x) − f(p)  if x's gene j differs from its parent's, else 0
//! fit'_j(x)  = (1 − ε)·norm(fit)(x) + ε·norm(Δf_j)(x)
//! norm(v)(x) = (v(x) − min v)/(max v − min v)  over the population; 1 when max = min
//! ```
//!
//! So a game result is credited to every parameter through fit, and its *change* from
//! the parent only to the parameters the child changed (crossover, mutation or the
//! heuristic step): a parameter whose new value went with a better result rises, one
//! that was inherited unchanged gets no credit for the improvement. Individuals without
//! a parent (the first generation) have Δf = 0. With the improved fitness switched off,
//! fit'_j = norm(fit) for every j. An individual's scalar fitness (for roulette
//! selection and sorting) is the mean of its per-parameter fitness values.

/// What the fitness of one individual depends on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Credit<'a> {
    /// The individual's objective f(x).
    pub objective: f64,
    /// Its parent's objective f(p), if it has a parent.
    pub parent_objective: Option<f64>,
    /// Per parameter: did the child's gene differ from its parent's?
    pub changed: &'a [bool],
}

/// Min–max normalisation to [0, 1]; every value 1 when they are all equal.
#[must_use]
pub fn normalise(values: &[f64]) -> Vec<f64> {
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let spread = max - min;
    if spread > 0.0 && spread.is_finite() {
        values.iter().map(|v| (v - min) / spread).collect()
    } else {
        vec![1.0; values.len()]
    }
}

/// The first-order difference Δf_j of one individual.
#[must_use]
pub fn difference(credit: &Credit<'_>, parameter: usize) -> f64 {
    match credit.parent_objective {
        Some(parent) if credit.changed.get(parameter) == Some(&true) => credit.objective - parent,
        _ => 0.0,
    }
}

/// Per individual, per parameter: fit'_j (ε the control factor; `improved` false gives
/// plain normalised fitness).
#[must_use]
pub fn per_parameter(
    credits: &[Credit<'_>],
    parameters: usize,
    epsilon: f64,
    improved: bool,
) -> Vec<Vec<f64>> {
    let objectives: Vec<f64> = credits.iter().map(|c| c.objective).collect();
    let fit = normalise(&objectives);
    let mut out = vec![fit.clone(); parameters];
    if improved {
        for (j, column) in out.iter_mut().enumerate() {
            let deltas: Vec<f64> = credits.iter().map(|c| difference(c, j)).collect();
            let delta = normalise(&deltas);
            for (value, (f, d)) in column.iter_mut().zip(fit.iter().zip(&delta)) {
                *value = (1.0 - epsilon) * f + epsilon * d;
            }
        }
    }
    transpose(&out, credits.len())
}

/// The scalar fitness: the mean over parameters.
#[must_use]
pub fn scalar(per_parameter: &[f64]) -> f64 {
    if per_parameter.is_empty() {
        0.0
    } else {
        per_parameter.iter().sum::<f64>() / per_parameter.len() as f64
    }
}

fn transpose(columns: &[Vec<f64>], rows: usize) -> Vec<Vec<f64>> {
    (0..rows)
        .map(|i| columns.iter().map(|c| c[i]).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalise_hand_computed_and_guarded() {
        assert_eq!(normalise(&[2.0, 4.0, 3.0]), vec![0.0, 1.0, 0.5]);
        assert_eq!(normalise(&[-1.0, 3.0]), vec![0.0, 1.0]);
        assert_eq!(normalise(&[5.0, 5.0]), vec![1.0, 1.0]);
        assert_eq!(normalise(&[]), Vec::<f64>::new());
    }

    #[test]
    fn improved_fitness_hand_computed() {
        // Three individuals, two parameters, ε = 0.25.
        // f = [1, 3, 2] → norm = [0, 1, 0.5].
        // Δf_0 = [0 (no parent), 3−1 = 2 (changed), 2−4 = −2 (changed)] → norm [0.5, 1, 0]
        // Δf_1 = [0, 0 (unchanged), −2]                                  → norm [1, 1, 0]
        let credits = [
            Credit {
                objective: 1.0,
                parent_objective: None,
                changed: &[true, true],
            },
            Credit {
                objective: 3.0,
                parent_objective: Some(1.0),
                changed: &[true, false],
            },
            Credit {
                objective: 2.0,
                parent_objective: Some(4.0),
                changed: &[true, true],
            },
        ];
        let f = per_parameter(&credits, 2, 0.25, true);
        assert_eq!(f[0], vec![0.125, 0.25]);
        assert_eq!(f[1], vec![1.0, 1.0]);
        assert_eq!(f[2], vec![0.375, 0.375]);
        assert_eq!(scalar(&f[0]), 0.1875);
        let plain = per_parameter(&credits, 2, 0.25, false);
        assert_eq!(plain, vec![vec![0.0, 0.0], vec![1.0, 1.0], vec![0.5, 0.5]]);
    }

    #[test]
    fn epsilon_one_is_the_difference_alone() {
        let credits = [
            Credit {
                objective: 1.0,
                parent_objective: Some(0.0),
                changed: &[true],
            },
            Credit {
                objective: 5.0,
                parent_objective: Some(5.0),
                changed: &[true],
            },
        ];
        // Δf = [1, 0]: the individual with the lower objective ranks first on Δf.
        assert_eq!(
            per_parameter(&credits, 1, 1.0, true),
            vec![vec![1.0], vec![0.0]]
        );
    }
}

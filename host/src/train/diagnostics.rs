//! What each generation says about the search itself, to tell a saturated objective
//! or a collapsed population from progress: the spread of the objectives, the
//! diversity of the genomes and the standard error of an evaluation.

use serde::{Deserialize, Serialize};

use super::evaluate::Evaluation;

/// One generation's diagnostics (all 0 in a state written before they existed).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Diagnostics {
    /// The lowest objective of the population (archive).
    pub min: f64,
    /// The sample standard deviation of the population's objectives: what selection
    /// has to rank by.
    pub spread: f64,
    /// The mean standard error of the generation's evaluations: the noise in one
    /// objective. Selection ranks by luck when it is not well below `spread`.
    pub se: f64,
    /// Games per evaluation (the mean over the generation's evaluations).
    pub games_per_evaluation: f64,
    /// The genomes' diversity: the mean over weights of the population's standard
    /// deviation of that weight, as a fraction of its range's width (0: one genome).
    pub diversity: f64,
    /// Distinct weight vectors in the population.
    pub distinct: usize,
}

impl Diagnostics {
    /// The diagnostics of a population of `(objective, weights)` with weight `widths`
    /// (max − min of each range), scored by `evaluations`.
    #[must_use]
    pub fn of(population: &[(f64, Vec<f64>)], widths: &[f64], evaluations: &[Evaluation]) -> Self {
        let objectives: Vec<f64> = population.iter().map(|(o, _)| *o).collect();
        let diversity = if widths.is_empty() {
            0.0
        } else {
            widths
                .iter()
                .enumerate()
                .map(|(j, w)| {
                    let column: Vec<f64> = population.iter().map(|(_, v)| v[j]).collect();
                    sample_sd(&column) / w
                })
                .sum::<f64>()
                / widths.len() as f64
        };
        let mut genomes: Vec<&Vec<f64>> = population.iter().map(|(_, v)| v).collect();
        genomes.sort_by(|a, b| {
            a.iter()
                .zip(b.iter())
                .fold(std::cmp::Ordering::Equal, |o, (x, y)| {
                    o.then(x.total_cmp(y))
                })
        });
        genomes.dedup();
        let n = evaluations.len().max(1) as f64;
        Diagnostics {
            min: objectives.iter().copied().fold(f64::INFINITY, f64::min),
            spread: sample_sd(&objectives),
            se: evaluations.iter().map(|e| e.se).sum::<f64>() / n,
            games_per_evaluation: evaluations.iter().map(|e| f64::from(e.games)).sum::<f64>() / n,
            diversity,
            distinct: genomes.len(),
        }
    }
}

/// The sample standard deviation (0 for fewer than two values).
fn sample_sd(values: &[f64]) -> f64 {
    let n = values.len();
    if n < 2 {
        return 0.0;
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_collapsed_population_has_no_spread_and_no_diversity() {
        let one = vec![(3.0, vec![1.0, 2.0]); 4];
        let d = Diagnostics::of(&one, &[10.0, 10.0], &[]);
        assert_eq!(
            (d.spread, d.diversity, d.distinct, d.min),
            (0.0, 0.0, 1, 3.0)
        );
    }

    #[test]
    fn spread_diversity_and_noise_by_hand() {
        let population = vec![(1.0, vec![0.0, 0.0]), (3.0, vec![4.0, 0.0])];
        let evaluations = [
            Evaluation {
                games: 4,
                objective: 1.0,
                se: 0.5,
            },
            Evaluation {
                games: 8,
                objective: 3.0,
                se: 1.5,
            },
        ];
        let d = Diagnostics::of(&population, &[8.0, 8.0], &evaluations);
        // sd of {1, 3} = √2; weight 0: sd √8 over width 8, weight 1: 0.
        assert!((d.spread - 2f64.sqrt()).abs() < 1e-12);
        assert!((d.diversity - 8f64.sqrt() / 16.0).abs() < 1e-12);
        assert_eq!((d.se, d.games_per_evaluation, d.distinct), (1.0, 6.0, 2));
    }
}

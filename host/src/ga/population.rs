//! A GA population: individuals with their objective, their parent's objective, the
//! genes they changed and their per-parameter fitness.

use serde::{Deserialize, Serialize};

use super::encoding::Chromosome;
use super::fitness::{self, Credit};

/// One scored individual.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Individual {
    /// Its genes.
    pub chromosome: Chromosome,
    /// Its objective f(x).
    pub objective: f64,
    /// Its parent's objective, if it was bred (not for the first generation).
    pub parent_objective: Option<f64>,
    /// Per parameter: differs from the parent's gene (crossover, mutation, heuristic).
    pub changed: Vec<bool>,
    /// Per parameter fitness fit'_j (see [`super::fitness`]).
    pub fitness: Vec<f64>,
}

impl Individual {
    /// The scalar fitness: the mean of the per-parameter values.
    #[must_use]
    pub fn scalar_fitness(&self) -> f64 {
        fitness::scalar(&self.fitness)
    }

    fn credit(&self) -> Credit<'_> {
        Credit {
            objective: self.objective,
            parent_objective: self.parent_objective,
            changed: &self.changed,
        }
    }
}

/// A generation of individuals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Population {
    /// 0 for the initial population, then one more per step.
    pub generation: u64,
    /// The individuals.
    pub individuals: Vec<Individual>,
}

impl Population {
    /// The individual with the highest objective (the first on a tie).
    #[must_use]
    pub fn best(&self) -> Option<&Individual> {
        self.individuals
            .iter()
            .reduce(|a, b| if b.objective > a.objective { b } else { a })
    }

    /// The mean objective.
    #[must_use]
    pub fn mean_objective(&self) -> f64 {
        let n = self.individuals.len().max(1) as f64;
        self.individuals.iter().map(|i| i.objective).sum::<f64>() / n
    }

    /// Every individual's scalar fitness, in order.
    #[must_use]
    pub fn scalar_fitness(&self) -> Vec<f64> {
        self.individuals
            .iter()
            .map(Individual::scalar_fitness)
            .collect()
    }

    /// Recomputes every individual's per-parameter fitness from the objectives.
    pub fn refresh_fitness(&mut self, parameters: usize, epsilon: f64, improved: bool) {
        let credits: Vec<Credit<'_>> = self.individuals.iter().map(Individual::credit).collect();
        let values = fitness::per_parameter(&credits, parameters, epsilon, improved);
        for (individual, f) in self.individuals.iter_mut().zip(values) {
            individual.fitness = f;
        }
    }
}

//! The step API both optimisers share: an initial population, then one generation
//! at a time, every batch scored by an [`Evaluate`].
//!
//! The optimiser (settings plus its random generator) and its population are plain
//! serde values: saving both after a step and loading them later continues the run
//! exactly as if it had never stopped.

use super::evaluate::{Evaluate, StepError};

/// An optimiser that advances a population one generation at a time.
pub trait Generation {
    /// The population (GA) or archive (ACO_R) it carries between steps.
    type Population;

    /// The first population: `seeds` (weight vectors to start from, for example the
    /// hand-set weights) and random individuals for the rest, all scored.
    ///
    /// # Errors
    /// [`StepError`] if a seed does not fit the ranges or the evaluator fails.
    fn initial<E: Evaluate>(
        &mut self,
        seeds: &[Vec<f64>],
        evaluator: &mut E,
    ) -> Result<Self::Population, StepError<E::Error>>;

    /// The next population, scored.
    ///
    /// # Errors
    /// [`StepError`] if the evaluator fails or the population does not fit.
    fn step<E: Evaluate>(
        &mut self,
        population: &Self::Population,
        evaluator: &mut E,
    ) -> Result<Self::Population, StepError<E::Error>>;

    /// The best weight vector of a population and its objective.
    fn best(&self, population: &Self::Population) -> Option<(Vec<f64>, f64)>;
}

/// Runs `generations` steps from the initial population; returns the last population.
///
/// # Errors
/// The first [`StepError`].
pub fn run<G: Generation, E: Evaluate>(
    optimiser: &mut G,
    seeds: &[Vec<f64>],
    generations: usize,
    evaluator: &mut E,
) -> Result<G::Population, StepError<E::Error>> {
    let mut population = optimiser.initial(seeds, evaluator)?;
    for _ in 0..generations {
        population = optimiser.step(&population, evaluator)?;
    }
    Ok(population)
}

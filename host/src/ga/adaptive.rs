//! The improved adaptive GA: one [`Generation`] step is selection, per-parameter
//! crossover and mutation, scoring, then the heuristic step.
//!
//! A step from a scored population P:
//! 1. the `elite` individuals of P with the highest objective pass unchanged, keeping
//!    their score (as their own parent, so their Δf is 0), and the heuristic step
//!    leaves them alone: with `elite` ≥ 1 the best objective never falls;
//! 2. until the new population is full: two parents by roulette on scalar fitness;
//!    per parameter j, with probability pc_j (adaptive on the larger parent fitness
//!    f'_j) cross gene j at a random inner point; then mutate each child's gene j bit by
//!    bit with pm_j (adaptive on the fitness f_j of the parent it was copied from);
//! 3. score the children in one batch; compute the per-parameter fitness;
//! 4. heuristic step (if on) over the bred children: the ones it changed are rescored
//!    in a second batch and the fitness is recomputed.
//!
//! The first child of a pair descends from the first parent, the second from the
//! second: its `parent_objective` and `changed` flags refer to that parent.

use serde::{Deserialize, Serialize};

use super::config::{ConfigError, GaConfig};
use super::encoding::{Chromosome, Encoding};
use super::evaluate::{checked, Evaluate, StepError};
use super::generation::Generation;
use super::heuristic;
use super::operators::{crossover, mutate};
use super::population::{Individual, Population};
use super::rates::Stats;
use super::rng::Rng;
use super::selection::roulette;

/// The GA: settings, encoding and the run's random generator (serialisable).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ga {
    config: GaConfig,
    encoding: Encoding,
    rng: Rng,
}

/// A bred child before it is scored.
struct Child {
    chromosome: Chromosome,
    parent_objective: f64,
    changed: Vec<bool>,
}

impl Ga {
    /// A GA over `encoding` with `config`, its random choices drawn from `seed`.
    ///
    /// # Errors
    /// The first [`ConfigError`] in `config`.
    pub fn new(config: GaConfig, encoding: Encoding, seed: u64) -> Result<Ga, ConfigError> {
        config.validate()?;
        Ok(Ga {
            config,
            encoding,
            rng: Rng::seeded(seed),
        })
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &GaConfig {
        &self.config
    }

    /// The encoding.
    #[must_use]
    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    fn column_stats(&self, population: &Population) -> Vec<Stats> {
        (0..self.encoding.len())
            .map(|j| {
                let column: Vec<f64> = population
                    .individuals
                    .iter()
                    .map(|i| i.fitness.get(j).copied().unwrap_or(0.0))
                    .collect();
                Stats::of(&column)
            })
            .collect()
    }

    fn elites(&self, population: &Population) -> Vec<Individual> {
        let objective: Vec<f64> = population.individuals.iter().map(|i| i.objective).collect();
        let mut order: Vec<usize> = (0..objective.len()).collect();
        order.sort_by(|&a, &b| objective[b].total_cmp(&objective[a]));
        order
            .iter()
            .take(self.config.elite)
            .map(|&i| carried(&population.individuals[i]))
            .collect()
    }

    fn breed_pair(&mut self, a: &Individual, b: &Individual, stats: &[Stats]) -> [Child; 2] {
        let bits = self.encoding.bits();
        let rates = self.config.rates;
        let explore = self.config.explore_when_uniform;
        let mut x = a.chromosome.clone();
        let mut y = b.chromosome.clone();
        for (j, s) in stats.iter().enumerate() {
            // Fixed rates, or a converged column bred at the full rates.
            let adaptive = self.config.adaptive_rates && !(explore && s.max <= s.mean);
            let f_prime = a.fitness[j].max(b.fitness[j]);
            let pc = if adaptive {
                rates.crossover(f_prime, *s)
            } else {
                rates.pc_a
            };
            if self.rng.chance(pc) {
                let (gx, gy) = crossover(x.genes()[j], y.genes()[j], bits, &mut self.rng);
                x.genes_mut()[j] = gx;
                y.genes_mut()[j] = gy;
            }
            for (child, parent) in [(&mut x, a), (&mut y, b)] {
                let pm = if adaptive {
                    rates.mutation(parent.fitness[j], *s)
                } else {
                    rates.pm_a
                };
                let g = child.genes()[j];
                child.genes_mut()[j] = mutate(g, bits, pm, &mut self.rng);
            }
        }
        [child_of(x, a), child_of(y, b)]
    }

    fn breed(&mut self, population: &Population, room: usize) -> Vec<Child> {
        let stats = self.column_stats(population);
        let fitness = population.scalar_fitness();
        let mut children = Vec::with_capacity(room + 1);
        while children.len() < room {
            let pa = roulette(&fitness, &mut self.rng).unwrap_or(0);
            let pb = roulette(&fitness, &mut self.rng).unwrap_or(0);
            let (a, b) = (&population.individuals[pa], &population.individuals[pb]);
            children.extend(self.breed_pair(a, b, &stats));
        }
        children.truncate(room);
        children
    }

    fn score<E: Evaluate>(
        &self,
        chromosomes: &[&Chromosome],
        evaluator: &mut E,
    ) -> Result<Vec<f64>, StepError<E::Error>> {
        let batch: Vec<Vec<f64>> = chromosomes
            .iter()
            .map(|c| self.encoding.decode(c))
            .collect();
        checked(evaluator, &batch)
    }

    fn refresh(&self, population: &mut Population) {
        population.refresh_fitness(
            self.encoding.len(),
            self.config.epsilon,
            self.config.improved_fitness,
        );
    }

    fn heuristic_step<E: Evaluate>(
        &self,
        population: &mut Population,
        evaluator: &mut E,
    ) -> Result<(), StepError<E::Error>> {
        let elite = self.config.elite;
        let fitness = population.scalar_fitness();
        let mut chromosomes: Vec<Chromosome> = population
            .individuals
            .iter()
            .map(|i| i.chromosome.clone())
            .collect();
        let steps = vec![self.config.heuristic_step; self.encoding.len()];
        let mut changes = heuristic::apply(
            &mut chromosomes[elite..],
            &fitness[elite..],
            &steps,
            self.encoding.max_gene(),
        );
        for change in &mut changes {
            change.individual += elite;
        }
        let mut touched: Vec<usize> = changes.iter().map(|c| c.individual).collect();
        touched.sort_unstable();
        touched.dedup();
        if touched.is_empty() {
            return Ok(());
        }
        let scores = self.score(
            &touched.iter().map(|&i| &chromosomes[i]).collect::<Vec<_>>(),
            evaluator,
        )?;
        for change in &changes {
            let individual = &mut population.individuals[change.individual];
            if individual.parent_objective.is_none() {
                individual.parent_objective = Some(individual.objective);
            }
            individual.changed[change.parameter] = true;
        }
        for (&i, score) in touched.iter().zip(scores) {
            let individual = &mut population.individuals[i];
            individual.chromosome = chromosomes[i].clone();
            individual.objective = score;
        }
        self.refresh(population);
        Ok(())
    }

    fn check<E>(&self, population: &Population) -> Result<(), StepError<E>> {
        if population.individuals.is_empty() {
            return Err(StepError::Mismatch("the population is empty"));
        }
        let fits = population.individuals.iter().all(|i| {
            self.encoding
                .chromosome(i.chromosome.genes().to_vec())
                .is_ok()
                && i.fitness.len() == self.encoding.len()
                && i.changed.len() == self.encoding.len()
        });
        if fits {
            Ok(())
        } else {
            Err(StepError::Mismatch(
                "an individual's genes or fitness do not fit the encoding",
            ))
        }
    }
}

/// An elite in the next generation: its own parent, nothing changed (Δf = 0).
fn carried(individual: &Individual) -> Individual {
    Individual {
        parent_objective: Some(individual.objective),
        changed: vec![false; individual.changed.len()],
        ..individual.clone()
    }
}

fn child_of(chromosome: Chromosome, parent: &Individual) -> Child {
    let changed = chromosome
        .genes()
        .iter()
        .zip(parent.chromosome.genes())
        .map(|(c, p)| c != p)
        .collect();
    Child {
        chromosome,
        parent_objective: parent.objective,
        changed,
    }
}

impl Generation for Ga {
    type Population = Population;

    fn initial<E: Evaluate>(
        &mut self,
        seeds: &[Vec<f64>],
        evaluator: &mut E,
    ) -> Result<Population, StepError<E::Error>> {
        let mut chromosomes = Vec::with_capacity(self.config.population);
        for seed in seeds.iter().take(self.config.population) {
            let c = self
                .encoding
                .encode(seed)
                .map_err(|_| StepError::Mismatch("a seed weight vector does not fit the ranges"))?;
            chromosomes.push(c);
        }
        while chromosomes.len() < self.config.population {
            chromosomes.push(self.encoding.random(&mut self.rng));
        }
        let scores = self.score(&chromosomes.iter().collect::<Vec<_>>(), evaluator)?;
        let parameters = self.encoding.len();
        let individuals = chromosomes
            .into_iter()
            .zip(scores)
            .map(|(chromosome, objective)| Individual {
                chromosome,
                objective,
                parent_objective: None,
                changed: vec![false; parameters],
                fitness: Vec::new(),
            })
            .collect();
        let mut population = Population {
            generation: 0,
            individuals,
        };
        self.refresh(&mut population);
        Ok(population)
    }

    fn step<E: Evaluate>(
        &mut self,
        population: &Population,
        evaluator: &mut E,
    ) -> Result<Population, StepError<E::Error>> {
        self.check(population)?;
        let mut individuals = self.elites(population);
        let children = self.breed(population, self.config.population - individuals.len());
        let scores = self.score(
            &children.iter().map(|c| &c.chromosome).collect::<Vec<_>>(),
            evaluator,
        )?;
        individuals.extend(
            children
                .into_iter()
                .zip(scores)
                .map(|(child, objective)| Individual {
                    chromosome: child.chromosome,
                    objective,
                    parent_objective: Some(child.parent_objective),
                    changed: child.changed,
                    fitness: Vec::new(),
                }),
        );
        let mut next = Population {
            generation: population.generation + 1,
            individuals,
        };
        self.refresh(&mut next);
        if self.config.heuristic {
            self.heuristic_step(&mut next, evaluator)?;
        }
        Ok(next)
    }

    fn best(&self, population: &Population) -> Option<(Vec<f64>, f64)> {
        population
            .best()
            .map(|i| (self.encoding.decode(&i.chromosome), i.objective))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ga::encoding::Range;

    /// Two identical parents of equal fitness in a converged population: without
    /// `explore_when_uniform` a child keeps almost every bit (pm_b = 0.001 a bit),
    /// with it about pm_a = 0.1 of its 50 bits flip (crossover of equal genes
    /// changes nothing).
    #[test]
    fn a_converged_population_explores_at_the_full_rates_when_asked() {
        let flipped = |explore: bool| {
            let encoding = Encoding::new(vec![Range::new(-8.0, 7.5); 10], 5).unwrap();
            let config = GaConfig {
                population: 4,
                explore_when_uniform: explore,
                ..GaConfig::default()
            };
            let chromosome = encoding.encode(&[2.5; 10]).unwrap();
            assert_eq!(chromosome.genes(), [21; 10]);
            let mut ga = Ga::new(config, encoding, 3).unwrap();
            let parent = Individual {
                chromosome,
                objective: 1.0,
                parent_objective: None,
                changed: vec![false; 10],
                fitness: vec![0.5; 10],
            };
            let stats = vec![
                Stats {
                    mean: 0.5,
                    max: 0.5
                };
                10
            ];
            let mut bits = 0u32;
            for _ in 0..500 {
                for child in ga.breed_pair(&parent, &parent, &stats) {
                    bits += child
                        .chromosome
                        .genes()
                        .iter()
                        .map(|g| (g ^ 21).count_ones())
                        .sum::<u32>();
                }
            }
            f64::from(bits) / 1000.0
        };
        let (off, on) = (flipped(false), flipped(true));
        // Expected 0.05 and 5 bits a child.
        assert!(off < 0.2, "{off}");
        assert!((4.0..6.0).contains(&on), "{on}");
    }
}

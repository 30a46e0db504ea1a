//! The GA's settings, each part switchable, checked with errors that name the field.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::rates::Rates;

/// How the GA breeds a generation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GaConfig {
    /// Individuals per generation (at least 2).
    pub population: usize,
    /// Use the improved fitness (1 − ε)·norm(fit) + ε·norm(Δf); off: norm(fit) alone.
    pub improved_fitness: bool,
    /// The control factor ε in [0, 1].
    pub epsilon: f64,
    /// Adapt the crossover and mutation rates to fitness; off: pc_a and pm_a always.
    pub adaptive_rates: bool,
    /// With adaptive rates: a parameter whose fitness is the same in every individual
    /// (a converged population) is bred at the full rates pc_a and pm_a instead of the
    /// best's pc_b and pm_b, so a collapsed population explores again (docs/ga.md).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub explore_when_uniform: bool,
    /// The rate constants.
    pub rates: Rates,
    /// Run the heuristic step after each generation.
    pub heuristic: bool,
    /// Δj of the heuristic step, in gene levels (the same for every parameter).
    pub heuristic_step: u32,
    /// The best individuals copied unchanged into the next generation (0: none).
    pub elite: usize,
}

impl Default for GaConfig {
    fn default() -> GaConfig {
        GaConfig {
            population: 30,
            improved_fitness: true,
            epsilon: 0.2,
            adaptive_rates: true,
            explore_when_uniform: false,
            rates: Rates::PAPER,
            heuristic: true,
            heuristic_step: 4,
            elite: 1,
        }
    }
}

/// A setting out of its domain; the message names the field.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// `population` below 2.
    #[error("population = {0}: needs at least 2 individuals")]
    Population(usize),
    /// `elite` not below `population`.
    #[error("elite = {elite}: must be below population = {population}")]
    Elite {
        /// The elite count.
        elite: usize,
        /// The population.
        population: usize,
    },
    /// A probability or factor outside [0, 1].
    #[error("{field} = {value}: must be in [0, 1]")]
    NotAProbability {
        /// The field's name.
        field: &'static str,
        /// Its value.
        value: f64,
    },
    /// A count that must be positive is 0.
    #[error("{field} = 0: must be at least {min}")]
    TooSmall {
        /// The field's name.
        field: &'static str,
        /// The smallest allowed value.
        min: usize,
    },
    /// A parameter that must be positive and finite is not.
    #[error("{field} = {value}: must be a positive finite number")]
    NotPositive {
        /// The field's name.
        field: &'static str,
        /// Its value.
        value: f64,
    },
}

/// `value` in [0, 1], or the error naming `field`.
pub(crate) fn probability(field: &'static str, value: f64) -> Result<(), ConfigError> {
    if (0.0..=1.0).contains(&value) {
        Ok(())
    } else {
        Err(ConfigError::NotAProbability { field, value })
    }
}

impl GaConfig {
    /// Checks every field.
    ///
    /// # Errors
    /// The first [`ConfigError`] found.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.population < 2 {
            return Err(ConfigError::Population(self.population));
        }
        if self.elite >= self.population {
            return Err(ConfigError::Elite {
                elite: self.elite,
                population: self.population,
            });
        }
        probability("epsilon", self.epsilon)?;
        probability("rates.pc_a", self.rates.pc_a)?;
        probability("rates.pc_b", self.rates.pc_b)?;
        probability("rates.pm_a", self.rates.pm_a)?;
        probability("rates.pm_b", self.rates.pm_b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_bad_fields_are_named() {
        assert_eq!(GaConfig::default().validate(), Ok(()));
        let bad = GaConfig {
            epsilon: 1.5,
            ..GaConfig::default()
        };
        let err = bad.validate().unwrap_err();
        assert!(err.to_string().starts_with("epsilon = 1.5"), "{err}");
        let bad = GaConfig {
            rates: Rates {
                pm_b: -0.1,
                ..Rates::PAPER
            },
            ..GaConfig::default()
        };
        assert!(bad
            .validate()
            .unwrap_err()
            .to_string()
            .contains("rates.pm_b"));
        let bad = GaConfig {
            population: 1,
            ..GaConfig::default()
        };
        assert_eq!(bad.validate(), Err(ConfigError::Population(1)));
        let bad = GaConfig {
            population: 4,
            elite: 4,
            ..GaConfig::default()
        };
        assert!(matches!(bad.validate(), Err(ConfigError::Elite { .. })));
    }
}

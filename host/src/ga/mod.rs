//! The game-independent genetic-algorithm library behind the trainer (issue 13).
//!
//! A weight vector with ranges is encoded as fixed-width binary genes
//! ([`encoding`]); the improved adaptive GA of the Dots-and-Boxes paper ([`adaptive`]) and
//! the ACO_R baseline ([`aco`]) both advance one [`Generation`] at a time, scoring
//! batches through an [`Evaluate`] callback, and are pure functions of their settings
//! and seed. See `docs/ga.md` for every formula.

pub mod aco;
pub mod adaptive;
pub mod config;
pub mod encoding;
pub mod evaluate;
pub mod fitness;
pub mod generation;
pub mod heuristic;
pub mod objective;
pub mod operators;
pub mod population;
pub mod rates;
pub mod rng;
pub mod selection;
pub mod weights;

pub use aco::{AcoConfig, AcoR, Archive, Solution};
pub use adaptive::Ga;
pub use config::{ConfigError, GaConfig};
pub use encoding::{Chromosome, Encoding, EncodingError, Range};
pub use evaluate::{EachWith, Evaluate, StepError};
pub use generation::{run, Generation};
pub use objective::{GameResult, Objective};
pub use population::{Individual, Population};
pub use rates::Rates;
pub use rng::Rng;

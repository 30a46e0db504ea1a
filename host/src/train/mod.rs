//! The trainer behind `microply train` (issue 13): evaluator weights tuned by the GA
//! library ([`crate::ga`]) with games played by the tournament runner.
//!
//! A run is a pure function of its [`TrainConfig`]: the curriculum's [`stage`]s say
//! how deep the trainee and its sparring partner search and which weights the partner
//! plays; [`evaluate`] turns each batch of weight vectors into games (each opening
//! with both colours against each sparring partner, AB-SSS*) and their objective;
//! [`diagnostics`] records what each generation says about the search (spread,
//! noise, diversity); [`checkpoint`] saves the whole state after every generation so
//! [`resume`] continues exactly; [`output`] writes the champions, the history and
//! the plots. See `docs/ga.md`.

pub mod checkpoint;
pub mod config;
pub mod diagnostics;
pub mod evaluate;
pub mod output;
pub mod run;
pub mod stage;
pub mod validation;

pub use checkpoint::{CheckpointError, GenerationRecord, TrainState};
pub use config::{ConfigError, Fitness, Method, TrainConfig};
pub use diagnostics::Diagnostics;
pub use output::Champion;
pub use run::{extend, resume, run, TrainError, TrainSummary};
pub use stage::{Sparring, Stage};

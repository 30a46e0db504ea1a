//! The experiments of issue 13 and the check of weights against perfect play.
//!
//! - [`crate::agreement`] (positions, optimal moves, validation): a seeded set of 3×3 Dots-and-Boxes
//!   middle-game positions with the exact solver's optimal moves, and the fraction of
//!   them in which a weight set's depth-limited AB-SSS\* choice is optimal.
//! - [`weights_file`]: reading a Dots weight set from a file (the host's one weights reader).
//! - [`league`], [`duel`]: weight sets playing through the tournament runner;
//!   [`training`]: training runs inside experiments.
//! - The paper's experiments: [`champions`], [`curriculum`], [`vs_hand`], [`time`].
//!
//! See `docs/ga.md` ("Validation against perfect play", "Experiments").

pub mod champions;
pub mod curriculum;
pub mod duel;
pub mod error;
pub mod league;
pub mod time;
pub mod training;
pub mod vs_hand;
pub use crate::weights_file;

pub use crate::agreement::optimal::{optimal_moves, OptimalMoves};
pub use crate::agreement::positions::{validation_set, SetSpec, SolvedPosition};
pub use crate::agreement::validate::Validation;
pub use error::ExperimentError;

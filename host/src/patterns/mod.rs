//! Training the checkers `patterns` evaluator (core's
//! [`microply_core::games::checkers::patterns`]) from `microply datagen`'s labelled
//! positions: features, the fit, and the tables file core compiles in
//! (docs/checkers-patterns.md).

pub mod features;
pub mod train;

pub use features::Sparse;
pub use train::{fit, EpochReport, FitConfig, Fitted, Keep, Model};

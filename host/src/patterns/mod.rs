//! Training the checkers `patterns` evaluator (core's
//! [`microply_core::games::checkers::patterns`]) from `microply datagen`'s labelled
//! positions: features, the tables' fit and the file core compiles in, and the
//! residual network fitted on top of the tables (docs/checkers-patterns.md).

pub mod features;
pub mod residual;
pub mod train;

pub use features::Sparse;
pub use train::{fit, EpochReport, FitConfig, Fitted, Keep, Model};

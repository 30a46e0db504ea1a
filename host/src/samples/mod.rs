//! Training samples for the checkers network: the samples file, and the
//! tournament-organised pipeline that generates them (see docs/samples.md).

pub mod file;

pub use file::{SamplesError, SamplesFile};

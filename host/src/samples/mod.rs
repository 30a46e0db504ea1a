//! Training samples for the checkers network: the samples file, and the
//! tournament-organised pipeline that generates them (see docs/samples.md): one-ply
//! games between evolving networks, samples from quick or clear wins, the quality
//! index, a network trained per iteration, a report.

pub mod compare;
pub mod file;
pub mod oneply;
pub mod pipeline;
pub mod population;
pub mod quality;
pub mod report;
pub mod rounds;
pub mod subsample;
pub mod versus;

pub use file::{SamplesError, SamplesFile};
pub use pipeline::{run, PipelineConfig, PipelineError, State};
pub use rounds::Format;

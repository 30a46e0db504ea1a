//! The host side of microply: the `microply` command-line tool's subcommands, the
//! host clock and memory for the core's searches.

pub mod agreement;
pub mod book;
pub mod cli;
pub mod clock;
pub mod datagen;
pub mod device;
pub mod egtb;
pub mod executor;
pub mod experiment;
pub mod files;
pub mod firmware;
pub mod ga;
pub mod memory;
pub mod nn;
pub mod parallel;
pub mod patterns;
pub mod piped;
pub mod play;
pub mod progress;
pub mod ratings;
pub mod report;
pub mod samples;
pub mod tournament;
pub mod train;
pub mod tune;
pub mod web;
pub mod weights_file;

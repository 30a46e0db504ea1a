//! Tournaments between configured players: schedules, checkpointed parallel runs,
//! brackets, standings and output files, over the games of [`crate::play`]. The
//! `match` and `tournament` subcommands are thin layers over this.

pub mod bracket;
pub mod bracket_svg;
pub mod bracket_text;
pub mod checkpoint;
pub mod config;
pub mod elimination;
pub mod output;
pub mod resume;
pub mod run;
pub mod schedule;
pub mod standings;

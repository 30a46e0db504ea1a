//! Tournaments between configured players: players and their engines, one game's
//! runner, schedules, openings, checkpointed parallel runs, standings and output
//! files. The `match` and `tournament` subcommands are thin layers over this.

pub mod adjudication;
pub mod bracket;
pub mod bracket_svg;
pub mod bracket_text;
pub mod checkpoint;
pub mod client;
pub mod config;
pub mod elimination;
pub mod game;
pub mod openings;
pub mod output;
pub mod player;
pub mod run;
pub mod schedule;
pub mod standings;

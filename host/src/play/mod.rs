//! Games between players: the players and their engines (the core in this process,
//! external programs, the firmware under QEMU), the referee, game clocks, openings
//! and adjudication, and the runner that plays one game. Tournaments, training,
//! sample generation and the executors are built on this layer.

pub mod adjudication;
pub mod client;
pub mod clock;
pub mod exact;
pub mod game;
pub mod in_process;
pub mod names;
pub mod openings;
pub mod pattern_tables;
pub mod player;
pub mod points;
pub mod referee;
pub mod termination;

//! # microply-core
//!
//! The `no_std`, allocation-free heart of microply: four games behind one [`Game`]
//! abstraction, fixed-point evaluators, the search family (minimax, alpha-beta, PVS,
//! MTD(f) and AB-SSS\*) over a transposition table in caller-provided memory, and
//! the engine line protocol.
//!
//! Same inputs give the same best move, score and node count on every target: the
//! core uses no floats, no hashing with random state and no iteration in unspecified
//! order.
//!
//! ```
//! use microply_core::games::tictactoe::TicTacToe;
//! use microply_core::{Game, perft};
//!
//! let start = TicTacToe::start(&Default::default());
//! let mut moves = [Default::default(); 64];
//! assert_eq!(perft(&start, 2, &mut moves), Ok(72));
//! // Games that last all nine plies (255,168 games in all end at some ply).
//! assert_eq!(perft(&start, 9, &mut moves), Ok(127_872));
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod choices;
pub mod decide;
pub mod decimal;
pub mod eval;
pub mod game;
pub mod games;
pub mod notation;
pub mod perft;
pub mod playable;
pub mod player;
pub mod protocol;
pub mod rng;
pub mod score;
pub mod search;
pub mod selectable;
pub mod zobrist;

pub use decide::{decide, decide_move, decide_with, prepare_table, Decision};
pub use eval::Evaluator;
pub use game::{ConfigError, Game, MoveBufferFull, PACKED_MOVE_BITS};
pub use notation::{Notation, NotationError};
pub use perft::{divide, perft, perft_until, PerftError};
pub use playable::{Oracles, Playable, Solution};
pub use player::{Outcome, Player};
pub use score::Score;

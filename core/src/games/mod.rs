//! The games, one folder each: board representation, move generation, notation and
//! evaluators.

pub mod tictactoe;

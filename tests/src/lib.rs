//! Shared helpers for microply's integration tests (in `tests/tests/`).

pub mod amazons;
pub mod checkers_reference;
pub mod dots;
pub mod session;
pub mod synthetic;

//! Shared helpers for microply's integration tests (in `tests/tests/`).

pub mod session;
pub mod synthetic;

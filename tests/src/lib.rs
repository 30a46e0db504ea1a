//! Shared helpers for microply's integration tests (in `tests/tests/`).

//! Where games are played: the tournament runner hands a batch of [`Job`]s to an
//! [`Executor`] and gets one [`GameRecord`] back per finished game, in any order.
//! [`local::Local`] plays them on a thread pool; [`ray::Ray`] spreads them over a
//! Ray cluster through the `cluster/` Python package, each worker running
//! `microply play-batch` (docs/scale.md). The coordinator orders the records by
//! index, so where a game ran never changes a result.

pub mod job;
pub mod local;
pub mod ray;

use std::ops::ControlFlow;

pub use job::{Job, JobError};
pub use local::Local;
pub use ray::{Ray, RayError};

use crate::play::game::{GameError, GameRecord};

/// Why an executor could not play its batch.
#[derive(Debug, thiserror::Error)]
pub enum ExecutorError {
    /// A game could not be refereed (bad rules or opening).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The Ray executor failed.
    #[error(transparent)]
    Ray(#[from] RayError),
}

/// Plays batches of games.
pub trait Executor {
    /// Plays every job of `jobs`, handing each finished game's record to `on_record`
    /// as soon as it is known, in any order; stops early (dropping unfinished games)
    /// when `on_record` breaks. A record may in principle arrive twice (a retried
    /// remote task): the caller keeps the first.
    ///
    /// # Errors
    /// [`ExecutorError`]: a game that cannot be refereed, a remote run that fails.
    fn execute(
        &self,
        jobs: &[Job],
        on_record: &mut dyn FnMut(GameRecord) -> ControlFlow<()>,
    ) -> Result<(), ExecutorError>;
}

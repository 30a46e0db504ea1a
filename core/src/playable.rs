//! What the engine protocol and the CLI need of a game beyond its rules and notation.

use core::fmt;

use crate::eval::Evaluator;
use crate::notation::Notation;

/// A game the engine can load: rules, notation and a default evaluator.
pub trait Playable: Notation {
    /// The evaluator `go`, `eval` and `play` use.
    type Eval: Evaluator<Self> + Default;

    /// Extra `status` fields after `turn=.. result=..`, each written as ` key=value`
    /// (Dots-and-Boxes writes ` score=N-M`). Most games write nothing.
    ///
    /// # Errors
    /// Only those of `w`.
    fn write_status_extra(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        let _ = w;
        Ok(())
    }
}

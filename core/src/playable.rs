//! What the engine protocol and the CLI need of a game beyond its rules and notation.

use core::fmt;

use crate::games::checkers::Checkers;
use crate::notation::Notation;
use crate::score::Score;
use crate::search::{NoOracle, Oracle, Table};
use crate::selectable::{EvaluatorSet, Selectable};

/// An exact answer for a position, found without the search (see [`Playable::solve`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// A move that keeps the proven result.
    pub best: M,
    /// The proven score for the side to move (`win_in` / `loss_in` / zero).
    pub score: Score,
    /// The work the solver did, in its own nodes.
    pub nodes: u64,
}

/// A game the engine can load: rules, notation and a default evaluator.
pub trait Playable: Notation {
    /// The evaluators `go`, `eval` and `selfplay` choose from (the default is the
    /// game's usual one).
    type Eval: Selectable<Self>;

    /// This game's evaluator in the engine's set.
    fn evaluator(set: &EvaluatorSet) -> &Self::Eval;

    /// This game's evaluator in the engine's set, to select or load.
    fn evaluator_mut(set: &mut EvaluatorSet) -> &mut Self::Eval;

    /// Extra `status` fields after `turn=.. result=..`, each written as ` key=value`
    /// (Dots-and-Boxes writes ` score=N-M`). Most games write nothing.
    ///
    /// # Errors
    /// Only those of `w`.
    fn write_status_extra(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        let _ = w;
        Ok(())
    }

    /// The game's exact solver for positions it can settle outright (Amazons once the
    /// board has split into territories, Dots-and-Boxes with few undrawn edges); `None`
    /// leaves the position to the search. `tt` is the search's table, lent to a
    /// solver that searches (it may clear it and leave its own entries).
    /// It must be deterministic and bounded: [`crate::decide()`] calls it before every
    /// search the engine makes.
    fn solve(&self, tt: &mut Table<'_>) -> Option<Solution<Self::Move>> {
        let _ = tt;
        None
    }

    /// The oracle of this game in the engine's set ([`Oracles`]): what the search may
    /// know without searching (the checkers endgame databases); none by default.
    fn oracle<'o>(set: &Oracles<'o>) -> &'o dyn Oracle<Self> {
        let _ = set;
        &NoOracle
    }
}

/// The oracles an engine lends its searches, one slot per game that can have one
/// (as [`EvaluatorSet`] holds the evaluators): the host fills them, the firmware
/// leaves them empty.
#[derive(Clone, Copy, Default)]
pub struct Oracles<'o> {
    /// Checkers endgame databases.
    pub checkers: Option<&'o dyn Oracle<Checkers>>,
}

impl fmt::Debug for Oracles<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Oracles")
            .field("checkers", &self.checkers.is_some())
            .finish()
    }
}

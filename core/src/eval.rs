//! The evaluator abstraction: a static, fixed-point score of a position.

use crate::game::Game;
use crate::score::Score;

/// A static evaluation of non-terminal positions, from the side to move's view.
///
/// Implementations compute in fixed point (crate `fixed`) and return
/// [`Score::from_fixed`] values, which always lie strictly inside the heuristic range,
/// so a proven win or loss outranks every evaluation.
pub trait Evaluator<G: Game> {
    /// The score of `pos` for the side to move.
    fn evaluate(&self, pos: &G) -> Score;
}

impl<G: Game, E: Evaluator<G> + ?Sized> Evaluator<G> for &E {
    fn evaluate(&self, pos: &G) -> Score {
        (**self).evaluate(pos)
    }
}

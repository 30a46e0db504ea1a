//! Tic-tac-toe's selectable evaluators: only [`OpenLines`], which has no weights.

use super::board::TicTacToe;
use super::eval::OpenLines;
use crate::eval::Evaluator;
use crate::score::{Score, Value};
use crate::selectable::{Selectable, MAX_WEIGHTS};

/// The evaluator the engine uses for tic-tac-toe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TicTacToeEval {
    /// `openlines`.
    #[default]
    OpenLines,
}

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn evaluate(&self, pos: &TicTacToe) -> Score {
        OpenLines.evaluate(pos)
    }
}

impl Selectable<TicTacToe> for TicTacToeEval {
    const NAMES: &'static [&'static str] = &["openlines"];

    fn by_name(name: &str) -> Option<Self> {
        (name == "openlines").then_some(TicTacToeEval::OpenLines)
    }

    fn name(&self) -> &'static str {
        "openlines"
    }

    fn write_weights(&self, _: &mut [Value; MAX_WEIGHTS]) -> usize {
        0
    }

    fn read_weights(&mut self, _: &[Value]) {}
}

//! The textbook static evaluator: open lines for the side to move minus open lines
//! for the opponent (Nilsson; Rich & Knight).

use super::board::{Mask, TicTacToe, LINES};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::score::{Score, Value};

/// e(p) = lines still open for the side to move − lines still open for the opponent.
/// A line is open for a player when the opponent has no mark on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenLines;

impl OpenLines {
    /// The number of lines with no mark of `blocker`.
    fn open_lines(blocker: Mask) -> i32 {
        LINES
            .iter()
            .filter(|line| line.intersection(blocker).is_empty())
            .count() as i32
    }
}

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, pos: &TicTacToe) -> Score {
        let me = pos.cells(pos.side_to_move());
        let them = pos.cells(pos.side_to_move().other());
        let e = Self::open_lines(them) - Self::open_lines(me);
        Score::from_fixed(Value::from_bits(e << 16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_against_corner_is_one() {
        // x in the centre, o in a corner, x to move: x has 5 open lines, o has 4.
        let pos = TicTacToe::from_masks(Mask::new(1 << 4).unwrap(), Mask::new(1).unwrap()).unwrap();
        assert_eq!(OpenLines.evaluate(&pos), Score::units(1));
        assert_eq!(OpenLines.evaluate(&TicTacToe::START), Score::ZERO);
    }
}

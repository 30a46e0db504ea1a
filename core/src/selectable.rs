//! Evaluators chosen by name and loaded with weights at run time: each game's
//! [`Playable::Eval`](crate::Playable::Eval) is an enum over its evaluators (static
//! dispatch, no heap), and every evaluator's weights go through one flat array of
//! [`Value`]s, the same order the GA and the weights files use.

use core::fmt;

use crate::eval::Evaluator;
use crate::game::Game;
use crate::games::checkers::network::PARAMETERS;
use crate::score::Value;

/// The most weights any evaluator has (the checkers network's 187).
pub const MAX_WEIGHTS: usize = PARAMETERS;

/// A game's evaluators, selectable by name, each with a flat array of weights.
pub trait Selectable<G: Game>: Evaluator<G> + Default + Copy {
    /// Every evaluator's name, the default first.
    const NAMES: &'static [&'static str];

    /// The evaluator called `name`, with its default weights.
    fn by_name(name: &str) -> Option<Self>;

    /// This evaluator's name (one of [`Selectable::NAMES`]).
    fn name(&self) -> &'static str;

    /// Writes the weights in flat order into the front of `out`; returns how many.
    fn write_weights(&self, out: &mut [Value; MAX_WEIGHTS]) -> usize;

    /// Replaces the weights from a flat array exactly as long as
    /// [`Selectable::write_weights`] reports; any other length changes nothing
    /// ([`Selectable::load`] checks it first).
    fn read_weights(&mut self, flat: &[Value]);

    /// The number of weights.
    fn weight_count(&self) -> usize {
        self.write_weights(&mut [Value::ZERO; MAX_WEIGHTS])
    }

    /// Overwrites the weights from index `at` on with `values`, all or nothing.
    ///
    /// # Errors
    /// [`WeightsOutOfRange`] when `at + values.len()` exceeds the weight count.
    fn load(&mut self, at: usize, values: &[Value]) -> Result<(), WeightsOutOfRange> {
        let mut flat = [Value::ZERO; MAX_WEIGHTS];
        let count = self.write_weights(&mut flat);
        let out_of_range = WeightsOutOfRange {
            count,
            end: at.saturating_add(values.len()),
        };
        let end = at
            .checked_add(values.len())
            .filter(|&end| end <= count)
            .ok_or(out_of_range)?;
        let target = flat.get_mut(at..end).ok_or(out_of_range)?;
        target.copy_from_slice(values);
        self.read_weights(flat.get(..count).unwrap_or(&[]));
        Ok(())
    }
}

/// Weights past the end of the evaluator's flat array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightsOutOfRange {
    /// How many weights the evaluator has.
    pub count: usize,
    /// One past the last index the load would write.
    pub end: usize,
}

impl fmt::Display for WeightsOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the evaluator has {} weights, the load ends at {}",
            self.count, self.end
        )
    }
}

impl core::error::Error for WeightsOutOfRange {}

/// Copies `N` weights into `out`'s front (the shared body of `write_weights`).
pub(crate) fn write_flat<const N: usize>(
    weights: [Value; N],
    out: &mut [Value; MAX_WEIGHTS],
) -> usize {
    for (slot, w) in out.iter_mut().zip(weights) {
        *slot = w;
    }
    N
}

/// `flat` as exactly `N` weights, or `None` (the shared body of `read_weights`).
pub(crate) fn read_flat<const N: usize>(flat: &[Value]) -> Option<[Value; N]> {
    flat.try_into().ok()
}

/// The evaluator of every game, as the engine keeps them: choosing a game does not
/// reset its evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct EvaluatorSet {
    /// Tic-tac-toe's.
    pub tictactoe: crate::games::tictactoe::TicTacToeEval,
    /// Checkers'.
    pub checkers: crate::games::checkers::CheckersEval,
    /// Dots-and-Boxes'.
    pub dots: crate::games::dots::DotsEval,
    /// Amazons'.
    pub amazons: crate::games::amazons::AmazonsEval,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{amazons::Amazons, checkers::Checkers, dots::Dots, tictactoe::TicTacToe};

    /// Every evaluator of `G`: its flat weights read back unchanged, a load from `at`
    /// changes exactly that range, and a load past the end changes nothing.
    fn check_every_evaluator<G: Game, E: Selectable<G> + PartialEq + fmt::Debug>() {
        assert_eq!(E::default().name(), E::NAMES[0]);
        for &name in E::NAMES {
            let mut e = E::by_name(name).unwrap();
            assert_eq!(e.name(), name);
            let mut before = [Value::ZERO; MAX_WEIGHTS];
            let n = e.write_weights(&mut before);
            let mut same = e;
            same.read_weights(&before[..n]);
            assert_eq!(same, e);
            if n == 0 {
                assert!(e.load(0, &[Value::ONE]).is_err());
                continue;
            }
            let at = n / 2;
            let odd = [Value::from_bits(-7), Value::MAX];
            let k = odd.len().min(n - at);
            e.load(at, &odd[..k]).unwrap();
            let mut after = [Value::ZERO; MAX_WEIGHTS];
            assert_eq!(e.write_weights(&mut after), n);
            for i in 0..n {
                let expected = if (at..at + k).contains(&i) {
                    odd[i - at]
                } else {
                    before[i]
                };
                assert_eq!(after[i], expected, "{name} weight {i}");
            }
            let unchanged = e;
            assert_eq!(
                e.load(n, &[Value::ONE]),
                Err(WeightsOutOfRange {
                    count: n,
                    end: n + 1
                })
            );
            assert_eq!(e, unchanged);
        }
        assert!(E::by_name("nonsense").is_none());
    }

    #[test]
    fn every_game_selects_and_loads() {
        check_every_evaluator::<TicTacToe, crate::games::tictactoe::TicTacToeEval>();
        check_every_evaluator::<Checkers, crate::games::checkers::CheckersEval>();
        check_every_evaluator::<Dots, crate::games::dots::DotsEval>();
        check_every_evaluator::<Amazons, crate::games::amazons::AmazonsEval>();
    }

    #[test]
    fn weight_counts_are_the_documented_ones() {
        use crate::games::{amazons::AmazonsEval, checkers::CheckersEval};
        assert_eq!(CheckersEval::by_name("baseline").unwrap().weight_count(), 5);
        assert_eq!(
            CheckersEval::by_name("network").unwrap().weight_count(),
            187
        );
        assert_eq!(crate::games::dots::DotsEval::default().weight_count(), 10);
        assert_eq!(AmazonsEval::by_name("territory").unwrap().weight_count(), 5);
        assert_eq!(AmazonsEval::by_name("paper").unwrap().weight_count(), 7);
    }
}

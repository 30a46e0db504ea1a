//! The `expert` evaluator: checkers knowledge ([`features`](super::features)) weighed
//! linearly, Σ weight·feature / [`SCALE`], with weights tuned from self-play games
//! (`microply tune checkers`, docs/checkers-eval.md).

use super::board::Checkers;
use super::features::{extract, Feature, FEATURES, SCALE};
use crate::eval::Evaluator;
use crate::score::{Score, Value};

/// The expert evaluator's weights, one per [`Feature`], in units of one man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpertWeights(pub [Value; FEATURES]);

impl ExpertWeights {
    /// The number of weights (the length of the flat array).
    pub const LEN: usize = FEATURES;

    /// The default weights, tuned by `microply tune checkers --games 2000 --depth 5
    /// --seed 1` (294,548 positions; docs/checkers-eval.md).
    pub const DEFAULT: ExpertWeights = ExpertWeights([
        Value::lit("3.62993"),  // men-opening
        Value::lit("1.08046"),  // men-endgame
        Value::lit("5.7148"),   // kings-opening
        Value::lit("0.75105"),  // kings-endgame
        Value::lit("-0.66133"), // trade-down
        Value::lit("0.25146"),  // bridge
        Value::lit("0.23178"),  // triangle
        Value::lit("0.48737"),  // back-rank
        Value::lit("-0.187"),   // tempo-opening
        Value::lit("0.09937"),  // tempo-endgame
        Value::lit("0.00018"),  // centre-men
        Value::lit("0.02773"),  // centre-kings
        Value::lit("0.51703"),  // runaway
        Value::lit("-0.15358"), // trapped-kings
        Value::lit("-0.18512"), // cornered-kings
        Value::lit("0.15735"),  // double-corner-kings
        Value::lit("-0.02798"), // king-mobility
        Value::lit("0.38144"),  // man-mobility
        Value::lit("0.0208"),   // the-move
        Value::lit("-0.69377"), // dog-hole
    ]);

    /// The hand-set weights the tuner starts from (so a tuning run does not depend on
    /// the defaults it produced): material as the baseline's, small positional terms
    /// with the signs the literature gives.
    pub const HAND_SET: ExpertWeights = ExpertWeights([
        Value::lit("1"),    // men-opening
        Value::lit("1"),    // men-endgame
        Value::lit("1.4"),  // kings-opening
        Value::lit("1.6"),  // kings-endgame
        Value::lit("0.1"),  // trade-down
        Value::lit("0.1"),  // bridge
        Value::lit("0.05"), // triangle
        Value::lit("0.05"), // back-rank
        Value::lit("0"),    // tempo-opening
        Value::lit("0.02"), // tempo-endgame
        Value::lit("0.05"), // centre-men
        Value::lit("0.05"), // centre-kings
        Value::lit("0.1"),  // runaway
        Value::lit("-0.2"), // trapped-kings
        Value::lit("-0.1"), // cornered-kings
        Value::lit("0"),    // double-corner-kings
        Value::lit("0.02"), // king-mobility
        Value::lit("0.02"), // man-mobility
        Value::lit("0.05"), // the-move
        Value::lit("-0.1"), // dog-hole
    ]);

    /// The weights as a flat array, in [`Feature::ALL`] order.
    #[must_use]
    pub const fn to_array(&self) -> [Value; Self::LEN] {
        self.0
    }

    /// The weights from a flat array (the inverse of [`ExpertWeights::to_array`]).
    #[must_use]
    pub const fn from_array(a: [Value; Self::LEN]) -> ExpertWeights {
        ExpertWeights(a)
    }

    /// The weight of one feature.
    #[must_use]
    pub const fn of(&self, feature: Feature) -> Value {
        self.0[feature.index()]
    }
}

impl Default for ExpertWeights {
    fn default() -> ExpertWeights {
        ExpertWeights::DEFAULT
    }
}

/// The expert evaluator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expert {
    /// Its weights.
    pub weights: ExpertWeights,
}

impl Expert {
    /// The evaluation's raw fixed-point bits (Σ weight·feature / [`SCALE`]) for the
    /// side to move, in `i64` so no sum of terms can overflow.
    #[must_use]
    pub fn raw(&self, pos: &Checkers) -> i64 {
        let sum: i64 = self
            .weights
            .0
            .iter()
            .zip(extract(pos))
            .map(|(w, x)| i64::from(w.to_bits()) * i64::from(x))
            .sum();
        sum / i64::from(SCALE)
    }
}

impl Evaluator<Checkers> for Expert {
    fn evaluate(&self, pos: &Checkers) -> Score {
        Score::heuristic_wide(self.raw(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;

    #[test]
    fn start_is_balanced() {
        assert_eq!(Expert::default().evaluate(&Checkers::START), Score::ZERO);
    }

    #[test]
    fn the_sum_is_weight_times_feature() {
        // One weight at a time: the evaluation is that weight × its feature / 24.
        let pos = Checkers::parse_fen("B:W30,K22:B5,6,K10,28").unwrap();
        let x = extract(&pos);
        for f in Feature::ALL {
            let mut w = [Value::ZERO; FEATURES];
            w[f.index()] = Value::lit("0.5");
            let e = Expert {
                weights: ExpertWeights(w),
            };
            let expected = i64::from(Value::lit("0.5").to_bits()) * i64::from(x[f.index()]) / 24;
            assert_eq!(e.raw(&pos), expected, "{f:?}");
        }
    }

    #[test]
    fn up_a_king_is_good_for_the_side_to_move() {
        let up = Checkers::parse_fen("B:W30:BK10,13").unwrap();
        assert!(Expert::default().evaluate(&up) > Score::ZERO);
        let down = Checkers::parse_fen("W:W30:BK10,13").unwrap();
        assert!(Expert::default().evaluate(&down) < Score::ZERO);
    }

    #[test]
    fn extreme_weights_saturate_instead_of_overflowing() {
        let e = Expert {
            weights: ExpertWeights([Value::MAX; FEATURES]),
        };
        let pos = Checkers::parse_fen("B:W30:BK10,13,K1,K2,K3").unwrap();
        assert_eq!(
            e.evaluate(&pos),
            Score::heuristic(Score::HEURISTIC_LIMIT),
            "clamped to the heuristic band"
        );
    }

    #[test]
    fn flat_array_round_trips() {
        let w = ExpertWeights::DEFAULT;
        assert_eq!(ExpertWeights::from_array(w.to_array()), w);
        assert_eq!(
            ExpertWeights::HAND_SET.of(Feature::MenOpening),
            Value::lit("1")
        );
    }
}

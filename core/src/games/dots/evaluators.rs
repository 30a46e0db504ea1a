//! Dots-and-Boxes' selectable evaluators: `chain` ([`ChainEval`], 10 weights).

use super::board::Dots;
use super::eval::{ChainEval, Weights};
use crate::eval::Evaluator;
use crate::score::{Score, Value};
use crate::selectable::{read_flat, write_flat, Selectable, MAX_WEIGHTS};

/// The evaluator the engine uses for Dots-and-Boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DotsEval {
    /// `chain`.
    Chain(ChainEval),
}

impl Default for DotsEval {
    fn default() -> Self {
        DotsEval::Chain(ChainEval::default())
    }
}

impl Evaluator<Dots> for DotsEval {
    fn evaluate(&self, pos: &Dots) -> Score {
        match self {
            DotsEval::Chain(e) => e.evaluate(pos),
        }
    }
}

impl Selectable<Dots> for DotsEval {
    const NAMES: &'static [&'static str] = &["chain"];

    fn by_name(name: &str) -> Option<Self> {
        (name == "chain").then(DotsEval::default)
    }

    fn name(&self) -> &'static str {
        "chain"
    }

    fn write_weights(&self, out: &mut [Value; MAX_WEIGHTS]) -> usize {
        match self {
            DotsEval::Chain(e) => write_flat(e.weights.to_array(), out),
        }
    }

    fn read_weights(&mut self, flat: &[Value]) {
        match self {
            DotsEval::Chain(e) => {
                if let Some(a) = read_flat::<10>(flat) {
                    e.weights = Weights::from_array(a);
                }
            }
        }
    }
}

//! Amazons' selectable evaluators: `territory` ([`TerritoryEval`], 5 weights, the
//! default) and `paper` (the seed paper's [`PaperEval`], 7 weights).

use super::board::Amazons;
use super::eval::{PaperEval, PaperWeights};
use super::territory::{TerritoryEval, TerritoryWeights};
use crate::eval::Evaluator;
use crate::score::{Score, Value};
use crate::selectable::{read_flat, write_flat, Selectable, MAX_WEIGHTS};

/// The evaluator the engine uses for Amazons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AmazonsEval {
    /// `territory`.
    Territory(TerritoryEval),
    /// `paper`.
    Paper(PaperEval),
}

impl Default for AmazonsEval {
    fn default() -> Self {
        AmazonsEval::Territory(TerritoryEval::default())
    }
}

impl Evaluator<Amazons> for AmazonsEval {
    fn evaluate(&self, pos: &Amazons) -> Score {
        match self {
            AmazonsEval::Territory(e) => e.evaluate(pos),
            AmazonsEval::Paper(e) => e.evaluate(pos),
        }
    }
}

impl Selectable<Amazons> for AmazonsEval {
    const NAMES: &'static [&'static str] = &["territory", "paper"];

    fn by_name(name: &str) -> Option<Self> {
        match name {
            "territory" => Some(AmazonsEval::Territory(TerritoryEval::default())),
            "paper" => Some(AmazonsEval::Paper(PaperEval::default())),
            _ => None,
        }
    }

    fn name(&self) -> &'static str {
        match self {
            AmazonsEval::Territory(_) => "territory",
            AmazonsEval::Paper(_) => "paper",
        }
    }

    fn write_weights(&self, out: &mut [Value; MAX_WEIGHTS]) -> usize {
        match self {
            AmazonsEval::Territory(e) => write_flat(e.weights.to_array(), out),
            AmazonsEval::Paper(e) => write_flat(e.weights.to_array(), out),
        }
    }

    fn read_weights(&mut self, flat: &[Value]) {
        match self {
            AmazonsEval::Territory(e) => {
                if let Some(a) = read_flat::<{ TerritoryWeights::LEN }>(flat) {
                    e.weights = TerritoryWeights::from_array(a);
                }
            }
            AmazonsEval::Paper(e) => {
                if let Some(a) = read_flat::<{ PaperWeights::LEN }>(flat) {
                    e.weights = PaperWeights::from_array(a);
                }
            }
        }
    }
}

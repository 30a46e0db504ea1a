//! Checkers' selectable evaluators: `patterns` ([`Patterns`]: pattern tables and a
//! residual network learned from self-play positions, compiled in, so not loadable
//! as flat weights; the default since it beat `expert` at equal time:
//! docs/checkers-strength.md, test 10), `expert` ([`Expert`], 20 tuned weights, the
//! default before, since it beat `baseline`: tests 1 and 9), `baseline`
//! ([`Baseline`], 5 weights, the first default) and `network` ([`Network`], 187
//! weights).

use super::board::Checkers;
use super::eval::{Baseline, Weights};
use super::expert::{Expert, ExpertWeights};
use super::network::{Network, NetworkWeights, PARAMETERS};
use super::patterns::Patterns;
use crate::eval::Evaluator;
use crate::score::{Score, Value};
use crate::selectable::{read_flat, write_flat, Selectable, MAX_WEIGHTS};

/// The evaluator the engine uses for checkers.
// The network's weights (748 bytes) live inline: core has no heap to box them, and
// the engine holds exactly one of these.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckersEval {
    /// `baseline`.
    Baseline(Baseline),
    /// `network`.
    Network(Network),
    /// `expert`.
    Expert(Expert),
    /// `patterns`.
    Patterns(Patterns),
}

impl Default for CheckersEval {
    fn default() -> Self {
        CheckersEval::Patterns(Patterns::default())
    }
}

impl Evaluator<Checkers> for CheckersEval {
    fn evaluate(&self, pos: &Checkers) -> Score {
        match self {
            CheckersEval::Baseline(e) => e.evaluate(pos),
            CheckersEval::Network(e) => e.evaluate(pos),
            CheckersEval::Expert(e) => e.evaluate(pos),
            CheckersEval::Patterns(e) => e.evaluate(pos),
        }
    }
}

impl Selectable<Checkers> for CheckersEval {
    const NAMES: &'static [&'static str] = &["patterns", "expert", "baseline", "network"];

    fn by_name(name: &str) -> Option<Self> {
        match name {
            "baseline" => Some(CheckersEval::Baseline(Baseline::default())),
            "network" => Some(CheckersEval::Network(Network::default())),
            "expert" => Some(CheckersEval::Expert(Expert::default())),
            "patterns" => Some(CheckersEval::Patterns(Patterns::default())),
            _ => None,
        }
    }

    fn name(&self) -> &'static str {
        match self {
            CheckersEval::Baseline(_) => "baseline",
            CheckersEval::Network(_) => "network",
            CheckersEval::Expert(_) => "expert",
            CheckersEval::Patterns(_) => "patterns",
        }
    }

    fn write_weights(&self, out: &mut [Value; MAX_WEIGHTS]) -> usize {
        match self {
            CheckersEval::Baseline(e) => write_flat(e.weights.to_array(), out),
            CheckersEval::Network(e) => write_flat(e.weights.to_array(), out),
            CheckersEval::Expert(e) => write_flat(e.weights.to_array(), out),
            // Its tables are compiled in (core/data/checkers-patterns.bin).
            CheckersEval::Patterns(_) => 0,
        }
    }

    fn read_weights(&mut self, flat: &[Value]) {
        match self {
            CheckersEval::Baseline(e) => {
                if let Some(a) = read_flat::<{ Weights::LEN }>(flat) {
                    e.weights = Weights::from_array(a);
                }
            }
            CheckersEval::Network(e) => {
                if let Some(a) = read_flat::<PARAMETERS>(flat) {
                    e.weights = NetworkWeights::from_array(&a);
                }
            }
            CheckersEval::Expert(e) => {
                if let Some(a) = read_flat::<{ ExpertWeights::LEN }>(flat) {
                    e.weights = ExpertWeights::from_array(a);
                }
            }
            CheckersEval::Patterns(_) => {}
        }
    }
}

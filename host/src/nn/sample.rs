//! A training sample: the network's 32 inputs for a position and the output wanted.

use microply_core::games::checkers::network::{inputs, INPUTS};
use microply_core::games::checkers::Checkers;

/// One position (as the core's `network::inputs`) and its target output in `[0, 1]`
/// (the probability that the side to move wins).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The inputs: −2, −1, 0, 1 or 2 per square, from the side to move.
    pub inputs: [i8; INPUTS],
    /// The output the network should give.
    pub target: f64,
}

impl Sample {
    /// The sample of `pos` with `target`.
    #[must_use]
    pub fn of(pos: &Checkers, target: f64) -> Sample {
        Sample {
            inputs: inputs(pos),
            target,
        }
    }
}

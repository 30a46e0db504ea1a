//! The 32-5-3-1 back-propagation network evaluator, in fixed point.
//!
//! Inputs are the 32 squares from the side to move's point of view: own man `+1`,
//! own king `+K`, opponent man `−1`, opponent king `−K`, empty `0`, with `K = 2`.
//! When White is to move the board is turned round (square `n` is read as square
//! `33 − n`), so input 1 is always a square on the mover's far side. Two hidden
//! layers of 5 and 3 sigmoid units and one sigmoid output unit follow; every unit has
//! a bias (threshold) added to its weighted sum: `a = σ(Σ wᵢ·xᵢ + b)`. That is
//! 32·5 + 5 + 5·3 + 3 + 3 + 1 = 187 parameters.
//!
//! The output `o ∈ (0, 1)` is the network's estimate that the side to move wins; the
//! evaluation is `2·o − 1`. Weights are I16F16 ([`Value`]); sums are exact in
//! `i64`, activations carry 24 fraction bits, and σ comes from a 513-entry table
//! (steps of 1/32 on `[0, 16]`, linear interpolation, `σ(−x) = 1 − σ(x)`), computed
//! at compile time with integer arithmetic only.
//!
//! The text format the host writes and [`NetworkWeights::parse`] reads is described
//! in `docs/checkers-network.md`.

use core::fmt;

use super::bitboard::Squares;
use super::board::Checkers;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::player::Player;
use crate::score::{Score, Value};

/// Input units: the playable squares.
pub const INPUTS: usize = 32;
/// Units of the first hidden layer.
pub const HIDDEN1: usize = 5;
/// Units of the second hidden layer.
pub const HIDDEN2: usize = 3;
/// Weights and biases in all (the length of the flat array).
pub const PARAMETERS: usize = HIDDEN1 * (INPUTS + 1) + HIDDEN2 * (HIDDEN1 + 1) + HIDDEN2 + 1;
const _: () = assert!(PARAMETERS == 187);

/// The value of a king on the input layer.
pub const KING_INPUT: i8 = 2;

/// The first line of a weights file.
pub const HEADER: &str = "microply-network 32-5-3-1";

/// Fraction bits of activations and of the σ table.
const ACT_BITS: u32 = 24;
const ONE: i64 = 1 << ACT_BITS;
/// Table steps per unit of input (1/32).
const STEP_BITS: u32 = 5;
/// The table covers `[0, 16]`; beyond, σ is within 1.2e-7 of 1.
const TABLE_LEN: usize = (16 << STEP_BITS) + 1;
/// e^(−1/32) · 2^62, rounded to nearest.
const EXP_STEP: u128 = 4_469_799_356_029_710_115;
const EXP_ONE: u128 = 1 << 62;

/// σ(k/32) for k = 0..=512, with 24 fraction bits: e^(−k/32) by repeated
/// multiplication in 62-bit fixed point, then 1 / (1 + e^(−x)) by integer division.
const SIGMOID: [u32; TABLE_LEN] = {
    let mut table = [0u32; TABLE_LEN];
    let mut e = EXP_ONE;
    let mut k = 0;
    while k < TABLE_LEN {
        let num = EXP_ONE << ACT_BITS;
        let den = EXP_ONE + e;
        table[k] = ((num + den / 2) / den) as u32;
        e = (e * EXP_STEP + EXP_ONE / 2) >> 62;
        k += 1;
    }
    table
};

/// σ of a Q16 input, as a Q24 activation in `[0, 1]`.
fn sigmoid(x: i64) -> i64 {
    let magnitude = x.unsigned_abs();
    let shift = 16 - STEP_BITS;
    let index = (magnitude >> shift) as usize;
    let frac = (magnitude & ((1 << shift) - 1)) as i64;
    let positive = match (SIGMOID.get(index), SIGMOID.get(index + 1)) {
        (Some(&lo), Some(&hi)) => {
            let (lo, hi) = (i64::from(lo), i64::from(hi));
            lo + (((hi - lo) * frac) >> shift)
        }
        _ => SIGMOID.last().map_or(ONE, |&v| i64::from(v)),
    };
    if x < 0 {
        ONE - positive
    } else {
        positive
    }
}

/// The network's weights and biases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkWeights {
    /// Weights from the inputs into each first-layer unit.
    pub hidden1: [[Value; INPUTS]; HIDDEN1],
    /// First-layer biases.
    pub bias1: [Value; HIDDEN1],
    /// Weights from the first layer into each second-layer unit.
    pub hidden2: [[Value; HIDDEN1]; HIDDEN2],
    /// Second-layer biases.
    pub bias2: [Value; HIDDEN2],
    /// Weights from the second layer into the output.
    pub output: [Value; HIDDEN2],
    /// The output bias.
    pub bias_out: Value,
}

/// Why a weights file could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NetworkError {
    /// The first non-comment line is not [`HEADER`].
    MissingHeader,
    /// Parameter `index` (0-based, flat order) is not a number within ±32768.
    BadNumber {
        /// Which parameter.
        index: usize,
    },
    /// Fewer than 187 numbers.
    TooFew,
    /// More than 187 numbers.
    TooMany,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::MissingHeader => {
                write!(f, "network file does not start with \"{HEADER}\"")
            }
            NetworkError::BadNumber { index } => {
                write!(f, "network parameter {index} is not a number within ±32768")
            }
            NetworkError::TooFew => write!(f, "network file has fewer than {PARAMETERS} numbers"),
            NetworkError::TooMany => write!(f, "network file has more than {PARAMETERS} numbers"),
        }
    }
}

impl core::error::Error for NetworkError {}

const Z: Value = Value::ZERO;

impl NetworkWeights {
    /// A material counter, usable before any training: the first hidden unit sums
    /// the inputs (a quarter each), the others are off.
    pub const DEFAULT: NetworkWeights = NetworkWeights {
        hidden1: [
            [Value::lit("0.25"); INPUTS],
            [Z; INPUTS],
            [Z; INPUTS],
            [Z; INPUTS],
            [Z; INPUTS],
        ],
        bias1: [Z; HIDDEN1],
        hidden2: [[Value::lit("4"), Z, Z, Z, Z], [Z; HIDDEN1], [Z; HIDDEN1]],
        bias2: [Value::lit("-2"), Z, Z],
        output: [Value::lit("4"), Z, Z],
        bias_out: Value::lit("-2"),
    };

    /// All parameters in flat order: for each first-layer unit its 32 weights then
    /// its bias; for each second-layer unit its 5 weights then its bias; the 3 output
    /// weights then the output bias.
    #[must_use]
    pub fn to_array(&self) -> [Value; PARAMETERS] {
        let mut out = [Z; PARAMETERS];
        let mut slots = out.iter_mut();
        let mut put = |v: Value| {
            if let Some(slot) = slots.next() {
                *slot = v;
            }
        };
        for (weights, &bias) in self.hidden1.iter().zip(&self.bias1) {
            weights.iter().for_each(|&w| put(w));
            put(bias);
        }
        for (weights, &bias) in self.hidden2.iter().zip(&self.bias2) {
            weights.iter().for_each(|&w| put(w));
            put(bias);
        }
        self.output.iter().for_each(|&w| put(w));
        put(self.bias_out);
        out
    }

    /// The parameters from a flat array (the inverse of [`NetworkWeights::to_array`]).
    #[must_use]
    pub fn from_array(a: &[Value; PARAMETERS]) -> NetworkWeights {
        let mut net = NetworkWeights::DEFAULT;
        let mut values = a.iter().copied();
        let mut take = || values.next().unwrap_or(Z);
        for (weights, bias) in net.hidden1.iter_mut().zip(&mut net.bias1) {
            weights.iter_mut().for_each(|w| *w = take());
            *bias = take();
        }
        for (weights, bias) in net.hidden2.iter_mut().zip(&mut net.bias2) {
            weights.iter_mut().for_each(|w| *w = take());
            *bias = take();
        }
        net.output.iter_mut().for_each(|w| *w = take());
        net.bias_out = take();
        net
    }

    /// Reads the text format: comment lines starting with `#`, the header line
    /// [`HEADER`], then 187 decimal numbers (optionally with an exponent) separated
    /// by whitespace, in flat order. Each is rounded to the nearest I16F16.
    ///
    /// # Errors
    /// [`NetworkError`] naming the first problem.
    pub fn parse(text: &str) -> Result<NetworkWeights, NetworkError> {
        let mut lines = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty());
        if lines.next() != Some(HEADER) {
            return Err(NetworkError::MissingHeader);
        }
        let mut flat = [Z; PARAMETERS];
        let mut count = 0;
        for token in lines.flat_map(str::split_whitespace) {
            let slot = flat.get_mut(count).ok_or(NetworkError::TooMany)?;
            *slot = token
                .parse::<Value>()
                .map_err(|_| NetworkError::BadNumber { index: count })?;
            count += 1;
        }
        if count < PARAMETERS {
            return Err(NetworkError::TooFew);
        }
        Ok(NetworkWeights::from_array(&flat))
    }

    /// Writes the text format (exact: every value reads back unchanged).
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        writeln!(w, "{HEADER}")?;
        let flat = self.to_array();
        let rows = flat.chunks(INPUTS + 1).take(HIDDEN1).chain(
            flat.get(HIDDEN1 * (INPUTS + 1)..)
                .unwrap_or(&[])
                .chunks(HIDDEN1 + 1),
        );
        for row in rows {
            for (i, v) in row.iter().enumerate() {
                if i > 0 {
                    w.write_char(' ')?;
                }
                write!(w, "{v}")?;
            }
            w.write_char('\n')?;
        }
        Ok(())
    }
}

impl Default for NetworkWeights {
    fn default() -> NetworkWeights {
        NetworkWeights::DEFAULT
    }
}

/// The network's inputs for `pos`: one of −2, −1, 0, 1, 2 per square, from the side
/// to move's point of view (see the [module docs](self)).
#[must_use]
pub fn inputs(pos: &Checkers) -> [i8; INPUTS] {
    let me = pos.side_to_move();
    let (mine, theirs) = (pos.pieces(me), pos.pieces(me.other()));
    let mut x = [0i8; INPUTS];
    for (slot, sq) in x.iter_mut().zip(Squares::of(!0)) {
        let bit = match me {
            Player::First => sq,
            Player::Second => sq.rotated(),
        }
        .bit();
        let value = if pos.kings() & bit != 0 {
            KING_INPUT
        } else {
            1
        };
        *slot = if mine & bit != 0 {
            value
        } else if theirs & bit != 0 {
            -value
        } else {
            0
        };
    }
    x
}

/// A unit's activation from its Q16 bias and the Q(16 + `bits`) weighted sum.
fn activate(bias: Value, sum: i64, bits: u32) -> i64 {
    sigmoid(i64::from(bias.to_bits()) + (sum >> bits))
}

impl NetworkWeights {
    /// The output activation for `inputs`, with 24 fraction bits (`1 << 24` is 1).
    #[must_use]
    pub fn forward(&self, inputs: &[i8; INPUTS]) -> i64 {
        let mut h1 = [0i64; HIDDEN1];
        for ((a, weights), &bias) in h1.iter_mut().zip(&self.hidden1).zip(&self.bias1) {
            let sum = weights
                .iter()
                .zip(inputs)
                .map(|(w, &x)| i64::from(w.to_bits()) * i64::from(x))
                .sum();
            *a = activate(bias, sum, 0);
        }
        let mut h2 = [0i64; HIDDEN2];
        for ((a, weights), &bias) in h2.iter_mut().zip(&self.hidden2).zip(&self.bias2) {
            let sum = weights
                .iter()
                .zip(&h1)
                .map(|(w, &h)| i64::from(w.to_bits()) * h)
                .sum();
            *a = activate(bias, sum, ACT_BITS);
        }
        let sum = self
            .output
            .iter()
            .zip(&h2)
            .map(|(w, &h)| i64::from(w.to_bits()) * h)
            .sum();
        activate(self.bias_out, sum, ACT_BITS)
    }

    /// The evaluation `2·o − 1` for the side to move.
    #[must_use]
    pub fn value(&self, pos: &Checkers) -> Value {
        let o = self.forward(&inputs(pos));
        let centred = 2 * o - ONE;
        Value::from_bits((centred >> (ACT_BITS - 16)) as i32)
    }
}

/// The 32-5-3-1 network as an evaluator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Network {
    /// Its weights.
    pub weights: NetworkWeights,
}

impl Evaluator<Checkers> for Network {
    fn evaluate(&self, pos: &Checkers) -> Score {
        Score::from_fixed(self.weights.value(pos))
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;

    use super::*;
    use crate::notation::Notation;

    #[test]
    fn sigmoid_table_matches_exp() {
        for (k, &v) in SIGMOID.iter().enumerate() {
            let x = k as f64 / 32.0;
            let exact = 1.0 / (1.0 + (-x).exp());
            let got = f64::from(v) / ONE as f64;
            assert!((got - exact).abs() < 1e-7, "k={k}: {got} vs {exact}");
        }
    }

    #[test]
    fn sigmoid_is_close_everywhere() {
        let mut x = -20 * 65536i64;
        while x < 20 * 65536 {
            let exact = 1.0 / (1.0 + (-(x as f64) / 65536.0).exp());
            let got = sigmoid(x) as f64 / ONE as f64;
            assert!((got - exact).abs() < 2e-5, "x={x}: {got} vs {exact}");
            x += 977;
        }
    }

    #[test]
    fn default_counts_material_and_is_antisymmetric() {
        let net = Network::default();
        assert_eq!(net.evaluate(&Checkers::START), Score::ZERO);
        let black_up = Checkers::parse_fen("B:W30:B10,13").unwrap();
        let white_to_move = Checkers::parse_fen("W:W30:B10,13").unwrap();
        let a = net.weights.value(&black_up);
        let b = net.weights.value(&white_to_move);
        assert!(a > Value::ZERO);
        assert!((a + b).abs() <= Value::from_bits(2));
    }

    #[test]
    fn inputs_turn_the_board_for_white() {
        let pos = Checkers::parse_fen("W:WK1:BK32,28").unwrap();
        let x = inputs(&pos);
        assert_eq!((x[31], x[0], x[4]), (KING_INPUT, -KING_INPUT, -1));
    }

    #[test]
    fn text_round_trip_and_errors() {
        let mut flat = [Z; PARAMETERS];
        for (i, v) in flat.iter_mut().enumerate() {
            *v = Value::from_bits((i as i32 - 90) * 7919);
        }
        let net = NetworkWeights::from_array(&flat);
        assert_eq!(net.to_array(), flat);
        let mut text = String::from("# trained by test\n");
        net.write(&mut text).unwrap();
        assert_eq!(NetworkWeights::parse(&text), Ok(net));
        assert_eq!(
            NetworkWeights::parse("1 2 3"),
            Err(NetworkError::MissingHeader)
        );
        assert_eq!(NetworkWeights::parse(HEADER), Err(NetworkError::TooFew));
        let mut long = text.clone();
        long.push_str(" 1");
        assert_eq!(NetworkWeights::parse(&long), Err(NetworkError::TooMany));
        let bad = text.replacen("-2.", "x", 1);
        assert!(matches!(
            NetworkWeights::parse(&bad),
            Err(NetworkError::BadNumber { .. })
        ));
        let exp = std::format!("{HEADER}\n{}", "1.5e-2 ".repeat(PARAMETERS));
        assert_eq!(
            NetworkWeights::parse(&exp).unwrap().bias_out,
            Value::from_num(0.015)
        );
    }
}

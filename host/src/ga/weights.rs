//! Between an evaluator's flat fixed-point weight array and the GA's `f64` weights.
//!
//! Every evaluator in core offers a lossless `to_array`/`from_array` over
//! [`Value`] (I16F16). A `Value` converts to `f64` exactly;
//! back, each weight rounds to the nearest 2⁻¹⁶ and must fit ±32768. With a range whose
//! quantisation step is a multiple of 2⁻¹⁶ (for example [−256, 255.5] at 10 bits, step ½),
//! a weight set on that grid survives encode → decode → `from_array` unchanged.
//! [`exact_encoding`] goes further: a range [−2ᵐ, 2ᵐ − 2⁻¹⁶] at m + 17 bits has step
//! exactly 2⁻¹⁶, so *every* fixed-point weight in it is a gene, losslessly.

use microply_core::score::Value;
use thiserror::Error;

use super::encoding::{Encoding, EncodingError, Range};

/// The fixed-point resolution, 2⁻¹⁶.
pub const RESOLUTION: f64 = 1.0 / 65536.0;

/// An encoding of `len` weights in which every fixed-point value in [−2ᵐ, 2ᵐ) is
/// exactly one gene (m = `magnitude_log2`, at most 14 so the genes fit 31 bits).
///
/// # Errors
/// [`EncodingError::BadBits`] when m > 14, [`EncodingError::NoWeights`] when `len` is 0.
pub fn exact_encoding(len: usize, magnitude_log2: u32) -> Result<Encoding, EncodingError> {
    let bits = magnitude_log2.saturating_add(17);
    if magnitude_log2 > 14 {
        return Err(EncodingError::BadBits { bits });
    }
    let half = f64::from(1u32 << magnitude_log2);
    Encoding::uniform(len, Range::new(-half, half - RESOLUTION), bits)
}

/// A weight that does not fit the fixed-point type.
#[derive(Clone, Copy, Debug, PartialEq, Error)]
#[error("weight {index} = {value} does not fit a fixed-point value (±32768)")]
pub struct WeightOverflow {
    /// Which weight.
    pub index: usize,
    /// Its value.
    pub value: f64,
}

/// The weights as `f64` (exact).
#[must_use]
pub fn to_f64(values: &[Value]) -> Vec<f64> {
    values.iter().map(|v| v.to_num::<f64>()).collect()
}

/// The weights as fixed-point values, each rounded to the nearest 2⁻¹⁶.
///
/// # Errors
/// [`WeightOverflow`] naming the first weight that does not fit (or is not a number).
pub fn to_values(weights: &[f64]) -> Result<Vec<Value>, WeightOverflow> {
    weights
        .iter()
        .enumerate()
        .map(|(index, &value)| {
            Value::checked_from_num(value).ok_or(WeightOverflow { index, value })
        })
        .collect()
}

/// The fixed-size array an evaluator's `from_array` takes.
///
/// # Errors
/// [`WeightOverflow`] as [`to_values`]; a wrong length is reported as an overflow of
/// the first missing or extra index.
pub fn to_array<const N: usize>(weights: &[f64]) -> Result<[Value; N], WeightOverflow> {
    let values = to_values(weights)?;
    let len = values.len();
    values.try_into().map_err(|_| WeightOverflow {
        index: len.min(N),
        value: f64::NAN,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_both_ways_on_the_grid() {
        let v = [
            Value::lit("-4"),
            Value::lit("0.5"),
            Value::lit("100"),
            Value::ZERO,
        ];
        let f = to_f64(&v);
        assert_eq!(f, vec![-4.0, 0.5, 100.0, 0.0]);
        assert_eq!(to_array::<4>(&f), Ok(v));
    }

    #[test]
    fn overflow_and_wrong_length_are_errors() {
        assert_eq!(
            to_values(&[1.0, 40000.0]),
            Err(WeightOverflow {
                index: 1,
                value: 40000.0
            })
        );
        assert!(to_values(&[f64::NAN]).is_err());
        assert_eq!(to_array::<3>(&[1.0, 2.0]).unwrap_err().index, 2);
    }

    #[test]
    fn the_exact_encoding_has_the_fixed_point_step() {
        let e = exact_encoding(3, 2).unwrap();
        assert_eq!(e.bits(), 19);
        assert_eq!(e.step(0), RESOLUTION);
        let v = [
            Value::lit("0.1"),
            Value::lit("-4"),
            Value::from_bits(0x3_ffff),
        ];
        let genes = e.encode(&to_f64(&v)).unwrap();
        assert_eq!(genes.genes(), &[(4 << 16) + 6554, 0, (8 << 16) - 1]);
        assert_eq!(to_array::<3>(&e.decode(&genes)), Ok(v));
        assert!(matches!(
            exact_encoding(1, 15),
            Err(EncodingError::BadBits { bits: 32 })
        ));
    }
}

//! Between an evaluator's flat fixed-point weight array and the GA's `f64` weights.
//!
//! Every evaluator in core offers a lossless `to_array`/`from_array` over
//! [`Value`](microply_core::score::Value) (I16F16). A `Value` converts to `f64` exactly;
//! back, each weight rounds to the nearest 2⁻¹⁶ and must fit ±32768. With a range whose
//! quantisation step is a multiple of 2⁻¹⁶ (for example [−256, 255.5] at 10 bits, step ½),
//! a weight set on that grid survives encode → decode → `from_array` unchanged.

use microply_core::score::Value;
use thiserror::Error;

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
        let v = [Value::lit("-4"), Value::lit("0.5"), Value::lit("100"), Value::ZERO];
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
}

//! The binary encoding: each weight a fixed-width gene over its own range.
//!
//! A gene of `b` bits is an integer g in 0..=2ᵇ−1 (the levels); it stands for the
//! weight `min + (max − min)·g / (2ᵇ − 1)`, so both ends of the range are exact and the
//! quantisation step is `(max − min)/(2ᵇ − 1)`. Encoding rounds a weight to the nearest
//! level, so `decode(encode(w))` is within half a step of `w`, and `encode(decode(c))`
//! gives `c` back exactly. A [`Chromosome`] is one gene per weight, in the order of the
//! evaluator's flat weight array; the GA never looks inside a weight vector, so any
//! game's weights (see [`super::weights`]) train through the same code.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::rng::Rng;

/// The widest gene, so that every gene fits a `u32` with room to spare.
pub const MAX_BITS: u32 = 31;

/// The default gene width (the paper's).
pub const DEFAULT_BITS: u32 = 10;

/// The closed interval one weight may take.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Range {
    /// The smallest value (gene 0).
    pub min: f64,
    /// The largest value (gene 2ᵇ − 1).
    pub max: f64,
}

impl Range {
    /// The range `[min, max]`.
    #[must_use]
    pub const fn new(min: f64, max: f64) -> Range {
        Range { min, max }
    }
}

/// Why an encoding could not be built or a weight vector encoded.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum EncodingError {
    /// The gene width is 0 or above [`MAX_BITS`].
    #[error("gene width {bits} bits is not in 1..={MAX_BITS}")]
    BadBits {
        /// The width asked for.
        bits: u32,
    },
    /// There are no weights to encode.
    #[error("an encoding needs at least one weight range")]
    NoWeights,
    /// A range is empty, reversed or not finite.
    #[error("weight {index}: range [{min}, {max}] is not a finite interval with min < max")]
    BadRange {
        /// Which weight.
        index: usize,
        /// Its minimum.
        min: f64,
        /// Its maximum.
        max: f64,
    },
    /// A vector has the wrong number of weights.
    #[error("expected {expected} weights, got {got}")]
    WrongLength {
        /// The number of ranges.
        expected: usize,
        /// The number given.
        got: usize,
    },
    /// A weight is outside its range (or not a number).
    #[error("weight {index} = {value} is outside its range [{min}, {max}]")]
    OutOfRange {
        /// Which weight.
        index: usize,
        /// The value given.
        value: f64,
        /// The range's minimum.
        min: f64,
        /// The range's maximum.
        max: f64,
    },
    /// A gene is above the largest level.
    #[error("gene {index} = {gene} does not fit in {bits} bits")]
    GeneTooWide {
        /// Which gene.
        index: usize,
        /// Its value.
        gene: u32,
        /// The gene width.
        bits: u32,
    },
}

/// One individual's genes, one per weight, each below 2ᵇ.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Chromosome {
    genes: Vec<u32>,
}

impl Chromosome {
    /// The genes, in weight order.
    #[must_use]
    pub fn genes(&self) -> &[u32] {
        &self.genes
    }

    /// The number of genes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.genes.len()
    }

    /// True when there are no genes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.genes.is_empty()
    }

    pub(crate) fn genes_mut(&mut self) -> &mut [u32] {
        &mut self.genes
    }
}

/// A weight vector's ranges and the gene width: the map between weights and genes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Encoding {
    ranges: Vec<Range>,
    bits: u32,
}

impl Encoding {
    /// An encoding of `ranges.len()` weights, `bits` bits each.
    ///
    /// # Errors
    /// [`EncodingError::BadBits`], [`EncodingError::NoWeights`] or
    /// [`EncodingError::BadRange`] naming the first bad range.
    pub fn new(ranges: Vec<Range>, bits: u32) -> Result<Encoding, EncodingError> {
        if bits == 0 || bits > MAX_BITS {
            return Err(EncodingError::BadBits { bits });
        }
        if ranges.is_empty() {
            return Err(EncodingError::NoWeights);
        }
        for (index, r) in ranges.iter().enumerate() {
            if !(r.min.is_finite() && r.max.is_finite() && r.min < r.max) {
                return Err(EncodingError::BadRange {
                    index,
                    min: r.min,
                    max: r.max,
                });
            }
        }
        Ok(Encoding { ranges, bits })
    }

    /// `len` weights sharing one range.
    ///
    /// # Errors
    /// As [`Encoding::new`].
    pub fn uniform(len: usize, range: Range, bits: u32) -> Result<Encoding, EncodingError> {
        Encoding::new(vec![range; len], bits)
    }

    /// The number of weights.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ranges.len()
    }

    /// Never true: an encoding has at least one weight.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The gene width in bits.
    #[must_use]
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The ranges, in weight order.
    #[must_use]
    pub fn ranges(&self) -> &[Range] {
        &self.ranges
    }

    /// The largest gene, 2ᵇ − 1.
    #[must_use]
    pub fn max_gene(&self) -> u32 {
        (1u32 << self.bits) - 1
    }

    /// The quantisation step of weight `index`, (max − min)/(2ᵇ − 1).
    #[must_use]
    pub fn step(&self, index: usize) -> f64 {
        self.ranges
            .get(index)
            .map_or(0.0, |r| (r.max - r.min) / f64::from(self.max_gene()))
    }

    /// The weight gene `gene` of weight `index` stands for (genes above the top level
    /// are read as the top level).
    #[must_use]
    pub fn decode_gene(&self, index: usize, gene: u32) -> f64 {
        let Some(r) = self.ranges.get(index) else {
            return 0.0;
        };
        let top = self.max_gene();
        let g = gene.min(top);
        if g == top {
            return r.max;
        }
        r.min + (r.max - r.min) * f64::from(g) / f64::from(top)
    }

    /// The nearest level to `value` for weight `index`.
    ///
    /// # Errors
    /// [`EncodingError::OutOfRange`] if `value` is outside the range or not a number.
    pub fn encode_value(&self, index: usize, value: f64) -> Result<u32, EncodingError> {
        let r = self.ranges.get(index).ok_or(EncodingError::WrongLength {
            expected: self.len(),
            got: index + 1,
        })?;
        if !(r.min..=r.max).contains(&value) {
            return Err(EncodingError::OutOfRange {
                index,
                value,
                min: r.min,
                max: r.max,
            });
        }
        let level = ((value - r.min) / (r.max - r.min) * f64::from(self.max_gene())).round();
        Ok((level as u32).min(self.max_gene()))
    }

    /// The chromosome of a weight vector (each weight to its nearest level).
    ///
    /// # Errors
    /// [`EncodingError::WrongLength`] or [`EncodingError::OutOfRange`].
    pub fn encode(&self, weights: &[f64]) -> Result<Chromosome, EncodingError> {
        self.check_len(weights.len())?;
        let genes = weights
            .iter()
            .enumerate()
            .map(|(i, &w)| self.encode_value(i, w))
            .collect::<Result<_, _>>()?;
        Ok(Chromosome { genes })
    }

    /// A chromosome from raw genes, checked against the width.
    ///
    /// # Errors
    /// [`EncodingError::WrongLength`] or [`EncodingError::GeneTooWide`].
    pub fn chromosome(&self, genes: Vec<u32>) -> Result<Chromosome, EncodingError> {
        self.check_len(genes.len())?;
        if let Some((index, &gene)) = genes.iter().enumerate().find(|(_, &g)| g > self.max_gene()) {
            return Err(EncodingError::GeneTooWide {
                index,
                gene,
                bits: self.bits,
            });
        }
        Ok(Chromosome { genes })
    }

    /// The weight vector a chromosome stands for.
    #[must_use]
    pub fn decode(&self, chromosome: &Chromosome) -> Vec<f64> {
        chromosome
            .genes
            .iter()
            .enumerate()
            .map(|(i, &g)| self.decode_gene(i, g))
            .collect()
    }

    /// A chromosome with every bit drawn at random.
    pub fn random(&self, rng: &mut Rng) -> Chromosome {
        let genes = (0..self.len())
            .map(|_| rng.below(u64::from(self.max_gene()) + 1) as u32)
            .collect();
        Chromosome { genes }
    }

    fn check_len(&self, got: usize) -> Result<(), EncodingError> {
        if got == self.len() {
            Ok(())
        } else {
            Err(EncodingError::WrongLength {
                expected: self.len(),
                got,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn two_weights() -> Encoding {
        Encoding::new(vec![Range::new(-1.0, 1.0), Range::new(0.0, 10.0)], 10).unwrap()
    }

    #[test]
    fn hand_computed_levels() {
        let e = two_weights();
        // step = 2/1023 and 10/1023
        assert_eq!(e.max_gene(), 1023);
        assert_eq!(e.decode_gene(0, 0), -1.0);
        assert_eq!(e.decode_gene(0, 1023), 1.0);
        assert_eq!(e.decode_gene(1, 0), 0.0);
        assert!((e.decode_gene(1, 1) - 10.0 / 1023.0).abs() < 1e-12);
        // 0 on [-1, 1] is level 511.5: rounds half away from zero to 512
        assert_eq!(e.encode_value(0, 0.0), Ok(512));
        // 5 on [0, 10] is level 511.5 too
        assert_eq!(e.encode_value(1, 5.0), Ok(512));
        assert_eq!(e.encode_value(1, 10.0), Ok(1023));
        let c = e.encode(&[1.0, 0.0]).unwrap();
        assert_eq!(c.genes(), &[1023, 0]);
        assert_eq!(e.decode(&c), vec![1.0, 0.0]);
    }

    #[test]
    fn bad_input_is_named() {
        assert_eq!(
            Encoding::new(vec![Range::new(0.0, 1.0)], 0),
            Err(EncodingError::BadBits { bits: 0 })
        );
        assert_eq!(
            Encoding::new(vec![Range::new(0.0, 1.0)], 32),
            Err(EncodingError::BadBits { bits: 32 })
        );
        assert_eq!(Encoding::new(vec![], 10), Err(EncodingError::NoWeights));
        assert!(matches!(
            Encoding::new(vec![Range::new(0.0, 1.0), Range::new(2.0, 2.0)], 10),
            Err(EncodingError::BadRange { index: 1, .. })
        ));
        let e = two_weights();
        assert_eq!(
            e.encode(&[0.0]),
            Err(EncodingError::WrongLength {
                expected: 2,
                got: 1
            })
        );
        assert!(matches!(
            e.encode(&[0.0, 11.0]),
            Err(EncodingError::OutOfRange { index: 1, .. })
        ));
        assert!(matches!(
            e.encode(&[f64::NAN, 1.0]),
            Err(EncodingError::OutOfRange { index: 0, .. })
        ));
        assert!(matches!(
            e.chromosome(vec![0, 1024]),
            Err(EncodingError::GeneTooWide {
                index: 1,
                gene: 1024,
                bits: 10
            })
        ));
        assert!(e.to_string_err().contains("weight 1"));
    }

    impl Encoding {
        fn to_string_err(&self) -> String {
            self.encode(&[0.0, -3.0]).unwrap_err().to_string()
        }
    }

    proptest! {
        #[test]
        fn decode_encode_is_identity_on_genes(a in 0u32..1024, b in 0u32..1024) {
            let e = two_weights();
            let c = e.chromosome(vec![a, b]).unwrap();
            prop_assert_eq!(e.encode(&e.decode(&c)).unwrap(), c);
        }

        #[test]
        fn encode_decode_is_within_half_a_step(x in -1.0f64..=1.0, y in 0.0f64..=10.0, bits in 1u32..=20) {
            let e = Encoding::new(vec![Range::new(-1.0, 1.0), Range::new(0.0, 10.0)], bits).unwrap();
            let back = e.decode(&e.encode(&[x, y]).unwrap());
            prop_assert!((back[0] - x).abs() <= e.step(0) / 2.0 + 1e-12);
            prop_assert!((back[1] - y).abs() <= e.step(1) / 2.0 + 1e-12);
        }
    }

    #[test]
    fn random_chromosomes_fit_the_width() {
        let e = Encoding::uniform(5, Range::new(0.0, 1.0), 3).unwrap();
        let mut rng = crate::ga::rng::Rng::seeded(5);
        for _ in 0..100 {
            let c = e.random(&mut rng);
            assert!(e.chromosome(c.genes().to_vec()).is_ok());
        }
    }
}

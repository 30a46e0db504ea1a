//! The objective interface: a callback that scores a batch of weight vectors.
//!
//! The GA and ACO_R hand every batch they need scored (a whole new population, or the
//! few individuals the heuristic step changed) to one call, so an implementation can
//! play the batch's games in parallel. Higher is better. In the trainer the score is
//! the [`Objective`](super::objective::Objective) of the individual's games against the
//! sparring partner; in tests it is a synthetic function.

use thiserror::Error;

/// Scores weight vectors; higher is better.
pub trait Evaluate {
    /// Why a batch could not be scored.
    type Error;

    /// One objective value per weight vector, in order.
    ///
    /// # Errors
    /// Whatever stops the scoring (a game that could not be run, ...).
    fn evaluate(&mut self, batch: &[Vec<f64>]) -> Result<Vec<f64>, Self::Error>;
}

/// Any `FnMut(&[f64]) -> f64` scores a batch one vector at a time (for synthetic
/// objectives and tests).
pub struct EachWith<F>(pub F);

impl<F: FnMut(&[f64]) -> f64> Evaluate for EachWith<F> {
    type Error = core::convert::Infallible;

    fn evaluate(&mut self, batch: &[Vec<f64>]) -> Result<Vec<f64>, Self::Error> {
        Ok(batch.iter().map(|w| (self.0)(w)).collect())
    }
}

/// Why a generation could not be produced.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StepError<E> {
    /// The evaluator failed.
    #[error("evaluating a batch failed: {0}")]
    Evaluate(E),
    /// The evaluator returned the wrong number of scores.
    #[error("the evaluator returned {got} scores for a batch of {expected}")]
    WrongCount {
        /// The batch size.
        expected: usize,
        /// The number of scores returned.
        got: usize,
    },
    /// The evaluator returned NaN or an infinity.
    #[error("the evaluator scored batch item {index} as {value}, not a finite number")]
    NotFinite {
        /// Which item of the batch.
        index: usize,
        /// The score.
        value: f64,
    },
    /// The population does not match the optimiser (wrong size or weight count).
    #[error("the population does not match this optimiser: {0}")]
    Mismatch(&'static str),
}

/// Scores `batch` and checks the answer's length and finiteness.
///
/// # Errors
/// [`StepError`] for a failed or malformed answer.
pub fn checked<E: Evaluate>(
    evaluator: &mut E,
    batch: &[Vec<f64>],
) -> Result<Vec<f64>, StepError<E::Error>> {
    if batch.is_empty() {
        return Ok(Vec::new());
    }
    let scores = evaluator.evaluate(batch).map_err(StepError::Evaluate)?;
    if scores.len() != batch.len() {
        return Err(StepError::WrongCount {
            expected: batch.len(),
            got: scores.len(),
        });
    }
    if let Some((index, &value)) = scores.iter().enumerate().find(|(_, v)| !v.is_finite()) {
        return Err(StepError::NotFinite { index, value });
    }
    Ok(scores)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Broken(Vec<f64>);

    impl Evaluate for Broken {
        type Error = &'static str;
        fn evaluate(&mut self, _: &[Vec<f64>]) -> Result<Vec<f64>, &'static str> {
            Ok(self.0.clone())
        }
    }

    #[test]
    fn malformed_answers_are_errors() {
        let batch = vec![vec![0.0], vec![1.0]];
        assert!(matches!(
            checked(&mut Broken(vec![1.0]), &batch),
            Err(StepError::WrongCount {
                expected: 2,
                got: 1
            })
        ));
        assert!(matches!(
            checked(&mut Broken(vec![1.0, f64::NAN]), &batch),
            Err(StepError::NotFinite { index: 1, .. })
        ));
        let sum = |w: &[f64]| w.iter().sum();
        assert_eq!(checked(&mut EachWith(sum), &batch).unwrap(), vec![0.0, 1.0]);
    }
}

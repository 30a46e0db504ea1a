//! Train, quantise, check: what `microply nn train` and `nn bootstrap` do with samples.

use microply_core::games::checkers::NetworkWeights;

use super::agreement::{agreement, Agreement};
use super::net::{Net, OutOfRange};
use super::sample::Sample;
use super::train::{train_from, TrainConfig, TrainError, TrainReport, TrainState};

/// A trained network, its fixed-point form and how well they agree.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// The `f64` network.
    pub net: Net,
    /// The core's weights.
    pub weights: NetworkWeights,
    /// The training run.
    pub report: TrainReport,
    /// The core against the `f64` network on the held-out samples.
    pub agreement: Agreement,
}

/// Why fitting failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FitError {
    /// Training could not run.
    #[error(transparent)]
    Train(#[from] TrainError),
    /// The trained network does not fit the fixed-point format.
    #[error(transparent)]
    Range(#[from] OutOfRange),
}

/// Trains `start` on `samples`, quantises the result and measures the agreement on the
/// held-out samples.
///
/// # Errors
/// [`FitError`].
pub fn fit(start: &Net, samples: &[Sample], config: &TrainConfig) -> Result<Fitted, FitError> {
    fit_from(start, samples, config, None, |_| {})
}

/// [`fit`] through [`train_from`]: from a saved `resume` state when given, with
/// `after_epoch` seeing the state after every epoch.
///
/// # Errors
/// [`FitError`].
pub fn fit_from(
    start: &Net,
    samples: &[Sample],
    config: &TrainConfig,
    resume: Option<TrainState>,
    after_epoch: impl FnMut(&TrainState),
) -> Result<Fitted, FitError> {
    let (net, report) = train_from(start, samples, config, resume, after_epoch)?;
    let weights = net.quantise()?;
    let held: Vec<&Sample> = report.validation.iter().map(|&i| &samples[i]).collect();
    let agreement = agreement(&net, &weights, &held);
    Ok(Fitted {
        net,
        weights,
        report,
        agreement,
    })
}

impl Fitted {
    /// A few lines for the weights file's comment and the terminal.
    #[must_use]
    pub fn summary(&self) -> String {
        let r = &self.report;
        let a = &self.agreement;
        format!(
            "samples {} training + {} held out; epochs {} (best {})\n\
             mean squared error: training {:.6}, held out {:.6}\n\
             fixed point vs f64 on the held-out positions: max {:.2e}, mean {:.2e}",
            r.training_samples,
            r.validation_samples,
            r.epochs,
            r.best_epoch,
            r.training_loss,
            r.validation_loss,
            a.max_error,
            a.mean_error
        )
    }
}

//! Seeded mini-batch back-propagation with a held-out validation split and early
//! stopping, optimised with Adam.
//!
//! The samples are shuffled once by the seed; the first `validation_fraction` of them
//! are held out. Each epoch reshuffles the rest (seeded), averages the gradient of the
//! squared error over mini-batches of `batch_size`, and takes one Adam step
//! (Kingma & Ba 2015: β₁ = 0.9, β₂ = 0.999, ε = 1e-8) of `learning_rate` per batch.
//! After each epoch the mean squared error on the held-out samples is measured; the
//! parameters with the lowest one so far are kept, and training stops when `patience`
//! epochs in a row have not lowered it (or after `max_epochs`).
//!
//! After every epoch [`train_from`] hands a [`TrainState`] to its caller: the losses
//! so far and everything an interrupted training needs to go on exactly as it would
//! have (the generator's state is replayed from the seed: it only shuffles).

use microply_core::games::checkers::network::PARAMETERS;
use microply_core::rng::{below, SplitMix64};
use serde::{Deserialize, Serialize};

use super::net::{to_f64, Net};
use super::sample::Sample;

/// How to train.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainConfig {
    /// Seeds the split and the batch order.
    pub seed: u64,
    /// Adam's step size.
    pub learning_rate: f64,
    /// Samples per gradient step.
    pub batch_size: usize,
    /// Epochs at most.
    pub max_epochs: usize,
    /// Stop after this many epochs without a lower validation loss.
    pub patience: usize,
    /// The share of samples held out for validation, in (0, 1).
    pub validation_fraction: f64,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            seed: 1,
            learning_rate: 0.005,
            batch_size: 64,
            max_epochs: 200,
            patience: 10,
            validation_fraction: 0.1,
        }
    }
}

/// Why training could not run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TrainError {
    /// Too few samples to hold one out and train on another.
    #[error("{0} samples are too few to train on (at least 2: one for training, one held out)")]
    TooFewSamples(usize),
    /// A setting outside its range.
    #[error("bad training setting: {0}")]
    BadSetting(&'static str),
    /// A target outside [0, 1].
    #[error("sample {index} has target {target}, outside [0, 1]")]
    BadTarget {
        /// Which sample.
        index: usize,
        /// Its target.
        target: f64,
    },
    /// A saved training of other settings or samples.
    #[error("the saved training does not match: {0}")]
    OtherTraining(String),
}

/// One epoch's mean squared errors.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EpochLoss {
    /// The epoch, from 1.
    pub epoch: usize,
    /// On the training samples, after the epoch.
    pub training: f64,
    /// On the held-out samples, after the epoch.
    pub validation: f64,
}

/// A training after some epochs: what resuming it needs, and the loss history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainState {
    /// The settings (a resume must use the same).
    pub config: TrainConfig,
    /// The number of samples (a resume must use the same).
    pub samples: usize,
    /// Epochs done.
    pub epochs: usize,
    /// The parameters now.
    net: Vec<f64>,
    /// The lowest held-out loss so far, its parameters and epoch.
    best: (f64, Vec<f64>, usize),
    /// Adam's moments and step count.
    adam: (Vec<f64>, Vec<f64>, i32),
    /// Every epoch's losses.
    pub history: Vec<EpochLoss>,
}

impl TrainState {
    /// The epoch whose parameters are kept so far (0: the start).
    #[must_use]
    pub fn best_epoch(&self) -> usize {
        self.best.2
    }

    /// The lowest held-out loss so far.
    #[must_use]
    pub fn best_loss(&self) -> f64 {
        self.best.0
    }

    fn start(config: &TrainConfig, samples: usize, net: &Net, loss: f64) -> TrainState {
        TrainState {
            config: *config,
            samples,
            epochs: 0,
            net: net.params.to_vec(),
            best: (loss, net.params.to_vec(), 0),
            adam: (vec![0.0; PARAMETERS], vec![0.0; PARAMETERS], 0),
            history: Vec::new(),
        }
    }

    fn check(&self, config: &TrainConfig, samples: usize) -> Result<(), TrainError> {
        let other = |what: String| Err(TrainError::OtherTraining(what));
        if self.config != *config {
            return other(format!(
                "saved settings {:?}, asked {config:?}",
                self.config
            ));
        }
        if self.samples != samples {
            return other(format!("{} samples saved, {samples} given", self.samples));
        }
        let lengths = [
            self.net.len(),
            self.best.1.len(),
            self.adam.0.len(),
            self.adam.1.len(),
        ];
        if lengths.iter().any(|&l| l != PARAMETERS) {
            return other(format!("parameter counts {lengths:?}, not {PARAMETERS}"));
        }
        Ok(())
    }
}

fn params(v: &[f64]) -> [f64; PARAMETERS] {
    let mut out = [0.0; PARAMETERS];
    out.copy_from_slice(v);
    out
}

/// What training did.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainReport {
    /// Samples trained on.
    pub training_samples: usize,
    /// Samples held out.
    pub validation_samples: usize,
    /// Epochs run.
    pub epochs: usize,
    /// The epoch (from 1) whose parameters were kept; 0 if the start was best.
    pub best_epoch: usize,
    /// Mean squared error of the kept network on the training samples.
    pub training_loss: f64,
    /// Mean squared error of the kept network on the held-out samples.
    pub validation_loss: f64,
    /// The held-out samples' indices (into the input), for checking the result.
    pub validation: Vec<usize>,
    /// Every epoch's losses.
    pub history: Vec<EpochLoss>,
}

/// Trains `start` on `samples`; returns the network with the lowest validation loss.
///
/// # Errors
/// [`TrainError`] for too few samples, a bad setting or a target outside [0, 1].
pub fn train(
    start: &Net,
    samples: &[Sample],
    config: &TrainConfig,
) -> Result<(Net, TrainReport), TrainError> {
    train_from(start, samples, config, None, |_| {})
}

/// [`train`], going on from `resume` (a [`TrainState`] saved by an earlier run of the
/// same settings and samples) when given; `after_epoch` sees the state after every
/// epoch (to save it, or show progress). A resumed training ends exactly as an
/// uninterrupted one.
///
/// # Errors
/// [`TrainError`] as [`train`], and [`TrainError::OtherTraining`] for a `resume` of
/// other settings or samples.
pub fn train_from(
    start: &Net,
    samples: &[Sample],
    config: &TrainConfig,
    resume: Option<TrainState>,
    mut after_epoch: impl FnMut(&TrainState),
) -> Result<(Net, TrainReport), TrainError> {
    check(samples, config)?;
    let mut rng = SplitMix64::new(config.seed);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    shuffle(&mut order, &mut rng);
    let held = ((samples.len() as f64 * config.validation_fraction).round() as usize)
        .clamp(1, samples.len() - 1);
    let (validation, training) = order.split_at(held);
    let (validation, mut training) = (validation.to_vec(), training.to_vec());
    let mut state = match resume {
        Some(saved) => {
            saved.check(config, samples.len())?;
            // The generator only shuffles: replaying the shuffles restores it.
            for _ in 0..saved.epochs {
                shuffle(&mut training, &mut rng);
            }
            saved
        }
        None => TrainState::start(
            config,
            samples.len(),
            start,
            mean_loss(start, samples, &validation),
        ),
    };
    let mut net = Net {
        params: params(&state.net),
    };
    let mut adam = Adam {
        rate: config.learning_rate,
        m: params(&state.adam.0),
        v: params(&state.adam.1),
        t: state.adam.2,
    };
    while state.epochs < config.max_epochs && state.epochs - state.best.2 < config.patience {
        state.epochs += 1;
        shuffle(&mut training, &mut rng);
        for batch in training.chunks(config.batch_size) {
            let mut grad = [0.0; PARAMETERS];
            for &i in batch {
                net.accumulate_gradient(&to_f64(&samples[i].inputs), samples[i].target, &mut grad);
            }
            grad.iter_mut().for_each(|g| *g /= batch.len() as f64);
            adam.step(&mut net.params, &grad);
        }
        let loss = mean_loss(&net, samples, &validation);
        if loss < state.best.0 {
            state.best = (loss, net.params.to_vec(), state.epochs);
        }
        state.history.push(EpochLoss {
            epoch: state.epochs,
            training: mean_loss(&net, samples, &training),
            validation: loss,
        });
        state.net = net.params.to_vec();
        state.adam = (adam.m.to_vec(), adam.v.to_vec(), adam.t);
        after_epoch(&state);
    }
    let net = Net {
        params: params(&state.best.1),
    };
    let report = TrainReport {
        training_samples: training.len(),
        validation_samples: validation.len(),
        epochs: state.epochs,
        best_epoch: state.best.2,
        training_loss: mean_loss(&net, samples, &training),
        validation_loss: state.best.0,
        validation,
        history: state.history,
    };
    Ok((net, report))
}

fn check(samples: &[Sample], config: &TrainConfig) -> Result<(), TrainError> {
    if samples.len() < 2 {
        return Err(TrainError::TooFewSamples(samples.len()));
    }
    if !(config.validation_fraction > 0.0 && config.validation_fraction < 1.0) {
        return Err(TrainError::BadSetting(
            "the validation fraction must lie in (0, 1)",
        ));
    }
    if config.batch_size == 0 {
        return Err(TrainError::BadSetting("the batch size must be at least 1"));
    }
    if !(config.learning_rate > 0.0 && config.learning_rate.is_finite()) {
        return Err(TrainError::BadSetting("the learning rate must be positive"));
    }
    if let Some((index, s)) = samples
        .iter()
        .enumerate()
        .find(|(_, s)| !(0.0..=1.0).contains(&s.target))
    {
        return Err(TrainError::BadTarget {
            index,
            target: s.target,
        });
    }
    Ok(())
}

/// The mean of `(o − target)²` over `samples[indices]`.
#[must_use]
pub fn mean_loss(net: &Net, samples: &[Sample], indices: &[usize]) -> f64 {
    let total: f64 = indices
        .iter()
        .map(|&i| (net.output(&to_f64(&samples[i].inputs)) - samples[i].target).powi(2))
        .sum();
    total / indices.len().max(1) as f64
}

/// A seeded Fisher–Yates shuffle.
pub fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Adam's moment estimates.
struct Adam {
    rate: f64,
    m: [f64; PARAMETERS],
    v: [f64; PARAMETERS],
    t: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;

    fn step(&mut self, params: &mut [f64; PARAMETERS], grad: &[f64; PARAMETERS]) {
        self.t += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        for i in 0..PARAMETERS {
            self.m[i] = Self::BETA1 * self.m[i] + (1.0 - Self::BETA1) * grad[i];
            self.v[i] = Self::BETA2 * self.v[i] + (1.0 - Self::BETA2) * grad[i] * grad[i];
            params[i] -= self.rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + Self::EPSILON);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nn::net::sigmoid;
    use microply_core::games::checkers::network::INPUTS;
    use rand_core::RngCore;

    /// Positions with a target that a 32-5-3-1 network can represent: the logistic of
    /// the material balance (what the core's default network computes, roughly).
    fn material_samples(n: usize, seed: u64) -> Vec<Sample> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|_| {
                let inputs: [i8; INPUTS] =
                    std::array::from_fn(|_| [0, 0, 0, 1, -1, 2, -2][(rng.next_u64() % 7) as usize]);
                let material: i32 = inputs.iter().map(|&x| i32::from(x)).sum();
                Sample {
                    inputs,
                    target: sigmoid(0.5 * f64::from(material)),
                }
            })
            .collect()
    }

    #[test]
    fn a_learnable_target_is_learnt() {
        let samples = material_samples(2000, 4);
        let start = Net::perturbed_default(7, 0.3);
        let all: Vec<usize> = (0..samples.len()).collect();
        let before = mean_loss(&start, &samples, &all);
        let config = TrainConfig {
            max_epochs: 60,
            learning_rate: 0.01,
            ..TrainConfig::default()
        };
        let (net, report) = train(&start, &samples, &config).unwrap();
        assert!(
            report.validation_loss < 0.002,
            "{report:?} (start {before})"
        );
        assert!(
            report.validation_loss < before / 10.0,
            "{report:?} (start {before})"
        );
        assert_eq!(report.validation_samples, 200);
        assert_eq!(
            mean_loss(&net, &samples, &report.validation),
            report.validation_loss
        );
    }

    #[test]
    fn training_is_a_function_of_the_seed() {
        let samples = material_samples(300, 5);
        let start = Net::perturbed_default(1, 0.3);
        let config = TrainConfig {
            max_epochs: 5,
            ..TrainConfig::default()
        };
        let a = train(&start, &samples, &config).unwrap();
        let b = train(&start, &samples, &config).unwrap();
        assert_eq!(a, b);
        let c = train(&start, &samples, &TrainConfig { seed: 2, ..config }).unwrap();
        assert_ne!(a.0, c.0);
    }

    #[test]
    fn a_resumed_training_ends_as_an_uninterrupted_one() {
        let samples = material_samples(300, 5);
        let config = TrainConfig {
            max_epochs: 8,
            ..TrainConfig::default()
        };
        let start = Net::perturbed_default(3, 0.1);
        let whole = train(&start, &samples, &config).unwrap();
        let mut saved = None;
        let cut = TrainConfig {
            max_epochs: 3,
            ..config
        };
        train_from(&start, &samples, &cut, None, |s| saved = Some(s.clone())).unwrap();
        let mut saved = saved.unwrap();
        assert_eq!((saved.epochs, saved.history.len()), (3, 3));
        saved.config = config;
        let resumed = train_from(&start, &samples, &config, Some(saved.clone()), |_| {}).unwrap();
        assert_eq!(resumed, whole);
        assert_eq!(whole.1.history.len(), whole.1.epochs);
        let other = TrainConfig { seed: 9, ..config };
        let e = train_from(&start, &samples, &other, Some(saved), |_| {}).unwrap_err();
        assert!(matches!(e, TrainError::OtherTraining(_)), "{e}");
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        let start = Net::perturbed_default(1, 0.1);
        let one = material_samples(1, 1);
        assert_eq!(
            train(&start, &one, &TrainConfig::default()).unwrap_err(),
            TrainError::TooFewSamples(1)
        );
        let mut two = material_samples(2, 1);
        two[1].target = 1.5;
        assert_eq!(
            train(&start, &two, &TrainConfig::default()).unwrap_err(),
            TrainError::BadTarget {
                index: 1,
                target: 1.5
            }
        );
    }
}

//! Fitting the residual network (core's [`microply_core::games::checkers::residual`]):
//! the pattern tables frozen, a 128-32-16-1 network added to their value, fitted to
//! the same targets as the tables ([`super::train::targets`]) through the same
//! logistic, `σ(tables + network)`, by Adam on mini-batches; then rounded to core's
//! `i16`s.
//!
//! Deterministic for a seed whatever the machine: a seeded start and shuffle, and
//! each batch's gradient summed as two fixed halves (computed on two threads) added
//! in one order.

use microply_core::games::checkers::patterns::{Tables, UNIT_BITS};
use microply_core::games::checkers::residual::{
    inputs, Residual, ResidualError, FILE_LEN, FRACTION_BITS, HIDDEN1, HIDDEN2, INPUTS, MAGIC,
    MAX_ACTIVE, PARAMETERS,
};
use microply_core::games::checkers::Checkers;
use microply_core::rng::{below, SplitMix64};

use super::train::{fitted_raw, sigmoid, Adam, EpochReport};
use crate::nn::train::shuffle;

/// Where each parameter block starts in the flat, file-ordered parameters.
const B1: usize = INPUTS * HIDDEN1;
const W2: usize = B1 + HIDDEN1;
const B2: usize = W2 + HIDDEN2 * HIDDEN1;
const W3: usize = B2 + HIDDEN2;
const B3: usize = W3 + HIDDEN2;
const _: () = assert!(B3 + 1 == PARAMETERS);

/// A parameter's scale in the file: 1.0 is 1024.
const SCALE: f32 = (1u32 << FRACTION_BITS) as f32;

/// Settings of a fit.
#[derive(Clone, Debug, PartialEq)]
pub struct ResidualConfig {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Adam's step size (the last pass of three or more takes 0.3 of it).
    pub rate: f32,
    /// Positions a step.
    pub batch: usize,
    /// Seed of the start and of the shuffle.
    pub seed: u64,
}

impl Default for ResidualConfig {
    fn default() -> ResidualConfig {
        ResidualConfig {
            epochs: 8,
            rate: 0.001,
            batch: 2048,
            seed: 1,
        }
    }
}

/// A position ready to fit: the network's input bits, the tables' value in men (less
/// the hand-set trade-down term, as the tables were fitted: [`fitted_raw`]) and the
/// target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Example {
    active: [u8; MAX_ACTIVE],
    n: u8,
    tables: f32,
    target: f32,
}

impl Example {
    /// `pos` with its `target`, over `tables`.
    #[must_use]
    pub fn new(pos: &Checkers, tables: Tables, target: f32) -> Example {
        let (active, n) = inputs(pos);
        Example {
            active,
            n: n as u8,
            tables: fitted_raw(tables, pos) as f32 / f32::from(1u16 << UNIT_BITS),
            target,
        }
    }

    fn active(&self) -> &[u8] {
        &self.active[..usize::from(self.n).min(MAX_ACTIVE)]
    }
}

/// The network in `f32`, its parameters in the file's order (see
/// [`microply_core::games::checkers::residual::PARAMETERS`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    p: Vec<f32>,
}

/// One position's pre-activations.
struct Sums {
    a1: [f32; HIDDEN1],
    a2: [f32; HIDDEN2],
}

fn clip(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

/// Whether a clipped unit passes its gradient.
fn open(x: f32) -> bool {
    x > 0.0 && x < 1.0
}

impl Net {
    /// A seeded start whose output is 0 (the output weights 0: the fit begins at the
    /// tables' own loss): first-layer weights uniform in ±0.2, second-layer in
    /// ±1/√32, hidden biases 0.5 (the units start in their linear range).
    #[must_use]
    pub fn new(seed: u64) -> Net {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |a: f32| {
            let r = below(&mut rng, 1 << 24) as f32 / (1u32 << 24) as f32;
            (2.0 * r - 1.0) * a
        };
        let mut p = vec![0.0; PARAMETERS];
        for w in &mut p[..B1] {
            *w = uniform(0.2);
        }
        p[B1..W2].fill(0.5);
        let a = 1.0 / (HIDDEN1 as f32).sqrt();
        for w in &mut p[W2..B2] {
            *w = uniform(a);
        }
        p[B2..W3].fill(0.5);
        Net { p }
    }

    /// The network of a file (`--init`): its integers over 1024.
    ///
    /// # Errors
    /// Not a residual network's file.
    pub fn from_file(bytes: &[u8]) -> Result<Net, ResidualError> {
        Residual::parse(bytes)?;
        let p = bytes[MAGIC.len()..]
            .chunks_exact(2)
            .map(|c| f32::from(i16::from_le_bytes([c[0], c[1]])) / SCALE)
            .collect();
        Ok(Net { p })
    }

    /// The file core reads ([`Residual::parse`], [`FILE_LEN`] bytes): each parameter
    /// times 1024, rounded, clamped to `i16`; also how many were clamped.
    #[must_use]
    pub fn to_file(&self) -> (Vec<u8>, usize) {
        let mut bytes = Vec::with_capacity(FILE_LEN);
        bytes.extend_from_slice(MAGIC);
        let mut clamped = 0;
        for &w in &self.p {
            let q = (w * SCALE).round();
            if q.abs() > 32767.0 {
                clamped += 1;
            }
            bytes.extend_from_slice(&(q.clamp(-32767.0, 32767.0) as i16).to_le_bytes());
        }
        (bytes, clamped)
    }

    /// The output in men, and the sums the gradient needs.
    fn forward(&self, e: &Example) -> (f32, Sums) {
        let mut a1 = [0.0; HIDDEN1];
        a1.copy_from_slice(&self.p[B1..W2]);
        for &i in e.active() {
            let row = usize::from(i) * HIDDEN1;
            for (a, w) in a1.iter_mut().zip(&self.p[row..row + HIDDEN1]) {
                *a += w;
            }
        }
        let mut a2 = [0.0; HIDDEN2];
        let mut out = self.p[B3];
        for (k, a) in a2.iter_mut().enumerate() {
            let row = &self.p[W2 + k * HIDDEN1..W2 + (k + 1) * HIDDEN1];
            *a = self.p[B2 + k] + row.iter().zip(&a1).map(|(w, &x)| w * clip(x)).sum::<f32>();
            out += self.p[W3 + k] * clip(*a);
        }
        (out, Sums { a1, a2 })
    }

    /// Adds `d` times the gradient of the output at `e` to `grad`.
    fn backward(&self, e: &Example, s: &Sums, d: f32, grad: &mut [f32]) {
        grad[B3] += d;
        let mut d1 = [0.0f32; HIDDEN1];
        for k in 0..HIDDEN2 {
            grad[W3 + k] += d * clip(s.a2[k]);
            if !open(s.a2[k]) {
                continue;
            }
            let d2 = d * self.p[W3 + k];
            grad[B2 + k] += d2;
            let at = W2 + k * HIDDEN1;
            for j in 0..HIDDEN1 {
                grad[at + j] += d2 * clip(s.a1[j]);
                d1[j] += d2 * self.p[at + j];
            }
        }
        for (d, &a) in d1.iter_mut().zip(&s.a1) {
            if !open(a) {
                *d = 0.0;
            }
        }
        for (g, d) in grad[B1..W2].iter_mut().zip(&d1) {
            *g += d;
        }
        for &i in e.active() {
            let row = usize::from(i) * HIDDEN1;
            for (g, d) in grad[row..row + HIDDEN1].iter_mut().zip(&d1) {
                *g += d;
            }
        }
    }

    /// The predicted result of `e`: `σ(tables + network)`.
    fn predict(&self, e: &Example) -> f32 {
        sigmoid(e.tables + self.forward(e).0)
    }

    /// Adds the mean squared error's gradient over `batch` (indices into `xs`),
    /// scaled by `scale`, to `grad`.
    fn gradient(&self, xs: &[Example], batch: &[usize], scale: f32, grad: &mut [f32]) {
        for &i in batch {
            let e = &xs[i];
            let (out, sums) = self.forward(e);
            let p = sigmoid(e.tables + out);
            let d = 2.0 * (p - e.target) * p * (1.0 - p) * scale;
            self.backward(e, &sums, d, grad);
        }
    }
}

/// The mean squared error of `net` on `examples`.
#[must_use]
pub fn loss(net: &Net, examples: &[Example]) -> f64 {
    let sum: f64 = examples
        .iter()
        .map(|e| f64::from(net.predict(e) - e.target).powi(2))
        .sum();
    sum / examples.len().max(1) as f64
}

/// The same loss with core's integer network (what the engine will play with).
#[must_use]
pub fn integer_loss(net: &Residual, examples: &[Example]) -> f64 {
    let unit = f32::from(1u16 << UNIT_BITS);
    let sum: f64 = examples
        .iter()
        .map(|e| {
            let v = e.tables + net.output(e.active()) as f32 / unit;
            f64::from(sigmoid(v) - e.target).powi(2)
        })
        .sum();
    sum / examples.len().max(1) as f64
}

/// What a fit returns: the epoch with the lowest held-out loss (0: the start).
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The network.
    pub net: Net,
    /// Its epoch.
    pub epoch: u32,
    /// Its loss on the held-out positions.
    pub validation: f64,
}

/// Fits `start` to `train`, reporting each epoch with the loss on `validation`, and
/// returns the epoch with the lowest held-out loss (with no held-out positions, the
/// last).
pub fn fit(
    start: Net,
    train: &[Example],
    validation: &[Example],
    config: &ResidualConfig,
    mut report: impl FnMut(EpochReport),
) -> Fitted {
    let mut best = Fitted {
        validation: loss(&start, validation),
        net: start.clone(),
        epoch: 0,
    };
    let mut net = start;
    let mut adam = Adam::with_gradient_weights(PARAMETERS, (0.1, 0.001));
    let (mut left, mut right) = (vec![0.0f32; PARAMETERS], vec![0.0f32; PARAMETERS]);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SplitMix64::new(config.seed);
    for epoch in 1..=config.epochs {
        shuffle(&mut order, &mut rng);
        let rate = if epoch == config.epochs && config.epochs > 2 {
            0.3 * config.rate
        } else {
            config.rate
        };
        for batch in order.chunks(config.batch.max(1)) {
            let scale = 1.0 / batch.len() as f32;
            let (a, b) = batch.split_at(batch.len() / 2);
            left.fill(0.0);
            right.fill(0.0);
            std::thread::scope(|s| {
                let net = &net;
                let left = &mut left;
                s.spawn(move || net.gradient(train, a, scale, left));
                net.gradient(train, b, scale, &mut right);
            });
            for (l, r) in left.iter_mut().zip(&right) {
                *l += r;
            }
            adam.step(&mut net.p, &left, rate);
        }
        let held = loss(&net, validation);
        report(EpochReport {
            epoch,
            train: loss(&net, train),
            validation: held,
        });
        if validation.is_empty() || held < best.validation {
            best = Fitted {
                net: net.clone(),
                epoch,
                validation: held,
            };
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::checkers::patterns::SHIPPED;
    use microply_core::Notation as _;

    fn example(active: &[u8], tables: f32, target: f32) -> Example {
        let mut a = [0u8; MAX_ACTIVE];
        a[..active.len()].copy_from_slice(active);
        Example {
            active: a,
            n: active.len() as u8,
            tables,
            target,
        }
    }

    /// A start with output weights, so every parameter has a gradient.
    fn live_net() -> Net {
        let mut net = Net::new(3);
        let mut rng = SplitMix64::new(9);
        for w in &mut net.p[W3..] {
            *w = (below(&mut rng, 1000) as f32 / 1000.0 - 0.5) * 2.0;
        }
        net
    }

    #[test]
    fn the_gradient_agrees_with_finite_differences() {
        let net = live_net();
        let e = [example(&[0, 5, 40, 77, 100], 0.3, 0.8)];
        let mut grad = vec![0.0; PARAMETERS];
        net.gradient(&e, &[0], 1.0, &mut grad);
        // One parameter of each block (w1 of an active input, b1, w2, b2, w3, b3).
        let h = 1e-3f32;
        for i in [
            5 * HIDDEN1 + 3,
            B1 + 7,
            W2 + 2 * HIDDEN1 + 9,
            B2 + 4,
            W3 + 1,
            B3,
        ] {
            let (mut up, mut down) = (net.clone(), net.clone());
            up.p[i] += h;
            down.p[i] -= h;
            let numeric = (loss(&up, &e) - loss(&down, &e)) / f64::from(2.0 * h);
            assert!(
                (numeric - f64::from(grad[i])).abs() < 1e-3 * (1.0 + numeric.abs()),
                "parameter {i}: numeric {numeric}, analytic {}",
                grad[i]
            );
        }
        // An input that is not set has no gradient.
        assert_eq!(grad[6 * HIDDEN1..7 * HIDDEN1], [0.0; HIDDEN1]);
    }

    #[test]
    fn a_new_net_adds_nothing_and_rounds_into_cores_network() {
        let pos = Checkers::parse_fen("W:W18,K22,25,30:B5,9,K14,15").unwrap();
        let e = Example::new(&pos, SHIPPED, 0.5);
        assert_eq!(Net::new(1).forward(&e).0, 0.0);
        // Rounded, core's integer network gives the float one's output to within
        // the rounding (1/128 of a man, and the weights' 1/1024).
        let net = live_net();
        let (bytes, clamped) = net.to_file();
        assert_eq!((bytes.len(), clamped), (FILE_LEN, 0));
        let core = Residual::parse(&bytes).unwrap();
        let float = net.forward(&e).0;
        let integer = core.raw(&pos) as f32 / 128.0;
        assert!((float - integer).abs() < 0.05, "{float} vs {integer}");
        assert_eq!(core.output(e.active()), core.raw(&pos));
        // The file read back is the rounded network, exactly.
        let back = Net::from_file(&bytes).unwrap();
        assert_eq!(back.to_file().0, bytes);
        assert_eq!(Net::from_file(&bytes[1..]), Err(ResidualError::Magic));
    }

    #[test]
    fn a_fit_learns_what_the_tables_miss_and_repeats_itself() {
        // The target knows inputs 5 and 70, which the "tables" (0 here) do not see.
        let mut rng = SplitMix64::new(4);
        let xs: Vec<Example> = (0..4000)
            .map(|_| {
                let active: Vec<u8> = (0..8).map(|_| below(&mut rng, 128) as u8).collect();
                let v = 0.8 * f32::from(u8::from(active.contains(&5)))
                    - 0.8 * f32::from(u8::from(active.contains(&70)));
                example(&active, 0.0, sigmoid(v))
            })
            .collect();
        let (train, held) = xs.split_at(3600);
        let config = ResidualConfig {
            epochs: 6,
            rate: 0.01,
            batch: 64,
            seed: 2,
        };
        let mut reports = Vec::new();
        let a = fit(Net::new(1), train, held, &config, |r| reports.push(r));
        let start = loss(&Net::new(1), held);
        assert!(a.validation < start / 10.0, "{start} -> {}", a.validation);
        assert_eq!(reports.len(), 6);
        let b = fit(Net::new(1), train, held, &config, |_| {});
        assert_eq!(a.net, b.net);
        assert_eq!(a.epoch, b.epoch);
    }
}

//! Fitting the pattern tables: a linear model over the sparse features of
//! [`Sparse`], squashed by a logistic `σ(v)` (`v` in men: one man ahead in an
//! otherwise level position predicts σ(1) = 73 %), fitted by Adam on mini-batches to
//! a target mixing the game's result and the search's score (`--lambda`), then
//! rounded to core's integers.
//!
//! Deterministic for a seed: one thread, a seeded shuffle, fixed batch order.

use microply_core::games::checkers::patterns::{
    trade_down, Layout, Scalars, Tables, SCALARS, UNIT_BITS,
};
use microply_core::games::checkers::Checkers;
use microply_core::rng::SplitMix64;

use super::features::Sparse;
use crate::datagen::positions::{Labelled, PROVEN};
use crate::nn::train::shuffle;

/// Settings of a fit.
#[derive(Clone, Debug, PartialEq)]
pub struct FitConfig {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Weight of the game's result in the target (the rest is the search's score).
    pub lambda: f32,
    /// Adam's step size.
    pub rate: f32,
    /// Positions a step.
    pub batch: usize,
    /// L2 penalty on pattern values, per step.
    pub l2: f32,
    /// Share of positions (the last ones, so whole games) kept out to validate.
    pub validation: f32,
    /// Seed of the shuffle.
    pub seed: u64,
    /// The tables to fit: the blocks and the strips (`MPLYPAT3`, 49 KB: generations
    /// 4 to 6), the blocks alone (`MPLYPAT1`, 59 KB: generations 1 to 3), the blocks
    /// with an opening and an ending value a pattern (`MPLYPAT2`, 118 KB), or the
    /// strips' tables twice, by whether the opponent has a king (`MPLYPAT4`, 98 KB),
    /// or only the strips' and king squares' twice (`MPLYPAT5`, 61 KB, shipped).
    pub layout: Layout,
    /// Which epoch's tables the fit returns.
    pub keep: Keep,
}

/// Which epoch's tables a fit returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// The epoch (the start counted as epoch 0) with the lowest loss on the held-out
    /// positions: early stopping, so that a fit that overfits after its first passes
    /// (the training loss falling, the held-out one rising) gives what it had before.
    Best,
    /// The last epoch's, whatever the held-out loss (the fits of generations 1 to 7).
    Last,
}

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig {
            epochs: 12,
            lambda: 0.5,
            rate: 0.0005,
            batch: 4096,
            l2: 1e-6,
            validation: 0.05,
            seed: 1,
            layout: Layout::Strips,
            keep: Keep::Best,
        }
    }
}

/// A position ready to fit: its features and its target in `[0, 1]`.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    features: Sparse,
    target: f32,
    position: Labelled,
}

/// The scale of search scores: the `k` for which `σ(k · score / 100)` best predicts
/// the results (a Texel-style fit by golden-section search), so a score in the
/// evaluator's own units becomes an expected result.
#[must_use]
pub fn score_scale(positions: &[Labelled]) -> f32 {
    let loss = |k: f64| {
        positions
            .iter()
            .filter(|p| p.eval.abs() != PROVEN)
            .map(|p| {
                let e = 1.0 / (1.0 + (-k * f64::from(p.eval) / 100.0).exp());
                let r = (f64::from(p.result) + 1.0) / 2.0;
                (e - r) * (e - r)
            })
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (0.01f64, 10.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0) as f32
}

/// One data set to fit: its positions and the scale `k` of its scores (each engine
/// that labelled a set has its own, see [`score_scale`]).
#[derive(Clone, Copy, Debug)]
pub struct DataSet<'a> {
    /// The labelled positions.
    pub positions: &'a [Labelled],
    /// The scale of their search scores.
    pub k: f32,
}

/// The distinct positions of the data sets, each with its target
/// `λ·result + (1 − λ)·σ(k·score)` averaged over every time the position occurs
/// (same pieces, kings and side), in any set, so a position reached in many games is
/// labelled by all of them; in the order the positions first occur. What both fits
/// (the tables', [`examples`], and the residual network's) learn.
#[must_use]
pub fn targets(sets: &[DataSet<'_>], lambda: f32) -> Vec<(Labelled, Checkers, f32)> {
    let mut index = std::collections::HashMap::new();
    let mut out: Vec<(Labelled, Checkers, f32)> = Vec::new();
    let mut sums: Vec<(f64, u32)> = Vec::new();
    for set in sets {
        for &p in set.positions {
            let result = (f32::from(p.result) + 1.0) / 2.0;
            let searched = if p.eval == PROVEN {
                1.0
            } else if p.eval == -PROVEN {
                0.0
            } else {
                sigmoid(set.k * f32::from(p.eval) / 100.0)
            };
            let target = lambda * result + (1.0 - lambda) * searched;
            let key = (p.black, p.white, p.kings, p.side);
            if let Some(&i) = index.get(&key) {
                let (sum, n): &mut (f64, u32) = &mut sums[i];
                *sum += f64::from(target);
                *n += 1;
            } else if let Some(pos) = p.position() {
                index.insert(key, out.len());
                sums.push((f64::from(target), 1));
                out.push((p, pos, target));
            }
        }
    }
    for (e, (sum, n)) in out.iter_mut().zip(sums) {
        e.2 = (sum / f64::from(n)) as f32;
    }
    out
}

/// The examples of the data sets ([`targets`]), their features those `layout`'s
/// tables read.
#[must_use]
pub fn examples(sets: &[DataSet<'_>], lambda: f32, layout: Layout) -> Vec<Example> {
    targets(sets, lambda)
        .into_iter()
        .map(|(position, pos, target)| Example {
            features: Sparse::of(&pos, layout),
            target,
            position,
        })
        .collect()
}

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The model being fitted: pattern values and scalar weights in men.
#[derive(Clone, Debug)]
pub struct Model {
    /// One value a pattern, or two (opening, ending) side by side when phased, in
    /// the order of the file.
    patterns: Vec<f32>,
    scalars: [f32; SCALARS],
    layout: Layout,
}

impl Model {
    /// All patterns 0, a man 1 and a king 1.5, laid out as `layout`'s file.
    #[must_use]
    pub fn new(layout: Layout) -> Model {
        Model {
            patterns: vec![0.0; layout.values()],
            scalars: [1.0, 1.5, 0.0, 0.0, 0.0],
            layout,
        }
    }

    /// The parameters a pattern offset touches, each with its share for a position of
    /// progress `late` (one parameter with share 1, or the opening and ending values).
    fn shares(&self, offset: u32, late: f32) -> [(usize, f32); 2] {
        let o = offset as usize;
        if self.layout.phased() {
            [(2 * o, 1.0 - late), (2 * o + 1, late)]
        } else {
            [(o, 1.0), (usize::MAX, 0.0)]
        }
    }

    fn value(&self, f: &Sparse) -> f32 {
        let at = |o: u32| -> f32 {
            self.shares(o, f.late)
                .iter()
                .map(|&(i, w)| self.patterns.get(i).map_or(0.0, |v| v * w))
                .sum()
        };
        let p: f32 = f
            .plus
            .iter()
            .chain(&f.kings_plus)
            .map(|&o| at(o))
            .sum::<f32>()
            - f.minus
                .iter()
                .chain(&f.kings_minus)
                .map(|&o| at(o))
                .sum::<f32>();
        p + f
            .scalars
            .iter()
            .zip(self.scalars)
            .map(|(x, w)| x * w)
            .sum::<f32>()
    }

    /// Adds `d` times each pattern parameter's share in `f` (subtracted for the
    /// opponent's view) to `grad`.
    fn add_pattern_gradient(&self, f: &Sparse, d: f32, grad: &mut [f32]) {
        let mut add = |o: u32, d: f32| {
            for (i, w) in self.shares(o, f.late) {
                if let Some(g) = grad.get_mut(i) {
                    *g += d * w;
                }
            }
        };
        for &o in f.plus.iter().chain(&f.kings_plus) {
            add(o, d);
        }
        for &o in f.minus.iter().chain(&f.kings_minus) {
            add(o, -d);
        }
    }

    /// The model of tables already fitted (a file of `patterns train`, or the tables
    /// core ships), to go on fitting from them (`--init`): each value in men.
    #[must_use]
    pub fn from_tables(tables: Tables) -> Model {
        let unit = f32::from(1u16 << UNIT_BITS);
        let layout = tables.layout();
        let mut patterns = Vec::with_capacity(layout.values());
        // A phased file's `value` is the pair at a pattern; any other's, one value
        // at an offset into every copy.
        let offsets = if layout.phased() {
            layout.patterns()
        } else {
            layout.values()
        };
        for offset in 0..offsets {
            let (opening, ending) = tables.value(offset);
            patterns.push(opening as f32 / unit);
            if layout.phased() {
                patterns.push(ending as f32 / unit);
            }
        }
        Model {
            patterns,
            scalars: tables.scalars.map(|w| f32::from(w) / unit),
            layout,
        }
    }

    /// The same model in `layout`: itself, or for a [`Layout::Strips`] model a
    /// [`Layout::Kings`] or [`Layout::KingStrips`] one whose second copy starts as
    /// its tables; `None` for any other pair (no fit can start from it).
    #[must_use]
    pub fn into_layout(mut self, layout: Layout) -> Option<Model> {
        match (self.layout, layout) {
            (found, wanted) if found == wanted => {}
            (Layout::Strips, Layout::Kings | Layout::KingStrips) => {
                self.patterns.extend_from_within(layout.split_from()..);
                self.layout = layout;
            }
            _ => return None,
        }
        Some(self)
    }

    /// What the model's tables are.
    #[must_use]
    pub const fn layout(&self) -> Layout {
        self.layout
    }

    /// The file core reads ([`Tables::parse`]): values rounded to 1/128 of a man,
    /// pattern values clamped to `i8`; also how many were clamped.
    #[must_use]
    pub fn to_file(&self) -> (Vec<u8>, usize) {
        let unit = f32::from(1u16 << UNIT_BITS);
        let mut bytes = Vec::with_capacity(self.layout.file_len());
        bytes.extend_from_slice(self.layout.magic());
        for w in self.scalars {
            let q = (w * unit)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
            bytes.extend_from_slice(&q.to_le_bytes());
        }
        let mut clamped = 0;
        for &w in &self.patterns {
            let q = (w * unit).round();
            if q.abs() > 127.0 {
                clamped += 1;
            }
            bytes.push((q.clamp(-127.0, 127.0) as i8).to_le_bytes()[0]);
        }
        (bytes, clamped)
    }
}

impl Default for Model {
    fn default() -> Model {
        Model::new(Layout::Strips)
    }
}

/// Adam's moments, and the weights `1 − β₁`, `1 − β₂` of a step's gradient in them.
pub(crate) struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
    gradient_weights: (f32, f32),
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;

impl Adam {
    /// Adam over `n` parameters, `1 − β` computed in `f32` (the tables' fits).
    pub(crate) fn new(n: usize) -> Adam {
        Adam::with_gradient_weights(n, (1.0 - BETA1, 1.0 - BETA2))
    }

    /// Adam over `n` parameters whose gradient weights are given: the residual
    /// network's fit writes them `0.1` and `0.001`, which differ from `1 − 0.9` and
    /// `1 − 0.999` in `f32`'s last bits, so each fit gives its shipped file again.
    pub(crate) fn with_gradient_weights(n: usize, gradient_weights: (f32, f32)) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
            gradient_weights,
        }
    }

    /// One step over `params` (patterns then scalars; or a network's parameters)
    /// with `grad` (dense: every moment decays each step, touched or not).
    pub(crate) fn step(&mut self, params: &mut [f32], grad: &[f32], rate: f32) {
        self.t += 1;
        let c1 = 1.0 - BETA1.powi(self.t);
        let c2 = 1.0 - BETA2.powi(self.t);
        let (w1, w2) = self.gradient_weights;
        for (((p, &g), m), v) in params
            .iter_mut()
            .zip(grad)
            .zip(self.m.iter_mut())
            .zip(self.v.iter_mut())
        {
            *m = BETA1 * *m + w1 * g;
            *v = BETA2 * *v + w2 * g * g;
            *p -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
    }
}

/// The mean squared error of `model` on `examples`.
#[must_use]
pub fn loss(model: &Model, examples: &[Example]) -> f64 {
    let sum: f64 = examples
        .iter()
        .map(|e| f64::from(sigmoid(model.value(&e.features)) - e.target).powi(2))
        .sum();
    sum / examples.len().max(1) as f64
}

/// The same loss, computed with core's integer evaluator on the rounded tables (what
/// the engine will play with), less the hand-set trade-down term the engine adds and
/// the fit leaves out ([`fitted_raw`]).
#[must_use]
pub fn integer_loss(tables: Tables, examples: &[Example]) -> f64 {
    let unit = f64::from(1u32 << UNIT_BITS);
    let sum: f64 = examples
        .iter()
        .filter_map(|x| {
            let pos = x.position.position()?;
            let v = f64::from(fitted_raw(tables, &pos)) / unit;
            Some((1.0 / (1.0 + (-v).exp()) - f64::from(x.target)).powi(2))
        })
        .sum();
    sum / examples.len().max(1) as f64
}

/// Core's evaluation of `pos` with `tables` (1/128 of a man) less its trade-down term
/// ([`trade_down`]): the part the trainer fits. The term is hand-set and tuned by
/// SPRTs; fitted with the tables, the late scalars learn to cancel it (refitting
/// generation 3's data around it gave man-late −226 and king-late −387 instead of −36
/// and −173: the self-play that labelled the data drew the endings it favours).
#[must_use]
pub fn fitted_raw(tables: Tables, pos: &Checkers) -> i32 {
    tables.raw(pos) - trade_down(Scalars::of(pos))
}

/// The losses after one epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: u32,
    /// Mean squared error on the training positions.
    pub train: f64,
    /// And on the held-out ones.
    pub validation: f64,
}

/// Splits `examples` into training and validation (the last `share`).
#[must_use]
pub fn split<T>(examples: &[T], share: f32) -> (&[T], &[T]) {
    let held = ((examples.len() as f64) * f64::from(share.clamp(0.0, 0.5))).round() as usize;
    examples.split_at(examples.len() - held)
}

/// What a fit returns: the tables it kept and the epoch they are from.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The tables, before rounding.
    pub model: Model,
    /// Their epoch (0: the start, when no epoch improved on it under [`Keep::Best`]).
    pub epoch: u32,
    /// Their loss on the held-out positions.
    pub validation: f64,
}

/// Fits `start` (e.g. [`Model::new`], or [`Model::from_tables`] to go on from
/// fitted tables) to `train`, reporting each epoch (with the loss on `validation`),
/// and returns the epoch `config.keep` asks for (with no held-out positions, the
/// last). `start`'s layout is the fit's; `config.layout` chose the features of the
/// examples and must be the same.
pub fn fit(
    start: Model,
    train: &[Example],
    validation: &[Example],
    config: &FitConfig,
    mut report: impl FnMut(EpochReport),
) -> Fitted {
    debug_assert_eq!(start.layout, config.layout);
    let keep_best = config.keep == Keep::Best && !validation.is_empty();
    let mut best = Fitted {
        validation: loss(&start, validation),
        model: start.clone(),
        epoch: 0,
    };
    let mut model = start;
    let table = model.patterns.len();
    let n = table + SCALARS;
    let mut adam = Adam::new(n);
    let mut grad = vec![0.0f32; n];
    let mut params = vec![0.0f32; n];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SplitMix64::new(config.seed);
    for epoch in 1..=config.epochs {
        shuffle(&mut order, &mut rng);
        for batch in order.chunks(config.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let scale = 1.0 / batch.len() as f32;
            for &i in batch {
                let e = &train[i];
                let p = sigmoid(model.value(&e.features));
                let d = 2.0 * (p - e.target) * p * (1.0 - p) * scale;
                model.add_pattern_gradient(&e.features, d, &mut grad[..table]);
                for (g, x) in grad[table..].iter_mut().zip(e.features.scalars) {
                    *g += d * x;
                }
            }
            for (g, w) in grad[..table].iter_mut().zip(&model.patterns) {
                *g += config.l2 * w;
            }
            params[..table].copy_from_slice(&model.patterns);
            params[table..].copy_from_slice(&model.scalars);
            adam.step(&mut params, &grad, config.rate);
            model.patterns.copy_from_slice(&params[..table]);
            model.scalars.copy_from_slice(&params[table..]);
        }
        let validation = loss(&model, validation);
        report(EpochReport {
            epoch,
            train: loss(&model, train),
            validation,
        });
        if !keep_best || validation < best.validation {
            best = Fitted {
                model: model.clone(),
                epoch,
                validation,
            };
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::checkers::Checkers;
    use microply_core::Notation as _;

    fn labelled(fen: &str, result: i8, eval: i16) -> Labelled {
        let pos = Checkers::parse_fen(fen).unwrap();
        let mut l = Labelled::new(&pos, result, 0);
        l.eval = eval;
        l
    }

    #[test]
    fn the_score_scale_is_fitted() {
        // Scores of +100 win 3 times in 4 and −100 lose 3 in 4: σ(k) = 3/4, k = ln 3.
        let mut ps = Vec::new();
        for (r, e) in [
            (1, 100),
            (1, 100),
            (1, 100),
            (-1, 100),
            (-1, -100),
            (-1, -100),
            (-1, -100),
            (1, -100),
        ] {
            ps.push(labelled("B:W30:B10,13", r, e));
        }
        assert!(
            (score_scale(&ps) - 3f32.ln()).abs() < 1e-3,
            "{}",
            score_scale(&ps)
        );
    }

    #[test]
    fn duplicates_are_averaged_and_targets_mix_result_and_score() {
        let first = [
            labelled("B:W30:B10,13", 1, 0),
            labelled("W:W30:B10,13", -1, -PROVEN),
        ];
        // The second set's engine scores in other units: k = 2 makes its 50 a σ(1).
        let second = [labelled("B:W30:B10,13", -1, 50)];
        let ex = examples(
            &[
                DataSet {
                    positions: &first,
                    k: 1.0,
                },
                DataSet {
                    positions: &second,
                    k: 2.0,
                },
            ],
            0.25,
            Layout::Strips,
        );
        assert_eq!(ex.len(), 2);
        // Black to move: (0.25 · 1 + 0.75 · σ(0) + 0.25 · 0 + 0.75 · σ(1)) / 2
        // = (0.625 + 0.548_294) / 2; White to move: 0.25 · 0 + 0.75 · 0 = 0.
        let sigma1 = 1.0 / (1.0 + (-1f32).exp());
        assert!((ex[0].target - (0.625 + 0.75 * sigma1) / 2.0).abs() < 1e-6);
        assert_eq!(ex[1].target, 0.0);
    }

    #[test]
    fn the_trainer_and_core_agree_on_a_fitted_model() {
        the_trainer_and_core_agree(Layout::Strips, 48_893);
    }

    #[test]
    fn the_trainer_and_core_agree_on_a_fitted_blocks_model() {
        the_trainer_and_core_agree(Layout::Blocks, 59_099);
    }

    #[test]
    fn the_trainer_and_core_agree_on_a_fitted_two_phase_model() {
        the_trainer_and_core_agree(Layout::Phased, 118_180);
    }

    #[test]
    fn the_trainer_and_core_agree_on_a_fitted_king_split_model() {
        the_trainer_and_core_agree(Layout::Kings, 97_768);
    }

    #[test]
    fn the_trainer_and_core_agree_on_a_fitted_king_strips_model() {
        the_trainer_and_core_agree(Layout::KingStrips, 60_589);
    }

    /// A strips model turned into a kings or king-strips one (`--init` of a strips
    /// file for a `--layout kings` fit) values every position as before, with and
    /// without kings.
    #[test]
    fn a_strips_model_starts_a_kings_fit_where_it_stands() {
        let g6 = include_bytes!("../../../core/data/checkers-patterns-g6.bin");
        let strips = Model::from_tables(Tables::parse(g6).unwrap());
        let kings = strips.clone().into_layout(Layout::Kings).unwrap();
        assert_eq!(kings.layout(), Layout::Kings);
        assert_eq!(kings.patterns.len(), Layout::Kings.values());
        let king_strips = strips.clone().into_layout(Layout::KingStrips).unwrap();
        assert_eq!(king_strips.patterns.len(), 60_571);
        let fens = [
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "W:WK2,20,21,24,31,32:B11,12,15,18,26,28",
            "B:W9,14,15,24:B3,8,K22",
            "W:WK7,K18,28:BK19,K31",
        ];
        for fen in fens {
            let pos = Checkers::parse_fen(fen).unwrap();
            let a = strips.value(&Sparse::of(&pos, Layout::Strips));
            let b = kings.value(&Sparse::of(&pos, Layout::Kings));
            let c = king_strips.value(&Sparse::of(&pos, Layout::KingStrips));
            assert!((a - b).abs() < 1e-5, "{fen}: {a} vs {b}");
            assert!((a - c).abs() < 1e-5, "{fen}: {a} vs {c}");
        }
        // A model keeps its own layout; no other pair converts.
        assert_eq!(
            strips
                .clone()
                .into_layout(Layout::Strips)
                .map(|m| m.layout()),
            Some(Layout::Strips)
        );
        assert!(strips.clone().into_layout(Layout::Phased).is_none());
        assert!(kings.into_layout(Layout::Strips).is_none());
        assert!(king_strips.into_layout(Layout::Kings).is_none());
    }

    /// Held-out positions labelled against the training ones: every pass of the fit
    /// makes the held-out loss worse, so `Keep::Best` returns the start (epoch 0)
    /// unchanged and `Keep::Last` the last epoch; with nothing held out both are the last.
    #[test]
    fn the_best_epoch_on_the_held_out_positions_is_kept() {
        let fen = "B:W21,22,23,24:B9,10,11,12";
        let set = |r: i8| {
            let ps = [labelled(fen, r, 0), labelled("W:WK7,K18,28:BK19,K31", r, 0)];
            examples(
                &[DataSet {
                    positions: &ps,
                    k: 1.0,
                }],
                1.0,
                Layout::Strips,
            )
        };
        let (train, held) = (set(1), set(-1));
        let config = |keep| FitConfig {
            epochs: 5,
            batch: 2,
            rate: 0.01,
            keep,
            ..FitConfig::default()
        };
        let start = Model::new(Layout::Strips);
        let at_start = loss(&start, &held);
        let mut reports = Vec::new();
        let best = fit(start.clone(), &train, &held, &config(Keep::Best), |r| {
            reports.push(r);
        });
        assert_eq!(reports.len(), 5);
        assert!(reports
            .windows(2)
            .all(|w| w[1].validation > w[0].validation));
        assert!(reports[0].validation > at_start);
        assert_eq!(best.epoch, 0);
        assert_eq!(best.validation, at_start);
        assert_eq!(best.model.patterns, start.patterns);
        let last = fit(start.clone(), &train, &held, &config(Keep::Last), |_| {});
        assert_eq!(last.epoch, 5);
        assert_eq!(last.validation, reports[4].validation);
        assert_ne!(last.model.patterns, start.patterns);
        let unheld = fit(start, &train, &[], &config(Keep::Best), |_| {});
        assert_eq!(unheld.epoch, 5);
        assert_eq!(unheld.model.patterns, last.model.patterns);
    }

    /// Fits a few positions; the float model's values and core's integer evaluator on
    /// the rounded file agree to the rounding (two views' regions and 5 scalars, each
    /// within half of 1/128, plus the integer divisions of the late terms and the
    /// phases' mix), core's trade-down term aside (not fitted: [`fitted_raw`]).
    fn the_trainer_and_core_agree(layout: Layout, file_len: usize) {
        let fens = [
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "B:W18,19,20,K32:B6,7",
            "W:W12,18,23,24,25,26,30,31,32:B1,2,3,4,5,10,11,13,21",
            "W:WK7,K18,28:BK19,K31",
        ];
        let ps: Vec<_> = fens
            .iter()
            .zip([0, 1, -1, 1])
            .map(|(f, r)| labelled(f, r, 0))
            .collect();
        let ex = examples(
            &[DataSet {
                positions: &ps,
                k: 1.0,
            }],
            1.0,
            layout,
        );
        let config = FitConfig {
            epochs: 50,
            batch: 2,
            rate: 0.01,
            layout,
            ..FitConfig::default()
        };
        let model = fit(Model::new(layout), &ex, &ex, &config, |_| {}).model;
        let (bytes, clamped) = model.to_file();
        assert_eq!((bytes.len(), clamped), (file_len, 0));
        let tables = Tables::parse(Box::leak(bytes.clone().into_boxed_slice())).unwrap();
        assert_eq!(tables.layout(), layout);
        // A warm start (`--init`) reads the file back to the same model, to the rounding.
        let again = Model::from_tables(tables);
        assert_eq!((again.layout(), again.to_file()), (layout, (bytes, 0)));
        assert!(again
            .patterns
            .iter()
            .zip(&model.patterns)
            .all(|(a, b)| (a - b).abs() <= 0.5 / 128.0 + 1e-6));
        let tolerance = (2 * layout.regions() + 6) as f32 / 256.0 + 0.01;
        for e in &ex {
            let float = model.value(&e.features);
            let pos = e.position.position().unwrap();
            let int = f32::from(i16::try_from(fitted_raw(tables, &pos)).unwrap()) / 128.0;
            assert!((float - int).abs() < tolerance, "{float} vs {int}");
        }
        // And the fit learned: the won position is now valued above the lost one.
        assert!(model.value(&ex[1].features) > model.value(&ex[2].features));
        assert!(integer_loss(tables, &ex) < loss(&Model::new(layout), &ex));
    }
}

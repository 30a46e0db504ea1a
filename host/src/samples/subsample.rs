//! The training set of an iteration: the accumulated samples deduplicated, then a
//! seeded subsample of at most a cap.
//!
//! The samples grow by hundreds of thousands per iteration and most of them repeat a
//! position seen before (the opening moves above all), so training on all of them
//! makes every iteration slower than the last without teaching the network more.
//! Identical positions are merged into one sample whose target is the mean of their
//! targets (the observed share of wins for the side to move, the value the squared
//! error would pull the network to anyway); if more distinct positions remain than
//! the cap, a seeded uniform choice of `cap` of them is kept, in first-seen order.

use std::collections::HashMap;

use microply_core::rng::{below, SplitMix64};

use crate::nn::Sample;

/// The samples with identical inputs merged (target: their mean), in first-seen order.
#[must_use]
pub fn deduplicated(samples: &[Sample]) -> Vec<Sample> {
    let mut index = HashMap::with_capacity(samples.len());
    let mut merged: Vec<(Sample, usize)> = Vec::new();
    for s in samples {
        let slot = *index.entry(s.inputs).or_insert_with(|| {
            merged.push((
                Sample {
                    inputs: s.inputs,
                    target: 0.0,
                },
                0,
            ));
            merged.len() - 1
        });
        merged[slot].0.target += s.target;
        merged[slot].1 += 1;
    }
    merged
        .into_iter()
        .map(|(s, n)| Sample {
            target: s.target / n as f64,
            ..s
        })
        .collect()
}

/// At most `cap` of the deduplicated `samples`, chosen uniformly by `seed`, in
/// first-seen order; all of them when there are no more than `cap`.
#[must_use]
pub fn training_set(samples: &[Sample], cap: usize, seed: u64) -> Vec<Sample> {
    let distinct = deduplicated(samples);
    if distinct.len() <= cap {
        return distinct;
    }
    let mut order: Vec<usize> = (0..distinct.len()).collect();
    let mut rng = SplitMix64::new(seed);
    // A partial Fisher–Yates shuffle: the first `cap` places get a uniform choice.
    for i in 0..cap {
        let j = i + below(&mut rng, (order.len() - i) as u64) as usize;
        order.swap(i, j);
    }
    let mut chosen = order[..cap].to_vec();
    chosen.sort_unstable();
    chosen.into_iter().map(|i| distinct[i]).collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn sample(square: usize, target: f64) -> Sample {
        let mut inputs = [0; 32];
        inputs[square] = 1;
        Sample { inputs, target }
    }

    #[test]
    fn identical_positions_merge_into_their_mean_target() {
        let samples = [
            sample(3, 1.0),
            sample(5, 0.0),
            sample(3, 0.0),
            sample(3, 1.0),
            sample(7, 0.25),
        ];
        let merged = deduplicated(&samples);
        assert_eq!(
            merged,
            vec![sample(3, 2.0 / 3.0), sample(5, 0.0), sample(7, 0.25)]
        );
        assert!(deduplicated(&[]).is_empty());
    }

    #[test]
    fn the_cap_keeps_distinct_samples_chosen_by_the_seed() {
        // 32 distinct positions, each three times.
        let samples: Vec<Sample> = (0..96).map(|i| sample(i % 32, 1.0)).collect();
        assert_eq!(training_set(&samples, 100, 1), deduplicated(&samples));
        let a = training_set(&samples, 10, 1);
        assert_eq!(a.len(), 10);
        let distinct: HashSet<[i8; 32]> = a.iter().map(|s| s.inputs).collect();
        assert_eq!(distinct.len(), 10);
        assert_eq!(a, training_set(&samples, 10, 1));
        assert_ne!(a, training_set(&samples, 10, 2));
        // First-seen order: square indices increase.
        let squares: Vec<usize> = a
            .iter()
            .map(|s| s.inputs.iter().position(|&x| x == 1).unwrap())
            .collect();
        assert!(squares.windows(2).all(|w| w[0] < w[1]), "{squares:?}");
    }

    #[test]
    fn every_position_is_equally_likely_to_be_kept() {
        // 32 positions, keep 8, over 2,000 seeds: each kept 500 times on average
        // (binomial sd ≈ 19); 5 sd either side is a loose, never-flaky bound.
        let samples: Vec<Sample> = (0..32).map(|i| sample(i, 0.5)).collect();
        let mut kept = [0u32; 32];
        for seed in 0..2000 {
            for s in training_set(&samples, 8, seed) {
                kept[s.inputs.iter().position(|&x| x == 1).unwrap()] += 1;
            }
        }
        assert!(kept.iter().all(|&k| (405..=595).contains(&k)), "{kept:?}");
    }
}

//! The base network, by regression onto the baseline evaluator's search scores.
//!
//! Why regression and not self-play: a self-play network must first play well to
//! produce useful games, which takes many generations; the baseline evaluator (material,
//! kings, back rank, centre, mobility) searched a few plies already judges positions
//! sensibly. Labelling positions with its depth-`label_depth` search score is cheap,
//! deterministic and gives a smooth target for every position, not only a win/loss
//! at the end of a game.
//!
//! Positions come from seeded games: `opening_plies` uniformly random plies from the
//! start, then each side plays the labelling search's best move, except that with
//! probability `explore` a uniformly random move is played instead (so the positions
//! are varied). A search score `s` (in men, for the side to move) becomes the target
//! `σ(s)`, so the network's evaluation `2σ(s) − 1 = tanh(s/2)`; a proven win is 1,
//! a proven loss 0.

use microply_core::games::checkers::{Baseline, Checkers, Move};
use microply_core::rng::{random_move, random_opening, SplitMix64};
use microply_core::search::{self, Algorithm, Entry, Limits, NoClock, Settings, Table};
use microply_core::{Game, Score};

use super::net::{sigmoid, unit};
use super::sample::Sample;
use crate::parallel::ordered_map;
use crate::play::openings::derive_seed;

/// Longest game played for positions; its positions are kept, the rest is cut.
const MAX_PLIES: usize = 300;

/// How positions are generated and labelled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelConfig {
    /// Seeds every game (game `g` uses `derive_seed(seed, g)`).
    pub seed: u64,
    /// Games to play.
    pub games: usize,
    /// Random plies from the start before the search plays.
    pub opening_plies: u32,
    /// Depth of the baseline's labelling search.
    pub label_depth: u32,
    /// Chance of a random move instead of the search's.
    pub explore: f64,
    /// Threads (the result does not depend on it).
    pub threads: usize,
}

impl Default for LabelConfig {
    fn default() -> LabelConfig {
        LabelConfig {
            seed: 1,
            games: 300,
            opening_plies: 6,
            label_depth: 4,
            explore: 0.1,
            threads: crate::parallel::default_threads(),
        }
    }
}

/// The target output for a search score: `σ(score in men)`; proven results 1 or 0.
#[must_use]
pub fn target_of(score: Score) -> f64 {
    match score.value() {
        Some(v) => sigmoid(v.to_num::<f64>()),
        None if score.win_plies().is_some() => 1.0,
        None => 0.0,
    }
}

/// Every position of the seeded games, labelled by the baseline's search.
#[must_use]
pub fn labelled_positions(config: &LabelConfig) -> Vec<Sample> {
    ordered_map(config.games, config.threads, |g| {
        label_game(config, derive_seed(config.seed, g as u64))
    })
    .into_iter()
    .flatten()
    .collect()
}

fn label_game(config: &LabelConfig, seed: u64) -> Vec<Sample> {
    let mut rng = SplitMix64::new(seed);
    let mut memory = vec![Entry::EMPTY; 1 << 16];
    let mut stack = vec![Move::default(); 4096];
    let settings = Settings {
        // AB-SSS*, not the default (PVS): the algorithm the documented runs used
        // (docs/checkers-network.md), so they reproduce.
        algorithm: Algorithm::Sss,
        limits: Limits::depth(config.label_depth),
        ..Settings::default()
    };
    let mut pos = random_opening(&Checkers::START, config.opening_plies, &mut rng);
    let mut samples = Vec::new();
    while pos.outcome().is_none() && samples.len() < MAX_PLIES {
        let mut tt = Table::new(&mut memory);
        let Ok(result) = search::search(
            &pos,
            &Baseline::default(),
            &mut tt,
            &mut stack,
            &settings,
            &NoClock,
            |_| {},
        ) else {
            break;
        };
        let (Some(score), Some(best)) = (result.score, result.best) else {
            break;
        };
        samples.push(Sample::of(&pos, target_of(score)));
        let explore = unit(&mut rng) < config.explore;
        let chosen = if explore {
            random_move(&pos, &mut rng)
        } else {
            Some(best)
        };
        pos = pos.after(chosen.unwrap_or(best));
    }
    samples
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::score::Value;

    #[test]
    fn targets_follow_the_score() {
        assert_eq!(target_of(Score::ZERO), 0.5);
        assert!((target_of(Score::from_fixed(Value::from_num(2))) - sigmoid(2.0)).abs() < 1e-12);
        assert_eq!(target_of(Score::win_in(5)), 1.0);
        assert_eq!(target_of(Score::loss_in(4)), 0.0);
    }

    #[test]
    fn labelling_is_deterministic_whatever_the_threads() {
        let config = LabelConfig {
            games: 4,
            label_depth: 2,
            threads: 1,
            ..LabelConfig::default()
        };
        let one = labelled_positions(&config);
        let two = labelled_positions(&LabelConfig {
            threads: 2,
            ..config
        });
        assert_eq!(one, two);
        assert!(one.len() > 40, "{}", one.len());
        assert!(one.iter().all(|s| (0.0..=1.0).contains(&s.target)));
    }
}

//! Networks against each other at one ply (issue 14, point 8: the players trained on
//! each format's samples, both colours).
//!
//! Every pair of networks plays the same `openings` seeded openings (`opening_plies`
//! uniformly random plies from the start: one-ply players are nearly deterministic, so
//! without them every game of a pair would be the same), each opening once with either
//! network as Black. Game `k` of the whole schedule uses `derive_seed(seed, k)` for its
//! tie-breaks, so the thread count does not change a result.

use microply_core::games::checkers::{Checkers, NetworkWeights};
use microply_core::rng::{random_opening, SplitMix64};
use microply_core::Player;

use super::oneply::{play_from, Mover};
use crate::parallel::ordered_map;
use crate::play::openings::derive_seed;
use crate::ratings::{elo_wdl, Wdl};
use crate::report::markdown_table;

/// How the networks meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersusConfig {
    /// Openings per pair; each is played twice (colours swapped).
    pub openings: usize,
    /// Random plies of an opening.
    pub opening_plies: u32,
    /// Seeds the openings and the tie-breaks.
    pub seed: u64,
    /// Threads (the result does not depend on it).
    pub threads: usize,
}

/// One pair's result, from the first network's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairResult {
    /// The first network's index.
    pub a: usize,
    /// The second network's index.
    pub b: usize,
    /// `a`'s wins, draws and losses against `b`.
    pub wdl: Wdl,
}

/// The opening of index `k`, the same for every pair.
fn opening(config: &VersusConfig, k: usize) -> Checkers {
    let mut rng = SplitMix64::new(derive_seed(config.seed ^ 0x0BE2_1265, k as u64));
    random_opening(&Checkers::START, config.opening_plies, &mut rng)
}

/// Every pair of `networks` (in index order, `a < b`) over the openings, both colours.
#[must_use]
pub fn versus(networks: &[NetworkWeights], config: &VersusConfig) -> Vec<PairResult> {
    let pairs: Vec<(usize, usize)> = (0..networks.len())
        .flat_map(|a| (a + 1..networks.len()).map(move |b| (a, b)))
        .collect();
    let per_pair = 2 * config.openings;
    // Points of the pair's first network, game by game.
    let points = ordered_map(pairs.len() * per_pair, config.threads, |k| {
        let (a, b) = pairs[k / per_pair];
        let (open, a_is_black) = ((k % per_pair) / 2, k % 2 == 0);
        let (black, white) = if a_is_black { (a, b) } else { (b, a) };
        let played = play_from(
            opening(config, open),
            &Mover::Network(&networks[black]),
            &Mover::Network(&networks[white]),
            derive_seed(config.seed, k as u64),
        );
        let a_colour = if a_is_black {
            Player::First
        } else {
            Player::Second
        };
        played.winner.map(|w| w == a_colour)
    });
    pairs
        .iter()
        .zip(points.chunks(per_pair.max(1)))
        .map(|(&(a, b), games)| {
            let count = |r: Option<bool>| games.iter().filter(|&&g| g == r).count() as u64;
            PairResult {
                a,
                b,
                wdl: Wdl {
                    wins: count(Some(true)),
                    draws: count(None),
                    losses: count(Some(false)),
                },
            }
        })
        .collect()
}

/// The results as a markdown table (`names[i]` names network `i`).
#[must_use]
pub fn versus_table(names: &[String], results: &[PairResult]) -> String {
    let rows: Vec<Vec<String>> = results
        .iter()
        .map(|r| {
            let elo = elo_wdl(r.wdl).map_or_else(|| "-".to_owned(), |e| e.to_string());
            vec![
                format!("{} – {}", names[r.a], names[r.b]),
                format!("{}/{}/{}", r.wdl.wins, r.wdl.draws, r.wdl.losses),
                format!(
                    "{:.1} %",
                    100.0 * r.wdl.points() / r.wdl.games().max(1) as f64
                ),
                elo,
            ]
        })
        .collect();
    markdown_table(
        &[
            "pair (A – B)",
            "A's W/D/L",
            "A's score",
            "A's Elo ± 95 %, LOS",
        ],
        &rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nn::Net;

    fn config(threads: usize) -> VersusConfig {
        VersusConfig {
            openings: 6,
            opening_plies: 4,
            seed: 9,
            threads,
        }
    }

    #[test]
    fn every_pair_plays_every_opening_with_both_colours() {
        let nets: Vec<NetworkWeights> = (0..3)
            .map(|i| Net::perturbed_default(i, 0.3).quantise().unwrap())
            .collect();
        let results = versus(&nets, &config(1));
        assert_eq!(
            results.iter().map(|r| (r.a, r.b)).collect::<Vec<_>>(),
            vec![(0, 1), (0, 2), (1, 2)]
        );
        assert!(results.iter().all(|r| r.wdl.games() == 12));
        assert_eq!(results, versus(&nets, &config(2)));
    }

    #[test]
    fn results_count_each_game_for_the_right_colour() {
        let nets: Vec<NetworkWeights> = (0..2)
            .map(|i| Net::perturbed_default(i + 5, 0.5).quantise().unwrap())
            .collect();
        let config = config(1);
        let result = versus(&nets, &config)[0].wdl;
        // The same games played one by one: opening k, network 0 Black in game 2k.
        let mut wdl = Wdl::default();
        for k in 0..2 * config.openings {
            let (black, white, zero_is) = if k % 2 == 0 {
                (0, 1, Player::First)
            } else {
                (1, 0, Player::Second)
            };
            let mut rng = SplitMix64::new(derive_seed(config.seed ^ 0x0BE2_1265, k as u64 / 2));
            let start = random_opening(&Checkers::START, config.opening_plies, &mut rng);
            let played = play_from(
                start,
                &Mover::Network(&nets[black]),
                &Mover::Network(&nets[white]),
                derive_seed(config.seed, k as u64),
            );
            match played.winner {
                Some(w) if w == zero_is => wdl.wins += 1,
                Some(_) => wdl.losses += 1,
                None => wdl.draws += 1,
            }
        }
        assert_eq!(result, wdl);
        let table = versus_table(&["x".into(), "y".into()], &[versus(&nets, &config)[0]]);
        let row = table.lines().find(|l| l.contains("x – y")).unwrap();
        let counts = format!("| {}/{}/{} ", wdl.wins, wdl.draws, wdl.losses);
        assert!(row.contains(&counts), "{table}");
    }
}

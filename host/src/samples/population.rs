//! The evolving players: the initial population perturbed from a base network, and
//! one generation of evolution (parents, one-point crossover, mutation).
//!
//! A player is its 187 genes, the network's parameters in the core's flat order.
//!
//! * **Initial population:** player `i` has gene `g = w + fd·(2r − 1)`, where `w` is the
//!   base network's parameter, `fd ∈ (0, 1)` the floating factor and `r ∈ (0, 1)` a
//!   fresh uniform number per gene and player: every parameter moves by less than `fd`.
//! * **Evolution:** the parents (the players with at least one qualifying win, most
//!   such wins first, at most half the population) are kept; the rest of the next
//!   population are children of random pairs of different parents: with probability `Pc` the
//!   pair crosses over at one point `c ∈ 1..187` (genes before `c` from one parent,
//!   the rest from the other, and the reverse for the second child), otherwise the
//!   children are copies of the pair. Then every player, parent or child, mutates with
//!   probability `Pm`: one uniformly chosen gene is replaced by a uniform value in
//!   [−1, 1]. Without any parent the population is kept and only mutates.

use microply_core::games::checkers::network::PARAMETERS;
use microply_core::rng::{below, SplitMix64};

use crate::nn::net::unit;
use crate::nn::Net;

/// A player's genes.
pub type Genes = Vec<f64>;

/// How the population evolves.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Evolution {
    /// Crossover probability `Pc` for each pair.
    pub crossover: f64,
    /// Mutation probability `Pm` for each player.
    pub mutation: f64,
}

/// `size` players around `base`, every parameter moved by `fd·(2r − 1)`.
#[must_use]
pub fn initial_population(base: &Net, size: usize, fd: f64, seed: u64) -> Vec<Genes> {
    let mut rng = SplitMix64::new(seed);
    (0..size)
        .map(|_| {
            base.params
                .iter()
                .map(|w| w + fd * (2.0 * unit(&mut rng) - 1.0))
                .collect()
        })
        .collect()
}

/// The next population from `players` and each player's qualifying wins.
#[must_use]
pub fn next_generation(
    players: &[Genes],
    wins: &[usize],
    evolution: &Evolution,
    seed: u64,
) -> Vec<Genes> {
    let mut rng = SplitMix64::new(seed);
    let size = players.len();
    let mut parents: Vec<usize> = (0..size).filter(|&i| wins[i] > 0).collect();
    parents.sort_by_key(|&i| std::cmp::Reverse(wins[i]));
    parents.truncate(size / 2);
    let mut next: Vec<Genes> = if parents.is_empty() {
        players.to_vec()
    } else {
        parents.iter().map(|&i| players[i].clone()).collect()
    };
    while next.len() < size {
        let (i, j) = distinct_pair(parents.len(), &mut rng);
        let (a, b) = (&players[parents[i]], &players[parents[j]]);
        let (c, d) = if unit(&mut rng) < evolution.crossover {
            let point = 1 + below(&mut rng, PARAMETERS as u64 - 1) as usize;
            (cross(a, b, point), cross(b, a, point))
        } else {
            (a.clone(), b.clone())
        };
        next.push(c);
        if next.len() < size {
            next.push(d);
        }
    }
    for genes in &mut next {
        if unit(&mut rng) < evolution.mutation {
            let gene = below(&mut rng, genes.len() as u64) as usize;
            genes[gene] = 2.0 * unit(&mut rng) - 1.0;
        }
    }
    next
}

/// Two different indices below `n` (the same one when `n` is 1), uniformly.
fn distinct_pair(n: usize, rng: &mut SplitMix64) -> (usize, usize) {
    let i = below(rng, n as u64) as usize;
    if n < 2 {
        return (i, i);
    }
    let j = (i + 1 + below(rng, n as u64 - 1) as usize) % n;
    (i, j)
}

/// Genes `..point` of `a` and `point..` of `b`.
fn cross(a: &Genes, b: &Genes, point: usize) -> Genes {
    a[..point].iter().chain(&b[point..]).copied().collect()
}

/// The genes as a network.
#[must_use]
pub fn to_net(genes: &Genes) -> Net {
    Net {
        params: std::array::from_fn(|i| genes.get(i).copied().unwrap_or(0.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_population_stays_within_fd_of_the_base() {
        let base = Net::perturbed_default(1, 0.5);
        let pop = initial_population(&base, 50, 0.3, 9);
        assert_eq!(pop.len(), 50);
        assert_ne!(pop[0], pop[1]);
        for genes in &pop {
            for (g, w) in genes.iter().zip(&base.params) {
                assert!((g - w).abs() < 0.3);
            }
        }
        // The spread uses the whole interval: some gene moves by more than 0.29.
        assert!(pop
            .iter()
            .flatten()
            .zip(base.params.iter().cycle())
            .any(|(g, w)| (g - w).abs() > 0.29));
    }

    #[test]
    fn children_take_each_gene_from_a_parent_and_parents_survive() {
        let players: Vec<Genes> = (0..10).map(|p| vec![p as f64; PARAMETERS]).collect();
        let wins = [0, 3, 0, 1, 0, 0, 0, 0, 0, 0];
        let evolution = Evolution {
            crossover: 1.0,
            mutation: 0.0,
        };
        let next = next_generation(&players, &wins, &evolution, 4);
        assert_eq!(next.len(), 10);
        assert_eq!((next[0][0], next[1][0]), (1.0, 3.0));
        for child in &next {
            assert!(child.iter().all(|&g| g == 1.0 || g == 3.0));
            // One-point crossover: the genes change value at most once.
            let changes = child.windows(2).filter(|w| w[0] != w[1]).count();
            assert!(changes <= 1);
        }
        assert!(next.iter().any(|c| c.windows(2).any(|w| w[0] != w[1])));
    }

    #[test]
    fn mutation_replaces_one_gene_with_a_value_in_minus_one_one() {
        let players: Vec<Genes> = (0..6).map(|_| vec![5.0; PARAMETERS]).collect();
        let evolution = Evolution {
            crossover: 0.0,
            mutation: 1.0,
        };
        let next = next_generation(&players, &[0; 6], &evolution, 2);
        for genes in &next {
            let changed: Vec<f64> = genes.iter().copied().filter(|&g| g != 5.0).collect();
            assert_eq!(changed.len(), 1);
            assert!((-1.0..=1.0).contains(&changed[0]));
        }
    }
}

//! The heuristic (hill-climbing inspired) step after each generation.
//!
//! Sort the population by fitness ascending (ties keep population order). For each
//! parameter j read its genes in that order:
//! - if they strictly increase with fitness, the trend is clear: move the best
//!   individual's gene on by Δj levels (clamped to the range);
//! - otherwise take their mean δj (rounded to the nearest level) and set it in the
//!   individual whose gene is farthest from the exact mean (the least fit on a tie).
//!
//! Decoding is affine in the gene, so working on genes is the same as working on the
//! decoded values, rounded to the grid, and the result is already written back into
//! the genes. A population of fewer than two individuals has no trend and is left alone.

use super::encoding::Chromosome;

/// One gene the step changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The individual (index into the population).
    pub individual: usize,
    /// The parameter.
    pub parameter: usize,
}

/// Applies the step to `chromosomes` (with scalar `fitness`, one per chromosome);
/// `steps[j]` is Δj in levels, `max_gene` the top level. Returns the genes it changed.
pub fn apply(
    chromosomes: &mut [Chromosome],
    fitness: &[f64],
    steps: &[u32],
    max_gene: u32,
) -> Vec<Change> {
    let n = chromosomes.len().min(fitness.len());
    if n < 2 {
        return Vec::new();
    }
    let order = ascending(&fitness[..n]);
    let parameters = chromosomes[..n]
        .iter()
        .map(Chromosome::len)
        .min()
        .unwrap_or(0);
    let mut changes = Vec::new();
    for (parameter, &step) in steps.iter().enumerate().take(parameters) {
        let genes: Vec<u32> = order
            .iter()
            .map(|&i| chromosomes[i].genes()[parameter])
            .collect();
        let (slot, value) = if strictly_increasing(&genes) {
            let best = genes.len() - 1;
            (best, genes[best].saturating_add(step).min(max_gene))
        } else {
            let (farthest, mean) = farthest_from_mean(&genes);
            (farthest, mean)
        };
        let individual = order[slot];
        let gene = &mut chromosomes[individual].genes_mut()[parameter];
        if *gene != value {
            *gene = value;
            changes.push(Change {
                individual,
                parameter,
            });
        }
    }
    changes
}

fn ascending(fitness: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..fitness.len()).collect();
    order.sort_by(|&a, &b| fitness[a].total_cmp(&fitness[b]));
    order
}

fn strictly_increasing(genes: &[u32]) -> bool {
    genes.windows(2).all(|w| w[0] < w[1])
}

/// The slot whose gene is farthest from the exact mean, and the mean rounded to a level.
fn farthest_from_mean(genes: &[u32]) -> (usize, u32) {
    let mean = genes.iter().map(|&g| f64::from(g)).sum::<f64>() / genes.len() as f64;
    let mut farthest = 0;
    let mut distance = -1.0;
    for (slot, &g) in genes.iter().enumerate() {
        let d = (f64::from(g) - mean).abs();
        if d > distance {
            farthest = slot;
            distance = d;
        }
    }
    (farthest, mean.round() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ga::encoding::{Encoding, Range};

    fn population(genes: &[[u32; 2]]) -> (Encoding, Vec<Chromosome>) {
        let e = Encoding::uniform(2, Range::new(0.0, 1.0), 6).unwrap();
        let c = genes
            .iter()
            .map(|g| e.chromosome(g.to_vec()).unwrap())
            .collect();
        (e, c)
    }

    #[test]
    fn monotone_and_non_monotone_parameters_hand_computed() {
        // Fitness order (ascending): individual 1, 0, 3, 2.
        // Parameter 0 in that order: 10, 20, 30, 40 → increasing → individual 2: 40 + 3.
        // Parameter 1 in that order: 5, 50, 6, 7 → mean 17 → individual 0 (|50 − 17|) := 17.
        let (e, mut c) = population(&[[20, 50], [10, 5], [40, 7], [30, 6]]);
        let changes = apply(&mut c, &[0.3, 0.1, 0.9, 0.5], &[3, 3], e.max_gene());
        assert_eq!(
            changes,
            vec![
                Change {
                    individual: 2,
                    parameter: 0
                },
                Change {
                    individual: 0,
                    parameter: 1
                }
            ]
        );
        assert_eq!(c[2].genes(), &[43, 7]);
        assert_eq!(c[0].genes(), &[20, 17]);
        assert_eq!(c[1].genes(), &[10, 5]);
        assert_eq!(c[3].genes(), &[30, 6]);
    }

    #[test]
    fn the_climb_stops_at_the_top_level_and_equal_genes_stay() {
        let (e, mut c) = population(&[[61, 9], [62, 9], [63, 9]]);
        // Parameter 0 increases but the best is at 63 (the top for 6 bits); parameter 1
        // is flat: mean 9, nothing to move.
        let changes = apply(&mut c, &[0.0, 0.5, 1.0], &[5, 5], e.max_gene());
        assert!(changes.is_empty());
        let (e, mut c) = population(&[[1, 0], [60, 0]]);
        apply(&mut c, &[0.0, 1.0], &[5, 0], e.max_gene());
        assert_eq!(c[1].genes(), &[63, 0]);
    }

    #[test]
    fn ties_in_distance_go_to_the_least_fit() {
        // Genes 0, 10, 5 in fitness order: mean 5, the farthest are 0 and 10; 0 (least fit) moves.
        let (e, mut c) = population(&[[5, 0], [0, 0], [10, 0]]);
        let changes = apply(&mut c, &[0.9, 0.1, 0.5], &[1, 1], e.max_gene());
        assert_eq!(
            changes,
            vec![Change {
                individual: 1,
                parameter: 0
            }]
        );
        assert_eq!(c[1].genes(), &[5, 0]);
    }
}

//! The genetic operators on one gene: single-point crossover inside the gene's bits
//! and bit-flip mutation.
//!
//! A crossover point p in 1..b splits a b-bit gene into its high b − p bits and its
//! low p bits; the children swap the low parts, so each child keeps at least one bit
//! of each parent. Mutation flips each of the b bits independently with probability pm.

use super::rng::Rng;

/// The two children of genes `a` and `b` crossed at `point` (low `point` bits swapped).
#[must_use]
pub fn cross_at(a: u32, b: u32, point: u32) -> (u32, u32) {
    let low = low_mask(point);
    ((a & !low) | (b & low), (b & !low) | (a & low))
}

/// Single-point crossover of two `bits`-bit genes at a random point in 1..bits (no
/// change for 1-bit genes, which have no inner point).
pub fn crossover(a: u32, b: u32, bits: u32, rng: &mut Rng) -> (u32, u32) {
    if bits < 2 {
        return (a, b);
    }
    let point = 1 + rng.below(u64::from(bits - 1)) as u32;
    cross_at(a, b, point)
}

/// Each of the low `bits` bits of `gene` flipped with probability `pm`.
pub fn mutate(gene: u32, bits: u32, pm: f64, rng: &mut Rng) -> u32 {
    (0..bits).fold(
        gene,
        |g, bit| if rng.chance(pm) { g ^ (1 << bit) } else { g },
    )
}

fn low_mask(bits: u32) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1u32 << bits) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_hand_computed() {
        // 10-bit genes 1111100000 and 0000011111 crossed at 3: low three bits swapped.
        assert_eq!(
            cross_at(0b11111_00000, 0b00000_11111, 3),
            (0b11111_00111, 0b00000_11000)
        );
        assert_eq!(cross_at(0b1010, 0b0101, 4), (0b0101, 0b1010));
    }

    #[test]
    fn crossover_keeps_the_bits_of_both_parents() {
        let mut rng = Rng::seeded(9);
        for _ in 0..1000 {
            let (a, b) = (rng.below(1024) as u32, rng.below(1024) as u32);
            let (c, d) = crossover(a, b, 10, &mut rng);
            // Every bit position still holds one parent's bit in each child ...
            assert_eq!(c ^ d, a ^ b);
            assert_eq!(c & d, a & b);
            // ... and the top bit never moves (the point is at most 9).
            assert_eq!(c & 512, a & 512);
            assert!(c < 1024 && d < 1024);
        }
        assert_eq!(crossover(1, 0, 1, &mut rng), (1, 0));
    }

    #[test]
    fn mutation_rate_zero_one_and_between() {
        let mut rng = Rng::seeded(4);
        assert_eq!(mutate(0b1011, 10, 0.0, &mut rng), 0b1011);
        assert_eq!(mutate(0b1011, 10, 1.0, &mut rng), 0b11_1111_0100);
        // pm = 0.1 over 10 bits: about one flip a gene.
        let flips: u32 = (0..10_000)
            .map(|_| mutate(0, 10, 0.1, &mut rng).count_ones())
            .sum();
        assert!((9_000..11_000).contains(&flips), "{flips}");
        assert!((0..1000).all(|_| mutate(1023, 10, 0.5, &mut rng) < 1024));
    }
}

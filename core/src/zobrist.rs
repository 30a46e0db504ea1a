//! Zobrist keys generated at compile time.
//!
//! Every game hashes its positions by XOR-ing keys from a `const` table, so the table
//! is in flash on the firmware and identical on every target.

/// One step of SplitMix64: the standard 64-bit mixer used to derive keys.
#[must_use]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// `N` pseudo-random keys from `seed`, computed at compile time when used in a `const`.
#[must_use]
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix64(state);
        state = next;
        out[i] = value;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        const K: [u64; 64] = keys(1);
        for (i, a) in K.iter().enumerate() {
            assert_ne!(*a, 0);
            for b in &K[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}

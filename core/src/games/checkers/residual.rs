//! The residual network: a small network whose output is added to the pattern tables'
//! value ([`super::patterns`]), fitted to what the tables leave unexplained.
//!
//! Inputs are 128 bits, the side to move's view (the board turned for White, as
//! [`views`] turns it): its men, its kings, the opponent's men, the opponent's kings,
//! 32 squares each. Two hidden layers of [`HIDDEN1`] and [`HIDDEN2`] units with a
//! clipped linear activation (`min(max(x, 0), 1)`) and one linear output in men follow.
//!
//! Integer inference, the same on every target: weights and biases are `i16` with
//! [`FRACTION_BITS`] fraction bits; the first layer sums in `i16` with saturating adds,
//! later layers in `i32` (no overflow: see [`Residual::output`]); rescaled by
//! arithmetic shifts (rounding toward −∞ everywhere).

use super::board::Checkers;
use super::view::views;
use crate::game::Game;
use crate::player::Player;

/// Input bits: 4 planes of 32 squares.
pub const INPUTS: usize = 128;
/// Units of the first hidden layer.
pub const HIDDEN1: usize = 32;
/// Units of the second hidden layer.
pub const HIDDEN2: usize = 16;
/// Fraction bits of weights, biases and activations (1.0 is 1024).
pub const FRACTION_BITS: u32 = 10;
/// An activation of 1.
pub const ONE: i32 = 1 << FRACTION_BITS;
/// Fraction bits of the output: 1/128 of a man, the pattern tables' unit (which
/// `patterns` checks at compile time).
pub const OUTPUT_BITS: u32 = 7;
/// The parameters, in the file's order: `w1` by input (`HIDDEN1` each), `b1`, `w2`
/// by second-layer unit (`HIDDEN1` each), `b2`, `w3`, `b3`.
pub const PARAMETERS: usize =
    INPUTS * HIDDEN1 + HIDDEN1 + HIDDEN2 * HIDDEN1 + HIDDEN2 + HIDDEN2 + 1;
/// The file's first 8 bytes.
pub const MAGIC: &[u8; 8] = b"MPLYRES1";
/// Bytes of a file: the magic, then the parameters as `i16` little-endian.
pub const FILE_LEN: usize = 8 + 2 * PARAMETERS;
/// Pieces on a board at most: the inputs a position sets.
pub const MAX_ACTIVE: usize = 24;

/// The input bits `pos` sets, in plane order, and how many (at most 24).
#[must_use]
pub fn inputs(pos: &Checkers) -> ([u8; MAX_ACTIVE], usize) {
    let mut out = [0u8; MAX_ACTIVE];
    let mut n = 0;
    each_input(pos, |i| {
        if let Some(slot) = out.get_mut(n) {
            *slot = i as u8;
            n += 1;
        }
    });
    (out, n)
}

/// Calls `f` with each input bit `pos` sets (below [`INPUTS`]), in plane order, at
/// most [`MAX_ACTIVE`] of them: what [`inputs`] lists and [`Residual::raw`] adds.
#[inline(always)]
fn each_input(pos: &Checkers, mut f: impl FnMut(usize)) {
    let mut n = 0;
    for (plane, bits) in planes(pos).into_iter().enumerate() {
        let mut x = bits;
        while x != 0 && n < MAX_ACTIVE {
            // Below 128 by construction; the mask lets the compiler see it.
            f((plane * 32 + x.trailing_zeros() as usize) & (INPUTS - 1));
            n += 1;
            x &= x - 1;
        }
    }
}

/// The four input planes of `pos`, 32 bits each: the side to move's men and kings,
/// the opponent's men and kings, as the side to move sees the board.
fn planes(pos: &Checkers) -> [u32; 4] {
    let [black, white] = views(pos);
    let (me, them) = match pos.side_to_move() {
        Player::First => (black, white),
        Player::Second => (white, black),
    };
    // The opponent's kings as the side to move sees the board: its own view is turned.
    [me.own, me.kings, me.opp, them.kings.reverse_bits()]
}

/// Adds a first-layer row to the sums, saturating (SIMD adds eight or sixteen at once).
#[inline]
fn add_row(a1: &mut [i16; HIDDEN1], row: &[i16; HIDDEN1]) {
    for (a, &w) in a1.iter_mut().zip(row) {
        *a = a.saturating_add(w);
    }
}

/// A network's weights.
#[derive(Clone, PartialEq, Eq)]
pub struct Residual {
    w1: [[i16; HIDDEN1]; INPUTS],
    b1: [i16; HIDDEN1],
    w2: [[i16; HIDDEN1]; HIDDEN2],
    b2: [i16; HIDDEN2],
    w3: [i16; HIDDEN2],
    b3: i16,
}

impl core::fmt::Debug for Residual {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Residual")
            .field("hidden", &(HIDDEN1, HIDDEN2))
            .finish_non_exhaustive()
    }
}

/// Why a residual network's file was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResidualError {
    /// The first 8 bytes are not [`MAGIC`].
    Magic,
    /// The file is not [`FILE_LEN`] bytes long (its length).
    Length(usize),
}

impl core::fmt::Display for ResidualError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ResidualError::Magic => write!(f, "not a checkers residual network (no MPLYRES1 header)"),
            ResidualError::Length(n) => write!(
                f,
                "a residual network file is {FILE_LEN} bytes (128-{HIDDEN1}-{HIDDEN2}-1), this one {n}"
            ),
        }
    }
}

impl Residual {
    /// The weights of a file: [`MAGIC`], then the [`PARAMETERS`] in order as `i16`
    /// little-endian.
    ///
    /// # Errors
    /// A wrong header or length.
    pub const fn parse(bytes: &[u8]) -> Result<Residual, ResidualError> {
        if bytes.len() < 8 {
            return Err(ResidualError::Magic);
        }
        let mut m = 0;
        while m < 8 {
            if bytes[m] != MAGIC[m] {
                return Err(ResidualError::Magic);
            }
            m += 1;
        }
        if bytes.len() != FILE_LEN {
            return Err(ResidualError::Length(bytes.len()));
        }
        let mut w = Residual {
            w1: [[0; HIDDEN1]; INPUTS],
            b1: [0; HIDDEN1],
            w2: [[0; HIDDEN1]; HIDDEN2],
            b2: [0; HIDDEN2],
            w3: [0; HIDDEN2],
            b3: 0,
        };
        let mut at = 8;
        let mut i = 0;
        while i < INPUTS {
            at = read_i16s(bytes, at, &mut w.w1[i]);
            i += 1;
        }
        at = read_i16s(bytes, at, &mut w.b1);
        let mut k = 0;
        while k < HIDDEN2 {
            at = read_i16s(bytes, at, &mut w.w2[k]);
            k += 1;
        }
        at = read_i16s(bytes, at, &mut w.b2);
        at = read_i16s(bytes, at, &mut w.w3);
        let mut b3 = [0];
        read_i16s(bytes, at, &mut b3);
        w.b3 = b3[0];
        Ok(w)
    }

    /// The network's output for `pos`, in 1/128 of a man (the tables' unit).
    #[must_use]
    pub fn raw(&self, pos: &Checkers) -> i32 {
        // What `output(inputs(pos))` computes, without the list in between: the rows
        // are added as the bits are found, in the same order.
        let mut a1 = self.b1;
        each_input(pos, |i| add_row(&mut a1, &self.w1[i]));
        self.hidden(&a1)
    }

    /// The network's output for the input bits `active` (each below [`INPUTS`]; others
    /// are ignored), in 1/128 of a man.
    ///
    /// The first layer sums in `i16` with saturating adds, in the inputs' order
    /// (so a sum beyond ±32 stops at the bound, the same on every target; a fitted
    /// network's sums stay far inside): SIMD adds eight or sixteen units at once.
    /// No later sum overflows `i32` whatever the weights: a second-layer one is 32
    /// products of at most 2^15 · 2^10; the output 16 of those and the bias shifted
    /// by 10 (each below 2^31).
    #[must_use]
    pub fn output(&self, active: &[u8]) -> i32 {
        let mut a1 = self.b1;
        for &i in active.iter().take(MAX_ACTIVE) {
            if let Some(row) = self.w1.get(usize::from(i)) {
                add_row(&mut a1, row);
            }
        }
        self.hidden(&a1)
    }

    /// The output from the first layer's sums (its biases included).
    fn hidden(&self, a1: &[i16; HIDDEN1]) -> i32 {
        // Activations fit `i16` (0 to 1024): products of two `i16`s summed in `i32`,
        // what SIMD multiply-add instructions do.
        let h1 = a1.map(|a| a.clamp(0, ONE as i16));
        let mut sums = [0i32; HIDDEN2];
        for (sum, row) in sums.iter_mut().zip(&self.w2) {
            *sum = row
                .iter()
                .zip(&h1)
                .map(|(&w, &h)| i32::from(w) * i32::from(h))
                .sum();
        }
        // `max` then `min`, not `clamp`: the same values, without a branch a unit
        // (which the processor mispredicts half the time).
        let mut out = i32::from(self.b3) << FRACTION_BITS;
        for ((&sum, &b), &w3) in sums.iter().zip(&self.b2).zip(&self.w3) {
            #[allow(clippy::manual_clamp)]
            let h2 = ((sum >> FRACTION_BITS) + i32::from(b)).max(0).min(ONE);
            out += i32::from(w3) * h2;
        }
        out >> (2 * FRACTION_BITS - OUTPUT_BITS)
    }
}

/// Reads `out.len()` little-endian `i16`s of `bytes` from `at` into `out` and returns
/// where they end (the caller has checked the file's length).
const fn read_i16s(bytes: &[u8], mut at: usize, out: &mut [i16]) -> usize {
    let mut j = 0;
    while j < out.len() {
        out[j] = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
        at += 2;
        j += 1;
    }
    at
}

/// The shipped network.
pub static SHIPPED: Residual =
    match Residual::parse(include_bytes!("../../../data/checkers-residual.bin")) {
        Ok(w) => w,
        Err(_) => panic!("core/data/checkers-residual.bin is not a residual network"),
    };

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;

    /// A file whose parameters are all 0 but those `set` gives (index, value).
    fn file(set: &[(usize, i16)]) -> [u8; FILE_LEN] {
        let mut bytes = [0u8; FILE_LEN];
        bytes[..8].copy_from_slice(MAGIC);
        for &(i, v) in set {
            bytes[8 + 2 * i..10 + 2 * i].copy_from_slice(&v.to_le_bytes());
        }
        bytes
    }

    const B1: usize = INPUTS * HIDDEN1;
    const W2: usize = B1 + HIDDEN1;
    const B2: usize = W2 + HIDDEN2 * HIDDEN1;
    const W3: usize = B2 + HIDDEN2;
    const B3: usize = W3 + HIDDEN2;

    #[test]
    fn inputs_are_the_side_to_moves_view() {
        // Black to move: its man on 1 is input 0, its king on 32 input 32 + 31, White's
        // man on 5 input 64 + 4, White's king on 30, seen from Black, input 96 + 29.
        let pos = Checkers::parse_fen("B:W5,K30:B1,K32").unwrap();
        let (active, n) = inputs(&pos);
        assert_eq!(&active[..n], &[0, 63, 68, 125]);
        // The same position turned round with the colours swapped, White to move,
        // gives the same inputs.
        let turned = Checkers::parse_fen("W:WK1,32:BK3,28").unwrap();
        let (active, n) = inputs(&turned);
        assert_eq!(&active[..n], &[0, 63, 68, 125]);
    }

    #[test]
    fn a_hand_computed_network() {
        // Input 0 (an own man on square 1) drives hidden unit 0 to 1.0, which drives
        // second-layer unit 0 to 1.0, worth one man (128/128) at the output; the output
        // bias is −0.5 of a man (−64).
        let bytes = file(&[(0, 1024), (W2, 1024), (W3, 1024), (B3, -512)]);
        let net = Residual::parse(&bytes).unwrap();
        let with = Checkers::parse_fen("B:W30:B1").unwrap();
        let without = Checkers::parse_fen("B:W30:B2").unwrap();
        assert_eq!(net.raw(&with), 128 - 64);
        assert_eq!(net.raw(&without), -64);
        // Clipped: two inputs of 1.0 each still give 1.0 at the unit.
        let bytes = file(&[(0, 1024), (HIDDEN1, 1024), (W2, 1024), (W3, 1024)]);
        let net = Residual::parse(&bytes).unwrap();
        assert_eq!(net.raw(&Checkers::parse_fen("B:W30:B1,2").unwrap()), 128);
        // A half: 0.5 at the first unit, 0.75 weight on to the second, 2.0 out:
        // 0.5 · 0.75 · 2 = 0.75 of a man = 96/128.
        let bytes = file(&[(0, 512), (W2, 768), (W3, 2048)]);
        let net = Residual::parse(&bytes).unwrap();
        assert_eq!(net.raw(&with), 96);
        // Rounded toward −∞: −1/1024 of a man out is −1/128.
        let bytes = file(&[(B3, -1)]);
        assert_eq!(Residual::parse(&bytes).unwrap().raw(&with), -1);
    }

    #[test]
    fn extreme_weights_do_not_overflow() {
        let full = Checkers::parse_fen(
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        )
        .unwrap();
        for v in [i16::MAX, i16::MIN] {
            let mut bytes = [0u8; FILE_LEN];
            bytes[..8].copy_from_slice(MAGIC);
            for c in bytes[8..].chunks_exact_mut(2) {
                c.copy_from_slice(&v.to_le_bytes());
            }
            let net = Residual::parse(&bytes).unwrap();
            let out = net.raw(&full);
            // Every unit saturates at 1 (or 0): the output is w3 · 16 + b3, in 1/128.
            let expected = if v > 0 {
                (i32::from(v) * 16 * ONE + (i32::from(v) << FRACTION_BITS)) >> 13
            } else {
                (i32::from(v) << FRACTION_BITS) >> 13
            };
            assert_eq!(out, expected);
            // The largest input set a position can have is 24 bits; more are ignored.
            assert_eq!(net.output(&[0; 40]), net.output(&[0; MAX_ACTIVE]));
        }
    }

    #[test]
    fn bad_files_are_named() {
        let good = file(&[]);
        assert!(Residual::parse(&good).is_ok());
        assert_eq!(
            Residual::parse(&good[..7]).unwrap_err(),
            ResidualError::Magic
        );
        let mut wrong = good;
        wrong[0] = b'X';
        assert_eq!(Residual::parse(&wrong).unwrap_err(), ResidualError::Magic);
        let err = Residual::parse(&good[..100]).unwrap_err();
        assert_eq!(err, ResidualError::Length(100));
        let mut text = heapless::String::<128>::new();
        core::fmt::write(&mut text, format_args!("{err}")).unwrap();
        assert_eq!(
            text.as_str(),
            "a residual network file is 9354 bytes (128-32-16-1), this one 100"
        );
    }

    #[test]
    fn the_shipped_networks_first_layer_cannot_saturate() {
        // A unit's sum is its bias and at most 24 weights (one a piece): bounded by the
        // bias and the 24 largest weights of either sign, far inside `i16`, so the
        // saturating adds are exact sums for every position.
        for j in 0..HIDDEN1 {
            let mut column: [i32; INPUTS] = core::array::from_fn(|i| i32::from(SHIPPED.w1[i][j]));
            column.sort_unstable();
            let b = i32::from(SHIPPED.b1[j]);
            let low: i32 = column[..MAX_ACTIVE].iter().filter(|&&w| w < 0).sum();
            let high: i32 = column[INPUTS - MAX_ACTIVE..]
                .iter()
                .filter(|&&w| w > 0)
                .sum();
            assert!(
                b + high < 16 * ONE && b + low > -16 * ONE,
                "unit {j}: {} {}",
                b + low,
                b + high
            );
        }
    }

    #[test]
    fn the_shipped_network_is_part_of_the_default_patterns_evaluator() {
        use super::super::patterns::{Patterns, SHIPPED as TABLES};
        let pos =
            Checkers::parse_fen("B:W12,18,23,24,25,26,30,31,32:B1,2,3,4,5,10,11,13,21").unwrap();
        let with = Patterns::default();
        let alone = Patterns::tables(TABLES);
        assert_eq!(with.raw(&pos), alone.raw(&pos) + SHIPPED.raw(&pos));
        assert_ne!(SHIPPED.raw(&pos), 0);
    }
}

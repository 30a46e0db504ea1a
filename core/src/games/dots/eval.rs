//! The parity-sensitive evaluator of the GA paper, in fixed point.
//!
//! Five pattern types i (long chains, short chains, double-cross situations, boxes of
//! freedom 3, boxes of freedom 4; see [`Features`]) each give a count n_i and a parity
//! bit r_i; two weights per type, A_i1 for the count and A_i2 for the parity, ten in all:
//!
//! ```text
//! E_first = Σ_i (A_i1·n_i + A_i2·r_i) + (boxes of first − boxes of second)
//! r_i     = (n_i + dots) mod 2
//! score   = E_first if the first player is to move, −E_first otherwise
//! ```
//!
//! The paper's formula survives only as an image, so this is our reading. E is credited
//! to the first player, because the long chain rule (first wants dots + long chains
//! even) is a statement about the first player, not about whoever happens to be on move.
//! Adding the dots to the parity makes one weight set mean the same on boards whose dot
//! count is odd or even; on the 5×5 competition board (36 dots) r_i is exactly n_i mod 2,
//! as in the paper. The search sees the value from the side to move, like every
//! evaluator.

use super::analysis::Features;
use super::board::Dots;
use crate::eval::Evaluator;
use crate::player::Player;
use crate::score::{Score, Value};

/// The two weights of one pattern type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Term {
    /// A_i1, per pattern counted.
    pub count: Value,
    /// A_i2, added when (count + dots) is odd.
    pub parity: Value,
}

impl Term {
    const fn whole(count: i32, parity_halves: i32) -> Term {
        Term {
            count: Value::from_bits(count << 16),
            parity: Value::from_bits(parity_halves << 15),
        }
    }

    fn apply(&self, n: u8, dots: u32) -> Value {
        let odd = (u32::from(n) + dots) % 2 == 1;
        let parity = if odd { self.parity } else { Value::ZERO };
        self.count
            .saturating_mul_int(i32::from(n))
            .saturating_add(parity)
    }
}

/// The ten weights, one [`Term`] per pattern type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Chains of 3+ boxes.
    pub long_chains: Term,
    /// Chains of 1–2 boxes.
    pub short_chains: Term,
    /// Lines that would take two boxes at once.
    pub double_crosses: Term,
    /// Boxes with three sides undrawn.
    pub freedom3: Term,
    /// Boxes with no side drawn.
    pub freedom4: Term,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

impl Weights {
    /// Every weight zero: the evaluation is the box difference alone.
    pub const ZERO: Weights = Weights {
        long_chains: Term::whole(0, 0),
        short_chains: Term::whole(0, 0),
        double_crosses: Term::whole(0, 0),
        freedom3: Term::whole(0, 0),
        freedom4: Term::whole(0, 0),
    };

    /// A hand-tuned "experienced player", who knows the long chain rule and little else.
    ///
    /// - Long chains with the wrong parity for the first player (odd dots + long chains)
    ///   cost the first player about the value of control in a mid-sized endgame: −4.
    /// - Short chains are the last safe moves before someone must open a long chain, so
    ///   their parity shifts control too, but less reliably: −1 when odd.
    /// - Boxes of freedom 4 and 3 are where new chains will form; their parity, with the
    ///   dots, decides who runs out of safe moves first: ±½, pointing the same way.
    /// - Double-cross situations are boxes the side to move will take at once, which the
    ///   box difference after the capture shows: no weight.
    pub const EXPERIENCED: Weights = Weights {
        long_chains: Term::whole(0, -8),
        short_chains: Term::whole(0, -2),
        double_crosses: Term::whole(0, 0),
        freedom3: Term::whole(0, -1),
        freedom4: Term::whole(0, -1),
    };

    /// The default weights: [`Weights::EXPERIENCED`].
    pub const DEFAULT: Weights = Weights::EXPERIENCED;

    /// The ten weights in the order A_11, A_12, A_21, ..., A_52 (pattern types as in
    /// [`Features::counts`]).
    #[must_use]
    pub const fn to_array(&self) -> [Value; 10] {
        let t = self.terms();
        [
            t[0].count,
            t[0].parity,
            t[1].count,
            t[1].parity,
            t[2].count,
            t[2].parity,
            t[3].count,
            t[3].parity,
            t[4].count,
            t[4].parity,
        ]
    }

    /// The weights from [`Weights::to_array`]'s order (lossless both ways).
    #[must_use]
    pub const fn from_array(a: [Value; 10]) -> Weights {
        const fn term(a: &[Value; 10], i: usize) -> Term {
            Term {
                count: a[2 * i],
                parity: a[2 * i + 1],
            }
        }
        Weights {
            long_chains: term(&a, 0),
            short_chains: term(&a, 1),
            double_crosses: term(&a, 2),
            freedom3: term(&a, 3),
            freedom4: term(&a, 4),
        }
    }

    const fn terms(&self) -> [Term; 5] {
        [
            self.long_chains,
            self.short_chains,
            self.double_crosses,
            self.freedom3,
            self.freedom4,
        ]
    }

    /// E for the first player: the weighted patterns plus the box difference.
    #[must_use]
    pub fn first_player_value(&self, pos: &Dots, features: &Features) -> Value {
        let dots = pos.size().dots();
        let boxes = i32::from(pos.score(Player::First)) - i32::from(pos.score(Player::Second));
        let mut e = Value::from_bits(boxes << 16);
        for (term, n) in self.terms().iter().zip(features.counts()) {
            e = e.saturating_add(term.apply(n, dots));
        }
        e
    }
}

/// The GA paper's evaluator with a set of [`Weights`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChainEval {
    /// The weights.
    pub weights: Weights,
}

impl ChainEval {
    /// The evaluator with `weights`.
    #[must_use]
    pub const fn new(weights: Weights) -> ChainEval {
        ChainEval { weights }
    }
}

impl Evaluator<Dots> for ChainEval {
    fn evaluate(&self, pos: &Dots) -> Score {
        let e = self.weights.first_player_value(pos, &pos.features());
        Score::from_fixed(match pos.side() {
            Player::First => e,
            Player::Second => e.saturating_neg(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::notation::Notation;

    #[test]
    fn flat_view_is_lossless() {
        for w in [Weights::ZERO, Weights::EXPERIENCED] {
            assert_eq!(Weights::from_array(w.to_array()), w);
        }
        let mut a = [Value::ZERO; 10];
        for (i, x) in a.iter_mut().enumerate() {
            *x = Value::from_bits(i as i32 * 12_345 - 40_000);
        }
        assert_eq!(Weights::from_array(a).to_array(), a);
        assert_eq!(Weights::EXPERIENCED.to_array()[1], Value::from_num(-4));
    }

    #[test]
    fn zero_weights_give_the_box_difference_from_the_mover() {
        let pos = Dots::parse_fen("1x2:a1-b1,a2-b2,a1-a2,b1-b2:1-0:2").unwrap();
        let e = ChainEval::new(Weights::ZERO);
        assert_eq!(e.evaluate(&pos), Score::units(-1));
        let start = Dots::start(&Default::default());
        assert_eq!(e.evaluate(&start), Score::ZERO);
    }

    #[test]
    fn experienced_player_knows_the_long_chain_rule() {
        // 1×3 corridor (8 dots) with one long chain: dots + chains odd, bad for first.
        let pos = Dots::parse_fen("1x3:a1-b1,b1-c1,c1-d1,a2-b2,b2-c2,c2-d2:0-0:1").unwrap();
        let e = ChainEval::default();
        assert_eq!(e.evaluate(&pos), Score::units(-4));
    }
}

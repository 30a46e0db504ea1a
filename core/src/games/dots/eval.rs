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
use super::size::Size;
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
        Term::halves(count * 2, parity_halves)
    }

    const fn halves(count_halves: i32, parity_halves: i32) -> Term {
        Term {
            count: Value::from_bits(count_halves << 15),
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

    /// The default weights where no board has its own: [`Weights::EXPERIENCED`]
    /// (each board's: [`Weights::for_size`]).
    pub const DEFAULT: Weights = Weights::EXPERIENCED;

    /// Trained for the 5×5 board by `microply train docs/ga/pool55-d3-d34-32.toml`
    /// (issue 25; `0 -3 -1 -0.5 1.5 7.5 0 3 -3 -3`): against
    /// [`Weights::EXPERIENCED`] on 5×5, 2,000 games from a held-out balanced book
    /// with both colours, +137.8 ± 16.4 Elo at depth 3 and +165.8 ± 14.6 at depth 4
    /// (docs/ga.md, "The sixth run"). It loses on 4×4 at depth 3: each board has
    /// its own ([`Weights::for_size`]).
    pub const TRAINED_5X5: Weights = Weights {
        long_chains: Term::halves(0, -6),
        short_chains: Term::halves(-2, -1),
        double_crosses: Term::halves(3, 15),
        freedom3: Term::halves(0, 6),
        freedom4: Term::halves(-6, -6),
    };

    /// Trained for the 4×4 board by `microply train docs/ga/pool44-d34-64.toml`
    /// (issue 25; `0.5 0 0.5 -1 -6 6 1 -0.5 1.5 1`): against
    /// [`Weights::EXPERIENCED`] on 4×4, 2,000 games from a held-out balanced book
    /// with both colours, +75.7 ± 15.1 Elo at depth 3 and +179.2 ± 15.5 at depth 4
    /// (docs/ga.md, "The 4×4 run at both depths").
    pub const TRAINED_4X4: Weights = Weights {
        long_chains: Term::halves(1, 0),
        short_chains: Term::halves(1, -2),
        double_crosses: Term::halves(-12, 12),
        freedom3: Term::halves(2, -1),
        freedom4: Term::halves(3, 2),
    };

    /// The default weights of a board of `size`: [`Weights::TRAINED_5X5`] on 5×5,
    /// [`Weights::TRAINED_4X4`] on 4×4, [`Weights::DEFAULT`] on every other board.
    #[must_use]
    pub const fn for_size(size: Size) -> Weights {
        match (size.rows(), size.cols()) {
            (5, 5) => Weights::TRAINED_5X5,
            (4, 4) => Weights::TRAINED_4X4,
            _ => Weights::DEFAULT,
        }
    }

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

/// The GA paper's evaluator with a set of [`Weights`], or each board's default
/// weights ([`Weights::for_size`]; the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChainEval {
    /// The weights; `None`: the board's default weights.
    pub weights: Option<Weights>,
}

impl ChainEval {
    /// The evaluator with `weights` on every board.
    #[must_use]
    pub const fn new(weights: Weights) -> ChainEval {
        ChainEval {
            weights: Some(weights),
        }
    }

    /// The weights it plays on a board of `size`.
    #[must_use]
    pub const fn weights_on(&self, size: Size) -> Weights {
        match self.weights {
            Some(w) => w,
            None => Weights::for_size(size),
        }
    }
}

impl Evaluator<Dots> for ChainEval {
    fn evaluate(&self, pos: &Dots) -> Score {
        let e = self
            .weights_on(pos.size())
            .first_player_value(pos, &pos.features());
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
    fn the_trained_5x5_weights_are_the_champions() {
        // docs/ga/pool55-d3-d34-32-champion.txt, in the same flat order.
        let champion = [0.0, -3.0, -1.0, -0.5, 1.5, 7.5, 0.0, 3.0, -3.0, -3.0];
        assert_eq!(
            Weights::TRAINED_5X5.to_array(),
            champion.map(Value::from_num::<f64>)
        );
    }

    #[test]
    fn the_trained_4x4_weights_are_the_champions() {
        // docs/ga/pool44-d34-64-champion.txt, in the same flat order.
        let champion = [0.5, 0.0, 0.5, -1.0, -6.0, 6.0, 1.0, -0.5, 1.5, 1.0];
        assert_eq!(
            Weights::TRAINED_4X4.to_array(),
            champion.map(Value::from_num::<f64>)
        );
    }

    #[test]
    fn the_default_plays_each_boards_weights() {
        let size = |rows, cols| Size::new(rows, cols).unwrap();
        assert_eq!(Weights::for_size(size(5, 5)), Weights::TRAINED_5X5);
        assert_eq!(Weights::for_size(size(4, 4)), Weights::TRAINED_4X4);
        for (rows, cols) in [(5, 4), (4, 5), (5, 6), (6, 6), (3, 3)] {
            assert_eq!(Weights::for_size(size(rows, cols)), Weights::EXPERIENCED);
        }
        let default = ChainEval::default();
        let given = ChainEval::new(Weights::EXPERIENCED);
        assert_eq!(given.weights_on(size(5, 5)), Weights::EXPERIENCED);
        // The 5x5 start (25 boxes of freedom 4, 36 dots): −3·25 and the odd parity
        // of 25 + 36 again −3 with the trained weights; ½ with the hand-set ones.
        let start5 = Dots::start(&size(5, 5));
        assert_eq!(default.evaluate(&start5), Score::units(-78));
        assert_eq!(
            given.evaluate(&start5),
            Score::from_fixed(Value::from_num(-0.5))
        );
        // The 4x4 start (16 boxes of freedom 4, 25 dots): every parity odd. Hand-set:
        // −4 − 1 − ½ − ½ = −6. Trained for 4×4 (the default there): parities
        // 0 − 1 + 6 − ½ + 1, and 1½ · 16 boxes: 29½.
        let start4 = Dots::start(&size(4, 4));
        assert_eq!(given.evaluate(&start4), Score::units(-6));
        assert_eq!(
            default.evaluate(&start4),
            Score::from_fixed(Value::from_num(29.5))
        );
    }

    #[test]
    fn experienced_player_knows_the_long_chain_rule() {
        // 1×3 corridor (8 dots) with one long chain: dots + chains odd, bad for first.
        let pos = Dots::parse_fen("1x3:a1-b1,b1-c1,c1-d1,a2-b2,b2-c2,c2-d2:0-0:1").unwrap();
        let e = ChainEval::default();
        assert_eq!(e.evaluate(&pos), Score::units(-4));
    }
}

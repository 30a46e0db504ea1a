//! The material and position baseline: men, kings worth more, the back rank kept,
//! the centre held and mobility, each difference (side to move minus opponent)
//! times a fixed-point weight.

use super::bitboard::{Bitboard, BOTTOM_ROW, CENTRE, TOP_ROW};
use super::board::Checkers;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::player::Player;
use crate::score::{Score, Value};

/// The baseline's weights, in units of one man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per man.
    pub man: Value,
    /// Per king (the classical "a king is worth about one and a half men").
    pub king: Value,
    /// Per man still on its own back rank (guarding the crowning squares).
    pub back_rank: Value,
    /// Per piece on the eight central squares.
    pub centre: Value,
    /// Per simple move available.
    pub mobility: Value,
}

impl Weights {
    /// The number of weights (the length of the flat array).
    pub const LEN: usize = 5;

    /// The default weights.
    pub const DEFAULT: Weights = Weights {
        man: Value::lit("1"),
        king: Value::lit("1.5"),
        back_rank: Value::lit("0.1"),
        centre: Value::lit("0.05"),
        mobility: Value::lit("0.02"),
    };

    /// The weights as a flat array, in field order.
    #[must_use]
    pub const fn to_array(&self) -> [Value; Self::LEN] {
        [
            self.man,
            self.king,
            self.back_rank,
            self.centre,
            self.mobility,
        ]
    }

    /// The weights from a flat array in field order (the inverse of [`Weights::to_array`]).
    #[must_use]
    pub const fn from_array(a: [Value; Self::LEN]) -> Weights {
        let [man, king, back_rank, centre, mobility] = a;
        Weights {
            man,
            king,
            back_rank,
            centre,
            mobility,
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// The baseline evaluator (the default evaluator of checkers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Baseline {
    /// Its weights.
    pub weights: Weights,
}

/// The features of one side.
struct Features {
    men: i32,
    kings: i32,
    back_rank: i32,
    centre: i32,
    mobility: i32,
}

fn count(b: Bitboard) -> i32 {
    b.count_ones() as i32
}

impl Features {
    fn of(pos: &Checkers, player: Player) -> Features {
        let pieces = pos.pieces(player);
        let men = pieces & !pos.kings();
        let home = match player {
            Player::First => TOP_ROW,
            Player::Second => BOTTOM_ROW,
        };
        Features {
            men: count(men),
            kings: count(pieces & pos.kings()),
            back_rank: count(men & home),
            centre: count(pieces & CENTRE),
            mobility: pos.mobility(player) as i32,
        }
    }
}

impl Baseline {
    /// The evaluation as a fixed-point value for the side to move.
    #[must_use]
    pub fn value(&self, pos: &Checkers) -> Value {
        let me = Features::of(pos, pos.side_to_move());
        let them = Features::of(pos, pos.side_to_move().other());
        let w = &self.weights;
        [
            (w.man, me.men - them.men),
            (w.king, me.kings - them.kings),
            (w.back_rank, me.back_rank - them.back_rank),
            (w.centre, me.centre - them.centre),
            (w.mobility, me.mobility - them.mobility),
        ]
        .iter()
        .fold(Value::ZERO, |acc, &(weight, diff)| {
            acc.saturating_add(weight.saturating_mul_int(diff))
        })
    }
}

impl Evaluator<Checkers> for Baseline {
    fn evaluate(&self, pos: &Checkers) -> Score {
        Score::from_fixed(self.value(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;

    #[test]
    fn start_is_balanced_and_material_counts() {
        assert_eq!(Baseline::default().evaluate(&Checkers::START), Score::ZERO);
        let up_a_king = Checkers::parse_fen("B:W30:BK10,13").unwrap();
        assert!(Baseline::default().value(&up_a_king) > Value::lit("1.5"));
        let flipped = Checkers::parse_fen("W:W30:BK10,13").unwrap();
        assert!(Baseline::default().value(&flipped) < Value::lit("-1.5"));
    }

    #[test]
    fn flat_array_round_trips() {
        let w = Weights::DEFAULT;
        assert_eq!(Weights::from_array(w.to_array()), w);
        let odd = Weights::from_array([
            Value::from_bits(1),
            Value::MIN,
            Value::MAX,
            Value::ZERO,
            Value::lit("-3.25"),
        ]);
        assert_eq!(Weights::from_array(odd.to_array()), odd);
    }
}

//! The territory evaluator (Lieberum, "An evaluation function for the game of
//! Amazons", Theoretical Computer Science 349, 2005): for every empty square, which
//! side reaches it first in queen moves and in king moves, blended with mobility by
//! the phase of the game; the split-game endgame on top.
//!
//! From the side to move's view, over the empty squares:
//! - `t1`: squares the side reaches in fewer queen moves than the opponent, minus the
//!   opponent's; a square both reach in the same number counts `tie` for the side to
//!   move (Lieberum's `k`, it moves first);
//! - `t2`: the same with king moves (a more local, early-game measure);
//! - mobility: the squares each queen reaches in one move.
//!
//! value = `queen` × t1 + (`king` × t2 + `mobility` × mob) × (remaining / total),
//! where remaining / total is the share of the board's squares still empty: the
//! king-distance and mobility terms fade out as the board fills and queen territory,
//! which is exact once the board has split, takes over. Distances are breadth-first
//! over whole bitboards (one queen-move or king-step flood per distance).
//!
//! The value is rounded to [`GRAIN`] (a quarter of a square). MTD(f) and AB-SSS\*
//! close in on the root value one distinct leaf value at a time, so a grain of
//! 2^-16 made them re-search the root thousands of times (2.7 M nodes for alpha-beta's
//! 22 k at depth 2); at a quarter square they need about as many nodes as PVS at
//! depth 3, and a quarter square is finer than anything the weights mean.

use super::bitboard::{king_step, queen_mobility, queen_reach};
use super::board::Amazons;
use super::endgame::split_aware;
use crate::eval::Evaluator;
use crate::score::{Score, Value};

/// The resolution of [`TerritoryEval`]: every value is a multiple of it.
pub const GRAIN: Value = Value::lit("0.25");

/// The weights of [`TerritoryEval`], in heuristic units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerritoryWeights {
    /// Per square of queen-distance territory.
    pub queen: Value,
    /// Per square of king-distance territory (scaled by the empty share).
    pub king: Value,
    /// Per square of mobility (scaled by the empty share).
    pub mobility: Value,
    /// A square both sides reach at the same distance, for the side to move.
    pub tie: Value,
    /// Per move of difference in a split position the one-side search has not decided.
    pub split: Value,
}

impl TerritoryWeights {
    /// Defaults after Lieberum (k = 0.2 for ties); the blend weights are ours.
    pub const DEFAULT: TerritoryWeights = TerritoryWeights {
        queen: Value::lit("1"),
        king: Value::lit("0.5"),
        mobility: Value::lit("0.1"),
        tie: Value::lit("0.2"),
        split: Value::lit("2"),
    };

    /// The number of weights in the flat view.
    pub const LEN: usize = 5;

    /// The weights as a flat array (for the genetic algorithm and weight files).
    #[must_use]
    pub const fn to_array(&self) -> [Value; Self::LEN] {
        [self.queen, self.king, self.mobility, self.tie, self.split]
    }

    /// The weights from a flat array (the inverse of [`Self::to_array`]).
    #[must_use]
    pub const fn from_array(a: [Value; Self::LEN]) -> TerritoryWeights {
        TerritoryWeights {
            queen: a[0],
            king: a[1],
            mobility: a[2],
            tie: a[3],
            split: a[4],
        }
    }
}

impl Default for TerritoryWeights {
    fn default() -> TerritoryWeights {
        TerritoryWeights::DEFAULT
    }
}

/// Squares won, lost and tied on distance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Territory {
    /// Squares the side to move reaches first.
    pub mine: u32,
    /// Squares the opponent reaches first.
    pub theirs: u32,
    /// Squares both reach at the same distance.
    pub ties: u32,
}

/// Territory by distance, where `step(frontier, empty)` gives the squares one move
/// from the frontier: breadth-first from both sides at once, one layer per distance.
fn territory(
    mine: u128,
    theirs: u128,
    empty: u128,
    step: impl Fn(u128, u128) -> u128,
) -> Territory {
    let mut t = Territory::default();
    let (mut front_m, mut front_t) = (mine, theirs);
    let (mut seen_m, mut seen_t) = (0u128, 0u128);
    while front_m | front_t != 0 {
        let new_m = step(front_m, empty) & !seen_m;
        let new_t = step(front_t, empty) & !seen_t;
        t.mine += (new_m & !new_t & !seen_t).count_ones();
        t.theirs += (new_t & !new_m & !seen_m).count_ones();
        t.ties += (new_m & new_t).count_ones();
        seen_m |= new_m;
        seen_t |= new_t;
        (front_m, front_t) = (new_m, new_t);
    }
    t
}

/// Queen-distance territory of the side to move.
#[must_use]
pub fn queen_territory(pos: &Amazons) -> Territory {
    let me = pos.side();
    territory(
        pos.queens(me).bits(),
        pos.queens(me.other()).bits(),
        pos.empty().bits(),
        queen_reach,
    )
}

/// King-distance territory of the side to move.
#[must_use]
pub fn king_territory(pos: &Amazons) -> Territory {
    let me = pos.side();
    territory(
        pos.queens(me).bits(),
        pos.queens(me.other()).bits(),
        pos.empty().bits(),
        |f, e| king_step(f) & e,
    )
}

/// The territory evaluator with its weights (the default evaluator of Amazons).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TerritoryEval {
    /// The weights.
    pub weights: TerritoryWeights,
}

fn raw(w: Value) -> i64 {
    i64::from(w.to_bits())
}

impl TerritoryEval {
    /// The ordinary evaluation (no split analysis), for the side to move.
    #[must_use]
    pub fn features(&self, pos: &Amazons) -> Score {
        let w = &self.weights;
        let me = pos.side();
        let empty = pos.empty().bits();
        let value_of = |t: Territory| {
            (i64::from(t.mine) - i64::from(t.theirs)) * (1 << 16) + raw(w.tie) * i64::from(t.ties)
        };
        let t1 = value_of(queen_territory(pos));
        let t2 = value_of(king_territory(pos));
        let mobility = i64::from(queen_mobility(pos.queens(me).bits(), empty))
            - i64::from(queen_mobility(pos.queens(me.other()).bits(), empty));
        let total = i64::from(pos.size().mask().count_ones());
        let remaining = i64::from(empty.count_ones());
        // t1, t2 are in raw units (1 << 16 per square): scale by the weights' raw bits.
        let early = (raw(w.king) * t2 + raw(w.mobility) * mobility * (1 << 16)) >> 16;
        let v = ((raw(w.queen) * t1) >> 16) + early * remaining / total;
        let grain = i64::from(GRAIN.to_bits());
        let v = (v + grain / 2).div_euclid(grain) * grain;
        Score::heuristic_wide(v)
    }
}

impl Evaluator<Amazons> for TerritoryEval {
    fn evaluate(&self, pos: &Amazons) -> Score {
        split_aware(pos, self.weights.split.to_bits(), || self.features(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::notation::Notation;

    #[test]
    fn territory_counts_by_hand() {
        // 6x6: White a1, Black f6, White to move; no arrows. By queen moves each side
        // reaches its rank, file and the long diagonal in one move; the squares on
        // both (a6, f1 and the diagonal) are ties.
        let pos = Amazons::parse_fen("5q/6/6/6/6/Q5:w").unwrap();
        let t = queen_territory(&pos);
        assert_eq!(t.mine, t.theirs);
        assert_eq!(t.mine + t.theirs + t.ties, 34);
        let k = king_territory(&pos);
        assert_eq!(k.mine, k.theirs);
        // King distance: squares with max(r, c) < max(5 - r, 5 - c) are White's.
        assert_eq!(k.ties, 34 - 2 * k.mine);
    }

    #[test]
    fn start_is_balanced_and_weights_round_trip() {
        let start = Amazons::start_position(Default::default());
        // Symmetric position: only the tie bonus for the side to move remains.
        let v = TerritoryEval::default().evaluate(&start);
        assert!(v > Score::ZERO, "{v}");
        let w = TerritoryWeights::DEFAULT;
        assert_eq!(TerritoryWeights::from_array(w.to_array()), w);
    }

    #[test]
    fn values_are_multiples_of_the_grain() {
        let mut pos = Amazons::start_position(Default::default());
        let grain = GRAIN.to_bits();
        for i in 0..40 {
            let v = TerritoryEval::default().features(&pos);
            assert_eq!(v.raw() % grain, 0, "{v} at ply {i}");
            let Some(m) = pos.nth_move(i * 37 % pos.count_moves() as usize) else {
                break;
            };
            pos = pos.after(m);
        }
    }

    #[test]
    fn walling_in_a_queen_is_good() {
        // Black's queen in the corner behind arrows: White is far ahead.
        let pos = Amazons::parse_fen("q1x3/xx4/6/6/6/Q5:w").unwrap();
        assert!(TerritoryEval::default().evaluate(&pos) > Score::units(10));
    }
}

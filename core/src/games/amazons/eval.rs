//! The Amazons paper's evaluator: mobility, neighbourhood and the spread of the queens,
//! in fixed point, with the split-game endgame on top.
//!
//! From the side to move's view (`me` minus `them` throughout):
//! - **mobility**: every empty square a queen reaches along its eight rays is worth
//!   `mobility` (10 points), counted per queen;
//! - **neighbourhood**: each of a queen's eight neighbours that is blocked costs its
//!   owner: a board edge `edge` (3), an arrow `arrow` (4), an opposing queen
//!   `opponent` (3), an own queen `own` (5), the last counted once for a pair of
//!   neighbouring queens;
//! - **spread** (a for the side to move, b for the opponent): well-spread queens
//!   control more of the board. We read it as `spread` × the sum over the side's pairs
//!   of queens of their king distance, each capped at half the board width (spreading
//!   further gains nothing), a = +spread(me), b = −spread(them).
//!
//! Before move [`SPREAD_UNTIL_MOVE`] the value is mobility + neighbourhood + a + b,
//! after it mobility + neighbourhood. Points are heuristic units of a [`Score`].
//! When the board has split, [`super::endgame`] decides instead.

use super::bitboard::{neighbours_each, queen_mobility, Bitboard};
use super::board::Amazons;
use super::endgame::split_aware;
use crate::eval::Evaluator;
use crate::player::Player;
use crate::score::{Score, Value};

/// The move (number of arrows on the board) from which spread no longer counts.
pub const SPREAD_UNTIL_MOVE: u32 = 50;

/// The weights of [`PaperEval`], in points per feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperWeights {
    /// Per empty square a queen reaches.
    pub mobility: Value,
    /// Per neighbour off the board.
    pub edge: Value,
    /// Per neighbouring arrow.
    pub arrow: Value,
    /// Per neighbouring opposing queen.
    pub opponent: Value,
    /// Per pair of neighbouring own queens.
    pub own: Value,
    /// Per square of king distance between two queens of a side.
    pub spread: Value,
    /// Per move of difference in a split position the one-side search has not decided.
    pub split: Value,
}

impl PaperWeights {
    /// The paper's values (spread and split: ours, see the module docs).
    pub const DEFAULT: PaperWeights = PaperWeights {
        mobility: Value::lit("10"),
        edge: Value::lit("3"),
        arrow: Value::lit("4"),
        opponent: Value::lit("3"),
        own: Value::lit("5"),
        spread: Value::lit("2"),
        split: Value::lit("100"),
    };

    /// The number of weights in the flat view.
    pub const LEN: usize = 7;

    /// The weights as a flat array (for the genetic algorithm and weight files).
    #[must_use]
    pub const fn to_array(&self) -> [Value; Self::LEN] {
        [
            self.mobility,
            self.edge,
            self.arrow,
            self.opponent,
            self.own,
            self.spread,
            self.split,
        ]
    }

    /// The weights from a flat array (the inverse of [`Self::to_array`]).
    #[must_use]
    pub const fn from_array(a: [Value; Self::LEN]) -> PaperWeights {
        PaperWeights {
            mobility: a[0],
            edge: a[1],
            arrow: a[2],
            opponent: a[3],
            own: a[4],
            spread: a[5],
            split: a[6],
        }
    }
}

impl Default for PaperWeights {
    fn default() -> PaperWeights {
        PaperWeights::DEFAULT
    }
}

/// The paper's evaluator with its weights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaperEval {
    /// The weights.
    pub weights: PaperWeights,
}

/// Counts of blocked neighbours of one side's queens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Neighbourhood {
    edge: i64,
    arrow: i64,
    opponent: i64,
    own_pairs: i64,
}

fn neighbourhood(pos: &Amazons, player: Player) -> Neighbourhood {
    let mine = pos.queens(player).bits();
    let theirs = pos.queens(player.other()).bits();
    let board = pos.size().mask();
    let queens = i64::from(mine.count_ones());
    let mut n = Neighbourhood::default();
    let mut own_ends = 0;
    for step in neighbours_each(mine) {
        n.edge += queens - i64::from((step & board).count_ones());
        n.arrow += i64::from((step & pos.arrows().bits()).count_ones());
        n.opponent += i64::from((step & theirs).count_ones());
        own_ends += i64::from((step & mine).count_ones());
    }
    // Each neighbouring pair was seen from both ends.
    n.own_pairs = own_ends / 2;
    n
}

/// Σ over pairs of `queens` of their king distance, each capped at `cap`.
fn spread(queens: u128, cap: i64) -> i64 {
    let mut total = 0;
    let mut rest = queens;
    for a in Bitboard::from_board_bits(queens) {
        rest &= !a.bit();
        for b in Bitboard::from_board_bits(rest) {
            let rows = i64::from(a.row().abs_diff(b.row()));
            let columns = i64::from(a.column().abs_diff(b.column()));
            total += rows.max(columns).min(cap);
        }
    }
    total
}

fn raw(w: Value) -> i64 {
    i64::from(w.to_bits())
}

impl PaperEval {
    /// The value of one side's features (raw fixed-point bits).
    fn side_value(&self, pos: &Amazons, player: Player, with_spread: bool) -> i64 {
        let w = &self.weights;
        let mobility = i64::from(queen_mobility(
            pos.queens(player).bits(),
            pos.empty().bits(),
        ));
        let n = neighbourhood(pos, player);
        let blocked = raw(w.edge) * n.edge
            + raw(w.arrow) * n.arrow
            + raw(w.opponent) * n.opponent
            + raw(w.own) * n.own_pairs;
        let spread = if with_spread {
            raw(w.spread) * spread(pos.queens(player).bits(), i64::from(pos.size().n() / 2))
        } else {
            0
        };
        raw(w.mobility) * mobility - blocked + spread
    }

    /// The ordinary evaluation (no split analysis), for the side to move.
    #[must_use]
    pub fn features(&self, pos: &Amazons) -> Score {
        let with_spread = pos.moves_played() < SPREAD_UNTIL_MOVE;
        let me = pos.side();
        let v =
            self.side_value(pos, me, with_spread) - self.side_value(pos, me.other(), with_spread);
        Score::heuristic_wide(v)
    }
}

impl Evaluator<Amazons> for PaperEval {
    fn evaluate(&self, pos: &Amazons) -> Score {
        split_aware(pos, self.weights.split.to_bits(), || self.features(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;

    #[test]
    fn the_start_is_balanced_and_weights_round_trip() {
        let start = Amazons::start_position(Default::default());
        assert_eq!(PaperEval::default().evaluate(&start), Score::ZERO);
        let w = PaperWeights::DEFAULT;
        assert_eq!(PaperWeights::from_array(w.to_array()), w);
    }

    #[test]
    fn hand_counted_features() {
        // 6x6, White queen a1, Black queen f6, one arrow on b2, White to move.
        let pos = Amazons::parse_fen("5q/6/6/6/1x4/Q5:w").unwrap();
        // White a1: mobility 5 (rank) + 5 (file) + 0 (b2 blocks the diagonal) = 10;
        // neighbours: 5 off the board, 1 arrow.
        // Black f6: 5 + 5 + 3 (e5, d4, c3; b2 blocks) = 13; 5 off the board.
        let expected = 10 * (10 - 13) - (3 * 5 + 4) + 3 * 5;
        assert_eq!(PaperEval::default().evaluate(&pos), Score::units(expected));
    }

    #[test]
    fn neighbouring_own_queens_count_once() {
        let pos = Amazons::parse_fen("5q/6/6/6/6/QQ4:w").unwrap();
        let n = neighbourhood(&pos, Player::First);
        assert_eq!((n.own_pairs, n.edge), (1, 5 + 3));
    }
}

//! The one-side search of split positions: how many moves can a side still make in
//! one of its regions if the opponent never interferes?
//!
//! Each move burns exactly one empty square, so a region with `k` reachable empty
//! squares allows at most `k` moves. A greedy walk (step to the neighbour with the
//! fewest empty neighbours, Warnsdorff's rule, and shoot back at the square just left)
//! gives a lower bound at once and fills most regions completely. When it does not,
//! a depth-first search over the side's own moves maximises the count, within a node
//! budget; the bounds are exact when the walk fills the region or the search finishes.

use core::ops::ControlFlow;

use super::bitboard::{king_step, Bitboard};
use super::movegen::queen_arrow_moves;
use super::region::{flood, Region};
use super::square::{Move, Square};

/// Regions with more empty squares than this are only bounded, never searched (the
/// search recurses once per move, so this also bounds its stack depth).
pub const EXACT_LIMIT: u32 = 20;

/// Bounds on the number of moves a side can make; exact when they meet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Moves the side can surely make.
    pub lower: u32,
    /// Moves the side can make at most.
    pub upper: u32,
}

impl Count {
    /// Whether the count is known exactly.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        self.lower == self.upper
    }

    /// The sum of two independent regions' counts.
    #[must_use]
    pub const fn plus(self, other: Count) -> Count {
        Count {
            lower: self.lower + other.lower,
            upper: self.upper + other.upper,
        }
    }
}

/// The empty squares the queens can still reach: the count's upper bound.
fn reachable_empty(queens: u128, empty: u128) -> u128 {
    flood(queens, empty) & empty
}

/// The greedy walk's first step from the lowest queen that can move: to the
/// neighbour with the fewest empty neighbours, the arrow back on the square left.
fn greedy_step(queens: u128, empty: u128) -> Option<Move> {
    for from in Bitboard::from_board_bits(queens) {
        let mut best: Option<(u32, Square)> = None;
        for to in Bitboard::from_board_bits(king_step(from.bit()) & empty) {
            let degree = (king_step(to.bit()) & empty & !to.bit()).count_ones();
            if best.is_none_or(|(d, _)| degree < d) {
                best = Some((degree, to));
            }
        }
        if let Some((_, to)) = best {
            return Some(Move {
                from,
                to,
                arrow: from,
            });
        }
    }
    None
}

/// Plays `m` on the one-side state.
fn apply(queens: u128, empty: u128, m: Move) -> (u128, u128) {
    let (from, to, arrow) = (m.from.bit(), m.to.bit(), m.arrow.bit());
    (queens ^ from ^ to, (empty | from) & !to & !arrow)
}

/// The length of the greedy walk: a lower bound on the moves available.
fn greedy_walk(mut queens: u128, mut empty: u128) -> u32 {
    let mut n = 0;
    while let Some(m) = greedy_step(queens, empty) {
        (queens, empty) = apply(queens, empty, m);
        n += 1;
    }
    n
}

/// What a one-side search found from a state.
#[derive(Clone, Copy, Debug)]
struct Found {
    /// The most moves found.
    moves: u32,
    /// Whether that is the maximum (the search finished or reached the upper bound).
    complete: bool,
    /// The first move of the longest sequence found.
    first: Option<Move>,
}

/// Depth-first over the side's own moves, maximising their number. Each visited node
/// costs one unit of `budget`.
fn search(queens: u128, empty: u128, budget: &mut u32) -> Found {
    let upper = reachable_empty(queens, empty).count_ones();
    let mut best = Found {
        moves: 0,
        complete: true,
        first: None,
    };
    let _ = queen_arrow_moves(queens, empty, |m| {
        if best.moves == upper {
            return ControlFlow::Break(());
        }
        if *budget == 0 {
            best.complete = false;
            return ControlFlow::Break(());
        }
        *budget -= 1;
        let (q, e) = apply(queens, empty, m);
        let below = search(q, e, budget);
        best.complete &= below.complete;
        if below.moves + 1 > best.moves {
            best.moves = below.moves + 1;
            best.first = Some(m);
        }
        ControlFlow::Continue(())
    });
    best.complete |= best.moves == upper;
    best
}

/// Bounds on the moves the queens of `region` can make, with the first move of the
/// longest sequence found (`None` when the queens cannot move).
///
/// The opponent is taken to never move here, so the bounds hold for the game only
/// once the board has split ([`super::region::is_split`]): before that an opposing
/// queen can step into the region, even through a square one of its queens leaves.
#[must_use]
pub fn region_moves(region: Region, budget: &mut u32) -> (Count, Option<Move>) {
    let Region { queens, empty } = region;
    let upper = reachable_empty(queens, empty).count_ones();
    let greedy = Count {
        lower: greedy_walk(queens, empty),
        upper,
    };
    let first = greedy_step(queens, empty);
    if greedy.is_exact() || upper > EXACT_LIMIT {
        return (greedy, first);
    }
    let found = search(queens, empty, budget);
    if found.moves <= greedy.lower {
        let upper = if found.complete { greedy.lower } else { upper };
        return (Count { upper, ..greedy }, first);
    }
    let upper = if found.complete { found.moves } else { upper };
    let count = Count {
        lower: found.moves,
        upper,
    };
    (count, found.first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::amazons::region::Regions;
    use crate::games::amazons::Amazons;
    use crate::notation::Notation;
    use crate::player::Player;

    fn counts(fen: &str, player: Player) -> Count {
        let pos = Amazons::parse_fen(fen).unwrap();
        let mut budget = 100_000;
        Regions::of(&pos, player)
            .map(|r| region_moves(r, &mut budget).0)
            .fold(Count::default(), Count::plus)
    }

    #[test]
    fn an_open_strip_is_filled_completely() {
        // White's queen on a1 with the rest of rank 1 empty: five moves.
        let c = counts("q5/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Q5:w", Player::First);
        assert_eq!(c, Count { lower: 5, upper: 5 });
        // Black's queen on a6 with five empty squares too.
        let c = counts("q5/xxxxxx/xxxxxx/xxxxxx/xxxxxx/Q5:w", Player::Second);
        assert_eq!(c, Count { lower: 5, upper: 5 });
    }

    #[test]
    fn a_queen_in_the_middle_of_a_strip_still_fills_it() {
        // Queen on c1, the rest of rank 1 empty. The greedy walk steps to b1 and
        // strands itself after two moves; the search finds c1-a1/f1 and then fills
        // b1..e1 from the end (a1-e1/a1, e1-b1/e1, b1-d1/b1, d1-c1/d1): five moves.
        let c = counts("q5/xxxxxx/xxxxxx/xxxxxx/xxxxxx/2Q3:w", Player::First);
        assert_eq!(c, Count { lower: 5, upper: 5 });
    }

    #[test]
    fn unreachable_squares_do_not_count() {
        // c3 is empty but touches no square White can reach: two moves (a2, b1).
        let c = counts("q5/xxxxxx/xxxxxx/xx1xxx/1xxxxx/Q1xxxx:w", Player::First);
        assert_eq!(c, Count { lower: 2, upper: 2 });
    }
}

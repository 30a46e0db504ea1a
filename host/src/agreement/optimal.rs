//! The exact solver's verdict on every move of a Dots-and-Boxes position: which moves
//! keep the best net score, and which keep the best result (win, draw or loss).

use microply_core::games::dots::{
    solve, stack_len, Dots, Edge, Edges, Solution, SolveError, SolverMove,
};
use microply_core::search::{Entry, Table};

/// The exact solver's memory: its table and its move stack, reused between solves.
pub struct SolverMemory {
    table: Vec<Entry>,
    stack: Vec<SolverMove>,
}

impl SolverMemory {
    /// A table of `entries` entries (any number; more is faster, none works).
    #[must_use]
    pub fn new(entries: usize) -> SolverMemory {
        SolverMemory {
            table: vec![Entry::EMPTY; entries],
            stack: Vec::new(),
        }
    }

    /// Solves `pos` exactly.
    ///
    /// # Errors
    /// [`SolveError::TooManyEdges`] for positions beyond the solver's depth.
    pub fn solve(&mut self, pos: &Dots) -> Result<Solution, SolveError> {
        let need = stack_len(pos.undrawn().count());
        if self.stack.len() < need {
            self.stack.resize(need, SolverMove::default());
        }
        solve(pos, &mut Table::new(&mut self.table), &mut self.stack)
    }
}

/// The moves of a position that perfect play allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptimalMoves {
    /// The position's value: the mover's best net score over the boxes still to take.
    pub value: i32,
    /// The moves reaching `value` (what the solver rates optimal).
    pub best: Edges,
    /// The moves whose final result (win, draw or loss for the mover) is the best
    /// one: a superset of `best`, which also admits a smaller winning margin.
    pub same_result: Edges,
    /// Every legal move.
    pub legal: Edges,
}

/// The value of drawing `e` for the side to move in `pos`: the boxes it completes
/// plus the rest of the game, whose value the solver gives from the next mover's view
/// (the same player after a capture, the opponent otherwise).
///
/// # Errors
/// [`SolveError::TooManyEdges`] for positions beyond the solver's depth.
pub fn move_value(pos: &Dots, e: Edge, memory: &mut SolverMemory) -> Result<i32, SolveError> {
    let taken = pos.boxes_completed_by(e) as i32;
    let rest = memory.solve(&pos.draw(e))?.value;
    Ok(if taken > 0 { taken + rest } else { -rest })
}

/// Every move of `pos` judged by the solver, with `table` as its memory (any length).
/// A finished game has no moves: value 0 and empty sets.
///
/// # Errors
/// [`SolveError::TooManyEdges`] for positions beyond the solver's depth.
pub fn optimal_moves(pos: &Dots, memory: &mut SolverMemory) -> Result<OptimalMoves, SolveError> {
    let legal = pos.undrawn();
    let values: Vec<(Edge, i32)> = legal
        .iter()
        .map(|e| Ok((e, move_value(pos, e, memory)?)))
        .collect::<Result<_, SolveError>>()?;
    let value = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let taken = margin_so_far(pos);
    let result = |v: i32| (taken + v).signum();
    let best_result = result(value);
    let collect = |keep: &dyn Fn(i32) -> bool| {
        values
            .iter()
            .filter(|&&(_, v)| keep(v))
            .fold(Edges::EMPTY, |set, &(e, _)| set.with(e))
    };
    Ok(OptimalMoves {
        value,
        best: collect(&|v| v == value),
        same_result: collect(&|v| result(v) == best_result),
        legal,
    })
}

/// The mover's boxes minus the opponent's.
fn margin_so_far(pos: &Dots) -> i32 {
    let side = pos.side();
    i32::from(pos.score(side)) - i32::from(pos.score(side.other()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::dots::Size;
    use microply_core::{Notation, Player};

    #[test]
    fn two_boxes_one_to_take_by_hand() {
        // 1×2: both boxes have top and bottom, the left box its left side. Drawing the
        // middle line b1-b2 takes the left box, then the right one: +2. Drawing
        // the right side gives both boxes away with the middle line: −2.
        let pos = Dots::parse_fen("1x2:a1-b1,b1-c1,a2-b2,b2-c2,a1-a2:0-0:2").unwrap();
        let o = optimal_moves(&pos, &mut SolverMemory::new(0)).unwrap();
        let middle = pos.parse_move("b1-b2").unwrap();
        let right = pos.parse_move("c1-c2").unwrap();
        assert_eq!(o.value, 2);
        assert_eq!(o.best, Edges::EMPTY.with(middle));
        assert_eq!(o.same_result, o.best);
        assert_eq!(o.legal, Edges::EMPTY.with(middle).with(right));
        assert_eq!(move_value(&pos, right, &mut SolverMemory::new(0)), Ok(-2));
    }

    #[test]
    fn a_late_4x4_position_by_hand() {
        // 4×4, everything drawn but six lines: the top of the top-left box (whose
        // other three sides are drawn: a box to take) and the five verticals of the
        // bottom row (a chain of four boxes, open at both ends). 11 boxes are taken,
        // 8–3 for the mover. Taking the box (+1) leaves the mover to open the last
        // chain, all four to the opponent: 1 − 4 = −3, 9–7 overall.
        // Any chain line instead hands over the box and the chain: −5, 8–8. So the
        // box is the one optimal move and the only one that keeps the win.
        let size = Size::new(4, 4).unwrap();
        let the_box = Edge::horizontal(0, 0).unwrap();
        let chain: Vec<Edge> = (0..=4).map(|c| Edge::vertical(3, c).unwrap()).collect();
        let undrawn = chain.iter().fold(the_box.set(), |s, &e| s.with(e));
        let pos =
            Dots::from_parts(size, Edges::all(size).minus(undrawn), [8, 3], Player::First).unwrap();
        assert_eq!(pos.undrawn(), undrawn);
        let o = optimal_moves(&pos, &mut SolverMemory::new(1 << 10)).unwrap();
        assert_eq!(o.value, -3);
        assert_eq!(o.best, the_box.set());
        assert_eq!(o.same_result, the_box.set());
        assert_eq!(o.legal, undrawn);
        for &e in &chain {
            assert_eq!(move_value(&pos, e, &mut SolverMemory::new(0)), Ok(-5));
        }
    }

    #[test]
    fn the_best_value_agrees_with_the_solver() {
        let pos = Dots::parse_fen("3x3:a1-b1,b2-c2,c3-c4:0-0:2").unwrap();
        let mut memory = SolverMemory::new(1 << 12);
        let o = optimal_moves(&pos, &mut memory).unwrap();
        let s = memory.solve(&pos).unwrap();
        assert_eq!(o.value, s.value);
        assert!(o.best.contains(s.best.unwrap()));
        assert_eq!(o.best.minus(o.same_result), Edges::EMPTY);
        assert_eq!(o.same_result.minus(o.legal), Edges::EMPTY);
    }

    #[test]
    fn a_finished_game_has_no_moves() {
        let pos = Dots::parse_fen("1x1:a1-b1,a2-b2,a1-a2,b1-b2:1-0:2").unwrap();
        let o = optimal_moves(&pos, &mut SolverMemory::new(0)).unwrap();
        assert_eq!((o.value, o.best, o.legal), (0, Edges::EMPTY, Edges::EMPTY));
    }
}

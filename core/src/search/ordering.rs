//! Move ordering: the order in which a node visits its moves, as a staged picker.
//!
//! A node first tries the table's best move, which the table keeps packed
//! ([`Game::pack_move`]) so it can be checked and played before any generation: when
//! it cuts off (the usual case once the table is warm), the node never generates its
//! moves (about 2,000 in 10×10 Amazons). Otherwise the node generates its moves into
//! the move stack and visits its ply's killer moves (the last two moves that refuted a
//! sibling: with ~2,000 Amazons moves a node, the move that cut one sibling off
//! usually cuts the next one off too), then the rest in generation order, each move
//! once. In the selective and ProbCut modes the rest come by decreasing history
//! ([`History`]) instead, ties in generation order. Every piece of this is a pure function of the search so far, so the same
//! search gives the same order on every target.

use super::history::History;
use crate::game::{Game, MoveBufferFull};

/// How many plies keep killer moves (deeper plies simply have none).
pub(crate) const KILLER_PLIES: usize = 64;

/// The two most recent refutations at each ply, newest first.
#[derive(Clone, Debug)]
pub(crate) struct Killers<M> {
    slots: [[Option<M>; 2]; KILLER_PLIES],
}

impl<M: Copy + Eq> Killers<M> {
    /// No killers anywhere.
    pub(crate) fn new() -> Killers<M> {
        Killers {
            slots: [[None; 2]; KILLER_PLIES],
        }
    }

    /// The killers of `ply`, newest first.
    pub(crate) fn at(&self, ply: u32) -> [Option<M>; 2] {
        self.slots
            .get(ply as usize)
            .copied()
            .unwrap_or([None, None])
    }

    /// Records that `m` refuted a node at `ply`.
    pub(crate) fn record(&mut self, ply: u32, m: M) {
        if let Some(slot) = self.slots.get_mut(ply as usize) {
            if slot[0] != Some(m) {
                slot[1] = slot[0];
                slot[0] = Some(m);
            }
        }
    }
}

/// The generated moves to visit first (the table move when it was not visited before
/// generation, then the killers: at most three, distinct, all `< n`) and the one
/// already visited before generation (the table move), by index.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Front {
    indices: [usize; 3],
    len: usize,
    visited: Option<usize>,
}

impl Front {
    /// `first`, then the killers found among `moves` (each at most once), skipping
    /// `visited`.
    pub(crate) fn new<M: Copy + Eq>(
        moves: &[M],
        visited: Option<M>,
        first: Option<usize>,
        killers: [Option<M>; 2],
    ) -> Front {
        let mut front = Front {
            visited: visited.and_then(|v| moves.iter().position(|&m| m == v)),
            ..Front::default()
        };
        if let Some(i) = first.filter(|&i| i < moves.len()) {
            front.push(i);
        }
        for k in killers.into_iter().flatten() {
            if let Some(i) = moves.iter().position(|&m| m == k) {
                front.push(i);
            }
        }
        front
    }

    fn push(&mut self, i: usize) {
        if !self.contains(i) && self.len < self.indices.len() {
            self.indices[self.len] = i;
            self.len += 1;
        }
    }

    fn contains(&self, i: usize) -> bool {
        self.visited == Some(i) || self.indices[..self.len].contains(&i)
    }
}

/// Yields the indices `0..n` not visited yet: the [`Front`] first, then the rest in
/// generation order.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveOrder {
    n: usize,
    front: Front,
    taken: usize,
    next: usize,
}

impl MoveOrder {
    /// Generation order with `front` moved ahead of the rest.
    pub(crate) fn new(n: usize, front: Front) -> MoveOrder {
        MoveOrder {
            n,
            front,
            taken: 0,
            next: 0,
        }
    }
}

impl Iterator for MoveOrder {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.taken < self.front.len {
            self.taken += 1;
            return Some(self.front.indices[self.taken - 1]);
        }
        while self.next < self.n {
            let i = self.next;
            self.next += 1;
            if !self.front.contains(i) {
                return Some(i);
            }
        }
        None
    }
}

/// A move to visit and the part of the move stack its search may use.
pub(crate) type Picked<'s, M> = Option<(M, &'s mut [M])>;

/// Where a [`MovePicker`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The table move is next (if any).
    TableMove,
    /// The moves are still to be generated.
    Generate,
    /// Killers, then the rest of the generated moves.
    Generated,
}

/// Hands a node its moves one at a time, each with the free part of the move stack
/// for the child's search: the table move before any generation (when the game can
/// check it cheaply, [`Game::unpack_move`]; else first after generation), then
/// killers, then the remaining moves in generation order (or history order, when
/// [`MovePicker::next`] is given a history).
pub(crate) struct MovePicker<'p, G: Game> {
    pos: &'p G,
    /// The table's move as packed.
    packed: Option<u32>,
    /// The table's move, checked legal before generation.
    table_move: Option<G::Move>,
    killers: [Option<G::Move>; 2],
    stage: Stage,
    /// The generated moves (empty before generation).
    moves: &'p [G::Move],
    /// The move stack not holding this node's moves.
    free: &'p mut [G::Move],
    order: MoveOrder,
}

impl<'p, G: Game> MovePicker<'p, G> {
    /// A picker for `pos` over `stack`, with the table's move as packed.
    pub(crate) fn new(
        pos: &'p G,
        stack: &'p mut [G::Move],
        packed: Option<u32>,
        killers: [Option<G::Move>; 2],
    ) -> MovePicker<'p, G> {
        MovePicker {
            pos,
            packed,
            table_move: packed.and_then(|p| pos.unpack_move(p)),
            killers,
            stage: Stage::TableMove,
            moves: &[],
            free: stack,
            order: MoveOrder::default(),
        }
    }

    /// The next move to visit and the move stack its search may use; when the moves
    /// are generated now and `history` is given, the moves after the table move and
    /// killers come by decreasing history.
    ///
    /// # Errors
    /// [`MoveBufferFull`] when the stack cannot hold the node's moves.
    pub(crate) fn next(
        &mut self,
        history: Option<&History>,
    ) -> Result<Picked<'_, G::Move>, MoveBufferFull> {
        if self.stage == Stage::TableMove {
            self.stage = Stage::Generate;
            if let Some(m) = self.table_move {
                return Ok(Some((m, &mut *self.free)));
            }
        }
        if self.stage == Stage::Generate {
            self.generate(history)?;
        }
        let Some(m) = self.order.next().and_then(|i| self.moves.get(i)) else {
            return Ok(None);
        };
        Ok(Some((*m, &mut *self.free)))
    }

    fn generate(&mut self, history: Option<&History>) -> Result<(), MoveBufferFull> {
        let stack = core::mem::take(&mut self.free);
        let n = self.pos.generate(stack)?;
        let (moves, free) = stack.split_at_mut(n);
        if let Some(h) = history {
            h.sort::<G>(self.pos.side_to_move(), moves);
        }
        self.moves = moves;
        self.free = free;
        let first = match (self.table_move, self.packed) {
            (None, Some(p)) => self.moves.iter().position(|&m| G::pack_move(m) == p),
            _ => None,
        };
        let front = Front::new(self.moves, self.table_move, first, self.killers);
        self.order = MoveOrder::new(n, front);
        self.stage = Stage::Generated;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;

    fn cell(i: u8) -> Cell {
        Cell::new(i).unwrap()
    }
    use crate::games::tictactoe::{Cell, TicTacToe};

    fn order(moves: &[u8], visited: Option<u8>, killers: [Option<u8>; 2]) -> Vec<usize> {
        MoveOrder::new(moves.len(), Front::new(moves, visited, None, killers)).collect()
    }

    #[test]
    fn the_visited_move_is_skipped_and_the_rest_stay_in_order() {
        assert_eq!(order(&[10, 11, 12, 13], Some(12), [None, None]), [0, 1, 3]);
        assert_eq!(order(&[10, 11, 12], None, [None, None]), [0, 1, 2]);
        assert_eq!(order(&[10, 11, 12], Some(7), [None, None]), [0, 1, 2]);
        assert_eq!(order(&[], Some(0), [Some(1), None]).len(), 0);
    }

    #[test]
    fn killers_come_first_once_each_and_only_when_legal() {
        assert_eq!(
            order(&[10, 11, 12, 13], Some(12), [Some(13), Some(10)]),
            [3, 0, 1]
        );
        // A killer equal to the visited move, a killer not among the moves.
        assert_eq!(
            order(&[10, 11, 12, 13], Some(11), [Some(11), Some(99)]),
            [0, 2, 3]
        );
        assert_eq!(order(&[10, 11, 12], None, [Some(12), Some(11)]), [2, 1, 0]);
    }

    fn picked(stack: &mut [Cell], table: Option<Cell>, killers: [Option<Cell>; 2]) -> Vec<u8> {
        let pos = TicTacToe::START.after(cell(4));
        let mut picker = MovePicker::new(&pos, stack, table.map(TicTacToe::pack_move), killers);
        let mut seen = Vec::new();
        while let Some((m, free)) = picker.next(None).unwrap() {
            assert!(pos.is_legal(m));
            seen.push((m.index(), free.len()));
        }
        // Moves after generation get the stack above the node's eight moves.
        assert!(seen
            .iter()
            .skip(usize::from(table.is_some()))
            .all(|&(_, f)| f == 2));
        seen.into_iter().map(|(m, _)| m).collect()
    }

    #[test]
    fn the_picker_gives_table_move_killers_then_the_rest_each_once() {
        let mut stack = [Cell::default(); 10];
        assert_eq!(
            picked(&mut stack, None, [None, None]),
            [0, 1, 2, 3, 5, 6, 7, 8]
        );
        assert_eq!(
            picked(
                &mut stack,
                Some(cell(7)),
                [Some(2), Some(7)].map(|k| k.map(cell))
            ),
            [7, 2, 0, 1, 3, 5, 6, 8]
        );
    }

    #[test]
    fn a_table_move_the_game_cannot_check_early_comes_first_after_generation() {
        assert_eq!(
            MoveOrder::new(
                4,
                Front::new(&[10, 11, 12, 13], None, Some(2), [Some(13), None])
            )
            .collect::<Vec<_>>(),
            [2, 3, 0, 1]
        );
    }

    #[test]
    fn the_table_move_needs_no_generation() {
        let pos = TicTacToe::START;
        let mut picker = MovePicker::new(&pos, &mut [], Some(3), [None, None]);
        assert_eq!(
            picker.next(None).map(|o| o.map(|(m, f)| (m, f.len()))),
            Ok(Some((cell(3), 0)))
        );
        // Only the moves after it need room for the node's moves.
        assert_eq!(picker.next(None).map(|o| o.is_some()), Err(MoveBufferFull));
    }

    #[test]
    fn killers_keep_the_two_newest_distinct_moves() {
        let mut k = Killers::<u8>::new();
        k.record(3, 5);
        k.record(3, 5);
        assert_eq!(k.at(3), [Some(5), None]);
        k.record(3, 6);
        k.record(3, 7);
        assert_eq!(k.at(3), [Some(7), Some(6)]);
        assert_eq!(k.at(2), [None, None]);
        k.record(KILLER_PLIES as u32, 1);
        assert_eq!(k.at(KILLER_PLIES as u32), [None, None]);
    }
}

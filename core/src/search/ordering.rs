//! Move ordering: the order in which a node visits its moves.
//!
//! Moves stay in generation order in the move stack; the ordering yields indices, so
//! the index stored in the transposition table always refers to generation order.
//! A node visits the table's best move first, then its ply's killer moves (the last
//! two moves that refuted a sibling: with ~2,000 Amazons moves a node, the move that
//! cut one sibling off usually cuts the next one off too), then the rest in
//! generation order. Every piece of this is a pure function of the search so far, so
//! the same search gives the same order on every target.

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

/// The indices to visit first, at most three, distinct and all `< n`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Front {
    indices: [usize; 3],
    len: usize,
}

impl Front {
    /// The table's move, then the killers found among `moves` (each at most once).
    pub(crate) fn new<M: Copy + Eq>(
        moves: &[M],
        hint: Option<usize>,
        killers: [Option<M>; 2],
    ) -> Front {
        let mut front = Front::default();
        if let Some(h) = hint.filter(|&h| h < moves.len()) {
            front.push(h);
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
        self.indices[..self.len].contains(&i)
    }
}

/// Yields `0..n`: the [`Front`] first, then the rest in generation order.
#[derive(Clone, Debug)]
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

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;

    fn order(moves: &[u8], hint: Option<usize>, killers: [Option<u8>; 2]) -> Vec<usize> {
        MoveOrder::new(moves.len(), Front::new(moves, hint, killers)).collect()
    }

    #[test]
    fn hint_first_then_the_rest_in_order() {
        assert_eq!(
            order(&[10, 11, 12, 13], Some(2), [None, None]),
            [2, 0, 1, 3]
        );
        assert_eq!(order(&[10, 11, 12], None, [None, None]), [0, 1, 2]);
        assert_eq!(order(&[10, 11, 12], Some(7), [None, None]), [0, 1, 2]);
        assert_eq!(order(&[], Some(0), [Some(1), None]).len(), 0);
    }

    #[test]
    fn killers_follow_the_hint_once_each_and_only_when_legal() {
        assert_eq!(
            order(&[10, 11, 12, 13], Some(2), [Some(13), Some(10)]),
            [2, 3, 0, 1]
        );
        // A killer equal to the hint, a killer not among the moves.
        assert_eq!(
            order(&[10, 11, 12, 13], Some(1), [Some(11), Some(99)]),
            [1, 0, 2, 3]
        );
        assert_eq!(order(&[10, 11, 12], None, [Some(12), Some(11)]), [2, 1, 0]);
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

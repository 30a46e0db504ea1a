//! Move ordering: the order in which a node visits its moves.
//!
//! Moves stay in generation order in the move stack; the ordering yields indices, so
//! the index stored in the transposition table always refers to generation order.

/// Yields `0..n` with the hinted move (the table's best move) first.
#[derive(Clone, Debug)]
pub(crate) struct MoveOrder {
    n: usize,
    hint: Option<usize>,
    hint_done: bool,
    next: usize,
}

impl MoveOrder {
    /// Generation order, with `hint` (when it is a valid index) moved to the front.
    pub(crate) fn new(n: usize, hint: Option<usize>) -> MoveOrder {
        MoveOrder {
            n,
            hint: hint.filter(|&h| h < n),
            hint_done: false,
            next: 0,
        }
    }
}

impl Iterator for MoveOrder {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if !self.hint_done {
            self.hint_done = true;
            if self.hint.is_some() {
                return self.hint;
            }
        }
        while self.next < self.n {
            let i = self.next;
            self.next += 1;
            if Some(i) != self.hint {
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

    #[test]
    fn hint_first_then_the_rest_in_order() {
        assert_eq!(MoveOrder::new(4, Some(2)).collect::<Vec<_>>(), [2, 0, 1, 3]);
        assert_eq!(MoveOrder::new(3, None).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(MoveOrder::new(3, Some(7)).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(MoveOrder::new(0, Some(0)).count(), 0);
    }
}

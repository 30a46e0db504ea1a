//! The game being played: its start, the moves since (each as its index in the
//! position's generation order, two bytes a ply), and the current position.
//! Taking back replays the moves from the start, so no position history is kept.

use core::ops::ControlFlow;

use microply_core::games::AnyPosition;
use microply_core::{with_position, Game, Outcome, Player};

/// The most plies the record keeps. A longer game goes on: the record then restarts
/// from the current position, and moves before it can no longer be taken back.
pub const MAX_PLIES: usize = 400;

/// A game from its start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    start: AnyPosition,
    plies: heapless::Vec<u16, MAX_PLIES>,
    current: AnyPosition,
    /// Dots-and-Boxes: the boxes the first player completed (the core counts them;
    /// the screen shows whose each box is).
    first_boxes: u64,
    /// Those boxes at `start`.
    start_boxes: u64,
}

impl Record {
    /// A game starting at `start`.
    #[must_use]
    pub fn new(start: AnyPosition) -> Record {
        Record {
            start,
            plies: heapless::Vec::new(),
            current: start,
            first_boxes: 0,
            start_boxes: 0,
        }
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &AnyPosition {
        &self.current
    }

    /// The number of plies that can be taken back.
    #[must_use]
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether no ply can be taken back.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        with_position!(&self.current, _G, p => p.side_to_move())
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        with_position!(&self.current, _G, p => p.outcome())
    }

    /// Dots-and-Boxes: the boxes completed by the first player (bit `8r + c`).
    #[must_use]
    pub const fn first_boxes(&self) -> u64 {
        self.first_boxes
    }

    /// Plays the legal move with generation index `index`; `false` (and nothing
    /// changes) when there is none.
    pub fn play(&mut self, index: u16) -> bool {
        let Some(next) = after(&self.current, index) else {
            return false;
        };
        self.first_boxes |= boxes_won(&self.current, &next);
        if self.plies.push(index).is_err() {
            self.start = next;
            self.start_boxes = self.first_boxes;
            self.plies.clear();
        }
        self.current = next;
        true
    }

    /// Takes the last `n` plies back (as many as there are); returns how many.
    pub fn take_back(&mut self, n: usize) -> usize {
        let n = n.min(self.plies.len());
        self.plies.truncate(self.plies.len() - n);
        let (position, boxes) = self.replay(self.plies.len());
        self.current = position;
        self.first_boxes = boxes;
        n
    }

    /// The position before the last ply and that ply's index, if any ply was played.
    #[must_use]
    pub fn last(&self) -> Option<(AnyPosition, u16)> {
        let (&index, rest) = self.plies.split_last()?;
        Some((self.replay(rest.len()).0, index))
    }

    /// The position after the first `plies` moves, with the first player's boxes.
    fn replay(&self, plies: usize) -> (AnyPosition, u64) {
        let mut position = self.start;
        let mut boxes = self.start_boxes;
        for &index in self.plies.iter().take(plies) {
            // Every recorded index was legal where it was played.
            if let Some(next) = after(&position, index) {
                boxes |= boxes_won(&position, &next);
                position = next;
            }
        }
        (position, boxes)
    }

    /// Whether replaying the record from its start plays a legal move at every ply
    /// and arrives at the current position (what the property tests check).
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let mut position = self.start;
        for &index in &self.plies {
            match after(&position, index) {
                Some(next) => position = next,
                None => return false,
            }
        }
        position == self.current
    }
}

/// The position after the legal move with generation index `index`.
#[must_use]
pub fn after(pos: &AnyPosition, index: u16) -> Option<AnyPosition> {
    with_position!(pos, _G, p => p.nth_move(usize::from(index)).map(|m| AnyPosition::from(p.after(m))))
}

/// The generation index of the legal move `m` of `pos`.
#[must_use]
pub fn index_of<G: Game>(pos: &G, m: G::Move) -> Option<u16> {
    let mut i: u16 = 0;
    match pos.for_each_move(|x| {
        if x == m {
            ControlFlow::Break(i)
        } else {
            i = i.saturating_add(1);
            ControlFlow::Continue(())
        }
    }) {
        ControlFlow::Break(i) => Some(i),
        ControlFlow::Continue(()) => None,
    }
}

/// Dots-and-Boxes: the boxes the first player completed going from `before` to
/// `after` (0 for the other games or when the second player moved).
fn boxes_won(before: &AnyPosition, after: &AnyPosition) -> u64 {
    match (before, after) {
        (AnyPosition::Dots(b), AnyPosition::Dots(a)) if b.side() == Player::First => {
            a.full_boxes() & !b.full_boxes()
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::dots::{Dots, Size};
    use microply_core::games::tictactoe::TicTacToe;

    #[test]
    fn take_back_replays_to_the_earlier_position() {
        let mut r = Record::new(TicTacToe::START.into());
        assert!(r.play(4));
        let after_one = *r.position();
        assert!(r.play(0));
        assert!(!r.play(99), "no 100th move");
        assert_eq!(r.len(), 2);
        assert_eq!(r.take_back(1), 1);
        assert_eq!(*r.position(), after_one);
        assert_eq!(r.take_back(5), 1);
        assert_eq!(*r.position(), AnyPosition::from(TicTacToe::START));
        assert!(r.is_consistent());
    }

    #[test]
    fn dots_boxes_are_credited_to_who_completed_them() {
        // Every game of 1×2 boxes, first legal move or last each ply: the boxes
        // credited to the first player are full and as many as its score, and
        // taking a ply back keeps that so.
        let size = Size::new(1, 2).unwrap();
        let mut first_scored = false;
        for pattern in 0..128u32 {
            let mut r = Record::new(Dots::empty(size).into());
            for ply in 0.. {
                let AnyPosition::Dots(pos) = *r.position() else {
                    panic!("a dots game")
                };
                let n = pos.count_moves() as u16;
                if n == 0 {
                    break;
                }
                let index = if pattern >> (ply % 7) & 1 == 1 {
                    n - 1
                } else {
                    0
                };
                assert!(r.play(index));
            }
            let check = |r: &Record| {
                let AnyPosition::Dots(pos) = *r.position() else {
                    panic!("a dots game")
                };
                assert_eq!(r.first_boxes() & !pos.full_boxes(), 0);
                assert_eq!(
                    r.first_boxes().count_ones(),
                    u32::from(pos.score(Player::First))
                );
            };
            check(&r);
            first_scored |= r.first_boxes() != 0;
            r.take_back(3);
            check(&r);
        }
        assert!(first_scored, "some game credits the first player");
    }
}

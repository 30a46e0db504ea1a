//! The [`Game`] implementation: every undrawn edge is a move, in edge order
//! (horizontal rows bottom to top, then vertical rows bottom to top).

use core::ops::ControlFlow;

use super::board::Dots;
use super::edges::Edge;
use super::size::Size;
use crate::game::{ConfigError, Game};
use crate::player::{Outcome, Player};

impl Game for Dots {
    type Move = Edge;
    type Config = Size;

    const NAME: &'static str = "dots";
    /// A bound: 6×6 has 84 edges.
    const MOVE_CAPACITY: usize = 84;

    fn start(config: &Size) -> Dots {
        Dots::empty(*config)
    }

    fn configure(config: &mut Size, key: &str, value: &str) -> Result<(), ConfigError> {
        config.configure(key, value)
    }

    fn config(&self) -> Size {
        self.size()
    }

    fn side_to_move(&self) -> Player {
        self.side()
    }

    fn for_each_move<B>(&self, mut f: impl FnMut(Edge) -> ControlFlow<B>) -> ControlFlow<B> {
        for e in self.undrawn().iter() {
            f(e)?;
        }
        ControlFlow::Continue(())
    }

    fn after(&self, m: Edge) -> Dots {
        self.draw(m)
    }

    fn hash(&self) -> u64 {
        Dots::hash(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn count_moves(&self) -> u64 {
        u64::from(self.undrawn().count())
    }

    fn has_moves(&self) -> bool {
        !self.undrawn().is_empty()
    }

    fn is_legal(&self, m: Edge) -> bool {
        m.is_on(self.size()) && !self.edges().contains(m)
    }

    fn pack_move(m: Edge) -> u32 {
        u32::from(m.index())
    }

    fn unpack_move(&self, packed: u32) -> Option<Edge> {
        let m = Edge::new(u8::try_from(packed).ok()?)?;
        self.is_legal(m).then_some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft;

    #[test]
    fn perft_is_a_falling_factorial_of_the_edges() {
        // Every undrawn edge is legal until the board is full, whoever moves.
        let pos = Dots::empty(Size::new(1, 1).unwrap());
        let mut buf = [Edge::default(); 64];
        assert_eq!(perft(&pos, 4, &mut buf), Ok(24));
        let pos = Dots::empty(Size::new(2, 2).unwrap());
        assert_eq!(perft(&pos, 3, &mut buf), Ok(12 * 11 * 10));
        assert_eq!(pos.count_moves(), 12);
    }
}

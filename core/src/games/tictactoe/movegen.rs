//! Move generation: every empty cell, in index order, until the game is over.

use core::ops::ControlFlow;

use super::board::{Cell, Mask, TicTacToe};
use crate::game::{ConfigError, Game};
use crate::player::{Outcome, Player};

impl TicTacToe {
    fn open_cells(&self) -> Mask {
        if self.result().is_some() {
            Mask::EMPTY
        } else {
            self.empty()
        }
    }
}

impl Game for TicTacToe {
    type Move = Cell;
    type Config = ();

    const NAME: &'static str = "tictactoe";
    const MOVE_CAPACITY: usize = 9;

    fn start((): &()) -> TicTacToe {
        TicTacToe::START
    }

    fn configure((): &mut (), _key: &str, _value: &str) -> Result<(), ConfigError> {
        Err(ConfigError::UnknownKey)
    }

    fn config(&self) {}

    fn side_to_move(&self) -> Player {
        self.side()
    }

    fn for_each_move<B>(&self, mut f: impl FnMut(Cell) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut open = self.open_cells();
        while let Some((cell, rest)) = open.pop_first() {
            open = rest;
            f(cell)?;
        }
        ControlFlow::Continue(())
    }

    fn after(&self, m: Cell) -> TicTacToe {
        self.place(m)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn count_moves(&self) -> u64 {
        u64::from(self.open_cells().len())
    }

    fn pack_move(m: Cell) -> u32 {
        u32::from(m.0)
    }

    fn unpack_move(&self, packed: u32) -> Option<Cell> {
        let cell = Cell::new(u8::try_from(packed).ok()?)?;
        self.open_cells().contains(cell).then_some(cell)
    }
}

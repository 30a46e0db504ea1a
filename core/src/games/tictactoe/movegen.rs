//! Move generation: every empty cell, in index order, until the game is over.

use core::ops::ControlFlow;

use super::board::{Cell, Mask, TicTacToe};
use crate::game::{ConfigError, Game};
use crate::player::{Outcome, Player};

impl TicTacToe {
    fn open_cells(&self) -> Mask {
        if self.result().is_some() {
            0
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
        while open != 0 {
            let cell = Cell(open.trailing_zeros() as u8);
            open &= open - 1;
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
        u64::from(self.open_cells().count_ones())
    }

    fn pack_move(m: Cell) -> u32 {
        u32::from(m.0)
    }

    fn unpack_move(&self, packed: u32) -> Option<Cell> {
        let open = 1u32
            .checked_shl(packed)
            .is_some_and(|bit| u32::from(self.open_cells()) & bit != 0);
        open.then_some(Cell(packed as u8))
    }
}

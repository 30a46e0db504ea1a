//! One side's view of a checkers position, the board turned so that its men move toward
//! the higher squares: what the pattern tables ([`super::patterns`]) and the residual
//! network ([`super::residual`]) both read.

use super::board::Checkers;
use crate::player::Player;

/// One side's view of a position, the board turned so that its men move toward the
/// higher squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Its men.
    pub own: u32,
    /// The opponent's men.
    pub opp: u32,
    /// Its kings.
    pub kings: u32,
}

/// The two views of a position: Black's as the board is, White's turned.
#[must_use]
pub fn views(pos: &Checkers) -> [View; 2] {
    let men = !pos.kings();
    let black = pos.pieces(Player::First);
    let white = pos.pieces(Player::Second);
    [
        View {
            own: black & men,
            opp: white & men,
            kings: black & pos.kings(),
        },
        View {
            own: (white & men).reverse_bits(),
            opp: (black & men).reverse_bits(),
            kings: (white & pos.kings()).reverse_bits(),
        },
    ]
}

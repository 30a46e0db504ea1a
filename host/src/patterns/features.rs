//! A labelled position as the trainer sees it: the pattern offsets it touches, each
//! with its sign for the side to move, and the scalar inputs, all computed by core's
//! own functions ([`microply_core::games::checkers::patterns`]) so that training and
//! inference cannot disagree.

use microply_core::games::checkers::patterns::{offsets, views, Layout, Scalars, View, REGIONS};
use microply_core::games::checkers::Checkers;
use microply_core::Player;

/// What one position contributes to the linear model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sparse {
    /// Offsets added (the side to move's view; `u32::MAX` past the layout's
    /// regions)...
    pub plus: [u32; REGIONS],
    /// ... and subtracted (the opponent's view).
    pub minus: [u32; REGIONS],
    /// King-square offsets added and subtracted (up to 12 each; `u32::MAX` is none).
    pub kings_plus: [u32; 12],
    /// See `kings_plus`.
    pub kings_minus: [u32; 12],
    /// The scalar inputs in weight order: men, kings, men·progress/24,
    /// kings·progress/24, 1 (tempo).
    pub scalars: [f32; 5],
    /// The game's progress, pieces taken off over 24: how much of a two-phase table's
    /// ending value a pattern takes (the rest from its opening value).
    pub late: f32,
}

impl Sparse {
    /// The features of `pos` for its side to move, as `layout`'s tables read them.
    #[must_use]
    pub fn of(pos: &Checkers, layout: Layout) -> Sparse {
        let [black, white] = views(pos);
        let (mine, theirs) = match microply_core::Game::side_to_move(pos) {
            Player::First => (black, white),
            Player::Second => (white, black),
        };
        // Each view reads a pattern's copy its opponent's kings choose
        // (`Layout::value_index`: the one copy but for the king-split layouts).
        let at = |offset: usize, opponent: View| {
            u32::try_from(layout.value_index(offset, opponent.kings)).unwrap_or(u32::MAX)
        };
        let wide = |v: View, opponent: View| {
            let mut out = [u32::MAX; REGIONS];
            let all = offsets(v.own, v.opp, layout);
            for (slot, &x) in out.iter_mut().zip(&all[..layout.regions()]) {
                *slot = at(x, opponent);
            }
            out
        };
        let kings = |v: View, opponent: View| {
            let mut out = [u32::MAX; 12];
            let mut k = v.kings;
            for slot in &mut out {
                if k == 0 {
                    break;
                }
                *slot = at(layout.king_base() + k.trailing_zeros() as usize, opponent);
                k &= k - 1;
            }
            out
        };
        let s = Scalars::of(pos);
        let late = s.progress as f32 / 24.0;
        Sparse {
            plus: wide(mine, theirs),
            minus: wide(theirs, mine),
            kings_plus: kings(mine, theirs),
            kings_minus: kings(theirs, mine),
            scalars: [
                s.men as f32,
                s.kings as f32,
                s.men as f32 * late,
                s.kings as f32 * late,
                1.0,
            ],
            late,
        }
    }
}

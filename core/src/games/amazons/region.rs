//! Region analysis: flood fills that find where each side's queens can ever go, and
//! whether the board has split into regions that no two opposing queens share.
//!
//! Connectivity is by king steps through empty squares: a queen (or an arrow) can
//! pass between two squares exactly when they are joined by a chain of empty squares
//! that touch at an edge or a corner. Arrows and queens separate regions.

use super::bitboard::{bit, king_step};
use super::board::Amazons;
use crate::player::Player;

/// The squares of `open` joined to `seeds` by king steps through `open`, and the seeds.
/// (One king step per round over the whole set; rounds = the region's diameter.)
#[must_use]
pub const fn flood(seeds: u128, open: u128) -> u128 {
    let mut area = seeds;
    loop {
        let next = area | (king_step(area) & open);
        if next == area {
            return area;
        }
        area = next;
    }
}

/// The empty squares the queens of `player` can ever reach (ignoring the opponent's
/// future arrows): their region(s).
#[must_use]
pub fn reachable(pos: &Amazons, player: Player) -> u128 {
    let empty = pos.empty().0;
    flood(pos.queens(player).0, empty) & empty
}

/// Whether no region holds queens of both sides: from here on each side only fills
/// its own territory, and the game is decided by who can make more moves.
#[must_use]
pub fn is_split(pos: &Amazons) -> bool {
    let white = reachable(pos, Player::First);
    let black_queens = pos.queens(Player::Second).0;
    king_step(white) & black_queens == 0
}

/// One independent part of a side's territory: some of its queens and the empty
/// squares they share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// The side's queens in the region.
    pub queens: u128,
    /// The region's empty squares.
    pub empty: u128,
}

/// The regions of `player`'s queens, lowest queen first: components of the empty
/// squares and the side's queens under king steps.
#[derive(Clone, Debug)]
pub struct Regions {
    queens: u128,
    empty: u128,
}

impl Regions {
    /// The regions of `player` in `pos`.
    #[must_use]
    pub fn of(pos: &Amazons, player: Player) -> Regions {
        Regions {
            queens: pos.queens(player).0,
            empty: pos.empty().0,
        }
    }
}

impl Iterator for Regions {
    type Item = Region;

    fn next(&mut self) -> Option<Region> {
        if self.queens == 0 {
            return None;
        }
        let first = bit(self.queens.trailing_zeros() as u8);
        let area = flood(first, self.empty | self.queens);
        let region = Region {
            queens: area & self.queens,
            empty: area & self.empty,
        };
        self.queens &= !area;
        Some(region)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;
    use crate::notation::Notation;

    #[test]
    fn start_is_not_split() {
        let pos = Amazons::start_position(super::super::Size::Ten);
        assert!(!is_split(&pos));
    }

    #[test]
    fn a_wall_of_arrows_splits_the_board() {
        // A full row of arrows between White (below) and Black (above).
        let pos = Amazons::parse_fen("1q2q1/q4q/xxxxxx/6/Q4Q/1Q2Q1:w").unwrap();
        assert!(is_split(&pos));
        assert_eq!(reachable(&pos, Player::First).count_ones(), 14);
        // A diagonal gap lets queens through: not split.
        let pos = Amazons::parse_fen("1q2q1/q4q/xxxx1x/xxxxx1/Q4Q/1Q2Q1:w").unwrap();
        assert!(!is_split(&pos));
    }

    #[test]
    fn regions_are_independent_components() {
        // White: a queen walled into the a-file corner, three queens on the right.
        let pos = Amazons::parse_fen("q5/xxxxxx/1x4/Qx1QQ1/1x4/1x2Q1:w").unwrap();
        let regions: Vec<Region> = Regions::of(&pos, Player::First).collect();
        assert_eq!(regions.len(), 2);
        assert_eq!(regions[0].queens.count_ones(), 3);
        assert_eq!(regions[0].empty.count_ones(), 13);
        assert_eq!(regions[1].queens.count_ones(), 1);
        assert_eq!(regions[1].empty.count_ones(), 3);
        assert!(is_split(&pos));
    }
}

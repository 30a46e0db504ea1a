//! Region analysis: flood fills that find where each side's queens can ever go, and
//! whether the board has split into regions that no two opposing queens share.
//!
//! Connectivity is by king steps through empty squares: a queen (or an arrow) can
//! pass between two squares exactly when they are joined by a chain of empty squares
//! that touch at an edge or a corner. Arrows separate regions for good; a queen only
//! for as long as it stands still: the square it leaves is empty, so a queen's own
//! square belongs to every region it touches.

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

/// The empty squares joined to the queens of `player` by king steps through empty
/// squares. In a split position ([`is_split`]) these are the squares its queens can
/// ever reach; while the sides still share a region, a square behind an opposing
/// queen is missing, as it opens once that queen moves.
#[must_use]
pub fn reachable(pos: &Amazons, player: Player) -> u128 {
    let empty = pos.empty().bits();
    flood(pos.queens(player).bits(), empty) & empty
}

/// Whether no region holds queens of both sides: from here on each side only fills
/// its own territory, and the game is decided by who can make more moves.
///
/// White's area is its queens' squares and the empty squares flooded from them. A
/// black queen next to any of it shares a region with White: next to an empty square
/// of the area, it can step there; next to a white queen itself, it can step into the
/// square that queen leaves (and that queen into its square).
#[must_use]
pub fn is_split(pos: &Amazons) -> bool {
    let white_area = flood(pos.queens(Player::First).bits(), pos.empty().bits());
    let black_queens = pos.queens(Player::Second).bits();
    king_step(white_area) & black_queens == 0
}

/// One independent part of a side's territory: some of its queens and the empty
/// squares they share. Independent only once the board has split ([`is_split`]):
/// before that an opposing queen may enter it.
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
            queens: pos.queens(player).bits(),
            empty: pos.empty().bits(),
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
    fn queens_that_touch_share_a_region() {
        // c3 and d3 touch; White's only empty square b3 and Black's e3 do not. The
        // queen that moves first leaves a square the other can step into.
        let pos = Amazons::parse_fen("xxxxxx/xxxxxx/xxxxxx/x1Qq1x/xxxxxx/xxxxxx:w").unwrap();
        assert!(!is_split(&pos));
        // Touching at a corner: White c3, Black d4.
        let pos = Amazons::parse_fen("xxxxxx/xxxxxx/xxxq1x/x1Qxxx/xxxxxx/xxxxxx:b").unwrap();
        assert!(!is_split(&pos));
        // One arrow between them (c3, e3 with d3 an arrow): split.
        let pos = Amazons::parse_fen("xxxxxx/xxxxxx/xxxxxx/1Qxq1x/xxxxxx/xxxxxx:w").unwrap();
        assert!(is_split(&pos));
    }

    #[test]
    fn a_queen_with_no_empty_square_still_counts() {
        // White's a1 has no empty neighbour and touches Black's b2: not split, though
        // the empty squares White reaches (e1, f2, from f1) are far from Black's (c3).
        let pos = Amazons::parse_fen("xxxxxx/xxxxxx/xxxxxx/xx1xxx/xqxxx1/Qxxx1Q:w").unwrap();
        assert!(!is_split(&pos));
    }

    #[test]
    fn the_issue_18_position_is_not_split() {
        // White's d3 queen touches Black's e2 queen; all else is walled apart.
        let pos = Amazons::parse_fen(
            "1x1xxx1x2/3xQ2x2/1Q1x3xx1/xxxxxxxx2/1qxxq1x1xx/xx2x2xx1/1xxxxxxxq1/1xxQx2xxx/1Qxxqxxx2/3x6:b",
        )
        .unwrap();
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

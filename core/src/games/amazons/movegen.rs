//! Move generation, staged so no move list is needed: for each queen (lowest square
//! first) its destinations, and for each destination the arrows shot from there.
//! Each stage is one bitboard; a microcontroller walks them with three set-bit loops.
//!
//! The bulk count needs no list either: for each queen, the destinations `D` and the
//! board with the queen lifted off, Σ over `d` in `D` of the arrows from `d`
//! ([`queen_reach_sum`]).

use core::ops::ControlFlow;

use super::bitboard::{queen_rays, queen_reach, queen_reach_sum, Bitboard};
use super::board::{Amazons, Config};
use super::rules::{Size, MAX_QUEENS};
use super::square::{Move, Square};
use crate::game::{parse_option, ConfigError, Game};
use crate::player::{Outcome, Player};

/// A proven bound on the legal moves of any position: four queens, each reaching at
/// most 35 squares (from e5 on an empty 10×10 board), each destination shooting
/// at most 35 arrows.
pub const MAX_MOVES: usize = 4 * 35 * 35;

impl Amazons {
    /// Calls `f` with the destinations of the queen on `from`, as a set.
    #[must_use]
    pub fn destinations(&self, from: Square) -> Bitboard {
        if !self.queens(self.side()).contains(from) {
            return Bitboard::EMPTY;
        }
        Bitboard::from_board_bits(queen_reach(from.bit(), self.empty().bits()))
    }

    /// The arrow squares after the queen on `from` moved to `to` (which must be one of
    /// its [`destinations`](Self::destinations)).
    #[must_use]
    pub fn arrows_after(&self, from: Square, to: Square) -> Bitboard {
        Bitboard::from_board_bits(queen_reach(to.bit(), self.empty().bits() | from.bit()))
    }

    /// The number of legal moves, counted in bulk.
    ///
    /// Arrows are first counted with every queen still on its square, in one pass
    /// over the destinations of all queens, kept as bit planes of how many queens
    /// reach each square (a square two queens reach counts twice). What that misses
    /// is exactly the arrows through the square the moving queen left: a destination
    /// `u`-wards of the queen at distance `t` shoots back over the `t − 1` squares
    /// between, the vacated square and the queen's own ray beyond it. Summed over the
    /// ray, `L_u · (1 + L_−u)` for ray lengths `L`, from the queen's eight rays alone.
    #[must_use]
    pub fn move_count(&self) -> u64 {
        let own = self.queens(self.side());
        if own.count() > MAX_QUEENS {
            // Only after illegal moves; the planes below hold counts up to 7.
            return self.move_count_per_queen();
        }
        let empty = self.empty().bits();
        let (mut ones, mut twos, mut fours) = (0u128, 0u128, 0u128);
        let mut through_origin = 0u64;
        for q in own {
            let rays = queen_rays(q.bit(), empty);
            let mut dests = 0;
            for pair in rays.chunks_exact(2) {
                let (a, b) = (
                    u64::from(pair[0].count_ones()),
                    u64::from(pair[1].count_ones()),
                );
                through_origin += a + b + 2 * a * b;
                dests |= pair[0] | pair[1];
            }
            let carry = ones & dests;
            ones ^= dests;
            fours |= twos & carry;
            twos ^= carry;
        }
        u64::from(queen_reach_sum(ones, empty))
            + 2 * u64::from(queen_reach_sum(twos, empty))
            + 4 * u64::from(queen_reach_sum(fours, empty))
            + through_origin
    }

    /// The bulk count queen by queen, each with its own square vacated.
    fn move_count_per_queen(&self) -> u64 {
        let empty = self.empty().bits();
        self.queens(self.side())
            .map(|q| {
                let from = q.bit();
                let dests = queen_reach(from, empty);
                u64::from(queen_reach_sum(dests, empty | from))
            })
            .sum()
    }
}

/// The staged generator over raw masks: for each queen of `queens`, each square it
/// reaches over `empty`, then each arrow from there (the vacated square counts as
/// empty). The game and the one-side search both use it.
pub(super) fn queen_arrow_moves<B>(
    queens: u128,
    empty: u128,
    mut f: impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for from in Bitboard::from_board_bits(queens) {
        let vacated = from.bit();
        for to in Bitboard::from_board_bits(queen_reach(vacated, empty)) {
            for arrow in Bitboard::from_board_bits(queen_reach(to.bit(), empty | vacated)) {
                f(Move { from, to, arrow })?;
            }
        }
    }
    ControlFlow::Continue(())
}

impl Game for Amazons {
    type Move = Move;
    type Config = Config;

    const NAME: &'static str = "amazons";
    const MOVE_CAPACITY: usize = MAX_MOVES;

    fn start(config: &Config) -> Amazons {
        Amazons::start_position(config.size)
    }

    fn configure(config: &mut Config, key: &str, value: &str) -> Result<(), ConfigError> {
        match key {
            "size" => {
                let n: u32 = parse_option(value, 6, 10)?;
                config.size = Size::from_n(n).ok_or(ConfigError::OutOfRange)?;
                Ok(())
            }
            _ => Err(ConfigError::UnknownKey),
        }
    }

    fn config(&self) -> Config {
        Config { size: self.size() }
    }

    fn side_to_move(&self) -> Player {
        self.side()
    }

    fn for_each_move<B>(&self, f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
        queen_arrow_moves(self.queens(self.side()).bits(), self.empty().bits(), f)
    }

    fn after(&self, m: Move) -> Amazons {
        self.play(m)
    }

    fn hash(&self) -> u64 {
        Amazons::hash(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.can_move(self.side()) {
            None
        } else {
            Some(Outcome::Win(self.side().other()))
        }
    }

    fn count_moves(&self) -> u64 {
        self.move_count()
    }

    fn has_moves(&self) -> bool {
        self.can_move(self.side())
    }

    fn is_legal(&self, m: Move) -> bool {
        self.is_legal_move(m)
    }

    /// Three 7-bit square indices: `from`, `to`, `arrow` from the low bits up.
    fn pack_move(m: Move) -> u32 {
        let square = |s: Square| u32::from(s.index() & 0x7F);
        square(m.from) | square(m.to) << 7 | square(m.arrow) << 14
    }

    /// Three slide checks, no generation: the point of packing (a 10×10 node has
    /// about 2,000 moves).
    fn unpack_move(&self, packed: u32) -> Option<Move> {
        let square = |shift: u32| Square::from_index(((packed >> shift) & 0x7F) as u8);
        let m = Move {
            from: square(0)?,
            to: square(7)?,
            arrow: square(14)?,
        };
        (packed >> 21 == 0 && self.is_legal_move(m)).then_some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft;

    #[test]
    fn perft_depth_one_and_two() {
        extern crate std;
        let mut moves = std::vec![Move::default(); 2 * MAX_MOVES];
        // Published counts (microply issue 4; see tests/data/amazons/perft.txt).
        let expected: [(Size, [u64; 2]); 3] = [
            (Size::Six, [544, 238_532]),
            (Size::Eight, [1232, 1_331_198]),
            (Size::Ten, [2176, 4_307_152]),
        ];
        for (size, counts) in expected {
            let start = Amazons::start_position(size);
            assert_eq!(start.count_moves(), counts[0], "{size:?}");
            assert_eq!(start.generate(&mut moves), Ok(counts[0] as usize));
            assert_eq!(perft(&start, 2, &mut moves), Ok(counts[1]), "{size:?}");
        }
    }

    #[test]
    fn bulk_count_survives_extra_queens_from_illegal_moves() {
        extern crate std;
        let mut moves = std::vec![Move::default(); 2 * MAX_MOVES];
        let bogus = |a: u8, b: u8| Move {
            from: Square::of_set_bit(a),
            to: Square::of_set_bit(b),
            arrow: Square::of_set_bit(60),
        };
        // Two illegal "moves" from empty squares give White six queens.
        let pos = Amazons::start_position(Size::Ten)
            .after(bogus(50, 52))
            .after(bogus(70, 80));
        assert_eq!(pos.queens(Player::First).count(), 6);
        let n = pos.generate(&mut moves).unwrap() as u64;
        assert_eq!(pos.count_moves(), n);
        assert_eq!(pos.move_count_per_queen(), n);
    }

    #[test]
    fn configure_accepts_the_three_sizes() {
        let mut c = Config::default();
        assert_eq!(c.size, Size::Ten);
        assert_eq!(Amazons::configure(&mut c, "size", "8"), Ok(()));
        assert_eq!(c.size, Size::Eight);
        assert_eq!(
            Amazons::configure(&mut c, "size", "7"),
            Err(ConfigError::OutOfRange)
        );
        assert_eq!(
            Amazons::configure(&mut c, "size", "12"),
            Err(ConfigError::OutOfRange)
        );
        assert_eq!(
            Amazons::configure(&mut c, "size", "x"),
            Err(ConfigError::NotANumber)
        );
        assert_eq!(
            Amazons::configure(&mut c, "rows", "8"),
            Err(ConfigError::UnknownKey)
        );
        assert_eq!(c.size, Size::Eight);
    }
}

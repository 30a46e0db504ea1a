//! Move generation: all pieces of a direction at once by shifts, capture sequences by
//! a depth-first walk that builds each path in place (no allocation), and bulk
//! counting for perft.
//!
//! Captures are mandatory: when any piece can jump, only capture sequences are
//! generated. Every sequence continues while a jump is available; a man that lands on
//! the king row is crowned and stops there. Captured pieces stay on the board until
//! the move ends (they block landings and cannot be jumped twice); the moving piece's
//! origin counts as empty.

use core::ops::ControlFlow;

use super::bitboard::{
    down_sources, jumpers, movers, step, up_sources, Bitboard, Dir, Squares, JUMPS, NEIGHBOURS,
};
use super::board::{Checkers, Config};
use super::moves::Move;
use super::square::Square;
use crate::game::{parse_option, ConfigError, Game};
use crate::player::{Outcome, Player};

/// The bits of a packed move holding one square (origin in bits 0–4, destination in
/// bits 5–9).
const SQUARE_FIELD: u32 = 0x1F;

/// What the side to move's pieces look like to the move generator. `BLACK` is a
/// const parameter so every shift direction is known at compile time.
#[derive(Clone, Copy)]
struct Side<const BLACK: bool> {
    /// All pieces of the side to move.
    mine: Bitboard,
    /// Its kings.
    kings: Bitboard,
    /// The opponent's pieces.
    theirs: Bitboard,
    /// Empty squares.
    empty: Bitboard,
}

/// Runs `$body` with `$side` bound to the [`Side`] of `$pos`'s player to move.
macro_rules! with_side {
    ($pos:expr, $side:ident => $body:expr) => {
        match $pos.side {
            Player::First => {
                let $side = Side::<true>::of($pos);
                $body
            }
            Player::Second => {
                let $side = Side::<false>::of($pos);
                $body
            }
        }
    };
}

impl<const BLACK: bool> Side<BLACK> {
    /// The directions its men move in.
    const FORWARD: [Dir; 2] = if BLACK { Dir::DOWN } else { Dir::UP };
    /// The directions only its kings move in.
    const BACKWARD: [Dir; 2] = if BLACK { Dir::UP } else { Dir::DOWN };
    /// The row where its men are crowned.
    const CROWN: Bitboard = Checkers::crown_row(if BLACK { Player::First } else { Player::Second });

    #[inline(always)]
    fn of(pos: &Checkers) -> Self {
        let (mine, theirs) = if BLACK {
            (pos.black, pos.white)
        } else {
            (pos.white, pos.black)
        };
        Side {
            mine,
            kings: mine & pos.kings,
            theirs,
            empty: pos.empty(),
        }
    }

    /// The pieces that can capture.
    #[inline(always)]
    fn capturers(&self) -> Bitboard {
        let (t, e) = (self.theirs, self.empty);
        jumpers(self.mine, t, e, Self::FORWARD[0])
            | jumpers(self.mine, t, e, Self::FORWARD[1])
            | jumpers(self.kings, t, e, Self::BACKWARD[0])
            | jumpers(self.kings, t, e, Self::BACKWARD[1])
    }

    /// The pieces that step in `dir` (men only forward) onto an empty square.
    #[inline(always)]
    fn steppers(&self, dir: Dir) -> Bitboard {
        let pieces = if Self::FORWARD[0] as u8 == dir as u8 || Self::FORWARD[1] as u8 == dir as u8 {
            self.mine
        } else {
            self.kings
        };
        movers(pieces, self.empty, dir)
    }

    /// The number of simple moves.
    #[inline(always)]
    fn count_steps(&self) -> u32 {
        let e = self.empty;
        let (forward, backward) = if BLACK {
            (down_sources(e), up_sources(e))
        } else {
            (up_sources(e), down_sources(e))
        };
        (self.mine & forward[0]).count_ones()
            + (self.mine & forward[1]).count_ones()
            + (self.kings & backward[0]).count_ones()
            + (self.kings & backward[1]).count_ones()
    }

    /// The number of captures when every capture is a single jump, found for all
    /// pieces at once; `None` when some landing square might allow another jump (then
    /// the sequences must be walked). The test is conservative: it lets the
    /// continuation jump any opponent piece and land on any square vacated by a
    /// capturer.
    #[inline(always)]
    fn count_single_jumps(&self) -> Option<u64> {
        let (t, e) = (self.theirs, self.empty);
        let mut count = 0;
        let (mut men_land, mut kings_land, mut origins) = (0, 0, 0);
        for (pieces, dirs) in [(self.mine, Self::FORWARD), (self.kings, Self::BACKWARD)] {
            for d in dirs {
                let from = jumpers(pieces, t, e, d);
                count += from.count_ones();
                origins |= from;
                let land = step(step(from, d), d);
                kings_land |= step(step(from & self.kings, d), d);
                men_land |= land & !step(step(from & self.kings, d), d);
            }
        }
        let free = e | origins;
        let men_go_on = men_land & !Self::CROWN;
        let again = jumpers(men_go_on, t, free, Self::FORWARD[0])
            | jumpers(men_go_on, t, free, Self::FORWARD[1])
            | Dir::ALL
                .iter()
                .fold(0, |acc, &d| acc | jumpers(kings_land, t, free, d));
        (again == 0).then_some(u64::from(count))
    }

    /// The number of legal moves (draw rules aside).
    #[inline(always)]
    fn count_moves(&self) -> u64 {
        let capturers = self.capturers();
        if capturers == 0 {
            return u64::from(self.count_steps());
        }
        if let Some(n) = self.count_single_jumps() {
            return n;
        }
        Squares::of(capturers)
            .map(|sq| Walk::from(self, sq).count(sq, false))
            .sum()
    }

    /// The directions the piece on `sq` moves in.
    #[inline(always)]
    fn dirs(&self, sq: Square) -> &'static [Dir] {
        if self.kings & sq.bit() != 0 {
            &Dir::ALL
        } else if BLACK {
            &Dir::DOWN
        } else {
            &Dir::UP
        }
    }

    /// The row that ends a capture sequence of the piece on `sq` (none for kings).
    #[inline(always)]
    fn stop_row(&self, sq: Square) -> Bitboard {
        if self.kings & sq.bit() != 0 {
            0
        } else {
            Self::CROWN
        }
    }
}

/// Where a capture sequence stands: the squares it may still use.
#[derive(Clone, Copy)]
struct Walk {
    dirs: &'static [Dir],
    /// Opponent pieces not yet captured.
    victims: Bitboard,
    /// Empty squares (the origin included; captured pieces excluded).
    empty: Bitboard,
    /// Landing here ends the sequence (the crown row for a man).
    stop: Bitboard,
}

impl Walk {
    fn from<const BLACK: bool>(side: &Side<BLACK>, sq: Square) -> Walk {
        Walk {
            dirs: side.dirs(sq),
            victims: side.theirs,
            empty: side.empty | sq.bit(),
            stop: side.stop_row(sq),
        }
    }

    /// The square a jump from `at` in `dir` lands on, with the piece it jumps over,
    /// when that jump is possible now.
    #[inline(always)]
    fn jump(&self, at: Square, dir: Dir) -> Option<(Bitboard, Square)> {
        let (d, sq) = (dir as usize & 3, at.index());
        let over = NEIGHBOURS[d][sq] & self.victims;
        let land = JUMPS[d][sq] & self.empty;
        if over == 0 {
            return None;
        }
        Square::lowest(land).map(|to| (over, to))
    }

    /// Calls `f` with every complete capture sequence that extends `m` (at `at`).
    fn generate<B>(
        self,
        m: Move,
        at: Square,
        f: &mut impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut extended = false;
        for &d in self.dirs {
            let Some((over, to)) = self.jump(at, d) else {
                continue;
            };
            extended = true;
            let next = m.jump(over, to);
            if to.bit() & self.stop != 0 {
                f(next)?;
            } else {
                let rest = Walk {
                    victims: self.victims & !over,
                    ..self
                };
                rest.generate(next, to, f)?;
            }
        }
        if !extended && m.is_capture() {
            f(m)?;
        }
        ControlFlow::Continue(())
    }

    /// The number of complete capture sequences from `at` (1 when none continues and
    /// `captured`, 0 when nothing can be captured).
    fn count(self, at: Square, captured: bool) -> u64 {
        let mut n = 0;
        for &d in self.dirs {
            let Some((over, to)) = self.jump(at, d) else {
                continue;
            };
            n += if to.bit() & self.stop != 0 {
                1
            } else {
                Walk {
                    victims: self.victims & !over,
                    ..self
                }
                .count(to, true)
            };
        }
        if n == 0 && captured {
            1
        } else {
            n
        }
    }
}

impl Checkers {
    /// The pieces of the side to move that can capture (so only captures are legal
    /// when this is not empty).
    #[must_use]
    pub fn capturers(&self) -> Bitboard {
        with_side!(self, side => side.capturers())
    }

    /// The number of simple (non-capturing) moves `player` would have if it were to
    /// move, ignoring the capture obligation: a mobility measure for evaluators.
    #[must_use]
    pub fn mobility(&self, player: Player) -> u32 {
        let mut pos = *self;
        pos.side = player;
        with_side!(&pos, side => side.count_steps())
    }

    /// Whether the side to move can move at all, draw rules aside.
    fn can_move(&self) -> bool {
        with_side!(self, side => {
            side.capturers() != 0 || Dir::ALL.iter().any(|&d| side.steppers(d) != 0)
        })
    }

    /// The simple move packing to `packed`, by two bitboard tests; `None` when a
    /// capture is pending (a capture path is found among the generated moves).
    fn unpack_step<const BLACK: bool>(side: &Side<BLACK>, packed: u32) -> Option<Move> {
        if side.capturers() != 0 {
            return None;
        }
        let field = |shift: u32| Square::new(((packed >> shift) & SQUARE_FIELD) as u8);
        let (from, to) = (field(0)?, field(5)?);
        let m = Move::simple(from, to);
        let steps = Dir::ALL
            .into_iter()
            .any(|d| side.steppers(d) & from.bit() != 0 && step(from.bit(), d) == to.bit());
        (steps && Self::pack_move(m) == packed).then_some(m)
    }

    fn for_each_capture<B, const BLACK: bool>(
        side: &Side<BLACK>,
        capturers: Bitboard,
        f: &mut impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for sq in Squares::of(capturers) {
            Walk::from(side, sq).generate(Move::start(sq), sq, f)?;
        }
        ControlFlow::Continue(())
    }

    fn for_each_step<B, const BLACK: bool>(
        side: &Side<BLACK>,
        f: &mut impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for d in Dir::ALL {
            for sq in Squares::of(side.steppers(d)) {
                if let Some(to) = Square::lowest(step(sq.bit(), d)) {
                    f(Move::simple(sq, to))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl Game for Checkers {
    type Move = Move;
    type Config = Config;

    const NAME: &'static str = "checkers";
    /// Not a proven bound: at most 48 simple moves (12 kings, 4 directions), but
    /// capture paths can be more numerous in artificial positions; 256 leaves a wide
    /// margin over the most seen in the random-position tests, and a larger count is
    /// reported as a full move buffer, never overrun.
    const MOVE_CAPACITY: usize = 256;
    /// 0.7 of a man: the residual between depths `d` and `d − 4` of PVS with
    /// `patterns` has a standard deviation of 0.42–0.55 of a man at the depths games
    /// reach (docs/search.md, "ProbCut"); 0.5 did no better at 1+0.01 (test 62).
    const PROBCUT_MARGIN: Option<i32> = Some(45_875);

    fn start(config: &Config) -> Checkers {
        Checkers::START.with_config(config)
    }

    fn configure(config: &mut Config, key: &str, value: &str) -> Result<(), ConfigError> {
        match key {
            "draw_plies" => {
                config.draw_plies = parse_option(value, 1u8, u8::MAX)?;
                Ok(())
            }
            _ => Err(ConfigError::UnknownKey),
        }
    }

    fn config(&self) -> Config {
        Config {
            draw_plies: self.draw_plies,
        }
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn for_each_move<B>(&self, mut f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
        if self.is_draw_by_rule() {
            return ControlFlow::Continue(());
        }
        with_side!(self, side => {
            let capturers = side.capturers();
            if capturers != 0 {
                Self::for_each_capture(&side, capturers, &mut f)
            } else {
                Self::for_each_step(&side, &mut f)
            }
        })
    }

    #[inline]
    fn after(&self, m: Move) -> Checkers {
        self.play(m)
    }

    fn hash(&self) -> u64 {
        self.key()
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.can_move() {
            Some(Outcome::Win(self.side.other()))
        } else if self.is_draw_by_rule() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn is_quiet(&self) -> bool {
        self.capturers() == 0
    }

    /// Men stepping onto their crown row: a crowning. A man stepping into the row
    /// before it (the threat of one) is not extended: that extension fired on most
    /// men's moves of an endgame and cost 41 % more nodes to depth 11 on the
    /// middle-game suite, for no strength the matches could show (docs/search.md).
    /// Captures are not extended, even a forced one: the horizon already searches every
    /// capture out, and extending forced captures tripled the nodes of a depth-7
    /// search of the middle-game suite.
    fn is_forcing(&self, m: Move) -> bool {
        let man = self.kings & m.from().bit() == 0;
        man && m.to().bit() & Checkers::crown_row(self.side) != 0
    }

    fn count_moves(&self) -> u64 {
        if self.is_draw_by_rule() {
            return 0;
        }
        with_side!(self, side => side.count_moves())
    }

    fn has_moves(&self) -> bool {
        !self.is_draw_by_rule() && self.can_move()
    }

    /// The origin and final squares and a 14-bit digest of the landings between
    /// (capture paths with the same ends differ there).
    fn pack_move(m: Move) -> u32 {
        let digest = m
            .path()
            .iter()
            .fold(0u32, |h, &sq| (h.wrapping_mul(33) ^ u32::from(sq)) & 0x3FFF);
        u32::from(m.from().to_u8()) | u32::from(m.to().to_u8()) << 5 | digest << 10
    }

    /// A simple move by two bitboard tests; a pending capture is left to generation
    /// (checking a capture path would cost as much as generating the captures, and
    /// the node would generate them again if the table move did not cut off).
    fn unpack_move(&self, packed: u32) -> Option<Move> {
        if self.is_draw_by_rule() {
            return None;
        }
        with_side!(self, side => Self::unpack_step(&side, packed))
    }
}

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

use super::bitboard::{jumpers, movers, square, step, Bitboard, Dir, Squares};
use super::board::{Checkers, Config};
use super::moves::Move;
use crate::game::{parse_option, ConfigError, Game};
use crate::player::{Outcome, Player};

/// What one side's pieces look like to the move generator.
#[derive(Clone, Copy)]
struct Side {
    /// All pieces of the side to move.
    mine: Bitboard,
    /// Its kings.
    kings: Bitboard,
    /// The opponent's pieces.
    theirs: Bitboard,
    /// Empty squares.
    empty: Bitboard,
    /// The directions its men move in.
    forward: [Dir; 2],
    /// The directions only its kings move in.
    backward: [Dir; 2],
    /// The row where its men are crowned.
    crown: Bitboard,
}

impl Side {
    #[inline(always)]
    fn of(pos: &Checkers) -> Side {
        let me = pos.side;
        let mine = pos.pieces(me);
        let (forward, backward) = match me {
            Player::First => (Dir::DOWN, Dir::UP),
            Player::Second => (Dir::UP, Dir::DOWN),
        };
        Side {
            mine,
            kings: mine & pos.kings,
            theirs: pos.pieces(me.other()),
            empty: pos.empty(),
            forward,
            backward,
            crown: Checkers::crown_row(me),
        }
    }

    /// The pieces that can capture.
    #[inline(always)]
    fn capturers(&self) -> Bitboard {
        let (t, e) = (self.theirs, self.empty);
        jumpers(self.mine, t, e, self.forward[0])
            | jumpers(self.mine, t, e, self.forward[1])
            | jumpers(self.kings, t, e, self.backward[0])
            | jumpers(self.kings, t, e, self.backward[1])
    }

    /// The pieces that step in `dir` (men only forward) onto an empty square.
    #[inline(always)]
    fn steppers(&self, dir: Dir) -> Bitboard {
        let pieces = if self.forward.contains(&dir) {
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
        movers(self.mine, e, self.forward[0]).count_ones()
            + movers(self.mine, e, self.forward[1]).count_ones()
            + movers(self.kings, e, self.backward[0]).count_ones()
            + movers(self.kings, e, self.backward[1]).count_ones()
    }

    /// The directions the piece on `sq` moves in.
    #[inline(always)]
    fn dirs(&self, sq: u8) -> &'static [Dir] {
        if self.kings & square(sq) != 0 {
            &Dir::ALL
        } else if self.forward == Dir::DOWN {
            &Dir::DOWN
        } else {
            &Dir::UP
        }
    }

    /// The row that ends a capture sequence of the piece on `sq` (none for kings).
    #[inline(always)]
    fn stop_row(&self, sq: u8) -> Bitboard {
        if self.kings & square(sq) != 0 {
            0
        } else {
            self.crown
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
    fn from(side: &Side, sq: u8) -> Walk {
        Walk {
            dirs: side.dirs(sq),
            victims: side.theirs,
            empty: side.empty | square(sq),
            stop: side.stop_row(sq),
        }
    }

    /// Calls `f` with every complete capture sequence that extends `m` (at `at`).
    fn generate<B>(
        self,
        m: Move,
        at: Bitboard,
        f: &mut impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut extended = false;
        for &d in self.dirs {
            let over = step(at, d) & self.victims;
            let land = step(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            let next = m.jump(over, land.trailing_zeros() as u8);
            if land & self.stop != 0 {
                f(next)?;
            } else {
                let rest = Walk {
                    victims: self.victims & !over,
                    ..self
                };
                rest.generate(next, land, f)?;
            }
        }
        if !extended && m.is_capture() {
            f(m)?;
        }
        ControlFlow::Continue(())
    }

    /// The number of complete capture sequences from `at` (1 when none continues and
    /// `captured`, 0 when nothing can be captured).
    fn count(self, at: Bitboard, captured: bool) -> u64 {
        let mut n = 0;
        for &d in self.dirs {
            let over = step(at, d) & self.victims;
            let land = step(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            n += if land & self.stop != 0 {
                1
            } else {
                Walk {
                    victims: self.victims & !over,
                    ..self
                }
                .count(land, true)
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
        Side::of(self).capturers()
    }

    /// The number of simple (non-capturing) moves `player` would have if it were to
    /// move, ignoring the capture obligation: a mobility measure for evaluators.
    #[must_use]
    pub fn mobility(&self, player: Player) -> u32 {
        let mut pos = *self;
        pos.side = player;
        Side::of(&pos).count_steps()
    }

    /// Whether the side to move can move at all, draw rules aside.
    fn can_move(&self) -> bool {
        let side = Side::of(self);
        side.capturers() != 0 || Dir::ALL.iter().any(|&d| side.steppers(d) != 0)
    }

    fn for_each_capture<B>(
        side: &Side,
        capturers: Bitboard,
        f: &mut impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for sq in Squares(capturers) {
            Walk::from(side, sq).generate(Move::start(sq), square(sq), f)?;
        }
        ControlFlow::Continue(())
    }

    fn for_each_step<B>(
        side: &Side,
        f: &mut impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for d in Dir::ALL {
            for sq in Squares(side.steppers(d)) {
                let to = step(square(sq), d).trailing_zeros() as u8;
                f(Move::simple(sq, to))?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl Game for Checkers {
    type Move = Move;
    type Config = Config;

    const NAME: &'static str = "checkers";
    /// At most 48 simple moves (12 kings, 4 directions). Capture paths can be more
    /// numerous in artificial positions; 256 leaves a wide margin over the most seen
    /// in the random-position tests, and a larger count is reported as a full move
    /// buffer, never overrun.
    const MAX_MOVES: usize = 256;

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
        let side = Side::of(self);
        let capturers = side.capturers();
        if capturers != 0 {
            Self::for_each_capture(&side, capturers, &mut f)
        } else {
            Self::for_each_step(&side, &mut f)
        }
    }

    #[inline]
    fn after(&self, m: Move) -> Checkers {
        self.play(m)
    }

    fn hash(&self) -> u64 {
        self.hash
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

    fn count_moves(&self) -> u64 {
        if self.is_draw_by_rule() {
            return 0;
        }
        let side = Side::of(self);
        let capturers = side.capturers();
        if capturers == 0 {
            return u64::from(side.count_steps());
        }
        Squares(capturers)
            .map(|sq| Walk::from(&side, sq).count(square(sq), false))
            .sum()
    }

    fn has_moves(&self) -> bool {
        !self.is_draw_by_rule() && self.can_move()
    }
}

//! The checkers position: three masks, the side to move, the reversible-ply history
//! and an incrementally kept Zobrist hash.
//!
//! The hash covers everything a position's value depends on, so a transposition table
//! never returns a value from another draw state: the pieces and the side to move
//! (Zobrist keys), and, once a king has stepped, the draw state — the plies since the
//! last capture or man move, the variant's `draw_plies`, and (when the repetition rule
//! can decide anything) the remembered king steps themselves, as a polynomial rolling
//! hash kept incrementally (its *trail*). Two positions with the same key therefore
//! have the same future under every rule, and the table needs no path-dependent
//! special case; the price is that transpositions between different king-step orders
//! are not shared when a repetition could still occur.

use super::bitboard::{Bitboard, Squares, BOTTOM_ROW, TOP_ROW};
use super::moves::Move;
use super::rules::{DRAW_PLIES, HISTORY, REPETITIONS};
use super::square::Square;
use crate::player::Player;
use crate::zobrist::{self, splitmix64};

/// The variant options: the draw rule's ply count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Plies without capture or man move after which the game is drawn (1–255).
    pub draw_plies: u8,
}

impl Config {
    /// The standard rules.
    pub const STANDARD: Config = Config {
        draw_plies: DRAW_PLIES,
    };
}

impl Default for Config {
    fn default() -> Config {
        Config::STANDARD
    }
}

/// Keys 0–127: (piece kind × 32) + square, kinds black man, black king, white man,
/// white king; key 128: White to move.
const KEYS: [u64; 129] = zobrist::keys(0xC4EC_4E25_0000_0003);
const WHITE_TO_MOVE_KEY: u64 = KEYS[128];

/// The key of a piece of `player` (king or man) on `sq`.
#[inline(always)]
const fn piece_key(player: Player, king: bool, sq: Square) -> u64 {
    let kind = player.index() * 2 + king as usize;
    KEYS[kind * 32 + sq.index()]
}

/// The Zobrist hash of a placement, from scratch.
const fn full_hash(black: Bitboard, white: Bitboard, kings: Bitboard, side: Player) -> u64 {
    let mut h = match side {
        Player::First => 0,
        Player::Second => WHITE_TO_MOVE_KEY,
    };
    let mut i = 0;
    while i < 32 {
        if let Some(sq) = Square::new(i) {
            let bit = sq.bit();
            let king = kings & bit != 0;
            if black & bit != 0 {
                h ^= piece_key(Player::First, king, sq);
            } else if white & bit != 0 {
                h ^= piece_key(Player::Second, king, sq);
            }
        }
        i += 1;
    }
    h
}

const START_HASH: u64 = full_hash(0x0000_0FFF, 0xFFF0_0000, 0, Player::First);

/// The multiplier of the trail, the polynomial hash of the remembered king steps
/// (odd, so multiplying never loses information modulo 2^64).
const TRAIL_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

/// `TRAIL_BASE^(HISTORY - 1)`: the weight of the oldest remembered step, which leaves
/// the trail when a new step overwrites it.
const OLDEST_STEP_WEIGHT: u64 = {
    let mut w = 1u64;
    let mut i = 1;
    while i < HISTORY {
        w = w.wrapping_mul(TRAIL_BASE);
        i += 1;
    }
    w
};

/// A step's term in the trail (never zero, so a step of code 0 still counts).
const fn trail_term(code: u8) -> u64 {
    code as u64 + 1
}

/// Fewest reversible plies before a position can occur for the [`REPETITIONS`]th
/// time: each side must move away and back between occurrences.
const MIN_REPETITION_PLIES: u32 = 4 * (REPETITIONS - 1);

/// The part of the hash for the draw state: zero right after an irreversible ply
/// under the standard rule (so those keys are the plain Zobrist keys), else a mix of
/// the reversible-ply count, the rule and, when a repetition can be decided before the
/// ply-count rule ends the game, the trail of the remembered steps.
fn draw_state_key(reversible: u8, draw_plies: u8, trail: u64) -> u64 {
    if reversible == 0 && draw_plies == DRAW_PLIES {
        return 0;
    }
    let history = if u32::from(draw_plies) > MIN_REPETITION_PLIES {
        trail
    } else {
        0
    };
    let counters = (u64::from(reversible) << 8) | u64::from(draw_plies);
    splitmix64(history ^ counters.wrapping_mul(0xD6E8_FEB8_6659_FD93)).1
}

/// Square-index deltas of a king step, encoded in the history's top three bits.
const STEP_DELTAS: [i8; 6] = [-5, -4, -3, 3, 4, 5];

/// One reversible ply (a king step) packed in a byte: origin in bits 0–4, the index
/// of the step's delta in [`STEP_DELTAS`] in bits 5–7.
fn encode_step(from: Square, to: Square) -> u8 {
    let delta = i16::from(to.to_u8()) - i16::from(from.to_u8());
    let code = STEP_DELTAS
        .iter()
        .position(|&d| i16::from(d) == delta)
        .unwrap_or(0) as u8;
    from.to_u8() | (code << 5)
}

/// The origin and destination of an encoded step, as a mask.
fn decode_step(code: u8) -> Bitboard {
    let from = code % (1 << 5);
    let delta = STEP_DELTAS
        .get(usize::from(code >> 5))
        .copied()
        .unwrap_or(0);
    let to = (i16::from(from) + i16::from(delta)).clamp(0, 31) as u8;
    [from, to]
        .into_iter()
        .filter_map(Square::new)
        .fold(0, |set, sq| set | sq.bit())
}

/// An English draughts position.
///
/// Besides the pieces it carries what the draw rules need: the number of plies since
/// the last capture or man move, and those plies themselves (all king steps, one byte
/// each), so threefold repetition is decided exactly without any allocation. Its
/// [`hash`](crate::Game::hash) covers all of it (see the module docs). Copying costs
/// 112 bytes.
#[derive(Clone, Copy, Debug)]
pub struct Checkers {
    pub(super) black: Bitboard,
    pub(super) white: Bitboard,
    pub(super) kings: Bitboard,
    /// The Zobrist hash of the pieces and the side to move.
    pub(super) hash: u64,
    /// The polynomial hash of the remembered king steps, oldest first.
    trail: u64,
    pub(super) side: Player,
    /// Plies since the last capture or man move (saturating); not to be confused with
    /// [`Game::is_quiet`](crate::Game::is_quiet) (no capture pending).
    pub(super) reversible: u8,
    pub(super) draw_plies: u8,
    /// The last reversible plies, ply `k` (counted from the last irreversible one)
    /// at index `k % HISTORY`.
    history: [u8; HISTORY],
}

const _: () = assert!(core::mem::size_of::<Checkers>() == 112);

impl PartialEq for Checkers {
    /// Equal pieces, side, rule and reversible history (stale history bytes beyond
    /// the current reversible plies do not count).
    fn eq(&self, other: &Checkers) -> bool {
        self.black == other.black
            && self.white == other.white
            && self.kings == other.kings
            && self.side == other.side
            && self.reversible == other.reversible
            && self.draw_plies == other.draw_plies
            && self.live_history().eq(other.live_history())
    }
}

impl Eq for Checkers {}

impl Checkers {
    /// The start position: Black men on 1–12, White men on 21–32, Black to move.
    pub const START: Checkers = Checkers {
        black: 0x0000_0FFF,
        white: 0xFFF0_0000,
        kings: 0,
        hash: START_HASH,
        trail: 0,
        side: Player::First,
        reversible: 0,
        draw_plies: DRAW_PLIES,
        history: [0; HISTORY],
    };

    /// A position from its pieces, or `None` when the masks overlap or kings sit on
    /// empty squares. No rules are checked beyond that (see the FEN parser).
    #[must_use]
    pub fn from_masks(
        black: Bitboard,
        white: Bitboard,
        kings: Bitboard,
        side: Player,
        config: &Config,
    ) -> Option<Checkers> {
        if black & white != 0 || kings & !(black | white) != 0 {
            return None;
        }
        let mut pos = Checkers::START.with_config(config);
        pos.black = black;
        pos.white = white;
        pos.kings = kings;
        pos.side = side;
        Some(pos.with_hash())
    }

    /// This position under the rules of `config` (the draw rule's ply count).
    #[must_use]
    pub const fn with_config(mut self, config: &Config) -> Checkers {
        self.draw_plies = if config.draw_plies == 0 {
            1
        } else {
            config.draw_plies
        };
        self
    }

    pub(super) fn with_hash(self) -> Checkers {
        Checkers {
            hash: full_hash(self.black, self.white, self.kings, self.side),
            trail: self.compute_trail(),
            ..self
        }
    }

    /// The pieces of `player`.
    #[must_use]
    pub const fn pieces(&self, player: Player) -> Bitboard {
        match player {
            Player::First => self.black,
            Player::Second => self.white,
        }
    }

    /// The kings of both sides.
    #[must_use]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The empty squares.
    #[must_use]
    pub const fn empty(&self) -> Bitboard {
        !(self.black | self.white)
    }

    /// Plies since the last capture or man move.
    #[must_use]
    pub const fn reversible_plies(&self) -> u8 {
        self.reversible
    }

    /// The row where men of `player` are crowned.
    #[must_use]
    pub const fn crown_row(player: Player) -> Bitboard {
        match player {
            Player::First => BOTTOM_ROW,
            Player::Second => TOP_ROW,
        }
    }

    /// The hash recomputed from scratch (the incremental one must always equal it).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        full_hash(self.black, self.white, self.kings, self.side)
            ^ draw_state_key(self.reversible, self.draw_plies, self.compute_trail())
    }

    /// The incrementally kept hash: pieces, side and draw state.
    #[inline]
    pub(super) fn key(&self) -> u64 {
        self.hash ^ draw_state_key(self.reversible, self.draw_plies, self.trail)
    }

    /// The trail recomputed from the remembered steps.
    fn compute_trail(&self) -> u64 {
        // The newest step has weight 1, each older one another factor of the base.
        let mut trail = 0u64;
        let mut weight = 1u64;
        for code in self.live_history() {
            trail = trail.wrapping_add(trail_term(code).wrapping_mul(weight));
            weight = weight.wrapping_mul(TRAIL_BASE);
        }
        trail
    }

    /// The trail after appending `code` as reversible ply number `self.reversible`.
    fn trail_after(&self, code: u8) -> u64 {
        let slot = usize::from(self.reversible) % HISTORY;
        let oldest = if usize::from(self.reversible) >= HISTORY {
            trail_term(self.history[slot]).wrapping_mul(OLDEST_STEP_WEIGHT)
        } else {
            0
        };
        self.trail
            .wrapping_sub(oldest)
            .wrapping_mul(TRAIL_BASE)
            .wrapping_add(trail_term(code))
    }

    /// The position after `m` by the side to move (no legality check).
    #[must_use]
    #[inline]
    pub(super) fn play(&self, m: Move) -> Checkers {
        let me = self.side;
        let (from, to) = (m.from(), m.to());
        // Not an XOR: a king's capture can end on the square it started from.
        let moved = |b: Bitboard| (b & !from.bit()) | to.bit();
        let was_king = self.kings & from.bit() != 0;
        let crowned = !was_king && to.bit() & Self::crown_row(me) != 0;
        let captured = m.captured() & self.pieces(me.other());
        let mut hash = self.hash
            ^ WHITE_TO_MOVE_KEY
            ^ piece_key(me, was_king, from)
            ^ piece_key(me, was_king || crowned, to);
        for sq in Squares::of(captured) {
            hash ^= piece_key(me.other(), self.kings & sq.bit() != 0, sq);
        }
        let (black, white) = match me {
            Player::First => (moved(self.black), self.white & !captured),
            Player::Second => (self.black & !captured, moved(self.white)),
        };
        let mut kings = self.kings & !captured;
        if was_king {
            kings = moved(kings);
        } else if crowned {
            kings |= to.bit();
        }
        let reversible = was_king && captured == 0;
        // Built in one literal so the copy into the caller's slot is not stalled by
        // a partial write of the fields it just stored.
        let mut next = Checkers {
            black,
            white,
            kings,
            hash,
            trail: 0,
            side: me.other(),
            reversible: 0,
            draw_plies: self.draw_plies,
            history: self.history,
        };
        if reversible {
            let code = encode_step(from, to);
            next.trail = self.trail_after(code);
            next.reversible = self.reversible.saturating_add(1);
            next.history[usize::from(self.reversible) % HISTORY] = code;
        }
        next
    }

    /// The remembered reversible plies, most recent first.
    fn live_history(&self) -> impl Iterator<Item = u8> + '_ {
        let n = usize::from(self.reversible).min(HISTORY);
        let q = usize::from(self.reversible);
        (1..=n).map(move |k| self.history[(q - k) % HISTORY])
    }

    /// Whether the current position has occurred [`REPETITIONS`] times (counting
    /// this one) since the last irreversible ply.
    ///
    /// Walks the remembered king steps backwards; every second ply the same side is
    /// to move, and the position is the same when both sides' squares are (the men
    /// have not moved since the last irreversible ply).
    #[must_use]
    pub fn is_repetition(&self) -> bool {
        if u32::from(self.reversible) < MIN_REPETITION_PLIES {
            return false;
        }
        let (mut black, mut white) = (self.black, self.white);
        let mut mover = self.side.other();
        let mut seen = 1;
        for (k, code) in self.live_history().enumerate() {
            let mask = decode_step(code);
            match mover {
                Player::First => black ^= mask,
                Player::Second => white ^= mask,
            }
            mover = mover.other();
            if k % 2 == 1 && black == self.black && white == self.white {
                seen += 1;
                if seen >= REPETITIONS {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a draw rule has ended the game (the side to move may still have moves).
    #[must_use]
    pub fn is_draw_by_rule(&self) -> bool {
        self.reversible >= self.draw_plies || self.is_repetition()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_codes_round_trip() {
        for from in Squares::of(!0) {
            for d in STEP_DELTAS {
                let to = i16::from(from.to_u8()) + i16::from(d);
                if let Some(to) = u8::try_from(to).ok().and_then(Square::new) {
                    assert_eq!(decode_step(encode_step(from, to)), from.bit() | to.bit());
                }
            }
        }
    }

    #[test]
    fn start_position() {
        let start = Checkers::START;
        assert_eq!(start.key(), start.compute_hash());
        assert_eq!(start.pieces(Player::First).count_ones(), 12);
        assert_eq!(start.pieces(Player::Second).count_ones(), 12);
        assert_eq!(start.empty().count_ones(), 8);
    }
}

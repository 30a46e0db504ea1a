//! Search scores: fixed-point heuristic values and proven wins/losses in one integer.
//!
//! A [`Score`] is an `i32`. Heuristic values are [`Value`]s (I16F16 fixed point) taken
//! as their raw bits and clamped to ±[`Score::HEURISTIC_LIMIT`]; proven results sit far
//! above that: `win_in(n)` = `MATE − n`, so a faster win is larger and a slower loss is
//! larger than a faster one. [`Score::INFINITY`] bounds every window.
//!
//! During a search, `n` counts plies from the root; the transposition table stores
//! scores relative to the node ([`Score::to_table`]/[`Score::from_table`]).

use core::fmt;
use core::ops::Neg;

/// The fixed-point type of heuristic values (16 integer bits, 16 fraction bits).
pub type Value = fixed::types::I16F16;

/// A search score for the side to move. See the [module docs](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Score(i32);

/// The most plies a proven result can be away (longer wins display as heuristic).
pub const MAX_MATE_PLY: i32 = 4096;

impl Score {
    /// Exactly balanced (also the score of a draw).
    pub const ZERO: Score = Score(0);
    /// Above every score; the upper end of a full window.
    pub const INFINITY: Score = Score(MATE + 1);
    /// The largest heuristic magnitude (raw); evaluations are clamped to it.
    pub const HEURISTIC_LIMIT: i32 = 1 << 29;

    /// A score from a raw integer. Values outside ±INFINITY are clamped.
    #[must_use]
    pub const fn from_raw(raw: i32) -> Score {
        if raw > MATE + 1 {
            Score(MATE + 1)
        } else if raw < -(MATE + 1) {
            Score(-(MATE + 1))
        } else {
            Score(raw)
        }
    }

    /// The raw integer.
    #[must_use]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// A heuristic score from a fixed-point value, clamped into the heuristic range.
    #[must_use]
    pub const fn from_fixed(v: Value) -> Score {
        Score::heuristic(v.to_bits())
    }

    /// A heuristic score from a fixed-point value's raw bits, clamped into range.
    #[must_use]
    pub const fn heuristic(raw: i32) -> Score {
        if raw > Self::HEURISTIC_LIMIT {
            Score(Self::HEURISTIC_LIMIT)
        } else if raw < -Self::HEURISTIC_LIMIT {
            Score(-Self::HEURISTIC_LIMIT)
        } else {
            Score(raw)
        }
    }

    /// [`Score::heuristic`] of a raw value computed in `i64` (evaluators that sum
    /// many weighted terms), saturating at the heuristic band the same way.
    #[must_use]
    pub const fn heuristic_wide(raw: i64) -> Score {
        let limit = Self::HEURISTIC_LIMIT as i64;
        let clamped = if raw > limit {
            limit
        } else if raw < -limit {
            -limit
        } else {
            raw
        };
        Score(clamped as i32)
    }

    /// A heuristic score of a whole number of units (`Score::units(1)` displays as `1`).
    #[must_use]
    pub const fn units(n: i16) -> Score {
        Score::heuristic((n as i32) << 16)
    }

    /// The side to move wins in `plies` plies.
    #[must_use]
    pub const fn win_in(plies: u32) -> Score {
        let p = if plies > MAX_MATE_PLY as u32 {
            MAX_MATE_PLY
        } else {
            plies as i32
        };
        Score(MATE - p)
    }

    /// The side to move loses in `plies` plies.
    #[must_use]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Score::win_in(plies).0)
    }

    /// `Some(n)` when this is a proven win in `n` plies.
    #[must_use]
    pub const fn win_plies(self) -> Option<u32> {
        if self.0 >= MATE - MAX_MATE_PLY && self.0 <= MATE {
            Some((MATE - self.0) as u32)
        } else {
            None
        }
    }

    /// `Some(n)` when this is a proven loss in `n` plies.
    #[must_use]
    pub const fn loss_plies(self) -> Option<u32> {
        Score(-self.0).win_plies()
    }

    /// Whether this is a proven win or loss.
    #[must_use]
    pub const fn is_proven(self) -> bool {
        self.win_plies().is_some() || self.loss_plies().is_some()
    }

    /// The heuristic value, when this is neither proven nor infinite.
    #[must_use]
    pub const fn value(self) -> Option<Value> {
        if self.0.abs() <= Self::HEURISTIC_LIMIT {
            Some(Value::from_bits(self.0))
        } else {
            None
        }
    }

    /// The score one below (for null windows); saturates at −INFINITY.
    #[must_use]
    pub const fn pred(self) -> Score {
        Score::from_raw(self.0 - 1)
    }

    /// The score one above; saturates at INFINITY.
    #[must_use]
    pub const fn succ(self) -> Score {
        Score::from_raw(self.0 + 1)
    }

    /// Converts a root-relative proven score at `ply` to one relative to the node,
    /// for storing in the transposition table.
    #[must_use]
    pub const fn to_table(self, ply: u32) -> Score {
        self.shift_proven(ply as i32)
    }

    /// Converts a node-relative score read from the table back to root-relative.
    #[must_use]
    pub const fn from_table(self, ply: u32) -> Score {
        self.shift_proven(-(ply as i32))
    }

    const fn shift_proven(self, by: i32) -> Score {
        if self.win_plies().is_some() {
            Score::clamp_proven(self.0 + by, MATE - MAX_MATE_PLY, MATE)
        } else if self.loss_plies().is_some() {
            Score::clamp_proven(self.0 - by, -MATE, -(MATE - MAX_MATE_PLY))
        } else {
            self
        }
    }

    const fn clamp_proven(raw: i32, lo: i32, hi: i32) -> Score {
        Score(if raw < lo {
            lo
        } else if raw > hi {
            hi
        } else {
            raw
        })
    }
}

const MATE: i32 = 1 << 30;

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `0.75`, `-2`, `win5`, `loss4`, `inf` / `-inf` for window bounds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.win_plies() {
            write!(f, "win{n}")
        } else if let Some(n) = self.loss_plies() {
            write!(f, "loss{n}")
        } else if let Some(v) = self.value() {
            write!(f, "{v}")
        } else if self.0 > 0 {
            f.write_str("inf")
        } else {
            f.write_str("-inf")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_scores_outrank_heuristics_and_prefer_fast_wins() {
        let best_heuristic = Score::from_fixed(Value::MAX);
        assert!(Score::win_in(100) > best_heuristic);
        assert!(Score::win_in(3) > Score::win_in(5));
        assert!(Score::loss_in(5) > Score::loss_in(3));
        assert!(Score::loss_in(MAX_MATE_PLY as u32) < -best_heuristic);
        assert!(Score::INFINITY > Score::win_in(0));
        assert_eq!(-Score::win_in(7), Score::loss_in(7));
    }

    #[test]
    fn wide_heuristics_saturate_like_narrow_ones() {
        for raw in [0i64, 5, -5, 1 << 29, (1 << 29) + 1, -(1 << 29) - 1] {
            assert_eq!(Score::heuristic_wide(raw), Score::heuristic(raw as i32));
        }
        assert_eq!(Score::heuristic_wide(i64::MAX), Score::heuristic(i32::MAX));
        assert_eq!(Score::heuristic_wide(i64::MIN), Score::heuristic(i32::MIN));
    }

    #[test]
    fn table_round_trip_keeps_distance() {
        let s = Score::win_in(9);
        assert_eq!(s.to_table(4).win_plies(), Some(5));
        assert_eq!(s.to_table(4).from_table(4), s);
        let l = Score::loss_in(6);
        assert_eq!(l.to_table(2).loss_plies(), Some(4));
        assert_eq!(Score::units(3).to_table(7), Score::units(3));
        assert_eq!(Score::INFINITY.to_table(3), Score::INFINITY);
    }

    #[test]
    fn display() {
        extern crate std;
        use std::string::ToString;
        assert_eq!(Score::from_fixed(Value::from_num(0.75)).to_string(), "0.75");
        assert_eq!(Score::units(-2).to_string(), "-2");
        assert_eq!(Score::ZERO.to_string(), "0");
        assert_eq!(Score::win_in(5).to_string(), "win5");
        assert_eq!(Score::loss_in(4).to_string(), "loss4");
    }
}

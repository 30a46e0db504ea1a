//! Game clocks: a time control `BASE+INC` (seconds), each player's remaining time,
//! and losses on time, as cutechess and fastchess keep them. The referee charges a
//! player the wall time its engine took for a move (the whole request, reply
//! included), then adds the increment; a player whose time falls below minus the
//! margin (fastchess's `timemargin`) loses on time.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use microply_core::search::GameClock;
use microply_core::Player;
use serde::{Deserialize, Serialize};

/// A time control: `base_ms` for the game plus `increment_ms` after every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The time for the whole game, in milliseconds.
    pub base_ms: u64,
    /// Added after each of the player's moves, in milliseconds.
    pub increment_ms: u64,
}

/// The longest base or increment accepted: one week, far beyond any match, small
/// enough that no sum of them overflows.
const MAX_MS: u64 = 7 * 24 * 3_600_000;

/// Why a time control does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("time control '{text}': {why} (expected BASE+INC in seconds, e.g. 2+0.02 or 60+0.6)")]
pub struct TimeControlError {
    text: String,
    why: &'static str,
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = |why| TimeControlError {
            text: text.to_owned(),
            why,
        };
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let base_ms =
            seconds_to_ms(base).ok_or_else(|| bad("the base is not a number of seconds"))?;
        let increment_ms = seconds_to_ms(increment)
            .ok_or_else(|| bad("the increment is not a number of seconds"))?;
        if base_ms == 0 {
            return Err(bad("the base must be above 0"));
        }
        if base_ms > MAX_MS || increment_ms > MAX_MS {
            return Err(bad("more than a week"));
        }
        Ok(TimeControl {
            base_ms,
            increment_ms,
        })
    }
}

/// Decimal seconds (`2`, `0.02`, `60.5`) to whole milliseconds; at most three
/// decimals, no sign, no exponent.
fn seconds_to_ms(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
        return None;
    }
    if whole.len() > 12 {
        return Some(u64::MAX);
    }
    let whole: u64 = whole.parse().ok()?;
    let millis: u64 = format!("{fraction:0<3}").parse().ok()?;
    Some(whole * 1000 + millis)
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            Seconds(self.base_ms),
            Seconds(self.increment_ms)
        )
    }
}

/// Milliseconds written as seconds without trailing zeros (`2`, `0.02`, `60.6`).
struct Seconds(u64);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, ms) = (self.0 / 1000, self.0 % 1000);
        if ms == 0 {
            write!(f, "{s}")
        } else {
            let fraction = format!("{ms:03}");
            write!(f, "{s}.{}", fraction.trim_end_matches('0'))
        }
    }
}

impl Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A player ran out of time: it used `over_ms` more than it had (past the margin).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flagged {
    /// How far below zero the clock went, in milliseconds.
    pub over_ms: u64,
}

/// Both players' clocks in one game, by side ([`Player::First`] moved first). A
/// player without a time control plays by its own limit and is never charged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameClocks {
    controls: [Option<TimeControl>; 2],
    remaining_ms: [i64; 2],
    margin_ms: u64,
}

impl GameClocks {
    /// Full clocks for a new game; `margin_ms` is how far below zero a clock may go
    /// before its player loses on time.
    #[must_use]
    pub fn new(controls: [Option<TimeControl>; 2], margin_ms: u64) -> GameClocks {
        GameClocks {
            controls,
            remaining_ms: controls.map(|c| c.map_or(0, |c| c.base_ms as i64)),
            margin_ms,
        }
    }

    /// Whether `who` plays on the clock.
    #[must_use]
    pub fn is_timed(&self, who: Player) -> bool {
        self.controls[who.index()].is_some()
    }

    /// The time `who` has left (never negative), in milliseconds.
    #[must_use]
    pub fn remaining_ms(&self, who: Player) -> u64 {
        self.remaining_ms[who.index()].max(0) as u64
    }

    /// `who`'s clock as its search sees it (the time left and its increment), what
    /// [`GameClocks::go_arguments`] tells an external engine; `None` when `who` is not
    /// on the clock.
    #[must_use]
    pub fn clock_of(&self, who: Player) -> Option<GameClock> {
        let own = self.controls[who.index()]?;
        Some(GameClock {
            remaining_ms: self.remaining_ms(who),
            increment_ms: own.increment_ms,
        })
    }

    /// The clock form of `go` for `who`'s move: `go time1=MS time2=MS inc1=MS inc2=MS`,
    /// both players' remaining time and increment (a player off the clock is given
    /// the mover's figures). `None` when `who` is not on the clock.
    #[must_use]
    pub fn go_arguments(&self, who: Player) -> Option<String> {
        let own = self.controls[who.index()]?;
        let figures = |p: Player| match self.controls[p.index()] {
            Some(c) => (self.remaining_ms(p), c.increment_ms),
            None => (self.remaining_ms(who), own.increment_ms),
        };
        let (time1, inc1) = figures(Player::First);
        let (time2, inc2) = figures(Player::Second);
        Some(format!(
            "time1={time1} time2={time2} inc1={inc1} inc2={inc2}"
        ))
    }

    /// How long the referee waits for `who`'s move before calling it lost on time:
    /// its remaining time plus the margin. `None` when `who` is not on the clock.
    #[must_use]
    pub fn deadline(&self, who: Player) -> Option<Duration> {
        self.controls[who.index()]?;
        Some(Duration::from_millis(
            self.remaining_ms(who)
                .saturating_add(self.margin_ms)
                .saturating_add(1),
        ))
    }

    /// Charges `who` the `elapsed` time of one move and adds its increment.
    ///
    /// # Errors
    /// [`Flagged`] when the clock fell below minus the margin: `who` lost on time.
    pub fn charge(&mut self, who: Player, elapsed: Duration) -> Result<(), Flagged> {
        let Some(control) = self.controls[who.index()] else {
            return Ok(());
        };
        let spent = i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX);
        let left = self.remaining_ms[who.index()].saturating_sub(spent);
        if left < -(self.margin_ms as i64) {
            self.remaining_ms[who.index()] = left;
            return Err(Flagged {
                over_ms: left.unsigned_abs(),
            });
        }
        self.remaining_ms[who.index()] = left.saturating_add(control.increment_ms as i64);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn time_controls_read_and_write_in_seconds() {
        assert_eq!(
            tc("2+0.02"),
            TimeControl {
                base_ms: 2000,
                increment_ms: 20
            }
        );
        assert_eq!(tc("60+0.6").increment_ms, 600);
        assert_eq!(tc("10").increment_ms, 0);
        assert_eq!(tc("0.5+0").base_ms, 500);
        for text in ["2+0.02", "60+0.6", "10+0", "0.125+1.5"] {
            assert_eq!(tc(text).to_string(), text);
        }
        for bad in [
            "",
            "+1",
            "2+",
            "-2+0",
            "2+-1",
            "0+1",
            "1e3",
            "2+0.0001",
            "x",
            "1000000+0",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err().to_string();
            assert!(e.contains(&format!("'{bad}'")), "{e}");
        }
        assert!("99999999999999999999+0".parse::<TimeControl>().is_err());
        let json = serde_json::to_string(&tc("2+0.02")).unwrap();
        assert_eq!(json, "\"2+0.02\"");
        assert_eq!(
            serde_json::from_str::<TimeControl>(&json).unwrap(),
            tc("2+0.02")
        );
    }

    #[test]
    fn the_clock_charges_adds_the_increment_and_flags_past_the_margin() {
        let mut c = GameClocks::new([Some(tc("1+0.1")), Some(tc("2+0"))], 50);
        assert_eq!(
            c.go_arguments(Player::First).unwrap(),
            "time1=1000 time2=2000 inc1=100 inc2=0"
        );
        c.charge(Player::First, Duration::from_millis(400)).unwrap();
        assert_eq!(c.remaining_ms(Player::First), 700, "1000 - 400 + 100");
        assert_eq!(c.deadline(Player::First), Some(Duration::from_millis(751)));
        // 30 ms over: within the 50 ms margin, so the game goes on from 0 + 100.
        c.charge(Player::First, Duration::from_millis(730)).unwrap();
        assert_eq!(c.remaining_ms(Player::First), 70);
        // 51 ms over the 70 left: flagged.
        assert_eq!(
            c.charge(Player::First, Duration::from_millis(121)),
            Err(Flagged { over_ms: 51 })
        );
        assert_eq!(c.remaining_ms(Player::First), 0);
        c.charge(Player::Second, Duration::from_millis(2000))
            .unwrap();
        assert_eq!(
            c.remaining_ms(Player::Second),
            0,
            "exactly used up is not a loss"
        );
    }

    #[test]
    fn a_player_off_the_clock_is_never_charged() {
        let mut c = GameClocks::new([None, Some(tc("3+0.5"))], 0);
        assert_eq!(c.go_arguments(Player::First), None);
        assert_eq!(c.deadline(Player::First), None);
        c.charge(Player::First, Duration::from_secs(3600)).unwrap();
        assert_eq!(
            c.go_arguments(Player::Second).unwrap(),
            "time1=3000 time2=3000 inc1=500 inc2=500",
            "the untimed side is given the mover's figures"
        );
    }
}

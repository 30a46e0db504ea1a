//! Ending games early, as cutechess and fastchess do: by the engines' own scores (a
//! player resigns when it has seen itself lost by `resign_score` for `resign_moves`
//! moves in a row while its opponent saw the win as long; a draw is declared from
//! ply `draw_after` on when both players' last `draw_moves` scores are within
//! ±`draw_score`), and by an exact verdict (`exact`: the checkers endgame tables,
//! the Dots-and-Boxes solver, the Amazons split-board solver; see [`super::exact`]).
//!
//! [`Adjudication::default`] is off; [`Adjudication::for_game`] holds each game's
//! defaults for strength matches (docs/tournaments.md lists them and why).

use microply_core::games::GameKind;
use microply_core::Player;
use serde::{Deserialize, Serialize};

/// The score adjudication rules. `None` scores switch a rule off.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adjudication {
    /// Resign at or below minus this score (in the protocol's units, a man in checkers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign_score: Option<f64>,
    /// Consecutive own moves at or below it (at least 1).
    #[serde(default = "one")]
    pub resign_moves: usize,
    /// Draw when every recent score is within ± this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_score: Option<f64>,
    /// Each player's last moves that must be within it (at least 1).
    #[serde(default = "one")]
    pub draw_moves: usize,
    /// No draw adjudication before this ply.
    #[serde(default)]
    pub draw_after: usize,
    /// End the game by an exact verdict once one is known (endgame tables, solvers).
    #[serde(default = "yes")]
    pub exact: bool,
}

impl Default for Adjudication {
    /// Every rule off.
    fn default() -> Self {
        Adjudication {
            resign_score: None,
            resign_moves: 1,
            draw_score: None,
            draw_moves: 1,
            draw_after: 0,
            exact: false,
        }
    }
}

fn one() -> usize {
    1
}

fn yes() -> bool {
    true
}

/// A proven result in the protocol's scores (`winN`, `lossN`) is infinite; this
/// threshold is met by nothing else, so a game with it resigns only when lost for sure.
const PROVEN: f64 = 1e9;

impl Adjudication {
    /// The defaults of strength matches for `kind`, in the units of its evaluators'
    /// scores:
    /// - tic-tac-toe: resign once both sides' searches prove the result;
    /// - checkers (1 = a man): resign at −3 men for 4 moves each, draw from ply 80 on
    ///   when both scores stay within ±0.15 for 8 moves each, the tables when given;
    /// - Dots-and-Boxes (1 = a box): resign at −4 boxes for 3 moves each, the exact
    ///   solver (its 14 last edges);
    /// - Amazons (1 ≈ a square of territory): resign at −15 for 3 moves each, the
    ///   split-board solver. Neither of the last two can be drawn by quiet scores.
    #[must_use]
    pub fn for_game(kind: GameKind) -> Adjudication {
        let off = Adjudication {
            exact: true,
            ..Adjudication::default()
        };
        match kind {
            GameKind::TicTacToe => Adjudication {
                resign_score: Some(PROVEN),
                ..off
            },
            GameKind::Checkers => Adjudication {
                resign_score: Some(3.0),
                resign_moves: 4,
                draw_score: Some(0.15),
                draw_moves: 8,
                draw_after: 80,
                ..off
            },
            GameKind::Dots => Adjudication {
                resign_score: Some(4.0),
                resign_moves: 3,
                ..off
            },
            GameKind::Amazons => Adjudication {
                resign_score: Some(15.0),
                resign_moves: 3,
                ..off
            },
        }
    }

    /// Checks the values: scores positive (a negative resign score would resign
    /// winning players), move counts at least 1.
    ///
    /// # Errors
    /// The field and what is wrong with it.
    pub fn validate(&self) -> Result<(), String> {
        let positive = |name: &str, v: Option<f64>| match v {
            Some(v) if v.is_nan() || v <= 0.0 => {
                Err(format!("adjudication.{name}: {v} must be above 0"))
            }
            _ => Ok(()),
        };
        positive("resign_score", self.resign_score)?;
        if let Some(d) = self.draw_score {
            if d.is_nan() || d < 0.0 {
                return Err(format!("adjudication.draw_score: {d} must be 0 or above"));
            }
        }
        if self.resign_moves == 0 || self.draw_moves == 0 {
            return Err("adjudication: resign_moves and draw_moves must be at least 1".into());
        }
        Ok(())
    }
}

/// A protocol score as a number: decimals as they are, `winN` / `lossN` as ±∞.
#[must_use]
pub fn score_value(text: &str) -> Option<f64> {
    if text.starts_with("win") {
        Some(f64::INFINITY)
    } else if text.starts_with("loss") {
        Some(f64::NEG_INFINITY)
    } else {
        text.parse().ok()
    }
}

/// What the scores so far decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Play on.
    Continue,
    /// This side resigns.
    Resigns(Player),
    /// A draw.
    Draw,
}

impl Adjudication {
    /// The verdict after `plies` plies, given each player's scores of its own moves
    /// (from its own view, indexed by [`Player::index`]), `mover` the side that just
    /// moved.
    #[must_use]
    pub fn verdict(&self, scores: &[Vec<f64>; 2], mover: Player, plies: usize) -> Verdict {
        let last = |who: Player, k: usize| {
            let s = &scores[who.index()];
            (k > 0 && s.len() >= k).then(|| &s[s.len() - k..])
        };
        if let Some(r) = self.resign_score {
            let lost = last(mover, self.resign_moves).is_some_and(|s| s.iter().all(|&v| v <= -r));
            let agreed =
                last(mover.other(), self.resign_moves).is_some_and(|s| s.iter().all(|&v| v >= r));
            if lost && agreed {
                return Verdict::Resigns(mover);
            }
        }
        if let Some(d) = self.draw_score {
            let quiet = |who| {
                last(who, self.draw_moves).is_some_and(|s: &[f64]| s.iter().all(|v| v.abs() <= d))
            };
            if plies >= self.draw_after && quiet(Player::First) && quiet(Player::Second) {
                return Verdict::Draw;
            }
        }
        Verdict::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_by_hand() {
        let off = Adjudication::default();
        let lost = [vec![-9.0, -9.0], vec![9.0, 9.0]];
        assert_eq!(off.verdict(&lost, Player::First, 10), Verdict::Continue);
        let resign = Adjudication {
            resign_score: Some(5.0),
            resign_moves: 2,
            ..off
        };
        assert_eq!(
            resign.verdict(&lost, Player::First, 10),
            Verdict::Resigns(Player::First)
        );
        // The opponent must have seen the win for as many moves.
        assert_eq!(
            resign.verdict(&[vec![-9.0, -9.0], vec![4.0, 9.0]], Player::First, 4),
            Verdict::Continue
        );
        // Only one bad move so far, or an opponent who does not agree: play on.
        assert_eq!(
            resign.verdict(&[vec![1.0, -9.0], vec![9.0]], Player::First, 4),
            Verdict::Continue
        );
        assert_eq!(
            resign.verdict(&[vec![-9.0, -9.0], vec![4.0]], Player::First, 4),
            Verdict::Continue
        );
        let draw = Adjudication {
            draw_score: Some(0.1),
            draw_moves: 2,
            draw_after: 6,
            ..off
        };
        let level = [vec![0.0, 0.05, -0.1], vec![0.1, 0.0]];
        assert_eq!(draw.verdict(&level, Player::Second, 5), Verdict::Continue);
        assert_eq!(draw.verdict(&level, Player::Second, 6), Verdict::Draw);
        assert_eq!(
            draw.verdict(&[vec![0.0, 0.2], vec![0.0, 0.0]], Player::Second, 9),
            Verdict::Continue
        );
        assert_eq!(score_value("win5"), Some(f64::INFINITY));
        // Tic-tac-toe's default resigns on proven results only.
        let ttt = Adjudication::for_game(GameKind::TicTacToe);
        let big = [vec![-50.0], vec![50.0]];
        assert_eq!(ttt.verdict(&big, Player::First, 4), Verdict::Continue);
        let proven = [vec![f64::NEG_INFINITY], vec![f64::INFINITY]];
        assert_eq!(
            ttt.verdict(&proven, Player::First, 4),
            Verdict::Resigns(Player::First)
        );
        assert_eq!(score_value("-0.25"), Some(-0.25));
    }
}

#[cfg(test)]
mod defaults {
    use super::*;

    #[test]
    fn every_game_default_is_valid_and_exact() {
        for kind in GameKind::ALL {
            let a = Adjudication::for_game(kind);
            assert_eq!(a.validate(), Ok(()), "{kind}");
            assert!(a.exact && a.resign_score.is_some(), "{kind}");
        }
        assert!(!Adjudication::default().exact);
    }

    #[test]
    fn bad_values_are_named() {
        let bad = |a: Adjudication| a.validate().unwrap_err();
        let off = Adjudication::default();
        assert!(bad(Adjudication {
            resign_score: Some(-1.0),
            ..off
        })
        .contains("resign_score"));
        assert!(bad(Adjudication {
            resign_score: Some(f64::NAN),
            ..off
        })
        .contains("resign_score"));
        assert!(bad(Adjudication {
            draw_score: Some(-0.5),
            ..off
        })
        .contains("draw_score"));
        assert!(bad(Adjudication {
            draw_moves: 0,
            ..off
        })
        .contains("draw_moves"));
    }

    #[test]
    fn a_table_without_exact_keeps_exact_on() {
        let a: Adjudication = toml::from_str("resign_score = 2.0").unwrap();
        assert!(a.exact);
        let a: Adjudication = toml::from_str("exact = false").unwrap();
        assert!(!a.exact && a.resign_score.is_none());
    }
}

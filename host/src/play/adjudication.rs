//! Ending games by the engines' own scores, when asked (off by default): a player
//! resigns when it has seen itself lost by `resign_score` for `resign_moves` moves in
//! a row while its opponent agrees; a draw is declared after `draw_after` plies when
//! both players' last `draw_moves` scores are within ±`draw_score`.

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
}

impl Default for Adjudication {
    fn default() -> Self {
        Adjudication {
            resign_score: None,
            resign_moves: 1,
            draw_score: None,
            draw_moves: 1,
            draw_after: 0,
        }
    }
}

fn one() -> usize {
    1
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
    /// Player 0 or 1 resigns.
    Resigns(usize),
    /// A draw.
    Draw,
}

impl Adjudication {
    /// The verdict after `plies` plies, given each player's scores of its own moves
    /// (from its own view), `mover` the player who just moved.
    #[must_use]
    pub fn verdict(&self, scores: &[Vec<f64>; 2], mover: usize, plies: usize) -> Verdict {
        let last = |who: usize, k: usize| {
            let s = &scores[who];
            (k > 0 && s.len() >= k).then(|| &s[s.len() - k..])
        };
        if let Some(r) = self.resign_score {
            let lost = last(mover, self.resign_moves).is_some_and(|s| s.iter().all(|&v| v <= -r));
            let agreed = last(1 - mover, 1).is_some_and(|s| s[0] >= r);
            if lost && agreed {
                return Verdict::Resigns(mover);
            }
        }
        if let Some(d) = self.draw_score {
            let quiet = |who| {
                last(who, self.draw_moves).is_some_and(|s: &[f64]| s.iter().all(|v| v.abs() <= d))
            };
            if plies >= self.draw_after && quiet(0) && quiet(1) {
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
        assert_eq!(off.verdict(&lost, 0, 10), Verdict::Continue);
        let resign = Adjudication {
            resign_score: Some(5.0),
            resign_moves: 2,
            ..off
        };
        assert_eq!(resign.verdict(&lost, 0, 10), Verdict::Resigns(0));
        // Only one bad move so far, or an opponent who does not agree: play on.
        assert_eq!(
            resign.verdict(&[vec![1.0, -9.0], vec![9.0]], 0, 4),
            Verdict::Continue
        );
        assert_eq!(
            resign.verdict(&[vec![-9.0, -9.0], vec![4.0]], 0, 4),
            Verdict::Continue
        );
        let draw = Adjudication {
            draw_score: Some(0.1),
            draw_moves: 2,
            draw_after: 6,
            ..off
        };
        let level = [vec![0.0, 0.05, -0.1], vec![0.1, 0.0]];
        assert_eq!(draw.verdict(&level, 1, 5), Verdict::Continue);
        assert_eq!(draw.verdict(&level, 1, 6), Verdict::Draw);
        assert_eq!(
            draw.verdict(&[vec![0.0, 0.2], vec![0.0, 0.0]], 1, 9),
            Verdict::Continue
        );
        assert_eq!(score_value("win5"), Some(f64::INFINITY));
        assert_eq!(score_value("-0.25"), Some(-0.25));
    }
}

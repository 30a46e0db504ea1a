//! The objective of one game, from its result and its length in turns.
//!
//! With x ≥ 0 the game's length in turns and k > 0 the turn constant (default 6):
//!
//! ```text
//! win(x)  = 2 + k/(k + x)     in (2, 3]   falls as x grows: a quick win scores more
//! draw(x) = 1.5                           between every loss and every win
//! loss(x) = 1 − k/(k + x)     in [0, 1)   rises as x grows: a long defence scores more
//! ```
//!
//! k is the length at which half of the turn bonus is spent (k/(k + k) = ½): a small k
//! makes only very short games stand out, a large k spreads the bonus over long games.
//! The paper's own formula is lost (an image); this one has exactly the properties its
//! text asks for, which the tests check.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The paper's turn constant.
pub const DEFAULT_K: f64 = 6.0;

/// How a game ended, from the trainee's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// The trainee won.
    Win,
    /// Neither side won.
    Draw,
    /// The trainee lost.
    Loss,
}

/// A turn constant that is not a positive finite number.
#[derive(Clone, Copy, Debug, PartialEq, Error)]
#[error("objective turn constant k = {0} is not a positive finite number")]
pub struct BadK(pub f64);

/// The objective with its turn constant k.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Objective {
    k: f64,
}

impl Default for Objective {
    fn default() -> Objective {
        Objective { k: DEFAULT_K }
    }
}

impl Objective {
    /// The objective with turn constant `k`.
    ///
    /// # Errors
    /// [`BadK`] unless `k` is positive and finite.
    pub fn new(k: f64) -> Result<Objective, BadK> {
        if k.is_finite() && k > 0.0 {
            Ok(Objective { k })
        } else {
            Err(BadK(k))
        }
    }

    /// The turn constant.
    #[must_use]
    pub fn k(&self) -> f64 {
        self.k
    }

    /// The objective of one game of `turns` turns.
    #[must_use]
    pub fn game(&self, result: GameResult, turns: u32) -> f64 {
        let bonus = self.k / (self.k + f64::from(turns));
        match result {
            GameResult::Win => 2.0 + bonus,
            GameResult::Draw => 1.5,
            GameResult::Loss => 1.0 - bonus,
        }
    }

    /// The objective of a set of games (the paper: one as first player, one as
    /// second): the sum of the games' objectives.
    #[must_use]
    pub fn games(&self, games: &[(GameResult, u32)]) -> f64 {
        games.iter().map(|&(r, x)| self.game(r, x)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hand_computed_values_at_k_6() {
        let o = Objective::default();
        assert_eq!(o.game(GameResult::Win, 0), 3.0);
        assert_eq!(o.game(GameResult::Win, 6), 2.5);
        assert_eq!(o.game(GameResult::Loss, 6), 0.5);
        assert_eq!(o.game(GameResult::Loss, 0), 0.0);
        assert_eq!(o.game(GameResult::Draw, 30), 1.5);
        assert_eq!(
            o.games(&[(GameResult::Win, 6), (GameResult::Loss, 18)]),
            2.5 + 0.75
        );
    }

    #[test]
    fn k_must_be_positive() {
        assert_eq!(Objective::new(0.0), Err(BadK(0.0)));
        assert!(Objective::new(f64::INFINITY).is_err());
        assert!(Objective::new(-1.0).is_err());
        assert!(BadK(0.0).to_string().contains("k = 0"));
    }

    fn k() -> impl Strategy<Value = f64> {
        0.01f64..1000.0
    }

    proptest! {
        #[test]
        fn wins_fall_and_losses_rise_with_length(k in k(), x in 0u32..10_000) {
            let o = Objective::new(k).unwrap();
            prop_assert!(o.game(GameResult::Win, x) > o.game(GameResult::Win, x + 1));
            prop_assert!(o.game(GameResult::Loss, x) < o.game(GameResult::Loss, x + 1));
        }

        #[test]
        fn every_win_beats_a_draw_beats_every_loss(k in k(), x in 0u32..1_000_000, y in 0u32..1_000_000) {
            let o = Objective::new(k).unwrap();
            let draw = o.game(GameResult::Draw, x);
            prop_assert!(o.game(GameResult::Win, x) > draw);
            prop_assert!(draw > o.game(GameResult::Loss, y));
            prop_assert!(o.game(GameResult::Win, y) > o.game(GameResult::Loss, x));
        }

        #[test]
        fn half_the_turn_bonus_is_spent_after_k_turns(k in 1u32..10_000) {
            let o = Objective::new(f64::from(k)).unwrap();
            prop_assert!((o.game(GameResult::Win, k) - 2.5).abs() < 1e-12);
            prop_assert!((o.game(GameResult::Loss, k) - 0.5).abs() < 1e-12);
        }
    }
}

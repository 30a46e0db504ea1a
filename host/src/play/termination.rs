//! How a game ended: by the rules, by an adjudication (which one), on time, or by a
//! player's failure. Written to every record (the PDN `Termination` tag, the CSV's
//! `termination` column) and counted in reports.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How a game ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// The rules ended it (no move left, a draw rule).
    #[default]
    Rules,
    /// A draw at the ply cap (`max_plies`).
    MaxPlies,
    /// A draw adjudicated by both engines' scores.
    ScoreDraw,
    /// A loss adjudicated by both engines' scores (the loser resigns).
    Resignation,
    /// Adjudicated by the checkers endgame tables.
    Tablebase,
    /// Adjudicated by the game's exact solver.
    Solver,
    /// The loser ran out of time.
    TimeForfeit,
    /// The loser failed: its engine crashed, did not start, timed out without a
    /// clock, sent an illegal move or no move.
    Forfeit,
}

impl Termination {
    /// Every kind, in report order.
    pub const ALL: [Termination; 8] = [
        Termination::Rules,
        Termination::MaxPlies,
        Termination::ScoreDraw,
        Termination::Resignation,
        Termination::Tablebase,
        Termination::Solver,
        Termination::TimeForfeit,
        Termination::Forfeit,
    ];

    /// The short name (`rules`, `time-forfeit`...), as in the results files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Termination::Rules => "rules",
            Termination::MaxPlies => "max-plies",
            Termination::ScoreDraw => "score-draw",
            Termination::Resignation => "resignation",
            Termination::Tablebase => "tablebase",
            Termination::Solver => "solver",
            Termination::TimeForfeit => "time-forfeit",
            Termination::Forfeit => "forfeit",
        }
    }

    /// The PDN/PGN `Termination` tag's value, as cutechess writes it.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Rules => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::Forfeit => "abandoned",
            _ => "adjudication",
        }
    }

    /// Whether an adjudication (not the rules, not a failure) ended the game.
    #[must_use]
    pub fn is_adjudication(self) -> bool {
        matches!(
            self,
            Termination::MaxPlies
                | Termination::ScoreDraw
                | Termination::Resignation
                | Termination::Tablebase
                | Termination::Solver
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_serde() {
        for t in Termination::ALL {
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(json, format!("\"{}\"", t.name()));
            assert_eq!(serde_json::from_str::<Termination>(&json).unwrap(), t);
        }
        assert_eq!(Termination::TimeForfeit.tag(), "time forfeit");
        assert!(Termination::Solver.is_adjudication() && !Termination::Forfeit.is_adjudication());
    }
}

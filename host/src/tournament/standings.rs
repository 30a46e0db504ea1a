//! Scoring, standings with tie-breaks, and the crosstable.

use super::config::Scoring;
use crate::play::game::{GameRecord, Outcome};

/// One player's line in the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player's index.
    pub player: usize,
    /// Games played.
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Points by the scoring (3/1/0 by default).
    pub points: f64,
    /// Sonneborn–Berger: the points of each beaten opponent plus half those of each
    /// drawn one (the first tie-break).
    pub sonneborn_berger: f64,
}

/// Game points (1, ½, 0) of each player against each other player.
#[must_use]
pub fn crosstable(n: usize, records: &[GameRecord]) -> Vec<Vec<f64>> {
    let mut table = vec![vec![0.0; n]; n];
    for r in records {
        let p = r.outcome.first_points();
        table[r.spec.first][r.spec.second] += p;
        table[r.spec.second][r.spec.first] += 1.0 - p;
    }
    table
}

/// The standings, best first. Order: points, then Sonneborn–Berger, then wins, then
/// the player's index (its place in the configuration).
#[must_use]
pub fn standings(n: usize, records: &[GameRecord], scoring: &Scoring) -> Vec<Standing> {
    let mut rows: Vec<Standing> = (0..n)
        .map(|player| Standing {
            player,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            points: 0.0,
            sonneborn_berger: 0.0,
        })
        .collect();
    for r in records {
        let (first, second) = (r.spec.first, r.spec.second);
        let (winner, loser) = match r.outcome {
            Outcome::FirstWins => (Some(first), Some(second)),
            Outcome::SecondWins => (Some(second), Some(first)),
            Outcome::Draw => (None, None),
        };
        for p in [first, second] {
            let row = &mut rows[p];
            row.games += 1;
            if winner == Some(p) {
                row.wins += 1;
                row.points += scoring.win;
            } else if loser == Some(p) {
                row.losses += 1;
                row.points += scoring.loss;
            } else {
                row.draws += 1;
                row.points += scoring.draw;
            }
        }
    }
    let cross = crosstable(n, records);
    let points: Vec<f64> = rows.iter().map(|r| r.points).collect();
    for (i, row) in rows.iter_mut().enumerate() {
        row.sonneborn_berger = (0..n).map(|j| cross[i][j] * points[j]).sum();
    }
    rows.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.sonneborn_berger.total_cmp(&a.sonneborn_berger))
            .then(b.wins.cmp(&a.wins))
            .then(a.player.cmp(&b.player))
    });
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: usize, second: usize, outcome: Outcome) -> GameRecord {
        GameRecord::bare(first, second, outcome)
    }

    #[test]
    fn points_and_tie_breaks_by_hand() {
        // 3/1/0. Player 0: W (vs 1), L (vs 2), D (vs 3) = 4; 1: L, W, W = 6;
        // 2: L, W, W = 6; 3: D, L, L = 1. Sonneborn-Berger from the opponents'
        // points: 1 beat 2 (6) and 3 (1) = 7; 2 beat 0 (4) and 3 (1) = 5;
        // 0 beat 1 (6) and drew 3 (half of 1) = 6.5; 3 drew 0 (half of 4) = 2.
        // 1 and 2 tie on points; SB puts 1 first.
        let games = [
            game(0, 1, Outcome::FirstWins),
            game(1, 2, Outcome::FirstWins),
            game(2, 0, Outcome::FirstWins),
            game(3, 0, Outcome::Draw),
            game(1, 3, Outcome::FirstWins),
            game(3, 2, Outcome::SecondWins),
        ];
        let s = standings(4, &games, &Scoring::default());
        let order: Vec<_> = s
            .iter()
            .map(|r| (r.player, r.points, r.sonneborn_berger))
            .collect();
        assert_eq!(
            order,
            vec![(1, 6.0, 7.0), (2, 6.0, 5.0), (0, 4.0, 6.5), (3, 1.0, 2.0)]
        );
        let c = crosstable(4, &games);
        assert_eq!(c[0], vec![0.0, 1.0, 0.0, 0.5]);
        assert_eq!(c[3], vec![0.5, 0.0, 0.0, 0.0]);
    }
}

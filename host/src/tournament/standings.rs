//! Scoring, standings with tie-breaks, and the crosstable.

use super::config::Scoring;
use crate::play::game::{GameRecord, Outcome};
use crate::play::points::{HalfPoints, QuarterPoints};

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
    pub points: HalfPoints,
    /// Sonneborn–Berger: the points of each beaten opponent plus half those of each
    /// drawn one (the first tie-break).
    pub sonneborn_berger: QuarterPoints,
}

/// Game points (1, ½, 0) of each player against each other player.
#[must_use]
pub fn crosstable(n: usize, records: &[GameRecord]) -> Vec<Vec<HalfPoints>> {
    let mut table = vec![vec![HalfPoints::ZERO; n]; n];
    for r in records {
        let (first, second) = (r.spec.first, r.spec.second);
        table[first][second] += r.points_of(first);
        table[second][first] += r.points_of(second);
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
            points: HalfPoints::ZERO,
            sonneborn_berger: QuarterPoints::default(),
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
    let points: Vec<HalfPoints> = rows.iter().map(|r| r.points).collect();
    for (i, row) in rows.iter_mut().enumerate() {
        row.sonneborn_berger = (0..n).map(|j| cross[i][j] * points[j]).sum();
    }
    rows.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.sonneborn_berger.cmp(&a.sonneborn_berger))
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
        let points = |p: &(usize, HalfPoints, QuarterPoints)| (p.0, p.1.as_f64(), p.2.to_string());
        assert_eq!(
            order.iter().map(points).collect::<Vec<_>>(),
            vec![
                (1, 6.0, "7".into()),
                (2, 6.0, "5".into()),
                (0, 4.0, "6.5".into()),
                (3, 1.0, "2".into())
            ]
        );
        let c = crosstable(4, &games);
        let halves = |row: &[HalfPoints]| row.iter().map(|h| h.0).collect::<Vec<_>>();
        assert_eq!(halves(&c[0]), vec![0, 2, 0, 1]);
        assert_eq!(halves(&c[3]), vec![1, 0, 0, 0]);
    }
}

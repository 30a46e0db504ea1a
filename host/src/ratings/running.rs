//! A match's score after each game with its 95% band, for the score-over-games plot.

use super::estimate::mean_and_error;
use super::normal::Z95;
use super::{RatingError, Wdl};

/// A's mean score after some games, with the 95% band s ± 1.96σ (σ over the W/D/L
/// trinomial, as for [`elo_wdl`](super::elo_wdl)), clamped to 0..=1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScorePoint {
    /// Games played so far.
    pub games: u64,
    /// A's mean score so far.
    pub score: f64,
    /// The low end of the band.
    pub low: f64,
    /// The high end of the band.
    pub high: f64,
}

/// A's score after each of the games that scored `points` (1, ½ or 0 each) for A.
///
/// # Errors
/// [`RatingError::BadResult`] for a score that is not 1, ½ or 0.
pub fn running_score(points: &[f64]) -> Result<Vec<ScorePoint>, RatingError> {
    let mut wdl = Wdl::default();
    points
        .iter()
        .map(|&p| {
            wdl.record(p)?;
            let (score, sigma) =
                mean_and_error(&[1.0, 0.5, 0.0], &[wdl.wins, wdl.draws, wdl.losses])
                    .unwrap_or((0.5, 0.0));
            Ok(ScorePoint {
                games: wdl.games(),
                score,
                low: (score - Z95 * sigma).max(0.0),
                high: (score + Z95 * sigma).min(1.0),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_score_by_hand() {
        // Games 1, 0, ½, 1: scores 1, ½, ½, 5/8.
        // After two games (W, L): σ² = (½·¼ + ½·¼)/2 = 1/8, σ = 0.353553, band ½ ± 0.692952.
        let s = running_score(&[1.0, 0.0, 0.5, 1.0]).unwrap();
        let scores: Vec<f64> = s.iter().map(|p| p.score).collect();
        assert_eq!(scores, vec![1.0, 0.5, 0.5, 0.625]);
        assert_eq!((s[0].low, s[0].high), (1.0, 1.0), "one win: no spread");
        assert_eq!((s[1].low, s[1].high), (0.0, 1.0), "clamped");
        // After three (W, L, D): σ² = (⅓·¼ + ⅓·0 + ⅓·¼)/3 = 1/18, σ = 0.235702,
        // band ½ ± 0.461967.
        assert!((s[2].high - 0.961_967).abs() < 1e-6 && (s[2].low - 0.038_033).abs() < 1e-6);
        assert_eq!(
            s.iter().map(|p| p.games).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
    }

    #[test]
    fn the_last_point_agrees_with_the_match_estimate() {
        let points: Vec<f64> = (0..200).map(|i| [1.0, 0.5, 0.0, 1.0, 0.5][i % 5]).collect();
        let last = *running_score(&points).unwrap().last().unwrap();
        let e = super::super::elo_wdl(Wdl {
            wins: 80,
            draws: 80,
            losses: 40,
        })
        .unwrap();
        assert!((last.score - e.score).abs() < 1e-12);
        let mid = |s: f64| super::super::score_to_elo(s);
        assert!(((mid(last.high) - mid(last.low)) / 2.0 - e.margin).abs() < 1e-9);
    }

    #[test]
    fn rejects_a_bad_result() {
        assert_eq!(
            running_score(&[1.0, 0.25]),
            Err(RatingError::BadResult(0.25))
        );
        assert_eq!(running_score(&[]), Ok(vec![]));
    }
}

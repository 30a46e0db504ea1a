//! Wins, draws and losses of a two-player match, and the Elo estimate from them.

use core::str::FromStr;

use super::estimate::{from_samples, EloEstimate};
use super::RatingError;

/// A match result from player A's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Wdl {
    /// Games A won.
    pub wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games A lost.
    pub losses: u64,
}

impl Wdl {
    /// Games played.
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// A's points: a win is 1, a draw ½.
    #[must_use]
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The same result from player B's view.
    #[must_use]
    pub const fn swapped(&self) -> Self {
        Self {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Adds one game that scored `points` (1, ½ or 0) for A.
    ///
    /// # Errors
    /// [`RatingError::BadResult`] for any other number.
    pub fn record(&mut self, points: f64) -> Result<(), RatingError> {
        match super::half_points(points)? {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
        Ok(())
    }
}

/// Reads `W,D,L` (three counts separated by commas).
impl FromStr for Wdl {
    type Err = RatingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [wins, draws, losses] = super::parse_list::<u64, 3>(s, "W,D,L")?;
        Ok(Self {
            wins,
            draws,
            losses,
        })
    }
}

/// Elo difference, 95% margin and LOS of A over B from W/D/L, as fastchess computes them.
///
/// With s = (W + D/2)/N the mean score and σ² = [W(1−s)² + D(½−s)² + L(0−s)²]/N²
/// the variance of that mean over the trinomial: elo = elo(s), margin =
/// (elo(s + 1.96σ) − elo(s − 1.96σ))/2 and LOS = Φ((s − ½)/σ), where
/// elo(s) = −400·log10(1/s − 1).
///
/// None when no game was played or A scored 0 or every point.
///
/// ```
/// use microply_host::ratings::{elo_wdl, Wdl};
/// let e = elo_wdl(Wdl { wins: 136, draws: 111, losses: 96 }).unwrap();
/// assert_eq!(e.to_string(), "+40.70 +/- 30.43, LOS 99.60 %");
/// ```
#[must_use]
pub fn elo_wdl(wdl: Wdl) -> Option<EloEstimate> {
    from_samples(&[1.0, 0.5, 0.0], &[wdl.wins, wdl.draws, wdl.losses])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wdl(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    fn rounded(e: EloEstimate) -> (String, String, String) {
        (
            format!("{:.2}", e.elo),
            format!("{:.2}", e.margin),
            format!("{:.2}", e.los * 100.0),
        )
    }

    #[test]
    fn issue_figures_hold_to_two_decimals() {
        // The figures of issue #12, as fastchess prints them.
        let e = elo_wdl(wdl(136, 111, 96)).expect("defined");
        assert_eq!(rounded(e), ("40.70".into(), "30.43".into(), "99.60".into()));
        let e = elo_wdl(wdl(76, 123, 89)).expect("defined");
        assert_eq!(
            rounded(e),
            ("-15.69".into(), "30.46".into(), "15.53".into())
        );
    }

    #[test]
    fn hand_computed_small_match() {
        // W=3, D=0, L=1: s = 0.75, elo = -400·log10(1/3) = 190.848...
        // σ² = [3·0.25² + 1·0.75²]/4 /4 = 0.1875/4 = 0.046875, σ = 0.216506...
        // s + 1.96σ = 1.174 > 1, so the margin is infinite;
        // LOS = Φ(0.25/0.216506) = Φ(1.154701) = 0.875893.
        let e = elo_wdl(wdl(3, 0, 1)).expect("defined");
        assert!((e.elo - 190.848_501_887_864_9).abs() < 1e-9);
        assert_eq!(e.margin, f64::INFINITY);
        assert!((e.los - 0.875_893).abs() < 1e-6, "{}", e.los);
    }

    #[test]
    fn swapping_the_players_negates_elo_and_mirrors_los() {
        for w in [wdl(136, 111, 96), wdl(5, 0, 7), wdl(40, 2, 1)] {
            let (a, b) = (elo_wdl(w).unwrap(), elo_wdl(w.swapped()).unwrap());
            assert!((a.elo + b.elo).abs() < 1e-9);
            assert!((a.margin - b.margin).abs() < 1e-9 || a.margin.is_infinite());
            assert!((a.los + b.los - 1.0).abs() < 1e-9);
            assert!((a.score + b.score - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn undefined_without_games_or_with_a_whitewash() {
        assert_eq!(elo_wdl(wdl(0, 0, 0)), None);
        assert_eq!(elo_wdl(wdl(5, 0, 0)), None);
        assert_eq!(elo_wdl(wdl(0, 0, 5)), None);
        let draws = elo_wdl(wdl(0, 9, 0)).expect("all draws is even");
        assert_eq!((draws.elo, draws.margin, draws.los), (0.0, 0.0, 0.5));
    }

    #[test]
    fn parses_and_records() {
        assert_eq!("136,111,96".parse::<Wdl>(), Ok(wdl(136, 111, 96)));
        assert!("1,2".parse::<Wdl>().is_err());
        let mut w = Wdl::default();
        for p in [1.0, 0.5, 0.0, 1.0] {
            w.record(p).unwrap();
        }
        assert_eq!(w, wdl(2, 1, 1));
        assert_eq!(w.points(), 2.5);
        assert!(w.record(0.7).is_err());
    }
}

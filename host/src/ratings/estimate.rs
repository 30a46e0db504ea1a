//! An Elo difference with its 95% margin and LOS, from the distribution of a per-sample
//! score (a game's 1, ½, 0, or a game pair's mean), the way fastchess computes it.

use core::fmt;

use super::normal::{normal_cdf, Z95};

/// An Elo difference estimated from match results, from player A's view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference elo(s) = −400·log10(1/s − 1) of the mean score s.
    pub elo: f64,
    /// Half the width of the 95% interval (elo(s + 1.96σ) − elo(s − 1.96σ))/2;
    /// `f64::INFINITY` when s ± 1.96σ leaves (0, 1).
    pub margin: f64,
    /// Likelihood of superiority Φ((s − 0.5)/σ), in 0..=1 (0.5 when σ = 0).
    pub los: f64,
    /// The mean score s in points per game, 0..=1.
    pub score: f64,
}

/// The logistic Elo difference of a mean score: −400·log10(1/s − 1).
///
/// Infinite at 0 and 1; NaN outside [0, 1].
#[must_use]
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The mean score of samples taking `values` with `counts`, and its standard error
/// σ = √(Var/N); None without samples.
pub(crate) fn mean_and_error(values: &[f64], counts: &[u64]) -> Option<(f64, f64)> {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let frequencies = || counts.iter().map(|&c| c as f64 / n).zip(values);
    let score: f64 = frequencies().map(|(f, v)| f * v).sum();
    let variance: f64 = frequencies().map(|(f, v)| f * (v - score).powi(2)).sum();
    Some((score, (variance / n).sqrt()))
}

/// The estimate from samples taking `values` (in points per game, 0..=1) with `counts`.
///
/// None when there are no samples or the mean score is 0 or 1 (the Elo difference is
/// then infinite).
pub(crate) fn from_samples(values: &[f64], counts: &[u64]) -> Option<EloEstimate> {
    let (score, sigma) = mean_and_error(values, counts)?;
    if score <= 0.0 || score >= 1.0 {
        return None;
    }
    Some(EloEstimate {
        elo: score_to_elo(score),
        margin: margin(score, sigma),
        los: if sigma > 0.0 {
            normal_cdf((score - 0.5) / sigma)
        } else {
            0.5
        },
        score,
    })
}

fn margin(score: f64, sigma: f64) -> f64 {
    let (low, high) = (score - Z95 * sigma, score + Z95 * sigma);
    if low <= 0.0 || high >= 1.0 {
        f64::INFINITY
    } else {
        (score_to_elo(high) - score_to_elo(low)) / 2.0
    }
}

/// The one way microply prints an estimate: `+40.70 +/- 30.43, LOS 99.60 %` (as fastchess
/// and cutechess print them). Match and tournament reports and `microply elo` all use it.
impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Rounding error of an even score must not print as −0.00.
        let elo = if (self.elo * 100.0).round() == 0.0 {
            0.0
        } else {
            self.elo
        };
        write!(
            f,
            "{:+.2} +/- {:.2}, LOS {:.2} %",
            elo,
            self.margin,
            self.los * 100.0
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo_and_the_logistic_curve_is_odd() {
        assert_eq!(score_to_elo(0.5), 0.0);
        // 10^(400/400) = 10: a score of 10/11 is +400 Elo.
        assert!((score_to_elo(10.0 / 11.0) - 400.0).abs() < 1e-9);
        assert!((score_to_elo(0.3) + score_to_elo(0.7)).abs() < 1e-9);
    }

    #[test]
    fn display_rounds_to_two_decimals_with_a_sign() {
        let e = EloEstimate {
            elo: -15.694,
            margin: 30.456,
            los: 0.155_34,
            score: 0.477,
        };
        assert_eq!(e.to_string(), "-15.69 +/- 30.46, LOS 15.53 %");
        let even = EloEstimate { elo: -1e-13, ..e };
        assert!(even.to_string().starts_with("+0.00 +/- "));
    }

    #[test]
    fn a_margin_past_the_curve_is_infinite() {
        let e = from_samples(&[1.0, 0.0], &[10, 1]).expect("defined");
        assert_eq!(e.margin, f64::INFINITY);
        assert_eq!(e.to_string().split(',').next(), Some("+400.00 +/- inf"));
    }
}

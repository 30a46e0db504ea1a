//! The sequential probability ratio test of a match, as cutechess computes it.

use core::str::FromStr;

use super::{RatingError, Wdl};

/// An SPRT of H0: "A is elo0 stronger than B" against H1: "A is elo1 stronger", with
/// error rates alpha (accepting H1 when H0 holds) and beta (accepting H0 when H1 holds).
///
/// elo0 and elo1 are logistic Elo differences; [`Sprt::llr`] turns them into BayesElo at
/// the observed draw rate, as cutechess does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// The false-positive rate, in (0, 1).
    pub alpha: f64,
    /// The false-negative rate, in (0, 1).
    pub beta: f64,
}

/// What an SPRT says after the games so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SprtDecision {
    /// The LLR is between the bounds: play on.
    Continue,
    /// The LLR fell below the lower bound: H0 (elo0) accepted.
    AcceptH0,
    /// The LLR rose above the upper bound: H1 (elo1) accepted.
    AcceptH1,
}

/// Win, draw and loss probabilities of the BayesElo model.
#[derive(Debug, Clone, Copy)]
struct Trinomial {
    win: f64,
    draw: f64,
    loss: f64,
}

impl Trinomial {
    /// P(win) = 1/(1 + 10^((drawElo − elo)/400)), P(loss) = 1/(1 + 10^((drawElo + elo)/400)).
    fn of_bayes_elo(elo: f64, draw_elo: f64) -> Self {
        let win = 1.0 / (1.0 + 10f64.powf((draw_elo - elo) / 400.0));
        let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + elo) / 400.0));
        Self {
            win,
            draw: 1.0 - win - loss,
            loss,
        }
    }

    /// The drawElo that makes the model fit observed frequencies:
    /// 200·log10((1 − L)/L · (1 − W)/W).
    fn draw_elo(&self) -> f64 {
        200.0 * ((1.0 - self.loss) / self.loss * (1.0 - self.win) / self.win).log10()
    }
}

/// d(logistic Elo)/d(BayesElo) at a given drawElo: 4x/(1 + x)² with x = 10^(−drawElo/400).
fn bayes_elo_scale(draw_elo: f64) -> f64 {
    let x = 10f64.powf(-draw_elo / 400.0);
    4.0 * x / ((1.0 + x) * (1.0 + x))
}

impl Sprt {
    /// A test, checked: elo0 < elo1 (both finite), alpha and beta in (0, 1).
    ///
    /// # Errors
    /// [`RatingError::BadSprt`] naming the wrong parameter.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, RatingError> {
        let bad = |what| Err(RatingError::BadSprt(what));
        if !elo0.is_finite() || !elo1.is_finite() || elo0 >= elo1 {
            return bad("elo0 must be below elo1 (both finite)");
        }
        if !(alpha > 0.0 && alpha < 1.0) {
            return bad("alpha must be between 0 and 1");
        }
        if !(beta > 0.0 && beta < 1.0) {
            return bad("beta must be between 0 and 1");
        }
        Ok(Self {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR bounds (lower, upper) = (ln(β/(1−α)), ln((1−β)/α)).
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 over H0 after `wdl`, as cutechess computes it:
    /// drawElo is estimated from the observed frequencies, elo0 and elo1 are turned into
    /// BayesElo by dividing by the slope 4x/(1 + x)², x = 10^(−drawElo/400), and
    /// LLR = W·ln(p1w/p0w) + D·ln(p1d/p0d) + L·ln(p1l/p0l).
    ///
    /// 0 while any of W, D, L is 0 (cutechess does not decide then: drawElo is undefined).
    #[must_use]
    pub fn llr(&self, wdl: Wdl) -> f64 {
        if wdl.wins == 0 || wdl.draws == 0 || wdl.losses == 0 {
            return 0.0;
        }
        let games = wdl.games() as f64;
        let observed = Trinomial {
            win: wdl.wins as f64 / games,
            draw: wdl.draws as f64 / games,
            loss: wdl.losses as f64 / games,
        };
        let draw_elo = observed.draw_elo();
        let scale = bayes_elo_scale(draw_elo);
        let p0 = Trinomial::of_bayes_elo(self.elo0 / scale, draw_elo);
        let p1 = Trinomial::of_bayes_elo(self.elo1 / scale, draw_elo);
        wdl.wins as f64 * (p1.win / p0.win).ln()
            + wdl.draws as f64 * (p1.draw / p0.draw).ln()
            + wdl.losses as f64 * (p1.loss / p0.loss).ln()
    }

    /// Continue, or accept H0 or H1 once the LLR leaves the bounds.
    #[must_use]
    pub fn decide(&self, wdl: Wdl) -> SprtDecision {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        if llr > upper {
            SprtDecision::AcceptH1
        } else if llr < lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

/// Reads `elo0,elo1,alpha,beta`, checked as [`Sprt::new`] does.
impl FromStr for Sprt {
    type Err = RatingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let [elo0, elo1, alpha, beta] = super::parse_list::<f64, 4>(s, "elo0,elo1,alpha,beta")?;
        Self::new(elo0, elo1, alpha, beta)
    }
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

    #[test]
    fn bounds_are_wald_bounds() {
        // alpha = beta = 0.05: ln(0.05/0.95) = −ln 19 = −2.944439, ln(0.95/0.05) = ln 19.
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo + 19f64.ln()).abs() < 1e-12 && (hi - 19f64.ln()).abs() < 1e-12);
        assert!((19f64.ln() - 2.944_439).abs() < 1e-6);
        // alpha = 0.1, beta = 0.2: ln(0.2/0.9) = −1.504077, ln(0.8/0.1) = ln 8 = 2.079442.
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.1, 0.2).unwrap().bounds();
        assert!((lo + 1.504_077).abs() < 1e-6 && (hi - 2.079_442).abs() < 1e-6);
    }

    #[test]
    fn llr_by_hand_with_one_third_draws() {
        // W = D = L = 100: W = L = D = 1/3 observed.
        // drawElo = 200·log10((2/3)/(1/3) · (2/3)/(1/3)) = 200·log10 4 = 120.411998.
        // x = 10^(−120.411998/400) = 4^(−1/2) = 1/2, scale = 4·½/(1.5²) = 8/9.
        // H0: elo0 = 0 → BayesElo 0: p0w = p0l = 1/(1 + 10^(120.412/400)) = 1/(1 + 2) = 1/3, p0d = 1/3.
        // H1: elo1 = 10 → BayesElo 10·9/8 = 11.25:
        //   p1w = 1/(1 + 2·10^(−11.25/400)); 10^(−0.028125) = 0.937292 → p1w = 1/2.874584 = 0.347876
        //   p1l = 1/(1 + 2·10^(+0.028125)); 10^(0.028125) = 1.066903 → p1l = 1/3.133806 = 0.319101
        //   p1d = 1 − p1w − p1l = 0.333023
        // LLR = 100·[ln(3·0.347876) + ln(3·0.333023) + ln(3·0.319101)]
        //     = 100·[0.042704 − 0.000932 − 0.043636] = 100·(−0.001864) = −0.1864.
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let llr = s.llr(wdl(100, 100, 100));
        assert!((llr + 0.1864).abs() < 1e-4, "{llr}");
    }

    #[test]
    fn llr_sign_and_decisions() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert_eq!(s.llr(wdl(10, 0, 3)), 0.0, "no draws: no estimate");
        assert_eq!(s.decide(wdl(10, 0, 3)), SprtDecision::Continue);
        assert_eq!(s.decide(wdl(600, 500, 400)), SprtDecision::AcceptH1);
        assert_eq!(s.decide(wdl(400, 500, 600)), SprtDecision::AcceptH0);
        assert_eq!(s.decide(wdl(51, 100, 50)), SprtDecision::Continue);
    }

    #[test]
    fn rejects_bad_parameters_by_name() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        let e = "0,5,0,0.05".parse::<Sprt>().unwrap_err();
        assert!(e.to_string().contains("alpha"), "{e}");
        assert!("0,5,0.05".parse::<Sprt>().is_err());
        assert_eq!(
            "0,5,0.05,0.1".parse::<Sprt>(),
            Sprt::new(0.0, 5.0, 0.05, 0.1)
        );
    }
}

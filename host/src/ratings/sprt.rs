//! The sequential probability ratio test of a match: on game pairs with the logistic or
//! normalized GSPRT (as fastchess and Fishtest compute it), or on W/D/L with any of the
//! three models (BayesElo as cutechess computes it).

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use super::gsprt::Sample;
use super::{bayes_elo, Pentanomial, RatingError, Wdl};

/// The largest |elo0|, |elo1| an SPRT takes: far past any test worth running, and inside
/// the range where the expected score 1/(1 + 10^(−elo/400)) stays away from 0 and 1.
pub const MAX_SPRT_ELO: f64 = 1000.0;

/// 800/ln 10: the slope that turns a normalized score t into normalized Elo.
const NELO_SCALE: f64 = 800.0 / core::f64::consts::LN_10;

/// How elo0 and elo1 become the distributions the test compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtModel {
    /// Logistic Elo: the expected score is 1/(1 + 10^(−elo/400)) (fastchess's and
    /// Fishtest's default).
    #[default]
    Logistic,
    /// Normalized Elo: (μ − ½)/σ = elo/(800/ln 10) per game (σ of one game's score), or
    /// √2 times that for a pair's mean score.
    Normalized,
    /// BayesElo's draw model on W/D/L, as cutechess computes it (no step before the first
    /// win and the first loss). It is a model of single games: on pairs ([`Sprt::llr`])
    /// the logistic model is used instead, and [`Sprt::decide_match`] decides on the W/D/L.
    #[serde(rename = "bayeselo", alias = "bayesian")]
    BayesElo,
}

impl SprtModel {
    /// Whether a match with this model is decided on game pairs (else on W/D/L).
    #[must_use]
    pub const fn decides_on_pairs(self) -> bool {
        !matches!(self, Self::BayesElo)
    }
}

/// `logistic`, `normalized` or `bayeselo` (`bayesian`, fastchess's name, too).
impl FromStr for SprtModel {
    type Err = RatingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "logistic" => Ok(Self::Logistic),
            "normalized" => Ok(Self::Normalized),
            "bayeselo" | "bayesian" => Ok(Self::BayesElo),
            _ => Err(RatingError::BadList {
                expected: "an SPRT model: logistic, normalized or bayeselo",
                got: s.to_string(),
            }),
        }
    }
}

impl fmt::Display for SprtModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Logistic => "logistic",
            Self::Normalized => "normalized",
            Self::BayesElo => "bayeselo",
        })
    }
}

/// An SPRT of H0: "A is elo0 stronger than B" against H1: "A is elo1 stronger", with
/// error rates alpha (accepting H1 when H0 holds) and beta (accepting H0 when H1 holds),
/// in the given model. The one SPRT settings type of the host: `microply elo`, `match`
/// and tournament files (`[sprt]` with `elo0`, `elo1`, `alpha`, `beta` and an optional
/// `model`) all read it, checked as [`Sprt::new`] checks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SprtFields")]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// The false-positive rate, in (0, 1).
    pub alpha: f64,
    /// The false-negative rate, in (0, 1).
    pub beta: f64,
    /// How the hypotheses become distributions.
    pub model: SprtModel,
}

/// What an SPRT says after the games so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SprtDecision {
    /// The LLR is between the bounds: play on.
    Continue,
    /// The LLR fell to the lower bound: H0 (elo0) accepted.
    AcceptH0,
    /// The LLR rose to the upper bound: H1 (elo1) accepted.
    AcceptH1,
}

/// The fields as a file holds them, before [`Sprt::new`] checks them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SprtFields {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    #[serde(default)]
    model: SprtModel,
}

impl TryFrom<SprtFields> for Sprt {
    type Error = RatingError;

    fn try_from(f: SprtFields) -> Result<Self, Self::Error> {
        Ok(Self::new(f.elo0, f.elo1, f.alpha, f.beta)?.with_model(f.model))
    }
}

impl Sprt {
    /// A test in the logistic model, checked: elo0 < elo1, both within ±[`MAX_SPRT_ELO`];
    /// alpha and beta in (0, 1) with alpha + beta < 1 (else the bounds cross).
    ///
    /// # Errors
    /// [`RatingError::BadSprt`] naming the wrong parameter.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, RatingError> {
        let bad = |what| Err(RatingError::BadSprt(what));
        let in_range = |elo: f64| elo.abs() <= MAX_SPRT_ELO;
        if !in_range(elo0) || !in_range(elo1) {
            return bad("elo0 and elo1 must be numbers within ±1000");
        }
        if elo0 >= elo1 {
            return bad("elo0 must be below elo1 (both finite)");
        }
        if !(alpha > 0.0 && alpha < 1.0) {
            return bad("alpha must be between 0 and 1");
        }
        if !(beta > 0.0 && beta < 1.0) {
            return bad("beta must be between 0 and 1");
        }
        if alpha + beta >= 1.0 {
            return bad("alpha + beta must be below 1");
        }
        Ok(Self {
            elo0,
            elo1,
            alpha,
            beta,
            model: SprtModel::Logistic,
        })
    }

    /// The same test in another model.
    #[must_use]
    pub const fn with_model(self, model: SprtModel) -> Self {
        Self { model, ..self }
    }

    /// The LLR bounds (lower, upper) = (ln(β/(1−α)), ln((1−β)/α)).
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 over H0 after the game pairs `counts`, as fastchess
    /// computes it: the GSPRT over a pair's mean score (0, ¼, ½, ¾, 1; a WL and a DD pair
    /// both score ½), each count of 0 taken as 0.001. Logistic (also for
    /// [`SprtModel::BayesElo`], a model of single games): the distributions of largest
    /// likelihood with mean 1/(1 + 10^(−eloₖ/400)); normalized: those with
    /// (μ − ½)/σ = √2·eloₖ/(800/ln 10). docs/ratings.md has the formulas.
    #[must_use]
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        let sample = Sample::new(counts.counts, [0.0, 0.25, 0.5, 0.75, 1.0]);
        match self.model {
            SprtModel::Logistic | SprtModel::BayesElo => {
                sample.llr_logistic(logistic_score(self.elo0), logistic_score(self.elo1))
            }
            SprtModel::Normalized => {
                let t = |elo: f64| core::f64::consts::SQRT_2 * elo / NELO_SCALE;
                sample.llr_normalized(t(self.elo0), t(self.elo1))
            }
        }
    }

    /// The log-likelihood ratio of H1 over H0 after `wdl`, each count of 0 taken as 0.001:
    /// BayesElo as cutechess computes it (drawElo estimated from the frequencies, elo0
    /// and elo1 scaled to BayesElo; 0 until there is a win and a loss); logistic and
    /// normalized as the GSPRT over a game's score (0, ½, 1), with
    /// (μ − ½)/σ = eloₖ/(800/ln 10) for normalized.
    #[must_use]
    pub fn llr_wdl(&self, wdl: Wdl) -> f64 {
        let counts = [wdl.losses, wdl.draws, wdl.wins];
        match self.model {
            SprtModel::BayesElo => bayes_elo::llr(self.elo0, self.elo1, wdl),
            SprtModel::Logistic => Sample::new(counts, [0.0, 0.5, 1.0])
                .llr_logistic(logistic_score(self.elo0), logistic_score(self.elo1)),
            SprtModel::Normalized => Sample::new(counts, [0.0, 0.5, 1.0])
                .llr_normalized(self.elo0 / NELO_SCALE, self.elo1 / NELO_SCALE),
        }
    }

    /// What an LLR means: H1 at or above the upper bound, H0 at or below the lower one
    /// (as fastchess decides), else continue.
    #[must_use]
    pub fn decision(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// The decision after the game pairs `counts` ([`Sprt::llr`]).
    #[must_use]
    pub fn decide_pairs(&self, counts: &Pentanomial) -> SprtDecision {
        self.decision(self.llr(counts))
    }

    /// The decision after the games `wdl` ([`Sprt::llr_wdl`]).
    #[must_use]
    pub fn decide_wdl(&self, wdl: Wdl) -> SprtDecision {
        self.decision(self.llr_wdl(wdl))
    }

    /// The decision of a match played in pairs, where the model says: on the pairs for
    /// logistic and normalized, on the W/D/L for BayesElo (as fastchess does). Call it at
    /// pair boundaries.
    #[must_use]
    pub fn decide_match(&self, wdl: Wdl, pairs: &Pentanomial) -> SprtDecision {
        if self.model.decides_on_pairs() {
            self.decide_pairs(pairs)
        } else {
            self.decide_wdl(wdl)
        }
    }
}

/// The expected score of a logistic Elo difference: 1/(1 + 10^(−elo/400)).
pub(super) fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Reads `elo0,elo1,alpha,beta` with an optional fifth item, the model (`logistic` by
/// default, `normalized` or `bayeselo`), checked as [`Sprt::new`] does.
impl FromStr for Sprt {
    type Err = RatingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        const EXPECTED: &str = "elo0,elo1,alpha,beta[,logistic|normalized|bayeselo]";
        let (numbers, model) = match s.splitn(5, ',').nth(4) {
            Some(model) => (&s[..s.len() - model.len() - 1], model.parse()?),
            None => (s, SprtModel::default()),
        };
        let bad = |_| RatingError::BadList {
            expected: EXPECTED,
            got: s.to_string(),
        };
        let [elo0, elo1, alpha, beta] =
            super::parse_list::<f64, 4>(numbers, EXPECTED).map_err(bad)?;
        Ok(Self::new(elo0, elo1, alpha, beta)?.with_model(model))
    }
}

/// `elo0 0 elo1 10 alpha 0.05 beta 0.05 (logistic)`.
impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0 {} elo1 {} alpha {} beta {} ({})",
            self.elo0, self.elo1, self.alpha, self.beta, self.model
        )
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

    fn pairs(counts: [u64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    fn sprt(model: SprtModel) -> Sprt {
        Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap().with_model(model)
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
    fn rejects_bad_parameters_by_name() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, f64::NAN, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5000.0, 0.05, 0.05).is_err());
        let e = "0,5,0,0.05".parse::<Sprt>().unwrap_err();
        assert!(e.to_string().contains("alpha"), "{e}");
        let e = "0,5,0.6,0.5".parse::<Sprt>().unwrap_err();
        assert!(e.to_string().contains("alpha + beta"), "{e}");
        let e = "0,5,0.05".parse::<Sprt>().unwrap_err();
        assert!(e.to_string().contains("elo0,elo1,alpha,beta"), "{e}");
        let e = "0,5,0.05,0.05,gaussian".parse::<Sprt>().unwrap_err();
        assert!(e.to_string().contains("'gaussian'"), "{e}");
        assert!("0,5,0.05,0.05,logistic,x".parse::<Sprt>().is_err());
        assert_eq!(
            "0,5,0.05,0.1".parse::<Sprt>(),
            Sprt::new(0.0, 5.0, 0.05, 0.1)
        );
        assert_eq!(
            "0, 5, 0.05, 0.1, normalized".parse::<Sprt>(),
            Ok(Sprt::new(0.0, 5.0, 0.05, 0.1)
                .unwrap()
                .with_model(SprtModel::Normalized))
        );
        assert_eq!(
            "0,5,0.05,0.1,bayesian".parse::<Sprt>().map(|s| s.model),
            Ok(SprtModel::BayesElo)
        );
    }

    #[test]
    fn reads_and_writes_the_settings_of_a_file() {
        let s: Sprt = toml::from_str("elo0 = 0\nelo1 = 10\nalpha = 0.05\nbeta = 0.05").unwrap();
        assert_eq!(s, sprt(SprtModel::Logistic));
        let text = toml::to_string(&s.with_model(SprtModel::BayesElo)).unwrap();
        assert!(text.contains("model = \"bayeselo\""), "{text}");
        assert_eq!(
            toml::from_str::<Sprt>(&text).unwrap().model,
            SprtModel::BayesElo
        );
        let e =
            toml::from_str::<Sprt>("elo0 = 5\nelo1 = 0\nalpha = 0.05\nbeta = 0.05").unwrap_err();
        assert!(e.to_string().contains("elo0 must be below elo1"), "{e}");
        assert!(
            toml::from_str::<Sprt>("elo0 = 0\nelo1 = 5\nalpha = 0.05\nbeta = 0.05\nx = 1").is_err()
        );
    }

    #[test]
    fn decisions_at_and_between_the_bounds() {
        let s = sprt(SprtModel::Logistic);
        let (lo, hi) = s.bounds();
        assert_eq!(s.decision(hi), SprtDecision::AcceptH1);
        assert_eq!(s.decision(lo), SprtDecision::AcceptH0);
        assert_eq!(s.decision(0.0), SprtDecision::Continue);
        assert_eq!(s.decision(hi - 1e-9), SprtDecision::Continue);
    }
    // The pentanomial vectors: a pair's mean score a = (0, ¼, ½, ¾, 1), observed
    // frequencies p̂, s₀ = ½ (elo0 = 0), s₁ = 1/(1 + 10^(−10/400)) = 1/(1 + 0.944061) = 0.514387.
    // Logistic: pₖ = p̂/(1 + θₖ(a − sₖ)) with θₖ the root of Σ p̂(a − sₖ)/(1 + θₖ(a − sₖ)) = 0
    // (solved by Newton from the first-order guess (x̄ − s)/Σp̂(a − s)², to 1e-12), and
    // LLR = N·Σ p̂·ln(p1/p0). The normalized values were found independently by solving the
    // Lagrange conditions p̂ᵢ/pᵢ = λ + ν·∂(μ − ½ − tσ)/∂pᵢ, Σp = 1, μ − ½ = tσ as one system
    // of seven equations (Newton in 40-digit arithmetic), not by the fixed point the code uses.

    #[test]
    fn balanced_pairs_by_hand() {
        // counts 10,20,40,20,10 (N = 100): p̂ = (.1, .2, .4, .2, .1), x̄ = ½,
        // Var = .1·¼ + .2·(1/16) + 0 + .2·(1/16) + .1·¼ = 0.075.
        // H0: x̄ = s₀, so θ₀ = 0 and p0 = p̂.
        // H1: a − s₁ = (−.514387, −.264387, −.014387, .235613, .485613); guess
        //   −.014387/(0.075 + .014387²) = −0.191301, root θ₁ = −0.191566;
        //   p1 = (.091030, .190359, .398901, .209454, .110257).
        // p̂·ln(p1/p0) = −.0093981, −.0098813, −.0011009, +.0092371, +.0097643; Σ = −.0013790.
        // LLR = 100·(−.0013790) = −0.13790 (the approximation N(s₁ − s₀)(2x̄ − s₀ − s₁)/(2Var)
        //   = 100·.014387·(−.014387)/0.15 = −0.13799 agrees).
        let p = pairs([10, 20, 40, 20, 10]);
        let llr = sprt(SprtModel::Logistic).llr(&p);
        assert!((llr + 0.137_90).abs() < 1e-4, "{llr}");
        // Normalized: t₁ = √2·10/(800/ln 10) = 14.142136/347.435 = 0.0407043, t₀ = 0 (p0 = p̂).
        //   p1 = (.092763, .192543, .399668, .207403, .107623): μ = .511145, σ = .273805,
        //   (μ − ½)/σ = 0.0407043.
        //   p̂·ln(p1/p0) = −.0075121, −.0076000, −.0003316, +.0072689, +.0073466; Σ = −.00082825.
        // LLR = −0.082825.
        let llr = sprt(SprtModel::Normalized).llr(&p);
        assert!((llr + 0.082_825).abs() < 1e-4, "{llr}");
        assert_eq!(
            sprt(SprtModel::Logistic).decide_pairs(&p),
            SprtDecision::Continue
        );
    }

    #[test]
    fn lopsided_pairs_by_hand() {
        // counts 5,10,30,35,20 (N = 100): p̂ = (.05, .1, .3, .35, .2), x̄ = 0.6375,
        // Var = 0.0717188.
        // H0: a − ½ = (−½, −¼, 0, ¼, ½); guess .1375/.0717188 = 1.51724, root θ₀ = 1.409948;
        //   p0 = (.169477, .154437, .3, .258783, .117304) (mean ½).
        // H1: guess 1.417118, root θ₁ = 1.302104; p1 = (.151417, .152499, .305727, .267831, .122525).
        // p̂·ln(p1/p0) = −.0056339, −.0012626, +.0056734, +.0120293, +.0087097; Σ = .0195159.
        // LLR = 1.95159 (the approximation 100·.014387·(1.275 − 1.014387)/(2·.0717188) = 2.614
        //   is far off this far from s₀, s₁: the reason for the exact LLR).
        let p = pairs([5, 10, 30, 35, 20]);
        let llr = sprt(SprtModel::Logistic).llr(&p);
        assert!((llr - 1.951_59).abs() < 1e-4, "{llr}");
        // Normalized: p0 as above (t₀ = 0 is mean ½); p1 = (.156054, .151186, .302478, .266868,
        //   .123415): μ = .512601, σ = .309575. Terms −.0041257, −.0021278, +.0024676,
        //   +.0107677, +.0101571; LLR = 1.71389.
        let llr = sprt(SprtModel::Normalized).llr(&p);
        assert!((llr - 1.713_89).abs() < 1e-4, "{llr}");
        // Three times the pairs, three times the LLR (p̂ is the same): 5.855 ≥ ln 19.
        let p3 = pairs([15, 30, 90, 105, 60]);
        assert!((sprt(SprtModel::Logistic).llr(&p3) - 3.0 * 1.951_59).abs() < 3e-4);
        assert_eq!(
            sprt(SprtModel::Logistic).decide_pairs(&p3),
            SprtDecision::AcceptH1
        );
        let swapped = pairs([60, 105, 90, 30, 15]);
        assert_eq!(
            sprt(SprtModel::Logistic).decide_pairs(&swapped),
            SprtDecision::AcceptH0
        );
    }

    #[test]
    fn drawless_pairs_by_hand() {
        // counts 20,0,50,0,30: LD and WD become 0.001, N = 100.002,
        // p̂ = (.199996, .0000100, .499990, .0000100, .299994), x̄ = .549999.
        // H0: a − ½ = (−½, −¼, 0, ¼, ½), root θ₀ = 0.399996 (the guess .049999/.124999 is
        //   already within 1e-6); p0 = (.249994, .0000111, .499990, .0000091, .249995).
        // H1: root θ₁ = 0.286558; p1 = (.234572, .0000108, .502060, .0000094, .263348).
        // p̂·ln(p1/p0) = −.0127346, −.0000003, +.0020656, +.0000003, +.0156093; Σ = .0049404.
        // LLR = 100.002·.0049404 = 0.49404.
        let p = pairs([20, 0, 50, 0, 30]);
        let llr = sprt(SprtModel::Logistic).llr(&p);
        assert!((llr - 0.494_04).abs() < 1e-4, "{llr}");
        // Normalized: p1 = (.235115, .0000108, .501021, .0000094, .263844), μ = .514364,
        //   σ = .352895; terms −.0122725, −.0000003, +.0010295, +.0000003, +.0161747;
        //   LLR = 0.49318.
        let llr = sprt(SprtModel::Normalized).llr(&p);
        assert!((llr - 0.493_18).abs() < 1e-4, "{llr}");
    }

    #[test]
    fn drawless_games_by_hand_and_a_drawless_match_stops() {
        // W/D/L 60,0,20, logistic on a game's score (0, ½, 1): D becomes 0.001, N = 80.001,
        // p̂ = (L .249997, D .0000125, W .749991).
        // H0 (s = ½, a − s = (−½, 0, ½)): p̂W(1 − θ/2) = p̂L(1 + θ/2), θ₀ = 2·(60 − 20)/80 = 1;
        //   p0 = (.499994, .0000125, .499994).
        // H1: the quadratic's root θ₁ = 0.943232; p1 = (.485606, .0000127, .514381).
        // p̂·ln(p1/p0) = −.0072992, +.0000002, +.0212760; Σ = .0139770; LLR = 80.001·… = 1.11817.
        let s = sprt(SprtModel::Logistic);
        let llr = s.llr_wdl(wdl(60, 0, 20));
        assert!((llr - 1.118_17).abs() < 1e-4, "{llr}");
        // Normalized on games (t₁ = 10/347.435 = .0287823): LLR = 1.11802.
        let llr = sprt(SprtModel::Normalized).llr_wdl(wdl(60, 0, 20));
        assert!((llr - 1.118_02).abs() < 1e-4, "{llr}");
        // Three times the games: θ's stay, LLR = 240.001·.0139771 = 3.35449 ≥ ln 19 = 2.944.
        let llr = s.llr_wdl(wdl(180, 0, 60));
        assert!((llr - 3.354_49).abs() < 1e-4, "{llr}");
        for model in [
            SprtModel::Logistic,
            SprtModel::Normalized,
            SprtModel::BayesElo,
        ] {
            let s = sprt(model);
            assert_eq!(
                s.decide_wdl(wdl(60, 0, 20)),
                SprtDecision::Continue,
                "{model}"
            );
            assert_eq!(
                s.decide_wdl(wdl(180, 0, 60)),
                SprtDecision::AcceptH1,
                "{model}"
            );
            assert_eq!(
                s.decide_wdl(wdl(60, 0, 180)),
                SprtDecision::AcceptH0,
                "{model}"
            );
        }
    }

    #[test]
    fn one_third_draws_in_every_model() {
        // W = D = L = 100, logistic: θ₀ = 0, θ₁ = −0.086377, p1 = (L .319153, D .332920,
        // W .347927); terms −.0144908, −.0004140, +.0142836; LLR = 300·(−.000621) = −0.18635.
        // BayesElo: −0.1864 (derived in bayes_elo's tests). Normalized (t₁ = .0287823):
        // p1 = (.321656, .333195, .345149), LLR = −0.12422.
        let w = wdl(100, 100, 100);
        for (model, expected) in [
            (SprtModel::Logistic, -0.186_35),
            (SprtModel::BayesElo, -0.186_37),
            (SprtModel::Normalized, -0.124_22),
        ] {
            let llr = sprt(model).llr_wdl(w);
            assert!((llr - expected).abs() < 1e-4, "{model}: {llr}");
        }
    }

    #[test]
    fn a_match_is_decided_where_its_model_says() {
        // All pairs WL: the pairs show no spread (LLR on pairs near 0 for logistic at
        // x̄ = ½), the games a Bernoulli match; BayesElo decides on the games.
        let p = pairs([0, 0, 400, 0, 0]);
        let w = wdl(400, 0, 400);
        assert!(SprtModel::Logistic.decides_on_pairs());
        assert!(!SprtModel::BayesElo.decides_on_pairs());
        let b = sprt(SprtModel::BayesElo);
        assert_eq!(b.decide_match(w, &p), b.decide_wdl(w));
        let l = sprt(SprtModel::Logistic);
        assert_eq!(l.decide_match(w, &p), l.decide_pairs(&p));
        assert_eq!(l.decide_pairs(&p), SprtDecision::AcceptH0);
    }
}

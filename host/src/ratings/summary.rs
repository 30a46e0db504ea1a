//! The text summary of a two-player match: W/D/L, Elo, pentanomial Elo, SPRT. One
//! function, so `microply elo`, `microply match` and the reports print alike.

use core::fmt;
use std::fmt::Write as _;

use super::{elo_pentanomial, elo_wdl, EloEstimate, Pentanomial, Sprt, SprtDecision, Wdl};

/// `W 136 D 111 L 96`.
impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "W {} D {} L {}", self.wins, self.draws, self.losses)
    }
}

/// `continue`, `H0 accepted` or `H1 accepted`.
impl fmt::Display for SprtDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Continue => "continue",
            Self::AcceptH0 => "H0 accepted",
            Self::AcceptH1 => "H1 accepted",
        })
    }
}

/// The match's lines: games and W/D/L, Elo, then pentanomial Elo and the SPRT when given.
///
/// ```
/// use microply_host::ratings::{match_summary, Wdl};
/// let w = Wdl { wins: 136, draws: 111, losses: 96 };
/// assert_eq!(
///     match_summary(w, None, None),
///     "games 343: W 136 D 111 L 96 (points 191.5)\nElo: +40.70 +/- 30.43, LOS 99.60 %\n"
/// );
/// ```
#[must_use]
pub fn match_summary(wdl: Wdl, pentanomial: Option<Pentanomial>, sprt: Option<Sprt>) -> String {
    let mut out = format!(
        "games {}: {wdl} (points {:.1})\nElo: {}\n",
        wdl.games(),
        wdl.points(),
        or_undefined(elo_wdl(wdl))
    );
    if let Some(p) = pentanomial {
        let [ll, ld, one, wd, ww] = p.counts;
        let _ = writeln!(
            out,
            "pairs {}: [{ll}, {ld}, {one}, {wd}, {ww}]\nPentanomial Elo: {}",
            p.pairs(),
            or_undefined(elo_pentanomial(p))
        );
    }
    if let Some(s) = sprt {
        let (lower, upper) = s.bounds();
        let _ = writeln!(
            out,
            "SPRT: elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} ({lower:.2}, {upper:.2}) {}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            s.llr(wdl),
            s.decide(wdl)
        );
    }
    out
}

fn or_undefined(estimate: Option<EloEstimate>) -> String {
    estimate.map_or_else(
        || "undefined (no games, or one side scored every point)".into(),
        |e| e.to_string(),
    )
}

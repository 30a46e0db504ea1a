//! The text summary of a two-player match: W/D/L, Elo, pentanomial Elo, SPRT. One
//! function, so `microply elo`, `microply match` and the reports print alike.

use core::fmt;
use std::fmt::Write as _;

use super::{
    elo_pentanomial, elo_wdl, EloEstimate, Pentanomial, Sprt, SprtDecision, SprtModel, Wdl,
};

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
/// The SPRT is evaluated where its model decides a match ([`Sprt::decide_match`]): on the
/// pairs when they are given and the model is logistic or normalized, else on the W/D/L.
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
        out += &pair_lines(p);
    }
    match (sprt, pentanomial) {
        (Some(s), Some(p)) if s.model.decides_on_pairs() => out += &pairs_sprt_line(s, &p),
        (Some(s), _) => {
            let _ = writeln!(out, "{}", sprt_line("games", s, s.llr_wdl(wdl)));
        }
        (None, _) => {}
    }
    out
}

/// The lines of game pairs alone: the pair counts, pentanomial Elo, and the SPRT on the
/// pairs when given (what `microply elo --pentanomial` prints without W/D/L).
///
/// ```
/// use microply_host::ratings::{pairs_summary, Pentanomial};
/// let p = Pentanomial { counts: [0, 10, 20, 30, 0] };
/// assert_eq!(
///     pairs_summary(p, None),
///     "pairs 60: [0, 10, 20, 30, 0]\nPentanomial Elo: +58.45 +/- 33.81, LOS 99.97 %\n"
/// );
/// ```
#[must_use]
pub fn pairs_summary(pentanomial: Pentanomial, sprt: Option<Sprt>) -> String {
    let mut out = pair_lines(pentanomial);
    if let Some(s) = sprt {
        out += &pairs_sprt_line(s, &pentanomial);
    }
    out
}

fn pair_lines(p: Pentanomial) -> String {
    let [ll, ld, one, wd, ww] = p.counts;
    format!(
        "pairs {}: [{ll}, {ld}, {one}, {wd}, {ww}]\nPentanomial Elo: {}\n",
        p.pairs(),
        or_undefined(elo_pentanomial(p))
    )
}

/// The SPRT on pairs; BayesElo, a model of single games, is evaluated as logistic there.
fn pairs_sprt_line(s: Sprt, p: &Pentanomial) -> String {
    let note = if s.model == SprtModel::BayesElo {
        " [bayeselo is for W/D/L: logistic on pairs]"
    } else {
        ""
    };
    let s = if s.model.decides_on_pairs() {
        s
    } else {
        s.with_model(SprtModel::Logistic)
    };
    format!("{}{note}\n", sprt_line("pairs", s, s.llr(p)))
}

/// `SPRT on pairs: elo0 0 elo1 10 alpha 0.05 beta 0.05 (logistic): LLR 1.23 (-2.94, 2.94) continue`.
fn sprt_line(on: &str, s: Sprt, llr: f64) -> String {
    let (lower, upper) = s.bounds();
    format!(
        "SPRT on {on}: {s}: LLR {llr:.2} ({lower:.2}, {upper:.2}) {}",
        s.decision(llr)
    )
}

fn or_undefined(estimate: Option<EloEstimate>) -> String {
    estimate.map_or_else(
        || "undefined (no games, or one side scored every point)".into(),
        |e| e.to_string(),
    )
}

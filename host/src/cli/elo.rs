//! `microply elo`: Elo difference, margin, LOS (and optionally pentanomial figures and
//! an SPRT) for match results people paste in.

use std::fmt::Write as _;

use crate::ratings::{elo_pentanomial, elo_wdl, Pentanomial, Sprt, SprtDecision, Wdl};

/// What `microply elo` was given.
#[derive(Debug, Clone, PartialEq)]
pub struct EloArgs {
    /// The match from player A's view.
    pub wdl: Wdl,
    /// Game-pair counts, when the games were played in pairs.
    pub pentanomial: Option<Pentanomial>,
    /// An SPRT to evaluate on the W/D/L.
    pub sprt: Option<Sprt>,
}

/// The report `microply elo` prints.
#[must_use]
pub fn report(args: &EloArgs) -> String {
    let w = args.wdl;
    let mut out = format!(
        "games {}: W {} D {} L {} (points {:.1})\n",
        w.games(),
        w.wins,
        w.draws,
        w.losses,
        w.points()
    );
    let _ = writeln!(
        out,
        "Elo: {}",
        estimate_or_reason(elo_wdl(w).map(|e| e.to_string()))
    );
    if let Some(p) = args.pentanomial {
        let [ll, ld, one, wd, ww] = p.counts;
        let _ = writeln!(
            out,
            "pairs {}: [{ll}, {ld}, {one}, {wd}, {ww}]\nPentanomial Elo: {}",
            p.pairs(),
            estimate_or_reason(elo_pentanomial(p).map(|e| e.to_string()))
        );
    }
    if let Some(s) = args.sprt {
        let (lower, upper) = s.bounds();
        let decision = match s.decide(w) {
            SprtDecision::Continue => "continue",
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
        };
        let _ = writeln!(
            out,
            "SPRT: elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} ({:.2}, {:.2}) {decision}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            s.llr(w),
            lower,
            upper
        );
    }
    out
}

fn estimate_or_reason(estimate: Option<String>) -> String {
    estimate.unwrap_or_else(|| "undefined (no games, or one side scored every point)".into())
}

/// Prints the report.
///
/// # Errors
/// None today; a `Result` like every subcommand.
pub fn run(args: &EloArgs) -> anyhow::Result<()> {
    print!("{}", report(args));
    Ok(())
}

//! `microply elo`: Elo difference, margin, LOS (and optionally pentanomial figures and
//! an SPRT) for match results people paste in.

use crate::ratings::{match_summary, Pentanomial, Sprt, Wdl};

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

/// Prints the match summary.
///
/// # Errors
/// None today; a `Result` like every subcommand.
pub fn run(args: &EloArgs) -> anyhow::Result<()> {
    print!("{}", match_summary(args.wdl, args.pentanomial, args.sprt));
    Ok(())
}

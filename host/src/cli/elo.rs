//! `microply elo`: Elo difference, margin, LOS (and optionally pentanomial figures and
//! an SPRT) for match results people paste in; or a simulation of how many games an
//! SPRT needs.

use anyhow::bail;
use clap::Args;

use crate::ratings::{
    match_summary, pairs_summary, simulate_sprt, Pentanomial, Sprt, SprtSimulation, Wdl,
};

/// What `microply elo` was given.
#[derive(Debug, Clone, PartialEq, Args)]
pub struct EloArgs {
    /// Games player A won.
    #[arg(long, allow_negative_numbers = true, requires_all = ["draws", "losses"])]
    pub wins: Option<u64>,
    /// Drawn games.
    #[arg(long, allow_negative_numbers = true, requires_all = ["wins", "losses"])]
    pub draws: Option<u64>,
    /// Games player A lost.
    #[arg(long, allow_negative_numbers = true, requires_all = ["wins", "draws"])]
    pub losses: Option<u64>,
    /// Game pairs scoring 0, 0.5, 1, 1.5 and 2 points for A, as a,b,c,d,e.
    #[arg(long, value_name = "A,B,C,D,E", value_parser = super::parse_pentanomial)]
    pub pentanomial: Option<Pentanomial>,
    /// An SPRT of elo0 against elo1 with error rates alpha and beta; the model is
    /// logistic (default), normalized or bayeselo.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA[,MODEL]", value_parser = super::parse_sprt)]
    pub sprt: Option<Sprt>,
    /// Rate the match saved in DIR (`microply match --out DIR`), finished or stopped,
    /// from its journal, without playing on or changing the folder: W/D/L, the
    /// pentanomial figures of its complete pairs and the saved SPRT's state.
    #[arg(
        long,
        value_name = "DIR",
        conflicts_with_all = ["wins", "draws", "losses", "pentanomial", "sprt", "simulate"]
    )]
    pub run: Option<std::path::PathBuf>,
    /// Simulate matches of A, ELO stronger than B, to the --sprt's decision: how many
    /// games it takes (median, 90th percentile) and how often it accepts H1.
    #[arg(
        long,
        value_name = "ELO",
        allow_negative_numbers = true,
        requires_all = ["draw_rate", "sprt"],
        conflicts_with_all = ["wins", "draws", "losses", "pentanomial"]
    )]
    pub simulate: Option<f64>,
    /// The probability that a simulated game is drawn (0 to 1).
    #[arg(long, value_name = "D", requires = "simulate")]
    pub draw_rate: Option<f64>,
    /// Simulated matches.
    #[arg(long, default_value_t = 1000, requires = "simulate")]
    pub runs: u32,
    /// The simulation's seed.
    #[arg(long, default_value_t = 1, requires = "simulate")]
    pub seed: u64,
    /// A simulated match still undecided after this many games stops (counted as undecided).
    #[arg(long, default_value_t = 1_000_000, requires = "simulate")]
    pub max_games: u64,
}

impl EloArgs {
    fn wdl(&self) -> Option<Wdl> {
        Some(Wdl {
            wins: self.wins?,
            draws: self.draws?,
            losses: self.losses?,
        })
    }
}

/// Prints the match summary, the pairs' summary, or the simulation's.
///
/// # Errors
/// Nothing to rate, or simulation settings out of range.
pub fn run(args: &EloArgs) -> anyhow::Result<()> {
    if let Some(elo) = args.simulate {
        return simulate(args, elo);
    }
    if let Some(dir) = &args.run {
        print!("{}", super::tournament::saved_match_summary(dir)?);
        return Ok(());
    }
    match (args.wdl(), args.pentanomial) {
        (Some(wdl), pentanomial) => print!("{}", match_summary(wdl, pentanomial, args.sprt)),
        (None, Some(pentanomial)) => print!("{}", pairs_summary(pentanomial, args.sprt)),
        (None, None) => {
            bail!(
                "nothing to rate: give --wins, --draws and --losses, --pentanomial, --run DIR or --simulate"
            )
        }
    }
    Ok(())
}

fn simulate(args: &EloArgs, elo: f64) -> anyhow::Result<()> {
    let (Some(sprt), Some(draw_rate)) = (args.sprt, args.draw_rate) else {
        bail!("--simulate needs --sprt and --draw-rate");
    };
    let sim = SprtSimulation {
        elo,
        draw_rate,
        runs: args.runs,
        seed: args.seed,
        max_games: args.max_games,
    };
    let r = simulate_sprt(&sprt, &sim)?;
    println!(
        "SPRT {sprt}, true elo {elo}, draw rate {draw_rate}: {} runs, seed {}",
        r.runs, sim.seed
    );
    println!(
        "games: median {}, 90th percentile {}, mean {:.1}",
        r.median_games, r.p90_games, r.mean_games
    );
    println!(
        "H1 accepted: {:.1} %, undecided at {} games: {}",
        r.h1_fraction * 100.0,
        sim.max_games,
        r.undecided
    );
    Ok(())
}

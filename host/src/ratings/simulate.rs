//! How many games an SPRT needs: matches simulated game by game from a model of two
//! players, each run to its decision at a pair boundary.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::{Pentanomial, RatingError, Sprt, SprtDecision, Wdl, MAX_SPRT_ELO};

/// The most runs a simulation takes.
pub const MAX_RUNS: u32 = 1_000_000;

/// A simulation of an SPRT: the players' true strengths and how often to play the match.
///
/// The model: every game is independent; A wins with probability w = s − d/2, draws with
/// d and loses with l = 1 − s − d/2, where s = 1/(1 + 10^(−elo/400)) is the expected score
/// of the true logistic Elo difference and d the draw rate. Games are played in pairs (the
/// two games of an opening with colours swapped, here independent), and the SPRT is
/// consulted after each pair ([`Sprt::decide_match`]: on the pairs, or on the W/D/L for
/// BayesElo).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtSimulation {
    /// The true logistic Elo difference of A over B.
    pub elo: f64,
    /// The probability that a game is drawn, in 0..=1.
    pub draw_rate: f64,
    /// How many matches to simulate, 1..=[`MAX_RUNS`].
    pub runs: u32,
    /// The seed: run r draws from its own generator, seeded from (seed, r), so a run does
    /// not depend on the others.
    pub seed: u64,
    /// A match still undecided after this many games (at least 2) stops, counted as
    /// undecided.
    pub max_games: u64,
}

/// What the simulated matches took and decided.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtSimulationSummary {
    /// Matches simulated.
    pub runs: u32,
    /// The median of the games each match took (nearest rank: the ⌈n/2⌉-th smallest).
    pub median_games: u64,
    /// The 90th percentile of the games (the ⌈0.9·n⌉-th smallest).
    pub p90_games: u64,
    /// The mean of the games.
    pub mean_games: f64,
    /// The fraction of all matches that accepted H1.
    pub h1_fraction: f64,
    /// Matches stopped at `max_games` without a decision.
    pub undecided: u32,
}

impl SprtSimulation {
    /// P(win), P(draw), P(loss) of one game for A.
    ///
    /// # Errors
    /// [`RatingError::BadSimulation`] when the Elo or draw rate is out of range, or the
    /// draw rate leaves no room for the Elo's expected score.
    pub fn game_probabilities(&self) -> Result<[f64; 3], RatingError> {
        let bad = |what: String| Err(RatingError::BadSimulation(what));
        if self.elo.is_nan() || self.elo.abs() > MAX_SPRT_ELO {
            return bad(format!("elo {} must be within ±{MAX_SPRT_ELO}", self.elo));
        }
        if !(0.0..=1.0).contains(&self.draw_rate) {
            return bad(format!(
                "draw rate {} must be between 0 and 1",
                self.draw_rate
            ));
        }
        let score = 1.0 / (1.0 + 10f64.powf(-self.elo / 400.0));
        let half = self.draw_rate / 2.0;
        let (win, loss) = (score - half, 1.0 - score - half);
        if win < 0.0 || loss < 0.0 {
            return bad(format!(
                "a draw rate of {} leaves no room for the expected score {score:.4} of elo {}: \
                 it must be at most {:.4}",
                self.draw_rate,
                self.elo,
                2.0 * score.min(1.0 - score)
            ));
        }
        Ok([win, self.draw_rate, loss])
    }

    fn check_counts(&self) -> Result<(), RatingError> {
        if self.runs == 0 || self.runs > MAX_RUNS {
            return Err(RatingError::BadSimulation(format!(
                "runs {} must be between 1 and {MAX_RUNS}",
                self.runs
            )));
        }
        if self.max_games < 2 {
            return Err(RatingError::BadSimulation(format!(
                "max games {} must be at least 2 (one pair)",
                self.max_games
            )));
        }
        Ok(())
    }
}

/// Simulates `sim.runs` matches of `sprt` and summarises them. A pure function of its
/// arguments.
///
/// # Errors
/// [`RatingError::BadSimulation`] naming the setting out of range.
pub fn simulate_sprt(
    sprt: &Sprt,
    sim: &SprtSimulation,
) -> Result<SprtSimulationSummary, RatingError> {
    sim.check_counts()?;
    let probabilities = sim.game_probabilities()?;
    let outcomes: Vec<(u64, SprtDecision)> = (0..sim.runs)
        .map(|run| {
            let mut rng = Pcg64Mcg::seed_from_u64(run_seed(sim.seed, run));
            one_match(sprt, probabilities, sim.max_games, &mut rng)
        })
        .collect();
    let mut games: Vec<u64> = outcomes.iter().map(|&(g, _)| g).collect();
    games.sort_unstable();
    let count = |d: SprtDecision| outcomes.iter().filter(|&&(_, o)| o == d).count();
    let runs = f64::from(sim.runs);
    Ok(SprtSimulationSummary {
        runs: sim.runs,
        median_games: nearest_rank(&games, 0.5),
        p90_games: nearest_rank(&games, 0.9),
        mean_games: games.iter().map(|&g| g as f64).sum::<f64>() / runs,
        h1_fraction: count(SprtDecision::AcceptH1) as f64 / runs,
        undecided: count(SprtDecision::Continue) as u32,
    })
}

/// One match to its decision (or `max_games`): the games played and the decision.
fn one_match(
    sprt: &Sprt,
    [win, draw, _]: [f64; 3],
    max_games: u64,
    rng: &mut Pcg64Mcg,
) -> (u64, SprtDecision) {
    let mut wdl = Wdl::default();
    let mut pairs = Pentanomial::default();
    let mut game = || {
        let u = unit(rng);
        if u < win {
            2
        } else if u < win + draw {
            1
        } else {
            0
        }
    };
    while wdl.games() + 2 <= max_games {
        let (first, second) = (game(), game());
        for half_points in [first, second] {
            match half_points {
                2 => wdl.wins += 1,
                1 => wdl.draws += 1,
                _ => wdl.losses += 1,
            }
        }
        pairs.counts[first + second] += 1;
        let decision = sprt.decide_match(wdl, &pairs);
        if decision != SprtDecision::Continue {
            return (wdl.games(), decision);
        }
    }
    (wdl.games(), SprtDecision::Continue)
}

/// Run r's seed: the run index spread by the golden-ratio constant, added to the seed
/// (the generator's seeding scrambles it further).
fn run_seed(seed: u64, run: u32) -> u64 {
    seed.wrapping_add(u64::from(run).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Uniform in [0, 1) from the top 53 bits.
fn unit(rng: &mut Pcg64Mcg) -> f64 {
    const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
    (rng.next_u64() >> 11) as f64 * SCALE
}

/// The ⌈q·n⌉-th smallest of `sorted` (non-empty).
fn nearest_rank(sorted: &[u64], q: f64) -> u64 {
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sim(elo: f64, draw_rate: f64, runs: u32, seed: u64) -> SprtSimulation {
        SprtSimulation {
            elo,
            draw_rate,
            runs,
            seed,
            max_games: 1_000_000,
        }
    }

    #[test]
    fn game_probabilities_by_hand() {
        // elo 0: s = ½, d = 0.5 → w = l = 0.25.
        assert_eq!(
            sim(0.0, 0.5, 1, 0).game_probabilities(),
            Ok([0.25, 0.5, 0.25])
        );
        // elo 400: s = 10/11 = 0.909091, d = 0.1 → w = 0.859091, l = 0.040909.
        let [w, d, l] = sim(400.0, 0.1, 1, 0).game_probabilities().unwrap();
        assert!((w - 0.859_091).abs() < 1e-6 && d == 0.1 && (l - 0.040_909).abs() < 1e-6);
        // d = 0.2 at s = 10/11 leaves l < 0: at most 2/11 = 0.1818.
        let e = sim(400.0, 0.2, 1, 0).game_probabilities().unwrap_err();
        assert!(e.to_string().contains("at most 0.1818"), "{e}");
        assert!(sim(0.0, 1.5, 1, 0).game_probabilities().is_err());
        assert!(sim(f64::NAN, 0.5, 1, 0).game_probabilities().is_err());
    }

    #[test]
    fn bad_counts_are_named() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let e = simulate_sprt(&s, &sim(0.0, 0.5, 0, 1)).unwrap_err();
        assert!(e.to_string().contains("runs 0"), "{e}");
        let e = simulate_sprt(
            &s,
            &SprtSimulation {
                max_games: 1,
                ..sim(0.0, 0.5, 1, 1)
            },
        )
        .unwrap_err();
        assert!(e.to_string().contains("max games 1"), "{e}");
    }

    #[test]
    fn deterministic_for_a_seed_and_about_right() {
        let s = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let a = simulate_sprt(&s, &sim(10.0, 0.5, 100, 7)).unwrap();
        assert_eq!(a, simulate_sprt(&s, &sim(10.0, 0.5, 100, 7)).unwrap());
        assert_ne!(a, simulate_sprt(&s, &sim(10.0, 0.5, 100, 8)).unwrap());
        // At elo1 the test accepts H1 with probability about 1 − β = 0.95.
        assert!(a.h1_fraction > 0.85, "{a:?}");
        assert_eq!(a.undecided, 0);
        assert!(a.median_games <= a.p90_games && a.median_games % 2 == 0);
    }

    #[test]
    fn a_drawless_match_stops() {
        // No draws at all: every pair is LL, WL or WW; the test still decides.
        for model in ["logistic", "normalized", "bayeselo"] {
            let s: Sprt = format!("0,10,0.05,0.05,{model}").parse().unwrap();
            let r = simulate_sprt(
                &s,
                &SprtSimulation {
                    max_games: 200_000,
                    ..sim(20.0, 0.0, 20, 3)
                },
            )
            .unwrap();
            assert_eq!(r.undecided, 0, "{model}: {r:?}");
            assert!(r.h1_fraction > 0.8, "{model}: {r:?}");
        }
    }

    #[test]
    fn the_quantiles_are_nearest_ranks() {
        let v = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20];
        assert_eq!(nearest_rank(&v, 0.5), 10);
        assert_eq!(nearest_rank(&v, 0.9), 18);
        assert_eq!(nearest_rank(&[6], 0.9), 6);
    }
}

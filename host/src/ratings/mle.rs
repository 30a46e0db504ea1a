//! Maximum-likelihood Elo ratings of many players from all their games.
//!
//! Model: A scores against B with expectation p = 1/(1 + 10^((r_B − r_A)/400)), a draw
//! counting as half a point (the log-likelihood of a game scoring s for A is
//! s·ln p + (1 − s)·ln(1 − p)). The log-likelihood is concave in the ratings, so Newton
//! steps (halved while they do not improve it) reach the maximum. Ratings are
//! defined up to a constant: one player is held at 0 while fitting, then the
//! [`Anchor`] shifts them. The 95% intervals are ±1.96 standard deviations from the
//! inverse of the observed Fisher information (the negated Hessian at the maximum).
//! docs/ratings.md has the derivation.

use super::cholesky::{self, Matrix};
use super::normal::Z95;
use super::RatingError;

/// One game between two players, by index.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedGame {
    /// The player who moved first.
    pub first: usize,
    /// The player who moved second.
    pub second: usize,
    /// Points of the first player: 1, 0.5 or 0 (any value in 0..=1 is accepted).
    pub score_first: f64,
}

/// Where the rating scale is pinned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The ratings average 0.
    Mean,
    /// This player is rated 0 (its interval is then [0, 0]: the others are relative to it).
    Player(usize),
}

/// A player's rating with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The maximum-likelihood rating.
    pub elo: f64,
    /// The low end of the 95% interval.
    pub low: f64,
    /// The high end of the 95% interval.
    pub high: f64,
}

/// Elo points per natural unit of the logistic: 400/ln 10.
const ELO_PER_NATURAL: f64 = 400.0 / core::f64::consts::LN_10;
/// The fit stops when no rating moves by more than this many Elo in a Newton step.
const CONVERGED_ELO: f64 = 1e-9;
/// Newton steps before giving up (a well-posed fit needs about ten).
const MAX_ITERATIONS: usize = 200;

/// Maximum-likelihood ratings of `players` players from `games`, anchored as asked,
/// each with a 95% interval.
///
/// # Errors
/// [`RatingError::NoPlayers`], a game with a player out of range or against itself
/// or a score outside 0..=1, an anchor out of range, [`RatingError::Unbounded`] when
/// some group of players won or lost every point against the rest (or never met
/// them), so that their ratings would go to infinity, and
/// [`RatingError::NoConvergence`] should the fit fail to settle.
pub fn maximum_likelihood(
    players: usize,
    games: &[RatedGame],
    anchor: Anchor,
) -> Result<Vec<Rating>, RatingError> {
    check_input(players, games, anchor)?;
    check_bounded(players, games)?;
    let pinned = match anchor {
        Anchor::Player(p) => p,
        Anchor::Mean => 0,
    };
    let fit = Fit {
        players,
        games,
        pinned,
    };
    let natural = fit.maximise()?;
    let covariance = fit.covariance(&natural)?;
    let elo: Vec<f64> = natural.iter().map(|b| b * ELO_PER_NATURAL).collect();
    let (elo, covariance) = match anchor {
        Anchor::Player(_) => (elo, covariance),
        Anchor::Mean => centred(&elo, &covariance),
    };
    Ok(elo
        .iter()
        .zip(&covariance)
        .enumerate()
        .map(|(i, (&r, row))| {
            let half = Z95 * row[i].max(0.0).sqrt() * ELO_PER_NATURAL;
            Rating {
                elo: r,
                low: r - half,
                high: r + half,
            }
        })
        .collect())
}

fn check_input(players: usize, games: &[RatedGame], anchor: Anchor) -> Result<(), RatingError> {
    if players == 0 {
        return Err(RatingError::NoPlayers);
    }
    if let Anchor::Player(player) = anchor {
        if player >= players {
            return Err(RatingError::AnchorOutOfRange { player, players });
        }
    }
    for (game, g) in games.iter().enumerate() {
        for player in [g.first, g.second] {
            if player >= players {
                return Err(RatingError::PlayerOutOfRange {
                    game,
                    player,
                    players,
                });
            }
        }
        if g.first == g.second {
            return Err(RatingError::SelfPlay {
                game,
                player: g.first,
            });
        }
        if !(0.0..=1.0).contains(&g.score_first) {
            return Err(RatingError::BadScore {
                game,
                points: g.score_first,
            });
        }
    }
    Ok(())
}

/// The maximum is finite exactly when the graph "i took points from j" is strongly
/// connected (Zermelo 1929; Ford 1957): otherwise some group never lost a point to, or
/// never won one from, the others.
fn check_bounded(players: usize, games: &[RatedGame]) -> Result<(), RatingError> {
    let mut took_points_from = vec![Vec::new(); players];
    let mut gave_points_to = vec![Vec::new(); players];
    for g in games {
        for (taker, giver, points) in [
            (g.first, g.second, g.score_first),
            (g.second, g.first, 1.0 - g.score_first),
        ] {
            if points > 0.0 {
                took_points_from[taker].push(giver);
                gave_points_to[giver].push(taker);
            }
        }
    }
    for edges in [&took_points_from, &gave_points_to] {
        let reached = reachable_from_first(edges);
        let missed: Vec<usize> = (0..players).filter(|&p| !reached[p]).collect();
        if !missed.is_empty() {
            return Err(RatingError::Unbounded { players: missed });
        }
    }
    Ok(())
}

fn reachable_from_first(edges: &[Vec<usize>]) -> Vec<bool> {
    let mut seen = vec![false; edges.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(p) = stack.pop() {
        for &q in &edges[p] {
            if !seen[q] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    seen
}

/// The likelihood of the games as a function of the ratings in natural units
/// (Elo·ln10/400), with player `pinned` held at 0.
struct Fit<'a> {
    players: usize,
    games: &'a [RatedGame],
    pinned: usize,
}

/// 1/(1 + e^(−x)): the expected score at a natural-unit rating difference x.
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Fit<'_> {
    fn log_likelihood(&self, r: &[f64]) -> f64 {
        self.games
            .iter()
            .map(|g| {
                let p = logistic(r[g.first] - r[g.second]);
                g.score_first * p.ln() + (1.0 - g.score_first) * (1.0 - p).ln()
            })
            .sum()
    }

    /// The gradient of the log-likelihood and the observed Fisher information, over all
    /// players (the pinned one included).
    fn gradient_and_information(&self, r: &[f64]) -> (Vec<f64>, Matrix) {
        let n = self.players;
        let mut gradient = vec![0.0; n];
        let mut information = vec![vec![0.0; n]; n];
        for g in self.games {
            let (a, b) = (g.first, g.second);
            let p = logistic(r[a] - r[b]);
            gradient[a] += g.score_first - p;
            gradient[b] -= g.score_first - p;
            let w = p * (1.0 - p);
            information[a][a] += w;
            information[b][b] += w;
            information[a][b] -= w;
            information[b][a] -= w;
        }
        (gradient, information)
    }

    /// The players whose ratings are free (all but the pinned one).
    fn free(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        (0..self.players).filter(|&p| p != self.pinned)
    }

    fn reduced(&self, m: &Matrix) -> Matrix {
        self.free()
            .map(|i| self.free().map(|j| m[i][j]).collect())
            .collect()
    }

    fn maximise(&self) -> Result<Vec<f64>, RatingError> {
        let mut r = vec![0.0; self.players];
        for _ in 0..MAX_ITERATIONS {
            let (gradient, information) = self.gradient_and_information(&r);
            let l =
                cholesky::factor(&self.reduced(&information)).ok_or(RatingError::NoConvergence)?;
            let g: Vec<f64> = self.free().map(|i| gradient[i]).collect();
            let step = cholesky::solve(&l, &g);
            let largest = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
            r = self.damped_step(&r, &step);
            if largest * ELO_PER_NATURAL < CONVERGED_ELO {
                return Ok(r);
            }
        }
        Err(RatingError::NoConvergence)
    }

    /// r + t·step for the largest t in 1, ½, ¼, ... that does not lower the likelihood
    /// (beyond rounding: near the maximum the change is below the sum's precision).
    fn damped_step(&self, r: &[f64], step: &[f64]) -> Vec<f64> {
        let now = self.log_likelihood(r);
        let before = now - 1e-12 * (1.0 + now.abs());
        let mut t = 1.0;
        loop {
            let mut next = r.to_vec();
            for (i, s) in self.free().zip(step) {
                next[i] += t * s;
            }
            if self.log_likelihood(&next) >= before || t < 1e-6 {
                return next;
            }
            t *= 0.5;
        }
    }

    /// The covariance of all ratings (natural units²), zero in the pinned player's row
    /// and column.
    fn covariance(&self, r: &[f64]) -> Result<Matrix, RatingError> {
        let (_, information) = self.gradient_and_information(r);
        let l = cholesky::factor(&self.reduced(&information)).ok_or(RatingError::NoConvergence)?;
        let inverse = cholesky::inverse(&l);
        let mut full = vec![vec![0.0; self.players]; self.players];
        for (a, i) in self.free().enumerate() {
            for (b, j) in self.free().enumerate() {
                full[i][j] = inverse[a][b];
            }
        }
        Ok(full)
    }
}

/// Ratings shifted to mean 0 and their covariance P·C·P with P = I − 11ᵀ/n.
fn centred(elo: &[f64], c: &Matrix) -> (Vec<f64>, Matrix) {
    let n = elo.len() as f64;
    let mean = elo.iter().sum::<f64>() / n;
    let row_means: Vec<f64> = c.iter().map(|row| row.iter().sum::<f64>() / n).collect();
    let grand_mean = row_means.iter().sum::<f64>() / n;
    let centred_c = c
        .iter()
        .enumerate()
        .map(|(i, row)| {
            row.iter()
                .enumerate()
                .map(|(j, v)| v - row_means[i] - row_means[j] + grand_mean)
                .collect()
        })
        .collect();
    (elo.iter().map(|r| r - mean).collect(), centred_c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::{elo_wdl, Wdl};

    fn games(results: &[(usize, usize, f64, usize)]) -> Vec<RatedGame> {
        results
            .iter()
            .flat_map(|&(first, second, score_first, times)| {
                std::iter::repeat_n(
                    RatedGame {
                        first,
                        second,
                        score_first,
                    },
                    times,
                )
            })
            .collect()
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn two_players_recover_the_match_estimate() {
        let w = Wdl {
            wins: 136,
            draws: 111,
            losses: 96,
        };
        let g = games(&[(0, 1, 1.0, 136), (1, 0, 0.5, 111), (1, 0, 1.0, 96)]);
        let r = maximum_likelihood(2, &g, Anchor::Player(1)).unwrap();
        let want = elo_wdl(w).unwrap().elo;
        assert!(close(r[0].elo, want, 1e-6), "{} vs {want}", r[0].elo);
        assert_eq!((r[1].elo, r[1].low, r[1].high), (0.0, 0.0, 0.0));
        // Two players: I = N·p(1 − p) with p = s, so the half-width is
        // 1.959964·(400/ln10)/√(N·s(1 − s)) = 1.959964·173.717793/√(343·0.246633) = 37.02,
        // wider than the trinomial margin 30.43 because a draw's variance is smaller.
        let s = w.points() / 343.0;
        let half = Z95 * ELO_PER_NATURAL / (343.0 * s * (1.0 - s)).sqrt();
        assert!(
            close(r[0].high - r[0].elo, half, 1e-6) && close(half, 37.02, 5e-3),
            "{half}"
        );
        let mean = maximum_likelihood(2, &g, Anchor::Mean).unwrap();
        assert!(close(mean[0].elo, want / 2.0, 1e-6) && close(mean[1].elo, -want / 2.0, 1e-6));
    }

    #[test]
    fn three_player_chain_by_hand() {
        // A(0) beats B(1) 2–1, B beats C(2) 3–1, A and C never meet. In a tree each edge
        // fits exactly: r_A − r_B = elo(2/3) = 400·log10 2 = 120.411998,
        // r_B − r_C = elo(3/4) = 400·log10 3 = 190.848502.
        // Anchored at B the variance of r_A (natural units) is 1/(n·p·(1−p)) over the A–B
        // games: 1/(3·2/3·1/3) = 1.5, so the half-width is 1.959964·√1.5·400/ln10 = 417.002.
        // Likewise r_C: 1/(4·3/4·1/4) = 4/3, half-width 1.959964·√(4/3)·173.717793 = 393.153.
        let g = games(&[
            (0, 1, 1.0, 2),
            (1, 0, 1.0, 1),
            (2, 1, 0.0, 3),
            (1, 2, 0.0, 1),
        ]);
        let r = maximum_likelihood(3, &g, Anchor::Player(1)).unwrap();
        assert!(close(r[0].elo, 120.411_998, 1e-5), "{:?}", r);
        assert!(close(r[2].elo, -190.848_502, 1e-5), "{:?}", r);
        assert!(close(r[0].high - r[0].elo, 417.002, 1e-3), "{:?}", r);
        assert!(close(r[2].elo - r[2].low, 393.153, 1e-3), "{:?}", r);
        // Mean 0: B = (190.848502 − 120.411998)/3 = 23.478835.
        let m = maximum_likelihood(3, &g, Anchor::Mean).unwrap();
        assert!(close(m[1].elo, 23.478_835, 1e-5), "{:?}", m);
        assert!(close(m.iter().map(|r| r.elo).sum::<f64>(), 0.0, 1e-9));
    }

    #[test]
    fn a_lopsided_match_still_converges() {
        // 999 wins and a draw: s = 0.9995, elo = 400·log10(0.9995/0.0005) = 400·3.300813 = 1320.33.
        let g = games(&[(0, 1, 1.0, 999), (1, 0, 0.5, 1)]);
        let r = maximum_likelihood(2, &g, Anchor::Player(1)).unwrap();
        assert!(close(r[0].elo, 400.0 * 1999f64.log10(), 1e-6), "{r:?}");
        assert!(close(r[0].elo, 1320.33, 5e-3), "{r:?}");
    }

    #[test]
    fn a_balanced_cycle_rates_everyone_equal() {
        // A beats B, B beats C, C beats A, twice each, plus a draw each: all equal.
        let g = games(&[
            (0, 1, 1.0, 2),
            (1, 2, 1.0, 2),
            (2, 0, 1.0, 2),
            (0, 1, 0.5, 1),
            (1, 2, 0.5, 1),
            (2, 0, 0.5, 1),
        ]);
        for r in maximum_likelihood(3, &g, Anchor::Mean).unwrap() {
            assert!(close(r.elo, 0.0, 1e-9), "{r:?}");
            assert!(close(r.high, -r.low, 1e-9));
        }
    }

    #[test]
    fn relabelling_players_permutes_their_ratings() {
        let g = games(&[
            (0, 1, 1.0, 5),
            (1, 0, 1.0, 2),
            (1, 2, 0.5, 4),
            (2, 3, 1.0, 3),
            (3, 0, 1.0, 1),
            (0, 2, 0.0, 2),
            (3, 1, 0.5, 2),
            (0, 3, 1.0, 4),
        ]);
        let perm = [2, 0, 3, 1];
        let relabelled: Vec<RatedGame> = g
            .iter()
            .map(|x| RatedGame {
                first: perm[x.first],
                second: perm[x.second],
                score_first: x.score_first,
            })
            .collect();
        let a = maximum_likelihood(4, &g, Anchor::Mean).unwrap();
        let b = maximum_likelihood(4, &relabelled, Anchor::Mean).unwrap();
        for (i, &p) in perm.iter().enumerate() {
            assert!(close(a[i].elo, b[p].elo, 1e-6) && close(a[i].low, b[p].low, 1e-6));
        }
        // Swapping who moved first (with the score) changes nothing: no colour term.
        let swapped: Vec<RatedGame> = g
            .iter()
            .map(|x| RatedGame {
                first: x.second,
                second: x.first,
                score_first: 1.0 - x.score_first,
            })
            .collect();
        let c = maximum_likelihood(4, &swapped, Anchor::Mean).unwrap();
        for (x, y) in a.iter().zip(&c) {
            assert!(close(x.elo, y.elo, 1e-6));
        }
    }

    #[test]
    fn anchors_differ_by_a_shift() {
        let g = games(&[
            (0, 1, 1.0, 3),
            (1, 0, 1.0, 1),
            (1, 2, 0.5, 4),
            (2, 0, 1.0, 1),
            (0, 2, 1.0, 1),
        ]);
        let mean = maximum_likelihood(3, &g, Anchor::Mean).unwrap();
        let at2 = maximum_likelihood(3, &g, Anchor::Player(2)).unwrap();
        assert_eq!(at2[2].elo, 0.0);
        for (m, a) in mean.iter().zip(&at2) {
            assert!(close(m.elo - mean[2].elo, a.elo, 1e-6));
        }
    }

    #[test]
    fn undefeated_and_unplayed_players_are_unbounded() {
        let g = games(&[
            (0, 1, 1.0, 3),
            (1, 0, 1.0, 1),
            (2, 1, 1.0, 2),
            (0, 2, 0.0, 1),
        ]);
        // Player 2 never lost a point: +∞.
        assert_eq!(
            maximum_likelihood(3, &g, Anchor::Mean),
            Err(RatingError::Unbounded { players: vec![2] })
        );
        let g = games(&[(0, 1, 1.0, 3), (1, 0, 1.0, 1)]);
        assert_eq!(
            maximum_likelihood(3, &g, Anchor::Mean),
            Err(RatingError::Unbounded { players: vec![2] })
        );
    }

    #[test]
    fn bad_input_is_named() {
        let g = games(&[(0, 3, 1.0, 1)]);
        assert_eq!(
            maximum_likelihood(3, &g, Anchor::Mean),
            Err(RatingError::PlayerOutOfRange {
                game: 0,
                player: 3,
                players: 3
            })
        );
        let g = games(&[(0, 1, 1.0, 1), (1, 1, 1.0, 1)]);
        assert_eq!(
            maximum_likelihood(2, &g, Anchor::Mean),
            Err(RatingError::SelfPlay { game: 1, player: 1 })
        );
        assert_eq!(
            maximum_likelihood(0, &[], Anchor::Mean),
            Err(RatingError::NoPlayers)
        );
        assert_eq!(
            maximum_likelihood(2, &[], Anchor::Player(2)),
            Err(RatingError::AnchorOutOfRange {
                player: 2,
                players: 2
            })
        );
        let g = games(&[(0, 1, 1.5, 1)]);
        assert!(matches!(
            maximum_likelihood(2, &g, Anchor::Mean),
            Err(RatingError::BadScore { game: 0, .. })
        ));
    }
}

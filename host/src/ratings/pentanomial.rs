//! Game pairs (one opening played with both colours) and the Elo estimate from them.

use core::str::FromStr;

use super::estimate::{from_samples, EloEstimate};
use super::{RatingError, Wdl};

/// How many game pairs gave A 0, ½, 1, 1½ and 2 points (index = points × 2).
///
/// A pair is the same opening played twice with the colours swapped. Counting pairs
/// instead of games removes the opening's bias from the variance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Pentanomial {
    /// Pairs scoring 0 (LL), ½ (LD), 1 (WL or DD), 1½ (WD), 2 (WW) points for A.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Game pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Adds one pair whose two games scored `first` and `second` (each 1, ½ or 0) for A.
    ///
    /// # Errors
    /// [`RatingError::BadResult`] for any other score.
    pub fn record(&mut self, first: f64, second: f64) -> Result<(), RatingError> {
        self.counts[super::half_points(first)? + super::half_points(second)?] += 1;
        Ok(())
    }
}

/// Reads `a,b,c,d,e`: the pairs scoring 0, ½, 1, 1½ and 2 points.
impl FromStr for Pentanomial {
    type Err = RatingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Self {
            counts: super::parse_list::<u64, 5>(s, "five pair counts a,b,c,d,e")?,
        })
    }
}

/// Elo difference, 95% margin and LOS of A over B from game pairs, as fastchess
/// computes them: the same formulas as [`elo_wdl`](super::elo_wdl) with the sample
/// being a pair's mean score (0, ¼, ½, ¾, 1) and N the number of pairs.
///
/// None when no pair was played or A scored 0 or every point.
#[must_use]
pub fn elo_pentanomial(p: Pentanomial) -> Option<EloEstimate> {
    from_samples(&[0.0, 0.25, 0.5, 0.75, 1.0], &p.counts)
}

/// The games in a pentanomial count, W/D/L (a WL pair and a DD pair both score 1 and
/// cannot be told apart, so they count as one win and one loss or two draws as given).
#[must_use]
pub fn games_of_pairs(p: Pentanomial, wl_pairs: u64) -> Wdl {
    let [ll, ld, one, wd, ww] = p.counts;
    let wl = wl_pairs.min(one);
    let dd = one - wl;
    Wdl {
        wins: 2 * ww + wd + wl,
        draws: ld + 2 * dd + wd,
        losses: 2 * ll + ld + wl,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_derived_pair_figures() {
        // counts 0,10,20,30,0 (60 pairs): s = (10·¼ + 20·½ + 30·¾)/60 = 35/60 = 7/12.
        // elo = −400·log10(12/7 − 1) = −400·log10(5/7) = 58.451 (log10(0.714286) = −0.146128).
        // Var = [10(¼−7/12)² + 20(½−7/12)² + 30(¾−7/12)²]/60
        //     = [10·(1/9) + 20·(1/144) + 30·(1/36)]/60 = (1.111111 + 0.138889 + 0.833333)/60
        //     = 2.083333/60 = 0.0347222; σ = sqrt(0.0347222/60) = 0.0240563.
        // LOS = Φ((7/12 − ½)/σ) = Φ(3.46410) = 0.999734.
        // bounds 7/12 ± 1.959964·σ = 0.536184, 0.630483:
        // elo(0.630483) = −400·log10(0.586086) = 92.815, elo(0.536184) = −400·log10(0.865032) = 25.187,
        // margin = (92.815 − 25.187)/2 = 33.814.
        let e = elo_pentanomial(Pentanomial {
            counts: [0, 10, 20, 30, 0],
        })
        .expect("defined");
        assert!((e.score - 7.0 / 12.0).abs() < 1e-12);
        assert!((e.elo - 58.451).abs() < 1e-3, "{}", e.elo);
        assert!((e.margin - 33.814).abs() < 1e-3, "{}", e.margin);
        assert!((e.los - 0.999_734).abs() < 1e-6, "{}", e.los);
    }

    #[test]
    fn split_pairs_have_no_pair_variance_but_games_do() {
        // Every pair WL: the per-game score varies, the per-pair score never does,
        // so the pentanomial margin is 0 while the trinomial one is not.
        let p = Pentanomial {
            counts: [0, 0, 50, 0, 0],
        };
        let pairs = elo_pentanomial(p).expect("even");
        assert_eq!((pairs.elo, pairs.margin), (0.0, 0.0));
        let games = super::super::elo_wdl(games_of_pairs(p, 50)).expect("even");
        assert!(games.margin > 50.0);
    }

    #[test]
    fn records_and_parses() {
        let mut p = Pentanomial::default();
        p.record(1.0, 1.0).unwrap();
        p.record(0.5, 0.0).unwrap();
        p.record(1.0, 0.0).unwrap();
        assert_eq!(p.counts, [0, 1, 1, 0, 1]);
        assert!(p.record(2.0, 0.0).is_err());
        assert_eq!("0,1,1,0,1".parse::<Pentanomial>(), Ok(p));
        assert!("0,1,1,0".parse::<Pentanomial>().is_err());
        assert_eq!(
            games_of_pairs(p, 1),
            Wdl {
                wins: 3,
                draws: 1,
                losses: 2
            }
        );
    }

    #[test]
    fn undefined_without_pairs_or_with_a_whitewash() {
        assert_eq!(elo_pentanomial(Pentanomial::default()), None);
        assert_eq!(
            elo_pentanomial(Pentanomial {
                counts: [0, 0, 0, 0, 3]
            }),
            None
        );
    }
}

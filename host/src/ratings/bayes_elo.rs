//! The SPRT on W/D/L as cutechess computes it, with BayesElo's draw model; a count of 0
//! regularised as fastchess does, so that a match without draws still decides.

use super::Wdl;

/// What a count of 0 becomes (fastchess's `regularize`): without it, drawElo is
/// undefined while W, D or L is 0 and the test never moves.
const ZERO_COUNT: f64 = 1e-3;

/// Win, draw and loss probabilities (or frequencies).
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

/// The LLR of logistic Elo `elo1` over `elo0` after `wdl`: each count of 0 becomes 0.001;
/// drawElo is estimated from the frequencies, elo0 and elo1 become BayesElo by dividing
/// by the slope 4x/(1 + x)², x = 10^(−drawElo/400), and
/// LLR = W·ln(p1w/p0w) + D·ln(p1d/p0d) + L·ln(p1l/p0l).
///
/// 0 while there is no win or no loss (as in cutechess and fastchess): drawElo is then
/// estimated from a regularised 0.001 win (or loss) and comes out hundreds of Elo too
/// large, which makes each game of the other kind worth most of a bound (simulated, this
/// more than doubled the error rates). Draws need not occur.
pub(super) fn llr(elo0: f64, elo1: f64, wdl: Wdl) -> f64 {
    if wdl.wins == 0 || wdl.losses == 0 {
        return 0.0;
    }
    let [wins, draws, losses] =
        [wdl.wins, wdl.draws, wdl.losses].map(|c| if c == 0 { ZERO_COUNT } else { c as f64 });
    let games = wins + draws + losses;
    let observed = Trinomial {
        win: wins / games,
        draw: draws / games,
        loss: losses / games,
    };
    let draw_elo = observed.draw_elo();
    let scale = bayes_elo_scale(draw_elo);
    let p0 = Trinomial::of_bayes_elo(elo0 / scale, draw_elo);
    let p1 = Trinomial::of_bayes_elo(elo1 / scale, draw_elo);
    wins * (p1.win / p0.win).ln()
        + draws * (p1.draw / p0.draw).ln()
        + losses * (p1.loss / p0.loss).ln()
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
        let llr = llr(0.0, 10.0, wdl(100, 100, 100));
        assert!((llr + 0.1864).abs() < 1e-4, "{llr}");
    }

    #[test]
    fn llr_by_hand_without_draws() {
        // W = 60, D = 0 → 0.001, L = 20: N = 80.001, w = 0.749991, l = 0.249997.
        // (1 − l)/l = 80.001/20 − 1 = 3.00005, (1 − w)/w = 20.001/60 = 0.333350;
        // product 1.0000667, drawElo = 200·log10(1.0000667) = 0.005790.
        // x = 10^(−0.005790/400) = 0.999967, scale = 4x/(1 + x)² = 1 − 3·10⁻¹⁰ ≈ 1.
        // H0 (BayesElo 0): p0w = p0l = 1/(1 + 10^(0.005790/400)) = 1/2.0000333 = 0.4999917,
        //   p0d = 1 − 2·0.4999917 = 0.0000167.
        // H1 (BayesElo 10): p1w = 1/(1 + 10^(−9.994210/400)) = 1/(1 + 0.944092) = 0.5143789,
        //   p1l = 1/(1 + 10^(10.005790/400)) = 1/(1 + 1.059289) = 0.4856045,
        //   p1d = 1 − 0.5143789 − 0.4856045 = 0.0000167 (ratio to p0d: e^(−0.00083)).
        // LLR = 60·ln(0.5143789/0.4999917) + 0.001·(−0.00083) + 20·ln(0.4856045/0.4999917)
        //     = 60·0.0283686 − 0.0000008 − 20·0.0291969 = 1.702118 − 0.000001 − 0.583939 = 1.1182.
        let llr = llr(0.0, 10.0, wdl(60, 0, 20));
        assert!((llr - 1.1182).abs() < 1e-4, "{llr}");
        // Twice as many games: about twice the LLR, and a drawless match moves on.
        assert!(super::llr(0.0, 10.0, wdl(120, 0, 40)) > 2.2);
        // Without a loss (or a win) drawElo has no estimate: no step.
        assert_eq!(super::llr(0.0, 10.0, wdl(5, 3, 0)), 0.0);
        assert_eq!(super::llr(0.0, 10.0, wdl(0, 3, 5)), 0.0);
    }
}

//! The ratings library end to end on a synthetic round robin: six players whose true
//! strengths are 60 Elo apart play every other player 10 times with each colour,
//! results drawn from the logistic model with a fixed seed. Prints the ratings table and
//! writes the interval plot and one match's score plot into a folder.
//!
//! `cargo run -p microply-host --example ratings_report -- docs/img`

use std::path::PathBuf;

use microply_host::ratings::{maximum_likelihood, running_score, Anchor, RatedGame};
use microply_host::report::{interval_plot, ratings_table, score_plot};

/// xorshift64: a fixed sequence, so the example prints the same every time.
struct Xorshift(u64);

impl Xorshift {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

const PLAYERS: usize = 6;
const STEP_ELO: f64 = 60.0;
const DRAW_SHARE: f64 = 0.2;

fn round_robin() -> Vec<RatedGame> {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let mut games = Vec::new();
    for first in 0..PLAYERS {
        for second in (0..PLAYERS).filter(|&s| s != first) {
            let gap = (first as f64 - second as f64) * STEP_ELO;
            let expected = 1.0 / (1.0 + 10f64.powf(-gap / 400.0));
            for _ in 0..10 {
                // Draws take DRAW_SHARE of the games, split so the expectation holds.
                let u = rng.unit();
                let win = expected - DRAW_SHARE / 2.0;
                let score_first = if u < win {
                    1.0
                } else if u < win + DRAW_SHARE {
                    0.5
                } else {
                    0.0
                };
                games.push(RatedGame {
                    first,
                    second,
                    score_first,
                });
            }
        }
    }
    games
}

fn main() -> anyhow::Result<()> {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let games = round_robin();
    let ratings = maximum_likelihood(PLAYERS, &games, Anchor::Mean)?;
    let labels: Vec<String> = (0..PLAYERS)
        .map(|p| format!("true {:+}", p as f64 * STEP_ELO - 150.0))
        .collect();
    print!("{}", ratings_table(&labels, &ratings));
    let title = "Synthetic round robin: ratings with 95% intervals";
    std::fs::write(
        out.join("ratings-example.svg"),
        interval_plot(title, &labels, &ratings)?,
    )?;
    let strongest_vs_next: Vec<f64> = games
        .iter()
        .filter_map(|g| match (g.first, g.second) {
            (5, 4) => Some(g.score_first),
            (4, 5) => Some(1.0 - g.score_first),
            _ => None,
        })
        .collect();
    let title = "Synthetic match: score over games with its 95% band";
    std::fs::write(
        out.join("score-example.svg"),
        score_plot(title, &running_score(&strongest_vs_next)?)?,
    )?;
    Ok(())
}

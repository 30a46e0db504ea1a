//! Property tests of the ratings and report library's invariants.

use microply_host::ratings::{elo_wdl, maximum_likelihood, Anchor, RatedGame, Wdl};
use microply_host::report::markdown_table;
use proptest::prelude::*;

/// A full round robin of `players` with `results[k]` in half points (0, 1, 2) for the
/// k-th game in pairing order, plus one draw per pairing so every rating is finite.
fn round_robin(players: usize, results: &[u8], games_per_pair: usize) -> Vec<RatedGame> {
    let mut games = Vec::new();
    let mut next = results.iter().cycle();
    for a in 0..players {
        for b in a + 1..players {
            games.push(RatedGame {
                first: a,
                second: b,
                score_first: 0.5,
            });
            for k in 0..games_per_pair {
                let (first, second) = if k % 2 == 0 { (a, b) } else { (b, a) };
                let half = *next.next().expect("cycle");
                games.push(RatedGame {
                    first,
                    second,
                    score_first: f64::from(half) / 2.0,
                });
            }
        }
    }
    games
}

fn expected(ra: f64, rb: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((rb - ra) / 400.0))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// At the maximum each player's points equal the points the model expects
    /// (the likelihood's gradient is zero), the ratings average 0, and every interval
    /// contains its rating.
    #[test]
    fn ratings_satisfy_the_score_equations(
        players in 2usize..7,
        games_per_pair in 1usize..5,
        results in prop::collection::vec(0u8..3, 1..40),
    ) {
        let games = round_robin(players, &results, games_per_pair);
        let ratings = maximum_likelihood(players, &games, Anchor::Mean).unwrap();
        let mean: f64 = ratings.iter().map(|r| r.elo).sum::<f64>() / players as f64;
        prop_assert!(mean.abs() < 1e-9);
        let mut actual = vec![0.0; players];
        let mut model = vec![0.0; players];
        for g in &games {
            let p = expected(ratings[g.first].elo, ratings[g.second].elo);
            actual[g.first] += g.score_first;
            actual[g.second] += 1.0 - g.score_first;
            model[g.first] += p;
            model[g.second] += 1.0 - p;
        }
        for i in 0..players {
            prop_assert!((actual[i] - model[i]).abs() < 1e-6, "player {i}: {} vs {}", actual[i], model[i]);
            let r = ratings[i];
            prop_assert!(r.low < r.elo && r.elo < r.high, "{r:?}");
        }
        // Anchoring at any player is the same fit shifted.
        let anchor = results[0] as usize % players;
        let at = maximum_likelihood(players, &games, Anchor::Player(anchor)).unwrap();
        for i in 0..players {
            prop_assert!((at[i].elo - (ratings[i].elo - ratings[anchor].elo)).abs() < 1e-6);
        }
    }

    /// One more win raises the Elo estimate and the LOS; swapping the players mirrors both.
    #[test]
    fn elo_wdl_is_monotone_and_antisymmetric(wins in 1u64..500, draws in 0u64..500, losses in 1u64..500) {
        let w = Wdl { wins, draws, losses };
        let e = elo_wdl(w).unwrap();
        let more = elo_wdl(Wdl { wins: wins + 1, ..w }).unwrap();
        prop_assert!(more.elo > e.elo && more.los >= e.los);
        let s = elo_wdl(w.swapped()).unwrap();
        prop_assert!((e.elo + s.elo).abs() < 1e-9 && (e.los + s.los - 1.0).abs() < 1e-9);
        prop_assert!(e.margin > 0.0);
    }

    /// Any cells give a table whose lines all have the same width and cell count.
    #[test]
    fn markdown_tables_stay_rectangular(
        rows in prop::collection::vec(prop::collection::vec("[a-z0-9|+. -]{0,12}", 0..5), 0..6),
    ) {
        let t = markdown_table(&["a", "bb"], &rows);
        let columns = rows.iter().map(Vec::len).chain([2]).max().unwrap();
        let widths: Vec<usize> = t.lines().map(|l| l.chars().count()).collect();
        prop_assert!(widths.windows(2).all(|w| w[0] == w[1]), "{t}");
        for line in t.lines() {
            prop_assert_eq!(line.replace("\\|", "").matches('|').count(), columns + 1, "{}", t);
        }
    }
}

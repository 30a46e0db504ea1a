//! Training positions from seeded self-play: each game starts with a few random
//! plies, then both sides search to a fixed depth with the same evaluator; every
//! quiet position after the opening becomes a [`Sample`] labelled with the game's
//! result for its side to move.
//!
//! Game `i` uses its own generator seeded from the run's seed and `i`, and a fresh
//! transposition table, so the samples are a pure function of the configuration:
//! the number of threads only changes how fast they come.

use microply_core::games::checkers::features::{extract, FEATURES, SCALE};
use microply_core::games::checkers::{Checkers, CheckersEval, Move};
use microply_core::rng::{random_move, SplitMix64};
use microply_core::search::{search, Algorithm, Entry, Limits, NoClock, Settings, Table};
use microply_core::zobrist::splitmix64;
use microply_core::{Game, Outcome, Player};

use super::texel::Sample;
use crate::parallel::ordered_map;
use crate::progress::Progress;

/// Transposition table entries per game (1 MiB).
const TABLE_ENTRIES: usize = 1 << 16;

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Number of games.
    pub games: u32,
    /// Search depth of every move.
    pub depth: u32,
    /// The run's seed.
    pub seed: u64,
    /// Random plies at the start of each game.
    pub random_plies: u32,
    /// A game still running after this many plies is a draw.
    pub max_plies: u32,
    /// The evaluator both sides play with.
    pub evaluator: CheckersEval,
}

/// A search that does not complete (a move stack too small: a bug, not bad input).
#[derive(Debug, thiserror::Error)]
#[error("self-play game {game}: the search failed: {reason}")]
pub struct SelfPlayError {
    /// The game's index.
    pub game: u32,
    /// The search's error.
    pub reason: String,
}

/// Game `index`'s generator.
fn game_rng(seed: u64, index: u32) -> SplitMix64 {
    SplitMix64::new(splitmix64(seed ^ u64::from(index).wrapping_mul(0x9E37_79B9_7F4A_7C15)).1)
}

/// The positions of one game worth learning from, and its outcome.
///
/// # Errors
/// [`SelfPlayError`] when a search fails.
pub fn play_game(config: &SelfPlay, index: u32) -> Result<Vec<Sample>, SelfPlayError> {
    let mut rng = game_rng(config.seed, index);
    let mut pos = Checkers::START;
    let mut plies = 0;
    while plies < config.random_plies && pos.outcome().is_none() {
        let Some(m) = random_move(&pos, &mut rng) else {
            break;
        };
        pos = pos.after(m);
        plies += 1;
    }
    let mut memory = vec![Entry::EMPTY; TABLE_ENTRIES];
    let mut moves = vec![Move::default(); 4096];
    let settings = Settings {
        // AB-SSS*, not the default (PVS): the algorithm the tuned weights were made with
        // (docs/checkers-eval.md), so they reproduce.
        algorithm: Algorithm::Sss,
        limits: Limits::depth(config.depth),
        ..Settings::default()
    };
    let mut seen: Vec<(Player, [i32; FEATURES])> = Vec::new();
    let outcome = loop {
        if let Some(outcome) = pos.outcome() {
            break outcome;
        }
        if plies >= config.max_plies {
            break Outcome::Draw;
        }
        if pos.is_quiet() {
            seen.push((pos.side_to_move(), extract(&pos)));
        }
        let mut tt = Table::new(&mut memory);
        let result = search(
            &pos,
            &config.evaluator,
            &mut tt,
            &mut moves,
            &settings,
            &NoClock,
            |_| {},
        )
        .map_err(|e| SelfPlayError {
            game: index,
            reason: e.to_string(),
        })?;
        let Some(m) = result.best else {
            break pos.outcome().unwrap_or(Outcome::Draw);
        };
        pos = pos.after(m);
        plies += 1;
    };
    Ok(seen
        .into_iter()
        .map(|(mover, features)| Sample {
            features: features.map(|x| f64::from(x) / f64::from(SCALE)),
            result: result_for(outcome, mover),
        })
        .collect())
}

/// 1, ½ or 0 for `player`.
fn result_for(outcome: Outcome, player: Player) -> f64 {
    match outcome {
        Outcome::Win(winner) if winner == player => 1.0,
        Outcome::Win(_) => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// Every game's samples, in game order, played on `threads` threads.
///
/// # Errors
/// The first [`SelfPlayError`] of any game.
pub fn generate(
    config: &SelfPlay,
    threads: usize,
    progress: &Progress,
) -> Result<Vec<Sample>, SelfPlayError> {
    let games = ordered_map(config.games as usize, threads, |index| {
        let index = index as u32;
        let game = play_game(config, index);
        let positions = game.as_ref().map_or(0, Vec::len);
        progress.step(&format!("game {index}: {positions} positions"));
        game
    });
    let mut samples = Vec::new();
    for game in games {
        samples.extend(game?);
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Display;

    fn config() -> SelfPlay {
        SelfPlay {
            games: 4,
            depth: 2,
            seed: 9,
            random_plies: 4,
            max_plies: 120,
            evaluator: CheckersEval::default(),
        }
    }

    #[test]
    fn threads_do_not_change_the_samples() {
        let hidden = Progress::new(Display::Hidden, "games", 4, 0);
        let one = generate(&config(), 1, &hidden).unwrap();
        let two = generate(&config(), 2, &hidden).unwrap();
        assert_eq!(one, two);
        assert!(!one.is_empty());
    }

    #[test]
    fn results_are_per_side_to_move_and_complementary() {
        let samples = play_game(&config(), 0).unwrap();
        for s in &samples {
            assert!([0.0, 0.5, 1.0].contains(&s.result));
        }
        // Both sides' positions appear; a decided game labels them 1 and 0.
        let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
        let decisive = results.iter().any(|&r| r != 0.5);
        if decisive {
            assert!(results.contains(&1.0) && results.contains(&0.0));
        }
    }

    #[test]
    fn another_seed_gives_other_games() {
        let a = play_game(&config(), 0).unwrap();
        let b = play_game(
            &SelfPlay {
                seed: 10,
                ..config()
            },
            0,
        )
        .unwrap();
        assert_ne!(a, b);
    }
}

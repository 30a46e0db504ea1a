//! Running a schedule: games in parallel on worker threads, the state saved after
//! every finished game, resumable. Every game's opening derives from the run's seed
//! and the encounter's index, so the results do not depend on the thread count.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use super::checkpoint::Checkpoint;
use super::config::{Format, TournamentConfig};
use super::game::{play_game, Entrant, GameError, GameRecord, GameSpec};
use super::openings::{derive_seed, random_opening, read_openings, Opening};
use super::schedule::{double_round_robin, gauntlet, round_robin, Encounter};

/// Why a run stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// Openings could not be made or read.
    #[error("{0}")]
    Openings(String),
    /// A game could not be refereed.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The state could not be saved.
    #[error("saving the state: {0}")]
    Save(std::io::Error),
}

/// The encounters of the configured format.
#[must_use]
pub fn encounters(config: &TournamentConfig) -> Vec<Encounter> {
    let n = config.players.len();
    match config.format {
        Format::RoundRobin => round_robin(n),
        Format::DoubleRoundRobin => double_round_robin(n),
        Format::Gauntlet => gauntlet(n),
    }
}

/// Every game of the schedule: each encounter's opening played
/// `games_per_encounter` times, colours alternating, numbered in order.
///
/// # Errors
/// [`RunError::Openings`] when the openings file or the random openings fail.
pub fn plan(
    config: &TournamentConfig,
    base: &Path,
    schedule: &[Encounter],
) -> Result<Vec<GameSpec>, RunError> {
    let rules = config.rules();
    let book = match &config.openings {
        Some(file) => read_openings(&base.join(file), &rules)
            .map_err(|e| RunError::Openings(e.to_string()))?,
        None => vec![],
    };
    let mut specs = Vec::new();
    for (i, e) in schedule.iter().enumerate() {
        let opening = if book.is_empty() {
            random_opening(
                &rules,
                config.random_plies,
                derive_seed(config.seed, i as u64),
            )
            .map_err(|e| RunError::Openings(e.to_string()))?
        } else {
            book[i % book.len()].clone()
        };
        specs.extend(encounter_games(
            e,
            &opening,
            config.games_per_encounter,
            specs.len(),
        ));
    }
    Ok(specs)
}

fn encounter_games(
    e: &Encounter,
    opening: &Opening,
    games: usize,
    first_index: usize,
) -> Vec<GameSpec> {
    (0..games)
        .map(|g| {
            let (first, second) = if g % 2 == 0 {
                (e.first, e.second)
            } else {
                (e.second, e.first)
            };
            GameSpec {
                index: first_index + g,
                round: e.round,
                first,
                second,
                opening: opening.clone(),
            }
        })
        .collect()
}

/// Plays every game of `specs` not already in `checkpoint`, on `threads` workers,
/// saving the checkpoint in `dir` after each; `on_game` sees each finished game
/// and all finished so far. `stop` sees the finished games in index order without
/// gaps (the longest such prefix) after each game: when it returns `Some(k)` the
/// run keeps the first `k` games, stops, and drops the rest, so an early stop
/// (SPRT) does not depend on the thread count either. Returns every kept game in
/// index order.
///
/// # Errors
/// [`RunError`]: a game that cannot be refereed, a state that cannot be saved.
pub fn run(
    specs: &[GameSpec],
    entrants: &[Entrant],
    mut checkpoint: Checkpoint,
    dir: &Path,
    threads: usize,
    mut on_game: impl FnMut(&GameRecord, &[GameRecord]),
    mut stop: impl FnMut(&[GameRecord]) -> Option<usize>,
) -> Result<Vec<GameRecord>, RunError> {
    let rules = checkpoint.config.rules();
    let done: std::collections::HashSet<usize> =
        checkpoint.records.iter().map(|r| r.spec.index).collect();
    let pending: Vec<&GameSpec> = specs.iter().filter(|s| !done.contains(&s.index)).collect();
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let mut kept = prefix_stop(&checkpoint.records, &mut stop);
    if kept.is_none() {
        std::thread::scope(|scope| -> Result<(), RunError> {
            let (tx, rx) = channel();
            for _ in 0..threads.max(1) {
                let tx = tx.clone();
                let (next, halt, pending, rules) = (&next, &halt, &pending, &rules);
                scope.spawn(move || {
                    while !halt.load(Ordering::Relaxed) {
                        let Some(spec) = pending.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        if tx.send(play_game(spec, entrants, rules)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            for result in rx {
                let record = match result {
                    Ok(r) => r,
                    Err(e) => {
                        halt.store(true, Ordering::Relaxed);
                        return Err(e.into());
                    }
                };
                checkpoint.records.push(record);
                checkpoint.save(dir).map_err(RunError::Save)?;
                if let Some(last) = checkpoint.records.last() {
                    on_game(last, &checkpoint.records);
                }
                kept = prefix_stop(&checkpoint.records, &mut stop);
                if kept.is_some() {
                    halt.store(true, Ordering::Relaxed);
                    break;
                }
            }
            Ok(())
        })?;
    }
    let mut records = checkpoint.records;
    records.sort_by_key(|r| r.spec.index);
    if let Some(k) = kept {
        records.retain(|r| r.spec.index < k);
    }
    Ok(records)
}

/// Applies `stop` to the gap-free prefix of finished games.
fn prefix_stop(
    records: &[GameRecord],
    stop: &mut impl FnMut(&[GameRecord]) -> Option<usize>,
) -> Option<usize> {
    let mut sorted: Vec<GameRecord> = records.to_vec();
    sorted.sort_by_key(|r| r.spec.index);
    let gap_free = sorted
        .iter()
        .enumerate()
        .take_while(|(i, r)| r.spec.index == *i)
        .count();
    stop(&sorted[..gap_free])
}

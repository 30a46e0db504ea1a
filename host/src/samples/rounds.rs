//! One iteration's tournament: who plays whom, by format, and the games played.
//!
//! * `round-robin`: everyone meets everyone once (circle method), one game each.
//! * `double-elimination`: the players in index order are seeded into the
//!   tournament's double-elimination bracket (`tournament::bracket`); a match is one
//!   game, a drawn match is replayed with colours swapped and then decided by the
//!   bracket's seeded coin. The pending matches are played batch by batch.
//! * `mixed`: groups of about [`GROUP_SIZE`] players (snake seeding) play a round robin
//!   each; the best [`ADVANCE`] of each group by points (a win 1, a draw ½; ties by
//!   index) go on to a double-elimination bracket, seeded group winners first.
//!
//! Game `g` (in the order games are created, which depends only on earlier results) is
//! played with `derive_seed(seed, g)`, so the thread count does not change anything.

use microply_core::games::checkers::NetworkWeights;
use microply_core::Player;
use serde::{Deserialize, Serialize};

use super::oneply::{play, Mover, Played};
use crate::parallel::ordered_map;
use crate::play::openings::derive_seed;
use crate::tournament::bracket::{Bracket, MatchResult};
use crate::tournament::schedule::{grouped_round_robin, round_robin};

/// Players per group in the mixed format.
pub const GROUP_SIZE: usize = 8;
/// Players each group sends to the bracket in the mixed format.
pub const ADVANCE: usize = 2;
/// Games played between two progress reports (the games' seeds do not depend on it).
pub const PROGRESS_CHUNK: usize = 500;

/// How the players are paired in an iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Everyone meets everyone once.
    RoundRobin,
    /// A double-elimination bracket.
    DoubleElimination,
    /// Group round robins, then a double-elimination bracket of the group leaders.
    Mixed,
}

impl Format {
    /// The name used on the command line and in the samples file.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::DoubleElimination => "double-elimination",
            Format::Mixed => "mixed",
        }
    }
}

/// A game of the tournament: who had the first move, who the second, what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// The player moving first.
    pub first: usize,
    /// The player moving second.
    pub second: usize,
    /// The game.
    pub played: Played,
}

impl TournamentGame {
    /// The winning player's index, if any.
    #[must_use]
    pub fn winner(&self) -> Option<usize> {
        match self.played.winner? {
            Player::First => Some(self.first),
            Player::Second => Some(self.second),
        }
    }
}

/// Plays the tournament of `format` between `players`; after every
/// [`PROGRESS_CHUNK`] games (and every bracket round) `progress` gets the number of
/// games played so far.
pub fn play_tournament(
    format: Format,
    players: &[NetworkWeights],
    seed: u64,
    threads: usize,
    progress: &mut dyn FnMut(usize),
) -> Vec<TournamentGame> {
    let mut games = Vec::new();
    match format {
        Format::RoundRobin => {
            let pairs: Vec<(usize, usize)> = round_robin(players.len())
                .iter()
                .map(|e| (e.first, e.second))
                .collect();
            play_batch(players, &pairs, seed, threads, &mut games, progress);
        }
        Format::DoubleElimination => {
            let all: Vec<usize> = (0..players.len()).collect();
            play_bracket(players, &all, seed, threads, &mut games, progress);
        }
        Format::Mixed => {
            let groups = players.len().div_ceil(GROUP_SIZE).max(1);
            let pairs: Vec<(usize, usize)> = grouped_round_robin(players.len(), groups)
                .iter()
                .map(|e| (e.first, e.second))
                .collect();
            play_batch(players, &pairs, seed, threads, &mut games, progress);
            let leaders = group_leaders(players.len(), groups, &games);
            play_bracket(players, &leaders, seed, threads, &mut games, progress);
        }
    }
    games
}

/// Plays `pairs` (first, second) in parallel, numbering the games after those in
/// `games`, in chunks of [`PROGRESS_CHUNK`] with a progress report after each.
fn play_batch(
    players: &[NetworkWeights],
    pairs: &[(usize, usize)],
    seed: u64,
    threads: usize,
    games: &mut Vec<TournamentGame>,
    progress: &mut dyn FnMut(usize),
) {
    for chunk in pairs.chunks(PROGRESS_CHUNK) {
        let start = games.len() as u64;
        games.extend(ordered_map(chunk.len(), threads, |i| {
            let (first, second) = chunk[i];
            let played = play(
                &Mover::Network(&players[first]),
                &Mover::Network(&players[second]),
                derive_seed(seed, start + i as u64),
            );
            TournamentGame {
                first,
                second,
                played,
            }
        }));
        progress(games.len());
    }
}

/// Plays a double-elimination bracket of `entrants` (seeded in the given order).
fn play_bracket(
    players: &[NetworkWeights],
    entrants: &[usize],
    seed: u64,
    threads: usize,
    games: &mut Vec<TournamentGame>,
    progress: &mut dyn FnMut(usize),
) {
    let Ok(mut bracket) = Bracket::new(entrants.len(), derive_seed(seed, u64::MAX - 1)) else {
        return;
    };
    loop {
        let pending = bracket.pending();
        if pending.is_empty() {
            break;
        }
        let pairs: Vec<(usize, usize)> = pending
            .iter()
            .map(|p| (entrants[p.first], entrants[p.second]))
            .collect();
        let before = games.len();
        play_batch(players, &pairs, seed, threads, games, progress);
        for (p, game) in pending.iter().zip(&games[before..]) {
            let result = match game.played.winner {
                Some(Player::First) => MatchResult::FirstWins,
                Some(Player::Second) => MatchResult::SecondWins,
                None => MatchResult::Draw,
            };
            // `p` is pending, so the bracket accepts its result.
            let _ = bracket.report(p.id, result);
        }
    }
}

/// The best [`ADVANCE`] of each group by points, group winners of every group first.
fn group_leaders(n: usize, groups: usize, games: &[TournamentGame]) -> Vec<usize> {
    let mut points = vec![0u32; n];
    for g in games {
        match g.winner() {
            Some(w) => points[w] += 2,
            None => {
                points[g.first] += 1;
                points[g.second] += 1;
            }
        }
    }
    let ranked: Vec<Vec<usize>> = crate::tournament::schedule::snake_groups(n, groups)
        .into_iter()
        .map(|mut members| {
            members.sort_by_key(|&p| (std::cmp::Reverse(points[p]), p));
            members.truncate(ADVANCE);
            members
        })
        .collect();
    (0..ADVANCE)
        .flat_map(|place| ranked.iter().filter_map(move |m| m.get(place).copied()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nn::Net;

    fn players(n: usize) -> Vec<NetworkWeights> {
        (0..n)
            .map(|i| Net::perturbed_default(i as u64, 0.3).quantise().unwrap())
            .collect()
    }

    #[test]
    fn formats_play_the_expected_games_whatever_the_threads() {
        let p = players(8);
        let mut reports = Vec::new();
        let rr = play_tournament(Format::RoundRobin, &p, 3, 1, &mut |n| reports.push(n));
        assert_eq!(rr.len(), 28);
        assert_eq!(reports, vec![28]);
        let de = play_tournament(Format::DoubleElimination, &p, 3, 1, &mut |_| {});
        // 8 players: 14 or 15 matches (with the reset), plus a replay per drawn match.
        assert!(de.len() >= 14, "{}", de.len());
        assert_eq!(
            de,
            play_tournament(Format::DoubleElimination, &p, 3, 2, &mut |_| {})
        );
        let mut reports = Vec::new();
        let mixed = play_tournament(Format::Mixed, &players(16), 3, 2, &mut |n| reports.push(n));
        // Two groups of 8 (28 games each), then a bracket of 4 (6 or 7 matches + replays).
        assert!(mixed.len() >= 56 + 6, "{}", mixed.len());
        assert_eq!(reports.first(), Some(&56));
        assert_eq!(reports.last(), Some(&mixed.len()));
        assert_eq!(
            mixed,
            play_tournament(Format::Mixed, &players(16), 3, 1, &mut |_| {})
        );
    }

    #[test]
    fn group_leaders_are_the_best_by_points() {
        let game = |first, second, winner| TournamentGame {
            first,
            second,
            played: Played {
                winner,
                plies: 1,
                margin: 0,
                positions: vec![],
                end: microply_core::games::checkers::Checkers::START,
            },
        };
        // Groups of 4 players by snake seeding: {0, 3} and {1, 2}.
        let games = [game(0, 3, Some(Player::Second)), game(1, 2, None)];
        assert_eq!(group_leaders(4, 2, &games), vec![3, 1, 0, 2]);
    }
}

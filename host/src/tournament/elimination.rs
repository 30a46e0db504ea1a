//! Formats whose games depend on results: double elimination, and mixed (grouped
//! round robin, then the best of each group in double elimination).
//!
//! The bracket's pending matches are played as one batch through the checkpointed
//! [`run`]; the bracket then learns the results and the next batch is created. The
//! [`Planner`] numbers encounters and games in creation order, and the order of
//! creation depends only on earlier results, so every game keeps its index and its
//! opening in every run: a resumed run replays the saved records batch by batch,
//! rebuilds the same bracket and plays only the missing games, and the thread
//! count changes nothing.

use serde::{Deserialize, Serialize};

use super::bracket::{Bracket, MatchId, MatchResult};
use super::checkpoint::Checkpoint;
use super::config::{Format, TournamentConfig};
use super::run::{run, Planner, RunError};
use super::schedule::{grouped_round_robin, snake_groups, Encounter};
use super::standings::standings;
use crate::executor::Executor;
use crate::play::game::{Entrant, GameRecord, GameSpec};
use crate::play::points::HalfPoints;

/// A bracket match as it was played (one attempt: a drawn match has two).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedMatch {
    /// The bracket's match.
    pub id: MatchId,
    /// 0, or 1 for the replay after a draw.
    pub attempt: u8,
    /// The player (configuration index) moving first in the match's first game.
    pub first: usize,
    /// The other player.
    pub second: usize,
    /// The indices of its games.
    pub games: Vec<usize>,
    /// Game points of `first` and `second`.
    pub points: [HalfPoints; 2],
}

/// The bracket part of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BracketRun {
    /// The configuration index of each bracket seed, best first.
    pub seeds: Vec<usize>,
    /// The finished bracket (its player numbers are seeds).
    pub bracket: Bracket,
    /// Every match played, in order.
    pub played: Vec<PlayedMatch>,
}

/// Progress: each finished game, every game so far, and an upper bound of the
/// games the run will have (exact without further drawn matches).
pub type OnGame<'a> = dyn FnMut(&GameRecord, &[GameRecord], usize, usize) + 'a;

/// Plays a bracket format (`double-elimination` or `mixed`) from `checkpoint`
/// (which may hold games of an earlier, killed run).
///
/// # Errors
/// [`RunError`]: openings, a failed game, a state that cannot be saved.
pub fn play(
    entrants: &[Entrant],
    checkpoint: Checkpoint,
    dir: &std::path::Path,
    executor: &dyn Executor,
    on_game: &mut OnGame<'_>,
) -> Result<(Vec<GameRecord>, BracketRun), RunError> {
    let config = checkpoint.config.clone();
    let mut stage = Stage {
        planner: Planner::new(&config, &checkpoint.base)?,
        checkpoint,
        entrants,
        dir,
        executor,
        round: 0,
    };
    let seeds = match config.format {
        Format::Mixed => stage.group_stage(on_game)?,
        _ => (0..config.players.len()).collect(),
    };
    let mut bracket = Bracket::new(seeds.len(), config.seed)?;
    let mut played = Vec::new();
    loop {
        let pending = bracket.pending();
        if pending.is_empty() {
            break;
        }
        stage.round += 1;
        let mut batch = Vec::new();
        for p in &pending {
            let e = Encounter {
                round: stage.round,
                first: seeds[p.first],
                second: seeds[p.second],
            };
            batch.push((*p, stage.planner.games(&e)?));
        }
        let later = bracket.max_matches() - bracket.played() - pending.len();
        let bound = stage.planner.games_planned() + later * config.games_per_encounter;
        let specs: Vec<GameSpec> = batch.iter().flat_map(|(_, s)| s.clone()).collect();
        stage.play(&specs, bound, on_game)?;
        for (p, specs) in batch {
            let (first, second) = (seeds[p.first], seeds[p.second]);
            let points = stage.points(&specs, [first, second]);
            bracket.report(p.id, match_result(points))?;
            played.push(PlayedMatch {
                id: p.id,
                attempt: p.attempt,
                first,
                second,
                games: specs.iter().map(|s| s.index).collect(),
                points,
            });
        }
    }
    let records = stage.checkpoint.records;
    Ok((
        records,
        BracketRun {
            seeds,
            bracket,
            played,
        },
    ))
}

/// The match's result from its game points: more than the other wins.
fn match_result(points: [HalfPoints; 2]) -> MatchResult {
    match points[0].cmp(&points[1]) {
        std::cmp::Ordering::Greater => MatchResult::FirstWins,
        std::cmp::Ordering::Less => MatchResult::SecondWins,
        std::cmp::Ordering::Equal => MatchResult::Draw,
    }
}

/// The players who go on from the group stage, as bracket seeds: every group's
/// winner (group 1 first), then every group's runner-up, and so on, `advance` per
/// group. Group places follow the standings' order (points, Sonneborn–Berger over
/// the group's games, wins, configuration order).
#[must_use]
pub fn advancing(config: &TournamentConfig, group_games: &[GameRecord]) -> Vec<usize> {
    let n = config.players.len();
    let table = standings(n, group_games, &config.scoring);
    let groups = snake_groups(n, config.groups);
    let ranked: Vec<Vec<usize>> = groups
        .iter()
        .map(|members| {
            table
                .iter()
                .map(|s| s.player)
                .filter(|p| members.contains(p))
                .collect()
        })
        .collect();
    (0..config.advance)
        .flat_map(|place| ranked.iter().filter_map(move |g| g.get(place).copied()))
        .collect()
}

/// The number of group-stage games of a `mixed` (or `groups`) run.
#[must_use]
pub fn group_games(config: &TournamentConfig) -> usize {
    grouped_round_robin(config.players.len(), config.groups).len() * config.games_per_encounter
}

/// Where a bracket run stands: the state, the numbering and the round.
struct Stage<'a> {
    planner: Planner,
    checkpoint: Checkpoint,
    entrants: &'a [Entrant],
    dir: &'a std::path::Path,
    executor: &'a dyn Executor,
    round: usize,
}

impl Stage<'_> {
    /// Plays the grouped round robin and returns the bracket's seeds.
    fn group_stage(&mut self, on_game: &mut OnGame<'_>) -> Result<Vec<usize>, RunError> {
        let config = self.checkpoint.config.clone();
        let schedule = grouped_round_robin(config.players.len(), config.groups);
        let mut specs = Vec::new();
        for e in &schedule {
            specs.extend(self.planner.games(e)?);
        }
        let advancing_count = config.advance * config.groups.min(config.players.len());
        let bound = specs.len() + (2 * advancing_count - 1) * config.games_per_encounter;
        self.play(&specs, bound, on_game)?;
        self.round = schedule.last().map_or(0, |e| e.round);
        Ok(advancing(&config, &self.checkpoint.records))
    }

    /// Plays the games of `specs` not yet in the state; the state keeps every game.
    fn play(
        &mut self,
        specs: &[GameSpec],
        bound: usize,
        on_game: &mut OnGame<'_>,
    ) -> Result<(), RunError> {
        let checkpoint = Checkpoint {
            config: self.checkpoint.config.clone(),
            base: self.checkpoint.base.clone(),
            records: std::mem::take(&mut self.checkpoint.records),
        };
        self.checkpoint.records = run(
            specs,
            self.entrants,
            checkpoint,
            self.dir,
            self.executor,
            |g, prefix, done| on_game(g, prefix, done, bound),
            |_| None,
        )?;
        Ok(())
    }

    /// Game points of `players` over the games of `specs`.
    fn points(&self, specs: &[GameSpec], players: [usize; 2]) -> [HalfPoints; 2] {
        let mut points = [HalfPoints::ZERO; 2];
        for r in &self.checkpoint.records {
            if specs.iter().any(|s| s.index == r.spec.index) {
                points[0] += r.points_of(players[0]);
                points[1] += r.points_of(players[1]);
            }
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::Outcome;

    fn game(first: usize, second: usize, outcome: Outcome) -> GameRecord {
        GameRecord::bare(first, second, outcome)
    }

    fn config(players: usize, groups: usize, advance: usize) -> TournamentConfig {
        let mut text = format!(
            "game = \"tictactoe\"\nformat = \"mixed\"\ngroups = {groups}\nadvance = {advance}\n"
        );
        for p in 0..players {
            text += &format!("[[player]]\nname = \"p{p}\"\ndepth = 1\n");
        }
        toml::from_str(&text).unwrap()
    }

    #[test]
    fn group_winners_then_runners_up_by_hand() {
        // Six players, two groups by snake seeding: A = 0 3 4, B = 1 2 5.
        // A: 4 beats 0 and 3, 0 beats 3: 4 (6 points), 0 (3), 3 (0).
        // B: all three games drawn: 2 points each; Sonneborn-Berger 2 each, wins
        // 0 each, so configuration order: 1, 2, 5.
        use Outcome::{Draw, FirstWins, SecondWins};
        let games = [
            game(0, 4, SecondWins),
            game(4, 3, FirstWins),
            game(3, 0, SecondWins),
            game(1, 2, Draw),
            game(2, 5, Draw),
            game(5, 1, Draw),
        ];
        assert_eq!(advancing(&config(6, 2, 1), &games), vec![4, 1]);
        assert_eq!(advancing(&config(6, 2, 2), &games), vec![4, 1, 0, 2]);
        assert_eq!(advancing(&config(6, 2, 3), &games), vec![4, 1, 0, 2, 3, 5]);
    }

    #[test]
    fn match_results_from_game_points() {
        let halves = |a, b| [HalfPoints(a), HalfPoints(b)];
        assert_eq!(match_result(halves(3, 1)), MatchResult::FirstWins);
        assert_eq!(match_result(halves(0, 4)), MatchResult::SecondWins);
        assert_eq!(match_result(halves(2, 2)), MatchResult::Draw);
    }
}

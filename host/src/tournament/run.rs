//! Running a schedule: games on an executor (worker threads or a Ray cluster), the
//! state saved after every finished game, resumable. Every game's opening derives from the run's seed
//! and the encounter's index, so the results do not depend on where games run.

use std::collections::{BTreeMap, HashSet};
use std::ops::ControlFlow;
use std::path::Path;

use super::checkpoint::Checkpoint;
use super::config::{Format, TournamentConfig};
use super::output::RecordStream;
use super::schedule::{double_round_robin, gauntlet, grouped_round_robin, round_robin, Encounter};
use crate::executor::{Executor, ExecutorError, Job};
use crate::play::game::{Entrant, GameError, GameRecord, GameSpec, Rules};
use crate::play::openings::{
    deal, derive_seed, extend_randomly, random_opening, read_openings, Opening, BUILT_IN,
};

/// Why a run stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// Openings could not be made or read.
    #[error("{0}")]
    Openings(String),
    /// A game could not be refereed.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The executor failed (a Ray run).
    #[error(transparent)]
    Executor(ExecutorError),
    /// The state could not be saved.
    #[error("saving the state: {0}")]
    Save(std::io::Error),
    /// The bracket refused its players or a result.
    #[error(transparent)]
    Bracket(#[from] super::bracket::BracketError),
    /// A resumed run's saved games do not fit its schedule or the rules.
    #[error("the saved games in games.jsonl: {0}")]
    Resume(String),
}

/// The encounters of the configured format.
#[must_use]
pub fn encounters(config: &TournamentConfig) -> Vec<Encounter> {
    let n = config.players.len();
    let once = match config.format {
        Format::RoundRobin => round_robin(n),
        Format::DoubleRoundRobin => double_round_robin(n),
        Format::Gauntlet => gauntlet(n),
        Format::Groups | Format::Mixed => grouped_round_robin(n, config.groups),
        Format::DoubleElimination => vec![],
    };
    let per_cycle = once.last().map_or(0, |e| e.round);
    (0..config.rounds)
        .flat_map(|cycle| {
            once.iter().map(move |e| Encounter {
                round: e.round + cycle * per_cycle,
                ..*e
            })
        })
        .collect()
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
    let mut planner = Planner::new(config, base)?;
    let mut specs = Vec::new();
    for e in schedule {
        specs.extend(planner.games(e)?);
    }
    Ok(specs)
}

/// Numbers encounters and games in the order they are created: encounter `i`
/// takes its opening from the run's seed and `i` (or line `i` of the openings
/// file), its games the next indices. A schedule that depends on results (a
/// bracket) creates its encounters in a deterministic order, so its games keep
/// the same indices and openings in every run.
pub struct Planner {
    rules: crate::play::game::Rules,
    book: Vec<Opening>,
    /// The order the book is dealt in (indices into it).
    dealt: Vec<usize>,
    random_plies: u32,
    extra_plies: u32,
    seed: u64,
    games_per_encounter: usize,
    encounters: usize,
    games: usize,
}

impl Planner {
    /// A planner at encounter 0, game 0.
    ///
    /// # Errors
    /// [`RunError::Openings`] when the openings file cannot be read.
    pub fn new(config: &TournamentConfig, base: &Path) -> Result<Planner, RunError> {
        let rules = config.rules_at(base);
        let book = match &config.openings {
            Some(file) if BUILT_IN.iter().any(|b| b.name == file) => {
                read_openings(Path::new(file), &rules)
                    .map_err(|e| RunError::Openings(e.to_string()))?
            }
            Some(file) => read_openings(&base.join(file), &rules)
                .map_err(|e| RunError::Openings(e.to_string()))?,
            None => vec![],
        };
        Ok(Planner {
            dealt: deal(book.len(), config.order, config.seed),
            rules,
            book,
            random_plies: config.random_plies,
            extra_plies: config.extra_plies,
            seed: config.seed,
            games_per_encounter: config.games_per_encounter,
            encounters: 0,
            games: 0,
        })
    }

    /// Games numbered so far.
    #[must_use]
    pub fn games_planned(&self) -> usize {
        self.games
    }

    /// The games of the next encounter.
    ///
    /// # Errors
    /// [`RunError::Openings`] when the random opening fails.
    pub fn games(&mut self, e: &Encounter) -> Result<Vec<GameSpec>, RunError> {
        let i = self.encounters;
        let opening = if self.book.is_empty() {
            random_opening(
                &self.rules,
                self.random_plies,
                derive_seed(self.seed, i as u64),
            )
            .map_err(RunError::Openings)?
        } else {
            let line = &self.book[self.dealt[i % self.dealt.len()]];
            extend_randomly(
                &self.rules,
                line,
                self.extra_plies,
                derive_seed(self.seed, i as u64),
            )
            .map_err(RunError::Openings)?
        };
        let specs = encounter_games(e, &opening, self.games_per_encounter, self.games);
        self.encounters += 1;
        self.games += specs.len();
        Ok(specs)
    }
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

/// Plays `specs` on `executor` and hands each finished game to `on_record` once
/// (a record that arrives twice, from a retried remote task, is dropped); stops
/// when `on_record` breaks. No files: the caller keeps what it needs.
///
/// # Errors
/// A game that cannot be refereed, or a failed executor.
pub fn play_batch(
    specs: &[&GameSpec],
    entrants: &[Entrant],
    rules: &Rules,
    executor: &dyn Executor,
    mut on_record: impl FnMut(GameRecord) -> ControlFlow<()>,
) -> Result<(), RunError> {
    let mut waiting: HashSet<usize> = specs.iter().map(|s| s.index).collect();
    executor.execute(&Job::batch(specs, entrants, rules), &mut |record| {
        if !waiting.remove(&record.spec.index) {
            return ControlFlow::Continue(());
        }
        on_record(record)
    })?;
    Ok(())
}

/// The finished games in index order without gaps (the longest such prefix from
/// game 0), kept up to date as games finish in any order.
#[derive(Default)]
struct Prefix {
    waiting: BTreeMap<usize, GameRecord>,
    games: Vec<GameRecord>,
}

impl Prefix {
    fn add(&mut self, record: GameRecord) {
        self.waiting.insert(record.spec.index, record);
        while let Some(next) = self.waiting.remove(&self.games.len()) {
            self.games.push(next);
        }
    }
}

/// Plays every game of `specs` not already in `checkpoint` on `executor`,
/// appending each to the journal in `dir` as it finishes and streaming the records
/// and results files in game order; `on_game` sees each finished game, the
/// finished games in index order without gaps (the longest such prefix) and the
/// number finished. `stop` sees that prefix after each game: when it returns
/// `Some(k)` the run keeps the first `k` games, stops, and drops the rest, so an
/// early stop (SPRT) does not depend on the executor or its thread count either.
/// A record that arrives twice (a retried remote task) counts once. Returns every
/// kept game in index order.
///
/// # Errors
/// [`RunError`]: a game that cannot be refereed, a failed executor, a state that
/// cannot be saved.
pub fn run(
    specs: &[GameSpec],
    entrants: &[Entrant],
    mut checkpoint: Checkpoint,
    dir: &Path,
    executor: &dyn Executor,
    mut on_game: impl FnMut(&GameRecord, &[GameRecord], usize),
    mut stop: impl FnMut(&[GameRecord]) -> Option<usize>,
) -> Result<Vec<GameRecord>, RunError> {
    let rules = checkpoint.config.rules_at(&checkpoint.base);
    super::resume::check(&checkpoint.records, specs, entrants, &rules)?;
    let done: HashSet<usize> = checkpoint.records.iter().map(|r| r.spec.index).collect();
    let pending: Vec<&GameSpec> = specs.iter().filter(|s| !done.contains(&s.index)).collect();
    let mut prefix = Prefix::default();
    for r in &checkpoint.records {
        prefix.add(r.clone());
    }
    let mut stream =
        RecordStream::start(dir, &checkpoint.config, &prefix.games).map_err(RunError::Save)?;
    let mut kept = stop(&prefix.games);
    if kept.is_none() {
        let mut saving = Ok(());
        play_batch(&pending, entrants, &rules, executor, |record| {
            saving = checkpoint.append(dir, record.clone()).and_then(|()| {
                prefix.add(record);
                stream.extend(&prefix.games)
            });
            if saving.is_err() {
                return ControlFlow::Break(());
            }
            if let Some(last) = checkpoint.records.last() {
                on_game(last, &prefix.games, checkpoint.records.len());
            }
            kept = stop(&prefix.games);
            if kept.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        saving.map_err(RunError::Save)?;
    }
    let mut records = checkpoint.records;
    records.sort_by_key(|r| r.spec.index);
    if let Some(k) = kept {
        records.retain(|r| r.spec.index < k);
    }
    Ok(records)
}

impl From<ExecutorError> for RunError {
    fn from(e: ExecutorError) -> RunError {
        match e {
            ExecutorError::Game(e) => RunError::Game(e),
            e @ ExecutorError::Ray(_) => RunError::Executor(e),
        }
    }
}

/// Where a run comes from: a fresh configuration, or the state of an earlier run.
pub enum Start {
    /// A new run into an empty (or new) folder.
    Fresh {
        /// The configuration.
        config: Box<TournamentConfig>,
        /// Its file (or `command line`), for errors.
        source: String,
        /// Where its relative paths start.
        base: std::path::PathBuf,
    },
    /// Continue the run saved in the output folder.
    Resume,
}

/// A whole run: check the players, plan, play (resuming what `dir` holds), write
/// every output file. `on_game` sees each finished game, the finished games in
/// order without gaps, the number finished and the number of games planned (for a
/// bracket, an upper bound that shrinks as the bracket learns results). Returns the bracket of the bracket formats too.
///
/// # Errors
/// A bad configuration (before any game), an unreadable state, a failed game or a
/// failed write.
pub fn execute(
    start: Start,
    dir: &Path,
    executor: &dyn Executor,
    mut on_game: impl FnMut(&GameRecord, &[GameRecord], usize, usize),
) -> anyhow::Result<(
    TournamentConfig,
    Vec<GameRecord>,
    Option<super::elimination::BracketRun>,
)> {
    use anyhow::Context;
    let checkpoint = match start {
        Start::Fresh {
            config,
            source,
            base,
        } => {
            config.entrants(&source, &base)?;
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            if Checkpoint::exists(dir) {
                anyhow::bail!("{} holds a run already: use --resume {0}", dir.display());
            }
            Checkpoint::create(dir, *config, base)
                .with_context(|| format!("starting the journal in {}", dir.display()))?
        }
        Start::Resume => Checkpoint::load(dir)
            .with_context(|| format!("reading the state in {}", dir.display()))?,
    };
    let config = checkpoint.config.clone();
    let source = dir.join(super::checkpoint::RUN_FILE).display().to_string();
    let entrants = config.entrants(&source, &checkpoint.base)?;
    if config.format.has_bracket() {
        let (records, bracket) =
            super::elimination::play(&entrants, checkpoint, dir, executor, &mut on_game)?;
        super::output::write_all(dir, &config, &records, Some(&bracket))?;
        return Ok((config, records, Some(bracket)));
    }
    let specs = plan(&config, &checkpoint.base, &encounters(&config))?;
    super::resume::check_in_schedule(&checkpoint.records, specs.len())?;
    let stop = sprt_stop(config.sprt);
    let total = specs.len();
    let on_game =
        |g: &GameRecord, prefix: &[GameRecord], done: usize| on_game(g, prefix, done, total);
    let records = run(&specs, &entrants, checkpoint, dir, executor, on_game, stop)?;
    super::output::write_all(dir, &config, &records, None)?;
    Ok((config, records, None))
}

/// The stop rule of a match with an SPRT, for [`run`]: decided at pair boundaries, on
/// the pairs or the W/D/L as the model says, at the first boundary that decides. Each
/// boundary is checked once, in order: with several threads the finished prefix can
/// grow by more than a pair at once, and skipping a boundary would stop the run
/// elsewhere than one thread does. Without an SPRT it never stops.
pub fn sprt_stop(sprt: Option<crate::ratings::Sprt>) -> impl FnMut(&[GameRecord]) -> Option<usize> {
    let mut checked = 0;
    move |prefix: &[GameRecord]| {
        let s = sprt?;
        let end = prefix.len() - prefix.len() % 2;
        while checked + 2 <= end {
            checked += 2;
            let pairs = &prefix[..checked];
            let decision = s.decide_match(wdl_of_first(pairs), &pentanomial_of_first(pairs));
            if decision != crate::ratings::SprtDecision::Continue {
                return Some(checked);
            }
        }
        None
    }
}

/// The game pairs (games 2k and 2k + 1: one opening, colours swapped) of player 0 (A)
/// against player 1; an odd last game is left out.
#[must_use]
pub fn pentanomial_of_first(records: &[GameRecord]) -> crate::ratings::Pentanomial {
    let mut pairs = crate::ratings::Pentanomial::default();
    for pair in records.chunks_exact(2) {
        // Always 1, ½ or 0, which is all `record` refuses otherwise.
        let _ = pairs.record(pair[0].points_of(0).as_f64(), pair[1].points_of(0).as_f64());
    }
    pairs
}

/// Wins, draws and losses of player 0 (A) against player 1.
#[must_use]
pub fn wdl_of_first(records: &[GameRecord]) -> crate::ratings::Wdl {
    let mut wdl = crate::ratings::Wdl::default();
    for r in records {
        // Always 1, ½ or 0, which is all `record` refuses otherwise.
        let _ = wdl.record(r.points_of(0).as_f64());
    }
    wdl
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::Outcome;
    use crate::ratings::{Sprt, SprtDecision};

    /// One pair of a match of player 0 (A) against player 1: a game with A first,
    /// then one with colours swapped; A wins both when `a_wins`, else loses both.
    fn pair(a_wins: bool) -> [GameRecord; 2] {
        if a_wins {
            [
                GameRecord::bare(0, 1, Outcome::FirstWins),
                GameRecord::bare(1, 0, Outcome::SecondWins),
            ]
        } else {
            [
                GameRecord::bare(0, 1, Outcome::SecondWins),
                GameRecord::bare(1, 0, Outcome::FirstWins),
            ]
        }
    }

    #[test]
    fn the_sprt_stops_at_the_first_deciding_pair_however_the_prefix_grows() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let decide = |games: &[GameRecord]| {
            sprt.decide_match(wdl_of_first(games), &pentanomial_of_first(games))
        };
        // A wins pair after pair until the LLR first leaves its bounds (found from
        // the SPRT's own decision on every pair prefix), then loses every pair after,
        // so that the LLR falls back inside: a check at a later boundary only would
        // not stop, or would stop elsewhere.
        let mut games = Vec::new();
        let first = loop {
            games.extend(pair(true));
            let decision = decide(&games);
            if decision != SprtDecision::Continue {
                assert_eq!(decision, SprtDecision::AcceptH1);
                break games.len();
            }
            assert!(
                games.len() < 2_000,
                "an SPRT(0, 10) never accepts a run of won pairs"
            );
        };
        for _ in 0..40 {
            games.extend(pair(false));
        }
        assert_eq!(
            decide(&games[..first + 6]),
            SprtDecision::Continue,
            "three lost pairs bring the LLR back inside its bounds"
        );
        // The finished prefix grows by 1 to 7 games a step (two threads finish games
        // out of order, so a step can cross several pair boundaries at once).
        for step in 1..=7 {
            let mut stop = sprt_stop(Some(sprt));
            let mut len = 0;
            let stopped = loop {
                len = (len + step).min(games.len());
                if let Some(at) = stop(&games[..len]) {
                    break Some(at);
                }
                if len == games.len() {
                    break None;
                }
            };
            assert_eq!(stopped, Some(first), "step {step}");
        }
        let mut never = sprt_stop(None);
        assert_eq!(never(&games), None, "no SPRT, no stop");
    }
}

//! `microply tournament` and `microply match`: build a configuration from a TOML file
//! or the command line and hand it to [`crate::tournament::run::execute`].

use std::path::{Path, PathBuf};

use anyhow::Context as _;

use microply_core::games::GameKind;

use crate::play::adjudication::Adjudication;
use crate::play::clock::TimeControl;
use crate::play::game::GameRecord;
use crate::play::game::Rules;
use crate::play::game::{DEFAULT_MAX_PLIES, DEFAULT_MOVE_TIMEOUT_MS, DEFAULT_TIME_MARGIN_MS};
use crate::play::openings::{built_in_for, Order};
use crate::play::player::PlayerConfig;
use crate::progress::{Display, Progress};
use crate::tournament::checkpoint::Checkpoint;
use crate::tournament::config::{Format, TournamentConfig};
use crate::tournament::output::plot_warning;
use crate::tournament::run::{execute, wdl_of_first, Start};
use crate::tournament::standings::standings;

/// What the command line says about a run.
#[derive(Debug, Clone, clap::Args)]
pub struct RunArgs {
    /// The output folder (results, records, report, state).
    #[arg(long, value_name = "DIR", required_unless_present = "resume")]
    pub out: Option<PathBuf>,
    /// Continue the run saved in DIR (its configuration wins over the command line).
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// Worker threads (default: the number of cores).
    #[arg(long, alias = "threads", value_parser = super::parse_concurrency)]
    pub concurrency: Option<usize>,
    #[command(flatten)]
    pub executor: super::executor::ExecutorArgs,
}

/// Game and schedule options shared by `match` and a `tournament` without a file.
#[derive(Debug, Clone, clap::Args)]
pub struct ScheduleArgs {
    /// tictactoe, checkers, dots or amazons.
    #[arg(long, default_value = "checkers")]
    pub game: GameKind,
    /// Game options such as rows=3 (repeatable).
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Random plies from the start for each opening (when no book is used).
    #[arg(long, default_value_t = crate::tournament::config::DEFAULT_RANDOM_PLIES)]
    pub random_plies: u32,
    /// An openings file (a FEN or moves a line), or a built-in book by name (`3move`,
    /// `dots-5x5`...: books/README.md); `none` for random plies. Default: the
    /// built-in book of the game and variant, if any (checkers: the ACF deck).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// How the openings file is dealt: sequential or random (seeded).
    #[arg(long, default_value = "sequential")]
    pub order: Order,
    /// Random plies after each line of the openings file (seeded per encounter):
    /// many openings from one book, for self-play (default 0; `datagen`: 6).
    #[arg(long, value_name = "N")]
    pub extra_plies: Option<u32>,
    /// A game clock for every player without a limit of its own: BASE+INC in
    /// seconds (2+0.02).
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<TimeControl>,
    /// How far past zero a clock may run before its player loses on time (ms).
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_TIME_MARGIN_MS)]
    pub timemargin: u64,
    /// Play every game out: no resign, draw or exact adjudication (the ply cap stays).
    #[arg(long)]
    pub no_adjudication: bool,
    /// Checkers endgame tables (`microply egtb generate`): the referee adjudicates by
    /// them and in-process players without an `egtb` of their own search with them.
    /// Default: the tables in `$MICROPLY_EGTB` or ~/.local/share/microply/egtb when
    /// there are any.
    #[arg(long, value_name = "DIR", conflicts_with = "no_egtb")]
    pub egtb: Option<String>,
    /// No endgame tables even when the default directory holds some.
    #[arg(long)]
    pub no_egtb: bool,
    /// The run's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw adjudication after this many plies.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    pub max_plies: u32,
}

impl ScheduleArgs {
    /// The players of `specs`, those without a limit on `--tc`.
    fn players(&self, specs: &[&str]) -> anyhow::Result<Vec<PlayerConfig>> {
        Ok(specs
            .iter()
            .map(|s| PlayerConfig::parse_spec_with(s, self.tc))
            .collect::<Result<Vec<_>, _>>()?)
    }

    pub(super) fn config(&self, players: Vec<PlayerConfig>) -> TournamentConfig {
        let options = self.options.join(" ");
        let openings = match self.openings.as_deref() {
            Some("none") => None,
            Some(file) => Some(file.to_owned()),
            None => built_in_for(&Rules::of(self.game, &options)).map(|b| b.name.to_owned()),
        };
        TournamentConfig {
            game: self.game,
            options,
            format: Format::RoundRobin,
            games_per_encounter: 2,
            random_plies: self.random_plies,
            openings,
            extra_plies: self.extra_plies.unwrap_or(0),
            order: self.order,
            seed: self.seed,
            max_plies: self.max_plies,
            move_timeout_ms: DEFAULT_MOVE_TIMEOUT_MS,
            scoring: Default::default(),
            rounds: 1,
            groups: 2,
            advance: 1,
            adjudication: self.no_adjudication.then(Adjudication::default),
            time_margin_ms: self.timemargin,
            egtb: self.egtb.clone().or_else(|| {
                crate::egtb::location::default_for(self.game, self.no_egtb)
                    .map(|dir| dir.display().to_string())
            }),
            sprt: None,
            players,
        }
    }
}

pub(super) fn executor(args: &RunArgs) -> anyhow::Result<Box<dyn crate::executor::Executor>> {
    let threads = args
        .concurrency
        .unwrap_or_else(crate::parallel::default_threads);
    args.executor.executor(threads)
}

pub(super) fn start(
    args: &RunArgs,
    fresh: impl FnOnce() -> anyhow::Result<Start>,
) -> anyhow::Result<(Start, PathBuf)> {
    match (&args.resume, &args.out) {
        (Some(dir), _) => Ok((Start::Resume, dir.clone())),
        (None, Some(dir)) => Ok((fresh()?, dir.clone())),
        (None, None) => anyhow::bail!("give --out DIR or --resume DIR"),
    }
}

/// What the live line says besides the game that just finished.
pub(super) enum Live {
    /// A tournament: its leader.
    Leader,
    /// A match: W/D/L, Elo ± and the SPRT's LLR, like fastchess.
    Match(Option<crate::ratings::Sprt>),
    /// `microply datagen`: the labelled positions of the games so far.
    Positions,
}

/// Progress: a bar on a terminal, one line per game otherwise. A bracket's total
/// is an upper bound that shrinks as results come in.
pub(super) fn progress(live: Live) -> impl FnMut(&GameRecord, &[GameRecord], usize, usize) {
    let mut bar: Option<Progress> = None;
    let started = std::time::Instant::now();
    // The scored positions of prefix[..counted] (datagen's count, kept as it grows).
    let (mut counted, mut positions) = (0, 0);
    move |game, prefix, done, total| {
        // Made at the first game of this run (a resumed run's earlier games are
        // not counted in the rate), timed from the start of the run.
        let bar = bar.get_or_insert_with(|| {
            Progress::new(
                Display::detect(),
                "games",
                total as u64,
                done.saturating_sub(1) as u64,
            )
            .since(started)
        });
        let standing = match &live {
            Live::Leader => format!("leader {}", leader(prefix)),
            Live::Match(sprt) => match_line(prefix, *sprt),
            Live::Positions => {
                positions += prefix[counted..]
                    .iter()
                    .map(|r| r.evals.iter().flatten().count())
                    .sum::<usize>();
                counted = prefix.len();
                format!("{positions} positions")
            }
        };
        let message = format!(
            "{standing} | game {}: {} - {} {} ({})",
            game.spec.index + 1,
            game.first,
            game.second,
            game.outcome.as_str(),
            game.reason
        );
        bar.set_total(total as u64);
        bar.set(done as u64, &message);
        if done == total {
            bar.finish();
        }
    }
}

/// `W-D-L 12-30-8 | Elo +13.9 ± 40.1 (pairs) | LLR 0.52 (-2.94, 2.94)`: player
/// A's results over the games in order so far, the Elo from its colour-swapped
/// pairs, the SPRT's log-likelihood ratio and bounds.
fn match_line(prefix: &[GameRecord], sprt: Option<crate::ratings::Sprt>) -> String {
    let wdl = wdl_of_first(prefix);
    let pairs = crate::tournament::run::pentanomial_of_first(prefix);
    let elo = crate::ratings::elo_pentanomial(pairs).map_or_else(
        || "Elo ?".to_owned(),
        |e| format!("Elo {:+.1} ± {:.1}", e.elo, e.margin),
    );
    let mut line = format!("W-D-L {}-{}-{} | {elo}", wdl.wins, wdl.draws, wdl.losses);
    if let Some(s) = sprt {
        let (lower, upper) = s.bounds();
        let llr = if s.model.decides_on_pairs() {
            s.llr(&pairs)
        } else {
            s.llr_wdl(wdl)
        };
        line += &format!(" | LLR {llr:.2} ({lower:.2}, {upper:.2})");
    }
    line
}

fn leader(all: &[GameRecord]) -> String {
    let mut names: Vec<(usize, String)> = all
        .iter()
        .flat_map(|r| {
            [
                (r.spec.first, r.first.clone()),
                (r.spec.second, r.second.clone()),
            ]
        })
        .collect();
    names.sort();
    names.dedup();
    let n = names.last().map_or(0, |(i, _)| i + 1);
    let table = standings(n, all, &Default::default());
    table
        .first()
        .and_then(|s| names.iter().find(|(i, _)| *i == s.player))
        .map_or_else(String::new, |(_, name)| name.clone())
}

/// `microply tournament [CONFIG] [--player SPEC ...]`.
///
/// # Errors
/// A bad configuration, a failed game or write.
pub fn tournament(
    file: Option<PathBuf>,
    players: &[String],
    schedule: &ScheduleArgs,
    format: Format,
    args: &RunArgs,
) -> anyhow::Result<()> {
    if let Some(dir) = &args.resume {
        check_resumed_tournament(dir, file.as_deref(), players, schedule)?;
    }
    let (start, dir) = start(args, || {
        let (config, source, base) = match &file {
            Some(path) => (
                cautioned(TournamentConfig::read(path)?),
                path.display().to_string(),
                TournamentConfig::base_of(path),
            ),
            None => {
                let specs: Vec<&str> = players.iter().map(String::as_str).collect();
                let mut c = cautioned(schedule.config(schedule.players(&specs)?));
                c.format = format;
                (c, "command line".to_owned(), PathBuf::from("."))
            }
        };
        Ok(Start::Fresh {
            config: Box::new(config),
            source,
            base,
        })
    })?;
    let (config, records, bracket) =
        execute(start, &dir, &*executor(args)?, progress(Live::Leader))?;
    eprintln!();
    println!(
        "{}",
        crate::tournament::output::report(&config, &records, bracket.as_ref())
    );
    println!("results in {}", dir.display());
    Ok(())
}

/// `config`, after printing each player's [`PlayerConfig::caution`] on stderr.
pub(super) fn cautioned(config: TournamentConfig) -> TournamentConfig {
    for warning in config.players.iter().filter_map(PlayerConfig::caution) {
        eprintln!("{warning}");
    }
    config
}

/// `microply match A B --games N [--sprt ...]`, or `microply match --resume DIR`
/// (the players then optional: given, they must be the saved ones).
///
/// # Errors
/// A bad configuration, players other than a resumed run's, a failed game or write.
pub fn matchup(
    a: Option<&str>,
    b: Option<&str>,
    games: usize,
    sprt: Option<crate::ratings::Sprt>,
    schedule: &ScheduleArgs,
    args: &RunArgs,
) -> anyhow::Result<()> {
    let given: Vec<&str> = a.into_iter().chain(b).collect();
    if let Some(dir) = &args.resume {
        check_resumed_players(dir, &given, schedule)?;
    }
    let (start, dir) = start(args, || {
        let [a, b] = given[..] else {
            anyhow::bail!("match: give two players (A and B)");
        };
        let mut c = cautioned(schedule.config(schedule.players(&[a, b])?));
        c.format = Format::Gauntlet;
        c.rounds = games.div_ceil(2).max(1);
        c.sprt = sprt;
        Ok(Start::Fresh {
            config: Box::new(c),
            source: "command line".to_owned(),
            base: PathBuf::from("."),
        })
    })?;
    // A resumed run's SPRT is the saved one (the command line's --sprt is not used).
    let sprt = match &args.resume {
        Some(dir) => {
            Checkpoint::saved_config(dir)
                .with_context(|| format!("reading the run in {}", dir.display()))?
                .sprt
        }
        None => sprt,
    };
    let live = Live::Match(sprt);
    let (config, records, _) = execute(start, &dir, &*executor(args)?, progress(live))?;
    eprintln!();
    let mut summary = match_summary(&config, &records);
    match score_svg(&config, &records) {
        Ok(svg) => crate::files::write_atomically(&dir.join("score.svg"), svg.as_bytes())?,
        Err(e) => summary += &plot_warning("score.svg", &e.to_string()),
    }
    crate::files::write_atomically(&dir.join("match.md"), summary.as_bytes())?;
    print!("{summary}");
    println!("results in {}", dir.display());
    Ok(())
}

/// Checks that the players given with `--resume DIR` (none, or both) are those of
/// the run saved in `dir`, read as that run read them (a spec without a limit takes
/// `--tc`, or the saved player's clock when `--tc` is not given).
///
/// # Errors
/// The saved run cannot be read, or a player differs from the saved one.
fn check_resumed_players(
    dir: &Path,
    given: &[&str],
    schedule: &ScheduleArgs,
) -> anyhow::Result<()> {
    if given.is_empty() {
        return Ok(());
    }
    let saved = Checkpoint::saved_config(dir)
        .with_context(|| format!("--resume: reading the run in {}", dir.display()))?;
    let names: Vec<&str> = saved.players.iter().map(|p| p.name.as_str()).collect();
    if given.len() != saved.players.len() {
        anyhow::bail!(
            "--resume {}: the saved run has {} players ({}), {} given; give all of them or none",
            dir.display(),
            saved.players.len(),
            names.join(", "),
            given.len()
        );
    }
    for (spec, saved) in given.iter().zip(&saved.players) {
        let player = PlayerConfig::parse_spec_with(spec, schedule.tc.or(saved.tc))?;
        if player != *saved {
            anyhow::bail!(
                "--resume {}: player '{spec}' is not the saved run's '{}' ({}); give no players to resume with the saved ones",
                dir.display(),
                saved.name,
                serde_json::to_string(saved)?
            );
        }
    }
    Ok(())
}

/// Checks that what is given with `tournament --resume DIR` (nothing, the players,
/// or a configuration file) is the run saved in `dir`: a resumed run plays the saved
/// configuration, so anything else given is refused rather than ignored.
///
/// # Errors
/// The saved run or the file cannot be read, or they differ.
fn check_resumed_tournament(
    dir: &Path,
    file: Option<&Path>,
    players: &[String],
    schedule: &ScheduleArgs,
) -> anyhow::Result<()> {
    let specs: Vec<&str> = players.iter().map(String::as_str).collect();
    check_resumed_players(dir, &specs, schedule)?;
    let Some(path) = file else {
        return Ok(());
    };
    let saved = Checkpoint::saved_config(dir)
        .with_context(|| format!("--resume: reading the run in {}", dir.display()))?;
    let given = TournamentConfig::read(path)?;
    if given != saved {
        anyhow::bail!(
            "--resume {}: {} is not the saved run's configuration; give no file to resume with the saved one",
            dir.display(),
            path.display()
        );
    }
    Ok(())
}

/// The match's Elo, LOS, pentanomial (games in colour-swapped pairs) and SPRT.
fn match_summary(config: &TournamentConfig, records: &[GameRecord]) -> String {
    rated(config, records, records) + "\n![score over games](score.svg)\n"
}

/// The players, the W/D/L of `records`, the pentanomial figures of `pairs` (whole
/// pairs in index order), the SPRT's state and how the games ended.
fn rated(config: &TournamentConfig, records: &[GameRecord], pairs: &[GameRecord]) -> String {
    let wdl = wdl_of_first(records);
    let pentanomial = crate::tournament::run::pentanomial_of_first(pairs);
    let names = format!("{} vs {}\n", config.players[0].name, config.players[1].name);
    names
        + &crate::ratings::match_summary(wdl, Some(pentanomial), config.sprt)
        + &crate::tournament::output::endings(records)
}

/// The summary of the match saved in `dir`, finished or stopped, without playing on
/// and without changing the folder (`microply elo --run DIR`): wins, draws and losses
/// of every finished game (of a run the SPRT stopped, the games the match kept), the
/// pentanomial figures of the pairs whose two games both finished, and the saved
/// SPRT's state.
///
/// # Errors
/// No run in `dir`, a damaged one, or a tournament of more than two players.
pub fn saved_match_summary(dir: &Path) -> anyhow::Result<String> {
    let (config, mut records) = Checkpoint::peek(dir)
        .with_context(|| format!("--run: reading the run in {}", dir.display()))?;
    if config.players.len() != 2 {
        anyhow::bail!(
            "--run {}: the run has {} players, a match two (a tournament's report is its report.md)",
            dir.display(),
            config.players.len()
        );
    }
    records.sort_by_key(|r| r.spec.index);
    let finished = records.len();
    // A run the SPRT stopped is rated on the games the match kept: those before the
    // first pair boundary of the gap-free prefix that decided (the stop rule itself).
    let gap_free = records
        .iter()
        .enumerate()
        .take_while(|(i, r)| r.spec.index == *i)
        .count();
    let decided = crate::tournament::run::sprt_stop(config.sprt)(&records[..gap_free]);
    if let Some(k) = decided {
        records.retain(|r| r.spec.index < k);
    }
    let finished_in = |i: usize| records.binary_search_by_key(&i, |r| r.spec.index).is_ok();
    let paired: Vec<GameRecord> = records
        .iter()
        .filter(|r| finished_in(r.spec.index ^ 1))
        .cloned()
        .collect();
    Ok(rated(&config, &records, &paired)
        + &decided.map_or(String::new(), |k| match finished - k {
            0 => format!("The SPRT decided after {k} games.\n"),
            late => format!(
                "The SPRT decided after {k} games: {late} finished after them, left out as the match left them out.\n"
            ),
        })
        + &format!(
            "{} games rated, {} of them in pairs whose two games finished (the pentanomial figures)\n",
            records.len(),
            paired.len()
        ))
}

fn score_svg(config: &TournamentConfig, records: &[GameRecord]) -> anyhow::Result<String> {
    let points: Vec<f64> = records.iter().map(|r| r.points_of(0).as_f64()).collect();
    let running = crate::ratings::running_score(&points)?;
    let title = format!(
        "Score of {} against {} over games",
        config.players[0].name, config.players[1].name
    );
    Ok(crate::report::score_plot(&title, &running)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::Outcome;

    fn record(index: usize, first: usize, outcome: Outcome) -> GameRecord {
        let mut r = GameRecord::bare(first, 1 - first, outcome);
        r.spec.index = index;
        r
    }

    #[test]
    fn a_stopped_match_is_rated_from_its_journal_without_touching_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut config: TournamentConfig = toml::from_str(
            "game = \"tictactoe\"\n[[player]]\nname = \"A\"\ndepth = 1\n[[player]]\nname = \"B\"\ndepth = 2",
        )
        .unwrap();
        config.sprt = Some(super::super::parse_sprt("0,10,0.05,0.05").unwrap());
        let mut run = Checkpoint::create(dir.path(), config, PathBuf::from(".")).unwrap();
        // Finished out of order, as two workers finish them: pair 0-1 A wins both,
        // pair 4-5 A loses both, game 3 drawn while game 2 was still playing.
        for r in [
            record(1, 1, Outcome::SecondWins),
            record(3, 1, Outcome::Draw),
            record(0, 0, Outcome::FirstWins),
            record(5, 1, Outcome::FirstWins),
            record(4, 0, Outcome::SecondWins),
        ] {
            run.append(dir.path(), r).unwrap();
        }
        let journal = dir.path().join("games.jsonl");
        let mut torn = std::fs::read(&journal).unwrap();
        torn.extend_from_slice(b"{\"spec\":{\"index\":2");
        std::fs::write(&journal, &torn).unwrap();

        let summary = saved_match_summary(dir.path()).unwrap();
        assert!(
            summary.starts_with("A vs B\ngames 5: W 2 D 1 L 2"),
            "{summary}"
        );
        assert!(summary.contains("pairs 2: [1, 0, 0, 0, 1]\n"), "{summary}");
        assert!(
            summary.contains("SPRT on pairs: elo0 0 elo1 10"),
            "{summary}"
        );
        assert!(
            summary.ends_with("5 games rated, 4 of them in pairs whose two games finished (the pentanomial figures)\n"),
            "{summary}"
        );
        // The line a running match may still be writing is left as it is.
        assert_eq!(std::fs::read(&journal).unwrap(), torn);
    }

    #[test]
    fn a_folder_without_a_run_is_named_in_the_error() {
        let dir = tempfile::tempdir().unwrap();
        let e = saved_match_summary(dir.path()).unwrap_err();
        assert!(
            format!("{e:#}").contains("--run: reading the run in"),
            "{e:#}"
        );
    }
}

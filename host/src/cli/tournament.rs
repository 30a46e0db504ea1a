//! `microply tournament` and `microply match`: build a configuration from a TOML file
//! or the command line and hand it to [`crate::tournament::run::execute`].

use std::path::PathBuf;

use crate::progress::{Display, Progress};
use crate::tournament::config::{Format, TournamentConfig};
use crate::tournament::game::GameRecord;
use crate::tournament::output::plot_warning;
use crate::tournament::player::PlayerConfig;
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
    #[arg(long)]
    pub concurrency: Option<usize>,
    #[command(flatten)]
    pub executor: super::executor::ExecutorArgs,
}

/// Game and schedule options shared by `match` and a `tournament` without a file.
#[derive(Debug, Clone, clap::Args)]
pub struct ScheduleArgs {
    /// tictactoe, checkers, dots or amazons.
    #[arg(long, default_value = "checkers")]
    pub game: String,
    /// Game options such as rows=3 (repeatable).
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Random plies from the start for each opening.
    #[arg(long, default_value_t = 4)]
    pub random_plies: u32,
    /// An openings file (a FEN or moves a line) instead.
    #[arg(long)]
    pub openings: Option<String>,
    /// The run's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw adjudication after this many plies.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
}

impl ScheduleArgs {
    fn config(&self, players: Vec<PlayerConfig>) -> TournamentConfig {
        TournamentConfig {
            game: self.game.clone(),
            options: self.options.join(" "),
            format: Format::RoundRobin,
            games_per_encounter: 2,
            random_plies: self.random_plies,
            openings: self.openings.clone(),
            seed: self.seed,
            max_plies: self.max_plies,
            move_timeout_ms: 60_000,
            scoring: Default::default(),
            rounds: 1,
            groups: 2,
            advance: 1,
            adjudication: Default::default(),
            sprt: None,
            players,
        }
    }
}

fn executor(args: &RunArgs) -> anyhow::Result<Box<dyn crate::executor::Executor>> {
    let threads = args
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    args.executor.executor(threads)
}

fn start(
    args: &RunArgs,
    fresh: impl FnOnce() -> anyhow::Result<Start>,
) -> anyhow::Result<(Start, PathBuf)> {
    match (&args.resume, &args.out) {
        (Some(dir), _) => Ok((Start::Resume, dir.clone())),
        (None, Some(dir)) => Ok((fresh()?, dir.clone())),
        (None, None) => anyhow::bail!("give --out DIR or --resume DIR"),
    }
}

/// Progress: a bar on a terminal, one line per game otherwise. A bracket's total
/// is an upper bound that shrinks as results come in.
fn progress() -> impl FnMut(&GameRecord, &[GameRecord], usize) {
    let mut bar: Option<Progress> = None;
    move |game, all, total| {
        let bar = bar.get_or_insert_with(|| {
            Progress::new(
                Display::detect(),
                "games",
                total as u64,
                all.len().saturating_sub(1) as u64,
            )
        });
        let message = format!(
            "leader {} | game {}: {} - {} {} ({})",
            leader(all),
            game.spec.index + 1,
            game.first,
            game.second,
            game.outcome.as_str(),
            game.reason
        );
        bar.set_total(total as u64);
        bar.set(all.len() as u64, &message);
        if all.len() == total {
            bar.finish();
        }
    }
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
    let (start, dir) = start(args, || {
        let (config, source, base) = match &file {
            Some(path) => (
                TournamentConfig::read(path)?,
                path.display().to_string(),
                TournamentConfig::base_of(path),
            ),
            None => {
                let players = players
                    .iter()
                    .map(|s| PlayerConfig::parse_spec(s))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut c = schedule.config(players);
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
    let (config, records, bracket) = execute(start, &dir, &*executor(args)?, progress())?;
    eprintln!();
    println!(
        "{}",
        crate::tournament::output::report(&config, &records, bracket.as_ref())
    );
    println!("results in {}", dir.display());
    Ok(())
}

/// `microply match A B --games N [--sprt ...]`.
///
/// # Errors
/// A bad configuration, a failed game or write.
pub fn matchup(
    players: [&str; 2],
    games: usize,
    sprt: Option<crate::ratings::Sprt>,
    schedule: &ScheduleArgs,
    args: &RunArgs,
) -> anyhow::Result<()> {
    let (start, dir) = start(args, || {
        let players = players
            .iter()
            .map(|s| PlayerConfig::parse_spec(s))
            .collect::<Result<Vec<_>, _>>()?;
        let mut c = schedule.config(players);
        c.format = Format::Gauntlet;
        c.rounds = games.div_ceil(2).max(1);
        c.sprt = sprt;
        Ok(Start::Fresh {
            config: Box::new(c),
            source: "command line".to_owned(),
            base: PathBuf::from("."),
        })
    })?;
    let (config, records, _) = execute(start, &dir, &*executor(args)?, progress())?;
    eprintln!();
    let mut summary = match_summary(&config, &records);
    match score_svg(&records) {
        Ok(svg) => {
            crate::tournament::checkpoint::write_atomically(&dir.join("score.svg"), svg.as_bytes())?
        }
        Err(e) => summary += &plot_warning("score.svg", &e.to_string()),
    }
    crate::tournament::checkpoint::write_atomically(&dir.join("match.md"), summary.as_bytes())?;
    print!("{summary}");
    println!("results in {}", dir.display());
    Ok(())
}

/// The match's Elo, LOS, pentanomial (games in colour-swapped pairs) and SPRT.
fn match_summary(config: &TournamentConfig, records: &[GameRecord]) -> String {
    let wdl = wdl_of_first(records);
    let pentanomial = crate::tournament::run::pentanomial_of_first(records);
    let sprt = config.sprt;
    let names = format!("{} vs {}\n", config.players[0].name, config.players[1].name);
    names
        + &crate::ratings::match_summary(wdl, Some(pentanomial), sprt)
        + "\n![score over games](score.svg)\n"
}

fn score_svg(records: &[GameRecord]) -> anyhow::Result<String> {
    let points: Vec<f64> = records.iter().map(|r| r.points_of(0)).collect();
    let running = crate::ratings::running_score(&points)?;
    Ok(crate::report::score_plot(
        "Score of A over games",
        &running,
    )?)
}

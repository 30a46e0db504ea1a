//! `microply datagen`: a node-limited self-play match of one player against itself
//! from the ACF deck with random plies after each line, adjudicated, and the labelled
//! positions of its games in `positions.bin` (docs/datagen.md).

use std::path::Path;

use anyhow::Context as _;
use microply_core::games::GameKind;

use crate::datagen::{positions, Harvest, POSITIONS_FILE};
use crate::play::game::{GameRecord, Rules};
use crate::play::player::PlayerConfig;
use crate::tournament::config::{Format, TournamentConfig};
use crate::tournament::run::{execute, Start};

use super::tournament::{cautioned, executor, progress, start, Live, RunArgs, ScheduleArgs};

/// Random plies after each deck line unless `--extra-plies` says otherwise.
pub const DEFAULT_EXTRA_PLIES: u32 = 6;

/// `microply datagen`'s arguments.
#[derive(Debug, clap::Args)]
pub struct DatagenArgs {
    /// Games to play, each from its own opening (a deck line and random plies).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Nodes a move (a limit in --player wins).
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// The player, as a match player spec without its name
    /// (`evaluator=expert,algo=pvs,egtb=DIR`...).
    #[arg(long, default_value = "evaluator=expert,algo=pvs")]
    pub player: String,
    #[command(flatten)]
    pub schedule: ScheduleArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs (or resumes) the games, then writes every finished game's positions.
///
/// # Errors
/// Not checkers, a bad player, a failed game, or a file that cannot be written.
pub fn run(args: &DatagenArgs) -> anyhow::Result<()> {
    let (fresh, dir) = start(&args.run, || {
        Ok(Start::Fresh {
            config: Box::new(self_play(args)?),
            source: "command line".to_owned(),
            base: std::path::PathBuf::from("."),
        })
    })?;
    let (config, records, _) = execute(
        fresh,
        &dir,
        &*executor(&args.run)?,
        progress(Live::Positions),
    )?;
    eprintln!();
    let summary = write_positions(&config, &records, &dir)?;
    print!("{summary}");
    Ok(())
}

/// The self-play match `args` asks for.
fn self_play(args: &DatagenArgs) -> anyhow::Result<TournamentConfig> {
    anyhow::ensure!(
        args.schedule.game == GameKind::Checkers,
        "datagen: checkers only (the positions file holds checkers boards), not {}",
        args.schedule.game
    );
    let player = |name: &str| {
        PlayerConfig::parse_spec(&format!("name={name},nodes={},{}", args.nodes, args.player))
    };
    let mut c = cautioned(args.schedule.config(vec![player("a")?, player("b")?]));
    anyhow::ensure!(
        c.players[0].name != c.players[1].name,
        "datagen: --player must not name the player (it plays itself as 'a' and 'b')"
    );
    c.format = Format::Gauntlet;
    // One game an opening: the same player from the same opening with either colour
    // plays the same game (node limits are deterministic), so a pair would label
    // every position twice.
    c.games_per_encounter = 1;
    c.rounds = args.games.max(1);
    c.extra_plies = args.schedule.extra_plies.unwrap_or(DEFAULT_EXTRA_PLIES);
    Ok(c)
}

/// Writes `positions.bin` and `datagen.md` in `dir` from every finished game, and
/// returns the summary.
fn write_positions(
    config: &TournamentConfig,
    records: &[GameRecord],
    dir: &Path,
) -> anyhow::Result<String> {
    let rules = Rules::of(config.game, &config.options);
    let harvest = Harvest::of(records, &rules).map_err(|e| anyhow::anyhow!("{e}"))?;
    let path = dir.join(POSITIONS_FILE);
    positions::write(&path, &harvest.positions)?;
    let summary = format!("{}positions in {}\n", harvest.summary(), path.display());
    crate::files::write_atomically(&dir.join("datagen.md"), summary.as_bytes())
        .with_context(|| format!("writing {}", dir.join("datagen.md").display()))?;
    Ok(summary)
}

//! `microply egtb`: generate, probe and verify checkers endgame databases.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use clap::Subcommand;
use microply_core::games::checkers::Checkers;
use microply_core::Notation;

use crate::egtb::tablebase::{load_file, table_files};
use crate::egtb::{solve_stored, DirStore, Tablebase};
use crate::progress::Display;

/// The largest database `generate` accepts (5 pieces take minutes, 6 far longer).
pub const MAX_GENERATE_PIECES: u8 = 5;

/// The `egtb` subcommands.
#[derive(Debug, Subcommand)]
pub enum EgtbCommand {
    /// Compute the tables of every position with up to N pieces and write them to DIR,
    /// each group of tables as soon as it is solved: run again, it loads the tables
    /// already there and goes on where it stopped.
    Generate {
        /// The most pieces (2 to 5).
        #[arg(long)]
        pieces: u8,
        /// Where to write the `.egtb` files (default: `$MICROPLY_EGTB`, else
        /// ~/.local/share/microply/egtb, where `play checkers` finds them).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Threads (default: every core; the tables do not depend on it).
        #[arg(long = "concurrency", alias = "threads", value_parser = super::parse_concurrency)]
        threads: Option<usize>,
    },
    /// Print the value (win, loss or draw for the side to move) of a checkers FEN.
    Probe {
        /// The directory holding the tables.
        #[arg(long)]
        dir: PathBuf,
        /// The position, e.g. W:WK10:BK1,K2.
        #[arg(long)]
        fen: String,
    },
    /// Play won positions out under the draw rules: does the engine convert them?
    Convert {
        /// The directory holding the tables.
        #[arg(long)]
        dir: PathBuf,
        /// Positions with this many pieces.
        #[arg(long)]
        pieces: u8,
        /// How many won positions.
        #[arg(long, default_value_t = 200)]
        count: usize,
        /// The sample's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The loser defends with the tables (the longest defence), or searches to
        /// this depth without them.
        #[arg(long, value_name = "DEPTH")]
        search_defence: Option<u32>,
    },
    /// Re-check every table file's header and checksum.
    Verify {
        /// The directory holding the tables.
        #[arg(long)]
        dir: PathBuf,
    },
}

/// Runs an `egtb` subcommand.
///
/// # Errors
/// Bad arguments, I/O failures, corrupt tables, a position without a table.
pub fn run(command: &EgtbCommand) -> anyhow::Result<()> {
    match command {
        EgtbCommand::Generate {
            pieces,
            out,
            threads,
        } => {
            let out = match out {
                Some(dir) => dir.clone(),
                None => crate::egtb::location::default_dir().ok_or_else(|| {
                    anyhow!("no default table directory ($MICROPLY_EGTB is empty and no HOME): give --out DIR")
                })?,
            };
            generate(
                *pieces,
                &out,
                threads.unwrap_or_else(crate::parallel::default_threads),
            )
        }
        EgtbCommand::Probe { dir, fen } => probe(dir, fen),
        EgtbCommand::Verify { dir } => verify(dir),
        EgtbCommand::Convert {
            dir,
            pieces,
            count,
            seed,
            search_defence,
        } => convert(dir, *pieces, *count, *seed, *search_defence),
    }
}

fn convert(
    dir: &Path,
    pieces: u8,
    count: usize,
    seed: u64,
    search_defence: Option<u32>,
) -> anyhow::Result<()> {
    use crate::egtb::conversion::{self, Defence, Ending};
    if !(2..=crate::egtb::material::MAX_PIECES).contains(&pieces) {
        bail!(
            "--pieces {pieces}: must be 2 to {}",
            crate::egtb::material::MAX_PIECES
        );
    }
    if count == 0 || count > 1_000_000 {
        bail!("--count {count}: must be 1 to 1000000");
    }
    let defence = match search_defence {
        Some(d) if !(1..=30).contains(&d) => bail!("--search-defence {d}: must be 1 to 30"),
        Some(d) => Defence::Search(d),
        None => Defence::Tables,
    };
    let tables = Tablebase::load(dir)?;
    let starts = conversion::won_positions(&tables, pieces, count, seed);
    if starts.is_empty() {
        bail!(
            "{}: no table with {pieces} pieces holds a win",
            dir.display()
        );
    }
    let progress =
        crate::progress::Progress::new(Display::detect(), "games", starts.len() as u64, 0);
    let games = conversion::convert(&tables, &starts, defence, |i| {
        progress.set(i as u64 + 1, "playing out");
    });
    progress.finish();
    let n = games.len();
    let count_of = |e: Ending| games.iter().filter(|g| g.result == e).count();
    let won = count_of(Ending::Won);
    let mut plies: Vec<u32> = games
        .iter()
        .filter(|g| g.result == Ending::Won)
        .map(|g| g.plies)
        .collect();
    plies.sort_unstable();
    let longest_entry = games.iter().map(|g| g.distance).max().unwrap_or(0);
    println!(
        "converted {won} of {n} won {pieces}-piece positions ({:.1}%) under the 80-ply rule: {} drawn, {} lost",
        100.0 * won as f64 / n as f64,
        count_of(Ending::Drawn),
        count_of(Ending::Lost)
    );
    if let (Some(median), Some(max)) = (plies.get(plies.len() / 2), plies.last()) {
        println!("plies to the win: median {median}, longest {max} (the longest table distance here {longest_entry})");
    }
    for g in games.iter().filter(|g| g.result != Ending::Won).take(10) {
        println!(
            "not converted: {} (win in {} plies by the tables): {:?} after {} plies",
            g.start.display_fen(),
            g.distance,
            g.result,
            g.plies
        );
    }
    Ok(())
}

fn generate(pieces: u8, out: &Path, threads: usize) -> anyhow::Result<()> {
    if !(2..=MAX_GENERATE_PIECES).contains(&pieces) {
        bail!("--pieces {pieces}: must be 2 to {MAX_GENERATE_PIECES}");
    }
    let started = Instant::now();
    let mut store = DirStore::new(out);
    let solved = solve_stored(pieces, Display::detect(), &mut store, threads);
    for warning in &store.warnings {
        eprintln!("warning: {warning}");
    }
    let solved = solved.with_context(|| {
        format!(
            "the groups solved so far are in {}: run the same command to go on",
            out.display()
        )
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let tablebase = Tablebase::new(solved.tables);
    let (mut slots, mut bytes) = (0u64, 0u64);
    for t in tablebase.tables() {
        slots += t.slots();
        bytes += (crate::egtb::format::HEADER_LEN + t.codes().len()) as u64;
    }
    let passes = solved.passes.iter().map(|p| p.2).max().unwrap_or(0);
    let longest = tablebase.tables().map(|t| t.longest()).max().unwrap_or(0);
    let resumed = if solved.loaded.is_empty() {
        String::new()
    } else {
        format!(
            "; {} of {} groups were there already and loaded",
            solved.loaded.len(),
            solved.loaded.len() + solved.passes.len()
        )
    };
    println!(
        "generated {} tables up to {pieces} pieces in {}: {slots} slots, {bytes} bytes, {seconds:.2} s wall on {threads} thread{} (at most {passes} passes a group, the longest win {longest} plies){resumed}",
        tablebase.tables().count(),
        out.display(),
        if threads == 1 { "" } else { "s" }
    );
    Ok(())
}

fn probe(dir: &Path, fen: &str) -> anyhow::Result<()> {
    let pos = Checkers::parse_fen(fen)
        .map_err(|e| anyhow!("{e}"))
        .with_context(|| format!("FEN '{fen}'"))?;
    let tablebase = Tablebase::load(dir)?;
    match tablebase.probe(&pos) {
        Some(v) => println!("{v}"),
        None => bail!("no table in {} for this position's material", dir.display()),
    }
    Ok(())
}

fn verify(dir: &Path) -> anyhow::Result<()> {
    let files = table_files(dir)?;
    if files.is_empty() {
        bail!("{}: no .egtb tables in this directory", dir.display());
    }
    let mut bad = 0;
    for path in &files {
        match load_file(path) {
            Ok(t) => {
                let (l, d, w) = t.counts();
                println!("ok {} losses={l} draws={d} wins={w}", t.material());
            }
            Err(e) => {
                bad += 1;
                println!("BAD {e}");
            }
        }
    }
    if bad > 0 {
        bail!("{bad} of {} tables are corrupt", files.len());
    }
    println!("{} tables verified", files.len());
    Ok(())
}

//! `microply egtb`: generate, probe and verify checkers endgame databases.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use clap::Subcommand;
use microply_core::games::checkers::Checkers;
use microply_core::Notation;

use crate::egtb::tablebase::{load_file, table_files};
use crate::egtb::{solve_shown, Tablebase};
use crate::progress::Display;

/// The largest database `generate` accepts (5 pieces take minutes, 6 far longer).
pub const MAX_GENERATE_PIECES: u8 = 5;

/// The `egtb` subcommands.
#[derive(Debug, Subcommand)]
pub enum EgtbCommand {
    /// Compute the tables of every position with up to N pieces and write them to DIR.
    Generate {
        /// The most pieces (2 to 5).
        #[arg(long)]
        pieces: u8,
        /// Where to write the `.egtb` files.
        #[arg(long)]
        out: PathBuf,
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
        EgtbCommand::Generate { pieces, out } => generate(*pieces, out),
        EgtbCommand::Probe { dir, fen } => probe(dir, fen),
        EgtbCommand::Verify { dir } => verify(dir),
    }
}

fn generate(pieces: u8, out: &Path) -> anyhow::Result<()> {
    if !(2..=MAX_GENERATE_PIECES).contains(&pieces) {
        bail!("--pieces {pieces}: must be 2 to {MAX_GENERATE_PIECES}");
    }
    let started = Instant::now();
    let solved = solve_shown(pieces, Display::detect());
    let seconds = started.elapsed().as_secs_f64();
    let tablebase = Tablebase::new(solved.tables);
    tablebase.write(out)?;
    let (mut slots, mut bytes) = (0u64, 0u64);
    for t in tablebase.tables() {
        slots += t.slots();
        bytes += (crate::egtb::format::HEADER_LEN + t.packed().len()) as u64;
    }
    let passes = solved.passes.iter().map(|p| p.2).max().unwrap_or(0);
    println!(
        "generated {} tables up to {pieces} pieces: {slots} slots, {bytes} bytes, {seconds:.2} s wall (at most {passes} passes a group)",
        tablebase.tables().count()
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

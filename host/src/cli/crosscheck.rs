//! `microply crosscheck`: the same command script through the host engine and the
//! firmware under QEMU; every reply must match, timing fields aside.

use std::io::Cursor;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};

use crate::firmware::elf::Image;
use crate::firmware::log::{self, CommandCost};
use crate::firmware::qemu::Qemu;
use crate::firmware::report;
use crate::firmware::suite::{self, Script};
use crate::memory::SearchMemory;

/// What to send the firmware and how to run it.
#[derive(Clone, Debug, clap::Args)]
pub struct RunArgs {
    /// Suite files or directories of `*.txt` suites (default: tests/data/crosscheck).
    #[arg(long = "suite", value_name = "FILE")]
    pub suites: Vec<PathBuf>,
    /// The QEMU executable (default: $MICROPLY_QEMU, the project's .tools/bin, PATH).
    #[arg(long)]
    pub qemu: Option<PathBuf>,
    /// Give up on QEMU after this many seconds.
    #[arg(long, default_value_t = 600)]
    pub timeout: u64,
}

/// The firmware image and how to run it.
#[derive(Clone, Debug)]
pub struct FirmwareArgs {
    /// The firmware ELF (built for mps2-an386).
    pub elf: PathBuf,
    /// The rest.
    pub run: RunArgs,
}

/// What the firmware did with a script.
#[derive(Debug)]
pub struct FirmwareRun {
    /// Its image.
    pub image: Image,
    /// One reply per command (fewer if it stopped early).
    pub replies: Vec<String>,
    /// The cost of each command, from its defmt log.
    pub costs: Vec<CommandCost>,
}

/// Loads the script the arguments name.
///
/// # Errors
/// Unreadable suite files.
pub fn load_script(args: &FirmwareArgs) -> anyhow::Result<Script> {
    if args.run.suites.is_empty() {
        Script::load(&[suite::default_dir()])
    } else {
        Script::load(&args.run.suites)
    }
}

/// Runs `script` on the firmware under QEMU, counting instructions exactly.
///
/// # Errors
/// QEMU fails to start or times out, the firmware exits with failure, or its log
/// cannot be decoded.
pub fn run_firmware(args: &FirmwareArgs, script: &Script) -> anyhow::Result<FirmwareRun> {
    let elf =
        std::fs::read(&args.elf).with_context(|| format!("reading {}", args.elf.display()))?;
    let image = Image::parse(&elf)?;
    let qemu = Qemu {
        program: Qemu::locate(args.run.qemu.as_deref(), &args.elf),
        icount: true,
        timeout: Duration::from_secs(args.run.timeout),
    };
    let run = qemu.run(&args.elf, script.bytes())?;
    let replies = suite::split_replies(&run.output);
    let messages = log::decode(&elf, &run.log)?;
    let costs = messages
        .iter()
        .filter_map(|m| CommandCost::parse(m))
        .collect();
    if !run.status.success() {
        let last = replies.last().map_or("", String::as_str);
        bail!(
            "the firmware exited with {} after {} replies; last output:\n{last}{}",
            run.status,
            replies.len(),
            run.stderr
        );
    }
    Ok(FirmwareRun {
        image,
        replies,
        costs,
    })
}

/// Runs `script` through the host's `microply engine` loop, in process, with the
/// firmware's memory sizes (search results depend on the table size).
///
/// # Errors
/// Only I/O errors, which an in-memory run does not have.
pub fn run_host(script: &Script, image: &Image) -> anyhow::Result<Vec<String>> {
    let mut memory = SearchMemory::new(image.tt_entries, image.move_words);
    let mut output = Vec::new();
    super::engine::serve_with(Cursor::new(script.bytes()), &mut output, &mut memory)?;
    Ok(suite::split_replies(&output))
}

/// The per-group tally.
#[derive(Debug, Default)]
struct Tally {
    commands: usize,
    identical: usize,
}

/// Runs the cross-check; with `report`, also prints the firmware report.
///
/// # Errors
/// The firmware could not be run.
pub fn run(args: &FirmwareArgs, with_report: bool) -> anyhow::Result<ExitCode> {
    let script = load_script(args)?;
    let firmware = run_firmware(args, &script)?;
    let host = run_host(&script, &firmware.image)?;
    let groups = script.groups();
    let mut tallies: Vec<Tally> = groups.iter().map(|_| Tally::default()).collect();
    let mut first_difference = None;
    for (index, command) in script.commands.iter().enumerate() {
        let tally = &mut tallies[groups.iter().position(|g| *g == command.group).unwrap_or(0)];
        tally.commands += 1;
        let (h, f) = (reply(&host, index), reply(&firmware.replies, index));
        if suite::normalize(h) == suite::normalize(f) {
            tally.identical += 1;
        } else if first_difference.is_none() {
            first_difference = Some((command, h, f));
        }
    }
    println!(
        "{:<10} {:>8} {:>9} {:>9}",
        "game", "commands", "identical", "different"
    );
    for (group, tally) in groups.iter().zip(&tallies) {
        let different = tally.commands - tally.identical;
        println!(
            "{group:<10} {:>8} {:>9} {different:>9}",
            tally.commands, tally.identical
        );
    }
    if with_report {
        print_report(&script, &firmware);
    }
    let identical: usize = tallies.iter().map(|t| t.identical).sum();
    let different = script.commands.len() - identical;
    if let Some((command, h, f)) = first_difference {
        println!(
            "\nfirst difference, at {} ({}): {}",
            command.origin,
            command.group,
            command.shown()
        );
        println!("--- host\n{h}--- firmware\n{f}---");
    }
    // The plain closing line test harnesses read.
    println!("crosscheck: {identical} passed, {different} failed");
    Ok(if different == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn reply(replies: &[String], index: usize) -> &str {
    replies.get(index).map_or("(no reply)\n", String::as_str)
}

/// Prints the memory and per-game cost tables of a run.
pub fn print_report(script: &Script, firmware: &FirmwareRun) {
    println!("\n{}", report::memory_table(&firmware.image));
    let groups = report::group_costs(script, &firmware.replies, &firmware.costs);
    println!("{}", report::cost_table(&groups, firmware.image.stack_size));
}

/// `microply firmware-report`: runs the suites under `-icount shift=0` and prints the
/// report without comparing.
///
/// # Errors
/// The firmware could not be run.
pub fn firmware_report(args: &FirmwareArgs) -> anyhow::Result<ExitCode> {
    let script = load_script(args)?;
    let firmware = run_firmware(args, &script)?;
    print_report(&script, &firmware);
    Ok(ExitCode::SUCCESS)
}

/// `microply firmware-log`: prints every message of a defmt log.
///
/// # Errors
/// Unreadable files, an ELF without defmt table, a malformed log.
pub fn print_log(elf: &std::path::Path, log: &std::path::Path) -> anyhow::Result<()> {
    let elf = std::fs::read(elf).with_context(|| format!("reading {}", elf.display()))?;
    let log = std::fs::read(log).with_context(|| format!("reading {}", log.display()))?;
    for message in log::decode(&elf, &log)? {
        println!("{message}");
    }
    Ok(())
}

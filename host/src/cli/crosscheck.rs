//! `microply crosscheck`: the same command script through the host engine and the
//! firmware under QEMU (or another engine program, such as the browser's wasm engine
//! under Node); every reply must match, timing fields aside.

use std::io::Cursor;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use microply_core::games::GameKind;

use crate::firmware::compare::{compare, Comparison};
use crate::firmware::elf::Image;
use crate::firmware::log::{self, CommandCost};
use crate::firmware::qemu::Qemu;
use crate::firmware::report;
use crate::firmware::suite::{self, Script};
use crate::memory::{SearchMemory, DEFAULT_MOVE_WORDS, DEFAULT_TT_ENTRIES};
use crate::piped;

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

/// Loads the script the run arguments name: the given suites, or the committed
/// `<game>.txt` of every game in the core (each must exist).
///
/// # Errors
/// Unreadable suite files, or a game without a committed suite.
pub fn load_script(args: &RunArgs) -> anyhow::Result<Script> {
    if !args.suites.is_empty() {
        return Script::load(&args.suites);
    }
    // One suite per game in the core; suites of games not (yet) in it wait.
    let dir = suite::default_dir();
    let files: Vec<PathBuf> = GameKind::ALL
        .iter()
        .map(|kind| dir.join(format!("{}.txt", kind.name())))
        .collect();
    let missing: Vec<String> = files
        .iter()
        .filter(|file| !file.is_file())
        .map(|file| file.display().to_string())
        .collect();
    if !missing.is_empty() {
        bail!(
            "every game in the core needs a cross-check suite; missing: {}",
            missing.join(", ")
        );
    }
    Script::load(&files)
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
    let replies = suite::split_script_replies(script, &run.output);
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
    run_host_with(script, image.tt_entries, image.move_words)
}

fn run_host_with(
    script: &Script,
    tt_entries: usize,
    move_words: usize,
) -> anyhow::Result<Vec<String>> {
    let mut memory = SearchMemory::new(tt_entries, move_words);
    let mut output = Vec::new();
    super::engine::serve_with(Cursor::new(script.bytes()), &mut output, &mut memory)?;
    Ok(suite::split_script_replies(script, &output))
}

/// Runs the cross-check; with `report`, also prints the firmware report.
///
/// # Errors
/// The firmware could not be run.
pub fn run(args: &FirmwareArgs, with_report: bool) -> anyhow::Result<ExitCode> {
    let script = load_script(&args.run)?;
    let firmware = run_firmware(args, &script)?;
    let host = run_host(&script, &firmware.image)?;
    let comparison = compare(&script, &host, &firmware.replies);
    print_tallies(&comparison);
    if with_report {
        print_report(&script, &firmware);
    }
    Ok(print_verdict(&comparison, "firmware"))
}

/// `microply crosscheck --engine COMMAND`: the script through the host engine and
/// through the program (given the host's default memory sizes), compared the same way.
///
/// # Errors
/// The program cannot start, times out or exits with failure.
pub fn run_engine(engine: &str, args: &RunArgs) -> anyhow::Result<ExitCode> {
    let mut words = engine.split_ascii_whitespace();
    let program = words.next().context("--engine needs a command")?;
    let (tt_entries, move_words) = (DEFAULT_TT_ENTRIES, DEFAULT_MOVE_WORDS);
    let mut command = std::process::Command::new(program);
    command.args(words).args([
        "--tt-entries",
        &tt_entries.to_string(),
        "--move-words",
        &move_words.to_string(),
    ]);
    let script = load_script(args)?;
    let timeout = Duration::from_secs(args.timeout);
    let output = piped::run(command, script.bytes(), timeout, "is it installed?")?;
    if !output.status.success() {
        bail!("{engine} exited with {}: {}", output.status, output.stderr);
    }
    let other = suite::split_script_replies(&script, &output.stdout);
    let host = run_host_with(&script, tt_entries, move_words)?;
    let comparison = compare(&script, &host, &other);
    print_tallies(&comparison);
    Ok(print_verdict(&comparison, engine))
}

fn print_tallies(comparison: &Comparison<'_>) {
    println!(
        "{:<10} {:>8} {:>9} {:>9}",
        "game", "commands", "identical", "different"
    );
    for tally in &comparison.tallies {
        println!(
            "{:<10} {:>8} {:>9} {:>9}",
            tally.group,
            tally.commands,
            tally.identical,
            tally.different()
        );
    }
}

/// Prints the first difference and the closing line; the exit code says whether
/// every reply matched.
fn print_verdict(comparison: &Comparison<'_>, other: &str) -> ExitCode {
    if let Some(difference) = &comparison.first_difference {
        let command = difference.command;
        println!(
            "\nfirst difference, at {} ({}): {}",
            command.origin,
            command.group,
            command.shown()
        );
        println!(
            "--- host\n{}--- {other}\n{}---",
            difference.host, difference.firmware
        );
    }
    let (identical, different) = (comparison.identical(), comparison.different());
    // The plain closing line test harnesses read.
    println!("crosscheck: {identical} passed, {different} failed");
    if different == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
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
    let script = load_script(&args.run)?;
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

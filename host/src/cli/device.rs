//! `microply device`: the standalone device's screens as PNG frames, rendered from a
//! script of button presses on the host or by the firmware under QEMU, optionally
//! checked against reference frames; or the emulated device played from the
//! terminal.

use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use microply_ui::{Button, GameChoice, Level, Seat, Setup};

use crate::device::{self, Emulated, Rendering};

/// The options of `microply device`.
#[derive(Debug, clap::Args)]
pub struct DeviceArgs {
    /// The script of button presses: letters u d l r s (select) b (back), `# comments`,
    /// `[name]` marks naming the frame on screen there, `!` before a letter: send
    /// the next press while the device is still busy with this one (firmware only).
    #[arg(required_unless_present_any = ["interactive", "autoplay"])]
    pub script: Option<PathBuf>,
    /// Where the frames go (`<mark>.png`, with --all also `frame-NNNN.png`).
    #[arg(long, default_value = "target/device-frames")]
    pub out: PathBuf,
    /// Write every frame, not only the marked ones.
    #[arg(long)]
    pub all: bool,
    /// Run the firmware's `device` program (ELF for mps2-an386) under QEMU instead of
    /// the host's state machine, and require every frame to equal the host's (the
    /// firmware's defmt log, with each frame's drawing time, goes to `<out>/defmt.log`).
    #[arg(long, value_name = "ELF")]
    pub firmware: Option<PathBuf>,
    /// Compare the marked frames with `DIR/<mark>.png`; a difference writes
    /// `<mark>.diff.png` (differing pixels red) next to the frames and fails.
    #[arg(long, value_name = "DIR")]
    pub check: Option<PathBuf>,
    /// Play the emulated device (needs --firmware): type button letters and Enter;
    /// the screen is written to `<out>/screen.png` after every press.
    #[arg(long, requires = "firmware")]
    pub interactive: bool,
    /// Instead of rendering: print the script of a person who plays the first legal
    /// move against the engine to the end, for GAME (tictactoe, checkers, dots3,
    /// dots4, dots5, amazons6, amazons8, amazons10) at --level.
    #[arg(long, value_name = "GAME", conflicts_with_all = ["script", "interactive"])]
    pub autoplay: Option<String>,
    /// The engine's level for --autoplay: easy, medium, hard or expert.
    #[arg(long, default_value = "easy")]
    pub level: String,
    /// Seconds to wait for the emulated device before giving up.
    #[arg(long, default_value_t = 120)]
    pub timeout: u64,
}

/// Renders, writes and checks the frames.
///
/// # Errors
/// The script cannot be read, QEMU cannot run, or a frame cannot be written.
pub fn run(args: &DeviceArgs) -> anyhow::Result<ExitCode> {
    let timeout = Duration::from_secs(args.timeout);
    if let Some(game) = &args.autoplay {
        print!("{}", device::autoplay(autoplay_setup(game, &args.level)?));
        return Ok(ExitCode::SUCCESS);
    }
    if args.interactive {
        let elf = args
            .firmware
            .as_deref()
            .context("--interactive needs --firmware")?;
        std::fs::create_dir_all(&args.out)?;
        return play(elf, args, timeout).map(|()| ExitCode::SUCCESS);
    }
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let script = args.script.as_deref().context("a script is needed")?;
    let text =
        std::fs::read_to_string(script).with_context(|| format!("reading {}", script.display()))?;
    let steps = device::parse_script(&text)?;
    let host = device::render(&steps);
    let (rendering, mut passed, mut failed) = match &args.firmware {
        Some(elf) => {
            let log = args.out.join("defmt.log");
            let firmware = device::render_on_firmware(elf, &steps, &log, timeout)?;
            if steps.iter().any(|s| matches!(s, device::Step::Rush(_))) {
                println!("presses during searches (!): frames not compared with the host's");
                (firmware, 0, 0)
            } else if same_as_host(&firmware, &host, args)? {
                (firmware, 1, 0)
            } else {
                (firmware, 0, 1)
            }
        }
        None => (host, 0, 0),
    };
    write_frames(&rendering, args)?;
    println!(
        "{}: {} frames, {} marked, in {}",
        script.display(),
        rendering.frames.len(),
        rendering.marks.len(),
        args.out.display()
    );
    if let Some(references) = &args.check {
        let check = device::check(&rendering, references, &args.out)?;
        for (name, pixels, diff) in &check.different {
            println!(
                "{name}: {pixels} pixels differ from the reference; see {}",
                diff.display()
            );
        }
        for name in &check.missing {
            println!("{name}: no reference {}/{name}.png", references.display());
        }
        passed += check.same.len();
        failed += check.different.len() + check.missing.len();
    }
    if args.check.is_some() || args.firmware.is_some() {
        println!("{passed} passed, {failed} failed");
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn write_frames(rendering: &Rendering, args: &DeviceArgs) -> anyhow::Result<()> {
    for (name, index) in &rendering.marks {
        if let Some(frame) = rendering.frames.get(*index) {
            frame.write_png(&args.out.join(format!("{name}.png")))?;
        }
    }
    if args.all {
        for (i, frame) in rendering.frames.iter().enumerate() {
            frame.write_png(&args.out.join(format!("frame-{i:04}.png")))?;
        }
    }
    Ok(())
}

/// Whether the firmware showed exactly the host's frames; reports the first that
/// differs (and draws the difference).
fn same_as_host(firmware: &Rendering, host: &Rendering, args: &DeviceArgs) -> anyhow::Result<bool> {
    let first_difference = firmware
        .frames
        .iter()
        .zip(&host.frames)
        .position(|(f, h)| f != h);
    if let Some(i) = first_difference {
        let path = args.out.join(format!("frame-{i:04}.host.png"));
        host.frames[i].write_png(&path)?;
        let diff = args.out.join(format!("frame-{i:04}.diff.png"));
        let (pixels, picture) = device::difference(&firmware.frames[i], &host.frames[i].rgb());
        device::write_rgb_png(&diff, &picture)?;
        println!(
            "frame {i}: the firmware's differs from the host's in {pixels} pixels; see {}",
            diff.display()
        );
        return Ok(false);
    }
    if firmware.frames.len() != host.frames.len() {
        println!(
            "the firmware showed {} frames, the host {}",
            firmware.frames.len(),
            host.frames.len()
        );
        return Ok(false);
    }
    println!(
        "firmware: all {} frames identical to the host's",
        host.frames.len()
    );
    Ok(true)
}

/// The emulated device played from the terminal.
fn play(elf: &std::path::Path, args: &DeviceArgs, timeout: Duration) -> anyhow::Result<()> {
    let screen = args.out.join("screen.png");
    let mut device = Emulated::start(elf, &args.out.join("defmt.log"), timeout)?;
    let mut frames = Vec::new();
    let show = |frames: &mut Vec<device::Frame>| -> anyhow::Result<()> {
        if let Some(frame) = frames.last() {
            frame.write_png(&screen)?;
        }
        frames.clear();
        Ok(())
    };
    device.until_idle(&mut frames)?;
    show(&mut frames)?;
    println!(
        "the screen is {} (reloaded after every press); type u d l r s b and Enter, q to quit",
        screen.display()
    );
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if line.trim() == "q" {
            break;
        }
        for button in line.bytes().filter_map(Button::from_ascii) {
            device.press(button)?;
            device.until_idle(&mut frames)?;
            show(&mut frames)?;
        }
    }
    device.quit();
    Ok(())
}

fn autoplay_setup(game: &str, level: &str) -> anyhow::Result<Setup> {
    let game = GameChoice::ALL
        .into_iter()
        .find(|c| script_name(*c) == game)
        .with_context(|| format!("unknown game {game}"))?;
    let level = Level::ALL
        .into_iter()
        .find(|l| l.to_string().eq_ignore_ascii_case(level))
        .with_context(|| format!("unknown level {level}"))?;
    Ok(Setup {
        game,
        seats: [Seat::Human, Seat::Engine],
        level,
    })
}

fn script_name(choice: GameChoice) -> String {
    match choice {
        GameChoice::TicTacToe => "tictactoe".into(),
        GameChoice::Checkers => "checkers".into(),
        GameChoice::Dots(n) => format!("dots{n}"),
        GameChoice::Amazons(n) => format!("amazons{n}"),
    }
}

//! Booting a firmware image on QEMU's `mps2-an386`: the script goes in on UART0
//! (stdin), replies come back on stdout, the defmt log (UART1) goes to a file, and
//! semihosting gives the exit status. Every run has a deadline.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::piped;

/// Processor instructions per SysTick tick under `-icount shift=0`: every
/// instruction takes 1 ns of virtual time and the board's 25 MHz clock ticks every
/// 40 ns.
pub const INSTRUCTIONS_PER_TICK: u64 = 40;

/// The wrapper `firmware/tools/install-qemu.sh` writes, relative to the repository.
const WRAPPER: &str = ".tools/bin/qemu-system-arm";

/// How to run QEMU.
#[derive(Clone, Debug)]
pub struct Qemu {
    /// The emulator executable.
    pub program: PathBuf,
    /// Count instructions exactly (`-icount shift=0`): deterministic, measurable.
    pub icount: bool,
    /// Kill the emulator after this long.
    pub timeout: Duration,
}

/// What one run produced.
#[derive(Debug)]
pub struct Run {
    /// Everything the firmware wrote on UART0.
    pub output: Vec<u8>,
    /// The raw defmt stream from UART1.
    pub log: Vec<u8>,
    /// QEMU's own messages.
    pub stderr: String,
    /// QEMU's exit status (the firmware's, through semihosting).
    pub status: ExitStatus,
}

impl Qemu {
    /// Finds the emulator: `explicit`, else `$MICROPLY_QEMU`, else the project's
    /// `.tools/bin/qemu-system-arm` above the current directory or the ELF, else
    /// `qemu-system-arm` on the `PATH`.
    #[must_use]
    pub fn locate(explicit: Option<&Path>, elf: &Path) -> PathBuf {
        if let Some(path) = explicit {
            return path.to_owned();
        }
        if let Some(path) = std::env::var_os("MICROPLY_QEMU") {
            return PathBuf::from(path);
        }
        let cwd = std::env::current_dir().unwrap_or_default();
        let elf_dir = elf.canonicalize().unwrap_or_default();
        let found = [cwd.as_path(), elf_dir.as_path()]
            .into_iter()
            .flat_map(Path::ancestors)
            .map(|dir| dir.join(WRAPPER))
            .find(|candidate| candidate.is_file());
        found.unwrap_or_else(|| PathBuf::from("qemu-system-arm"))
    }

    /// Boots `elf`, feeds it `input`, and collects what it wrote until it exits.
    ///
    /// # Errors
    /// QEMU cannot start, or the run outlives the timeout.
    pub fn run(&self, elf: &Path, input: Vec<u8>) -> anyhow::Result<Run> {
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let log_path = std::env::temp_dir().join(format!(
            "microply-defmt-{}-{}.bin",
            std::process::id(),
            RUNS.fetch_add(1, Ordering::Relaxed)
        ));
        let run = piped::run(
            self.command(elf, &log_path),
            input,
            self.timeout,
            "run firmware/tools/install-qemu.sh",
        );
        let log = std::fs::read(&log_path).unwrap_or_default();
        let _ = std::fs::remove_file(&log_path);
        let run = run?;
        Ok(Run {
            output: run.stdout,
            log,
            stderr: run.stderr,
            status: run.status,
        })
    }

    /// The emulator command booting `elf` with UART0 on stdin/stdout and the defmt
    /// log into `log` (also the interactive firmware player of tournaments).
    #[must_use]
    pub fn command(&self, elf: &Path, log: &Path) -> Command {
        let mut command = Command::new(&self.program);
        command
            .args(["-machine", "mps2-an386", "-cpu", "cortex-m4"])
            .args([
                "-display",
                "none",
                "-monitor",
                "none",
                "-nodefaults",
                "-nic",
                "none",
            ])
            .args(["-serial", "stdio", "-serial"])
            .arg(format!("file:{}", log.display()))
            .args(["-semihosting-config", "enable=on,target=native"])
            .arg("-kernel")
            .arg(elf);
        if self.icount {
            command.args(["-icount", "shift=0"]);
        }
        command
    }
}

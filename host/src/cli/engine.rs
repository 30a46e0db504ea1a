//! `microply engine`: the core protocol engine on stdin/stdout.

use std::io::{BufRead, Write};

use microply_core::protocol::{Engine, Flow, ProtocolError, MAX_LINE};

use crate::clock::HostClock;
use crate::memory::{SearchMemory, DEFAULT_MOVE_WORDS};

/// Reads commands until `quit` or end of input.
///
/// # Errors
/// Only I/O errors on stdin/stdout.
pub fn run(tt_entries: usize) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(stdin.lock(), &mut stdout.lock(), tt_entries)
}

/// Serves the protocol from `input` to `output` (also used by tests and the cross-check).
///
/// # Errors
/// Only I/O errors.
pub fn serve(
    input: impl BufRead,
    output: &mut impl Write,
    tt_entries: usize,
) -> anyhow::Result<()> {
    serve_with(
        input,
        output,
        &mut SearchMemory::new(tt_entries, DEFAULT_MOVE_WORDS),
    )
}

/// [`serve`] with the given search memory (the cross-check lends the firmware's sizes).
///
/// # Errors
/// Only I/O errors.
pub fn serve_with(
    mut input: impl BufRead,
    output: &mut impl Write,
    memory: &mut SearchMemory,
) -> anyhow::Result<()> {
    let mut engine = Engine::new(&mut memory.tt, &mut memory.moves);
    let clock = HostClock::new();
    let mut raw = Vec::new();
    let mut reply = String::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            return Ok(());
        }
        reply.clear();
        let flow = match line_text(&raw) {
            Ok(line) => engine.execute(line, &clock, &mut reply),
            Err(e) => {
                engine.reject(e, &mut reply);
                Flow::Continue
            }
        };
        output.write_all(reply.as_bytes())?;
        output.flush()?;
        if flow == Flow::Quit {
            return Ok(());
        }
    }
}

fn line_text(raw: &[u8]) -> Result<&str, ProtocolError<'static>> {
    let raw = raw.strip_suffix(b"\n").unwrap_or(raw);
    let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
    if raw.len() > MAX_LINE {
        return Err(ProtocolError::LineTooLong);
    }
    std::str::from_utf8(raw).map_err(|_| ProtocolError::NotUtf8)
}

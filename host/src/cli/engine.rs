//! `microply engine`: the core protocol engine on stdin/stdout.
//!
//! Input is read on its own thread, so a running search hears `stop` and `isready`
//! (see [`Engine::execute_listening`]); every reply line is written and flushed as
//! the engine produces it.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::mpsc::{self, Receiver};

use microply_core::games::checkers::Checkers;
use microply_core::protocol::{Engine, Flow, Inbox, Line, ProtocolError, MAX_LINE};
use microply_core::Oracles;

use crate::clock::HostClock;
use crate::memory::{SearchMemory, DEFAULT_MOVE_WORDS};

/// Reads commands until `quit` or end of input; every checkers search probes the
/// tables of `egtb`, if given.
///
/// # Errors
/// The table cannot be allocated, the endgame tables do not load, or I/O errors on
/// stdout.
pub fn run(tt_entries: usize, egtb: Option<&Path>) -> anyhow::Result<()> {
    let mut memory = SearchMemory::try_new(tt_entries, DEFAULT_MOVE_WORDS)?;
    let tables = crate::egtb::load_for::<Checkers>(egtb)?;
    let oracles = crate::egtb::oracles(tables.as_ref());
    let (sender, lines) = mpsc::channel();
    // Detached: a blocked read of stdin must not keep `quit` from ending the process.
    std::thread::spawn(move || read_lines(std::io::stdin().lock(), &sender));
    let stdout = std::io::stdout();
    serve_lines(lines, &mut stdout.lock(), &mut memory, oracles)
}

/// Serves the protocol from `input` to `output` (also used by tests).
///
/// # Errors
/// The table cannot be allocated, or I/O errors.
pub fn serve(
    input: impl BufRead + Send,
    output: &mut impl Write,
    tt_entries: usize,
) -> anyhow::Result<()> {
    serve_with(
        input,
        output,
        &mut SearchMemory::try_new(tt_entries, DEFAULT_MOVE_WORDS)?,
    )
}

/// [`serve`] with the given search memory (the cross-check lends the firmware's sizes).
/// `input` is read on a second thread, as `microply engine` reads stdin.
///
/// # Errors
/// Only I/O errors.
pub fn serve_with(
    input: impl BufRead + Send,
    output: &mut impl Write,
    memory: &mut SearchMemory,
) -> anyhow::Result<()> {
    let (sender, lines) = mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || read_lines(input, &sender));
        serve_lines(lines, output, memory, Oracles::default())
    })
}

/// Sends every raw line (with its `\n`) until end of input, an error, or nobody
/// listens any more.
fn read_lines(mut input: impl BufRead, sender: &mpsc::Sender<Vec<u8>>) {
    loop {
        let mut raw = Vec::new();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if sender.send(raw).is_err() {
                    return;
                }
            }
        }
    }
}

fn serve_lines(
    lines: Receiver<Vec<u8>>,
    output: &mut impl Write,
    memory: &mut SearchMemory,
    oracles: Oracles<'_>,
) -> anyhow::Result<()> {
    let mut engine = Engine::new(&mut memory.tt, &mut memory.moves).with_oracles(oracles);
    let clock = HostClock::new();
    let mut inbox = ChannelInbox { lines, held: None };
    while let Some(raw) = inbox.next_blocking() {
        let mut out = Streamed {
            output: &mut *output,
            error: None,
        };
        let flow = match line_text(&raw) {
            Ok(line) => engine.execute_listening(line, &clock, &mut inbox, &mut out),
            Err(e) => {
                engine.reject(e, &mut out);
                Flow::Continue
            }
        };
        if let Some(e) = out.error {
            return Err(e.into());
        }
        if flow == Flow::Quit {
            return Ok(());
        }
    }
    Ok(())
}

/// The lines from the reader thread, with the one looked at during a command.
struct ChannelInbox {
    lines: Receiver<Vec<u8>>,
    held: Option<Vec<u8>>,
}

impl ChannelInbox {
    /// The held line, else the next one to arrive; `None` at end of input.
    fn next_blocking(&mut self) -> Option<Vec<u8>> {
        self.held.take().or_else(|| self.lines.recv().ok())
    }
}

impl Inbox for ChannelInbox {
    fn peek(&mut self) -> Option<Line<'_>> {
        if self.held.is_none() {
            self.held = Some(self.lines.try_recv().ok()?);
        }
        let raw = self.held.as_deref()?;
        Some(match line_text(raw) {
            Ok(text) => Line::Text(text),
            Err(ProtocolError::LineTooLong) => Line::TooLong,
            Err(_) => Line::NotUtf8,
        })
    }

    fn consume(&mut self) {
        self.held = None;
    }
}

/// Writes reply text straight through, flushing at every line end; keeps the first
/// I/O error (the core's writer interface has no room for it).
struct Streamed<'w, W: Write> {
    output: &'w mut W,
    error: Option<std::io::Error>,
}

impl<W: Write> std::fmt::Write for Streamed<'_, W> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.error.is_some() {
            return Err(std::fmt::Error);
        }
        let mut written = self.output.write_all(s.as_bytes());
        if written.is_ok() && s.contains('\n') {
            written = self.output.flush();
        }
        written.map_err(|e| {
            self.error = Some(e);
            std::fmt::Error
        })
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

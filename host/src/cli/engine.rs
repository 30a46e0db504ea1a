//! `microply engine`: the core protocol engine on stdin/stdout.
//!
//! Input is read on its own thread, so a running search hears `stop` and `isready`
//! (see [`Engine::execute_listening`]); every reply line is written and flushed as
//! the engine produces it. The end of the input acts as `stop` then `quit`: a running
//! search stops and replies, then the engine ends. A line is kept only up to
//! [`MAX_LINE`] bytes (a longer one is read to its end and answered with an error,
//! as on the firmware), and exactly one `\r` before the `\n` is dropped.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use microply_core::games::checkers::patterns::Patterns;
use microply_core::games::checkers::Checkers;
use microply_core::protocol::{Engine, Flow, Inbox, Line, ProtocolError, MAX_LINE};
use microply_core::Oracles;

use crate::clock::HostClock;
use crate::memory::{SearchMemory, DEFAULT_MOVE_WORDS};

/// Reads commands until `quit` or end of input; every checkers search probes the
/// tables of `egtb`, if given, and checkers' `patterns` evaluator plays the tables
/// file `patterns` and the residual network `residual` (a file or `none`), if given,
/// instead of the compiled-in ones ([`crate::play::pattern_tables::patterns`]).
///
/// # Errors
/// The table cannot be allocated, the endgame tables, the patterns file or the
/// network do not load, or I/O errors on stdout.
pub fn run(
    tt_entries: usize,
    egtb: Option<&Path>,
    patterns: Option<&Path>,
    residual: Option<&Path>,
) -> anyhow::Result<()> {
    let mut memory = SearchMemory::try_new(tt_entries, DEFAULT_MOVE_WORDS)?;
    let tables = crate::egtb::load_for::<Checkers>(egtb)?;
    let oracles = crate::egtb::oracles(tables.as_ref());
    let patterns = crate::play::pattern_tables::patterns(patterns, residual)
        .map_err(|e| anyhow::anyhow!(e.for_options()))?;
    let (sender, lines) = mpsc::channel::<RawLine>();
    // Detached: a blocked read of stdin must not keep `quit` from ending the process.
    std::thread::spawn(move || read_lines(std::io::stdin().lock(), &sender));
    let stdout = std::io::stdout();
    serve_lines(lines, &mut stdout.lock(), &mut memory, oracles, patterns)
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
        serve_lines(lines, output, memory, Oracles::default(), None)
    })
}

/// A line as read: its bytes with the line ending, or too long to keep.
enum RawLine {
    /// The line, `\n` included (absent on a last line without one).
    Bytes(Vec<u8>),
    /// Longer than [`MAX_LINE`] (and a `\r\n`): its bytes were read and dropped.
    TooLong,
}

impl RawLine {
    fn text(&self) -> Result<&str, ProtocolError<'static>> {
        match self {
            RawLine::Bytes(raw) => line_text(raw),
            RawLine::TooLong => Err(ProtocolError::LineTooLong),
        }
    }
}

/// The most bytes of one line kept: [`MAX_LINE`] and a `\r\n`.
const KEPT_BYTES: usize = MAX_LINE + 2;

/// Sends every line until end of input, an error, or nobody listens any more.
fn read_lines(mut input: impl BufRead, sender: &mpsc::Sender<RawLine>) {
    let mut buffer = Vec::new();
    while let Ok(Some(line)) = read_bounded_line(&mut input, &mut buffer) {
        if sender.send(line).is_err() {
            return;
        }
    }
}

/// Reads one line, keeping at most [`KEPT_BYTES`] of it in `buffer` (reused, so its
/// memory stays bounded whatever the input): a longer line is read to its `\n` and
/// dropped, as the firmware's line buffer does. `None` at end of input.
fn read_bounded_line(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
) -> std::io::Result<Option<RawLine>> {
    buffer.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        read_any = true;
        let end = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..end.map_or(available.len(), |i| i + 1)];
        too_long = too_long || buffer.len() + chunk.len() > KEPT_BYTES;
        if !too_long {
            buffer.extend_from_slice(chunk);
        }
        let used = chunk.len();
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    Ok(read_any.then(|| {
        if too_long {
            RawLine::TooLong
        } else {
            RawLine::Bytes(buffer.clone())
        }
    }))
}

fn serve_lines(
    lines: Receiver<RawLine>,
    output: &mut impl Write,
    memory: &mut SearchMemory,
    oracles: Oracles<'_>,
    patterns: Option<Patterns>,
) -> anyhow::Result<()> {
    let mut engine = Engine::new(&mut memory.tt, &mut memory.moves).with_oracles(oracles);
    if let Some(patterns) = patterns {
        engine = engine.with_patterns(patterns);
    }
    let clock = HostClock::new();
    let mut inbox = ChannelInbox::new(lines);
    while let Some(raw) = inbox.next_blocking() {
        let mut out = Streamed {
            output: &mut *output,
            error: None,
        };
        let flow = match raw.text() {
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
    lines: Receiver<RawLine>,
    held: Option<RawLine>,
    /// Whether the reader thread has gone: the input ended (or failed).
    disconnected: bool,
}

impl ChannelInbox {
    fn new(lines: Receiver<RawLine>) -> Self {
        ChannelInbox {
            lines,
            held: None,
            disconnected: false,
        }
    }

    /// The held line, else the next one to arrive; `None` at end of input.
    fn next_blocking(&mut self) -> Option<RawLine> {
        self.held.take().or_else(|| self.lines.recv().ok())
    }
}

impl Inbox for ChannelInbox {
    fn peek(&mut self) -> Option<Line<'_>> {
        if self.held.is_none() {
            match self.lines.try_recv() {
                Ok(line) => self.held = Some(line),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => {
                    self.disconnected = true;
                    return None;
                }
            }
        }
        Some(match self.held.as_ref()?.text() {
            Ok(text) => Line::Text(text),
            Err(ProtocolError::LineTooLong) => Line::TooLong,
            Err(_) => Line::NotUtf8,
        })
    }

    fn consume(&mut self) {
        self.held = None;
    }

    /// End of input: a running search stops, and the loop then ends as at `quit`.
    fn ended(&mut self) -> bool {
        self.held.is_none() && self.disconnected
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

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Read};
    use std::time::Duration;

    use super::*;

    /// `serve`'s replies to `input`, or a failure if it has not ended within a minute.
    fn replies(input: impl Read + Send + 'static) -> String {
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let result = serve(BufReader::new(input), &mut out, 1024);
            let _ = done.send(result.map(|()| out));
        });
        let out = finished
            .recv_timeout(Duration::from_secs(60))
            .expect("the engine ends at the end of its input")
            .expect("in-memory I/O cannot fail");
        String::from_utf8(out).expect("replies are UTF-8")
    }

    #[test]
    fn the_end_of_input_stops_a_running_search_and_ends_the_engine() {
        let out = replies(&b"game checkers\ngo depth 60\n"[..]);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("ok"));
        let mut last = lines.rev();
        assert_eq!(last.next(), Some("ok"), "{out}");
        assert!(
            last.next().is_some_and(|l| l.starts_with("bestmove ")),
            "{out}"
        );
        assert!(last.all(|l| l.starts_with("info depth=")), "{out}");
    }

    #[test]
    fn lines_before_the_end_still_run_in_order() {
        let out = replies(&b"play b2\ngo depth 3\nfen"[..]);
        assert!(out.starts_with("ok\ninfo depth=1 "), "{out}");
        assert!(out.ends_with("ok\nfen .../.x./...:o\nok\n"), "{out}");
    }

    #[test]
    fn an_endless_line_is_read_in_bounded_memory_and_answered_with_an_error() {
        let zeros = || std::io::repeat(b'0').take(16 << 20);
        let mut input = BufReader::new(zeros().chain(&b"\nfen\n"[..]));
        let mut buffer = Vec::new();
        let first = read_bounded_line(&mut input, &mut buffer).unwrap();
        assert!(matches!(first, Some(RawLine::TooLong)));
        assert!(buffer.capacity() <= 2 * KEPT_BYTES, "{}", buffer.capacity());
        let second = read_bounded_line(&mut input, &mut buffer).unwrap();
        assert!(matches!(second, Some(RawLine::Bytes(b)) if b == b"fen\n"));
        assert!(read_bounded_line(&mut input, &mut buffer)
            .unwrap()
            .is_none());

        let out = replies(zeros().chain(&b"\nfen\n"[..]));
        assert_eq!(
            out,
            "error line longer than 2048 bytes\nfen .../.../...:x\nok\n"
        );
    }

    #[test]
    fn the_length_limit_counts_the_line_without_its_ending() {
        let line = |len: usize, ending: &[u8]| {
            let mut bytes = b"fen".to_vec();
            bytes.resize(len, b' ');
            bytes.extend_from_slice(ending);
            bytes
        };
        let ok = "fen .../.../...:x\nok\n";
        let too_long = "error line longer than 2048 bytes\n";
        assert_eq!(replies(std::io::Cursor::new(line(MAX_LINE, b"\r\n"))), ok);
        assert_eq!(replies(std::io::Cursor::new(line(MAX_LINE, b""))), ok);
        assert_eq!(
            replies(std::io::Cursor::new(line(MAX_LINE + 1, b"\n"))),
            too_long
        );
        assert_eq!(
            replies(std::io::Cursor::new(line(MAX_LINE + 1, b""))),
            too_long
        );
    }

    #[test]
    fn a_search_under_a_game_clock_ends_by_itself_on_the_wall_clock() {
        // No input to stop it: only the time manager can (0.2 s left: hard limit 24 ms).
        let mut memory = SearchMemory::try_new(1024, DEFAULT_MOVE_WORDS).unwrap();
        let mut engine = Engine::new(&mut memory.tt, &mut memory.moves);
        let clock = HostClock::new();
        let mut out = String::new();
        engine.execute("game checkers", &clock, &mut out);
        engine.execute("go time1=200 time2=200 inc1=0", &clock, &mut out);
        assert!(out.starts_with("ok\ninfo depth=1 "), "{out}");
        assert!(
            out.contains("\nbestmove ") && out.ends_with("\nok\n"),
            "{out}"
        );
    }

    #[test]
    fn exactly_one_carriage_return_ends_a_line() {
        let out = replies(&b"fen\r\nfen\r\r\nfen\n"[..]);
        let fen = "fen .../.../...:x\nok\n";
        let error = "error only spaces and tabs separate tokens, found U+000D\n";
        assert_eq!(out, format!("{fen}{error}{fen}"));
    }
}

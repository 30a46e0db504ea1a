//! One engine over owned memory, fed bytes like the firmware's UART: each complete
//! line is executed and its reply goes to a sink line by line.

use core::fmt::{self, Write};

use microply_core::protocol::{Engine, Flow, Line, LineBuffer, MoveWord, ProtocolError};
use microply_core::search::{Clock, Entry};

use crate::imports::HostClock;

/// Default table size in entries (16 bytes each), the same as `microply engine`'s.
pub const DEFAULT_TT_ENTRIES: usize = 1 << 20;

/// Default move stack in words, the same as `microply engine`'s.
pub const DEFAULT_MOVE_WORDS: usize = 1 << 16;

/// An engine, its line assembler and its clock. The memory is leaked once per
/// session: a page makes one (a new worker for a stopped search).
pub struct Session {
    engine: Engine<'static>,
    lines: LineBuffer,
    clock: HostClock,
    quit: bool,
}

impl Session {
    /// An engine with `tt_entries` table entries and `move_words` move-stack words.
    #[must_use]
    pub fn new(tt_entries: usize, move_words: usize) -> Session {
        let tt = Vec::leak(vec![Entry::EMPTY; tt_entries]);
        let moves = Vec::leak(vec![0 as MoveWord; move_words]);
        Session {
            engine: Engine::new(tt, moves),
            lines: LineBuffer::new(),
            clock: HostClock::new(),
            quit: false,
        }
    }

    /// Feeds bytes; runs every line they complete, writing its reply to `sink`.
    /// Bytes after `quit` are ignored.
    pub fn feed(&mut self, bytes: &[u8], sink: &mut impl FnMut(&str)) {
        for &byte in bytes {
            if self.quit {
                return;
            }
            if let Some(line) = self.lines.push(byte) {
                let mut reply = LineSink {
                    text: String::new(),
                    sink,
                };
                let flow = run_line(&mut self.engine, line, &self.clock, &mut reply);
                reply.flush();
                self.quit = flow == Flow::Quit;
            }
        }
    }

    /// Whether `quit` was received.
    #[must_use]
    pub fn has_quit(&self) -> bool {
        self.quit
    }
}

fn run_line<C: Clock>(
    engine: &mut Engine<'_>,
    line: Line<'_>,
    clock: &C,
    out: &mut dyn Write,
) -> Flow {
    let error = match line {
        Line::Text(text) => return engine.execute(text, clock, out),
        Line::TooLong => ProtocolError::LineTooLong,
        Line::NotUtf8 => ProtocolError::NotUtf8,
    };
    engine.reject(error, out);
    Flow::Continue
}

/// Collects reply text and passes it on a whole line at a time.
struct LineSink<'s, F: FnMut(&str)> {
    text: String,
    sink: &'s mut F,
}

impl<F: FnMut(&str)> LineSink<'_, F> {
    fn flush(&mut self) {
        if !self.text.is_empty() {
            (self.sink)(&self.text);
            self.text.clear();
        }
    }
}

impl<F: FnMut(&str)> Write for LineSink<'_, F> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.text.push_str(s);
        if s.ends_with('\n') {
            self.flush();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(session: &mut Session, input: &[u8]) -> Vec<String> {
        let mut chunks = Vec::new();
        session.feed(input, &mut |text| chunks.push(text.to_owned()));
        chunks
    }

    #[test]
    fn lines_split_across_feeds_give_the_protocol_replies() {
        let mut session = Session::new(1024, 4096);
        assert!(run(&mut session, b"play b2 ").is_empty());
        assert_eq!(
            run(&mut session, b"a1\r\nfen\n").concat(),
            "ok\nfen .../.x./o..:x\nok\n"
        );
        assert_eq!(
            run(&mut session, b"play \xff\n").concat(),
            "error line is not valid UTF-8\n"
        );
    }

    #[test]
    fn each_info_line_arrives_on_its_own_and_quit_ends_input() {
        let mut session = Session::new(1024, 4096);
        let chunks = run(&mut session, b"go depth 2 algo=minimax\nquit\nfen\n");
        assert_eq!(chunks.len(), 5, "{chunks:?}");
        assert!(chunks[0].starts_with("info depth=1 ") && chunks[1].starts_with("info depth=2 "));
        assert!(chunks[2].starts_with("bestmove "));
        // The search's `ok`, then quit's; `fen` after `quit` gets no reply.
        assert_eq!(chunks[3..], ["ok\n", "ok\n"]);
        assert!(session.has_quit());
    }
}

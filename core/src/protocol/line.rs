//! Assembling command lines from a byte stream (a UART), with a bounded buffer.

use super::MAX_LINE;

/// A complete line, or why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The text of the line, without the line ending.
    Text(&'a str),
    /// The line was longer than the buffer; its bytes were dropped.
    TooLong,
    /// The line was not valid UTF-8.
    NotUtf8,
}

/// Collects bytes up to `\n` (a preceding `\r` is dropped) in at most `N` bytes.
///
/// The `\r` does not count against the `N` bytes: a line is too long exactly when
/// it is for the host, which strips the line ending before measuring.
#[derive(Clone, Debug, Default)]
pub struct LineBuffer<const N: usize = MAX_LINE> {
    bytes: heapless::Vec<u8, N>,
    overflowed: bool,
    /// Whether the completed line was too long.
    overflowed_line: bool,
    complete: bool,
    /// A `\r` held back until the next byte shows whether it ends the line.
    carriage_return: bool,
}

impl<const N: usize> LineBuffer<N> {
    /// An empty buffer.
    #[must_use]
    pub const fn new() -> Self {
        LineBuffer {
            bytes: heapless::Vec::new(),
            overflowed: false,
            overflowed_line: false,
            complete: false,
            carriage_return: false,
        }
    }

    /// Adds one byte; returns the line when `byte` ends one.
    pub fn push(&mut self, byte: u8) -> Option<Line<'_>> {
        if core::mem::take(&mut self.complete) {
            self.bytes.clear();
        }
        if byte != b'\n' {
            if core::mem::replace(&mut self.carriage_return, byte == b'\r') {
                self.keep(b'\r');
            }
            if byte != b'\r' {
                self.keep(byte);
            }
            return None;
        }
        self.complete = true;
        self.carriage_return = false;
        self.overflowed_line = core::mem::take(&mut self.overflowed);
        self.completed()
    }

    /// The line the last [`LineBuffer::push`] completed, until the next push.
    #[must_use]
    pub fn completed(&self) -> Option<Line<'_>> {
        if !self.complete {
            return None;
        }
        if self.overflowed_line {
            return Some(Line::TooLong);
        }
        Some(match core::str::from_utf8(&self.bytes) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        })
    }

    fn keep(&mut self, byte: u8) {
        if self.bytes.push(byte).is_err() {
            self.overflowed = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed<'a, const N: usize>(buf: &'a mut LineBuffer<N>, bytes: &[u8]) -> Option<Line<'a>> {
        let (last, init) = bytes.split_last()?;
        for &b in init {
            assert_eq!(buf.push(b), None);
        }
        buf.push(*last)
    }

    #[test]
    fn lines_overflow_and_recovery() {
        let mut buf = LineBuffer::<8>::new();
        assert_eq!(feed(&mut buf, b"fen\r\n"), Some(Line::Text("fen")));
        assert_eq!(feed(&mut buf, b"way too long\n"), Some(Line::TooLong));
        assert_eq!(feed(&mut buf, b"moves\n"), Some(Line::Text("moves")));
        assert_eq!(feed(&mut buf, b"\xff\n"), Some(Line::NotUtf8));
        assert_eq!(feed(&mut buf, b"\n"), Some(Line::Text("")));
    }

    #[test]
    fn the_completed_line_stays_until_the_next_byte() {
        let mut buf = LineBuffer::<8>::new();
        assert_eq!(buf.completed(), None);
        assert_eq!(feed(&mut buf, b"fen\n"), Some(Line::Text("fen")));
        assert_eq!(buf.completed(), Some(Line::Text("fen")));
        assert_eq!(feed(&mut buf, b"way too long\n"), Some(Line::TooLong));
        assert_eq!(buf.completed(), Some(Line::TooLong));
        assert_eq!(buf.push(b'm'), None);
        assert_eq!(buf.completed(), None);
    }

    #[test]
    fn only_a_final_carriage_return_is_dropped_and_it_takes_no_room() {
        let mut buf = LineBuffer::<4>::new();
        assert_eq!(feed(&mut buf, b"fen \r\n"), Some(Line::Text("fen ")));
        assert_eq!(feed(&mut buf, b"fen  \r\n"), Some(Line::TooLong));
        assert_eq!(feed(&mut buf, b"a\rb\r\r\n"), Some(Line::Text("a\rb\r")));
        assert_eq!(feed(&mut buf, b"\r\n"), Some(Line::Text("")));
    }
}

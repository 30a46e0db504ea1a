//! The engine loop every board runs: bytes from the port become lines, lines become
//! replies of the core's protocol engine, written straight back to the port.
//!
//! Besides the protocol, the loop logs on defmt, for the host's reports: every
//! search iteration (the reply's `info` lines) and, after each command,
//! `command N: ticks=T stack=S` — the processor clock ticks it took and the stack
//! high-water mark in bytes while it ran (the stack is repainted before each).

use core::cell::RefCell;
use core::fmt::{self, Write};

use microply_core::protocol::{
    Engine, Flow, Inbox, Line, LineBuffer, MoveWord, ProtocolError, MAX_LINE,
};
use microply_core::search::Entry;

use crate::clock::TickClock;
use crate::port::Port;
use crate::stack;

/// The command being carried out, copied out of the line buffer so that the buffer
/// can take the lines that arrive meanwhile.
pub type CommandText = heapless::String<MAX_LINE>;

/// Serves the protocol on `port` until `quit`. While a command runs, its search
/// polls the port for `stop` and `isready` (see `Engine::execute_listening`).
pub fn run<P: Port>(
    port: &mut P,
    clock: &TickClock,
    tt: &mut [Entry],
    moves: &mut [MoveWord],
    lines: &mut LineBuffer,
    current: &mut CommandText,
) {
    let mut engine = Engine::new(tt, moves);
    let port = RefCell::new(port);
    let mut inbox = UartInbox {
        port: &port,
        lines,
        ready: false,
    };
    let mut count: u32 = 0;
    loop {
        let taken = inbox.next_line(current);
        stack::repaint();
        let start = clock.ticks();
        let mut reply = Reply::new(&port);
        let flow = match taken {
            Taken::Text => engine.execute_listening(current, clock, &mut inbox, &mut reply),
            Taken::TooLong => reject(&mut engine, ProtocolError::LineTooLong, &mut reply),
            Taken::NotUtf8 => reject(&mut engine, ProtocolError::NotUtf8, &mut reply),
        };
        let ticks = clock.ticks() - start;
        let high_water = stack::high_water() as u32;
        defmt::info!(
            "command {=u32}: ticks={=u64} stack={=u32}",
            count,
            ticks,
            high_water
        );
        count = count.wrapping_add(1);
        if flow == Flow::Quit {
            return;
        }
    }
}

fn reject(engine: &mut Engine<'_>, error: ProtocolError<'_>, out: &mut dyn Write) -> Flow {
    engine.reject(error, out);
    Flow::Continue
}

/// What [`UartInbox::next_line`] took: the text is in the command buffer.
enum Taken {
    Text,
    TooLong,
    NotUtf8,
}

/// The port's bytes assembled into lines; a line completed during a command waits
/// in the buffer (and the port holds the bytes after it) until the loop takes it.
struct UartInbox<'a, 'p, P: Port> {
    port: &'a RefCell<&'p mut P>,
    lines: &'a mut LineBuffer,
    /// Whether `lines` holds a complete line not yet taken or consumed.
    ready: bool,
}

impl<P: Port> UartInbox<'_, '_, P> {
    /// Waits for the next line unless one is ready, and copies it into `current`.
    fn next_line(&mut self, current: &mut CommandText) -> Taken {
        while !self.ready {
            let Ok(mut port) = self.port.try_borrow_mut() else {
                continue;
            };
            let byte = port.read_byte();
            self.ready = self.lines.push(byte).is_some();
        }
        self.ready = false;
        current.clear();
        match self.lines.completed() {
            // The buffer holds at most MAX_LINE bytes, as many as `current`.
            Some(Line::Text(text)) => match current.push_str(text) {
                Ok(()) => Taken::Text,
                Err(()) => Taken::TooLong,
            },
            Some(Line::TooLong) => Taken::TooLong,
            _ => Taken::NotUtf8,
        }
    }
}

impl<P: Port> Inbox for UartInbox<'_, '_, P> {
    fn peek(&mut self) -> Option<Line<'_>> {
        while !self.ready {
            let byte = self.port.try_borrow_mut().ok()?.try_read_byte()?;
            self.ready = self.lines.push(byte).is_some();
        }
        self.lines.completed()
    }

    fn consume(&mut self) {
        self.ready = false;
    }
}

/// The longest reply line copied to the log (longer ones are logged cut short).
const LOG_LINE: usize = 160;

/// Writes a reply to the port as it is formatted, and copies its `info` lines (one
/// per search iteration) to the defmt log.
struct Reply<'a, 'p, P: Port> {
    port: &'a RefCell<&'p mut P>,
    line: heapless::String<LOG_LINE>,
}

impl<'a, 'p, P: Port> Reply<'a, 'p, P> {
    fn new(port: &'a RefCell<&'p mut P>) -> Reply<'a, 'p, P> {
        Reply {
            port,
            line: heapless::String::new(),
        }
    }

    fn end_line(&mut self) {
        if self.line.starts_with("info ") {
            defmt::info!("{=str}", self.line.as_str());
        }
        self.line.clear();
    }
}

impl<P: Port> Write for Reply<'_, '_, P> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.port
            .try_borrow_mut()
            .map_err(|_| fmt::Error)?
            .write_all(s.as_bytes());
        for (i, part) in s.split('\n').enumerate() {
            if i > 0 {
                self.end_line();
            }
            for c in part.chars() {
                // A full copy only shortens the log line; the reply is already sent.
                let _ = self.line.push(c);
            }
        }
        Ok(())
    }
}

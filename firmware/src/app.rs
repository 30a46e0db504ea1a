//! The engine loop every board runs: bytes from the port become lines, lines become
//! replies of the core's protocol engine, written straight back to the port.
//!
//! Besides the protocol, the loop logs on defmt, for the host's reports: every
//! search iteration (the reply's `info` lines) and, after each command,
//! `command N: ticks=T stack=S` — the processor clock ticks it took and the stack
//! high-water mark in bytes while it ran (the stack is repainted before each).

use core::fmt::{self, Write};

use microply_core::protocol::{Engine, Flow, Line, LineBuffer, MoveWord, ProtocolError};
use microply_core::search::Entry;

use crate::clock::TickClock;
use crate::port::Port;
use crate::stack;

/// Serves the protocol on `port` until `quit`.
pub fn run<P: Port>(
    port: &mut P,
    clock: &TickClock,
    tt: &mut [Entry],
    moves: &mut [MoveWord],
    lines: &mut LineBuffer,
) {
    let mut engine = Engine::new(tt, moves);
    let mut count: u32 = 0;
    loop {
        let byte = port.read_byte();
        let Some(line) = lines.push(byte) else {
            continue;
        };
        stack::repaint();
        let start = clock.ticks();
        let mut reply = Reply::new(port);
        let flow = match line {
            Line::Text(text) => engine.execute(text, clock, &mut reply),
            Line::TooLong => reject(&mut engine, ProtocolError::LineTooLong, &mut reply),
            Line::NotUtf8 => reject(&mut engine, ProtocolError::NotUtf8, &mut reply),
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

/// The longest reply line copied to the log (longer ones are logged cut short).
const LOG_LINE: usize = 160;

/// Writes a reply to the port as it is formatted, and copies its `info` lines (one
/// per search iteration) to the defmt log.
struct Reply<'a, P: Port> {
    port: &'a mut P,
    line: heapless::String<LOG_LINE>,
}

impl<'a, P: Port> Reply<'a, P> {
    fn new(port: &'a mut P) -> Reply<'a, P> {
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

impl<P: Port> Write for Reply<'_, P> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.port.write_all(s.as_bytes());
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

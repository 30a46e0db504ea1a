//! The engine loop every board runs.

use crate::clock::TickClock;
use crate::port::Port;

/// Echoes lines until `quit` (placeholder until the protocol engine lands).
pub fn run<P: Port>(port: &mut P, clock: &TickClock) {
    let mut line = [0u8; 256];
    let mut len = 0;
    loop {
        let byte = port.read_byte();
        if byte == b'\n' {
            stack::repaint();
            let start = clock.ticks();
            let text = core::str::from_utf8(&line[..len]).unwrap_or("?");
            if text == "quit" {
                return;
            }
            port.write_all(&line[..len]);
            port.write_all(b"\nok\n");
            let ticks = clock.ticks() - start;
            defmt::info!(
                "{=str}: {=u64} ticks, stack {=usize} B",
                text,
                ticks,
                stack::high_water()
            );
            len = 0;
        } else if len < line.len() {
            line[len] = byte;
            len += 1;
        }
    }
}

use crate::stack;

//! Self-test of the failure paths: reads one line from the protocol port and fails
//! the way it names. Every run must end with a `fatal: ...` line and a failure
//! status, never a hang (tests/run-all.sh runs all three):
//!
//! - `overflow`: unbounded recursion; the stack guard faults (`HardFault: stack overflow`);
//! - `panic`: a Rust panic (`panic: ...`);
//! - `fault`: a read from unmapped memory (`HardFault at pc=...`).
#![no_std]
#![no_main]

use core::hint::black_box;

use cortex_m_rt::entry;
use microply_core::protocol::{Line, LineBuffer};
use microply_firmware::board;
use microply_firmware::port::Port;

fn recurse(n: u32) -> u32 {
    if n == u32::MAX {
        return 0;
    }
    let frame = black_box([n; 16]);
    black_box(recurse(n + 1)) + frame[0]
}

/// An address with no memory or device behind it on the board.
const UNMAPPED: usize = 0xF000_0000;

#[entry]
fn main() -> ! {
    static mut LINES: LineBuffer<16> = LineBuffer::new();
    let (mut port, _clock) = board::init();
    loop {
        let byte = port.read_byte();
        match LINES.push(byte) {
            Some(Line::Text("overflow")) => {
                recurse(black_box(0));
            }
            Some(Line::Text("panic")) => panic!("deliberate panic"),
            Some(Line::Text("fault")) => {
                #[allow(unsafe_code)]
                // SAFETY: none; the read is meant to fault.
                let value = unsafe { core::ptr::read_volatile(black_box(UNMAPPED) as *const u32) };
                black_box(value);
            }
            Some(_) => port.write_all(b"expected overflow, panic or fault\n"),
            None => {}
        }
    }
}

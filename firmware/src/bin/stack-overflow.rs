//! Self-test of the stack guard: recurses until the stack runs out. The run must end
//! with `fatal: HardFault: stack overflow` and a failure status, not corrupt the
//! statics and not hang (tests/run-all.sh checks both).
#![no_std]
#![no_main]

use core::hint::black_box;

use cortex_m_rt::entry;
use microply_firmware::board;

fn depth(n: u32) -> u32 {
    if n == u32::MAX {
        return 0;
    }
    let frame = black_box([n; 16]);
    black_box(depth(n + 1)) + frame[0]
}

#[entry]
fn main() -> ! {
    let _ = board::init();
    depth(black_box(0));
    board::exit(true)
}

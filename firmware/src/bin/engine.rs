//! The microply engine firmware: the protocol on the board's serial port.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use microply_firmware::{app, board, stack};

#[entry]
fn main() -> ! {
    let (mut port, clock) = board::init();
    defmt::info!(
        "microply on {=str}: stack {=usize} B",
        board::NAME,
        stack::size()
    );
    app::run(&mut port, &clock);
    defmt::info!("quit: stack high-water {=usize} B", stack::high_water());
    board::exit(true)
}

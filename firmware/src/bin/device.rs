//! The standalone device: the board's screen and buttons, menus, and the engine
//! playing back at the chosen level — no host needed (`microply_firmware::device`).
#![no_std]
#![no_main]

use core::mem::MaybeUninit;

use cortex_m_rt::entry;
use microply_core::protocol::MoveWord;
use microply_core::search::Entry;
use microply_firmware::{board, device, memory, stack};
use microply_ui::{DEVICE_MOVE_WORDS, DEVICE_TT_ENTRIES};

#[entry]
fn main() -> ! {
    // `#[entry]` turns these into `&'static mut` references, used only here.
    static mut TT: MaybeUninit<[Entry; DEVICE_TT_ENTRIES]> = MaybeUninit::uninit();
    static mut MOVES: MaybeUninit<[MoveWord; DEVICE_MOVE_WORDS]> = MaybeUninit::uninit();

    let (mut screen, keys, clock) = board::init_device();
    defmt::info!(
        "microply device on {=str}: tt={=u32} entries, moves={=u32} words, stack={=u32} bytes",
        board::NAME,
        DEVICE_TT_ENTRIES as u32,
        DEVICE_MOVE_WORDS as u32,
        stack::size() as u32
    );
    let (tt, moves) = (memory::fill(TT, Entry::EMPTY), memory::fill(MOVES, 0));
    device::run(&mut screen, keys, &clock, tt, moves);
    defmt::info!("quit");
    board::exit(true)
}

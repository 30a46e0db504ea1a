//! The microply engine firmware: the protocol on the board's serial port.
#![no_std]
#![no_main]

use core::mem::MaybeUninit;

use cortex_m_rt::entry;
use microply_core::protocol::{LineBuffer, MoveWord};
use microply_core::search::Entry;
use microply_firmware::memory::{self, MOVE_WORDS, TT_ENTRIES};
use microply_firmware::{app, board, stack};

#[entry]
fn main() -> ! {
    // `#[entry]` turns these into `&'static mut` references, used only here.
    static mut TT: MaybeUninit<[Entry; TT_ENTRIES]> = MaybeUninit::uninit();
    static mut MOVES: MaybeUninit<[MoveWord; MOVE_WORDS]> = MaybeUninit::uninit();
    static mut LINES: LineBuffer = LineBuffer::new();
    static mut CURRENT: app::CommandText = app::CommandText::new();

    let (mut port, clock) = board::init();
    let (tt_entries, move_words) = memory::exported_sizes();
    defmt::info!(
        "microply on {=str}: tt={=u32} entries, moves={=u32} words, stack={=u32} bytes",
        board::NAME,
        tt_entries,
        move_words,
        stack::size() as u32
    );
    let (tt, moves) = (memory::fill(TT, Entry::EMPTY), memory::fill(MOVES, 0));
    app::run(&mut port, &clock, tt, moves, LINES, CURRENT);
    defmt::info!("quit");
    board::exit(true)
}

//! The standalone device every board runs: the `microply-ui` state machine on the
//! board's screen, driven by its buttons, with the engine searching in between.
//!
//! The search's clock polls the buttons (`microply_ui::device::Input`), as the
//! engine program's polls the UART: `back` during a search stops it, and the engine
//! plays the best move found so far ("move now"); other presses wait until the
//! search is over. The defmt log gets each frame's drawing time (`frame N: ticks=T`)
//! and, once the device waits for a press, the time since the last one (searches
//! included) and the stack high-water mark (`press N: ticks=T stack=S`; press 0 is
//! the boot).

use microply_core::protocol::MoveWord;
use microply_core::search::Entry;
use microply_ui::device::{settle, Input};
pub use microply_ui::device::{Key, Keys};
use microply_ui::Ui;

use crate::clock::TickClock;
use crate::stack;

/// A board's screen.
pub trait Screen {
    /// Shows the state machine's screen.
    fn show(&mut self, ui: &Ui);

    /// Tells whoever watches that the device now waits for a press (the emulator's
    /// harness sends the next one then); nothing on a real board.
    fn idle(&mut self) {}
}

/// Runs the device until the harness quits (on a real board: forever).
pub fn run<S: Screen, K: Keys>(
    screen: &mut S,
    keys: K,
    clock: &TickClock,
    tt: &mut [Entry],
    moves: &mut [MoveWord],
) {
    let input = Input::new(keys, clock);
    let mut ui = Ui::default();
    let mut frames: u32 = 0;
    let mut presses: u32 = 0;
    loop {
        stack::repaint();
        let settling = clock.ticks();
        settle(&mut ui, tt, moves, &input, &mut |ui| {
            let start = clock.ticks();
            screen.show(ui);
            defmt::info!("frame {=u32}: ticks={=u64}", frames, clock.ticks() - start);
            frames = frames.wrapping_add(1);
        });
        defmt::info!(
            "press {=u32}: ticks={=u64} stack={=u32}",
            presses,
            clock.ticks() - settling,
            stack::high_water() as u32
        );
        presses = presses.wrapping_add(1);
        screen.idle();
        match input.next() {
            Key::Press(button) => ui.press(button),
            Key::Quit => return,
        }
    }
}

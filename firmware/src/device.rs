//! The standalone device every board runs: the `microply-ui` state machine on the
//! board's screen, driven by its buttons, with the engine searching in between.
//!
//! The search's clock polls the buttons as the engine program's polls the UART:
//! `back` during a search stops it, and the engine plays the best move found so far
//! ("move now"); other presses wait until the search is over. Each frame's drawing
//! time and the stack high-water mark go to the defmt log.

use core::cell::RefCell;

use microply_core::protocol::MoveWord;
use microply_core::search::{Clock, Entry};
use microply_ui::device::settle;
use microply_ui::{Button, Ui};

use crate::clock::TickClock;
use crate::stack;

/// What a board's buttons report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A button went down.
    Press(Button),
    /// End the program (the emulator's harness only).
    Quit,
}

/// A board's buttons, polled without waiting.
pub trait Keys {
    /// The next key event, if one happened since the last poll.
    fn poll(&mut self, clock: &TickClock) -> Option<Key>;
}

/// A board's screen.
pub trait Screen {
    /// Shows the state machine's screen.
    fn show(&mut self, ui: &Ui);

    /// Tells whoever watches that the device now waits for a press (the emulator's
    /// harness sends the next one then); nothing on a real board.
    fn idle(&mut self) {}
}

/// Presses that arrive during a search and wait for its end.
const PENDING: usize = 16;

/// The buttons seen through the search's clock.
struct Input<'a, K: Keys> {
    keys: RefCell<K>,
    pending: RefCell<heapless::Deque<Key, PENDING>>,
    clock: &'a TickClock,
}

impl<K: Keys> Input<'_, K> {
    /// Waits for the next key, taking the ones held back during a search first.
    fn next(&self) -> Key {
        if let Some(key) = self.pending.borrow_mut().pop_front() {
            return key;
        }
        loop {
            if let Some(key) = self.keys.borrow_mut().poll(self.clock) {
                return key;
            }
        }
    }
}

impl<K: Keys> Clock for Input<'_, K> {
    fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    fn stop_requested(&self) -> bool {
        let Ok(mut keys) = self.keys.try_borrow_mut() else {
            return false;
        };
        match keys.poll(self.clock) {
            Some(Key::Press(Button::Back)) => true,
            Some(key) => {
                // A full queue drops the press, as a busy device would.
                let _ = self.pending.borrow_mut().push_back(key);
                key == Key::Quit
            }
            None => false,
        }
    }
}

/// Runs the device until the harness quits (on a real board: forever).
pub fn run<S: Screen, K: Keys>(
    screen: &mut S,
    keys: K,
    clock: &TickClock,
    tt: &mut [Entry],
    moves: &mut [MoveWord],
) {
    let input = Input {
        keys: RefCell::new(keys),
        pending: RefCell::new(heapless::Deque::new()),
        clock,
    };
    let mut ui = Ui::default();
    let mut frames: u32 = 0;
    loop {
        stack::repaint();
        settle(&mut ui, tt, moves, &input, &mut |ui| {
            let start = clock.ticks();
            screen.show(ui);
            defmt::info!("frame {=u32}: ticks={=u64}", frames, clock.ticks() - start);
            frames = frames.wrapping_add(1);
        });
        defmt::info!("press: stack={=u32}", stack::high_water() as u32);
        screen.idle();
        match input.next() {
            Key::Press(button) => ui.press(button),
            Key::Quit => return,
        }
    }
}

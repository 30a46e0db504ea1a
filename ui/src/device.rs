//! The loop every device runs, on the board and on the host alike: show the screen,
//! run the searches the state machine asks for (showing each completed iteration),
//! and wait for the next press. Running the same loop is what makes the host's
//! frames and the emulated firmware's frames comparable pixel for pixel.
//!
//! While the engine searches, its clock ([`Input`]) polls the buttons, as the
//! engine program's polls the UART: `back` stops the search and the engine plays
//! the best move found so far ("move now"); other presses wait for the search's end.

use core::cell::RefCell;

use microply_core::protocol::MoveWord;
use microply_core::search::{Clock, Entry};

use crate::button::Button;
use crate::think::think;
use crate::ui::Ui;

/// What a device's buttons report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A button went down.
    Press(Button),
    /// End the program (the emulator's harness only).
    Quit,
}

/// A device's buttons, polled without waiting.
pub trait Keys {
    /// The next key event since the last poll, if any; `now_ms` is the clock's time
    /// (for debouncing).
    fn poll(&mut self, now_ms: u64) -> Option<Key>;
}

/// Presses that arrive during a search and wait for its end.
pub const PENDING: usize = 16;

/// The buttons seen through the search's clock: the [`Clock`] a device searches
/// with, its time from `clock`.
pub struct Input<K: Keys, C: Clock> {
    keys: RefCell<K>,
    pending: RefCell<heapless::Deque<Key, PENDING>>,
    clock: C,
}

impl<K: Keys, C: Clock> Input<K, C> {
    /// The buttons `keys`, the time from `clock`.
    pub fn new(keys: K, clock: C) -> Self {
        Input {
            keys: RefCell::new(keys),
            pending: RefCell::new(heapless::Deque::new()),
            clock,
        }
    }

    /// Waits for the next key, taking the ones held back during a search first.
    pub fn next(&self) -> Key {
        if let Some(key) = self.pending.borrow_mut().pop_front() {
            return key;
        }
        loop {
            if let Some(key) = self.poll() {
                return key;
            }
        }
    }

    fn poll(&self) -> Option<Key> {
        let now = self.clock.now_ms();
        self.keys.try_borrow_mut().ok()?.poll(now)
    }
}

impl<K: Keys, C: Clock> Clock for Input<K, C> {
    fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// `back` stops the search (it is not passed on); `Quit` stops it too and waits
    /// with the other keys, in order, for the search's end.
    fn stop_requested(&self) -> bool {
        match self.poll() {
            Some(Key::Press(Button::Back)) => true,
            Some(key) => {
                if let Ok(mut pending) = self.pending.try_borrow_mut() {
                    // A full queue drops the press, as a busy device would.
                    let _ = pending.push_back(key);
                }
                key == Key::Quit
            }
            None => false,
        }
    }
}

/// Runs every search the state machine asks for now, calling `show` before each,
/// after each completed iteration and once the machine waits for a press.
pub fn settle<C: Clock>(
    ui: &mut Ui,
    tt: &mut [Entry],
    words: &mut [MoveWord],
    clock: &C,
    show: &mut impl FnMut(&Ui),
) {
    while let Some(request) = ui.start_search() {
        show(ui);
        let answer = think(
            &request.position,
            request.limits,
            tt,
            words,
            clock,
            |depth| {
                ui.progress(depth);
                show(ui);
            },
        );
        ui.finish_search(answer);
    }
    show(ui);
}

/// The frame stream's byte that starts a frame: then run-length-encoded pixels,
/// each run a count (1–255) and an RGB565 colour (little-endian), until the screen's
/// 240 × 240 pixels are covered.
pub const FRAME_START: u8 = b'F';

/// The frame stream's byte that says the device waits for a press.
pub const IDLE: u8 = b'I';

/// Encodes the pixels of one frame, row by row, as runs after [`FRAME_START`],
/// handing the bytes to `out`.
pub fn encode_frame(pixels: impl IntoIterator<Item = u16>, mut out: impl FnMut(&[u8])) {
    out(&[FRAME_START]);
    let mut run: Option<(u16, u8)> = None;
    for pixel in pixels {
        run = match run {
            Some((color, n)) if color == pixel && n < u8::MAX => Some((color, n + 1)),
            Some((color, n)) => {
                emit_run(color, n, &mut out);
                Some((pixel, 1))
            }
            None => Some((pixel, 1)),
        };
    }
    if let Some((color, n)) = run {
        emit_run(color, n, &mut out);
    }
}

fn emit_run(color: u16, n: u8, out: &mut impl FnMut(&[u8])) {
    let [lo, hi] = color.to_le_bytes();
    out(&[n, lo, hi]);
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::setup::{GameChoice, Level, Seat, Setup};
    use core::cell::Cell;
    use microply_core::search::NoClock;
    use std::vec;
    use std::vec::Vec;

    /// Keys from a list, one per poll after `quiet` empty polls.
    struct Scripted<'a> {
        keys: Vec<Key>,
        quiet: usize,
        polls: &'a Cell<usize>,
    }

    impl Keys for Scripted<'_> {
        fn poll(&mut self, _now_ms: u64) -> Option<Key> {
            self.polls.set(self.polls.get() + 1);
            if self.polls.get() <= self.quiet || self.keys.is_empty() {
                return None;
            }
            Some(self.keys.remove(0))
        }
    }

    #[test]
    fn back_during_a_search_makes_the_engine_move_now() {
        // Amazons 10×10 at Expert: 2,000,000 nodes without the stop.
        let setup = Setup {
            game: GameChoice::Amazons(10),
            seats: [Seat::Engine, Seat::Human],
            level: Level::Expert,
        };
        let mut ui = Ui::new(setup);
        ui.press(Button::Select);
        let polls = Cell::new(0);
        let keys = Scripted {
            keys: vec![Key::Press(Button::Up), Key::Press(Button::Back)],
            quiet: 20,
            polls: &polls,
        };
        let input = Input::new(keys, NoClock);
        let mut tt = vec![Entry::EMPTY; crate::DEVICE_TT_ENTRIES];
        let mut words = vec![0; crate::DEVICE_MOVE_WORDS];
        let mut frames = 0;
        settle(&mut ui, &mut tt, &mut words, &input, &mut |_| frames += 1);
        assert_eq!(ui.record().len(), 1, "the engine moved");
        assert!(ui.awaits_person());
        assert!(
            polls.get() < 100,
            "stopped at the back press, {} polls",
            polls.get()
        );
        // The press made during the search waits for its end; back was consumed.
        assert_eq!(input.next(), Key::Press(Button::Up));
    }

    #[test]
    fn runs_cover_the_pixels() {
        let pixels: Vec<u16> = (0..1000u32).map(|i| (i / 300) as u16).collect();
        let mut bytes = Vec::new();
        encode_frame(pixels.iter().copied(), |b| bytes.extend_from_slice(b));
        assert_eq!(bytes[0], FRAME_START);
        let mut decoded = Vec::new();
        for run in bytes[1..].chunks(3) {
            let color = u16::from_le_bytes([run[1], run[2]]);
            decoded.extend(std::iter::repeat_n(color, usize::from(run[0])));
        }
        assert_eq!(decoded, pixels);
    }
}

//! The loop every device runs, on the board and on the host alike: show the screen,
//! run the searches the state machine asks for (showing each completed iteration),
//! and wait for the next press. Running the same loop is what makes the host's
//! frames and the emulated firmware's frames comparable pixel for pixel.

use microply_core::protocol::MoveWord;
use microply_core::search::{Clock, Entry};

use crate::think::think;
use crate::ui::Ui;

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
    use std::vec::Vec;

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

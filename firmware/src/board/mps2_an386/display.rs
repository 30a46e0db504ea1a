//! The emulated device's screen and buttons on QEMU's mps2-an386, which has neither.
//!
//! The screen is a 240×240 RGB565 framebuffer standing for an ST7789's own display
//! memory: it lives in the board's PSRAM at 0x2100_0000, outside the 128 KiB of RAM
//! the firmware budgets (a real display keeps its pixels in the controller, not in
//! the microcontroller). After every frame it is sent, run-length encoded
//! (`microply_ui::device::encode_frame`), on UART0, followed by an idle byte when the
//! device waits for a press; the buttons come in on UART0 as letters `u d l r s b`
//! (`q` ends the run). `microply device --firmware` is the harness on the other end.
#![allow(unsafe_code)]

use microply_ui::device::{encode_frame, IDLE};
use microply_ui::draw::draw;
use microply_ui::framebuffer::{Framebuffer, PIXELS};
use microply_ui::{Button, Ui};

use super::uart::Uart;
use crate::clock::TickClock;
use crate::device::{Key, Keys, Screen};
use crate::port::Port;

/// Where the framebuffer lives: QEMU's mps2 PSRAM (16 MiB at 0x2100_0000).
const FRAMEBUFFER: usize = 0x2100_0000;

/// The framebuffer's pixels.
///
/// # Safety
/// At most one reference may live: call it once.
unsafe fn framebuffer() -> &'static mut [u16; PIXELS] {
    // SAFETY: PSRAM is 16 MiB of ordinary memory at FRAMEBUFFER that nothing else
    // uses, so the PIXELS u16s there are valid, aligned and, called once, unaliased.
    unsafe { &mut *(FRAMEBUFFER as *mut [u16; PIXELS]) }
}

/// The screen: the framebuffer, sent on UART0 after every frame.
pub struct FrameScreen {
    framebuffer: Framebuffer<'static>,
    uart: Uart,
}

impl Screen for FrameScreen {
    fn show(&mut self, ui: &Ui) {
        let Ok(()) = draw(ui, &mut self.framebuffer);
        let uart = &mut self.uart;
        encode_frame(self.framebuffer.pixels().iter().copied(), |bytes| {
            uart.write_all(bytes)
        });
    }

    fn idle(&mut self) {
        self.uart.write_all(&[IDLE]);
    }
}

/// The buttons: letters on UART0.
pub struct SerialKeys {
    uart: Uart,
}

impl Keys for SerialKeys {
    fn poll(&mut self, _now_ms: u64) -> Option<Key> {
        loop {
            let byte = self.uart.try_read_byte()?;
            if byte == b'q' {
                return Some(Key::Quit);
            }
            if let Some(button) = Button::from_ascii(byte) {
                return Some(Key::Press(button));
            }
        }
    }
}

/// Brings the board up for the device: the screen and the buttons on UART0 (frames
/// out on its transmitter, button letters in on its receiver), and the clock.
pub fn init_device() -> (FrameScreen, SerialKeys, TickClock) {
    let (port, clock) = super::init();
    // SAFETY: the two values share UART0, one only transmitting and the other only
    // receiving: the halves have separate registers (DATA writes and reads are
    // different buffers), and re-initialising only rewrites the same configuration.
    let transmitter = unsafe { Uart::new(Uart::UART0) };
    (
        FrameScreen {
            // SAFETY: `init` above ends the run when called a second time, so this
            // line runs once.
            framebuffer: Framebuffer::new(unsafe { framebuffer() }),
            uart: transmitter,
        },
        SerialKeys { uart: port },
        clock,
    )
}

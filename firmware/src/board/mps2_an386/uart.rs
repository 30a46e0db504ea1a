//! The Arm CMSDK APB UART, as QEMU's mps2 boards model it.
//!
//! Registers (CMSDK technical reference, "APB UART"): DATA at 0x00, STATE at 0x04
//! (bit 0 transmit buffer full, bit 1 receive buffer full), CTRL at 0x08 (bit 0
//! transmit enable, bit 1 receive enable), BAUDDIV at 0x10. QEMU transmits nothing
//! until BAUDDIV is at least 16.
#![allow(unsafe_code)]

use crate::port::Port;

const DATA: usize = 0x00;
const STATE: usize = 0x04;
const CTRL: usize = 0x08;
const BAUDDIV: usize = 0x10;

const STATE_TX_FULL: u32 = 1 << 0;
const STATE_RX_FULL: u32 = 1 << 1;
const CTRL_TX_ENABLE: u32 = 1 << 0;
const CTRL_RX_ENABLE: u32 = 1 << 1;

/// 25 MHz / 115200 baud; QEMU ignores the rate but requires at least 16.
const BAUD_DIVISOR: u32 = 217;

/// One CMSDK UART, identified by its base address.
pub struct Uart {
    base: usize,
}

impl Uart {
    /// UART0: the engine protocol (QEMU's first `-serial`).
    pub const UART0: usize = 0x4000_4000;
    /// UART1: the defmt log (QEMU's second `-serial`).
    pub const UART1: usize = 0x4000_5000;

    /// Takes the UART at `base` and enables its transmitter and receiver.
    ///
    /// # Safety
    /// `base` must be one of the board's UARTs, and only one `Uart` may drive it at a
    /// time (the panic path may take one over after the program stopped).
    pub unsafe fn new(base: usize) -> Uart {
        let uart = Uart { base };
        uart.write(BAUDDIV, BAUD_DIVISOR);
        uart.write(CTRL, CTRL_TX_ENABLE | CTRL_RX_ENABLE);
        uart
    }

    fn read(&self, offset: usize) -> u32 {
        // SAFETY: `base + offset` is a register of the UART this value owns.
        unsafe { core::ptr::read_volatile((self.base + offset) as *const u32) }
    }

    fn write(&self, offset: usize, value: u32) {
        // SAFETY: `base + offset` is a register of the UART this value owns.
        unsafe { core::ptr::write_volatile((self.base + offset) as *mut u32, value) }
    }

    /// Sends one byte, waiting while the transmit buffer is full.
    pub fn write_byte(&mut self, byte: u8) {
        while self.read(STATE) & STATE_TX_FULL != 0 {}
        self.write(DATA, u32::from(byte));
    }
}

impl Port for Uart {
    fn try_read_byte(&mut self) -> Option<u8> {
        if self.read(STATE) & STATE_RX_FULL == 0 {
            return None;
        }
        Some((self.read(DATA) & 0xFF) as u8)
    }

    fn write_all(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_byte(byte);
        }
    }
}

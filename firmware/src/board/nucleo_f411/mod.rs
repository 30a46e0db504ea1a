//! Bring-up for the ST Nucleo-F411RE (STM32F411RE: Cortex-M4F, 512 KiB flash,
//! 128 KiB RAM) through `stm32f4xx-hal`: 100 MHz from the internal oscillator, the
//! protocol on USART2 (PA2/PA3, the ST-LINK's virtual COM port, 115200 8N1), the
//! defmt log over RTT, read by `probe-rs run`.

mod device;

use core::fmt;

use defmt_rtt as _;
use stm32f4xx_hal::pac;
use stm32f4xx_hal::prelude::*;
use stm32f4xx_hal::rcc::Config;
use stm32f4xx_hal::serial::{Rx, Serial, Tx};

use crate::clock::TickClock;
use crate::port::Port;
pub use device::{init_device, GpioKeys, LcdScreen};

/// The processor clock: the PLL from the 16 MHz HSI, the part's maximum.
pub const CLOCK_HZ: u32 = 100_000_000;

/// The board's name, as the firmware reports it.
pub const NAME: &str = "nucleo-f411";

const BAUD_RATE: u32 = 115_200;

/// USART2, the ST-LINK virtual COM port.
pub struct ProtocolPort {
    tx: Tx<pac::USART2>,
    rx: Rx<pac::USART2>,
}

impl Port for ProtocolPort {
    fn try_read_byte(&mut self) -> Option<u8> {
        // Framing and overrun errors drop the byte: the line it belonged to then
        // fails to parse and gets an error reply.
        self.rx.read().ok()
    }

    fn write_all(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            // Writing to USART2 cannot fail; `block!` only waits for room.
            let _ = nb::block!(self.tx.write(byte));
        }
    }
}

/// Brings the board up: clocks, the stack guard, USART2 and SysTick.
pub fn init() -> (ProtocolPort, TickClock) {
    let (Some(device), Some(mut core)) = (pac::Peripherals::take(), cortex_m::Peripherals::take())
    else {
        fail(format_args!("init ran twice"))
    };
    crate::guard::install(&mut core.MPU);
    let mut rcc = device.RCC.freeze(Config::hsi().sysclk(CLOCK_HZ.Hz()));
    let gpioa = device.GPIOA.split(&mut rcc);
    let serial: Serial<pac::USART2> = device
        .USART2
        .serial((gpioa.pa2, gpioa.pa3), BAUD_RATE.bps(), &mut rcc)
        .unwrap_or_else(|_| fail(format_args!("USART2 rejected {BAUD_RATE} baud")));
    let (tx, rx) = serial.split();
    (
        ProtocolPort { tx, rx },
        TickClock::start(core.SYST, CLOCK_HZ),
    )
}

/// Ends the run: `probe-rs run` stops at the breakpoint and exits with success.
pub fn exit(_success: bool) -> ! {
    loop {
        cortex_m::asm::bkpt();
    }
}

/// Reports a fatal error on the log, then traps: `probe-rs run` sees the
/// undefined-instruction fault, prints the backtrace and exits with failure.
pub fn fail(message: fmt::Arguments) -> ! {
    defmt::error!("fatal: {}", defmt::Display2Format(&message));
    cortex_m::asm::udf()
}

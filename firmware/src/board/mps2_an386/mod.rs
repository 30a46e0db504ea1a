//! Bring-up for QEMU's `mps2-an386` (Cortex-M4F at 25 MHz): UART0 carries the
//! protocol, UART1 the defmt log, and semihosting only ends the run with a status.
#![allow(unsafe_code)]

mod display;
mod logger;
mod uart;

use core::fmt::{self, Write};

use cortex_m_semihosting::debug;

use crate::clock::TickClock;
use crate::port::Writer;
pub use display::{init_device, FrameScreen, SerialKeys};
pub use uart::Uart;

/// The processor clock: QEMU models the MPS2 FPGA images' 25 MHz SYSCLK.
pub const CLOCK_HZ: u32 = 25_000_000;

/// The board's name, as the firmware reports it.
pub const NAME: &str = "mps2-an386";

/// The serial port carrying the engine protocol.
pub type ProtocolPort = Uart;

/// Brings the board up: the protocol UART and the clock (the log UART starts with
/// the first log line).
pub fn init() -> (ProtocolPort, TickClock) {
    let mut core =
        cortex_m::Peripherals::take().unwrap_or_else(|| fail(format_args!("init ran twice")));
    crate::guard::install(&mut core.MPU);
    // SAFETY: UART0 is driven by this value alone until the program stops.
    let port = unsafe { Uart::new(Uart::UART0) };
    (port, TickClock::start(core.SYST, CLOCK_HZ))
}

/// Ends the run: QEMU exits with status 0 on success, 1 on failure.
pub fn exit(success: bool) -> ! {
    debug::exit(if success {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    // Without semihosting (a real board) there is nowhere to go.
    loop {
        cortex_m::asm::wfi();
    }
}

/// Reports a fatal error on the protocol UART and the log, then exits with failure.
pub fn fail(message: fmt::Arguments) -> ! {
    cortex_m::interrupt::disable();
    // SAFETY: the program has stopped; the panic path takes UART0 over for its last
    // words. Re-initialising the UART only rewrites its configuration.
    let mut port = unsafe { Uart::new(Uart::UART0) };
    let _ = writeln!(Writer::new(&mut port), "\nfatal: {message}");
    if !logger::is_busy() {
        defmt::error!("fatal: {}", defmt::Display2Format(&message));
    }
    exit(false)
}

//! The defmt global logger: frames go out on UART1, which QEMU writes to a file
//! (its second `-serial`), apart from the protocol on UART0.
#![allow(unsafe_code)]

use core::sync::atomic::{AtomicBool, Ordering};

use super::uart::Uart;

#[defmt::global_logger]
struct Logger;

/// Whether a frame is being written (defmt forbids nesting).
static TAKEN: AtomicBool = AtomicBool::new(false);
/// The interrupt state saved by `acquire`, restored by `release`.
static mut RESTORE: critical_section::RestoreState = critical_section::RestoreState::invalid();
static mut ENCODER: defmt::Encoder = defmt::Encoder::new();
static mut UART: Option<Uart> = None;

/// Whether a frame is in progress (a panic inside the logger must not log again).
pub fn is_busy() -> bool {
    TAKEN.load(Ordering::Relaxed)
}

fn send(bytes: &[u8]) {
    // SAFETY: only called between `acquire` and `release`, inside the critical section.
    let uart = unsafe { &mut *core::ptr::addr_of_mut!(UART) };
    let uart = uart.get_or_insert_with(|| {
        // SAFETY: UART1 is driven by this logger alone.
        unsafe { Uart::new(Uart::UART1) }
    });
    for &byte in bytes {
        uart.write_byte(byte);
    }
}

// SAFETY: `acquire`/`release` bracket every frame in a critical section, so the
// statics above are never accessed concurrently.
unsafe impl defmt::Logger for Logger {
    fn acquire() {
        // SAFETY: paired with the `release` in `Logger::release`.
        let restore = unsafe { critical_section::acquire() };
        if TAKEN.swap(true, Ordering::Acquire) {
            panic!("defmt logger taken reentrantly");
        }
        // SAFETY: inside the critical section.
        unsafe {
            RESTORE = restore;
            (*core::ptr::addr_of_mut!(ENCODER)).start_frame(send);
        }
    }

    unsafe fn flush() {}

    unsafe fn release() {
        // SAFETY: inside the critical section taken by `acquire`.
        unsafe {
            (*core::ptr::addr_of_mut!(ENCODER)).end_frame(send);
            TAKEN.store(false, Ordering::Release);
            critical_section::release(RESTORE);
        }
    }

    unsafe fn write(bytes: &[u8]) {
        // SAFETY: inside the critical section taken by `acquire`.
        unsafe { (*core::ptr::addr_of_mut!(ENCODER)).write(bytes, send) };
    }
}

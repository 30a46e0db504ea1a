//! Panics and HardFaults end the run loudly through the board's `fail`: a message
//! and a failure status, never a hang.
#![allow(unsafe_code)]

use core::panic::PanicInfo;

use crate::board;

#[panic_handler]
fn panic(info: &PanicInfo) -> ! {
    board::fail(format_args!("panic: {info}"))
}

// The HardFault vector, in assembly because the fault may be a stack overflow:
// flip-link put the stack at the bottom of RAM, so the overflowing push left the
// stack pointer below RAM and any Rust prologue would fault again (a lockup). The
// handler moves the stack pointer back to the top of the stack, then reports.
core::arch::global_asm!(
    ".section .HardFault.user, \"ax\"",
    ".global HardFault",
    ".type HardFault, %function",
    ".thumb_func",
    "HardFault:",
    "    mrs r0, msp",
    "    ldr r1, =_stack_start",
    "    msr msp, r1",
    "    b {report}",
    report = sym hard_fault,
);

extern "C" {
    static _stack_end: u32;
}

/// Reports a HardFault; `sp` is the stack pointer when it was taken.
extern "C" fn hard_fault(sp: u32) -> ! {
    let stack_end = core::ptr::addr_of!(_stack_end) as u32;
    // The exception frame (eight words) sits at `sp` unless stacking overflowed.
    if sp < stack_end + 32 {
        board::fail(format_args!("HardFault: stack overflow (sp={sp:#010x})"))
    }
    // SAFETY: `sp` points at the eight-word frame the processor pushed, inside RAM.
    let pc = unsafe { core::ptr::read_volatile((sp as *const u32).add(6)) };
    // SAFETY: a read of the System Control Block's fault status register.
    let cfsr = unsafe { (*cortex_m::peripheral::SCB::PTR).cfsr.read() };
    board::fail(format_args!(
        "HardFault at pc={pc:#010x} (sp={sp:#010x}, cfsr={cfsr:#010x})"
    ))
}

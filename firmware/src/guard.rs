//! The stack guard: an MPU region below the stack that nothing may touch.
//!
//! flip-link puts the stack at the bottom of RAM so that it overflows out of RAM
//! rather than into the statics. On a real part the addresses below RAM fault; QEMU's
//! mps2-an386 maps memory there, so the guard makes the overflow fault on both: the
//! first push below `_stack_end` raises a MemManage fault, escalated to HardFault,
//! which the fault handler reports as a stack overflow.
#![allow(unsafe_code)]

use cortex_m::peripheral::MPU;

/// The largest guard: bigger than any stack frame in the program, so no function
/// can step over it.
const MAX_GUARD: u32 = 64 * 1024;

/// MPU_RASR: region enabled, size 2^(SIZE+1), no access (AP = 0), never execute.
const RASR_ENABLE: u32 = 1;
const RASR_SIZE_SHIFT: u32 = 1;
const RASR_XN: u32 = 1 << 28;
/// MPU_CTRL: enable, with the default memory map for privileged code elsewhere.
const CTRL_ENABLE: u32 = 1 << 0;
const CTRL_PRIVDEFENA: u32 = 1 << 2;

extern "C" {
    static _stack_end: u32;
}

/// The guard's size: a region must be aligned to its size, a power of two ≥ 32.
fn guard_size(stack_end: u32) -> u32 {
    let alignment = 1u32
        .checked_shl(stack_end.trailing_zeros())
        .unwrap_or(MAX_GUARD);
    alignment.min(MAX_GUARD)
}

/// Makes the memory just below the stack inaccessible.
pub fn install(mpu: &mut MPU) {
    let stack_end = core::ptr::addr_of!(_stack_end) as u32;
    let size = guard_size(stack_end);
    if size < 32 {
        return; // no region fits; the link script keeps `_stack_end` aligned
    }
    let base = stack_end - size;
    let size_field = size.trailing_zeros() - 1;
    // SAFETY: region 0 denies access to memory the program never uses (below the
    // stack); everything else keeps the default map, so no access of the program
    // changes meaning.
    unsafe {
        mpu.rnr.write(0);
        mpu.rbar.write(base);
        mpu.rasr
            .write(RASR_XN | (size_field << RASR_SIZE_SHIFT) | RASR_ENABLE);
        mpu.ctrl.write(CTRL_ENABLE | CTRL_PRIVDEFENA);
    }
    cortex_m::asm::dsb();
    cortex_m::asm::isb();
}

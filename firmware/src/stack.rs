//! Stack use: the stack is painted with a known word, and the deepest word no longer
//! holding it marks the high-water mark.
//!
//! `cortex-m-rt` (feature `paint-stack`) paints the whole stack before `main`;
//! [`repaint`] paints again below the caller so each command can be measured on its
//! own. flip-link puts the stack at the bottom of RAM, between `_stack_end` (lowest
//! address) and `_stack_start` (the initial stack pointer).
#![allow(unsafe_code)]

use cortex_m_rt::STACK_PAINT_VALUE;

extern "C" {
    static _stack_start: u32;
    static _stack_end: u32;
}

/// Bytes above the current stack pointer that [`repaint`] leaves alone: the frame
/// of `repaint` itself and anything an interrupt pushes meanwhile stay clear.
const REPAINT_MARGIN: usize = 256;

fn top() -> usize {
    core::ptr::addr_of!(_stack_start) as usize
}

fn bottom() -> usize {
    core::ptr::addr_of!(_stack_end) as usize
}

/// The size of the stack region in bytes.
pub fn size() -> usize {
    top() - bottom()
}

/// The most stack used, in bytes, since boot or the last [`repaint`].
pub fn high_water() -> usize {
    let mut address = bottom();
    while address < top() {
        // SAFETY: `address` is a word-aligned address inside the stack region.
        let word = unsafe { core::ptr::read_volatile(address as *const u32) };
        if word != STACK_PAINT_VALUE {
            break;
        }
        address += 4;
    }
    top() - address
}

/// Paints the unused stack below the caller again.
pub fn repaint() {
    let sp = cortex_m::register::msp::read() as usize;
    let end = sp.saturating_sub(REPAINT_MARGIN) & !3;
    let mut address = bottom();
    while address < end {
        // SAFETY: the words between the bottom of the stack and a margin below the
        // stack pointer are unused: nothing lives below the stack pointer.
        unsafe { core::ptr::write_volatile(address as *mut u32, STACK_PAINT_VALUE) };
        address += 4;
    }
}

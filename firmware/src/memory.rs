//! The memory the engine borrows: a transposition table and a move stack, as
//! statics sized to fit the RAM budget, and their sizes exported for the host.

use core::mem::MaybeUninit;

/// Transposition table entries: 2,048 × 16 bytes = 32 KiB (`search::Entry`).
pub const TT_ENTRIES: usize = 2048;

/// Move stack words: 6,144 × 8 bytes = 48 KiB (`protocol::MoveWord`), shared by
/// every ply of a search and every game.
pub const MOVE_WORDS: usize = 6144;

/// The sizes, as symbols in the ELF: the host's cross-check reads them to lend its
/// engine exactly the firmware's memory (search results depend on the table size).
#[allow(unsafe_code)] // `no_mangle` only names the symbol
pub mod symbols {
    /// [`TT_ENTRIES`](super::TT_ENTRIES).
    #[no_mangle]
    #[used]
    pub static MICROPLY_TT_ENTRIES: u32 = super::TT_ENTRIES as u32;

    /// [`MOVE_WORDS`](super::MOVE_WORDS).
    #[no_mangle]
    #[used]
    pub static MICROPLY_MOVE_WORDS: u32 = super::MOVE_WORDS as u32;
}

/// The sizes read back through the exported symbols, which keeps the linker from
/// dropping them.
pub fn exported_sizes() -> (u32, u32) {
    (
        read(&symbols::MICROPLY_TT_ENTRIES),
        read(&symbols::MICROPLY_MOVE_WORDS),
    )
}

#[allow(unsafe_code)]
fn read(value: &'static u32) -> u32 {
    // SAFETY: `value` is a valid, aligned reference.
    unsafe { core::ptr::read_volatile(value) }
}

/// Fills a zero-initialised (`.bss`) static array with `value` and hands it out.
///
/// A table whose empty entry is not all zeros would otherwise land in `.data` and
/// cost its whole size in flash as well as in RAM.
pub fn fill<T: Copy, const N: usize>(
    slot: &'static mut MaybeUninit<[T; N]>,
    value: T,
) -> &'static mut [T; N] {
    let first = slot.as_mut_ptr().cast::<T>();
    for i in 0..N {
        #[allow(unsafe_code)]
        // SAFETY: `i < N`, so the element lies inside the array behind `slot`.
        unsafe {
            first.add(i).write(value)
        };
    }
    #[allow(unsafe_code)]
    // SAFETY: every element was written above.
    unsafe {
        slot.assume_init_mut()
    }
}

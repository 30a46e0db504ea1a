//! The raw WebAssembly interface (see the crate documentation and docs/web.md).

use core::cell::RefCell;

use crate::imports::write_out;
use crate::session::{Session, DEFAULT_MOVE_WORDS, DEFAULT_TT_ENTRIES};

// A wasm module runs on one thread; the cells only satisfy the borrow checker.
thread_local! {
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Creates the engine with the given memory (0 for a default size). Returns 1, or 0
/// when an engine already exists (its memory is kept).
#[no_mangle]
pub extern "C" fn microply_init(tt_entries: u32, move_words: u32) -> u32 {
    let size = |n: u32, default: usize| if n == 0 { default } else { n as usize };
    SESSION.with_borrow_mut(|session| {
        if session.is_some() {
            return 0;
        }
        *session = Some(Session::new(
            size(tt_entries, DEFAULT_TT_ENTRIES),
            size(move_words, DEFAULT_MOVE_WORDS),
        ));
        1
    })
}

/// A buffer of `len` bytes for the next [`microply_feed`]: write the bytes there.
#[no_mangle]
pub extern "C" fn microply_input(len: u32) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len as usize, 0);
        input.as_mut_ptr()
    })
}

/// Runs the `len` bytes written to the input buffer through the engine (creating a
/// default one if needed); replies go to `microply_write`. Returns 1 once `quit`
/// has been received, else 0.
#[no_mangle]
pub extern "C" fn microply_feed(len: u32) -> u32 {
    microply_init(0, 0);
    let bytes = INPUT.with_borrow_mut(core::mem::take);
    let len = (len as usize).min(bytes.len());
    SESSION.with_borrow_mut(|session| match session {
        Some(session) => {
            session.feed(&bytes[..len], &mut |text| write_out(text));
            u32::from(session.has_quit())
        }
        None => 1,
    })
}

/// Writes the checkers game in the `len` bytes of the input buffer as PDN to
/// `microply_write`: the game's options, its start FEN (empty: the start position)
/// and its moves, on three lines ([`crate::pdn::reply`]). Returns 1, or 0 when the
/// reply is an `error` line.
#[no_mangle]
pub extern "C" fn microply_pdn(len: u32) -> u32 {
    let bytes = INPUT.with_borrow_mut(core::mem::take);
    let len = (len as usize).min(bytes.len());
    let reply = crate::pdn::reply(&String::from_utf8_lossy(&bytes[..len]));
    write_out(&reply);
    u32::from(!reply.starts_with("error"))
}

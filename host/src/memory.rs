//! Memory the host lends to the core: a transposition table and a move stack.

use microply_core::protocol::MoveWord;
use microply_core::search::Entry;

/// Default table size in entries (16 bytes each): 16 MiB.
pub const DEFAULT_TT_ENTRIES: usize = 1 << 20;

/// Default move stack in words: 512 KiB, room for Amazons' ~2,200 moves on dozens of plies.
pub const DEFAULT_MOVE_WORDS: usize = 1 << 16;

/// Owned search memory.
#[derive(Debug)]
pub struct SearchMemory {
    /// Transposition table entries.
    pub tt: Vec<Entry>,
    /// Move stack words.
    pub moves: Vec<MoveWord>,
}

impl SearchMemory {
    /// `tt_entries` table entries and `move_words` move-stack words.
    #[must_use]
    pub fn new(tt_entries: usize, move_words: usize) -> SearchMemory {
        SearchMemory {
            tt: vec![Entry::EMPTY; tt_entries],
            moves: vec![0; move_words],
        }
    }
}

impl Default for SearchMemory {
    fn default() -> SearchMemory {
        SearchMemory::new(DEFAULT_TT_ENTRIES, DEFAULT_MOVE_WORDS)
    }
}

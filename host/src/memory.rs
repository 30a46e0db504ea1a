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

/// Search memory the machine cannot provide.
#[derive(Debug, thiserror::Error)]
#[error("cannot allocate a transposition table of {entries} entries ({bytes}): too large for this machine's memory")]
pub struct TooLarge {
    /// The entries asked for.
    pub entries: usize,
    /// Their size, or why it has none.
    pub bytes: String,
}

/// A table of `entries` copies of `empty`, or [`TooLarge`] when its size
/// overflows or the memory cannot be had (instead of a panic or an abort).
///
/// # Errors
/// [`TooLarge`].
pub fn try_table<T: Clone>(entries: usize, empty: T) -> Result<Vec<T>, TooLarge> {
    let too_large = |bytes: String| TooLarge { entries, bytes };
    let bytes = entries
        .checked_mul(std::mem::size_of::<T>())
        .filter(|&b| isize::try_from(b).is_ok())
        .ok_or_else(|| too_large("more bytes than an address space holds".into()))?;
    let mut table = Vec::new();
    table
        .try_reserve_exact(entries)
        .map_err(|_| too_large(format!("{bytes} bytes")))?;
    table.resize(entries, empty);
    Ok(table)
}

impl SearchMemory {
    /// Like [`SearchMemory::new`], but reports a table too large for memory
    /// instead of aborting.
    ///
    /// # Errors
    /// [`TooLarge`] when the table's size overflows or cannot be allocated.
    pub fn try_new(tt_entries: usize, move_words: usize) -> Result<SearchMemory, TooLarge> {
        Ok(SearchMemory {
            tt: try_table(tt_entries, Entry::EMPTY)?,
            moves: vec![0; move_words],
        })
    }

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

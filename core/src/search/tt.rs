//! The transposition table over caller-provided memory.
//!
//! Each entry keeps both a lower and an upper bound on the position's value at one
//! depth, as the "memory" of Plaat et al.'s MT (alpha-beta with memory) requires, and
//! the best move as its index in the game's move generation order, so the table is
//! the same for every game. Replacement is deterministic: an entry for the same
//! position and depth is tightened, anything else is overwritten.
//!
//! Each entry also records whether its bounds rest on a static evaluation at the
//! depth horizon somewhere below. A search that takes its value from such an entry
//! has met the horizon too, so the iterative driver does not mistake a tree answered
//! from the table for a fully solved one.

use crate::score::Score;

/// One table entry (16 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    key: u32,
    lower: i32,
    upper: i32,
    best: u16,
    depth: u8,
    /// [`USED`] and [`HORIZON`] bits.
    flags: u8,
}

/// The entry holds a position.
const USED: u8 = 1;
/// Its bounds depend on a static evaluation at the depth horizon.
const HORIZON: u8 = 2;

const _: () = assert!(core::mem::size_of::<Entry>() == 16);

/// `best` is the move's index + 1; zero means no move, so an unused entry is all
/// zero bytes (a table in zero-initialised memory needs no fill).
const NO_MOVE: u16 = 0;

impl Entry {
    /// An unused entry (all zero bytes); fill the caller's array with it.
    pub const EMPTY: Entry = Entry {
        key: 0,
        lower: 0,
        upper: 0,
        best: NO_MOVE,
        depth: 0,
        flags: 0,
    };
}

impl Default for Entry {
    fn default() -> Entry {
        Entry::EMPTY
    }
}

/// What the table knows about a position (scores relative to the node).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The depth the bounds were searched to.
    pub depth: u32,
    /// The value is at least this.
    pub lower: Score,
    /// The value is at most this.
    pub upper: Score,
    /// Index of the best move in generation order.
    pub best: Option<usize>,
    /// Whether the bounds depend on a static evaluation at the depth horizon.
    pub horizon: bool,
}

/// A transposition table borrowing `&mut [Entry]` of any length (0 disables it).
#[derive(Debug)]
pub struct Table<'a> {
    entries: &'a mut [Entry],
}

impl<'a> Table<'a> {
    /// A table over `entries`, which it clears.
    pub fn new(entries: &'a mut [Entry]) -> Table<'a> {
        entries.fill(Entry::EMPTY);
        Table { entries }
    }

    /// A table over the first `len` entries of this one's memory (all of them when
    /// there are fewer), cleared: a search that must not depend on how much memory
    /// the caller has (the protocol's `bench`) runs in it.
    pub fn prefix(&mut self, len: usize) -> Table<'_> {
        let len = len.min(self.entries.len());
        Table::new(&mut self.entries[..len])
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no room at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The slot of `hash`: the high 32 bits scaled to the length (no modulo, any size).
    fn slot(&self, hash: u64) -> usize {
        (((hash >> 32) * self.entries.len() as u64) >> 32) as usize
    }

    /// What is stored for `hash`, if anything.
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let e = self.entries.get(self.slot(hash))?;
        if e.flags & USED == 0 || e.key != hash as u32 {
            return None;
        }
        Some(Hit {
            depth: u32::from(e.depth),
            lower: Score::from_raw(e.lower),
            upper: Score::from_raw(e.upper),
            best: usize::from(e.best).checked_sub(1),
            horizon: e.flags & HORIZON != 0,
        })
    }

    /// Records bounds for `hash` at `depth` (node-relative scores), the best move and
    /// whether the bounds depend on the depth horizon.
    pub fn store(
        &mut self,
        hash: u64,
        depth: u32,
        lower: Score,
        upper: Score,
        best: Option<usize>,
        horizon: bool,
    ) {
        let slot = self.slot(hash);
        let Some(e) = self.entries.get_mut(slot) else {
            return;
        };
        let key = hash as u32;
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        let best = best.and_then(|b| u16::try_from(b.checked_add(1)?).ok());
        let same = e.flags & USED != 0 && e.key == key;
        let horizon = if horizon { HORIZON } else { 0 };
        if same && e.depth == depth {
            e.lower = e.lower.max(lower.raw());
            e.upper = e.upper.min(upper.raw());
            e.flags |= horizon;
        } else {
            e.lower = lower.raw();
            e.upper = upper.raw();
            e.depth = depth;
            e.flags = horizon;
            if !same {
                e.best = NO_MOVE;
            }
        }
        if let Some(b) = best {
            e.best = b;
        }
        e.key = key;
        e.flags |= USED;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_tighten() {
        let mut mem = [Entry::EMPTY; 7];
        let mut t = Table::new(&mut mem);
        let h = 0x1234_5678_9ABC_DEF0;
        assert_eq!(t.probe(h), None);
        t.store(h, 3, Score::units(1), Score::INFINITY, Some(2), false);
        t.store(h, 3, -Score::INFINITY, Score::units(2), None, true);
        let hit = t.probe(h).unwrap();
        assert_eq!(
            (hit.lower, hit.upper, hit.best, hit.depth, hit.horizon),
            (Score::units(1), Score::units(2), Some(2), 3, true)
        );
        t.store(h, 4, Score::units(5), Score::units(5), None, false);
        let hit = t.probe(h).unwrap();
        assert_eq!(
            (hit.lower, hit.depth, hit.best, hit.horizon),
            (Score::units(5), 4, Some(2), false)
        );
        assert_eq!(t.probe(h ^ 1), None);
    }

    #[test]
    fn move_indices_round_trip_up_to_the_limit() {
        let mut mem = [Entry::EMPTY; 1];
        let mut t = Table::new(&mut mem);
        for best in [0, 1, 2_175, 65_534] {
            t.store(9, 1, Score::ZERO, Score::ZERO, Some(best), false);
            assert_eq!(t.probe(9).unwrap().best, Some(best));
        }
        // An index the entry cannot hold is not stored (the old one stays).
        t.store(9, 1, Score::ZERO, Score::ZERO, Some(65_535), false);
        assert_eq!(t.probe(9).unwrap().best, Some(65_534));
        let zero = Entry {
            key: 0,
            lower: 0,
            upper: 0,
            best: 0,
            depth: 0,
            flags: 0,
        };
        assert_eq!(Entry::EMPTY, zero);
    }

    #[test]
    fn empty_table_is_harmless() {
        let mut t = Table::new(&mut []);
        t.store(1, 1, Score::ZERO, Score::ZERO, Some(0), false);
        assert_eq!(t.probe(1), None);
        assert!(t.is_empty());
    }
}

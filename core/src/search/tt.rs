//! The transposition table over caller-provided memory.
//!
//! Each entry keeps both a lower and an upper bound on the position's value at one
//! depth, as the "memory" of Plaat et al.'s MT (alpha-beta with memory) requires, and
//! the best move packed by the game ([`Game::pack_move`](crate::Game::pack_move)), so
//! a node can try it before generating its moves. Replacement is deterministic: an
//! entry for the same position and depth is tightened, anything else is overwritten.

use crate::game::PACKED_MOVE_BITS;
use crate::score::Score;

/// One table entry (16 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    key: u32,
    lower: i32,
    upper: i32,
    /// The depth + 1; zero marks an unused entry.
    depth: u8,
    /// The packed best move + 1, little-endian; zero means no move.
    best: [u8; 3],
}

const _: () = assert!(core::mem::size_of::<Entry>() == 16);
const _: () = assert!(PACKED_MOVE_BITS == 24);

/// The most a stored depth can be (one value of the byte marks an unused entry).
const MAX_STORED_DEPTH: u32 = u8::MAX as u32 - 1;

impl Entry {
    /// An unused entry (all zero bytes, so a table in zero-initialised memory needs no
    /// fill); fill the caller's array with it.
    pub const EMPTY: Entry = Entry {
        key: 0,
        lower: 0,
        upper: 0,
        depth: 0,
        best: [0; 3],
    };

    const fn is_used(&self) -> bool {
        self.depth != 0
    }

    /// The packed best move, if one is stored.
    fn best_move(&self) -> Option<u32> {
        let [a, b, c] = self.best;
        u32::from_le_bytes([a, b, c, 0]).checked_sub(1)
    }
}

/// `packed` + 1 in three bytes, or `None` when it does not fit.
fn encode_move(packed: u32) -> Option<[u8; 3]> {
    let stored = packed
        .checked_add(1)
        .filter(|&v| v >> PACKED_MOVE_BITS == 0)?;
    let [a, b, c, _] = stored.to_le_bytes();
    Some([a, b, c])
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
    /// The best move, packed by the game ([`Game::unpack_move`](crate::Game::unpack_move)
    /// turns it back into a legal move, or rejects it).
    pub best: Option<u32>,
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
        if !e.is_used() || e.key != hash as u32 {
            return None;
        }
        Some(Hit {
            depth: u32::from(e.depth) - 1,
            lower: Score::from_raw(e.lower),
            upper: Score::from_raw(e.upper),
            best: e.best_move(),
        })
    }

    /// Records bounds for `hash` at `depth` (node-relative scores) and the best move
    /// (packed; one wider than [`PACKED_MOVE_BITS`] is not stored).
    pub fn store(&mut self, hash: u64, depth: u32, lower: Score, upper: Score, best: Option<u32>) {
        let slot = self.slot(hash);
        let Some(e) = self.entries.get_mut(slot) else {
            return;
        };
        let key = hash as u32;
        let depth = depth.min(MAX_STORED_DEPTH) as u8 + 1;
        let best = best.and_then(encode_move);
        let same = e.is_used() && e.key == key;
        if same && e.depth == depth {
            e.lower = e.lower.max(lower.raw());
            e.upper = e.upper.min(upper.raw());
        } else {
            e.lower = lower.raw();
            e.upper = upper.raw();
            e.depth = depth;
            if !same {
                e.best = [0; 3];
            }
        }
        if let Some(b) = best {
            e.best = b;
        }
        e.key = key;
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
        t.store(h, 3, Score::units(1), Score::INFINITY, Some(2));
        t.store(h, 3, -Score::INFINITY, Score::units(2), None);
        let hit = t.probe(h).unwrap();
        assert_eq!(
            (hit.lower, hit.upper, hit.best, hit.depth),
            (Score::units(1), Score::units(2), Some(2), 3)
        );
        t.store(h, 4, Score::units(5), Score::units(5), None);
        let hit = t.probe(h).unwrap();
        assert_eq!(
            (hit.lower, hit.depth, hit.best),
            (Score::units(5), 4, Some(2))
        );
        assert_eq!(t.probe(h ^ 1), None);
    }

    #[test]
    fn packed_moves_round_trip_up_to_the_limit() {
        let mut mem = [Entry::EMPTY; 1];
        let mut t = Table::new(&mut mem);
        let widest = (1 << PACKED_MOVE_BITS) - 2;
        for best in [0, 1, 0x1F_FFFF, widest] {
            t.store(9, 1, Score::ZERO, Score::ZERO, Some(best));
            assert_eq!(t.probe(9).unwrap().best, Some(best));
        }
        // A move the entry cannot hold is not stored (the old one stays).
        t.store(9, 1, Score::ZERO, Score::ZERO, Some(widest + 1));
        assert_eq!(t.probe(9).unwrap().best, Some(widest));
        let zero = Entry {
            key: 0,
            lower: 0,
            upper: 0,
            depth: 0,
            best: [0; 3],
        };
        assert_eq!(Entry::EMPTY, zero);
    }

    #[test]
    fn depth_zero_entries_are_used_and_deep_ones_saturate() {
        let mut mem = [Entry::EMPTY; 1];
        let mut t = Table::new(&mut mem);
        t.store(5, 0, Score::ZERO, Score::ZERO, None);
        assert_eq!(t.probe(5).map(|h| (h.depth, h.best)), Some((0, None)));
        t.store(5, 1000, Score::ZERO, Score::ZERO, None);
        assert_eq!(t.probe(5).map(|h| h.depth), Some(MAX_STORED_DEPTH));
    }

    #[test]
    fn empty_table_is_harmless() {
        let mut t = Table::new(&mut []);
        t.store(1, 1, Score::ZERO, Score::ZERO, Some(0));
        assert_eq!(t.probe(1), None);
        assert!(t.is_empty());
    }
}

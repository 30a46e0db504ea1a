//! The transposition table over caller-provided memory.
//!
//! Each entry keeps both a lower and an upper bound on the position's value at one
//! depth, as the "memory" of Plaat et al.'s MT (alpha-beta with memory) requires, and
//! the best move packed by the game ([`Game::pack_move`](crate::Game::pack_move)), so
//! a node can try it before generating its moves. Replacement is deterministic and
//! the game's choice ([`Replacement`], [`Game::REPLACEMENT`](crate::Game::REPLACEMENT)):
//! an entry for the same position and depth is tightened; otherwise every store
//! overwrites the position's one slot, or, for a game that asks for it, the entry of
//! the lesser depth in a bucket of two.
//!
//! Each entry also records whether its bounds rest on a static evaluation at the
//! depth horizon somewhere below. A search that takes its value from such an entry
//! has met the horizon too, so the iterative driver does not mistake a tree answered
//! from the table for a fully solved one.

use core::cmp::Reverse;
use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use crate::game::PACKED_MOVE_BITS;
use crate::score::Score;

/// One table entry (16 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    key: u32,
    lower: i32,
    upper: i32,
    /// The depth + 1 in the low seven bits ([`DEPTH`]; zero marks an unused entry)
    /// and the [`HORIZON`] bit.
    depth: u8,
    /// The packed best move + 1, little-endian; zero means no move.
    best: [u8; 3],
}

const _: () = assert!(core::mem::size_of::<Entry>() == 16);
const _: () = assert!(PACKED_MOVE_BITS == 24);

/// The bits of [`Entry::depth`] that hold the depth + 1.
const DEPTH: u8 = 0x7F;
/// The bit of [`Entry::depth`] set when the bounds depend on a static evaluation at
/// the depth horizon.
const HORIZON: u8 = 0x80;

/// The most a stored depth can be (one value of the bits marks an unused entry).
const MAX_STORED_DEPTH: u32 = DEPTH as u32 - 1;

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
        self.depth & DEPTH != 0
    }

    /// Whether the entry holds `key`.
    const fn holds(&self, key: u32) -> bool {
        self.is_used() && self.key == key
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

/// Which entry a store overwrites when the position is not in the table: the game's
/// choice ([`Game::REPLACEMENT`](crate::Game::REPLACEMENT)), which probes follow too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum Replacement {
    /// One slot per position, overwritten by every store: the newest result stays,
    /// which suits iterative deepening (the next iteration revisits it first). The
    /// default.
    Newest,
    /// A bucket of two slots per position (an aligned pair): a store overwrites the
    /// entry searched to the lesser depth (the second on a tie), so the results of
    /// large subtrees survive the many small ones stored after them. For one deep
    /// search that keeps meeting the same positions (the Dots-and-Boxes solver).
    Deeper,
}

/// Whether a search starts from a cleared transposition table or from what earlier
/// searches stored in it.
///
/// Keeping it lets the next move's search build on the last one's work (the
/// positions two plies on were searched before): every stored bound is still a
/// bound of the same position at the same depth, so exact searches return the same
/// values, usually sooner (the best moves order the search; the bounds of the
/// deep iterations are mostly overwritten by the shallow ones before they are
/// needed). In ProbCut mode a deeper entry settles a node too, so there the new
/// search's early iterations are answered by the last one's entries (+48 Elo in
/// checkers). `table=keep` on the protocol's `go` and `selfplay`; see
/// `docs/search.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TableUse {
    /// Cleared before each search.
    #[default]
    Clear,
    /// Kept from the searches before (a new `game` still clears it).
    Keep,
}

impl TableUse {
    /// Both uses.
    pub const ALL: [TableUse; 2] = [TableUse::Clear, TableUse::Keep];

    /// The protocol's name: `clear` or `keep`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TableUse::Clear => "clear",
            TableUse::Keep => "keep",
        }
    }
}

impl FromStr for TableUse {
    type Err = ();

    fn from_str(s: &str) -> Result<TableUse, ()> {
        match s {
            "clear" => Ok(TableUse::Clear),
            "keep" => Ok(TableUse::Keep),
            _ => Err(()),
        }
    }
}

impl fmt::Display for TableUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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

    /// A table over `entries` as an earlier table over them left them, not cleared:
    /// for a caller that keeps the memory between searches and lends it again each
    /// time (whether a search starts from an empty table is
    /// [`prepare_table`](crate::prepare_table)'s to decide).
    pub fn reopen(entries: &'a mut [Entry]) -> Table<'a> {
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

    /// The slots `hash` may occupy under `policy`.
    fn bucket(&self, hash: u64, policy: Replacement) -> Range<usize> {
        let slot = self.slot(hash);
        match policy {
            Replacement::Newest => slot..slot + 1,
            Replacement::Deeper => {
                let first = slot & !1;
                first..(first + 2).min(self.entries.len())
            }
        }
    }

    /// What is stored for `hash` (filed under `policy`), if anything.
    #[must_use]
    pub fn probe(&self, hash: u64, policy: Replacement) -> Option<Hit> {
        let key = hash as u32;
        let bucket = self.entries.get(self.bucket(hash, policy))?;
        let e = bucket.iter().find(|e| e.holds(key))?;
        Some(Hit {
            depth: u32::from(e.depth & DEPTH) - 1,
            lower: Score::from_raw(e.lower),
            upper: Score::from_raw(e.upper),
            best: e.best_move(),
            horizon: e.depth & HORIZON != 0,
        })
    }

    /// Records bounds for `hash` at `depth` (node-relative scores), the best move
    /// (packed; one wider than [`PACKED_MOVE_BITS`] is not stored) and whether the
    /// bounds depend on the depth horizon, in the entry `policy` picks. With
    /// `keep_deeper`, an entry of the same position searched deeper stays as it is
    /// (the ProbCut mode's rule, where deeper entries settle nodes).
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        hash: u64,
        policy: Replacement,
        depth: u32,
        lower: Score,
        upper: Score,
        best: Option<u32>,
        horizon: bool,
        keep_deeper: bool,
    ) {
        let key = hash as u32;
        let range = self.bucket(hash, policy);
        let Some(bucket) = self.entries.get_mut(range) else {
            return;
        };
        let Some(e) = victim(bucket, key) else {
            return;
        };
        let depth = depth.min(MAX_STORED_DEPTH) as u8 + 1;
        let best = best.and_then(encode_move);
        let same = e.holds(key);
        if same && keep_deeper && e.depth & DEPTH > depth {
            return;
        }
        let horizon = if horizon { HORIZON } else { 0 };
        if same && e.depth & DEPTH == depth {
            e.lower = e.lower.max(lower.raw());
            e.upper = e.upper.min(upper.raw());
            e.depth |= horizon;
        } else {
            e.lower = lower.raw();
            e.upper = upper.raw();
            e.depth = depth | horizon;
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

/// The entry of `bucket` a store for `key` writes: the one holding `key`, else the
/// one of the least depth (unused entries first), the later one on a tie.
fn victim(bucket: &mut [Entry], key: u32) -> Option<&mut Entry> {
    let same = bucket.iter().position(|e| e.holds(key));
    let shallowest = || {
        bucket
            .iter()
            .enumerate()
            .min_by_key(|&(i, e)| (e.depth & DEPTH, Reverse(i)))
            .map(|(i, _)| i)
    };
    let i = same.or_else(shallowest)?;
    bucket.get_mut(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    const N: Replacement = Replacement::Newest;
    const D: Replacement = Replacement::Deeper;

    /// Hashes whose slot in a table of `len` entries is `slot`, told apart by their
    /// low (key) bits.
    fn in_slot(slot: u64, len: u64, key: u64) -> u64 {
        ((slot << 32).div_ceil(len) << 32) | key
    }

    #[test]
    fn newest_keeps_the_last_store_of_a_slot() {
        let mut mem = [Entry::EMPTY; 2];
        let mut t = Table::new(&mut mem);
        let (deep, shallow) = (in_slot(0, 2, 1), in_slot(0, 2, 2));
        t.store(deep, N, 9, Score::ZERO, Score::ZERO, None, false, false);
        t.store(shallow, N, 1, Score::ZERO, Score::ZERO, None, false, false);
        assert_eq!(t.probe(deep, N), None);
        assert_eq!(t.probe(shallow, N).map(|h| h.depth), Some(1));
    }

    #[test]
    fn keep_deeper_leaves_a_deeper_entry_of_the_same_position() {
        let mut mem = [Entry::EMPTY; 2];
        let mut t = Table::new(&mut mem);
        let h = in_slot(1, 2, 3);
        // An exact value of `men` at `depth` for `h`, under the rule or not.
        let exact = |t: &mut Table, depth, men, best, keep_deeper| {
            let v = Score::units(men);
            t.store(h, N, depth, v, v, best, false, keep_deeper);
        };
        exact(&mut t, 9, 1, Some(4), true);
        exact(&mut t, 2, 5, Some(6), true);
        assert_eq!(t.probe(h, N).map(|h| (h.depth, h.best)), Some((9, Some(4))));
        t.store(h, N, 9, Score::units(1), Score::INFINITY, None, false, true);
        exact(&mut t, 10, 2, None, true);
        assert_eq!(t.probe(h, N).map(|h| h.depth), Some(10));
        exact(&mut t, 2, 5, None, false);
        assert_eq!(t.probe(h, N).map(|h| h.depth), Some(2));
    }

    #[test]
    fn deeper_keeps_the_deeper_entry_of_a_bucket() {
        let mut mem = [Entry::EMPTY; 4];
        let mut t = Table::new(&mut mem);
        // Slots 2 and 3 form one bucket.
        let [a, b, c] = [in_slot(2, 4, 1), in_slot(3, 4, 2), in_slot(2, 4, 3)];
        t.store(a, D, 9, Score::ZERO, Score::ZERO, None, false, false);
        t.store(b, D, 1, Score::ZERO, Score::ZERO, None, false, false);
        t.store(c, D, 2, Score::ZERO, Score::ZERO, None, false, false);
        let depth = |t: &Table<'_>, h| t.probe(h, D).map(|h| h.depth);
        assert_eq!(
            (depth(&t, a), depth(&t, b), depth(&t, c)),
            (Some(9), None, Some(2))
        );
        // The same position keeps its entry whatever its depth.
        t.store(c, D, 1, Score::ZERO, Score::ZERO, None, false, false);
        assert_eq!((depth(&t, a), depth(&t, c)), (Some(9), Some(1)));
        // An odd-length table's last bucket has one slot.
        let mut mem = [Entry::EMPTY; 3];
        let mut t = Table::new(&mut mem);
        let (d, e) = (in_slot(2, 3, 4), in_slot(2, 3, 5));
        t.store(d, D, 5, Score::ZERO, Score::ZERO, None, false, false);
        t.store(e, D, 1, Score::ZERO, Score::ZERO, None, false, false);
        assert_eq!((depth(&t, d), depth(&t, e)), (None, Some(1)));
    }

    #[test]
    fn store_probe_and_tighten() {
        let mut mem = [Entry::EMPTY; 7];
        let mut t = Table::new(&mut mem);
        let h = 0x1234_5678_9ABC_DEF0;
        assert_eq!(t.probe(h, N), None);
        t.store(
            h,
            N,
            3,
            Score::units(1),
            Score::INFINITY,
            Some(2),
            false,
            false,
        );
        t.store(
            h,
            N,
            3,
            -Score::INFINITY,
            Score::units(2),
            None,
            true,
            false,
        );
        let hit = t.probe(h, N).unwrap();
        assert_eq!(
            (hit.lower, hit.upper, hit.best, hit.depth, hit.horizon),
            (Score::units(1), Score::units(2), Some(2), 3, true)
        );
        t.store(
            h,
            N,
            4,
            Score::units(5),
            Score::units(5),
            None,
            false,
            false,
        );
        let hit = t.probe(h, N).unwrap();
        assert_eq!(
            (hit.lower, hit.depth, hit.best, hit.horizon),
            (Score::units(5), 4, Some(2), false)
        );
        assert_eq!(t.probe(h ^ 1, N), None);
    }

    #[test]
    fn packed_moves_round_trip_up_to_the_limit() {
        let mut mem = [Entry::EMPTY; 1];
        let mut t = Table::new(&mut mem);
        let widest = (1 << PACKED_MOVE_BITS) - 2;
        for best in [0, 1, 0x1F_FFFF, widest] {
            t.store(9, N, 1, Score::ZERO, Score::ZERO, Some(best), false, false);
            assert_eq!(t.probe(9, N).unwrap().best, Some(best));
        }
        // A move the entry cannot hold is not stored (the old one stays).
        t.store(
            9,
            N,
            1,
            Score::ZERO,
            Score::ZERO,
            Some(widest + 1),
            false,
            false,
        );
        assert_eq!(t.probe(9, N).unwrap().best, Some(widest));
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
        t.store(5, N, 0, Score::ZERO, Score::ZERO, None, false, false);
        assert_eq!(t.probe(5, N).map(|h| (h.depth, h.best)), Some((0, None)));
        t.store(5, N, 1000, Score::ZERO, Score::ZERO, None, false, false);
        assert_eq!(t.probe(5, N).map(|h| h.depth), Some(MAX_STORED_DEPTH));
    }

    #[test]
    fn empty_table_is_harmless() {
        let mut t = Table::new(&mut []);
        t.store(1, N, 1, Score::ZERO, Score::ZERO, Some(0), false, false);
        assert_eq!(t.probe(1, N), None);
        assert!(t.is_empty());
    }
}

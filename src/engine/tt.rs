//! The transposition table: one entry per slot, indexed by the low bits of the Zobrist hash,
//! verified by the full key.

use crate::types::Move;

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// Full hash of the position.
    pub key: u64,
    /// Best (or refuting) move found, if any.
    pub best: Option<Move>,
    /// Score, mate scores relative to this node.
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: i16,
    /// Bound type.
    pub bound: Bound,
    /// Search generation that wrote it.
    pub age: u8,
}

/// A fixed-size table, allocated once.
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least 1024 entries, a power of two).
    pub fn new(megabytes: usize) -> Table {
        let entry = std::mem::size_of::<Option<Entry>>().max(1);
        let wanted = (megabytes.max(1) << 20) / entry;
        let mut len = 1024usize;
        while len * 2 <= wanted {
            len *= 2;
        }
        Table {
            slots: vec![None; len],
            mask: len - 1,
            age: 0,
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never true).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Start a new search (older entries become preferred victims).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The entry for this hash, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        match self.slots[key as usize & self.mask] {
            Some(e) if e.key == key => Some(e),
            _ => None,
        }
    }

    /// Store a result (replacing an entry of another position only if it is older or
    /// shallower).
    #[inline]
    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let age = self.age;
        let slot = &mut self.slots[key as usize & self.mask];
        let mut best = best;
        if let Some(old) = slot {
            if old.key != key && old.age == age && old.depth > depth {
                return;
            }
            if old.key == key {
                best = best.or(old.best);
            }
        }
        *slot = Some(Entry {
            key,
            best,
            score,
            depth,
            bound,
            age,
        });
    }
}

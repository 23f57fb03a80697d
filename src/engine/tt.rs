//! The transposition table, shared by all search threads without locks: each entry is two
//! atomic words, the data and the key XOR the data, so that an entry torn by two threads
//! writing at once fails the key check and reads as absent (the "lockless hashing" of
//! Hyatt and Mann). Entries live in buckets of four (one 64-byte cache line), indexed by the
//! hash; a store replaces the entry of the same position, else the least valuable one
//! (shallowest, oldest).
//!
//! A stored move is packed into 26 bits ([`pack_move`]): origin, destination, promotion kind
//! and move kind. Probing gives the packed move back; the search finds the generated move
//! that packs the same.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::types::{Move, MoveKind};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Best (or refuting) move found, packed by [`pack_move`]; `None` if none was stored.
    pub best: Option<u32>,
    /// Score, mate scores relative to this node.
    pub score: i32,
    /// Remaining depth the score was searched to (0: quiescence).
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

/// A move packed into 26 bits: origin (8), destination (8), promotion kind + 1 (7, 0 for
/// none) and the move kind's tag (3). Two different moves of one position pack differently.
#[inline]
pub fn pack_move(mv: &Move) -> u32 {
    let tag = match mv.kind {
        MoveKind::Normal => 0,
        MoveKind::DoubleStep { .. } => 1,
        MoveKind::EnPassant { .. } => 2,
        MoveKind::Castle { .. } => 3,
        MoveKind::Sweep { .. } => 4,
        MoveKind::Pass => 5,
        MoveKind::Drop { .. } => 6,
    };
    let promo = mv
        .promotion
        .or(mv.dropped())
        .map_or(0, |k| (k as u32 + 1) & 0x7F);
    mv.from.index() as u32 | (mv.to.index() as u32) << 8 | promo << 16 | tag << 23
}

const MOVE_BITS: u64 = 26;
const HAS_MOVE: u64 = 1 << MOVE_BITS;
const BOUND_SHIFT: u64 = 27;
const DEPTH_SHIFT: u64 = 29;
const AGE_SHIFT: u64 = 37;
const SCORE_SHIFT: u64 = 43;
const AGE_MASK: u64 = 0x3F;

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;

/// A fixed-size table, allocated once, shared by reference between search threads.
pub struct Table {
    slots: Vec<Slot>,
    /// Number of buckets − 1 (a power of two − 1).
    mask: usize,
    age: AtomicU8,
}

fn encode(best: Option<u32>, score: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let mv = best.map_or(0, |m| m as u64 & (HAS_MOVE - 1) | HAS_MOVE);
    let bound = match bound {
        Bound::Upper => 1u64,
        Bound::Lower => 2,
        Bound::Exact => 3,
    };
    let depth = depth.clamp(0, 255) as u64;
    let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    mv | bound << BOUND_SHIFT
        | depth << DEPTH_SHIFT
        | (age as u64 & AGE_MASK) << AGE_SHIFT
        | score << SCORE_SHIFT
}

fn decode(data: u64) -> Option<Entry> {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(Entry {
        best: (data & HAS_MOVE != 0).then_some((data & (HAS_MOVE - 1)) as u32),
        score: ((data >> SCORE_SHIFT) as u16) as i16 as i32,
        depth: ((data >> DEPTH_SHIFT) & 0xFF) as i32,
        bound,
    })
}

fn depth_of(data: u64) -> i32 {
    ((data >> DEPTH_SHIFT) & 0xFF) as i32
}

fn age_of(data: u64) -> u8 {
    ((data >> AGE_SHIFT) & AGE_MASK) as u8
}

impl Table {
    /// A table of about `megabytes` MiB (at least 1024 entries, a power of two).
    pub fn new(megabytes: usize) -> Table {
        let entry = std::mem::size_of::<Slot>();
        let wanted = (megabytes.max(1) << 20) / entry;
        let mut len = 1024usize;
        while len * 2 <= wanted {
            len *= 2;
        }
        let mut slots = Vec::with_capacity(len);
        slots.resize_with(len, Slot::default);
        Table {
            slots,
            mask: len / BUCKET - 1,
            age: AtomicU8::new(0),
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
    pub fn new_search(&self) {
        let age = (self.age.load(Ordering::Relaxed) + 1) & AGE_MASK as u8;
        self.age.store(age, Ordering::Relaxed);
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Per mille of a sample of entries written during the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                decode(d).is_some() && age_of(d) == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot] {
        let b = (key >> 32) as usize & self.mask;
        &self.slots[b * BUCKET..b * BUCKET + BUCKET]
    }

    /// The entry for this hash, if stored (and not torn by a concurrent write).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        for s in self.bucket(key) {
            let data = s.data.load(Ordering::Relaxed);
            if s.check.load(Ordering::Relaxed) ^ data == key {
                return decode(data);
            }
        }
        None
    }

    /// Store a result. The entry of the same position is replaced (keeping its move when
    /// the new result has none) unless it is much deeper and the new one is not exact;
    /// otherwise the bucket's least valuable entry (old searches first, then shallow ones).
    #[inline]
    pub fn store(&self, key: u64, best: Option<u32>, score: i32, depth: i32, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            let data = s.data.load(Ordering::Relaxed);
            if s.check.load(Ordering::Relaxed) ^ data == key {
                let old_depth = depth_of(data);
                if bound != Bound::Exact && old_depth > depth + 3 && age_of(data) == age {
                    return;
                }
                let best = best.or_else(|| decode(data).and_then(|e| e.best));
                let new = encode(best, score, depth, bound, age);
                s.data.store(new, Ordering::Relaxed);
                s.check.store(key ^ new, Ordering::Relaxed);
                return;
            }
            let worth = if decode(data).is_none() {
                i32::MIN
            } else {
                let stale = (age.wrapping_sub(age_of(data)) & AGE_MASK as u8) as i32;
                depth_of(data) - 8 * stale
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let new = encode(best, score, depth, bound, age);
        let s = &bucket[victim];
        s.data.store(new, Ordering::Relaxed);
        s.check.store(key ^ new, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Cell;

    #[test]
    fn entries_round_trip() {
        let t = Table::new(1);
        let mv = Move::normal(Cell::from_index(12), Cell::from_index(28)).promoting(5);
        let key = 0x1234_5678_9ABC_DEF0;
        t.store(key, Some(pack_move(&mv)), -29_950, 7, Bound::Lower);
        let e = t.probe(key).unwrap();
        assert_eq!(e.best, Some(pack_move(&mv)));
        assert_eq!((e.score, e.depth, e.bound), (-29_950, 7, Bound::Lower));
        assert_eq!(t.probe(key ^ 1), None);
        // A store without a move keeps the stored one.
        t.store(key, None, 15, 9, Bound::Exact);
        assert_eq!(t.probe(key).unwrap().best, Some(pack_move(&mv)));
        assert_eq!(t.probe(key).unwrap().score, 15);
    }

    #[test]
    fn packed_moves_differ_by_kind() {
        let a = Move::normal(Cell::from_index(3), Cell::from_index(4));
        let b = Move {
            kind: MoveKind::EnPassant {
                victim: Cell::from_index(5),
            },
            ..a
        };
        assert_ne!(pack_move(&a), pack_move(&b));
    }
}

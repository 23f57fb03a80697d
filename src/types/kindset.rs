//! A set of piece kinds (at most 128: [`crate::MAX_KINDS`] fits), as one bit mask.

use super::KindId;

/// A set of piece kind ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KindSet(u128);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);
    /// Every kind.
    pub const ALL: KindSet = KindSet(u128::MAX);

    /// Whether the set holds `kind`.
    #[inline(always)]
    pub fn contains(self, kind: KindId) -> bool {
        (kind as u32) < 128 && self.0 >> kind & 1 != 0
    }

    /// Add `kind` (ids of 128 and more are ignored: no variant has them).
    pub fn insert(&mut self, kind: KindId) {
        if (kind as u32) < 128 {
            self.0 |= 1 << kind;
        }
    }

    /// The kinds not in the set.
    pub fn complement(self) -> KindSet {
        KindSet(!self.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in the set, in id order.
    pub fn iter(self) -> impl Iterator<Item = KindId> {
        (0..128u32)
            .filter(move |&k| self.0 >> k & 1 != 0)
            .map(|k| k as KindId)
    }
}

impl FromIterator<KindId> for KindSet {
    fn from_iter<I: IntoIterator<Item = KindId>>(iter: I) -> KindSet {
        let mut set = KindSet::EMPTY;
        for k in iter {
            set.insert(k);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_inserted_and_nothing_else() {
        let set: KindSet = [0, 5, 119].into_iter().collect();
        assert!(set.contains(0) && set.contains(5) && set.contains(119));
        assert!(!set.contains(1) && !set.contains(120));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 5, 119]);
        assert!(!set.complement().contains(5) && set.complement().contains(6));
    }
}

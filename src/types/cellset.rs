//! A fixed-size set of cells (up to 256), stored as four 64-bit words.
//!
//! Used for occupancy, piece lists, the never-moved set and per-cell reach tables. Copy, no
//! allocation, iteration by `trailing_zeros`.

use super::cell::Cell;

/// A set of cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(pub [u64; 4]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);
    /// Every cell index (whether or not the board has it).
    pub const FULL: CellSet = CellSet([u64::MAX; 4]);

    /// Whether `cell` is in the set.
    #[inline(always)]
    pub fn contains(&self, cell: Cell) -> bool {
        let c = cell.index();
        (self.0[c >> 6] >> (c & 63)) & 1 != 0
    }

    /// Add a cell.
    #[inline(always)]
    pub fn insert(&mut self, cell: Cell) {
        let c = cell.index();
        self.0[c >> 6] |= 1 << (c & 63);
    }

    /// Remove a cell.
    #[inline(always)]
    pub fn remove(&mut self, cell: Cell) {
        let c = cell.index();
        self.0[c >> 6] &= !(1 << (c & 63));
    }

    /// Add or remove a cell.
    #[inline(always)]
    pub fn set(&mut self, cell: Cell, on: bool) {
        if on {
            self.insert(cell)
        } else {
            self.remove(cell)
        }
    }

    /// No cell in the set.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Number of cells.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Intersection.
    #[inline(always)]
    pub fn and(&self, other: &CellSet) -> CellSet {
        CellSet([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
            self.0[3] & other.0[3],
        ])
    }

    /// Union.
    #[inline(always)]
    pub fn or(&self, other: &CellSet) -> CellSet {
        CellSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }

    /// The cells of `self` not in `other`.
    #[inline(always)]
    pub fn and_not(&self, other: &CellSet) -> CellSet {
        CellSet([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
            self.0[3] & !other.0[3],
        ])
    }

    /// Iterate over the cells in increasing order.
    #[inline(always)]
    pub fn iter(&self) -> CellSetIter {
        CellSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

/// Iterator over a [`CellSet`].
pub struct CellSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellSetIter {
    type Item = Cell;
    #[inline(always)]
    fn next(&mut self) -> Option<Cell> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(Cell::from_index(self.word * 64 + bit));
            }
            self.word += 1;
        }
        None
    }
}

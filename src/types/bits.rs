//! Cell sets of the board's own width for the hot path.
//!
//! Tables and positions store [`CellSet`]s of 256 bits, so one compiled form serves every
//! board. Move generation and attack queries are generic over [`Bits`] and run with the
//! narrowest word that holds the board: `u64` for up to 64 cells (8×8), `u128` for up to
//! 128 (10×10, the 91-cell hex), the full set otherwise. Loading a table entry as a `u64`
//! reads its first word only; the words beyond the board's cells are always zero.

use super::cell::Cell;
use super::cellset::CellSet;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cells as a machine word (or four), with the operations move generation needs.
pub trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const ZERO: Self;
    /// The largest number of cells this width holds.
    const CELLS: usize;
    /// The first cells of a stored set (the others must be empty for this width).
    fn load(set: &CellSet) -> Self;
    /// The same cells as a stored set.
    fn store(self) -> CellSet;
    /// No cell.
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    /// The lowest cell (the set must not be empty).
    fn lowest(self) -> Cell;
    /// The highest cell (the set must not be empty).
    fn highest(self) -> Cell;
    /// Remove and return the lowest cell (the set must not be empty).
    fn pop_lowest(&mut self) -> Cell;
    /// Number of cells.
    fn count(self) -> u32;
    /// Whether `cell` is in the set.
    fn has(self, cell: Cell) -> bool;
    /// Every cell with an index up to `cell`, inclusive.
    fn up_to(cell: Cell) -> Self;
    /// Every cell with an index from `cell` on, inclusive.
    fn from_on(cell: Cell) -> Self;
    /// Iterate over the cells in increasing order.
    #[inline(always)]
    fn cells(self) -> BitsIter<Self> {
        BitsIter(self)
    }
}

/// Iterator over the cells of a [`Bits`] set, lowest first.
pub struct BitsIter<B>(B);

impl<B: Bits> Iterator for BitsIter<B> {
    type Item = Cell;
    #[inline(always)]
    fn next(&mut self) -> Option<Cell> {
        if self.0.is_zero() {
            return None;
        }
        Some(self.0.pop_lowest())
    }
}

impl Bits for u64 {
    #[inline(always)]
    fn pop_lowest(&mut self) -> Cell {
        let cell = Cell::from_index(self.trailing_zeros() as usize);
        *self &= *self - 1;
        cell
    }
    const ZERO: Self = 0;
    const CELLS: usize = 64;
    #[inline(always)]
    fn load(set: &CellSet) -> Self {
        set.0[0]
    }
    #[inline(always)]
    fn store(self) -> CellSet {
        CellSet([self, 0, 0, 0])
    }
    #[inline(always)]
    fn lowest(self) -> Cell {
        Cell::from_index(self.trailing_zeros() as usize)
    }
    #[inline(always)]
    fn highest(self) -> Cell {
        Cell::from_index((63 - self.leading_zeros()) as usize)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn has(self, cell: Cell) -> bool {
        (self >> (cell.index() & 63)) & 1 != 0
    }
    #[inline(always)]
    fn up_to(cell: Cell) -> Self {
        u64::MAX >> (63 - (cell.index() & 63))
    }
    #[inline(always)]
    fn from_on(cell: Cell) -> Self {
        u64::MAX << (cell.index() & 63)
    }
}

impl Bits for u128 {
    #[inline(always)]
    fn pop_lowest(&mut self) -> Cell {
        let cell = Cell::from_index(self.trailing_zeros() as usize);
        *self &= *self - 1;
        cell
    }
    const ZERO: Self = 0;
    const CELLS: usize = 128;
    #[inline(always)]
    fn load(set: &CellSet) -> Self {
        set.0[0] as u128 | (set.0[1] as u128) << 64
    }
    #[inline(always)]
    fn store(self) -> CellSet {
        CellSet([self as u64, (self >> 64) as u64, 0, 0])
    }
    #[inline(always)]
    fn lowest(self) -> Cell {
        Cell::from_index(self.trailing_zeros() as usize)
    }
    #[inline(always)]
    fn highest(self) -> Cell {
        Cell::from_index((127 - self.leading_zeros()) as usize)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn has(self, cell: Cell) -> bool {
        (self >> (cell.index() & 127)) & 1 != 0
    }
    #[inline(always)]
    fn up_to(cell: Cell) -> Self {
        u128::MAX >> (127 - (cell.index() & 127))
    }
    #[inline(always)]
    fn from_on(cell: Cell) -> Self {
        u128::MAX << (cell.index() & 127)
    }
}

impl BitAnd for CellSet {
    type Output = CellSet;
    #[inline(always)]
    fn bitand(self, other: CellSet) -> CellSet {
        self.and(&other)
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    #[inline(always)]
    fn bitor(self, other: CellSet) -> CellSet {
        self.or(&other)
    }
}

impl Not for CellSet {
    type Output = CellSet;
    #[inline(always)]
    fn not(self) -> CellSet {
        CellSet(self.0.map(|w| !w))
    }
}

impl BitAndAssign for CellSet {
    #[inline(always)]
    fn bitand_assign(&mut self, other: CellSet) {
        *self = self.and(&other);
    }
}

impl BitOrAssign for CellSet {
    #[inline(always)]
    fn bitor_assign(&mut self, other: CellSet) {
        *self = self.or(&other);
    }
}

impl Bits for CellSet {
    #[inline(always)]
    fn pop_lowest(&mut self) -> Cell {
        let cell = self.lowest();
        self.remove(cell);
        cell
    }
    const ZERO: Self = CellSet::EMPTY;
    const CELLS: usize = super::cell::MAX_CELLS;
    #[inline(always)]
    fn load(set: &CellSet) -> Self {
        *set
    }
    #[inline(always)]
    fn store(self) -> CellSet {
        self
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.is_empty()
    }
    #[inline(always)]
    fn lowest(self) -> Cell {
        self.iter().next().unwrap_or(Cell::from_index(0))
    }
    #[inline(always)]
    fn highest(self) -> Cell {
        for w in (0..4).rev() {
            if self.0[w] != 0 {
                return Cell::from_index(w * 64 + 63 - self.0[w].leading_zeros() as usize);
            }
        }
        Cell::from_index(0)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        CellSet::count(&self)
    }
    #[inline(always)]
    fn has(self, cell: Cell) -> bool {
        self.contains(cell)
    }
    #[inline(always)]
    fn up_to(cell: Cell) -> Self {
        let c = cell.index();
        let mut words = [0u64; 4];
        for (w, word) in words.iter_mut().enumerate() {
            *word = match (w * 64).cmp(&(c & !63)) {
                std::cmp::Ordering::Less => u64::MAX,
                std::cmp::Ordering::Equal => u64::MAX >> (63 - (c & 63)),
                std::cmp::Ordering::Greater => 0,
            };
        }
        CellSet(words)
    }
    #[inline(always)]
    fn from_on(cell: Cell) -> Self {
        !Self::up_to(cell) | {
            let mut one = CellSet::EMPTY;
            one.insert(cell);
            one
        }
    }
}

/// Which [`Bits`] width a board of `cells` cells uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    /// Up to 64 cells: `u64`.
    W64,
    /// Up to 128 cells: `u128`.
    W128,
    /// Up to 256 cells: [`CellSet`].
    W256,
}

impl Width {
    /// The narrowest width for `cells` cells.
    pub fn for_cells(cells: usize) -> Width {
        if cells <= 64 {
            Width::W64
        } else if cells <= 128 {
            Width::W128
        } else {
            Width::W256
        }
    }
}

/// Run `$body` with `$B` bound to the [`Bits`] type of `$width`.
#[macro_export]
macro_rules! with_width {
    ($width:expr, $B:ident => $body:expr) => {
        match $width {
            $crate::types::Width::W64 => {
                type $B = u64;
                $body
            }
            $crate::types::Width::W128 => {
                type $B = u128;
                $body
            }
            $crate::types::Width::W256 => {
                type $B = $crate::types::CellSet;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_width<B: Bits + std::fmt::Debug>(indices: &[usize]) {
        let cells: Vec<Cell> = indices.iter().map(|&i| Cell::from_index(i)).collect();
        let stored: CellSet = cells.iter().copied().collect();
        let b = B::load(&stored);
        assert_eq!(b.store(), stored);
        assert_eq!(b.cells().collect::<Vec<_>>(), cells.to_vec());
        assert_eq!(b.count() as usize, cells.len());
        if let (Some(&lo), Some(&hi)) = (cells.first(), cells.last()) {
            assert_eq!(b.lowest(), lo);
            assert_eq!(b.highest(), hi);
        }
        for i in 0..B::CELLS.min(256) {
            let c = Cell::from_index(i);
            assert_eq!(b.has(c), cells.contains(&c), "has {i}");
            let up: Vec<Cell> = B::up_to(c).cells().collect();
            let expected: Vec<Cell> = (0..=i).map(Cell::from_index).collect();
            assert_eq!(up, expected, "up_to {i}");
            assert_eq!(B::up_to(c) | B::from_on(c), !B::ZERO, "cover {i}");
            let both: Vec<Cell> = (B::up_to(c) & B::from_on(c)).cells().collect();
            assert_eq!(both, vec![c], "up_to and from_on meet in {i}");
        }
    }

    #[test]
    fn every_width_agrees_with_the_stored_set() {
        check_width::<u64>(&[0, 1, 17, 63]);
        check_width::<u128>(&[0, 63, 64, 90, 127]);
        check_width::<CellSet>(&[0, 63, 64, 128, 200, 255]);
        check_width::<u64>(&[]);
    }

    #[test]
    fn width_is_the_narrowest_that_holds_the_board() {
        assert_eq!(Width::for_cells(64), Width::W64);
        assert_eq!(Width::for_cells(65), Width::W128);
        assert_eq!(Width::for_cells(100), Width::W128);
        assert_eq!(Width::for_cells(129), Width::W256);
    }
}

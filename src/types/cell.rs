//! A cell of a board: an index below [`MAX_CELLS`], typed so that it cannot be confused with
//! a count, a kind or a raw byte, and so that "no cell" is `Option<Cell>`, never a magic
//! value.

/// The largest number of cells a board may have (16 × 16).
pub const MAX_CELLS: usize = 256;

/// A cell index on a board (0 ..= 255). The board's [`crate::Geometry`] names it and knows
/// its neighbours.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with this index. Panics in debug builds if `index` is not below
    /// [`MAX_CELLS`]; callers take indices from a geometry, which has at most that many.
    #[inline(always)]
    pub const fn from_index(index: usize) -> Cell {
        debug_assert!(index < MAX_CELLS);
        Cell(index as u8)
    }

    /// The cell's index, for tables with one entry per cell.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Debug for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

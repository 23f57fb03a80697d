//! Tables with one entry per piece (kind and colour) and cell, the shape of every compiled
//! move table: indexing is written once, here.

use super::cell::Cell;
use super::piece::Piece;

/// One `T` per (piece, cell), stored flat.
#[derive(Debug, Clone, Default)]
pub struct PieceCellTable<T> {
    cells: usize,
    entries: Vec<T>,
}

impl<T: Clone> PieceCellTable<T> {
    /// A table for `pieces` pieces (twice the kinds) on a board of `cells` cells, every entry
    /// `fill`.
    pub fn new(pieces: usize, cells: usize, fill: T) -> Self {
        PieceCellTable {
            cells,
            entries: vec![fill; pieces * cells],
        }
    }
}

impl<T> PieceCellTable<T> {
    /// The entry of `piece` on `cell`.
    #[inline(always)]
    pub fn get(&self, piece: Piece, cell: Cell) -> &T {
        &self.entries[piece.index() * self.cells + cell.index()]
    }

    /// The entry of `piece` on `cell`, to change.
    #[inline(always)]
    pub fn get_mut(&mut self, piece: Piece, cell: Cell) -> &mut T {
        &mut self.entries[piece.index() * self.cells + cell.index()]
    }
}

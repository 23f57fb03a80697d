//! How pictures draw the board (`[board] picture`): nothing in the rules depends on it.

use crate::types::CellSet;

/// Drawing hints for square boards.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picture {
    /// Pieces stand on the points where lines cross (Xiangqi, Janggi) instead of on
    /// chequered cells.
    pub intersections: bool,
    /// Cell sets whose bounding rectangles get their two diagonals drawn (one per side of
    /// each region named: a palace each).
    pub diagonals: Vec<CellSet>,
    /// White's cells of the region whose far edge is the river: lines crossing it are
    /// left out but on the board's edges.
    pub river: Option<CellSet>,
    /// Cell sets drawn with an outline (one per side of each region named).
    pub outlines: Vec<CellSet>,
}

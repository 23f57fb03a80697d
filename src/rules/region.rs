//! Named regions of the board (`[regions]`): a palace, a side of the river.

use crate::types::CellSet;

/// A named set of cells, per side (Black's carried from White's as the file says).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// Its name in `[regions]`.
    pub name: String,
    /// Its cells for White and for Black.
    pub cells: [CellSet; 2],
}

/// One group of a piece's `extra_moves`, as written (resolved to kinds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtraMoves {
    /// The Betza strings.
    pub betza: Vec<String>,
    /// Only while the piece stands in this region.
    pub when_in: Option<String>,
    /// The moves stay inside this region.
    pub confined_to: Option<String>,
    /// The moves capture only these kinds (empty: any).
    pub captures: Vec<crate::types::KindId>,
}

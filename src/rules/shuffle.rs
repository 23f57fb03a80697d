//! A start position drawn at random (`[setup] shuffle`, Chess960): which of White's cells
//! are shuffled, the pieces on them, and the constraints an arrangement must meet.

use crate::types::{Cell, KindId};

/// The compiled `[setup] shuffle`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shuffle {
    /// White's shuffled cells, in file order (Black's are their mirrors).
    pub cells: Vec<Cell>,
    /// The pieces on them in the written start position (`None`: an empty cell), sorted.
    pub pieces: Vec<Option<KindId>>,
    /// Kinds whose pieces may not all stand on cells of one colour.
    pub opposite_colours: Vec<KindId>,
    /// `(kind, outer)`: every piece of `kind` stands between two pieces of `outer`.
    pub between: Option<(KindId, KindId)>,
    /// How many arrangements meet the constraints.
    pub count: usize,
}

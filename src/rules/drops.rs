//! Pieces in hand and drops (`[rules] drops = true`): where each piece may be dropped, and
//! the drop restrictions the file gives as data (one per file, no checkmating drop).

use crate::types::{CellSet, KindId, KindSet};

/// The drop rules of a variant with drops.
#[derive(Debug, Clone, Default)]
pub struct Drops {
    /// Per piece index: the cells it may be dropped on when empty (its `drop_zone`, never
    /// a cell from which it could not move).
    pub zone: Vec<CellSet>,
    /// Kinds a side may not drop onto a file where it already has one of them (nifu).
    pub one_per_file: KindSet,
    /// Kinds whose drop may not checkmate (uchifuzume).
    pub no_mate: KindSet,
    /// Per file index (the first coordinate of a cell): its cells.
    pub files: Vec<CellSet>,
    /// Per kind: the other kinds a piece of it in hand may be dropped as (`drop_also_as`).
    pub also_as: Vec<Vec<KindId>>,
}

//! The compiled move data of a variant: per piece and cell, the flat move records the
//! interpreter walks, the plain leaps and slides bundled as cell sets, and the pools the
//! records point into. Built by [`crate::compile`]; read by move generation and hooks.

use crate::types::{Cell, CellSet, KindSet, PieceCellTable};

/// Flags of a move record.
pub mod flag {
    /// May move to an empty cell.
    pub const MOVE: u8 = 1;
    /// May capture an enemy piece.
    pub const CAPTURE: u8 = 2;
    /// May capture a friendly piece (`d`).
    pub const DESTROY: u8 = 4;
    /// Captures en passant (`e`).
    pub const EN_PASSANT: u8 = 8;
    /// Only while the piece has never moved (`i`).
    pub const INITIAL: u8 = 16;
    /// Making this move gives the opponent an en passant right on the cells passed over.
    pub const CREATES_EP: u8 = 32;
    /// Castling to a fixed file (Chess960): `distance` is the king's end file.
    pub const FIXED_END: u8 = 64;
}

/// How a record's cells are walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordShape {
    /// One target cell (`cells` has length 1), reachable if any of the alternative paths is
    /// open (or there are none).
    Leap,
    /// A ray: cells in order, stop at the first occupied cell.
    Slide,
    /// A cannon ray (`p`): pass exactly one piece, then act like a slide beyond it.
    Hop,
    /// A grasshopper ray (`g`): pass the first piece and land right behind it.
    Grasshop,
    /// Castling (`O`): `cells` is the ray from the king to the edge; `distance` is the king's
    /// step count.
    Castle,
}

/// One compiled move component of a piece on a cell.
#[derive(Debug, Clone, Copy)]
pub struct MoveRecord {
    /// How to walk the cells.
    pub shape: RecordShape,
    /// [`flag`] bits.
    pub flags: u8,
    /// Castling distance (king's steps), or with [`flag::FIXED_END`] the file castling
    /// ends on; 0 otherwise.
    pub distance: u8,
    /// Index of its [`Restriction`] in the move tables (see [`MoveTables::restriction`]);
    /// 0 = none.
    pub restriction: u8,
    /// Start of the record's cells in the cell pool.
    pub(crate) cells_start: u32,
    /// Number of cells.
    pub(crate) cells_len: u16,
    /// Number of alternative paths (Leap only); 0 = unconditional.
    pub(crate) paths_len: u16,
    /// Start of the alternative paths in the path pool.
    pub(crate) paths_start: u32,
}

impl MoveRecord {
    /// Whether the record is a leap that needs no path condition.
    #[inline(always)]
    pub fn is_unconditional(&self) -> bool {
        self.paths_len == 0
    }
}

/// A piece's moves on one cell: the range of its records in the record pool, in four groups
/// (ordinary, en passant-only, castling, then the plain leaps and slides), and those plain
/// leaps and slides again as cell sets and rays: generation and attack queries take them with
/// set operations and walk only the records before `castle_start`.
#[derive(Debug, Clone, Copy, Default)]
pub struct CellMoves {
    /// Start of the records.
    pub(crate) start: u32,
    /// Start of the en passant-only records (ordinary records come before them).
    pub(crate) ep_start: u32,
    /// Start of the castling records (after the en passant-only ones); the bundled records
    /// follow the castling ones up to `end`.
    pub(crate) castle_start: u32,
    /// End of the records.
    pub(crate) end: u32,
    /// Leaps that move or capture.
    pub move_or_capture: CellSet,
    /// Leaps to empty cells only.
    pub move_only: CellSet,
    /// Leaps that capture only.
    pub capture_only: CellSet,
    /// Start of the plain slides in the slide pool.
    pub(crate) rays_start: u32,
    /// End of the plain slides in the slide pool.
    pub(crate) rays_end: u32,
}

/// A plain slide (no condition, not initial-only) as a cell set. Its cells run in index order
/// (up when `increasing`, else down), so the first piece on it is the lowest (or highest)
/// occupied cell, found by one bit scan.
#[derive(Debug, Clone, Copy)]
pub struct SlideRay {
    /// The cells of the ray.
    pub cells: CellSet,
    /// [`flag`] bits (`MOVE`, `CAPTURE`).
    pub flags: u8,
    /// Cell indices grow along the ray.
    pub increasing: bool,
}

/// What a record may capture and hop over: kinds outside `victims` cannot be captured by
/// it; hopping moves (`p`, `g`) cannot use a piece whose kind is outside `screens`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restriction {
    /// Kinds it may capture.
    pub victims: KindSet,
    /// Kinds it may hop over.
    pub screens: KindSet,
}

impl Restriction {
    /// No restriction (index 0 of every table).
    pub const NONE: Restriction = Restriction {
        victims: KindSet::ALL,
        screens: KindSet::ALL,
    };
}

/// One way to reach a leap's target: cells that must be empty or occupied.
#[derive(Debug, Clone, Copy)]
pub struct PathCondition {
    /// Start in the condition pool.
    pub(crate) start: u32,
    /// Number of cells.
    pub(crate) len: u16,
}

/// A cell a path passes, and what it must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConditionCell {
    /// The cell.
    pub cell: Cell,
    /// true: must be occupied (a jump or hop); false: must be empty.
    pub occupied: bool,
}

/// Every move record of a variant and the per-(piece, cell) ranges into them.
#[derive(Debug, Clone, Default)]
pub struct MoveTables {
    /// Per (piece, cell): its moves.
    pub(crate) plain: PieceCellTable<CellMoves>,
    /// Per (piece, cell): its moves while adjacent to a friendly `adjacent_kinds` piece (base
    /// plus extra moves); the same as `plain` for other kinds.
    pub(crate) boosted: PieceCellTable<CellMoves>,
    /// Per (piece, cell): every cell the piece could capture on with some board.
    pub(crate) capture_reach: PieceCellTable<CellSet>,
    /// All move records.
    pub(crate) records: Vec<MoveRecord>,
    /// Cells of all records.
    pub(crate) cell_pool: Vec<Cell>,
    /// Alternative paths of all leap records.
    pub(crate) paths: Vec<PathCondition>,
    /// Cells of all paths.
    pub(crate) condition_pool: Vec<ConditionCell>,
    /// Plain slides of all bundles.
    pub(crate) slide_rays: Vec<SlideRay>,
    /// The capture and hop restrictions records refer to; index 0 is
    /// [`Restriction::NONE`].
    pub(crate) restrictions: Vec<Restriction>,
}

impl MoveTables {
    /// All the records of a piece's moves on a cell.
    #[inline(always)]
    pub fn records_in(&self, moves: &CellMoves) -> &[MoveRecord] {
        &self.records[moves.start as usize..moves.end as usize]
    }

    /// The cells of a record.
    #[inline(always)]
    pub fn record_cells(&self, record: &MoveRecord) -> &[Cell] {
        let s = record.cells_start as usize;
        &self.cell_pool[s..s + record.cells_len as usize]
    }

    /// The alternative paths of a leap record.
    #[inline(always)]
    pub fn record_paths(&self, record: &MoveRecord) -> &[PathCondition] {
        let s = record.paths_start as usize;
        &self.paths[s..s + record.paths_len as usize]
    }

    /// The restriction of a record.
    #[inline(always)]
    pub fn restriction(&self, record: &MoveRecord) -> &Restriction {
        &self.restrictions[record.restriction as usize]
    }

    /// The cells of a path.
    #[inline(always)]
    pub fn path_cells(&self, path: &PathCondition) -> &[ConditionCell] {
        let s = path.start as usize;
        &self.condition_pool[s..s + path.len as usize]
    }
}

/// Reverse attack tables: for every piece and target cell, the cells from which such a piece
/// could capture on the target (built by the compiler).
#[derive(Debug, Clone, Default)]
pub struct AttackTables {
    /// Per (piece, target): origins from which it captures whatever else stands on the
    /// board (plain leaps).
    pub(crate) free: PieceCellTable<CellSet>,
    /// Per (piece, target): origins from which it may capture depending on the board
    /// (slides, hops, lame leaps, conditional moves).
    pub(crate) conditional: PieceCellTable<CellSet>,
    /// Per (colour, target): the union of both tables over every kind of that colour,
    /// indexed `colour * cells + target`.
    pub(crate) any: Vec<CellSet>,
    /// Per (piece, cell): origins from which it captures en passant onto the cell.
    pub(crate) en_passant_origins: PieceCellTable<CellSet>,
}

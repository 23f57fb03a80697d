//! The compiled, immutable description of a variant: geometry, piece kinds, and per piece,
//! colour and cell the flat move records the interpreter walks. Built by `crate::compile`.

use crate::cellset::{Cell, CellSet};
use crate::geometry::Geometry;

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first, upper-case letters, starts at the bottom.
    White = 0,
    /// Lower-case letters, starts at the top.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
}

/// Index of a piece kind in [`Rules::kinds`].
pub type KindId = u8;

/// A piece on a cell: kind and colour, encoded as `1 + 2 * kind + colour` (0 = empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(pub u8);

impl Piece {
    /// Build from kind and colour.
    #[inline(always)]
    pub fn new(kind: KindId, color: Color) -> Piece {
        Piece(1 + 2 * kind + color as u8)
    }
    /// The piece's kind.
    #[inline(always)]
    pub fn kind(self) -> KindId {
        (self.0 - 1) >> 1
    }
    /// The piece's colour.
    #[inline(always)]
    pub fn color(self) -> Color {
        if (self.0 - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    /// Index into per-(kind, colour) tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

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
}

/// Per-kind summary bits, so the hot path can skip lookups for plain kinds.
pub mod kind_flag {
    /// The kind has a hook.
    pub const HOOK: u8 = 1;
    /// The kind has `when_adjacent_to` extra moves.
    pub const ADJACENT: u8 = 2;
    /// The kind's starting pieces make their first move without capturing.
    pub const FIRST_MOVE_RESTRICTED: u8 = 4;
    /// The kind's initial moves depend on an `initial_zone`.
    pub const INITIAL_ZONE: u8 = 8;
    /// The kind castles or is a castling partner.
    pub const CASTLING: u8 = 16;
    /// The kind has promotion rules.
    pub const PROMOTES: u8 = 32;
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
    /// Castling distance (king's steps); 0 otherwise.
    pub distance: u8,
    /// Start of the record's cells in [`Rules::cell_pool`].
    pub cells_start: u32,
    /// Number of cells.
    pub cells_len: u16,
    /// Number of alternative paths (Leap only); 0 = unconditional.
    pub paths_len: u16,
    /// Start of the alternative paths in [`Rules::paths`].
    pub paths_start: u32,
}

/// The plain leaps and slides of a piece on a cell as cell sets and rays (they are also the
/// last records of the cell's record range, after the castling ones): generation and attack
/// queries take them with set operations and walk only the records before `castle_start`.
#[derive(Debug, Clone, Copy, Default)]
pub struct LeapBundle {
    /// Start of the en passant-only records (ordinary records come before them).
    pub ep_start: u32,
    /// Start of the castling records (after the en passant-only ones); the bundled records
    /// follow the castling ones up to the range's end.
    pub castle_start: u32,
    /// Leaps that move or capture.
    pub move_or_capture: CellSet,
    /// Leaps to empty cells only.
    pub move_only: CellSet,
    /// Leaps that capture only.
    pub capture_only: CellSet,
    /// Start of the plain slides in [`Rules::slide_rays`].
    pub rays_start: u32,
    /// End of the plain slides in [`Rules::slide_rays`].
    pub rays_end: u32,
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

/// One way to reach a leap's target: cells that must be empty or occupied.
#[derive(Debug, Clone, Copy)]
pub struct PathCondition {
    /// Start in [`Rules::condition_pool`].
    pub start: u32,
    /// Number of cells.
    pub len: u16,
}

/// A cell a path passes, and what it must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConditionCell {
    /// The cell.
    pub cell: Cell,
    /// true: must be occupied (a jump or hop); false: must be empty.
    pub occupied: bool,
}

/// One promotion rule of a piece.
#[derive(Debug, Clone)]
pub struct Promotion {
    /// Cells where a move ending there promotes, per colour (empty for adjacency rules).
    pub zone: [CellSet; 2],
    /// The move ends next to an enemy piece of one of these kinds.
    pub adjacent_to_enemy: Vec<KindId>,
    /// Kinds it may become (each a separate move).
    pub to: Vec<KindId>,
    /// It must promote (otherwise not promoting is also a move).
    pub forced: bool,
}

/// A piece kind.
#[derive(Debug, Clone)]
pub struct PieceKind {
    /// Table key in the file (`king`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Upper-case letter (White); Black uses the lower case.
    pub letter: char,
    /// The Betza strings as written.
    pub betza: Vec<String>,
    /// Royal: may not be left attacked; checkmating it wins.
    pub royal: bool,
    /// Material value in pawns, if given.
    pub value: Option<f64>,
    /// Promotion rules in priority order: the first whose trigger holds decides.
    pub promotion: Vec<Promotion>,
    /// Kinds this piece castles with.
    pub castles_with: Vec<KindId>,
    /// Its moves reset the n-move counter.
    pub resets_n_move: bool,
    /// Its never-moved state matters (initial moves, castling) and is tracked.
    pub tracks_unmoved: bool,
    /// Cells (per colour) from which its initial (`i`) moves are allowed; `None` = while it
    /// has never moved.
    pub initial_zone: Option<[CellSet; 2]>,
    /// False: a piece of this kind that starts the game on the board makes its first move
    /// without capturing (and attacks nothing before it).
    pub first_move_captures: bool,
    /// Every move of this kind keeps the cell colour (a Bishop, a Ferz).
    pub color_bound: bool,
    /// A native move mechanism.
    pub hook: Option<crate::hooks::Hook>,
    /// Friendly kinds whose adjacency gives this kind its extra (`when_adjacent_to`) moves.
    pub adjacent_kinds: Vec<KindId>,
    /// It has castling (`O`) moves.
    pub castles: bool,
}

/// How stalemate ends the game, for the stalemated side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StalemateResult {
    /// Draw.
    Draw,
    /// The stalemated side wins.
    Win,
    /// The stalemated side loses.
    Loss,
}

/// Game-end rules.
#[derive(Debug, Clone)]
pub struct EndRules {
    /// Checkmate of a royal piece wins.
    pub checkmate: bool,
    /// Result of stalemate.
    pub stalemate: StalemateResult,
    /// Plies without capture or reset move after which a draw may be claimed.
    pub n_move_claim_plies: Option<u32>,
    /// Plies after which the game is drawn automatically.
    pub n_move_automatic_plies: Option<u32>,
    /// Occurrences for a repetition claim.
    pub repetition_claim: Option<u32>,
    /// Occurrences for an automatic repetition draw.
    pub repetition_automatic: Option<u32>,
    /// A side with no piece of any of these kinds on the board loses.
    pub extinction: Vec<KindId>,
    /// A royal piece ending a move in its side's zone wins.
    pub royal_zone: Option<[CellSet; 2]>,
}

/// The compiled variant.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Variant name.
    pub name: String,
    /// Board.
    pub geometry: Geometry,
    /// Piece kinds in file order.
    pub kinds: Vec<PieceKind>,
    /// Start position string.
    pub start_fen: String,
    /// Game-end rules.
    pub end: EndRules,
    /// Per (piece index, cell): range of records in `records`.
    pub record_index: Vec<(u32, u32)>,
    /// Per (piece index, cell): records while adjacent to a friendly `adjacent_kinds`
    /// piece (base plus extra moves); the same as `record_index` for other kinds.
    pub boosted_index: Vec<(u32, u32)>,
    /// Per (piece index, cell): the plain leaps of `record_index` as sets.
    pub leap_bundles: Vec<LeapBundle>,
    /// Per (piece index, cell): the plain leaps of `boosted_index` as sets.
    pub boosted_bundles: Vec<LeapBundle>,
    /// Per cell: the adjacent cells (six orthogonal neighbours on hex, eight on squares).
    pub adjacency: Vec<CellSet>,
    /// All move records.
    pub records: Vec<MoveRecord>,
    /// Cells of all records.
    pub cell_pool: Vec<Cell>,
    /// Alternative paths of all leap records.
    pub paths: Vec<PathCondition>,
    /// Cells of all paths.
    pub condition_pool: Vec<ConditionCell>,
    /// Plain slides of all bundles.
    pub slide_rays: Vec<SlideRay>,
    /// The cell-set width the hot path uses for this board.
    pub width: crate::bits::Width,
    /// Per (piece index, cell): every cell the piece could capture on with some board.
    pub capture_reach: Vec<CellSet>,
    /// Per (piece index, target cell): origins from which such a piece captures on the
    /// target whatever else stands on the board (plain leaps).
    pub attackers_free: Vec<CellSet>,
    /// Per (piece index, target cell): origins from which such a piece may capture on the
    /// target depending on the board (slides, hops, lame leaps, conditional moves).
    pub attackers_conditional: Vec<CellSet>,
    /// Per (colour index, target cell): the union of both tables above over every kind of
    /// that colour.
    pub attackers_any: Vec<CellSet>,
    /// Kinds with a hook (their attacks are asked of the hook).
    pub hook_kinds: Vec<KindId>,
    /// Per (piece index, cell): origins from which such a piece captures en passant onto
    /// the cell (when a right exists there).
    pub en_passant_origins: Vec<CellSet>,
    /// Per piece index: the cells where the piece's never-moved mark matters for its own
    /// moves (its initial moves, or its first-move rule), whatever castling needs.
    pub keeps_unmoved_mark: Vec<CellSet>,
    /// Per piece index: the cells where a move of that piece may end in a promotion (every
    /// cell when a rule is triggered by adjacency; none for kinds that never promote).
    pub promotion_cells: Vec<CellSet>,
    /// Per kind: [`kind_flag`] bits.
    pub kind_flags: Vec<u8>,
    /// Whether a kind has any en passant capture.
    pub has_en_passant: bool,
    /// Kinds with an en passant capture of their own (hooks lend theirs separately).
    pub en_passant_kinds: Vec<KindId>,
    /// Royal kinds.
    pub royal_kinds: Vec<KindId>,
    /// Kinds that castle (have partners).
    pub castling_kinds: Vec<KindId>,
    /// Zobrist keys per (piece index, cell).
    pub zobrist_piece: Vec<u64>,
    /// Zobrist key of Black to move.
    pub zobrist_black: u64,
    /// Zobrist key per en passant cell.
    pub zobrist_ep: Vec<u64>,
    /// Zobrist key per never-moved cell.
    pub zobrist_unmoved: Vec<u64>,
}

impl Rules {
    /// Number of cells.
    #[inline(always)]
    pub fn cells(&self) -> usize {
        self.geometry.cell_count()
    }

    /// The move records of a piece on a cell.
    #[inline(always)]
    pub fn records_of(&self, piece: Piece, cell: Cell) -> &[MoveRecord] {
        let (start, end) = self.record_index[piece.index() * self.cells() + cell as usize];
        &self.records[start as usize..end as usize]
    }

    /// The move records of a piece on a cell, with its extra moves when it stands next to a
    /// friendly piece of its `adjacent_kinds`.
    #[inline(always)]
    pub fn records_in(
        &self,
        pos: &crate::position::Position,
        piece: Piece,
        cell: Cell,
    ) -> &[MoveRecord] {
        let kind = &self.kinds[piece.kind() as usize];
        if !kind.adjacent_kinds.is_empty()
            && self.is_adjacent_to(pos, piece.color(), cell, &kind.adjacent_kinds)
        {
            let (start, end) = self.boosted_index[piece.index() * self.cells() + cell as usize];
            return &self.records[start as usize..end as usize];
        }
        self.records_of(piece, cell)
    }

    /// For generation: the records that are neither plain leaps nor castling (without the
    /// en passant-only ones when `en_passant` is false), and the plain leaps as sets, for a
    /// piece on a cell (with its extra moves when `boosted`).
    #[inline(always)]
    pub fn generation_tables(
        &self,
        piece: Piece,
        cell: Cell,
        boosted: bool,
        en_passant: bool,
    ) -> (&[MoveRecord], &LeapBundle) {
        let slot = piece.index() * self.cells() + cell as usize;
        let (start, bundle) = if boosted {
            (self.boosted_index[slot].0, &self.boosted_bundles[slot])
        } else {
            (self.record_index[slot].0, &self.leap_bundles[slot])
        };
        let end = if en_passant {
            bundle.castle_start
        } else {
            bundle.ep_start
        };
        (&self.records[start as usize..end as usize], bundle)
    }

    /// The plain slides of a bundle.
    #[inline(always)]
    pub fn bundle_rays(&self, bundle: &LeapBundle) -> &[SlideRay] {
        &self.slide_rays[bundle.rays_start as usize..bundle.rays_end as usize]
    }

    /// Whether `cell` is next to a piece of `color` of one of `kinds`.
    #[inline(always)]
    pub fn is_adjacent_to(
        &self,
        pos: &crate::position::Position,
        color: Color,
        cell: Cell,
        kinds: &[KindId],
    ) -> bool {
        let around = &self.adjacency[cell as usize];
        kinds
            .iter()
            .any(|&k| !around.and(pos.cells_of(Piece::new(k, color))).is_empty())
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

    /// The cells of a path.
    #[inline(always)]
    pub fn path_cells(&self, path: &PathCondition) -> &[ConditionCell] {
        let s = path.start as usize;
        &self.condition_pool[s..s + path.len as usize]
    }

    /// Cells a piece on `cell` could capture on, ignoring other pieces.
    #[inline(always)]
    pub fn reach(&self, piece: Piece, cell: Cell) -> &CellSet {
        &self.capture_reach[piece.index() * self.cells() + cell as usize]
    }

    /// Origins from which `piece` captures on `target` unconditionally.
    #[inline(always)]
    pub fn attackers_free(&self, piece: Piece, target: Cell) -> &CellSet {
        &self.attackers_free[piece.index() * self.cells() + target as usize]
    }

    /// Origins from which `piece` may capture on `target`, depending on the board.
    #[inline(always)]
    pub fn attackers_conditional(&self, piece: Piece, target: Cell) -> &CellSet {
        &self.attackers_conditional[piece.index() * self.cells() + target as usize]
    }

    /// Origins from which `piece` captures en passant onto `cell`.
    #[inline(always)]
    pub fn en_passant_origins(&self, piece: Piece, cell: Cell) -> &CellSet {
        &self.en_passant_origins[piece.index() * self.cells() + cell as usize]
    }

    /// The cells where `piece`'s never-moved mark matters for its own moves.
    #[inline(always)]
    pub fn keeps_unmoved_mark(&self, piece: Piece) -> &CellSet {
        &self.keeps_unmoved_mark[piece.index()]
    }

    /// The cells where a move of `piece` may end in a promotion.
    #[inline(always)]
    pub fn promotion_cells(&self, piece: Piece) -> &CellSet {
        &self.promotion_cells[piece.index()]
    }

    /// Origins from which some piece of `color` may capture on `target` (on some board).
    #[inline(always)]
    pub fn attackers_any(&self, color: Color, target: Cell) -> &CellSet {
        &self.attackers_any[color.index() * self.cells() + target as usize]
    }

    /// The kind whose letter (either case) is `letter`.
    pub fn kind_by_letter(&self, letter: char) -> Option<KindId> {
        let up = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == up)
            .map(|i| i as KindId)
    }

    /// The kind with this id.
    pub fn kind_by_id(&self, id: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.id == id)
            .map(|i| i as KindId)
    }

    /// The letter of a piece as it appears in a position string.
    pub fn piece_char(&self, piece: Piece) -> char {
        let c = self.kinds[piece.kind() as usize].letter;
        match piece.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

//! The compiled, immutable description of a variant. Declared data (what the file says,
//! resolved: the board, the piece kinds, the start position, the end rules) is kept apart
//! from derived data (the per-piece-per-cell move records, reverse attack tables, per-kind
//! summaries and hash keys that the compiler computes from it in one step).

mod drops;
mod end;
mod hook;
mod kind;
mod picture;
mod records;
mod region;
mod result;
mod shuffle;

pub use drops::Drops;
pub use end::{
    BareKing, EndRules, Explosion, Extinction, Goal, PassEnd, PassRule, StalemateResult, Verdict,
};
pub use hook::{AttackLines, Hook};
pub use kind::{kind_flag, PieceKind, Promotion};
pub use picture::Picture;
pub use records::{
    flag, AttackTables, CellMoves, ConditionCell, MoveRecord, MoveTables, PathCondition,
    RecordShape, Restriction, SlideRay,
};
pub use region::{ExtraMoves, Region};
pub use result::{DrawReason, Outcome, WinReason};
pub use shuffle::Shuffle;

use crate::board::{Board, Zobrist};
use crate::geometry::Geometry;
use crate::types::{Cell, CellSet, Color, KindId, Piece, Width};

/// The compiled variant. Load one with [`Rules::load`] or [`Rules::from_toml`].
#[derive(Debug, Clone)]
pub struct Rules {
    /// A number no other compiled `Rules` has (a clone keeps it: the same rules), by which
    /// the engine keeps its evaluation tables between searches.
    pub(crate) id: u64,
    // ---- Declared: what the file says.
    /// Variant name.
    pub(crate) name: String,
    /// Board.
    pub(crate) geometry: Geometry,
    /// Piece kinds in file order.
    pub(crate) kinds: Vec<PieceKind>,
    /// Start position string.
    pub(crate) start_fen: String,
    /// Game-end rules.
    pub(crate) end: EndRules,
    /// Named regions, in file order.
    pub(crate) regions: Vec<Region>,
    /// How pictures draw the board.
    pub(crate) picture: Picture,
    /// The start position's random arrangements, if the file shuffles it.
    pub(crate) shuffle: Option<Shuffle>,
    /// Castling is always written as the castling piece's cell and the partner's cell (a
    /// kind castles to fixed files, as in Chess960).
    pub(crate) castling_names_partner: bool,
    /// Per kind: how many pieces of it each side has in the setup (White's first).
    pub(crate) setup_counts: Vec<[u32; 2]>,
    /// Pieces in hand and drops, if the variant has them.
    pub(crate) drops: Option<Drops>,
    /// Per side: the cells where a never-moved piece's first move may gate a piece from
    /// the hand (`gating = true`: the side's first rank).
    pub(crate) gating: Option<[CellSet; 2]>,
    /// The learned evaluation the file's `[engine] net` names, read and checked to fit.
    pub(crate) net: Option<std::sync::Arc<crate::net_file::Net>>,

    // ---- Derived: computed from the above by the compiler.
    /// Move records per piece and cell.
    pub(crate) moves: MoveTables,
    /// Reverse attack tables.
    pub(crate) attacks: AttackTables,
    /// Zobrist keys.
    pub(crate) zobrist: Zobrist,
    /// The cell-set width the hot path uses for this board.
    pub(crate) width: Width,
    /// Per cell: the adjacent cells (six orthogonal neighbours on hex, eight on squares).
    pub(crate) adjacency: Vec<CellSet>,
    /// Per kind: [`kind_flag`] bits.
    pub(crate) kind_flags: Vec<u8>,
    /// Royal kinds, per side.
    pub(crate) royal_kinds: [Vec<KindId>; 2],
    /// Kinds that castle (have partners), per side.
    pub(crate) castling_kinds: [Vec<KindId>; 2],
    /// Kinds with a hook (their attacks are asked of the hook).
    pub(crate) hook_kinds: Vec<KindId>,
    /// Whether a kind has any en passant capture.
    pub(crate) has_en_passant: bool,
    /// Kinds with an en passant capture of their own (hooks lend theirs separately).
    pub(crate) en_passant_kinds: Vec<KindId>,
    /// Per piece index: the cells where the piece's never-moved mark matters for its own
    /// moves (its initial moves, or its first-move rule), whatever castling needs.
    pub(crate) keeps_unmoved_mark: Vec<CellSet>,
    /// Per piece index: the cells where a move of that piece may end in a promotion (every
    /// cell when a rule is triggered by adjacency; none for kinds that never promote).
    pub(crate) promotion_cells: Vec<CellSet>,
    /// Per piece index: the cells where a move starting there may promote (rules with
    /// `from_zone`).
    pub(crate) promotion_origins: Vec<CellSet>,
    /// Some promotion rule triggers on a move's origin (`from_zone`): generation then looks
    /// at [`Rules::promotion_origins`].
    pub(crate) promotes_from_zone: bool,
    /// Per piece index: the cells from which it could never move, even with every other
    /// cell holding an enemy (an optional promotion is compulsory there; no drop there).
    pub(crate) stuck: Vec<CellSet>,
    /// Making a move must look whether it gave check (n-check, initial moves that end on
    /// a check).
    pub(crate) counts_checks: bool,
    /// [`EndRules::has_board_decisions`], computed once for the hot path.
    pub(crate) decides_by_board: bool,
    /// [`EndRules::filters_moves`], computed once for the hot path.
    pub(crate) filters_moves: bool,
}

/// The next [`Rules::id`].
pub(crate) fn next_rules_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Rules {
    /// Whether a kind's moves from a cell depend on nothing but the cell: no hook, adjacency
    /// bonus, first-move rule or initial zone (promotion and castling are handled apart).
    #[inline(always)]
    pub(crate) fn is_plain_kind(&self, kind: KindId) -> bool {
        self.kind_flags[kind as usize] & !(kind_flag::PROMOTES | kind_flag::CASTLING) == 0
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The learned evaluation the file names (`[engine] net`), which the engine plays with
    /// unless told otherwise ([`crate::engine::Features::net`]).
    pub fn net(&self) -> Option<&std::sync::Arc<crate::net_file::Net>> {
        self.net.as_ref()
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The piece kinds, in file order (a [`KindId`] indexes this).
    pub fn kinds(&self) -> &[PieceKind] {
        &self.kinds
    }

    /// One piece kind.
    pub fn kind(&self, kind: KindId) -> &PieceKind {
        &self.kinds[kind as usize]
    }

    /// The start position string.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The game-end rules.
    pub fn end_rules(&self) -> &EndRules {
        &self.end
    }

    /// How pictures draw the board (`[board] picture`).
    pub fn picture(&self) -> &Picture {
        &self.picture
    }

    /// The start position's shuffle (`[setup] shuffle`), if any.
    pub fn shuffle(&self) -> Option<&Shuffle> {
        self.shuffle.as_ref()
    }

    /// The named regions (`[regions]`), in file order.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// The royal kinds of one side.
    #[inline(always)]
    pub fn royal_kinds(&self, color: Color) -> &[KindId] {
        &self.royal_kinds[color.index()]
    }

    /// The kinds that castle, for one side.
    #[inline(always)]
    pub fn castling_kinds(&self, color: Color) -> &[KindId] {
        &self.castling_kinds[color.index()]
    }

    /// Number of cells.
    #[inline(always)]
    pub fn cells(&self) -> usize {
        self.geometry.cell_count()
    }

    /// The move records of a piece on a cell.
    #[inline(always)]
    pub fn records_of(&self, piece: Piece, cell: Cell) -> &[MoveRecord] {
        self.moves.records_in(self.moves.plain.get(piece, cell))
    }

    /// The move records of a piece on a cell, with its extra moves when it stands next to a
    /// friendly piece of its `adjacent_kinds`.
    #[inline(always)]
    pub fn records_in(&self, board: &Board, piece: Piece, cell: Cell) -> &[MoveRecord] {
        let kind = &self.kinds[piece.kind() as usize];
        if !kind.adjacent_kinds.is_empty()
            && self.is_adjacent_to(board, piece.color(), cell, &kind.adjacent_kinds)
        {
            return self.moves.records_in(self.moves.boosted.get(piece, cell));
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
    ) -> (&[MoveRecord], &CellMoves) {
        let bundle = if boosted {
            self.moves.boosted.get(piece, cell)
        } else {
            self.moves.plain.get(piece, cell)
        };
        let end = if en_passant {
            bundle.castle_start
        } else {
            bundle.ep_start
        };
        (
            &self.moves.records[bundle.start as usize..end as usize],
            bundle,
        )
    }

    /// The plain slides of a bundle.
    #[inline(always)]
    pub fn bundle_rays(&self, bundle: &CellMoves) -> &[SlideRay] {
        &self.moves.slide_rays[bundle.rays_start as usize..bundle.rays_end as usize]
    }

    /// Whether `cell` is next to a piece of `color` of one of `kinds`.
    #[inline(always)]
    pub fn is_adjacent_to(
        &self,
        board: &Board,
        color: Color,
        cell: Cell,
        kinds: &[KindId],
    ) -> bool {
        let around = &self.adjacency[cell.index()];
        kinds
            .iter()
            .any(|&k| !around.and(board.cells_of(Piece::new(k, color))).is_empty())
    }

    /// The cells adjacent to `cell`.
    pub fn adjacent_cells(&self, cell: Cell) -> &CellSet {
        &self.adjacency[cell.index()]
    }

    /// The cells of a record.
    #[inline(always)]
    pub fn record_cells(&self, record: &MoveRecord) -> &[Cell] {
        self.moves.record_cells(record)
    }

    /// The alternative paths of a leap record.
    #[inline(always)]
    pub fn record_paths(&self, record: &MoveRecord) -> &[PathCondition] {
        self.moves.record_paths(record)
    }

    /// The cells of a path.
    #[inline(always)]
    pub fn path_cells(&self, path: &PathCondition) -> &[ConditionCell] {
        self.moves.path_cells(path)
    }

    /// What a record may capture and hop over.
    #[inline(always)]
    pub fn restriction(&self, record: &MoveRecord) -> &Restriction {
        self.moves.restriction(record)
    }

    /// Cells a piece on `cell` could capture on, ignoring other pieces.
    #[inline(always)]
    pub fn reach(&self, piece: Piece, cell: Cell) -> &CellSet {
        self.moves.capture_reach.get(piece, cell)
    }

    /// Origins from which `piece` captures on `target` unconditionally.
    #[inline(always)]
    pub fn attackers_free(&self, piece: Piece, target: Cell) -> &CellSet {
        self.attacks.free.get(piece, target)
    }

    /// Origins from which `piece` may capture on `target`, depending on the board.
    #[inline(always)]
    pub fn attackers_conditional(&self, piece: Piece, target: Cell) -> &CellSet {
        self.attacks.conditional.get(piece, target)
    }

    /// Origins from which `piece` captures en passant onto `cell`.
    #[inline(always)]
    pub fn en_passant_origins(&self, piece: Piece, cell: Cell) -> &CellSet {
        self.attacks.en_passant_origins.get(piece, cell)
    }

    /// Origins from which some piece of `color` may capture on `target` (on some board).
    #[inline(always)]
    pub fn attackers_any(&self, color: Color, target: Cell) -> &CellSet {
        &self.attacks.any[color.index() * self.cells() + target.index()]
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

    /// The kind whose letter (either case) is `letter`: the unmarked one where a marked
    /// kind (`+P`, `Q~`) shares the letter.
    pub fn kind_by_letter(&self, letter: char) -> Option<KindId> {
        self.kind_by_symbol(letter, None).or_else(|| {
            let up = letter.to_ascii_uppercase();
            self.kinds
                .iter()
                .position(|k| k.letter == up)
                .map(|i| i as KindId)
        })
    }

    /// The kind whose letter (either case) is `letter` with the mark `mark` (`+` or `~`).
    pub fn kind_by_symbol(&self, letter: char, mark: Option<char>) -> Option<KindId> {
        let up = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == up && k.mark == mark)
            .map(|i| i as KindId)
    }

    /// Whether a kind is pawn-like: not royal, no hook, it moves at all, and every move from
    /// every cell of an empty board ends higher (further forward for White) than it starts.
    /// The engine's pawn structure and the position-string checks use it.
    pub fn is_pawn_like(&self, kind: KindId) -> bool {
        let k = &self.kinds[kind as usize];
        if k.royal_for_some_side() || k.hook.is_some() {
            return false;
        }
        let g = &self.geometry;
        let piece = Piece::new(kind, Color::White);
        let mut moves_somewhere = false;
        for cell in g.cells() {
            let h = g.height(cell);
            for rec in self.records_of(piece, cell) {
                if rec.shape == RecordShape::Castle {
                    continue;
                }
                for &c in self.record_cells(rec) {
                    moves_somewhere = true;
                    if g.height(c) <= h {
                        return false;
                    }
                }
            }
        }
        moves_somewhere
    }

    /// The drop rules, if pieces in hand may be dropped.
    pub fn drops(&self) -> Option<&Drops> {
        self.drops.as_ref()
    }

    /// Whether positions have pieces in hand (drops or gating).
    #[inline(always)]
    pub fn has_hands(&self) -> bool {
        self.drops.is_some() || self.gating.is_some()
    }

    /// Whether captured pieces go to the captor's hand (variants with drops).
    #[inline(always)]
    pub fn captures_to_hand(&self) -> bool {
        self.drops.is_some()
    }

    /// Per side, the cells where a first move may gate a piece from the hand.
    pub fn gating_cells(&self) -> Option<&[CellSet; 2]> {
        self.gating.as_ref()
    }

    /// The kind with this id.
    pub fn kind_by_id(&self, id: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.id == id)
            .map(|i| i as KindId)
    }

    /// The names of `kinds` as an English list: "Queen, Rook or Bishop" (`last` = "or").
    pub fn kind_names(&self, kinds: &[KindId], last: &str) -> String {
        let n: Vec<&str> = kinds
            .iter()
            .map(|&k| self.kinds[k as usize].name.as_str())
            .collect();
        match n.split_last() {
            None => String::new(),
            Some((only, [])) => only.to_string(),
            Some((tail, rest)) => format!("{} {last} {tail}", rest.join(", ")),
        }
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

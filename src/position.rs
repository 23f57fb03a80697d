//! The mutable game state: what stands where, whose move it is, the en passant right, which
//! pieces have never moved, the counters, and an incremental Zobrist hash. Make and unmake
//! restore the position exactly.

use crate::cellset::{Cell, CellSet};
use crate::rules::{Color, KindId, Piece, Rules};

/// What kind of move a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture on `to`.
    Normal,
    /// A move that gives the opponent an en passant right on `aux` (and `aux2` if not 255).
    DoubleStep,
    /// An en passant capture of the piece on `aux`.
    EnPassant,
    /// Castling: the king goes `from`→`to`, the partner `aux`→`aux2`.
    Castle,
    /// A charge: the piece goes `from`→`to` along a straight line whose first cell is
    /// `aux`, capturing every piece after `aux` up to and including `to`, and becomes the
    /// kind in `promotion`.
    Sweep,
}

/// "No cell" in the auxiliary fields of a move.
pub const NO_CELL: Cell = 255;

/// A move. Compact and `Copy`; its meaning depends on [`MoveKind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin.
    pub from: Cell,
    /// Destination of the moving piece.
    pub to: Cell,
    /// The kind of move.
    pub kind: MoveKind,
    /// Promotion: 0 for none, otherwise `1 + kind` of the new piece.
    pub promotion: u8,
    /// En passant victim, castling partner origin, or first passed cell of a double step.
    pub aux: Cell,
    /// Castling partner destination or second passed cell of a double step.
    pub aux2: Cell,
}

impl Move {
    /// A plain move or capture.
    #[inline(always)]
    pub fn normal(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            promotion: 0,
            aux: NO_CELL,
            aux2: NO_CELL,
        }
    }

    /// The kind promoted to, if any.
    pub fn promotion_kind(&self) -> Option<KindId> {
        (self.promotion != 0).then(|| self.promotion - 1)
    }
}

/// What make needs to undo a move.
#[derive(Debug, Clone, Copy)]
struct Undo {
    mv: Move,
    moved: u8,
    captured: u8,
    captured_at: Cell,
    swept: [u8; crate::hooks::charge::MAX_CHARGE],
    ep_cells: CellSet,
    ep_victim: Cell,
    unmoved: CellSet,
    halfmove: u32,
    hash: u64,
}

/// A position of a game of some variant. Methods take the variant's [`Rules`].
#[derive(Debug, Clone)]
pub struct Position {
    board: Vec<u8>,
    occupied: [CellSet; 2],
    by_piece: Vec<CellSet>,
    side: Color,
    ep_cells: CellSet,
    ep_victim: Cell,
    unmoved: CellSet,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    history: Vec<Undo>,
}

impl Position {
    /// An empty board, White to move.
    pub fn empty(rules: &Rules) -> Position {
        let history = Vec::with_capacity(512);
        Position {
            board: vec![0; rules.cells()],
            occupied: [CellSet::EMPTY; 2],
            by_piece: vec![CellSet::EMPTY; rules.kinds.len() * 2],
            side: Color::White,
            ep_cells: CellSet::EMPTY,
            ep_victim: crate::position::NO_CELL,
            unmoved: CellSet::EMPTY,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            history,
        }
    }

    /// The piece on a cell.
    #[inline(always)]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let p = self.board[cell as usize];
        (p != 0).then_some(Piece(p))
    }

    /// Raw piece code on a cell (0 = empty).
    #[inline(always)]
    pub fn code_at(&self, cell: Cell) -> u8 {
        self.board[cell as usize]
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Cells occupied by a side.
    #[inline(always)]
    pub fn occupied(&self, color: Color) -> &CellSet {
        &self.occupied[color.index()]
    }

    /// Cells holding this piece (kind and colour).
    #[inline(always)]
    pub fn cells_of(&self, piece: Piece) -> &CellSet {
        &self.by_piece[piece.index()]
    }

    /// Cells whose pieces have never moved (tracked kinds only).
    #[inline(always)]
    pub fn unmoved(&self) -> &CellSet {
        &self.unmoved
    }

    /// Cells where the side to move may capture en passant.
    #[inline(always)]
    pub fn ep_cells(&self) -> &CellSet {
        &self.ep_cells
    }

    /// The piece an en passant capture removes, if a right exists.
    #[inline(always)]
    pub fn ep_victim(&self) -> Option<Cell> {
        (self.ep_victim != NO_CELL).then_some(self.ep_victim)
    }

    /// Plies since the last capture or counter-resetting move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Move number (starts at 1, grows after Black moves).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist hash.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Hashes of the positions before each move made so far (oldest first), for repetition.
    pub fn history_hashes(&self) -> impl Iterator<Item = u64> + '_ {
        self.history.iter().map(|u| u.hash)
    }

    /// Moves made on this position object, oldest first.
    pub fn moves_made(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Plies made (and not unmade) on this object.
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// Put a piece on an empty cell (setup; keeps the hash current).
    pub fn put(&mut self, rules: &Rules, cell: Cell, piece: Piece) {
        debug_assert_eq!(self.board[cell as usize], 0);
        self.board[cell as usize] = piece.0;
        self.occupied[piece.color().index()].insert(cell);
        self.by_piece[piece.index()].insert(cell);
        self.hash ^= rules.zobrist_piece[piece.index() * rules.cells() + cell as usize];
    }

    /// Remove the piece on a cell (setup; keeps the hash current).
    pub fn take(&mut self, rules: &Rules, cell: Cell) -> Option<Piece> {
        let piece = self.piece_at(cell)?;
        self.board[cell as usize] = 0;
        self.occupied[piece.color().index()].remove(cell);
        self.by_piece[piece.index()].remove(cell);
        self.hash ^= rules.zobrist_piece[piece.index() * rules.cells() + cell as usize];
        Some(piece)
    }

    /// Set the side to move (setup).
    pub fn set_side_to_move(&mut self, rules: &Rules, side: Color) {
        if self.side != side {
            self.hash ^= rules.zobrist_black;
        }
        self.side = side;
    }

    /// Replace the never-moved set (setup).
    pub fn set_unmoved(&mut self, rules: &Rules, unmoved: CellSet) {
        for c in self.unmoved.iter() {
            self.hash ^= rules.zobrist_unmoved[c as usize];
        }
        self.unmoved = unmoved;
        for c in self.unmoved.iter() {
            self.hash ^= rules.zobrist_unmoved[c as usize];
        }
    }

    /// Set the en passant right (setup).
    pub fn set_en_passant(&mut self, rules: &Rules, cells: CellSet, victim: Option<Cell>) {
        for c in self.ep_cells.iter() {
            self.hash ^= rules.zobrist_ep[c as usize];
        }
        self.ep_cells = cells;
        self.ep_victim = victim.unwrap_or(NO_CELL);
        for c in self.ep_cells.iter() {
            self.hash ^= rules.zobrist_ep[c as usize];
        }
    }

    /// Set the counters (setup).
    pub fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self, rules: &Rules) -> u64 {
        let mut h = 0;
        for c in 0..self.board.len() {
            if self.board[c] != 0 {
                let p = Piece(self.board[c]);
                h ^= rules.zobrist_piece[p.index() * rules.cells() + c];
            }
        }
        if self.side == Color::Black {
            h ^= rules.zobrist_black;
        }
        for c in self.ep_cells.iter() {
            h ^= rules.zobrist_ep[c as usize];
        }
        for c in self.unmoved.iter() {
            h ^= rules.zobrist_unmoved[c as usize];
        }
        h
    }

    #[inline(always)]
    fn remove_piece(&mut self, rules: &Rules, cell: Cell) -> u8 {
        let code = self.board[cell as usize];
        if code != 0 {
            let p = Piece(code);
            self.board[cell as usize] = 0;
            self.occupied[p.color().index()].remove(cell);
            self.by_piece[p.index()].remove(cell);
            self.hash ^= rules.zobrist_piece[p.index() * rules.cells() + cell as usize];
        }
        code
    }

    #[inline(always)]
    fn place_piece(&mut self, rules: &Rules, cell: Cell, code: u8) {
        let p = Piece(code);
        self.board[cell as usize] = code;
        self.occupied[p.color().index()].insert(cell);
        self.by_piece[p.index()].insert(cell);
        self.hash ^= rules.zobrist_piece[p.index() * rules.cells() + cell as usize];
    }

    #[inline(always)]
    fn clear_unmoved(&mut self, rules: &Rules, cell: Cell) {
        if cell != NO_CELL && self.unmoved.contains(cell) {
            self.unmoved.remove(cell);
            self.hash ^= rules.zobrist_unmoved[cell as usize];
        }
    }

    /// Play a move (assumed pseudo-legal for this position).
    pub fn make(&mut self, rules: &Rules, mv: Move) {
        let moved = self.board[mv.from as usize];
        let mut undo = Undo {
            mv,
            moved,
            captured: 0,
            captured_at: NO_CELL,
            swept: [0; crate::hooks::charge::MAX_CHARGE],
            ep_cells: self.ep_cells,
            ep_victim: self.ep_victim,
            unmoved: self.unmoved,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        // The old en passant right ends with any move.
        if !self.ep_cells.is_empty() {
            for c in self.ep_cells.iter() {
                self.hash ^= rules.zobrist_ep[c as usize];
            }
            self.ep_cells = CellSet::EMPTY;
            self.ep_victim = NO_CELL;
        }
        let mover = Piece(moved);
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant => {
                let capture_cell = if mv.kind == MoveKind::EnPassant {
                    mv.aux
                } else {
                    mv.to
                };
                let captured = self.remove_piece(rules, capture_cell);
                if captured != 0 {
                    undo.captured = captured;
                    undo.captured_at = capture_cell;
                    self.clear_unmoved(rules, capture_cell);
                }
                self.remove_piece(rules, mv.from);
                let placed = match mv.promotion_kind() {
                    Some(k) => Piece::new(k, mover.color()).0,
                    None => moved,
                };
                self.place_piece(rules, mv.to, placed);
            }
            MoveKind::Sweep => {
                let step = rules.geometry.unit_step(mv.from, mv.aux);
                let mut cell = mv.aux;
                let mut i = 0;
                while cell != mv.to {
                    let Some(next) = step.and_then(|v| rules.geometry.offset(cell, v)) else {
                        break;
                    };
                    cell = next;
                    let code = self.remove_piece(rules, cell);
                    if code != 0 {
                        undo.captured = code;
                        self.clear_unmoved(rules, cell);
                    }
                    undo.swept[i] = code;
                    i += 1;
                }
                self.remove_piece(rules, mv.from);
                let placed = Piece::new(mv.promotion_kind().unwrap_or(mover.kind()), mover.color());
                self.place_piece(rules, mv.to, placed.0);
            }
            MoveKind::Castle => {
                let partner = self.remove_piece(rules, mv.aux);
                self.remove_piece(rules, mv.from);
                self.place_piece(rules, mv.to, moved);
                self.place_piece(rules, mv.aux2, partner);
                self.clear_unmoved(rules, mv.aux);
            }
        }
        self.clear_unmoved(rules, mv.from);
        let castling_piece = (rules.kind_flags[mover.kind() as usize]
            | if undo.captured != 0 {
                rules.kind_flags[Piece(undo.captured).kind() as usize]
            } else {
                0
            })
            & crate::rules::kind_flag::CASTLING
            != 0;
        if castling_piece && self.unmoved != undo.unmoved {
            // Marks are cleared on the mover's side and on the captured piece's.
            self.drop_dead_castling_marks(rules, mover.color());
            if undo.captured != 0 {
                self.drop_dead_castling_marks(rules, mover.color().flip());
            }
        }
        if mv.kind == MoveKind::DoubleStep {
            let mut cells = CellSet::EMPTY;
            cells.insert(mv.aux);
            if mv.aux2 != NO_CELL {
                cells.insert(mv.aux2);
            }
            if self.ep_capture_possible(rules, &cells, mover.color().flip()) {
                for c in cells.iter() {
                    self.hash ^= rules.zobrist_ep[c as usize];
                }
                self.ep_cells = cells;
                self.ep_victim = mv.to;
            }
        }
        if undo.captured != 0 || rules.kinds[mover.kind() as usize].resets_n_move {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        self.hash ^= rules.zobrist_black;
        self.history.push(undo);
    }

    /// Take back the last move made. Does nothing if none was made.
    pub fn unmake(&mut self, rules: &Rules) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        let mv = undo.mv;
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        match mv.kind {
            MoveKind::Sweep => {
                self.remove_piece(rules, mv.to);
                self.place_piece(rules, mv.from, undo.moved);
                let step = rules.geometry.unit_step(mv.from, mv.aux);
                let mut cell = mv.aux;
                for &code in &undo.swept {
                    let Some(next) = step.and_then(|v| rules.geometry.offset(cell, v)) else {
                        break;
                    };
                    cell = next;
                    if code != 0 {
                        self.place_piece(rules, cell, code);
                    }
                    if cell == mv.to {
                        break;
                    }
                }
            }
            MoveKind::Castle => {
                let partner = self.remove_piece(rules, mv.aux2);
                self.remove_piece(rules, mv.to);
                self.place_piece(rules, mv.from, undo.moved);
                self.place_piece(rules, mv.aux, partner);
            }
            _ => {
                self.remove_piece(rules, mv.to);
                self.place_piece(rules, mv.from, undo.moved);
                if undo.captured != 0 {
                    self.place_piece(rules, undo.captured_at, undo.captured);
                }
            }
        }
        self.ep_cells = undo.ep_cells;
        self.ep_victim = undo.ep_victim;
        self.unmoved = undo.unmoved;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }

    /// Whether some piece of `side` has an en passant capture onto one of `cells`
    /// (pseudo-legally). A right that nobody can use is not recorded, so that positions
    /// repeat as players expect.
    fn ep_capture_possible(&self, rules: &Rules, cells: &CellSet, side: Color) -> bool {
        if !rules.has_en_passant {
            return false;
        }
        for &k in &rules.en_passant_kinds {
            let piece = Piece::new(k, side);
            let placed = self.cells_of(piece);
            if cells
                .iter()
                .any(|c| !rules.en_passant_origins(piece, c).and(placed).is_empty())
            {
                return true;
            }
        }
        for &k in &rules.hook_kinds {
            let piece = Piece::new(k, side);
            if let Some(hook) = &rules.kinds[k as usize].hook {
                for from in self.cells_of(piece).iter() {
                    if crate::hooks::en_passant_reaches(rules, self, hook, piece, from, cells) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Clear never-moved marks that can no longer matter: a castling piece with no
    /// never-moved partner of its side left, or a partner with no never-moved castling piece
    /// left, unless the piece's own initial moves or first-move rule need the mark. Positions
    /// with the same castling rights then hash alike, so repetitions count as in FIDE chess.
    fn drop_dead_castling_marks(&mut self, rules: &Rules, color: Color) {
        let marked = |pos: &Position, k: KindId| {
            !pos.cells_of(Piece::new(k, color))
                .and(&pos.unmoved)
                .is_empty()
        };
        let mut dead = CellSet::EMPTY;
        for &k in &rules.castling_kinds {
            let kind = &rules.kinds[k as usize];
            if !kind.castles_with.iter().any(|&p| marked(self, p)) {
                dead = dead.or(&self.cells_of(Piece::new(k, color)).and(&self.unmoved));
            }
            for &p in &kind.castles_with {
                let live = rules.castling_kinds.contains(&p)
                    || rules.castling_kinds.iter().any(|&c| {
                        marked(self, c) && rules.kinds[c as usize].castles_with.contains(&p)
                    });
                if !live {
                    dead = dead.or(&self.cells_of(Piece::new(p, color)).and(&self.unmoved));
                }
            }
        }
        for cell in dead.iter() {
            let piece = Piece(self.board[cell as usize]);
            if !rules.keeps_unmoved_mark(piece).contains(cell) {
                self.clear_unmoved(rules, cell);
            }
        }
    }
}

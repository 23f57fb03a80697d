//! A position of a game: a [`Board`] plus the moves that led to it, so that they can be
//! taken back exactly and repetitions counted. Making a move follows the variant's
//! [`Rules`]: captures (and explosions, and captured pieces going to the captor's hand),
//! drops, en passant, castling, sweeps, passes, promotion, the en passant right a double
//! step gives, and the never-moved marks.

use std::ops::Deref;

use crate::board::{Board, Saved};
use crate::rules::{kind_flag, Rules};
use crate::types::{Cell, CellSet, Color, KindId, Move, MoveKind, Piece, MAX_SWEEP};

/// What unmake needs to take a move back.
#[derive(Debug, Clone, Copy)]
struct Undo {
    mv: Move,
    moved: Piece,
    /// The piece captured (the last one, for a sweep) and where it stood.
    captured: Option<(Cell, Piece)>,
    /// A sweep's captures, cell by cell after its first cell.
    swept: [Option<Piece>; MAX_SWEEP],
    /// An explosion's victims next to the target, in the order of the target's adjacent
    /// cells.
    exploded: [Option<Piece>; MAX_ADJACENT],
    /// The capture exploded (the mover is gone too).
    explosion: bool,
    /// The move gave check (recorded where perpetual check loses).
    gave_check: bool,
    saved: Saved,
}

/// The most cells adjacent to one cell (eight on squares, six on hexes).
const MAX_ADJACENT: usize = 8;

/// A position of a game of some variant: the board and the moves made on this object.
/// Methods that change it take the variant's [`Rules`]; reading it goes through the
/// [`Board`] it dereferences to.
#[derive(Debug, Clone)]
pub struct Position {
    board: Board,
    history: Vec<Undo>,
}

impl Deref for Position {
    type Target = Board;
    #[inline(always)]
    fn deref(&self) -> &Board {
        &self.board
    }
}

impl Position {
    /// An empty board, White to move.
    pub fn empty(rules: &Rules) -> Position {
        Position {
            board: Board::empty(rules.cells(), rules.kinds.len()),
            history: Vec::with_capacity(512),
        }
    }

    /// The board.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Hashes of the positions before each move made so far (oldest first), for repetition.
    pub fn history_hashes(&self) -> impl Iterator<Item = u64> + '_ {
        self.history.iter().map(|u| u.saved.hash())
    }

    /// Moves made on this position object, oldest first.
    pub fn moves_made(&self) -> impl DoubleEndedIterator<Item = Move> + ExactSizeIterator + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// For each move made so far (oldest first), whether it gave check; recorded only in
    /// variants where perpetual check loses (false otherwise).
    pub fn checks_made(&self) -> impl DoubleEndedIterator<Item = bool> + ExactSizeIterator + '_ {
        self.history.iter().map(|u| u.gave_check)
    }

    /// Plies made (and not unmade) on this object.
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// Forget the moves made (they can no longer be taken back or repeat).
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// Put a piece on an empty cell (setup; keeps the hash current).
    pub fn put(&mut self, rules: &Rules, cell: Cell, piece: Piece) {
        self.board.place(&rules.zobrist, cell, piece);
    }

    /// Remove the piece on a cell (setup; keeps the hash current).
    pub fn take(&mut self, rules: &Rules, cell: Cell) -> Option<Piece> {
        self.board.remove(&rules.zobrist, cell)
    }

    /// Set the side to move (setup).
    pub fn set_side_to_move(&mut self, rules: &Rules, side: Color) {
        self.board.set_side(&rules.zobrist, side);
    }

    /// Replace the never-moved set (setup).
    pub fn set_unmoved(&mut self, rules: &Rules, unmoved: CellSet) {
        self.board.set_unmoved(&rules.zobrist, unmoved);
    }

    /// Set the en passant right (setup).
    pub fn set_en_passant(&mut self, rules: &Rules, cells: CellSet, victim: Option<Cell>) {
        self.board.set_en_passant(&rules.zobrist, cells, victim);
    }

    /// Set the checks a side has given (setup; n-check variants).
    pub fn set_checks(&mut self, rules: &Rules, side: Color, checks: u8) {
        self.board.set_checks(&rules.zobrist, side, checks);
    }

    /// Set how many of `piece` its side holds in hand (setup).
    pub fn set_in_hand(&mut self, rules: &Rules, piece: Piece, count: u8) {
        self.board.set_hand(&rules.zobrist, piece, count);
    }

    /// Set the counters (setup).
    pub fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.board.set_counters(halfmove, fullmove);
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self, rules: &Rules) -> u64 {
        self.board.compute_hash(&rules.zobrist)
    }

    /// Play a move (assumed pseudo-legal for this position).
    pub fn make(&mut self, rules: &Rules, mv: Move) {
        let keys = &rules.zobrist;
        let board = &mut self.board;
        let moved = match mv.kind {
            MoveKind::Drop { kind } => Piece::new(kind, board.side_to_move()),
            _ => board.occupant(mv.from),
        };
        let mut undo = Undo {
            mv,
            moved,
            captured: None,
            swept: [None; MAX_SWEEP],
            exploded: [None; MAX_ADJACENT],
            explosion: false,
            gave_check: false,
            saved: board.saved(),
        };
        // The old en passant right ends with any move.
        board.clear_en_passant(keys);
        match mv.kind {
            MoveKind::Pass => {
                board.finish_move(keys, false);
                self.history.push(undo);
                return;
            }
            MoveKind::Drop { kind } => {
                // The piece leaves the hand as the kind it is held as (another face may enter).
                let held = Piece::new(rules.kinds[kind as usize].in_hand_as, moved.color());
                board.hand_remove(keys, held);
                board.place(keys, mv.to, moved);
                board.finish_move(keys, false);
                if rules.counts_checks {
                    count_check(rules, board, moved.color(), &mut undo);
                }
                self.history.push(undo);
                return;
            }
            _ => {}
        }
        let side = moved.color();
        let hands = rules.captures_to_hand();
        // A captured piece goes to the captor's hand (as its `in_hand_as` kind).
        let to_hand = |board: &mut Board, captured: Piece| {
            if hands {
                let kind = rules.kinds[captured.kind() as usize].in_hand_as;
                board.hand_add(keys, Piece::new(kind, side));
            }
        };
        let becomes = |kind: Option<KindId>| kind.map_or(moved, |k| Piece::new(k, side));
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep { .. } | MoveKind::EnPassant { .. } => {
                let capture_cell = match mv.kind {
                    MoveKind::EnPassant { victim } => victim,
                    _ => mv.to,
                };
                if let Some(captured) = board.remove(keys, capture_cell) {
                    undo.captured = Some((capture_cell, captured));
                    board.clear_unmoved(keys, capture_cell);
                    to_hand(board, captured);
                }
                board.remove(keys, mv.from);
                board.place(keys, mv.to, becomes(mv.promotion));
            }
            MoveKind::Sweep { first } => {
                let path = rules.geometry.line_after(mv.from, first, mv.to);
                for (i, cell) in path.enumerate().take(MAX_SWEEP) {
                    if let Some(captured) = board.remove(keys, cell) {
                        undo.captured = Some((cell, captured));
                        undo.swept[i] = Some(captured);
                        board.clear_unmoved(keys, cell);
                        to_hand(board, captured);
                    }
                }
                board.remove(keys, mv.from);
                board.place(keys, mv.to, becomes(mv.promotion));
            }
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => {
                let partner = board
                    .remove(keys, partner_from)
                    .expect("castling has a partner");
                board.remove(keys, mv.from);
                board.place(keys, mv.to, moved);
                board.place(keys, partner_to, partner);
                board.clear_unmoved(keys, partner_from);
            }
            MoveKind::Pass | MoveKind::Drop { .. } => {}
        }
        board.clear_unmoved(keys, mv.from);
        if let Some(gate) = mv.gate() {
            // Gating: a piece from the hand enters on a cell the move emptied.
            let gated = Piece::new(gate.kind, side);
            board.hand_remove(keys, gated);
            board.place(keys, gate.cell, gated);
        }
        if let (Some(explosion), Some(_)) = (&rules.end.explosion, undo.captured) {
            // The capturing piece and the non-immune pieces around the target go too.
            undo.explosion = true;
            board.remove(keys, mv.to);
            for (i, cell) in rules.adjacency[mv.to.index()].iter().enumerate() {
                if let Some(piece) = board.piece_at(cell) {
                    if !explosion.immune.contains(piece.kind()) && i < MAX_ADJACENT {
                        board.remove(keys, cell);
                        board.clear_unmoved(keys, cell);
                        undo.exploded[i] = Some(piece);
                    }
                }
            }
        }
        let captured = undo.captured.map(|(_, p)| p);
        let castling_piece = (rules.kind_flags[moved.kind() as usize]
            | captured.map_or(0, |p| rules.kind_flags[p.kind() as usize]))
            & kind_flag::CASTLING
            != 0;
        if (castling_piece || undo.explosion) && *board.unmoved() != undo.saved.unmoved() {
            // Marks are cleared on the mover's side and on the captured piece's.
            drop_dead_castling_marks(rules, board, side);
            if captured.is_some() {
                drop_dead_castling_marks(rules, board, side.flip());
            }
        }
        if let MoveKind::DoubleStep {
            passed,
            also_passed,
        } = mv.kind
        {
            let mut cells = CellSet::EMPTY;
            cells.insert(passed);
            if let Some(c) = also_passed {
                cells.insert(c);
            }
            if ep_capture_possible(rules, board, &cells, side.flip()) {
                board.set_en_passant(keys, cells, Some(mv.to));
            }
        }
        let resets = captured.is_some() || rules.kinds[moved.kind() as usize].resets_n_move;
        board.finish_move(keys, resets);
        if rules.counts_checks {
            count_check(rules, board, side, &mut undo);
        }
        self.history.push(undo);
    }

    /// Take back the last move made. Does nothing if none was made.
    pub fn unmake(&mut self, rules: &Rules) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        let keys = &rules.zobrist;
        let board = &mut self.board;
        let mv = undo.mv;
        board.unfinish_move();
        if undo.explosion {
            for (cell, piece) in rules.adjacency[mv.to.index()].iter().zip(undo.exploded) {
                if let Some(piece) = piece {
                    board.place(keys, cell, piece);
                }
            }
        }
        let side = undo.moved.color();
        let hands = rules.captures_to_hand();
        if let Some(gate) = mv.gate() {
            let gated = board.remove(keys, gate.cell).expect("the gated piece");
            board.hand_add(keys, gated);
        }
        // Take a captured piece back out of the captor's hand.
        let from_hand = |board: &mut Board, captured: Piece| {
            if hands {
                let kind = rules.kinds[captured.kind() as usize].in_hand_as;
                board.hand_remove(keys, Piece::new(kind, side));
            }
        };
        match mv.kind {
            MoveKind::Pass => {}
            MoveKind::Drop { kind } => {
                board.remove(keys, mv.to);
                let held = Piece::new(rules.kinds[kind as usize].in_hand_as, side);
                board.hand_add(keys, held);
            }
            MoveKind::Sweep { first } => {
                board.remove(keys, mv.to);
                board.place(keys, mv.from, undo.moved);
                let path = rules.geometry.line_after(mv.from, first, mv.to);
                for (cell, piece) in path.zip(undo.swept) {
                    if let Some(piece) = piece {
                        board.place(keys, cell, piece);
                        from_hand(board, piece);
                    }
                }
            }
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => {
                let partner = board.remove(keys, partner_to).expect("the partner castled");
                board.remove(keys, mv.to);
                board.place(keys, mv.from, undo.moved);
                board.place(keys, partner_from, partner);
            }
            _ => {
                if !undo.explosion {
                    board.remove(keys, mv.to);
                }
                board.place(keys, mv.from, undo.moved);
                if let Some((cell, piece)) = undo.captured {
                    board.place(keys, cell, piece);
                    from_hand(board, piece);
                }
            }
        }
        board.restore(&undo.saved);
    }
}

/// After a move by `mover`: if it gave check, count it (n-check), record it (perpetual
/// check) and end the checked side's initial moves that end on a check.
fn count_check(rules: &Rules, board: &mut Board, mover: Color, undo: &mut Undo) {
    let checked = mover.flip();
    if !crate::attacks::royal_attacked(rules, board, checked) {
        return;
    }
    undo.gave_check = true;
    if rules.end.n_check.is_some() {
        let given = board.checks_given(mover).saturating_add(1);
        board.set_checks(&rules.zobrist, mover, given);
    }
    for (k, kind) in rules.kinds.iter().enumerate() {
        if kind.initial_until_checked {
            let marked = board
                .cells_of(Piece::new(k as KindId, checked))
                .and(board.unmoved());
            for cell in marked.iter() {
                board.clear_unmoved(&rules.zobrist, cell);
            }
        }
    }
}

/// Whether some piece of `side` has an en passant capture onto one of `cells`
/// (pseudo-legally). A right that nobody can use is not recorded, so that positions repeat
/// as players expect.
fn ep_capture_possible(rules: &Rules, board: &Board, cells: &CellSet, side: Color) -> bool {
    if !rules.has_en_passant {
        return false;
    }
    for &k in &rules.en_passant_kinds {
        let piece = Piece::new(k, side);
        let placed = board.cells_of(piece);
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
            for from in board.cells_of(piece).iter() {
                if hook.en_passant_reaches(rules, board, piece, from, cells) {
                    return true;
                }
            }
        }
    }
    false
}

/// Clear never-moved marks that can no longer matter: a castling piece with no never-moved
/// partner of its side left, or a partner with no never-moved castling piece left, unless
/// the piece's own initial moves or first-move rule need the mark. Positions with the same
/// castling rights then hash alike, so repetitions count as in FIDE chess.
fn drop_dead_castling_marks(rules: &Rules, board: &mut Board, color: Color) {
    let marked = |board: &Board, k: KindId| {
        !board
            .cells_of(Piece::new(k, color))
            .and(board.unmoved())
            .is_empty()
    };
    let mut dead = CellSet::EMPTY;
    let castlers = rules.castling_kinds(color);
    for &k in castlers {
        let kind = &rules.kinds[k as usize];
        if !kind.partners(color).iter().any(|&p| marked(board, p)) {
            dead = dead.or(&board.cells_of(Piece::new(k, color)).and(board.unmoved()));
        }
        for &p in kind.partners(color) {
            let live = castlers.contains(&p)
                || castlers.iter().any(|&c| {
                    marked(board, c) && rules.kinds[c as usize].partners(color).contains(&p)
                });
            if !live {
                dead = dead.or(&board.cells_of(Piece::new(p, color)).and(board.unmoved()));
            }
        }
    }
    // Where gating is possible, every first-rank mark matters: the first move gates.
    let gates = rules
        .gating
        .as_ref()
        .map_or(CellSet::EMPTY, |cells| cells[color.index()]);
    for cell in dead.iter() {
        let piece = board.occupant(cell);
        if !rules.keeps_unmoved_mark(piece).contains(cell) && !gates.contains(cell) {
            board.clear_unmoved(&rules.zobrist, cell);
        }
    }
}

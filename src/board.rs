//! What a position string says, and nothing about how it came about: the piece on every cell,
//! the pieces in hand, the side to move, the en passant right, which pieces have never moved, the counters, and
//! the Zobrist hash of all that. [`crate::Position`] adds the moves that led here (to take
//! them back and to count repetitions) and the rules that make moves.
//!
//! A `Board` knows no rules: it is filled by [`crate::Position`] and read by move generation
//! and by hooks. The hash is kept current by every change, with the variant's [`Zobrist`]
//! keys.

use crate::types::{Cell, CellSet, Color, Piece, PieceCellTable};

/// The Zobrist keys of a variant: one random 64-bit key per (piece, cell), for Black to
/// move, per en passant cell and per never-moved cell. The hash of a board is the XOR of the
/// keys of what is on it.
#[derive(Debug, Clone, Default)]
pub struct Zobrist {
    /// Per (piece, cell).
    pub(crate) piece: PieceCellTable<u64>,
    /// Black to move.
    pub(crate) black: u64,
    /// Per cell: an en passant right there.
    pub(crate) en_passant: Vec<u64>,
    /// Per cell: a never-moved piece there.
    pub(crate) unmoved: Vec<u64>,
    /// Per side and number of checks given (n-check variants).
    pub(crate) checks: [[u64; MAX_CHECKS + 1]; 2],
    /// Per (piece, count in hand), at `piece index × HAND_COUNTS + count` (variants with
    /// drops only; count 0 hashes as nothing).
    pub(crate) hand: Vec<u64>,
}

/// How many counts a hand holds per piece: 0 to `HAND_COUNTS - 1`.
pub const HAND_COUNTS: usize = 256;

/// The most checks a side's counter holds (an `n_check` of at most this).
pub const MAX_CHECKS: usize = 15;

/// The state of a game at one moment (see the module docs).
#[derive(Debug, Clone)]
pub struct Board {
    /// Per cell: 0 for empty, else the piece's code.
    cells: Vec<u8>,
    occupied: [CellSet; 2],
    by_piece: Vec<CellSet>,
    side: Color,
    ep_cells: CellSet,
    ep_victim: Option<Cell>,
    unmoved: CellSet,
    halfmove: u32,
    fullmove: u32,
    /// Checks given by each side (n-check variants; zero otherwise).
    checks: [u8; 2],
    /// Per piece (kind and colour): how many its side holds in hand (variants with drops).
    hand: Vec<u8>,
    hash: u64,
}

impl Board {
    /// An empty board of `cells` cells for `kinds` piece kinds, White to move.
    pub(crate) fn empty(cells: usize, kinds: usize) -> Board {
        Board {
            cells: vec![0; cells],
            occupied: [CellSet::EMPTY; 2],
            by_piece: vec![CellSet::EMPTY; kinds * 2],
            side: Color::White,
            ep_cells: CellSet::EMPTY,
            ep_victim: None,
            unmoved: CellSet::EMPTY,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            hand: vec![0; kinds * 2],
            hash: 0,
        }
    }

    /// How many of `piece` (kind and colour) its side holds in hand.
    #[inline(always)]
    pub fn in_hand(&self, piece: Piece) -> u8 {
        self.hand[piece.index()]
    }

    /// Whether `side` holds any piece in hand.
    pub fn has_hand(&self, side: crate::types::Color) -> bool {
        self.hand
            .iter()
            .enumerate()
            .any(|(i, &n)| n > 0 && Piece::from_index(i).color() == side)
    }

    /// Add one `piece` to its side's hand (a full count stays full).
    #[inline(always)]
    pub(crate) fn hand_add(&mut self, keys: &Zobrist, piece: Piece) {
        let n = self.hand[piece.index()];
        if (n as usize) + 1 < HAND_COUNTS {
            self.set_hand(keys, piece, n + 1);
        }
    }

    /// Take one `piece` from its side's hand (an empty count stays empty).
    #[inline(always)]
    pub(crate) fn hand_remove(&mut self, keys: &Zobrist, piece: Piece) {
        let n = self.hand[piece.index()];
        if n > 0 {
            self.set_hand(keys, piece, n - 1);
        }
    }

    /// Set how many of `piece` its side holds in hand.
    #[inline(always)]
    pub(crate) fn set_hand(&mut self, keys: &Zobrist, piece: Piece, count: u8) {
        let i = piece.index();
        if !keys.hand.is_empty() {
            self.hash ^= keys.hand[i * HAND_COUNTS + self.hand[i] as usize]
                ^ keys.hand[i * HAND_COUNTS + count as usize];
        }
        self.hand[i] = count;
    }

    /// The piece on a cell.
    #[inline(always)]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let code = self.cells[cell.index()];
        (code != 0).then(|| Piece::from_code(code))
    }

    /// The piece a move of the side to move moves: the one on its origin, or the one it
    /// drops.
    #[inline(always)]
    pub fn mover(&self, mv: &crate::types::Move) -> Option<Piece> {
        match mv.kind {
            crate::types::MoveKind::Drop { kind } => Some(Piece::new(kind, self.side)),
            _ => self.piece_at(mv.from),
        }
    }

    /// The piece on a cell known to hold one (a cell of an occupancy set): no check on the
    /// hot path beyond a debug assertion.
    #[inline(always)]
    pub fn occupant(&self, cell: Cell) -> Piece {
        Piece::from_code(self.cells[cell.index()])
    }

    /// Per cell: 0 for an empty cell, else its piece's code — compared position to position
    /// by the learned evaluation's accumulator ([`crate::engine::net::NetAccumulator`]).
    #[inline(always)]
    pub(crate) fn cell_codes(&self) -> &[u8] {
        &self.cells
    }

    /// Whether a cell holds a piece.
    #[inline(always)]
    pub fn is_occupied(&self, cell: Cell) -> bool {
        self.cells[cell.index()] != 0
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
        self.ep_victim
    }

    /// Plies since the last capture or counter-resetting move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Move number (starts at 1, grows after Black moves).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The checks `side` has given (counted in n-check variants only).
    #[inline(always)]
    pub fn checks_given(&self, side: Color) -> u8 {
        self.checks[side.index()]
    }

    /// The Zobrist hash.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self, keys: &Zobrist) -> u64 {
        let mut h = 0;
        for (index, &code) in self.cells.iter().enumerate() {
            if code != 0 {
                h ^= keys
                    .piece
                    .get(Piece::from_code(code), Cell::from_index(index));
            }
        }
        if self.side == Color::Black {
            h ^= keys.black;
        }
        for c in self.ep_cells.iter() {
            h ^= keys.en_passant[c.index()];
        }
        for c in self.unmoved.iter() {
            h ^= keys.unmoved[c.index()];
        }
        for side in Color::BOTH {
            h ^= keys.checks[side.index()][self.checks[side.index()] as usize];
        }
        if !keys.hand.is_empty() {
            for (i, &n) in self.hand.iter().enumerate() {
                h ^= keys.hand[i * HAND_COUNTS + n as usize];
            }
        }
        h
    }

    /// Remove the piece on a cell, if any, and return it.
    #[inline(always)]
    pub(crate) fn remove(&mut self, keys: &Zobrist, cell: Cell) -> Option<Piece> {
        let piece = self.piece_at(cell)?;
        self.cells[cell.index()] = 0;
        self.occupied[piece.color().index()].remove(cell);
        self.by_piece[piece.index()].remove(cell);
        self.hash ^= keys.piece.get(piece, cell);
        Some(piece)
    }

    /// Put a piece on an empty cell.
    #[inline(always)]
    pub(crate) fn place(&mut self, keys: &Zobrist, cell: Cell, piece: Piece) {
        debug_assert_eq!(self.cells[cell.index()], 0);
        self.cells[cell.index()] = piece.code();
        self.occupied[piece.color().index()].insert(cell);
        self.by_piece[piece.index()].insert(cell);
        self.hash ^= keys.piece.get(piece, cell);
    }

    /// Forget that the piece on `cell` has never moved.
    #[inline(always)]
    pub(crate) fn clear_unmoved(&mut self, keys: &Zobrist, cell: Cell) {
        if self.unmoved.contains(cell) {
            self.unmoved.remove(cell);
            self.hash ^= keys.unmoved[cell.index()];
        }
    }

    /// Set the side to move.
    pub(crate) fn set_side(&mut self, keys: &Zobrist, side: Color) {
        if self.side != side {
            self.hash ^= keys.black;
        }
        self.side = side;
    }

    /// Replace the never-moved set.
    pub(crate) fn set_unmoved(&mut self, keys: &Zobrist, unmoved: CellSet) {
        for c in self
            .unmoved
            .and_not(&unmoved)
            .or(&unmoved.and_not(&self.unmoved))
            .iter()
        {
            self.hash ^= keys.unmoved[c.index()];
        }
        self.unmoved = unmoved;
    }

    /// Replace the en passant right.
    pub(crate) fn set_en_passant(&mut self, keys: &Zobrist, cells: CellSet, victim: Option<Cell>) {
        for c in self.ep_cells.iter() {
            self.hash ^= keys.en_passant[c.index()];
        }
        self.ep_cells = cells;
        self.ep_victim = victim;
        for c in self.ep_cells.iter() {
            self.hash ^= keys.en_passant[c.index()];
        }
    }

    /// End the en passant right, if there is one.
    #[inline(always)]
    pub(crate) fn clear_en_passant(&mut self, keys: &Zobrist) {
        if !self.ep_cells.is_empty() {
            self.set_en_passant(keys, CellSet::EMPTY, None);
        }
    }

    /// Set the checks a side has given (at most [`MAX_CHECKS`]).
    pub(crate) fn set_checks(&mut self, keys: &Zobrist, side: Color, checks: u8) {
        let checks = checks.min(MAX_CHECKS as u8);
        let i = side.index();
        self.hash ^= keys.checks[i][self.checks[i] as usize] ^ keys.checks[i][checks as usize];
        self.checks[i] = checks;
    }

    /// Set the counters (the move number is at least 1).
    pub(crate) fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    /// Restore state saved before a move: en passant right, never-moved set, half-move
    /// clock and hash (the pieces are put back by the caller).
    #[inline(always)]
    pub(crate) fn restore(&mut self, saved: &Saved) {
        self.ep_cells = saved.ep_cells;
        self.ep_victim = saved.ep_victim;
        self.unmoved = saved.unmoved;
        self.halfmove = saved.halfmove;
        self.checks = saved.checks;
        self.hash = saved.hash;
    }

    /// The state [`Board::restore`] puts back.
    #[inline(always)]
    pub(crate) fn saved(&self) -> Saved {
        Saved {
            ep_cells: self.ep_cells,
            ep_victim: self.ep_victim,
            unmoved: self.unmoved,
            halfmove: self.halfmove,
            checks: self.checks,
            hash: self.hash,
        }
    }

    /// After a move: count the half-move clock (reset or one more), the move number, and
    /// hand the move to the other side.
    #[inline(always)]
    pub(crate) fn finish_move(&mut self, keys: &Zobrist, resets_clock: bool) {
        if resets_clock {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.hash ^= keys.black;
    }

    /// Undo [`Board::finish_move`]'s side and move number (the rest is restored).
    #[inline(always)]
    pub(crate) fn unfinish_move(&mut self) {
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
    }
}

/// Board state a move changes in ways that cannot be recomputed on unmake.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Saved {
    ep_cells: CellSet,
    ep_victim: Option<Cell>,
    unmoved: CellSet,
    halfmove: u32,
    checks: [u8; 2],
    hash: u64,
}

impl Saved {
    /// The hash before the move.
    #[inline(always)]
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The never-moved set before the move.
    #[inline(always)]
    pub(crate) fn unmoved(&self) -> CellSet {
        self.unmoved
    }
}

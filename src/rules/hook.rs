//! The one interface of native hooks: move mechanisms Betza cannot say, selected by name in a
//! piece's `hook = { name = "...", ... }`. A hook owns everything its pieces do beyond their
//! Betza moves: their extra moves, the attacks those give (and the cells those attacks pass),
//! how they read in words, what they are worth to the engine and how a protocol describes
//! them. The implementations live in [`crate::hooks`]; everything else reaches them only
//! through this trait.

use crate::board::Board;
use crate::rules::Rules;
use crate::types::{Cell, CellSet, KindId, Move, Piece};

/// A compiled hook instance (see the module docs). Pieces of its kind call it with their
/// own piece and cell.
pub trait Hook: std::fmt::Debug + Send + Sync {
    /// The name files use (`borrow-moves`).
    fn name(&self) -> &'static str;

    /// Append the hook's pseudo-legal moves for the piece on `from`.
    fn generate(&self, rules: &Rules, board: &Board, piece: Piece, from: Cell, out: &mut Vec<Move>);

    /// Whether the hook lets the piece on `from` capture on `target`.
    fn attacks(&self, rules: &Rules, board: &Board, piece: Piece, from: Cell, target: Cell)
        -> bool;

    /// Add to `lines` every cell whose change by a move of the other side could make the
    /// piece on `from` attack `target` (the legality filter of move generation). The
    /// other side's move can neither add pieces to this side nor change whether they stand
    /// next to their own pieces, so only path cells matter.
    fn add_attack_lines(
        &self,
        rules: &Rules,
        board: &Board,
        piece: Piece,
        from: Cell,
        target: Cell,
        lines: &mut AttackLines,
    );

    /// Whether the hook gives the piece on `from` an en passant capture onto one of `cells`
    /// (so that a double step past it creates an en passant right).
    fn en_passant_reaches(
        &self,
        _rules: &Rules,
        _board: &Board,
        _piece: Piece,
        _from: Cell,
        _cells: &CellSet,
    ) -> bool {
        false
    }

    /// Whether pieces of this hook's kind move with other kinds' moves (they then lend none
    /// of their own to other borrowers).
    fn borrows_moves(&self) -> bool {
        false
    }

    /// The hook's rules in words, one line each, for `explain`.
    fn describe(&self, rules: &Rules, kind: KindId) -> Vec<String>;

    /// For `explain`'s diagrams: the cells where enemy pieces show the hook's own moves from
    /// `from` on an otherwise empty board, with a note saying what the diagram shows; `None`
    /// when enemies show nothing more.
    fn demonstration(&self, _rules: &Rules, _from: Cell) -> Option<(CellSet, String)> {
        None
    }

    /// A note for `explain`'s diagram of the piece alone on an empty board, if its moves
    /// there need one.
    fn alone_note(&self) -> Option<String> {
        None
    }

    /// The kind's value in pawns for the engine, given `mobility_value` (the estimate from
    /// its own Betza moves) and the value of every other kind.
    fn value(
        &self,
        rules: &Rules,
        kind: KindId,
        mobility_value: f64,
        value_of: &dyn Fn(KindId) -> f64,
    ) -> f64;

    /// The Betza string a protocol (XBoard's `piece` command) should announce for the kind
    /// when its own Betza does not describe its moves; `None` keeps the file's.
    fn protocol_betza(&self, _rules: &Rules, _kind: KindId) -> Option<String> {
        None
    }
}

/// The cells a move must leave alone to keep the royal pieces as safe as they are, split by
/// how a move could change an attack through them.
#[derive(Debug, Clone, Copy, Default)]
pub struct AttackLines {
    /// The only piece between an attacker and a royal piece on a line that more pieces can
    /// only block further (a slide, a lame leap's path): moving it away may open the line,
    /// moving onto the line never does.
    pub pinned: CellSet,
    /// Cells of lines that filling may open as well (cannon and grasshopper screens, leaps
    /// that need a piece to jump, hooks): a move from or to one of them is tested.
    pub touched: CellSet,
}

impl AttackLines {
    /// A line that only an emptied cell can open: pin its blocker if it has exactly one.
    /// (With none the attack is already there; with two or more no single move, en passant
    /// and castling aside, opens it.)
    #[inline]
    pub fn add_blockable(&mut self, board: &Board, cells: impl IntoIterator<Item = Cell>) {
        let mut blocker = None;
        for c in cells {
            if board.is_occupied(c) {
                if blocker.is_some() {
                    return;
                }
                blocker = Some(c);
            }
        }
        if let Some(c) = blocker {
            self.pinned.insert(c);
        }
    }

    /// A line that emptying or filling a cell may open: every cell of it is touched.
    #[inline]
    pub fn add_touchable(&mut self, cells: impl IntoIterator<Item = Cell>) {
        for c in cells {
            self.touched.insert(c);
        }
    }
}

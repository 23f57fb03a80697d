//! A move that says what it is: a plain move or capture, a double step that gives the
//! opponent an en passant right, an en passant capture, castling, a sweep (a charge that
//! captures every piece on its path), a pass, or a drop from the hand. Any of them may end in a promotion.

use super::cell::Cell;
use super::piece::KindId;

/// The longest sweep path after its first cell (the captures a [`MoveKind::Sweep`] may
/// make); an unmake record keeps this many captured pieces.
pub const MAX_SWEEP: usize = 8;

/// What kind of move a [`Move`] is, with the cells only that kind needs.
/// (`repr(u8)`: an explicit tag byte makes "which kind" one compare on the hot path.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MoveKind {
    /// A move to an empty cell, or a capture on `to`.
    Normal,
    /// A move to an empty cell that passes `passed` (and `also_passed`), giving the
    /// opponent an en passant right on them.
    DoubleStep {
        /// The first cell passed over.
        passed: Cell,
        /// A second cell passed over (a triple step), if any.
        also_passed: Option<Cell>,
    },
    /// An en passant capture: the mover lands on `to` and the piece on `victim` is removed.
    EnPassant {
        /// The captured piece's cell.
        victim: Cell,
    },
    /// Castling: the king-like piece goes `from` → `to`, its partner `partner_from` →
    /// `partner_to`.
    Castle {
        /// Where the partner stands.
        partner_from: Cell,
        /// Where the partner goes.
        partner_to: Cell,
    },
    /// A charge along a straight line whose first cell is `first`: every piece after it up
    /// to and including `to` is captured. The mover always changes kind ([`Move::promotion`]
    /// holds the kind it ends as).
    Sweep {
        /// The first cell of the path (empty; nothing is captured there).
        first: Cell,
    },
    /// The side passes: nothing moves. `from` and `to` are both the cell of the piece that
    /// names the pass (a royal piece), as a Janggi pass is written (`e2e2`).
    Pass,
    /// A piece of kind `kind` from the mover's hand is put on the empty cell `to` (`from` is
    /// the same cell), written `P@e4`.
    Drop {
        /// The kind dropped.
        kind: KindId,
    },
}

/// A piece from the mover's hand put on a cell the move empties (Seirawan's gating).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gate {
    /// The kind put on the board.
    pub kind: KindId,
    /// Where: the mover's origin, or a castling partner's.
    pub cell: Cell,
}

/// A move. Compact and `Copy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Origin.
    pub from: Cell,
    /// Destination of the moving piece.
    pub to: Cell,
    /// The kind the moving piece becomes, if it changes (a promotion, or a sweep's result).
    pub promotion: Option<KindId>,
    /// What the move is.
    pub kind: MoveKind,
    /// A piece from the hand the move also puts on a cell it empties (gating): see
    /// [`Move::gate`]. Packed in one byte so that a move stays small on the hot path.
    pub gating: GateCode,
}

/// A gating choice in one byte: 0 for none, else the kind + 1 in the low seven bits and,
/// in the high bit, whether the piece enters on the castling partner's cell (otherwise on
/// the mover's origin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct GateCode(u8);

impl GateCode {
    /// No gating.
    pub const NONE: GateCode = GateCode(0);

    /// Whether the move gates nothing.
    #[inline(always)]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }
}

impl Move {
    /// A plain move or capture.
    #[inline(always)]
    pub fn normal(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind: MoveKind::Normal,
            gating: GateCode::NONE,
        }
    }

    /// A pass, named by the piece on `cell`.
    #[inline(always)]
    pub fn pass(cell: Cell) -> Move {
        Move {
            from: cell,
            to: cell,
            promotion: None,
            kind: MoveKind::Pass,
            gating: GateCode::NONE,
        }
    }

    /// A drop of a `kind` from the hand onto `cell`.
    #[inline(always)]
    pub fn drop(cell: Cell, kind: KindId) -> Move {
        Move {
            from: cell,
            to: cell,
            promotion: None,
            kind: MoveKind::Drop { kind },
            gating: GateCode::NONE,
        }
    }

    /// The kind dropped, if this is a drop.
    #[inline(always)]
    pub fn dropped(&self) -> Option<KindId> {
        match self.kind {
            MoveKind::Drop { kind } => Some(kind),
            _ => None,
        }
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub fn is_drop(&self) -> bool {
        matches!(self.kind, MoveKind::Drop { .. })
    }

    /// Whether this is a pass.
    #[inline(always)]
    pub fn is_pass(&self) -> bool {
        matches!(self.kind, MoveKind::Pass)
    }

    /// The same move, also putting a `kind` from the hand on `cell` (gating): the mover's
    /// origin, or a castling partner's cell. Kinds are below 127 ([`crate::MAX_KINDS`]).
    #[inline(always)]
    pub fn gating(self, kind: KindId, cell: Cell) -> Move {
        let on_partner = matches!(self.kind, MoveKind::Castle { partner_from, .. } if partner_from == cell && cell != self.from);
        Move {
            gating: GateCode(((kind & 0x7F) + 1) | if on_partner { 0x80 } else { 0 }),
            ..self
        }
    }

    /// What the move gates, if anything: the kind and the cell it enters on.
    #[inline(always)]
    pub fn gate(&self) -> Option<Gate> {
        if self.gating.is_none() {
            return None;
        }
        let code = self.gating.0;
        let cell = match self.kind {
            MoveKind::Castle { partner_from, .. } if code & 0x80 != 0 => partner_from,
            _ => self.from,
        };
        Some(Gate {
            kind: (code & 0x7F) - 1,
            cell,
        })
    }

    /// The same move, promoting to `kind`.
    #[inline(always)]
    pub fn promoting(self, kind: KindId) -> Move {
        Move {
            promotion: Some(kind),
            ..self
        }
    }

    /// Whether this is an en passant capture.
    #[inline(always)]
    pub fn is_en_passant(&self) -> bool {
        matches!(self.kind, MoveKind::EnPassant { .. })
    }

    /// Whether this is castling.
    #[inline(always)]
    pub fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle { .. })
    }

    /// Whether this is a sweep (a charge).
    #[inline(always)]
    pub fn is_sweep(&self) -> bool {
        matches!(self.kind, MoveKind::Sweep { .. })
    }
}

//! Moves whose legality is known without making them.
//!
//! When the side is not in check, an enemy attack on a royal piece can only start through
//! the enemy's board-dependent moves (slides, hops, lame and multi-leg leaps, hooks), and
//! only by a change on the cells between such an attacker and the royal piece (see
//! [`AttackLines`]). A non-royal move that does not move a pinned piece, neither leaves nor
//! enters a touched cell, and is not en passant, castling, a sweep or a promotion (which may
//! make a new royal piece), keeps every royal piece as safe as it is: it is legal. Attackers
//! bound by the first-move rule attack nothing and are skipped.
//!
//! When the side is in check the converse holds: an attack by a piece's own moves (hooks
//! aside) can only end through the attacker's cell, the royal piece's cell or the cells the
//! attack depends on (see [`attack_dependencies`]). A move of the same plain kinds that
//! touches none of them leaves the royal piece attacked: it is illegal.

use crate::attacks::is_attacked_in;
use crate::board::Board;
use crate::rules::{flag, AttackLines, Rules};
use crate::targets::{add_record_lines, attack_dependencies, flag_mask, piece_attacks};
use crate::types::{Bits, Cell, Color, Move, MoveKind, Piece};

/// The moves of one side that need no make-and-test (see the module docs): the plain moves
/// that leave `from_danger` and enter `to_danger` nowhere are all legal (`verdict` true, not
/// in check) or all illegal (`verdict` false, in check).
pub(crate) struct LegalityShortcut<B> {
    from_danger: B,
    to_danger: B,
    verdict: bool,
}

impl<B: Bits> LegalityShortcut<B> {
    /// The short cut for `side` on this board. Out of check it needs `checks_allowed` (where
    /// giving check is forbidden every move is tested); in check it needs a royal piece
    /// attacked by a piece's own moves and no explosions. `None`: every move is tested.
    #[inline(always)]
    pub(crate) fn new(
        rules: &Rules,
        board: &Board,
        side: Color,
        checks_allowed: bool,
    ) -> Option<LegalityShortcut<B>> {
        let enemy = side.flip();
        let mut royals = B::ZERO;
        for &k in rules.royal_kinds(side) {
            royals |= B::load(board.cells_of(Piece::new(k, side)));
        }
        for royal in royals.cells() {
            if is_attacked_in::<B>(rules, board, royal, enemy) {
                return if rules.end.explosion.is_some() {
                    None
                } else {
                    Self::in_check(rules, board, enemy, royals, royal)
                };
            }
        }
        if !checks_allowed {
            return None;
        }
        let mut lines = AttackLines::default();
        for royal in royals.cells() {
            let candidates =
                B::load(rules.attackers_any(enemy, royal)) & B::load(board.occupied(enemy));
            for from in candidates.cells() {
                let piece = board.occupant(from);
                if rules.attackers_conditional(piece, royal).contains(from)
                    && flag_mask(rules, board, piece, from) & flag::CAPTURE != 0
                {
                    add_record_lines(
                        rules,
                        board,
                        rules.records_in(board, piece, from),
                        royal,
                        &mut lines,
                    );
                }
            }
            for &k in &rules.hook_kinds {
                let piece = Piece::new(k, enemy);
                if let Some(hook) = &rules.kinds[k as usize].hook {
                    for from in board.cells_of(piece).iter() {
                        hook.add_attack_lines(rules, board, piece, from, royal, &mut lines);
                    }
                }
            }
        }
        let touched = B::load(&lines.touched);
        Some(LegalityShortcut {
            from_danger: royals | touched | B::load(&lines.pinned),
            to_danger: touched,
            verdict: true,
        })
    }

    /// In check on `royal`: the cells of its attackers by their own moves and the cells
    /// their attacks depend on (`None` when only hooks attack it). Rare: kept out of line.
    #[inline(never)]
    fn in_check(
        rules: &Rules,
        board: &Board,
        enemy: Color,
        royals: B,
        royal: Cell,
    ) -> Option<LegalityShortcut<B>> {
        let mut relevant = B::ZERO;
        let candidates =
            B::load(rules.attackers_any(enemy, royal)) & B::load(board.occupied(enemy));
        for from in candidates.cells() {
            let piece = board.occupant(from);
            let cell = B::from_on(from) & B::up_to(from);
            if rules.attackers_free(piece, royal).contains(from) {
                relevant |= cell;
            } else if rules.attackers_conditional(piece, royal).contains(from)
                && piece_attacks::<B>(rules, board, piece, from, royal)
            {
                relevant |= cell | attack_dependencies::<B>(rules, board, piece, from, royal);
            }
        }
        if relevant.is_zero() {
            return None;
        }
        Some(LegalityShortcut {
            from_danger: royals | relevant,
            to_danger: relevant,
            verdict: false,
        })
    }

    /// Whether `mv` is one of the moves the short cut judges: a normal move, double step or
    /// drop (no promotion, which may create a royal piece, nor gating) that leaves and
    /// enters no danger cell.
    #[inline(always)]
    pub(crate) fn judges(&self, mv: &Move) -> bool {
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep { .. } => {
                mv.promotion.is_none()
                    && mv.gating.is_none()
                    && !self.from_danger.has(mv.from)
                    && !self.to_danger.has(mv.to)
            }
            // A drop only adds a piece: it can expose nothing unless it lands on a cell
            // that matters to an attack (a screen for a hopper), nor end a check elsewhere.
            MoveKind::Drop { .. } => !self.to_danger.has(mv.to),
            _ => false,
        }
    }

    /// The legality of the moves the short cut judges: legal out of check, illegal in it.
    #[inline(always)]
    pub(crate) fn verdict(&self) -> bool {
        self.verdict
    }
}

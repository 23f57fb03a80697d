//! Moves that cannot expose the mover's royal pieces, known without making them.
//!
//! When the side is not in check, an enemy attack on a royal piece can only start through
//! the enemy's board-dependent moves (slides, hops, lame and multi-leg leaps, hooks), and
//! only by a change on the cells between such an attacker and the royal piece (see
//! [`AttackLines`]). A non-royal move that does not move a pinned piece, neither leaves nor
//! enters a touched cell, and is not en passant, castling, a sweep or a promotion (which may
//! make a new royal piece), keeps every royal piece as safe as it is. Attackers bound by the first-move rule attack nothing and are skipped.

use crate::attacks::is_attacked_in;
use crate::board::Board;
use crate::rules::{flag, AttackLines, Rules};
use crate::targets::{add_record_lines, flag_mask};
use crate::types::{Bits, Color, Move, MoveKind, Piece};

/// The moves of one side that need no make-and-test (see the module docs).
pub(crate) struct SafeMoves<B> {
    from_danger: B,
    to_danger: B,
}

impl<B: Bits> SafeMoves<B> {
    /// The filter for `side` on this board; `None` when a royal piece is attacked (then every
    /// move is tested).
    #[inline(always)]
    pub(crate) fn new(rules: &Rules, board: &Board, side: Color) -> Option<SafeMoves<B>> {
        let enemy = side.flip();
        let mut royals = B::ZERO;
        for &k in rules.royal_kinds(side) {
            royals |= B::load(board.cells_of(Piece::new(k, side)));
        }
        let mut lines = AttackLines::default();
        for royal in royals.cells() {
            if is_attacked_in::<B>(rules, board, royal, enemy) {
                return None;
            }
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
        Some(SafeMoves {
            from_danger: royals | touched | B::load(&lines.pinned),
            to_danger: touched,
        })
    }

    /// Whether `mv` is known to keep the royal pieces safe. A promotion is always tested:
    /// it may create a royal piece (Coregal's Queen) on an attacked cell.
    #[inline(always)]
    pub(crate) fn is_safe(&self, mv: &Move) -> bool {
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep { .. } => {
                mv.promotion.is_none()
                    && mv.gating.is_none()
                    && !self.from_danger.has(mv.from)
                    && !self.to_danger.has(mv.to)
            }
            // A drop only adds a piece: it can expose nothing unless it lands on a cell
            // that matters to an attack (a screen for a hopper).
            MoveKind::Drop { .. } => !self.to_danger.has(mv.to),
            _ => false,
        }
    }
}

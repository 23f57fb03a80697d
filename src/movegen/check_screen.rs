//! Which moves of the side to move may give check, known without making them — so that the
//! search need not make a move it would prune anyway just to see whether it checks.
//!
//! A plain move (see [`LegalityShortcut::judges`]) gives check only if its piece attacks an
//! enemy royal piece from its destination (the reverse attack tables say from where it
//! could), or if it opens a line of another friendly piece onto one: it leaves the only
//! blocker's cell of a slide or lame leap, or leaves or enters a cell of a hopper's line.
//! Those lines are the legality short cut's, seen from the enemy's side. Every other move
//! may check. Rules where a move changes attacks in other ways get no screen: hooks (a
//! borrower's moves depend on its friends), pieces that gain moves next to friends, and
//! explosions (where check is judged differently).

use super::legality::LegalityShortcut;
use crate::board::Board;
use crate::rules::{kind_flag, Rules};
use crate::types::{CellSet, Move, MoveKind, Piece};

/// The moves of the side to move that cannot give check (see the module docs).
pub struct CheckScreen {
    /// The lines of the side's pieces onto the enemy's royal pieces.
    lines: LegalityShortcut<CellSet>,
    /// The enemy's royal pieces.
    royals: CellSet,
}

impl CheckScreen {
    /// Whether the rules allow a screen at all (see the module docs); asked once per search,
    /// not per node.
    pub fn applies(rules: &Rules) -> bool {
        rules.end.explosion.is_none()
            && rules
                .kind_flags
                .iter()
                .all(|&f| f & (kind_flag::HOOK | kind_flag::ADJACENT) == 0)
    }

    /// The screen for the side to move, under rules it [`applies`](CheckScreen::applies)
    /// to; `None` when the enemy is already in check.
    pub fn new(rules: &Rules, board: &Board) -> Option<CheckScreen> {
        debug_assert!(CheckScreen::applies(rules));
        let enemy = board.side_to_move().flip();
        let lines = LegalityShortcut::<CellSet>::new(rules, board, enemy, true)?;
        if !lines.verdict() {
            return None;
        }
        let mut royals = CellSet::EMPTY;
        for &k in rules.royal_kinds(enemy) {
            royals = royals.or(board.cells_of(Piece::new(k, enemy)));
        }
        Some(CheckScreen { lines, royals })
    }

    /// Whether `mv` may give check (`false`: it certainly does not).
    pub fn may_check(&self, rules: &Rules, board: &Board, mv: &Move) -> bool {
        if !self.lines.judges(mv) {
            return true;
        }
        let placed = match mv.kind {
            MoveKind::Drop { kind } => Piece::new(kind, board.side_to_move()),
            _ => board.occupant(mv.from),
        };
        self.royals.iter().any(|royal| {
            rules.attackers_free(placed, royal).contains(mv.to)
                || rules.attackers_conditional(placed, royal).contains(mv.to)
        })
    }
}

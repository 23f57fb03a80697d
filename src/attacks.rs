//! Attack queries: whether a side could capture on a cell, which pieces do, and whether a
//! side's royal pieces are attacked. They start from the target: the reverse attack tables
//! name the few cells an attacker could stand on, and only pieces there are looked at. Used
//! by move generation, and by making a move where a rule counts or punishes checks. Where
//! captures explode, a royal piece is attacked only by a capture that would not blow up the
//! attacker's own royal pieces.

use crate::board::Board;
use crate::rules::Rules;
use crate::targets::piece_attacks;
use crate::types::{Bits, Cell, CellSet, Color, Piece};
use crate::with_width;

/// Whether a piece of `by` attacks (could capture on) `target`, ignoring pins.
pub fn is_attacked(rules: &Rules, board: &Board, target: Cell, by: Color) -> bool {
    with_width!(rules.width, B => is_attacked_in::<B>(rules, board, target, by))
}

/// [`is_attacked`] with cell sets of width `B`.
#[inline(always)]
pub(crate) fn is_attacked_in<B: Bits>(
    rules: &Rules,
    board: &Board,
    target: Cell,
    by: Color,
) -> bool {
    // Only pieces standing where some kind of theirs could attack from are looked at.
    let candidates = B::load(rules.attackers_any(by, target)) & B::load(board.occupied(by));
    for from in candidates.cells() {
        let piece = board.occupant(from);
        if rules.attackers_free(piece, target).contains(from)
            || (rules.attackers_conditional(piece, target).contains(from)
                && piece_attacks::<B>(rules, board, piece, from, target))
        {
            return true;
        }
    }
    for &k in &rules.hook_kinds {
        let piece = Piece::new(k, by);
        if let Some(hook) = &rules.kinds[k as usize].hook {
            for from in board.cells_of(piece).iter() {
                if hook.attacks(rules, board, piece, from, target) {
                    return true;
                }
            }
        }
    }
    false
}

/// The cells of the pieces of `by` that attack `target` (ignoring pins).
pub fn attackers_of(rules: &Rules, board: &Board, target: Cell, by: Color) -> CellSet {
    let mut found = CellSet::EMPTY;
    let candidates = rules.attackers_any(by, target).and(board.occupied(by));
    for from in candidates.iter() {
        let piece = board.occupant(from);
        if rules.attackers_free(piece, target).contains(from)
            || (rules.attackers_conditional(piece, target).contains(from)
                && piece_attacks::<CellSet>(rules, board, piece, from, target))
        {
            found.insert(from);
        }
    }
    for &k in &rules.hook_kinds {
        let piece = Piece::new(k, by);
        if let Some(hook) = &rules.kinds[k as usize].hook {
            for from in board.cells_of(piece).iter() {
                if hook.attacks(rules, board, piece, from, target) {
                    found.insert(from);
                }
            }
        }
    }
    found
}

/// Whether some royal piece of `side` is attacked.
pub fn royal_attacked(rules: &Rules, board: &Board, side: Color) -> bool {
    with_width!(rules.width, B => royal_attacked_in::<B>(rules, board, side))
}

/// [`royal_attacked`] with cell sets of width `B`.
#[inline(always)]
pub(crate) fn royal_attacked_in<B: Bits>(rules: &Rules, board: &Board, side: Color) -> bool {
    let enemy = side.flip();
    if rules.end.explosion.is_some() {
        return royal_attacked_explosive(rules, board, side);
    }
    for &k in rules.royal_kinds(side) {
        for cell in B::load(board.cells_of(Piece::new(k, side))).cells() {
            if is_attacked_in::<B>(rules, board, cell, enemy) {
                return true;
            }
        }
    }
    false
}

/// [`royal_attacked`] where captures explode: a capture on a royal piece would blow up
/// the capturing piece, and every piece next to the target, so royal pieces never capture,
/// and a royal piece next to an enemy royal piece cannot be captured at all.
fn royal_attacked_explosive(rules: &Rules, board: &Board, side: Color) -> bool {
    let enemy = side.flip();
    let explosion = rules.end.explosion.expect("explosions");
    let mut enemy_royals = CellSet::EMPTY;
    for &k in rules.royal_kinds(enemy) {
        if !explosion.immune.contains(k) {
            enemy_royals = enemy_royals.or(board.cells_of(Piece::new(k, enemy)));
        }
    }
    for &k in rules.royal_kinds(side) {
        for cell in board.cells_of(Piece::new(k, side)).iter() {
            if !rules.adjacency[cell.index()].and(&enemy_royals).is_empty() {
                continue;
            }
            let attackers = attackers_of(rules, board, cell, enemy);
            if attackers.iter().any(|from| {
                let piece = board.occupant(from);
                !rules.kind(piece.kind()).is_royal(enemy)
            }) {
                return true;
            }
        }
    }
    false
}

/// Whether the side to move is in check.
pub fn in_check(rules: &Rules, board: &Board) -> bool {
    royal_attacked(rules, board, board.side_to_move())
}

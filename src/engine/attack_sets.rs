//! What one piece does on a board, as cell sets for the evaluation: the cells it attacks
//! (could capture on, whoever stands there, so friendly pieces it defends count) and the
//! cells it can move or capture to (its mobility). Plain leaps and slides come from the
//! compiled bundles by set operations, the other records are walked, hooked pieces ask their
//! hook for their moves. Generic over the cell-set width like move generation.

use crate::board::Board;
use crate::rules::{flag, CellMoves, Rules};
use crate::targets::{for_each_target, piece_tables, ray_reach, Target};
use crate::types::{Bits, Cell, Color, Move, Piece};

/// `(attacks, moves)` of the piece on `from`: the cells it attacks (friendly ones included)
/// and the cells it can move or capture to. Hooked pieces push their hook's moves into
/// `scratch` (cleared first) to read their targets.
#[inline(always)]
pub fn piece_sets<B: Bits>(
    rules: &Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
    scratch: &mut Vec<Move>,
) -> (B, B) {
    let side = piece.color();
    let (initial_ok, mask, records, bundle) = piece_tables(rules, board, piece, from, false);
    let (mut moves, mut attacks) = bundle_sets::<B>(rules, board, side, bundle, mask);
    for rec in records {
        if rec.flags & flag::INITIAL != 0 && !initial_ok {
            continue;
        }
        let captures = rec.flags & mask & flag::CAPTURE != 0;
        let mut found = B::ZERO;
        for_each_target(rules, board, side, rec, mask, |t| match t {
            Target::Plain(to) | Target::DoubleStep(to, _, _) | Target::EnPassant(to, _) => {
                found |= one::<B>(to);
            }
        });
        moves |= found;
        if captures {
            attacks |= found;
        }
    }
    if let Some(hook) = &rules.kinds()[piece.kind() as usize].hook {
        scratch.clear();
        hook.generate(rules, board, piece, from, scratch);
        for mv in scratch.iter() {
            let to = one::<B>(mv.to);
            moves |= to;
            attacks |= to;
        }
    }
    (attacks, moves)
}

/// The cells the piece on `from` attacks (friendly ones included), as in [`piece_sets`]
/// but without its moves: records that only move are not walked.
#[inline(always)]
pub fn piece_attack_set<B: Bits>(
    rules: &Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
    scratch: &mut Vec<Move>,
) -> B {
    if rules.kinds()[piece.kind() as usize].hook.is_some() {
        return piece_sets::<B>(rules, board, piece, from, scratch).0;
    }
    let side = piece.color();
    let (initial_ok, mask, records, bundle) = piece_tables(rules, board, piece, from, false);
    if mask & flag::CAPTURE == 0 {
        return B::ZERO;
    }
    let mut attacks = bundle_attacks::<B>(rules, board, bundle);
    for rec in records {
        if rec.flags & flag::CAPTURE == 0 || (rec.flags & flag::INITIAL != 0 && !initial_ok) {
            continue;
        }
        for_each_target(rules, board, side, rec, mask, |t| match t {
            Target::Plain(to) | Target::DoubleStep(to, _, _) | Target::EnPassant(to, _) => {
                attacks |= one::<B>(to);
            }
        });
    }
    attacks
}

/// `(moves, attacks)` of a piece's plain leaps and slides (its compiled bundle) under the
/// flag `mask`: the cells they can move or capture to (as `bundle_targets`) and those they
/// attack whoever stands there — each slide's reach computed once for both.
#[inline(always)]
fn bundle_sets<B: Bits>(
    rules: &Rules,
    board: &Board,
    side: Color,
    bundle: &CellMoves,
    mask: u8,
) -> (B, B) {
    let own = B::load(board.occupied(side));
    let enemy = B::load(board.occupied(side.flip()));
    let occupied = own | enemy;
    let captures = mask & flag::CAPTURE != 0;
    let either = B::load(&bundle.move_or_capture);
    let capture_only = B::load(&bundle.capture_only);
    let mut moves =
        either & !(if captures { own } else { occupied }) | B::load(&bundle.move_only) & !occupied;
    let mut attacks = B::ZERO;
    if captures {
        moves |= capture_only & enemy;
        attacks = either | capture_only;
    }
    for ray in rules.bundle_rays(bundle) {
        let reach = ray_reach::<B>(ray, occupied);
        let flags = ray.flags & mask;
        if flags & flag::MOVE != 0 {
            moves |= reach & !occupied;
        }
        if flags & flag::CAPTURE != 0 {
            moves |= reach & enemy;
            attacks |= reach;
        }
    }
    (moves, attacks)
}

/// The cells a piece's plain leaps and slides (its compiled bundle) attack, whoever stands
/// there.
#[inline(always)]
fn bundle_attacks<B: Bits>(rules: &Rules, board: &Board, bundle: &CellMoves) -> B {
    let mut attacks = B::load(&bundle.move_or_capture) | B::load(&bundle.capture_only);
    let occupied = B::load(board.occupied(Color::White)) | B::load(board.occupied(Color::Black));
    for ray in rules.bundle_rays(bundle) {
        if ray.flags & flag::CAPTURE != 0 {
            attacks |= ray_reach::<B>(ray, occupied);
        }
    }
    attacks
}

/// The set of one cell.
#[inline(always)]
pub fn one<B: Bits>(cell: Cell) -> B {
    B::up_to(cell) & B::from_on(cell)
}

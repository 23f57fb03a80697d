//! The generic move interpreter: the pseudo-legal moves of a side from the compiled records
//! ([`crate::targets`]) and its hooks, and legality (own royal pieces not attacked after the
//! move; castling piece not in check and not passing or landing on an attacked cell).

mod attacks;
mod castling;
#[cfg(test)]
mod fast_path_tests;
mod legality;

pub use attacks::{in_check, is_attacked, royal_attacked};

use crate::board::Board;
use crate::position::Position;
use crate::rules::{kind_flag, Rules};
use crate::targets::generate_piece_records;
use crate::types::{Bits, Move};
use crate::with_width;
use attacks::royal_attacked_in;
use castling::generate_castling;
use legality::SafeMoves;

/// Append the pseudo-legal moves (castling excluded) of the side to move.
pub fn generate_pseudo(rules: &Rules, board: &Board, out: &mut Vec<Move>) {
    with_width!(rules.width, B => generate_pseudo_in::<B>(rules, board, out))
}

/// [`generate_pseudo`] with cell sets of width `B`.
#[inline(always)]
fn generate_pseudo_in<B: Bits>(rules: &Rules, board: &Board, out: &mut Vec<Move>) {
    let side = board.side_to_move();
    for from in B::load(board.occupied(side)).cells() {
        let piece = board.occupant(from);
        generate_piece_records::<B>(rules, board, piece, from, out);
        if rules.kind_flags[piece.kind() as usize] & kind_flag::HOOK != 0 {
            if let Some(hook) = &rules.kinds[piece.kind() as usize].hook {
                hook.generate(rules, board, piece, from, out);
            }
        }
    }
}

/// Append the legal moves of the side to move.
pub fn generate_legal(rules: &Rules, pos: &mut Position, out: &mut Vec<Move>) {
    with_width!(rules.width, B => generate_legal_in::<B>(rules, pos, out))
}

/// [`generate_legal`] with cell sets of width `B` (see [`crate::types::bits`]); callers that
/// generate at every node pick the width once, as perft does.
#[inline(always)]
pub(crate) fn generate_legal_in<B: Bits>(rules: &Rules, pos: &mut Position, out: &mut Vec<Move>) {
    let start = out.len();
    generate_pseudo_in::<B>(rules, pos, out);
    let side = pos.side_to_move();
    let filter = SafeMoves::<B>::new(rules, pos, side);
    let mut i = start;
    while i < out.len() {
        let mv = out[i];
        let legal = if filter.as_ref().is_some_and(|f| f.is_safe(&mv)) {
            true
        } else {
            pos.make(rules, mv);
            let legal = !royal_attacked_in::<B>(rules, pos, side);
            pos.unmake(rules);
            legal
        };
        if legal {
            i += 1;
        } else {
            out.swap_remove(i);
        }
    }
    generate_castling::<B>(rules, pos, out);
}

/// The legal moves of the side to move, as a new vector.
pub fn legal_moves(rules: &Rules, pos: &mut Position) -> Vec<Move> {
    let mut out = Vec::with_capacity(128);
    generate_legal(rules, pos, &mut out);
    out
}

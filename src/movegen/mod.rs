//! The generic move interpreter: the pseudo-legal moves of a side from the compiled records
//! ([`crate::targets`]) and its hooks, and legality (own royal pieces not attacked after the
//! move, nor exploded; castling piece not in check and not passing or landing on an attacked
//! cell); passes where the rules allow them.

mod castling;
mod check_screen;
pub mod decision;
#[cfg(test)]
mod fast_path_tests;
mod legality;

pub use crate::attacks::{attackers_of, in_check, is_attacked, royal_attacked};
pub(crate) use check_screen::CheckScreen;

use crate::attacks::royal_attacked_in;
use crate::board::Board;
use crate::position::Position;
use crate::rules::{kind_flag, Drops, Rules};
use crate::targets::generate_piece_records;
use crate::types::{Bits, CellSet, GateCode, KindId, Move, MoveKind, Piece};
use crate::with_width;
use castling::generate_castling;
use legality::LegalityShortcut;

/// Append the pseudo-legal moves (castling excluded) of the side to move.
pub fn generate_pseudo(rules: &Rules, board: &Board, out: &mut Vec<Move>) {
    with_width!(rules.width, B => generate_pseudo_in::<B>(rules, board, out))
}

/// [`generate_pseudo`] with cell sets of width `B`.
#[inline(always)]
fn generate_pseudo_in<B: Bits>(rules: &Rules, board: &Board, out: &mut Vec<Move>) {
    let side = board.side_to_move();
    // Cells whose first move may gate a piece from the hand now.
    let gates = match &rules.gating {
        Some(cells) if board.has_hand(side) => {
            B::load(&cells[side.index()]) & B::load(board.unmoved())
        }
        _ => B::ZERO,
    };
    if gates.is_zero() {
        for from in B::load(board.occupied(side)).cells() {
            generate_piece_in::<B>(rules, board, from, out);
        }
    } else {
        for from in B::load(board.occupied(side)).cells() {
            let first = out.len();
            generate_piece_in::<B>(rules, board, from, out);
            if gates.has(from) {
                add_gates(rules, board, first, out, |mv| Some(mv.from));
            }
        }
    }
    if let Some(drops) = &rules.drops {
        generate_drops::<B>(rules, drops, board, out);
    }
}

/// Append the pseudo-legal moves of the piece of the side to move on `from`.
#[inline(always)]
fn generate_piece_in<B: Bits>(
    rules: &Rules,
    board: &Board,
    from: crate::types::Cell,
    out: &mut Vec<Move>,
) {
    let piece = board.occupant(from);
    generate_piece_records::<B>(rules, board, piece, from, out);
    if rules.kind_flags[piece.kind() as usize] & kind_flag::HOOK != 0 {
        if let Some(hook) = &rules.kinds[piece.kind() as usize].hook {
            hook.generate(rules, board, piece, from, out);
        }
    }
}

/// After the moves `out[first..]`, append each of them again with every kind the side to
/// move holds in hand gated on the cell `cell_of` names (a cell the move leaves empty).
fn add_gates(
    rules: &Rules,
    board: &Board,
    first: usize,
    out: &mut Vec<Move>,
    cell_of: impl Fn(&Move) -> Option<crate::types::Cell>,
) {
    let side = board.side_to_move();
    let last = out.len();
    for i in first..last {
        let mv = out[i];
        let Some(cell) = cell_of(&mv) else {
            continue;
        };
        for k in 0..rules.kinds.len() as KindId {
            if board.in_hand(Piece::new(k, side)) > 0 {
                out.push(mv.gating(k, cell));
            }
        }
    }
}

/// Append the drops of the side to move: each kind it holds in hand onto each empty cell of
/// the kind's drop zone, not onto a file where a one-per-file kind of the side already is.
#[inline(never)]
fn generate_drops<B: Bits>(rules: &Rules, drops: &Drops, board: &Board, out: &mut Vec<Move>) {
    let side = board.side_to_move();
    let empty = !(B::load(board.occupied(side)) | B::load(board.occupied(side.flip())));
    for k in 0..rules.kinds.len() as KindId {
        let piece = Piece::new(k, side);
        if board.in_hand(piece) == 0 {
            continue;
        }
        let mut targets = B::load(&drops.zone[piece.index()]) & empty;
        if drops.one_per_file.contains(k) {
            for cell in board.cells_of(piece).iter() {
                let file = rules.geometry.coords(cell).0.max(0) as usize;
                if let Some(cells) = drops.files.get(file) {
                    targets &= !B::load(cells);
                }
            }
        }
        for to in targets.cells() {
            out.push(Move::drop(to, k));
        }
        for &face in &drops.also_as[k as usize] {
            let zone = B::load(&drops.zone[Piece::new(face, side).index()]) & empty;
            for to in zone.cells() {
                out.push(Move::drop(to, face));
            }
        }
    }
}

/// Append the legal moves of the side to move.
pub fn generate_legal(rules: &Rules, pos: &mut Position, out: &mut Vec<Move>) {
    with_width!(rules.width, B => generate_legal_in::<B>(rules, pos, out))
}

/// [`generate_legal`] with cell sets of width `B` (see [`crate::types::bits`]); callers that
/// generate at every node pick the width once, as perft does. A position a variant rule has
/// decided has no legal moves.
#[inline(always)]
pub(crate) fn generate_legal_in<B: Bits>(rules: &Rules, pos: &mut Position, out: &mut Vec<Move>) {
    if rules.decides_by_board && decision::decision(rules, pos).is_some() {
        return;
    }
    generate_legal_unjudged::<B>(rules, pos, out);
}

/// The legal moves whether or not a variant rule has decided the game (for the rules that
/// look one move ahead to decide it).
#[inline(always)]
pub(crate) fn generate_legal_unjudged<B: Bits>(
    rules: &Rules,
    pos: &mut Position,
    out: &mut Vec<Move>,
) {
    generate_legal_checked::<B, true>(rules, pos, out);
}

/// [`generate_legal_unjudged`] with every pseudo-legal move made and tested, without the
/// [`LegalityShortcut`] (the tests' oracle for it).
#[cfg(test)]
pub(crate) fn generate_legal_made_and_tested(
    rules: &Rules,
    pos: &mut Position,
    out: &mut Vec<Move>,
) {
    with_width!(rules.width, B => generate_legal_checked::<B, false>(rules, pos, out))
}

/// The legal moves, judged with the short cuts that need no make-and-test when `SHORTCUTS`.
#[inline(always)]
fn generate_legal_checked<B: Bits, const SHORTCUTS: bool>(
    rules: &Rules,
    pos: &mut Position,
    out: &mut Vec<Move>,
) {
    let start = out.len();
    generate_pseudo_in::<B>(rules, pos, out);
    let side = pos.side_to_move();
    let no_checks = !rules.end.giving_check;
    let shortcut = if SHORTCUTS {
        LegalityShortcut::<B>::new(rules, pos, side, !no_checks)
    } else {
        None
    };
    // With explosions a capture changes more than two cells: it is always made and tested.
    let explodes = rules.end.explosion.is_some();
    let royals_before = if explodes {
        [
            royal_count(rules, pos, side),
            royal_count(rules, pos, side.flip()),
        ]
    } else {
        [0, 0]
    };
    match &shortcut {
        // In check: out of line, as it is rare.
        Some(s) if !s.verdict() => {
            refuse_non_evasions::<B>(rules, pos, s, start, out, royals_before)
        }
        // The common case, as an explicit loop: through `keep_moves` it costs 8% more
        // instructions per perft leaf (callgrind).
        _ => {
            let mut i = start;
            while i < out.len() {
                let mv = out[i];
                let legal = (shortcut.as_ref().is_some_and(|s| s.judges(&mv))
                    && !(explodes && pos.is_occupied(mv.to)))
                    || made_and_tested::<B>(rules, pos, mv, royals_before);
                if legal {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }
    if let Some(drops) = &rules.drops {
        if !drops.no_mate.is_empty() {
            refuse_mating_drops::<B>(rules, drops, pos, start, out);
        }
    }
    let castles = out.len();
    generate_castling::<B>(rules, pos, out);
    if rules.gating.is_some() && out.len() > castles {
        gate_castling(rules, pos, castles, out);
    }
    if rules.end.pass.is_some() && !royal_attacked_in::<B>(rules, pos, side) {
        // A pass is named by the side's first royal piece.
        let royal = rules
            .royal_kinds(side)
            .iter()
            .find_map(|&k| pos.cells_of(Piece::new(k, side)).iter().next());
        if let Some(cell) = royal {
            out.push(Move::pass(cell));
        }
    }
    if rules.filters_moves {
        filter_by_rules(rules, pos, start, out);
    }
}

/// In check: keep the moves of `out[start..]` that may end it, by the short cut's refusal
/// of those that touch nothing the attack depends on and by making the others.
#[inline(never)]
fn refuse_non_evasions<B: Bits>(
    rules: &Rules,
    pos: &mut Position,
    shortcut: &LegalityShortcut<B>,
    start: usize,
    out: &mut Vec<Move>,
    royals_before: [u32; 2],
) {
    keep_moves(out, start, |mv| {
        !shortcut.judges(&mv) && made_and_tested::<B>(rules, pos, mv, royals_before)
    });
}

/// Keep the moves of `out[start..]` for which `keep` holds; a move dropped is replaced by the
/// last one (the order of the kept moves is the generators' convention, which the search's
/// tie-breaks follow).
#[inline(always)]
fn keep_moves(out: &mut Vec<Move>, start: usize, mut keep: impl FnMut(Move) -> bool) {
    let mut i = start;
    while i < out.len() {
        if keep(out[i]) {
            i += 1;
        } else {
            out.swap_remove(i);
        }
    }
}

/// Whether `mv`, made, leaves the mover's royal pieces safe (and, where checks are
/// forbidden, the enemy's unchecked); with explosions, whether it blows up none of the
/// mover's royal pieces (`royals_before`: both sides' counts before the move).
#[inline(always)]
fn made_and_tested<B: Bits>(
    rules: &Rules,
    pos: &mut Position,
    mv: Move,
    royals_before: [u32; 2],
) -> bool {
    let side = pos.side_to_move();
    // A gated piece may not cover a check: the move is judged without it (the rules of
    // Seirawan Chess).
    let judged = Move {
        gating: GateCode::NONE,
        ..mv
    };
    pos.make(rules, judged);
    let legal = if rules.end.explosion.is_some() {
        // Own royal pieces may not explode; blowing up the enemy's wins at once, whatever
        // attacks remain.
        royal_count(rules, pos, side) == royals_before[0]
            && ((royals_before[1] > 0 && royal_count(rules, pos, side.flip()) == 0)
                || !royal_attacked_in::<B>(rules, pos, side))
    } else {
        let gives_check =
            !rules.end.giving_check && royal_attacked_in::<B>(rules, pos, side.flip());
        !gives_check && !royal_attacked_in::<B>(rules, pos, side)
    };
    pos.unmake(rules);
    legal
}

/// Castling may gate on the castling piece's cell or on the partner's, when the move leaves
/// it empty: append those forms of the castling moves `out[castles..]`.
#[inline(never)]
fn gate_castling(rules: &Rules, pos: &Position, castles: usize, out: &mut Vec<Move>) {
    let side = pos.side_to_move();
    let Some(cells) = &rules.gating else {
        return;
    };
    if !pos.has_hand(side) {
        return;
    }
    let cells = cells[side.index()];
    let empties = |mv: &Move, cell| {
        let MoveKind::Castle { partner_to, .. } = mv.kind else {
            return false;
        };
        cells.contains(cell) && cell != mv.to && cell != partner_to
    };
    add_gates(rules, pos, castles, out, |mv| {
        Some(mv.from).filter(|&c| empties(mv, c))
    });
    add_gates(rules, pos, castles, out, |mv| match mv.kind {
        MoveKind::Castle { partner_from, .. } if mv.gating.is_none() => {
            Some(partner_from).filter(|&c| empties(mv, c))
        }
        _ => None,
    });
}

/// Remove the drops of kinds whose drop may not checkmate (Shogi's uchifuzume) that give
/// check and leave the opponent no legal move. The opponent's replies are generated after
/// the moves in `out` and removed again, so nothing is allocated.
#[inline(never)]
fn refuse_mating_drops<B: Bits>(
    rules: &Rules,
    drops: &Drops,
    pos: &mut Position,
    start: usize,
    out: &mut Vec<Move>,
) {
    let side = pos.side_to_move();
    let mut i = start;
    while i < out.len() {
        let mv = out[i];
        let restricted = mv.dropped().is_some_and(|k| drops.no_mate.contains(k));
        let mates = restricted && {
            pos.make(rules, mv);
            let mates = royal_attacked_in::<B>(rules, pos, side.flip()) && {
                let mark = out.len();
                generate_legal_unjudged::<B>(rules, pos, out);
                let none = out.len() == mark;
                out.truncate(mark);
                none
            };
            pos.unmake(rules);
            mates
        };
        if mates {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

/// The rules that restrict legal moves further: a royal piece in check that may only capture
/// the checker, compulsory captures.
fn filter_by_rules(rules: &Rules, pos: &Position, start: usize, out: &mut Vec<Move>) {
    let side = pos.side_to_move();
    if !rules.end.royal_may_flee_check {
        let royal = |cell| {
            let piece = pos.occupant(cell);
            rules.kind(piece.kind()).is_royal(piece.color())
        };
        let mut checkers = None;
        keep_moves(out, start, |mv| {
            !royal(mv.from) || {
                // In check, a royal piece may only capture the one piece checking it.
                let found = *checkers.get_or_insert_with(|| {
                    let mut all = CellSet::EMPTY;
                    for &k in rules.royal_kinds(side) {
                        for cell in pos.cells_of(Piece::new(k, side)).iter() {
                            all = all.or(&attackers_of(rules, pos, cell, side.flip()));
                        }
                    }
                    all
                });
                found.is_empty() || (found.count() == 1 && found.contains(mv.to))
            }
        });
    }
    if rules.end.forced_capture && out[start..].iter().any(|mv| captures(rules, pos, mv)) {
        keep_moves(out, start, |mv| captures(rules, pos, &mv));
    }
}

/// How many royal pieces `side` has on the board.
fn royal_count(rules: &Rules, board: &Board, side: crate::types::Color) -> u32 {
    rules
        .royal_kinds(side)
        .iter()
        .map(|&k| board.cells_of(Piece::new(k, side)).count())
        .sum()
}

/// Whether a move of the side to move captures an enemy piece.
pub fn captures(rules: &Rules, board: &Board, mv: &Move) -> bool {
    let side = board.side_to_move();
    let enemy = |cell| board.piece_at(cell).is_some_and(|p| p.color() != side);
    match mv.kind {
        MoveKind::EnPassant { .. } => true,
        MoveKind::Sweep { first } => rules.geometry.line_after(mv.from, first, mv.to).any(enemy),
        MoveKind::Castle { .. } | MoveKind::Pass | MoveKind::Drop { .. } => false,
        MoveKind::Normal | MoveKind::DoubleStep { .. } => enemy(mv.to),
    }
}

/// The legal moves of the side to move, as a new vector.
pub fn legal_moves(rules: &Rules, pos: &mut Position) -> Vec<Move> {
    let mut out = Vec::with_capacity(128);
    generate_legal(rules, pos, &mut out);
    out
}

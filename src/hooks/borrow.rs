//! `borrow-moves`: a piece that moves and captures like any piece kind its side has on the
//! board (the Hero of Hero Chess). Generic rules:
//! - every kind with a piece of the borrower's side on the board lends the moves that kind
//!   would have on the borrower's cell (forward is the borrower's side's forward);
//! - a kind whose moves all keep the cell colour lends only while the borrower stands on a
//!   cell of a colour that one of those lenders stands on;
//! - an initial-only (`i`) move is lent while some lender of that kind could still make it,
//!   and is made as a plain move (no en passant right);
//! - en passant captures are lent as a piece of the lender's kind on the borrower's cell
//!   would have them;
//! - borrowers never promote and never castle; other borrowers lend nothing;
//! - with `remote = true` (the Superhero) the piece may also capture on any cell holding an
//!   enemy piece that another friendly piece attacks, and move to any empty cell another
//!   friendly piece could move to (pseudo-legally; castling and en passant excluded; another
//!   borrower contributes its own borrowed moves, not its remote ones).
//!
//! A target reachable through several lenders is one move.

use crate::cellset::{Cell, CellSet};
use crate::movegen::{
    bundle_targets, flag_mask, for_each_target, initial_allowed, piece_tables, tables_attack,
    Target,
};
use crate::position::{Move, MoveKind, Position};
use crate::rules::{flag, KindId, Piece, RecordShape, Rules};

/// Parameters of the `borrow-moves` hook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BorrowMoves {
    /// Superhero mode: remote moves and captures through other friendly pieces.
    pub remote: bool,
}

/// The destinations a borrower has: plain moves/captures and en passant captures.
#[derive(Default)]
struct Destinations {
    plain: CellSet,
    en_passant: CellSet,
    victim: Cell,
}

fn is_borrower(rules: &Rules, kind: KindId) -> bool {
    matches!(
        rules.kinds[kind as usize].hook,
        Some(super::Hook::BorrowMoves(_))
    )
}

/// The lender kinds for a borrower of `piece`'s side standing on `from`: calls
/// `lend(lender_piece, initial_ok)`, where `initial_ok()` tells whether the lender's initial
/// moves are available (some lender could still make them).
#[inline]
fn for_each_lender(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    from: Cell,
    mut lend: impl FnMut(Piece, &dyn Fn() -> bool),
) {
    let side = piece.color();
    let colour = rules.geometry.color_of(from);
    for k in 0..rules.kinds.len() as KindId {
        if is_borrower(rules, k) {
            continue;
        }
        let lender = Piece::new(k, side);
        let cells = pos.cells_of(lender);
        if cells.is_empty() {
            continue;
        }
        if rules.kinds[k as usize].color_bound
            && !cells.iter().any(|c| rules.geometry.color_of(c) == colour)
        {
            continue;
        }
        lend(lender, &|| {
            cells.iter().any(|c| initial_allowed(rules, pos, lender, c))
        });
    }
}

impl BorrowMoves {
    /// The borrowed (hero-level) destinations of the borrower on `from`.
    fn destinations(
        &self,
        rules: &Rules,
        pos: &Position,
        piece: Piece,
        from: Cell,
    ) -> Destinations {
        let mut dest = Destinations::default();
        let mask = flag_mask(rules, pos, piece, from);
        let en_passant = !pos.ep_cells().is_empty();
        for_each_lender(rules, pos, piece, from, |lender, initial_ok| {
            // The lender's tables on the borrower's cell: plain leaps and slides as sets,
            // the other records walked (castling is never among them).
            let (records, bundle) = rules.generation_tables(lender, from, false, en_passant);
            dest.plain = dest.plain.or(&bundle_targets::<CellSet>(
                rules,
                pos,
                piece.color(),
                bundle,
                mask,
            ));
            for rec in records {
                if rec.flags & flag::INITIAL != 0 && !initial_ok() {
                    continue;
                }
                for_each_target(rules, pos, piece.color(), rec, mask, |t| match t {
                    Target::Plain(to) | Target::DoubleStep(to, _, _) => dest.plain.insert(to),
                    Target::EnPassant(to, victim) => {
                        dest.en_passant.insert(to);
                        dest.victim = victim;
                    }
                });
            }
        });
        dest
    }

    /// Whether a lent en passant capture from `from` lands on one of `cells`.
    pub fn en_passant_reaches(
        &self,
        rules: &Rules,
        pos: &Position,
        piece: Piece,
        from: Cell,
        cells: &CellSet,
    ) -> bool {
        if flag_mask(rules, pos, piece, from) & flag::EN_PASSANT == 0 {
            return false;
        }
        let mut reaches = false;
        for_each_lender(rules, pos, piece, from, |lender, _| {
            reaches |= rules.records_of(lender, from).iter().any(|rec| {
                rec.flags & flag::EN_PASSANT != 0
                    && rec.shape == RecordShape::Leap
                    && cells.contains(rules.record_cells(rec)[0])
            });
        });
        reaches
    }

    /// The path cells of every lent move that could reach `target`.
    pub fn add_attack_lines(
        &self,
        rules: &Rules,
        pos: &Position,
        piece: Piece,
        from: Cell,
        target: Cell,
        lines: &mut crate::movegen::AttackLines,
    ) {
        // A borrower bound by the first-move rule attacks nothing until it has moved, and no
        // move of the other side makes it move.
        if flag_mask(rules, pos, piece, from) & flag::CAPTURE == 0 {
            return;
        }
        for_each_lender(rules, pos, piece, from, |lender, _| {
            crate::movegen::add_record_lines(
                rules,
                pos,
                rules.records_of(lender, from),
                target,
                lines,
            );
        });
    }

    /// Append the borrower's pseudo-legal moves.
    pub fn generate(
        &self,
        rules: &Rules,
        pos: &Position,
        piece: Piece,
        from: Cell,
        out: &mut Vec<Move>,
    ) {
        let mut dest = self.destinations(rules, pos, piece, from);
        if self.remote {
            let (quiet, attacked) = remote_destinations(rules, pos, piece, from);
            dest.plain = dest.plain.or(&quiet);
            if flag_mask(rules, pos, piece, from) & flag::CAPTURE != 0 {
                dest.plain = dest.plain.or(&attacked);
            }
        }
        for to in dest.plain.iter() {
            out.push(Move::normal(from, to));
        }
        for to in dest.en_passant.iter() {
            out.push(Move {
                kind: MoveKind::EnPassant,
                aux: dest.victim,
                ..Move::normal(from, to)
            });
        }
    }

    /// Whether the borrower on `from` attacks `target` (its borrowed moves; remote captures
    /// add nothing, since the friendly piece they come through attacks the cell itself).
    pub fn attacks(
        &self,
        rules: &Rules,
        pos: &Position,
        piece: Piece,
        from: Cell,
        target: Cell,
    ) -> bool {
        if flag_mask(rules, pos, piece, from) & flag::CAPTURE == 0 {
            return false;
        }
        let mut hit = false;
        for_each_lender(rules, pos, piece, from, |lender, initial_ok| {
            if hit || !rules.reach(lender, from).contains(target) {
                return;
            }
            let (records, bundle) = rules.generation_tables(lender, from, false, false);
            let initial_ok = records.iter().any(|r| r.flags & flag::INITIAL != 0) && initial_ok();
            hit = tables_attack::<CellSet>(rules, pos, records, bundle, target, initial_ok);
        });
        hit
    }
}

/// For a remote borrower: the empty cells other friendly pieces could move to, and the
/// enemy-held cells they attack.
fn remote_destinations(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    from: Cell,
) -> (CellSet, CellSet) {
    let side = piece.color();
    let mut quiet = CellSet::EMPTY;
    let mut attacked = CellSet::EMPTY;
    let enemies = *pos.occupied(side.flip());
    for other in pos.occupied(side).iter() {
        if other == from {
            continue;
        }
        let other_piece = Piece(pos.code_at(other));
        let kind = other_piece.kind();
        if is_borrower(rules, kind) {
            // Another borrower contributes its borrowed moves, not its remote ones.
            let dest = BorrowMoves { remote: false }.destinations(rules, pos, other_piece, other);
            for to in dest.plain.iter() {
                if enemies.contains(to) {
                    attacked.insert(to);
                } else if pos.code_at(to) == 0 {
                    quiet.insert(to);
                }
            }
            continue;
        }
        // Plain leaps and slides as sets; the other records walked (en passant and castling
        // records are not among them).
        let (initial_ok, mask, records, bundle) =
            piece_tables(rules, pos, other_piece, other, false);
        let targets = bundle_targets::<CellSet>(rules, pos, side, bundle, mask);
        attacked = attacked.or(&targets.and(&enemies));
        quiet = quiet.or(&targets.and_not(&enemies));
        for rec in records {
            if rec.flags & flag::INITIAL != 0 && !initial_ok {
                continue;
            }
            for_each_target(rules, pos, side, rec, mask, |t| match t {
                Target::Plain(to) | Target::DoubleStep(to, _, _) => {
                    if enemies.contains(to) {
                        attacked.insert(to);
                    } else if pos.code_at(to) == 0 {
                        quiet.insert(to);
                    }
                }
                Target::EnPassant(..) => {}
            });
        }
    }
    (quiet, attacked)
}

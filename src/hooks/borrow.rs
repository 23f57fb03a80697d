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

use std::sync::Arc;

use super::{IdResolver, Params};
use crate::betza::without_castling;
use crate::board::Board;
use crate::geometry::Geometry;
use crate::rules::{flag, AttackLines, Hook, RecordShape, Rules};
use crate::targets::{
    add_record_lines, bundle_targets, flag_mask, for_each_target, initial_allowed, piece_tables,
    tables_attack, Target,
};
use crate::types::{Cell, CellSet, KindId, Move, MoveKind, Piece};

/// The parameters a file may give.
pub(super) const PARAMETERS: &[&str] = &["remote"];

/// Build the hook from a file's parameters.
pub(super) fn compile(
    params: &mut Params,
    _geometry: &Geometry,
    _resolve: &mut IdResolver,
) -> Option<Arc<dyn Hook>> {
    Some(Arc::new(BorrowMoves {
        remote: params.bool("remote", false),
    }))
}

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
    victim: Option<Cell>,
}

/// The lender kinds for a borrower of `piece`'s side standing on `from`: calls
/// `lend(lender_piece, initial_ok)`, where `initial_ok()` tells whether the lender's initial
/// moves are available (some lender could still make them).
#[inline]
fn for_each_lender(
    rules: &Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
    mut lend: impl FnMut(Piece, &dyn Fn() -> bool),
) {
    let side = piece.color();
    let colour = rules.geometry.color_of(from);
    for k in 0..rules.kinds.len() as KindId {
        if rules.kind(k).borrows_moves() {
            continue;
        }
        let lender = Piece::new(k, side);
        let cells = board.cells_of(lender);
        if cells.is_empty() {
            continue;
        }
        if rules.kinds[k as usize].color_bound
            && !cells.iter().any(|c| rules.geometry.color_of(c) == colour)
        {
            continue;
        }
        lend(lender, &|| {
            cells
                .iter()
                .any(|c| initial_allowed(rules, board, lender, c))
        });
    }
}

impl BorrowMoves {
    /// The borrowed (hero-level) destinations of the borrower on `from`.
    fn destinations(&self, rules: &Rules, board: &Board, piece: Piece, from: Cell) -> Destinations {
        let mut dest = Destinations::default();
        let mask = flag_mask(rules, board, piece, from);
        let en_passant = !board.ep_cells().is_empty();
        for_each_lender(rules, board, piece, from, |lender, initial_ok| {
            // The lender's tables on the borrower's cell: plain leaps and slides as sets,
            // the other records walked (castling is never among them).
            let (records, bundle) = rules.generation_tables(lender, from, false, en_passant);
            dest.plain = dest.plain.or(&bundle_targets::<CellSet>(
                rules,
                board,
                piece.color(),
                bundle,
                mask,
            ));
            for rec in records {
                if rec.flags & flag::INITIAL != 0 && !initial_ok() {
                    continue;
                }
                for_each_target(rules, board, piece.color(), rec, mask, |t| match t {
                    Target::Plain(to) | Target::DoubleStep(to, _, _) => dest.plain.insert(to),
                    Target::EnPassant(to, victim) => {
                        dest.en_passant.insert(to);
                        dest.victim = Some(victim);
                    }
                });
            }
        });
        dest
    }
}

impl Hook for BorrowMoves {
    fn name(&self) -> &'static str {
        "borrow-moves"
    }

    fn borrows_moves(&self) -> bool {
        true
    }

    /// Whether a lent en passant capture from `from` lands on one of `cells`.
    fn en_passant_reaches(
        &self,
        rules: &Rules,
        board: &Board,
        piece: Piece,
        from: Cell,
        cells: &CellSet,
    ) -> bool {
        if flag_mask(rules, board, piece, from) & flag::EN_PASSANT == 0 {
            return false;
        }
        let mut reaches = false;
        for_each_lender(rules, board, piece, from, |lender, _| {
            reaches |= rules.records_of(lender, from).iter().any(|rec| {
                rec.flags & flag::EN_PASSANT != 0
                    && rec.shape == RecordShape::Leap
                    && cells.contains(rules.record_cells(rec)[0])
            });
        });
        reaches
    }

    /// The path cells of every lent move that could reach `target`.
    fn add_attack_lines(
        &self,
        rules: &Rules,
        board: &Board,
        piece: Piece,
        from: Cell,
        target: Cell,
        lines: &mut AttackLines,
    ) {
        // A borrower bound by the first-move rule attacks nothing until it has moved, and no
        // move of the other side makes it move.
        if flag_mask(rules, board, piece, from) & flag::CAPTURE == 0 {
            return;
        }
        for_each_lender(rules, board, piece, from, |lender, _| {
            add_record_lines(rules, board, rules.records_of(lender, from), target, lines);
        });
    }

    /// The borrower's pseudo-legal moves.
    fn generate(
        &self,
        rules: &Rules,
        board: &Board,
        piece: Piece,
        from: Cell,
        out: &mut Vec<Move>,
    ) {
        let mut dest = self.destinations(rules, board, piece, from);
        if self.remote {
            let (quiet, attacked) = remote_destinations(rules, board, piece, from);
            dest.plain = dest.plain.or(&quiet);
            if flag_mask(rules, board, piece, from) & flag::CAPTURE != 0 {
                dest.plain = dest.plain.or(&attacked);
            }
        }
        for to in dest.plain.iter() {
            out.push(Move::normal(from, to));
        }
        if let Some(victim) = dest.victim {
            for to in dest.en_passant.iter() {
                out.push(Move {
                    kind: MoveKind::EnPassant { victim },
                    ..Move::normal(from, to)
                });
            }
        }
    }

    /// Whether the borrower on `from` attacks `target` (its borrowed moves; remote captures
    /// add nothing, since the friendly piece they come through attacks the cell itself).
    fn attacks(
        &self,
        rules: &Rules,
        board: &Board,
        piece: Piece,
        from: Cell,
        target: Cell,
    ) -> bool {
        if flag_mask(rules, board, piece, from) & flag::CAPTURE == 0 {
            return false;
        }
        let mut hit = false;
        for_each_lender(rules, board, piece, from, |lender, initial_ok| {
            if hit || !rules.reach(lender, from).contains(target) {
                return;
            }
            let (records, bundle) = rules.generation_tables(lender, from, false, false);
            let initial_ok = records.iter().any(|r| r.flags & flag::INITIAL != 0) && initial_ok();
            hit = tables_attack::<CellSet>(rules, board, records, bundle, target, initial_ok);
        });
        hit
    }

    fn describe(&self, _rules: &Rules, _kind: KindId) -> Vec<String> {
        let mut out = vec![
            "hook `borrow-moves`: it moves and captures like any piece kind its side has on the board, taken from its own cell; its moves depend on the other pieces, so no diagram can show them"
                .to_string(),
        ];
        if self.remote {
            out.push("  remote: it also captures on any cell holding an enemy another friendly piece attacks, and moves to any empty cell another friendly piece could move to".to_string());
        }
        out
    }

    fn alone_note(&self) -> Option<String> {
        Some("borrow-moves: alone it borrows nothing; its moves depend on the other pieces".into())
    }

    /// At least three quarters of the best kind it can borrow from (and a pawn).
    fn value(
        &self,
        rules: &Rules,
        kind: KindId,
        mobility_value: f64,
        value_of: &dyn Fn(KindId) -> f64,
    ) -> f64 {
        let best = (0..rules.kinds().len() as KindId)
            .filter(|&o| {
                o != kind && !rules.kind(o).royal_for_some_side() && !rules.kind(o).borrows_moves()
            })
            .map(value_of)
            .fold(0.0, f64::max);
        mobility_value.max(0.75 * best).max(1.0)
    }

    /// The union of the moves it can borrow: every other kind's Betza, castling left out.
    fn protocol_betza(&self, rules: &Rules, _kind: KindId) -> Option<String> {
        Some(
            rules
                .kinds()
                .iter()
                .filter(|o| !o.borrows_moves())
                .map(|o| without_castling(&o.betza[0].concat()))
                .collect::<Vec<_>>()
                .concat(),
        )
    }
}

/// For a remote borrower: the empty cells other friendly pieces could move to, and the
/// enemy-held cells they attack.
fn remote_destinations(
    rules: &Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
) -> (CellSet, CellSet) {
    let side = piece.color();
    let mut quiet = CellSet::EMPTY;
    let mut attacked = CellSet::EMPTY;
    let enemies = *board.occupied(side.flip());
    for other in board.occupied(side).iter() {
        if other == from {
            continue;
        }
        let other_piece = board.occupant(other);
        let kind = other_piece.kind();
        if rules.kind(kind).borrows_moves() {
            // Another borrower contributes its borrowed moves, not its remote ones.
            let dest = BorrowMoves { remote: false }.destinations(rules, board, other_piece, other);
            for to in dest.plain.iter() {
                if enemies.contains(to) {
                    attacked.insert(to);
                } else if !board.is_occupied(to) {
                    quiet.insert(to);
                }
            }
            continue;
        }
        // Plain leaps and slides as sets; the other records walked (en passant and castling
        // records are not among them).
        let (initial_ok, mask, records, bundle) =
            piece_tables(rules, board, other_piece, other, false);
        let targets = bundle_targets::<CellSet>(rules, board, side, bundle, mask);
        attacked = attacked.or(&targets.and(&enemies));
        quiet = quiet.or(&targets.and_not(&enemies));
        for rec in records {
            if rec.flags & flag::INITIAL != 0 && !initial_ok {
                continue;
            }
            for_each_target(rules, board, side, rec, mask, |t| match t {
                Target::Plain(to) | Target::DoubleStep(to, _, _) => {
                    if enemies.contains(to) {
                        attacked.insert(to);
                    } else if !board.is_occupied(to) {
                        quiet.insert(to);
                    }
                }
                Target::EnPassant(..) => {}
            });
        }
    }
    (quiet, attacked)
}

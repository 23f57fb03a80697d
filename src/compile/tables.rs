//! Every kind's moves on every cell, for both colours: the Betza moves compiled cell by cell
//! ([`super::moves`]), merged and stored as [`MoveTables`], and what the records tell about
//! each kind (colour-bound, castles, tracks its never-moved state). Moves that select
//! nothing anywhere, and castling without a partner, are reported here.

use super::moves::compile_move;
use super::records::{merge_records, RawRecord, RecordTables};
use crate::betza::BetzaMove;
use crate::diagnostics::Diagnostic;
use crate::geometry::Geometry;
use crate::rules::{flag, CellMoves, MoveTables, PieceKind, RecordShape};
use crate::types::{CellSet, Color, KindId, Piece, PieceCellTable};
use crate::variant::VariantSpec;

/// Compile the moves of every kind into move tables, and set the kinds' `color_bound`,
/// `castles` and `tracks_unmoved`.
pub(super) fn build_move_tables(
    spec: &VariantSpec,
    geometry: &Geometry,
    kinds: &mut [PieceKind],
    base_moves: &[[Vec<BetzaMove>; 2]],
    extras: &[Vec<BetzaMove>],
    diags: &mut Vec<Diagnostic>,
) -> MoveTables {
    let cells = geometry.cell_count();
    let pieces = kinds.len() * 2;
    let mut pools = RecordTables::default();
    let mut plain = PieceCellTable::new(pieces, cells, CellMoves::default());
    let mut boosted = PieceCellTable::new(pieces, cells, CellMoves::default());
    let mut capture_reach = PieceCellTable::new(pieces, cells, CellSet::EMPTY);
    let piece_specs: Vec<_> = spec.pieces.values().collect();
    for (k, per_side) in base_moves.iter().enumerate() {
        let kind_has_ep = per_side
            .iter()
            .flatten()
            .any(|m| m.legs.last().is_some_and(|l| l.modality.en_passant));
        // A kind is colour-bound when every target of every move keeps the origin's colour.
        let mut color_bound = true;
        // Moves written once for both sides are reported once.
        let split = spec.pieces[k].betza.split;
        let mut produced_any: Vec<bool> = Vec::new();
        let mut reported_any: Vec<bool> = Vec::new();
        let mut all_moves: Vec<&BetzaMove> = Vec::new();
        for color in Color::BOTH {
            let base = &per_side[color.index()];
            // Base moves first, then the extras; `source` indexes this combined list.
            let moves: Vec<&BetzaMove> = base.iter().chain(extras[k].iter()).collect();
            let base_count = base.len();
            let mut produced = vec![false; moves.len()];
            let mut reported = vec![false; moves.len()];
            if color == Color::Black && !split {
                reported.clone_from(&reported_any);
            }
            for from in geometry.cells() {
                let mut raw: Vec<RawRecord> = Vec::new();
                for (i, m) in moves.iter().enumerate() {
                    match compile_move(geometry, m, from, i, color) {
                        Ok(mut list) => raw.append(&mut list),
                        Err((span, message)) => {
                            if !reported[i] {
                                reported[i] = true;
                                diags.push(Diagnostic::error(message, span));
                            }
                        }
                    }
                }
                let kind = &mut kinds[k];
                for r in &raw {
                    produced[r.source] = true;
                    let colour = geometry.color_of(from);
                    let keeps = r.shape != RecordShape::Castle
                        && r.cells.iter().all(|&c| geometry.color_of(c) == colour);
                    color_bound &= keeps || r.source >= base_count;
                    if r.flags & flag::INITIAL != 0 {
                        kind.tracks_unmoved |=
                            kind.initial_zone.is_none() || r.shape == RecordShape::Castle;
                    }
                    if r.shape == RecordShape::Castle {
                        kind.castles = true;
                    }
                }
                let piece = Piece::new(k as KindId, color);
                let reach = capture_reach.get_mut(piece, from);
                let base: Vec<RawRecord> = raw
                    .iter()
                    .filter(|r| r.source < base_count)
                    .cloned()
                    .collect();
                let own = pools.emit(merge_records(base), kind_has_ep, reach);
                *plain.get_mut(piece, from) = own;
                *boosted.get_mut(piece, from) = if extras[k].is_empty() {
                    own
                } else {
                    pools.emit(merge_records(raw), kind_has_ep, reach)
                };
            }
            if color == Color::White || split {
                produced_any.extend(produced);
                reported_any.extend(reported);
                all_moves.extend(moves);
            }
        }
        for (i, m) in all_moves.iter().enumerate() {
            if !produced_any[i] && !reported_any[i] {
                diags.push(
                    Diagnostic::error(
                        "this Betza move selects no move anywhere on this board",
                        m.span.clone(),
                    )
                    .with_hint("check the direction letters and that the leap fits on the board"),
                );
            }
        }
        if kinds[k].castles {
            if kinds[k].castles_with.iter().all(Vec::is_empty) {
                let span = piece_specs[k]
                    .betza
                    .white
                    .first()
                    .map(|b| b.span.clone())
                    .unwrap_or(piece_specs[k].span.clone());
                diags.push(
                    Diagnostic::error(
                        format!("`{}` castles (`O`) but names no partner", kinds[k].id),
                        span,
                    )
                    .with_hint("add `castles_with = [\"rook\"]` to the piece"),
                );
            }
            for p in kinds[k].castles_with.concat() {
                kinds[p as usize].tracks_unmoved = true;
            }
        }
        if !kinds[k].first_move_captures {
            kinds[k].tracks_unmoved = true;
        }
        kinds[k].color_bound = color_bound;
    }
    pools.into_move_tables(plain, boosted, capture_reach)
}

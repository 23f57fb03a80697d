//! Every kind's moves on every cell, for both colours: the Betza moves compiled cell by cell
//! ([`super::moves`]), merged and stored as [`MoveTables`], and what the records tell about
//! each kind (colour-bound, castles, tracks its never-moved state). Moves that select
//! nothing anywhere, and castling without a partner, are reported here.

use super::moves::compile_move;
use super::pieces::{MoveConditions, MoveGroup};
use super::records::{merge_records, RawRecord, RecordTables};
use crate::betza::BetzaMove;
use crate::diagnostics::Diagnostic;
use crate::geometry::Geometry;
use crate::rules::{flag, CellMoves, MoveTables, PieceKind, RecordShape};
use crate::types::{Cell, CellSet, Color, KindId, Piece, PieceCellTable};
use crate::variant::VariantSpec;

/// The moves of every kind and the conditions they are made under.
pub(super) struct KindMoves<'a> {
    /// Per kind: its `betza` moves, per side.
    pub base_moves: &'a [[Vec<BetzaMove>; 2]],
    /// Per kind: the conditions of its `betza` and adjacency moves.
    pub base_conditions: &'a [MoveConditions],
    /// Per kind: its `extra_moves` groups.
    pub groups: &'a [Vec<MoveGroup>],
    /// Per kind: its `when_adjacent_to` moves.
    pub extras: &'a [Vec<BetzaMove>],
}

/// Compile the moves of every kind into move tables, and set the kinds' `color_bound`,
/// `castles` and `tracks_unmoved`.
pub(super) fn build_move_tables(
    spec: &VariantSpec,
    geometry: &Geometry,
    kinds: &mut [PieceKind],
    all: &KindMoves<'_>,
    diags: &mut Vec<Diagnostic>,
) -> MoveTables {
    let (base_moves, extras) = (all.base_moves, all.extras);
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
        let castles_to = kinds[k].castles_to;
        // A kind is colour-bound when every target of every move keeps the origin's colour.
        let mut color_bound = true;
        // Moves written once for both sides are reported once.
        let split = spec.pieces[k].betza.split;
        let mut produced_any: Vec<bool> = Vec::new();
        let mut reported_any: Vec<bool> = Vec::new();
        let mut all_moves: Vec<&BetzaMove> = Vec::new();
        for color in Color::BOTH {
            let base = &per_side[color.index()];
            // Base moves first, then the `extra_moves` groups, then the adjacency moves;
            // `source` indexes this combined list. Each move has its conditions.
            let base_conditions = &all.base_conditions[k];
            let mut moves: Vec<&BetzaMove> = Vec::new();
            let mut conditions: Vec<&MoveConditions> = Vec::new();
            for m in base {
                moves.push(m);
                conditions.push(base_conditions);
            }
            for group in &all.groups[k] {
                for m in &group.moves {
                    moves.push(m);
                    conditions.push(&group.conditions);
                }
            }
            let base_count = moves.len();
            for m in &extras[k] {
                moves.push(m);
                conditions.push(base_conditions);
            }
            let mut restriction_of = Vec::new();
            for c in &conditions {
                match pools.restriction_index(c.restriction) {
                    Some(i) => restriction_of.push(i),
                    None => {
                        diags.push(Diagnostic::error(
                            "too many different `captures`, `cannot_capture` and `cannot_hop_over` lists (at most 255)",
                            piece_specs[k].span.clone(),
                        ));
                        restriction_of.push(0);
                    }
                }
            }
            let mut produced = vec![false; moves.len()];
            let mut reported = vec![false; moves.len()];
            if color == Color::Black && !split {
                reported.clone_from(&reported_any);
            }
            // One cell's records, the buffer kept from cell to cell.
            let mut raw: Vec<RawRecord> = Vec::new();
            for from in geometry.cells() {
                raw.clear();
                for (i, m) in moves.iter().enumerate() {
                    let cond = conditions[i];
                    if cond
                        .when_in
                        .is_some_and(|w| !w[color.index()].contains(from))
                    {
                        continue;
                    }
                    match compile_move(geometry, m, from, i, color, castles_to) {
                        Ok(list) => {
                            for mut r in list {
                                r.restriction = restriction_of[i];
                                if let Some(region) = &cond.confined {
                                    if !confine(&mut r, &region[color.index()]) {
                                        continue;
                                    }
                                }
                                raw.push(r);
                            }
                        }
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
                // Without adjacency moves every record is a base one: no copy is needed.
                if extras[k].is_empty() {
                    let own = pools.emit(merge_records(raw.drain(..)), kind_has_ep, reach);
                    *plain.get_mut(piece, from) = own;
                    *boosted.get_mut(piece, from) = own;
                } else {
                    let base = raw.iter().filter(|r| r.source < base_count).cloned();
                    let own = pools.emit(merge_records(base), kind_has_ep, reach);
                    *plain.get_mut(piece, from) = own;
                    *boosted.get_mut(piece, from) =
                        pools.emit(merge_records(raw.drain(..)), kind_has_ep, reach);
                }
            }
            if color == Color::White || split {
                produced_any.extend(produced);
                reported_any.extend(reported);
                all_moves.extend(moves);
            }
        }
        for (i, m) in all_moves.iter().enumerate() {
            if !produced_any[i] && !reported_any[i] {
                // (Moves made only in a region or kept inside one may select nothing on
                // some cells; a move that selects nothing on any cell is reported.)
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

/// Keep a record inside a region: a leap whose target is outside is dropped; a ray stops
/// before its first cell outside. Returns whether anything is left.
fn confine(r: &mut RawRecord, region: &CellSet) -> bool {
    match r.shape {
        RecordShape::Castle => true,
        RecordShape::Leap => region.contains(r.cells[0]),
        RecordShape::Slide | RecordShape::Hop | RecordShape::Grasshop => {
            let inside = r
                .cells
                .iter()
                .position(|c: &Cell| !region.contains(*c))
                .unwrap_or(r.cells.len());
            r.cells.truncate(inside);
            let needed = if r.shape == RecordShape::Slide { 1 } else { 2 };
            r.cells.len() >= needed
        }
    }
}

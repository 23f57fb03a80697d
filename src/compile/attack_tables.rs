//! Reverse attack tables: for every piece (kind and colour) and target cell, the cells from
//! which such a piece could capture on the target. Attack queries start from the target and
//! intersect these sets with the attacker's piece set, instead of walking every enemy piece.
//!
//! `free` holds origins whose capture cannot be blocked (a plain leap, not initial-only,
//! capturing any kind, of a kind without a first-move restriction): one intersection answers the query. `conditional`
//! holds every other origin (slides, hops, lame or multi-leg leaps, initial-only and
//! adjacency-dependent moves): each candidate is verified against the board. `any` is the
//! union of both over every kind of a colour: intersected with that colour's pieces, it gives
//! the few pieces a query has to look at.

use crate::geometry::Geometry;
use crate::rules::{flag, AttackTables, MoveTables, PieceKind, RecordShape};
use crate::types::{CellSet, Piece, PieceCellTable};

/// The reverse attack tables and en passant origins of these move tables.
pub(super) fn build_attack_tables(
    geometry: &Geometry,
    kinds: &[PieceKind],
    moves: &MoveTables,
) -> AttackTables {
    let cells = geometry.cell_count();
    let pieces = kinds.len() * 2;
    let mut free = PieceCellTable::new(pieces, cells, CellSet::EMPTY);
    let mut en_passant = PieceCellTable::new(pieces, cells, CellSet::EMPTY);
    let mut conditional = PieceCellTable::new(pieces, cells, CellSet::EMPTY);
    let mut any = vec![CellSet::EMPTY; 2 * cells];
    for index in 0..pieces {
        let piece = Piece::from_index(index);
        let restricted = !kinds[piece.kind() as usize].first_move_captures;
        for from in geometry.cells() {
            let tables = [moves.plain.get(piece, from), moves.boosted.get(piece, from)];
            for (which, cell_moves) in tables.into_iter().enumerate() {
                for rec in moves.records_in(cell_moves) {
                    let targets = moves.record_cells(rec);
                    if which == 0
                        && rec.flags & flag::EN_PASSANT != 0
                        && rec.shape == RecordShape::Leap
                    {
                        en_passant.get_mut(piece, targets[0]).insert(from);
                    }
                    if rec.flags & flag::CAPTURE == 0 {
                        continue;
                    }
                    let unconditional = which == 0
                        && !restricted
                        && rec.shape == RecordShape::Leap
                        && rec.is_unconditional()
                        && rec.restriction == 0
                        && rec.flags & flag::INITIAL == 0;
                    let skip = match rec.shape {
                        RecordShape::Castle => targets.len(),
                        RecordShape::Hop | RecordShape::Grasshop => 1,
                        _ => 0,
                    };
                    let table = if unconditional {
                        &mut free
                    } else {
                        &mut conditional
                    };
                    for &t in targets.iter().skip(skip) {
                        table.get_mut(piece, t).insert(from);
                        any[piece.color().index() * cells + t.index()].insert(from);
                    }
                }
            }
        }
    }
    AttackTables {
        free,
        conditional,
        any,
        en_passant_origins: en_passant,
    }
}

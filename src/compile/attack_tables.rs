//! Reverse attack tables: for every piece (kind and colour) and target cell, the cells from
//! which such a piece could capture on the target. Attack queries start from the target and
//! intersect these sets with the attacker's piece set, instead of walking every enemy piece.
//!
//! `free` holds origins whose capture cannot be blocked (a plain leap, not initial-only, of a
//! kind without a first-move restriction): one intersection answers the query. `conditional`
//! holds every other origin (slides, hops, lame or multi-leg leaps, initial-only and
//! adjacency-dependent moves): each candidate is verified against the board. `any` is the
//! union of both over every kind of a colour: intersected with that colour's pieces, it gives
//! the few pieces a query has to look at.

use crate::cellset::CellSet;
use crate::rules::{flag, KindId, Piece, RecordShape, Rules};

/// Fill `rules.attackers_free`, `rules.attackers_conditional`, their union per colour
/// `rules.attackers_any`, and the en passant origins `rules.en_passant_origins`.
pub fn build(rules: &mut Rules) {
    let cells = rules.cells();
    let pieces = rules.kinds.len() * 2;
    let mut free = vec![CellSet::EMPTY; pieces * cells];
    let mut en_passant = vec![CellSet::EMPTY; pieces * cells];
    let mut conditional = vec![CellSet::EMPTY; pieces * cells];
    for index in 0..pieces {
        let piece = Piece(index as u8 + 1);
        let kind = &rules.kinds[piece.kind() as usize];
        let restricted = !kind.first_move_captures;
        for from in rules.geometry.cells() {
            let slot = index * cells + from as usize;
            let ranges = [rules.record_index[slot], rules.boosted_index[slot]];
            for (which, &(start, end)) in ranges.iter().enumerate() {
                for rec in &rules.records[start as usize..end as usize] {
                    if which == 0
                        && rec.flags & flag::EN_PASSANT != 0
                        && rec.shape == RecordShape::Leap
                    {
                        let to = rules.record_cells(rec)[0];
                        en_passant[index * cells + to as usize].insert(from);
                    }
                    if rec.flags & flag::CAPTURE == 0 {
                        continue;
                    }
                    let targets = rules.record_cells(rec);
                    let unconditional = which == 0
                        && !restricted
                        && rec.shape == RecordShape::Leap
                        && rec.paths_len == 0
                        && rec.flags & flag::INITIAL == 0;
                    let skip = match rec.shape {
                        RecordShape::Castle => targets.len(),
                        RecordShape::Hop | RecordShape::Grasshop => 1,
                        _ => 0,
                    };
                    for &t in targets.iter().skip(skip) {
                        let table = if unconditional {
                            &mut free
                        } else {
                            &mut conditional
                        };
                        table[index * cells + t as usize].insert(from);
                    }
                }
            }
        }
    }
    let mut any = vec![CellSet::EMPTY; 2 * cells];
    for index in 0..pieces {
        let color = Piece(index as u8 + 1).color().index();
        for t in 0..cells {
            let slot = index * cells + t;
            any[color * cells + t] = any[color * cells + t]
                .or(&free[slot])
                .or(&conditional[slot]);
        }
    }
    rules.attackers_free = free;
    rules.attackers_conditional = conditional;
    rules.attackers_any = any;
    rules.en_passant_origins = en_passant;
    rules.hook_kinds = (0..rules.kinds.len() as KindId)
        .filter(|&k| rules.kinds[k as usize].hook.is_some())
        .collect();
}

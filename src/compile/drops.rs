//! `[rules] drops` and the pieces' drop keys (`in_hand_as`, `drop_zone`,
//! `drop_one_per_file`, `drop_checkmate`), gating (`gating`); and the cells from which a piece could never move,
//! where an optional promotion is compulsory and nothing is dropped.

use super::pieces::resolve_id;
use super::zones::{compile_zone, Regions};
use crate::board::Board;
use crate::diagnostics::Diagnostic;
use crate::geometry::Geometry;
use crate::rules::{Drops, PieceKind, Rules};
use crate::types::{CellSet, Color, KindId, Piece};
use crate::variant::VariantSpec;

/// The drop rules as written: per piece index the `drop_zone` (`None`: anywhere), and the
/// restricted kinds. Sets each kind's `in_hand_as`. `None` without `drops = true` (the drop
/// keys are then reported as having no effect).
pub(super) fn compile_drops(
    spec: &VariantSpec,
    geometry: &Geometry,
    regions: &Regions,
    kinds: &mut [PieceKind],
    diags: &mut Vec<Diagnostic>,
) -> Option<(Drops, Vec<Option<CellSet>>)> {
    let enabled = spec.rules.drops.as_ref().is_some_and(|d| d.value);
    if !enabled {
        for piece in spec.pieces.values() {
            let written = [
                piece
                    .in_hand_as
                    .as_ref()
                    .map(|s| ("in_hand_as", s.span.clone())),
                piece
                    .drop_zone
                    .as_ref()
                    .map(|s| ("drop_zone", s.span.clone())),
                piece
                    .drop_one_per_file
                    .as_ref()
                    .map(|s| ("drop_one_per_file", s.span.clone())),
                piece
                    .drop_checkmate
                    .as_ref()
                    .map(|s| ("drop_checkmate", s.span.clone())),
                piece
                    .drop_also_as
                    .first()
                    .map(|s| ("drop_also_as", s.span.clone())),
            ];
            for (key, span) in written.into_iter().flatten() {
                diags.push(
                    Diagnostic::error(
                        format!("`{key}` has no effect: captured pieces do not go to a hand"),
                        span,
                    )
                    .with_hint("add `drops = true` to `[rules]`"),
                );
            }
        }
        return None;
    }
    let mut drops = Drops {
        also_as: vec![Vec::new(); kinds.len()],
        ..Drops::default()
    };
    let mut zones = vec![None; kinds.len() * 2];
    for (k, piece) in spec.pieces.values().enumerate() {
        if let Some(id) = &piece.in_hand_as {
            if let Some(target) = resolve_id(spec, id, diags) {
                if kinds[target as usize].royal_for_some_side() {
                    diags.push(Diagnostic::error(
                        format!("`in_hand_as` names the royal piece `{}`", id.value),
                        id.span.clone(),
                    ));
                }
                kinds[k].in_hand_as = target;
            }
        }
        if let Some(zone) = &piece.drop_zone {
            let sets = compile_zone(geometry, regions, zone, diags);
            for color in Color::BOTH {
                zones[Piece::new(k as KindId, color).index()] = Some(sets[color.index()]);
            }
        }
        if piece.drop_one_per_file.as_ref().is_some_and(|b| b.value) {
            drops.one_per_file.insert(k as KindId);
        }
        if piece.drop_checkmate.as_ref().is_some_and(|b| !b.value) {
            drops.no_mate.insert(k as KindId);
        }
    }
    // Other faces a piece in hand may be dropped as: each goes back to the hand as it.
    for (k, piece) in spec.pieces.values().enumerate() {
        for id in &piece.drop_also_as {
            if let Some(face) = resolve_id(spec, id, diags) {
                if kinds[face as usize].in_hand_as != k as KindId {
                    diags.push(
                        Diagnostic::error(
                            format!(
                                "`{}` is dropped for `{}` but goes to the hand as another kind",
                                id.value, piece.id.value
                            ),
                            id.span.clone(),
                        )
                        .with_hint(format!(
                            "give `[pieces.{}]` `in_hand_as = \"{}\"`",
                            id.value, piece.id.value
                        )),
                    );
                } else {
                    drops.also_as[k].push(face);
                }
            }
        }
    }
    // A captured piece of a marked kind (`+P`, `Q~`) must go to the hand as an unmarked one:
    // hands are written with plain letters.
    for (k, piece) in spec.pieces.values().enumerate() {
        let kind = &kinds[k];
        if kind.mark.is_some() && kinds[kind.in_hand_as as usize].mark.is_some() {
            let span = piece
                .in_hand_as
                .as_ref()
                .or(piece.letter.as_ref())
                .map_or(piece.span.clone(), |s| s.span.clone());
            diags.push(
                Diagnostic::error(
                    format!(
                        "`{}` is a promoted (marked) kind: captured, it must go to the hand as an unmarked kind",
                        piece.id.value
                    ),
                    span,
                )
                .with_hint("add `in_hand_as = \"...\"` naming the kind it was promoted from"),
            );
        }
    }
    let mut files: Vec<CellSet> = Vec::new();
    for cell in geometry.cells() {
        let x = geometry.coords(cell).0.max(0) as usize;
        if files.len() <= x {
            files.resize(x + 1, CellSet::EMPTY);
        }
        files[x].insert(cell);
    }
    drops.files = files;
    Some((drops, zones))
}

/// `gating = true`: per side, the cells of its first rank (White's rank 1, Black's last).
/// Every kind's never-moved state is then tracked, since any first move from there gates.
pub(super) fn compile_gating(
    spec: &VariantSpec,
    geometry: &Geometry,
    kinds: &mut [PieceKind],
) -> Option<[CellSet; 2]> {
    if !spec.rules.gating.as_ref().is_some_and(|g| g.value) {
        return None;
    }
    for kind in kinds.iter_mut() {
        kind.tracks_unmoved = true;
    }
    let top = geometry
        .cells()
        .map(|c| geometry.coords(c).1)
        .max()
        .unwrap_or(0);
    let bottom = geometry
        .cells()
        .map(|c| geometry.coords(c).1)
        .min()
        .unwrap_or(0);
    let rank = |y: i32| -> CellSet {
        geometry
            .cells()
            .filter(|&c| geometry.coords(c).1 == y)
            .collect()
    };
    Some([rank(bottom), rank(top)])
}

/// Per piece index: the cells from which it has no move at all, on an empty board or with
/// every other cell held by an enemy piece. Computed only where it matters (drops or
/// optional promotions); otherwise every set is empty.
pub(super) fn stuck_cells(rules: &Rules) -> Vec<CellSet> {
    let pieces = rules.kinds.len() * 2;
    let optional = rules
        .kinds
        .iter()
        .any(|k| k.promotion.iter().flatten().any(|p| !p.forced));
    if rules.drops.is_none() && !optional {
        return vec![CellSet::EMPTY; pieces];
    }
    let mut out = vec![CellSet::EMPTY; pieces];
    let mut moves = Vec::new();
    for (index, stuck) in out.iter_mut().enumerate() {
        let piece = Piece::from_index(index);
        let enemy = Piece::new(0, piece.color().flip());
        for cell in rules.geometry.cells() {
            let mut has_move = false;
            for crowded in [false, true] {
                let mut board = Board::empty(rules.cells(), rules.kinds.len());
                board.set_side(&rules.zobrist, piece.color());
                board.place(&rules.zobrist, cell, piece);
                if crowded {
                    for other in rules.geometry.cells().filter(|&c| c != cell) {
                        board.place(&rules.zobrist, other, enemy);
                    }
                }
                moves.clear();
                crate::movegen::generate_pseudo(rules, &board, &mut moves);
                has_move |= !moves.is_empty();
            }
            if !has_move {
                stuck.insert(cell);
            }
        }
    }
    out
}

/// Where each piece may be dropped: its written `drop_zone` as written, or every cell from
/// which it could move.
pub(super) fn finish_zones(
    rules: &Rules,
    written: &[Option<CellSet>],
    stuck: &[CellSet],
) -> Vec<CellSet> {
    let all: CellSet = rules.geometry.cells().collect();
    written
        .iter()
        .zip(stuck)
        .map(|(zone, stuck)| zone.unwrap_or_else(|| all.and_not(stuck)))
        .collect()
}

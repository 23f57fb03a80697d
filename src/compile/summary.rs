//! Per-kind facts the hot path reads instead of looking through the kinds: summary flag
//! bits, the lists of royal, castling, hooked and en passant kinds, where a piece's
//! never-moved mark matters and where its moves may promote.

use crate::geometry::Geometry;
use crate::rules::{flag, kind_flag, MoveTables, PieceKind, RecordShape};
use crate::types::{CellSet, Color, KindId, Piece};

/// What [`summarise`] derives.
pub(super) struct KindSummary {
    pub kind_flags: Vec<u8>,
    pub royal_kinds: [Vec<KindId>; 2],
    pub castling_kinds: [Vec<KindId>; 2],
    pub hook_kinds: Vec<KindId>,
    pub en_passant_kinds: Vec<KindId>,
    pub keeps_unmoved_mark: Vec<CellSet>,
    pub promotion_cells: Vec<CellSet>,
    /// Per piece index: the cells where a move starting there may promote.
    pub promotion_origins: Vec<CellSet>,
}

/// The kinds matching `test`, in file order.
fn kinds_where(kinds: &[PieceKind], test: impl Fn(&PieceKind) -> bool) -> Vec<KindId> {
    (0..kinds.len() as KindId)
        .filter(|&k| test(&kinds[k as usize]))
        .collect()
}

/// Derive the per-kind facts of compiled kinds and their move tables; `captures_en_passant`
/// tells per kind whether one of its own moves captures en passant.
pub(super) fn summarise(
    geometry: &Geometry,
    kinds: &[PieceKind],
    moves: &MoveTables,
    captures_en_passant: &[bool],
) -> KindSummary {
    let pieces = kinds.len() * 2;
    let kind_flags = kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| {
            let partner = kinds
                .iter()
                .any(|c| c.castles_with.iter().any(|p| p.contains(&(k as KindId))));
            let bit = |on: bool, bit: u8| if on { bit } else { 0 };
            bit(kind.hook.is_some(), kind_flag::HOOK)
                | bit(!kind.adjacent_kinds.is_empty(), kind_flag::ADJACENT)
                | bit(!kind.first_move_captures, kind_flag::FIRST_MOVE_RESTRICTED)
                | bit(kind.initial_zone.is_some(), kind_flag::INITIAL_ZONE)
                | bit(kind.castles || partner, kind_flag::CASTLING)
                | bit(
                    kind.promotion.iter().any(|p| !p.is_empty()),
                    kind_flag::PROMOTES,
                )
        })
        .collect();
    let all_cells: CellSet = geometry.cells().collect();
    let keeps_unmoved_mark = (0..pieces)
        .map(|index| {
            let piece = Piece::from_index(index);
            let kind = &kinds[piece.kind() as usize];
            if !kind.first_move_captures {
                return all_cells;
            }
            if kind.initial_zone.is_some() {
                return CellSet::EMPTY;
            }
            geometry
                .cells()
                .filter(|&c| {
                    moves
                        .records_in(moves.plain.get(piece, c))
                        .iter()
                        .any(|r| r.flags & flag::INITIAL != 0 && r.shape != RecordShape::Castle)
                })
                .collect()
        })
        .collect();
    let promotion_cells = (0..pieces)
        .map(|index| {
            let piece = Piece::from_index(index);
            let mut cells = CellSet::EMPTY;
            for promo in kinds[piece.kind() as usize].promotions(piece.color()) {
                cells = cells.or(&promo.zone);
                if !promo.adjacent_to_enemy.is_empty() {
                    cells = all_cells;
                }
            }
            cells
        })
        .collect();
    let promotion_origins = (0..pieces)
        .map(|index| {
            let piece = Piece::from_index(index);
            kinds[piece.kind() as usize]
                .promotions(piece.color())
                .iter()
                .filter(|p| p.from_zone)
                .fold(CellSet::EMPTY, |cells, p| cells.or(&p.zone))
        })
        .collect();
    KindSummary {
        kind_flags,
        royal_kinds: Color::BOTH.map(|c| kinds_where(kinds, |k| k.is_royal(c))),
        castling_kinds: Color::BOTH
            .map(|c| kinds_where(kinds, |k| k.castles && !k.partners(c).is_empty())),
        hook_kinds: kinds_where(kinds, |k| k.hook.is_some()),
        en_passant_kinds: (0..kinds.len() as KindId)
            .filter(|&k| captures_en_passant[k as usize])
            .collect(),
        keeps_unmoved_mark,
        promotion_cells,
        promotion_origins,
    }
}

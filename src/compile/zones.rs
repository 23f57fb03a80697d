//! Zones: sets of cells described from White's side (`"last-rank"`, `{ ranks = [...] }`,
//! `{ cells = [...] }`, `{ min_height = n }`), with Black's made from White's by
//! `for_black`: mirrored top to bottom (the default), turned round by 180°, or the same.

use crate::diagnostics::{Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::types::CellSet;
use crate::variant::{ForBlack, ZoneCells, ZoneSpec};

/// The zone's cells for White and for Black.
pub(super) fn compile_zone(
    geometry: &Geometry,
    zone: &Spanned<ZoneSpec>,
    diags: &mut Vec<Diagnostic>,
) -> [CellSet; 2] {
    let white: CellSet = match &zone.value.cells {
        ZoneCells::LastRank => geometry.far_edge_white(),
        ZoneCells::Ranks(ranks) => {
            let mut set = CellSet::EMPTY;
            for r in ranks {
                if r.value < 1 || r.value > geometry.rank_count() as i64 {
                    diags.push(Diagnostic::error(
                        format!("rank {} is not on the board", r.value),
                        r.span.clone(),
                    ));
                } else {
                    set = set.or(&geometry.rank_cells(r.value as u8 - 1));
                }
            }
            set
        }
        ZoneCells::MinHeight(h) => geometry
            .cells()
            .filter(|&c| geometry.height(c) as i64 >= h.value)
            .collect(),
        ZoneCells::Cells(cells) => {
            let mut set = CellSet::EMPTY;
            for c in cells {
                match geometry.parse_cell(&c.value) {
                    Some(cell) => set.insert(cell),
                    None => diags.push(Diagnostic::error(
                        format!("`{}` is not a cell of this board", c.value),
                        c.span.clone(),
                    )),
                }
            }
            set
        }
    };
    let black = match zone.value.for_black.as_ref().map(|f| f.value) {
        None | Some(ForBlack::Mirror) => white.iter().map(|c| geometry.mirror(c)).collect(),
        Some(ForBlack::Rotate) => white.iter().filter_map(|c| geometry.rotate(c)).collect(),
        Some(ForBlack::Same) => white,
    };
    [white, black]
}

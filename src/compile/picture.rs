//! `[board] picture`: drawing hints, resolved against the regions.

use super::zones::Regions;
use crate::diagnostics::Diagnostic;
use crate::geometry::Geometry;
use crate::rules::Picture;
use crate::types::CellSet;
use crate::variant::{BoardStyle, VariantSpec};

/// The picture hints of the file (defaults without `picture`).
pub(super) fn compile_picture(
    spec: &VariantSpec,
    geometry: &Geometry,
    regions: &Regions,
    diags: &mut Vec<Diagnostic>,
) -> Picture {
    let Some(p) = &spec.board.picture else {
        return Picture::default();
    };
    if geometry.is_hex() {
        diags.push(Diagnostic::error(
            "`picture` applies to square boards only",
            p.span.clone(),
        ));
        return Picture::default();
    }
    let per_side = |names: &[crate::diagnostics::Spanned<String>], diags: &mut Vec<Diagnostic>| {
        let mut sets: Vec<CellSet> = Vec::new();
        for name in names {
            if let Some(cells) = regions.lookup(name, diags) {
                for set in cells {
                    if !set.is_empty() && !sets.contains(&set) {
                        sets.push(set);
                    }
                }
            }
        }
        sets
    };
    Picture {
        intersections: p
            .style
            .as_ref()
            .is_some_and(|s| s.value == BoardStyle::Intersections),
        diagonals: per_side(&p.diagonals, diags),
        river: p
            .river
            .as_ref()
            .and_then(|name| regions.lookup(name, diags))
            .map(|cells| cells[0]),
        outlines: per_side(&p.outline, diags),
    }
}

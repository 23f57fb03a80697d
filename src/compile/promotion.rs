//! A piece's `promotion` rules: the trigger (a zone, or ending next to an enemy of some
//! kinds), the kinds it may become, and whether it must.

use super::pieces::resolve_id;
use super::zones::compile_zone;
use crate::diagnostics::Diagnostic;
use crate::geometry::Geometry;
use crate::rules::{PieceKind, Promotion};
use crate::types::CellSet;
use crate::variant::VariantSpec;

/// Fill every kind's promotion rules from the file.
pub(super) fn compile_promotions(
    spec: &VariantSpec,
    geometry: &Geometry,
    kinds: &mut [PieceKind],
    diags: &mut Vec<Diagnostic>,
) {
    for (k, piece) in spec.pieces.values().enumerate() {
        for promo in &piece.promotion {
            let mut to = Vec::new();
            for target in &promo.to {
                if let Some(t) = resolve_id(spec, target, diags) {
                    if kinds[t as usize].royal {
                        diags.push(Diagnostic::error(
                            format!("promotion to the royal piece `{}`", target.value),
                            target.span.clone(),
                        ));
                    }
                    to.push(t);
                }
            }
            if promo.to.is_empty() {
                diags.push(Diagnostic::error(
                    "promotion lists no piece to promote to",
                    promo.span.clone(),
                ));
            }
            let zone = match &promo.zone {
                Some(z) => compile_zone(geometry, z, diags),
                None => [CellSet::EMPTY; 2],
            };
            let adjacent_to_enemy = promo
                .adjacent_to_enemy
                .iter()
                .filter_map(|id| resolve_id(spec, id, diags))
                .collect();
            kinds[k].promotion.push(Promotion {
                zone,
                adjacent_to_enemy,
                to,
                forced: promo.forced.as_ref().is_none_or(|f| f.value),
            });
        }
    }
}

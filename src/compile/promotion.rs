//! A piece's `promotion` rules, per side: the trigger (a zone, or ending next to an enemy of
//! some kinds), the kinds it may become, and whether it must.

use super::pieces::resolve_id;
use super::zones::{compile_zone, Regions};
use crate::diagnostics::Diagnostic;
use crate::geometry::Geometry;
use crate::rules::{PieceKind, Promotion};
use crate::types::{CellSet, Color, KindId};
use crate::variant::{PromotionSpec, VariantSpec};

/// Fill every kind's promotion rules from the file.
pub(super) fn compile_promotions(
    spec: &VariantSpec,
    geometry: &Geometry,
    regions: &Regions,
    kinds: &mut [PieceKind],
    diags: &mut Vec<Diagnostic>,
) {
    for (k, piece) in spec.pieces.values().enumerate() {
        let written = &piece.promotion;
        let white = compile_rules(
            spec,
            geometry,
            regions,
            kinds,
            &written.white,
            Color::White,
            diags,
        );
        let black = if written.split {
            compile_rules(
                spec,
                geometry,
                regions,
                kinds,
                &written.black,
                Color::Black,
                diags,
            )
        } else {
            // Written once: compiled (and reported) once, Black's zones taken from it.
            let mut quiet = Vec::new();
            compile_rules(
                spec,
                geometry,
                regions,
                kinds,
                &written.white,
                Color::Black,
                &mut quiet,
            )
        };
        kinds[k].promotion = [white, black];
    }
}

/// The rules of one side.
fn compile_rules(
    spec: &VariantSpec,
    geometry: &Geometry,
    regions: &Regions,
    kinds: &[PieceKind],
    rules: &[PromotionSpec],
    color: Color,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Promotion> {
    let mut out = Vec::new();
    for promo in rules {
        let allow_royal = promo.allow_royal.as_ref().is_some_and(|a| a.value);
        let mut to: Vec<KindId> = Vec::new();
        for target in &promo.to {
            if let Some(t) = resolve_id(spec, target, diags) {
                if kinds[t as usize].is_royal(color) && !allow_royal {
                    diags.push(
                        Diagnostic::error(
                            format!("promotion to the royal piece `{}`", target.value),
                            target.span.clone(),
                        )
                        .with_hint("add `allow_royal = true` to the rule if the variant allows it"),
                    );
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
        if let Some(f) = promo.from_zone.as_ref().filter(|f| f.value) {
            if promo.zone.is_none() {
                diags.push(
                    Diagnostic::error("`from_zone` needs a `zone` to start from", f.span.clone())
                        .with_hint("give the rule a `zone`, or remove `from_zone`"),
                );
            }
        }
        let zone = match &promo.zone {
            Some(z) => compile_zone(geometry, regions, z, diags)[color.index()],
            None => CellSet::EMPTY,
        };
        let adjacent_to_enemy = promo
            .adjacent_to_enemy
            .iter()
            .filter_map(|id| resolve_id(spec, id, diags))
            .collect();
        out.push(Promotion {
            zone,
            adjacent_to_enemy,
            to,
            forced: promo.forced.as_ref().is_none_or(|f| f.value),
            only_lost: promo.only_lost.as_ref().is_some_and(|o| o.value),
            from_zone: promo.from_zone.as_ref().is_some_and(|o| o.value),
        });
    }
    out
}

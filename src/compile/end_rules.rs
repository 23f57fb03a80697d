//! `[rules]`: how the game ends — checkmate, stalemate, the n-move rule, repetition,
//! extinction, a royal piece reaching its zone — and which kinds reset the n-move counter.

use super::pieces::resolve_id;
use super::zones::compile_zone;
use crate::diagnostics::{Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::rules::{EndRules, PieceKind, StalemateResult};
use crate::types::KindId;
use crate::variant::{StalemateSpec, VariantSpec};

/// The end rules of the file; also sets each kind's `resets_n_move`.
pub(super) fn compile_end_rules(
    spec: &VariantSpec,
    geometry: &Geometry,
    kinds: &mut [PieceKind],
    diags: &mut Vec<Diagnostic>,
) -> EndRules {
    let rules_spec = &spec.rules;
    let checkmate = rules_spec.checkmate.as_ref().is_none_or(|c| c.value);
    let has_royal = kinds.iter().any(|k| k.royal);
    if checkmate && !has_royal && !kinds.is_empty() {
        let span = rules_spec
            .checkmate
            .as_ref()
            .map(|c| c.span.clone())
            .unwrap_or_else(|| spec.pieces[0].span.clone());
        diags.push(
            Diagnostic::error("checkmate is the goal but no piece is royal", span).with_hint(
                "mark the king with `royal = true`, or set `checkmate = false` in [rules]",
            ),
        );
    }
    let stalemate = match rules_spec.stalemate.as_ref().map(|s| s.value) {
        None | Some(StalemateSpec::Draw) => StalemateResult::Draw,
        Some(StalemateSpec::Win) => StalemateResult::Win,
        Some(StalemateSpec::Loss) => StalemateResult::Loss,
    };
    let positive = |v: &Option<Spanned<i64>>, diags: &mut Vec<Diagnostic>| -> Option<u32> {
        let v = v.as_ref()?;
        if v.value < 1 || v.value > 100_000 {
            diags.push(Diagnostic::error(
                "must be a positive number",
                v.span.clone(),
            ));
            return None;
        }
        Some(v.value as u32)
    };
    let (mut n_claim, mut n_auto) = (None, None);
    if let Some(n) = &rules_spec.n_move_rule {
        n_claim = positive(&n.claim, diags).map(|m| m * 2);
        n_auto = positive(&n.automatic, diags).map(|m| m * 2);
    }
    let (mut r_claim, mut r_auto) = (None, None);
    if let Some(r) = &rules_spec.repetition {
        r_claim = positive(&r.claim, diags);
        r_auto = positive(&r.automatic, diags);
    }
    let extinction: Vec<KindId> = rules_spec
        .extinction
        .iter()
        .filter_map(|id| resolve_id(spec, id, diags))
        .collect();
    let royal_zone = rules_spec
        .royal_zone
        .as_ref()
        .map(|z| compile_zone(geometry, z, diags));
    if let Some(z) = &rules_spec.royal_zone {
        if !has_royal {
            diags.push(Diagnostic::error(
                "`royal_zone` is set but no piece is royal",
                z.span.clone(),
            ));
        }
    }
    if rules_spec.resets_n_move.is_empty() {
        for kind in kinds.iter_mut() {
            kind.resets_n_move = !kind.promotion.is_empty();
        }
    } else {
        for id in &rules_spec.resets_n_move {
            if let Some(k) = resolve_id(spec, id, diags) {
                kinds[k as usize].resets_n_move = true;
            }
        }
    }
    EndRules {
        checkmate,
        stalemate,
        n_move_claim_plies: n_claim,
        n_move_automatic_plies: n_auto,
        repetition_claim: r_claim,
        repetition_automatic: r_auto,
        extinction,
        royal_zone,
    }
}

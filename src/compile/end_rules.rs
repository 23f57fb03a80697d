//! `[rules]`: how the game ends — checkmate, stalemate, extinction, a bare king, goals, the
//! n-th check, compulsory captures, checks forbidden, passing, explosions, the n-move rule
//! and repetition — and
//! which kinds reset the n-move counter. Every rule's misuse is reported at its key.

use super::pieces::resolve_id;
use super::zones::{compile_zone, Regions};
use crate::diagnostics::{Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::rules::{
    BareKing, EndRules, Explosion, Extinction, Goal, PassEnd, PassRule, PieceKind, StalemateResult,
    Verdict,
};
use crate::types::{Color, KindId};
use crate::variant::{
    CheckmateSpec, ExtinctionKinds, ExtinctionSpec, ExtinctionWhen, GoalSpec, PassEndSpec,
    ResultSpec, StalemateSpec, VariantSpec,
};

/// The largest `n_check`.
const MAX_N_CHECK: i64 = crate::board::MAX_CHECKS as i64;

/// The verdict a result string stands for.
fn verdict(result: Option<&Spanned<ResultSpec>>) -> Verdict {
    match result.map(|r| r.value) {
        None | Some(ResultSpec::Loss) => Verdict::Loss,
        Some(ResultSpec::Win) => Verdict::Win,
        Some(ResultSpec::Draw) => Verdict::Draw,
    }
}

/// The end rules of the file; also sets each kind's `resets_n_move`.
pub(super) fn compile_end_rules(
    spec: &VariantSpec,
    geometry: &Geometry,
    regions: &Regions,
    kinds: &mut [PieceKind],
    diags: &mut Vec<Diagnostic>,
) -> EndRules {
    let rules_spec = &spec.rules;
    let checkmate = match rules_spec.checkmate.as_ref().map(|c| c.value) {
        None | Some(CheckmateSpec::Loss) => Some(Verdict::Loss),
        Some(CheckmateSpec::Win) => Some(Verdict::Win),
        Some(CheckmateSpec::Off) => None,
    };
    let has_royal = kinds.iter().any(|k| k.royal_for_some_side());
    if checkmate.is_some() && !has_royal && !kinds.is_empty() {
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
        Some(StalemateSpec::FewerPieces) => StalemateResult::FewerPieces,
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
    let extinction = [Color::White, Color::Black].map(|color| {
        let written = &rules_spec.extinction;
        let one = written.side(color).as_ref()?;
        // Written once, the rule is compiled (and reported) once.
        let mut quiet = Vec::new();
        let report = if color == Color::White || written.split {
            &mut *diags
        } else {
            &mut quiet
        };
        compile_extinction(spec, one, report)
    });
    let bare_king = rules_spec.bare_king.as_ref().map(|b| BareKing {
        result: verdict(Some(&b.result)),
        bare_back: b.bare_back.as_ref().is_some_and(|x| x.value),
    });
    if let (Some(b), false) = (&rules_spec.bare_king, has_royal) {
        diags.push(Diagnostic::error(
            "`bare_king` is set but no piece is royal",
            b.span.clone(),
        ));
    }
    let royal_kinds: Vec<KindId> = (0..kinds.len() as KindId)
        .filter(|&k| kinds[k as usize].royal_for_some_side())
        .collect();
    let mut goals = Vec::new();
    if let Some(z) = &rules_spec.royal_zone {
        if !has_royal {
            diags.push(Diagnostic::error(
                "`royal_zone` is set but no piece is royal",
                z.span.clone(),
            ));
        }
        goals.push(Goal {
            kinds: royal_kinds.clone(),
            zone: compile_zone(geometry, regions, z, diags),
            catch_up: false,
        });
    }
    for goal in &rules_spec.goal {
        goals.extend(compile_goal(
            spec,
            geometry,
            regions,
            goal,
            &royal_kinds,
            diags,
        ));
    }
    let n_check = rules_spec.n_check.as_ref().and_then(|n| {
        if !(1..=MAX_N_CHECK).contains(&n.value) {
            diags.push(
                Diagnostic::error(
                    format!("`n_check` = {} is out of range", n.value),
                    n.span.clone(),
                )
                .with_hint(format!("the n-th check wins for n from 1 to {MAX_N_CHECK}")),
            );
            return None;
        }
        if !has_royal {
            diags.push(Diagnostic::error(
                "`n_check` is set but no piece is royal, so nothing can be checked",
                n.span.clone(),
            ));
        }
        Some(n.value as u8)
    });
    for (flag, name) in [
        (&rules_spec.giving_check, "giving_check"),
        (&rules_spec.royal_may_flee_check, "royal_may_flee_check"),
    ] {
        if let (Some(f), false) = (flag, has_royal) {
            diags.push(Diagnostic::error(
                format!("`{name}` is set but no piece is royal, so there are no checks"),
                f.span.clone(),
            ));
        }
    }
    // Not written: every piece that promotes resets the count; written (even empty): the
    // kinds listed (`resets_n_move = []`: no move resets it, only captures).
    let written = rules_spec.keys.iter().any(|k| k == "resets_n_move");
    if !written {
        for kind in kinds.iter_mut() {
            kind.resets_n_move = kind.promotion.iter().any(|p| !p.is_empty());
        }
    } else {
        for id in &rules_spec.resets_n_move {
            if let Some(k) = resolve_id(spec, id, diags) {
                kinds[k as usize].resets_n_move = true;
            }
        }
    }
    let pass = rules_spec.pass.as_ref().map(|p| {
        if !has_royal {
            diags.push(
                Diagnostic::error(
                    "`pass` needs a royal piece: a pass is written as that piece's cell twice",
                    p.span.clone(),
                )
                .with_hint("make a piece royal, or remove `pass`"),
            );
        }
        let black_bonus = p.black_bonus.as_ref().map_or(0.0, |b| b.value);
        if let Some(b) = &p.black_bonus {
            if !b.value.is_finite() {
                diags.push(Diagnostic::error(
                    "`black_bonus` must be a finite number",
                    b.span.clone(),
                ));
            } else if p.after_both.as_ref().map(|a| a.value) != Some(PassEndSpec::Points) {
                diags.push(
                    Diagnostic::error(
                        "`black_bonus` counts only when points decide",
                        b.span.clone(),
                    )
                    .with_hint("add `after_both = \"points\"`, or remove `black_bonus`"),
                );
            }
        }
        PassRule {
            after_both: p.after_both.as_ref().map(|a| match a.value {
                PassEndSpec::Draw => PassEnd::Draw,
                PassEndSpec::Points => PassEnd::Points { black_bonus },
            }),
        }
    });
    let explosion = rules_spec.explosion.as_ref().map(|e| Explosion {
        immune: e
            .immune
            .iter()
            .filter_map(|id| resolve_id(spec, id, diags))
            .collect(),
    });
    EndRules {
        pass,
        explosion,
        checkmate,
        stalemate,
        n_move_claim_plies: n_claim,
        n_move_automatic_plies: n_auto,
        repetition_claim: r_claim,
        repetition_automatic: r_auto,
        perpetual_check_loses: rules_spec
            .repetition
            .as_ref()
            .is_some_and(|r| r.perpetual_check.is_some()),
        extinction,
        bare_king,
        goals,
        forced_capture: rules_spec.forced_capture.as_ref().is_some_and(|f| f.value),
        n_check,
        giving_check: rules_spec.giving_check.as_ref().is_none_or(|g| g.value),
        royal_may_flee_check: rules_spec
            .royal_may_flee_check
            .as_ref()
            .is_none_or(|f| f.value),
    }
}

/// One side's extinction rule.
fn compile_extinction(
    spec: &VariantSpec,
    e: &ExtinctionSpec,
    diags: &mut Vec<Diagnostic>,
) -> Option<Extinction> {
    let kinds = match &e.kinds.value {
        ExtinctionKinds::All => None,
        ExtinctionKinds::Listed(ids) => {
            if ids.is_empty() {
                diags.push(
                    Diagnostic::error("`extinction` lists no piece", e.kinds.span.clone())
                        .with_hint("name the kinds a side must keep, or write `kinds = \"all\"`"),
                );
                return None;
            }
            Some(
                ids.iter()
                    .filter_map(|id| resolve_id(spec, id, diags))
                    .collect(),
            )
        }
    };
    let below = match &e.below {
        None => 1,
        Some(b) if (1..=256).contains(&b.value) => b.value as u32,
        Some(b) => {
            diags.push(
                Diagnostic::error(
                    format!("`below` = {} is out of range", b.value),
                    b.span.clone(),
                )
                .with_hint("a kind is extinct when fewer than `below` pieces are left: 1 or more"),
            );
            1
        }
    };
    Some(Extinction {
        kinds,
        any: e
            .when
            .as_ref()
            .is_some_and(|w| w.value == ExtinctionWhen::Any),
        below,
        result: verdict(e.result.as_ref()),
    })
}

/// One goal.
fn compile_goal(
    spec: &VariantSpec,
    geometry: &Geometry,
    regions: &Regions,
    goal: &GoalSpec,
    royal_kinds: &[KindId],
    diags: &mut Vec<Diagnostic>,
) -> Option<Goal> {
    let kinds: Vec<KindId> = if goal.kinds.is_empty() {
        if royal_kinds.is_empty() {
            diags.push(
                Diagnostic::error(
                    "a goal without `kinds` needs a royal piece",
                    goal.span.clone(),
                )
                .with_hint("name the kinds that must reach the zone: `kinds = [\"pawn\"]`"),
            );
            return None;
        }
        royal_kinds.to_vec()
    } else {
        goal.kinds
            .iter()
            .filter_map(|id| resolve_id(spec, id, diags))
            .collect()
    };
    let zone = goal.zone.as_ref()?;
    let cells = compile_zone(geometry, regions, zone, diags);
    if cells[0].is_empty() {
        diags.push(Diagnostic::error(
            "this goal zone has no cell on the board",
            zone.span.clone(),
        ));
    }
    Some(Goal {
        kinds,
        zone: cells,
        catch_up: goal.catch_up.as_ref().is_some_and(|c| c.value),
    })
}

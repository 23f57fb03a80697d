//! Warnings about a variant that compiles: rules that work but look like mistakes, each
//! located in the file. They never stop a variant from loading; `fairyrules validate`
//! prints them (and still exits 0 when they are all there is).
//!
//! The line between a warning and an error: an error is a file the rules cannot be read
//! from or that cannot be played as written (an unknown piece, a zone off the board, a
//! value that breaks the engine). A warning is a file that plays, but some rule in it can
//! never matter or ends the game at once, which is almost always a slip:
//!
//! - a piece that can never move (no Betza moves and no hook);
//! - a promotion to the piece itself;
//! - a zone with no cell on the board (e.g. `min_height` above the board);
//! - a charge that `becomes` a royal piece;
//! - castling with the piece itself or with a royal piece;
//! - an n-move or repetition claim above its automatic limit (it can never be claimed);
//! - a game decided at the start: repetition drawn at the first occurrence, a goal zone
//!   holding a start cell of a piece that wins by reaching it, an extinction rule over a
//!   kind that a side does not have in the setup (`extinction = []` is an error);
//! - a modifier repeated in a Betza string beyond what changes its meaning (`ffffffN`,
//!   `pppR`: a direction doubled is a narrower direction, more adds nothing).

use super::zones::{compile_regions, compile_zone, Regions};
use crate::diagnostics::{Diagnostic, Severity, Spanned};
use crate::geometry::Geometry;
use crate::rules::Rules;
use crate::types::{Color, KindId, Piece};
use crate::variant::spec::{ExtinctionKinds, ParamValue, ZoneSpec};
use crate::variant::VariantSpec;

/// A warning at `span`.
fn warning(message: impl Into<String>, span: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic {
        severity: Severity::Warning,
        ..Diagnostic::error(message, span)
    }
}

/// Every warning about a spec that compiled to `rules`, in file order.
pub fn warnings(spec: &VariantSpec, rules: &Rules) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let geometry = rules.geometry();
    let mut ignored = Vec::new();
    let regions = compile_regions(spec, geometry, &mut ignored);
    let kind_of = |id: &str| rules.kinds().iter().position(|k| k.id == id);
    let start = crate::fen::parse_fen(rules, rules.start_fen()).ok();
    let count = |kind: usize, color: Color| {
        start
            .as_ref()
            .map(|p| p.cells_of(Piece::new(kind as KindId, color)).count())
    };

    for (id, piece) in &spec.pieces {
        let no_extra = piece.hook.is_none()
            && piece.extra_moves.is_empty()
            && piece.when_adjacent_to.is_none();
        for strings in piece.betza.written() {
            if no_extra && strings.iter().all(|b| b.value.trim().is_empty()) {
                let span = strings
                    .first()
                    .map_or(piece.id.span.clone(), |b| b.span.clone());
                out.push(
                    warning(format!("piece `{id}` can never move"), span)
                        .with_hint("give it a Betza string, or a hook that moves it"),
                );
            }
            for b in strings {
                repeated_modifiers(b, &mut out);
            }
        }
        for promotions in piece.promotion.written() {
            for p in promotions {
                for to in p.to.iter().filter(|t| t.value == *id) {
                    out.push(
                        warning(format!("`{id}` promotes to itself"), to.span.clone())
                            .with_hint("a promotion changes the piece: leave this one out"),
                    );
                }
                if let Some(zone) = &p.zone {
                    empty_zone(geometry, &regions, zone, &mut out);
                }
            }
        }
        if let Some(zone) = &piece.initial_zone {
            empty_zone(geometry, &regions, zone, &mut out);
        }
        for partners in piece.castles_with.written() {
            for partner in partners {
                let royal = kind_of(&partner.value).is_some_and(|k| {
                    rules.kinds()[k].royal_for_some_side() && partner.value != *id
                });
                if partner.value == *id || royal {
                    out.push(
                        warning(
                            format!("`{id}` castles with `{}`", partner.value),
                            partner.span.clone(),
                        )
                        .with_hint(if royal {
                            "castling moves the royal piece and a partner that is not royal"
                        } else {
                            "a piece cannot castle with itself: name its partner, e.g. a rook"
                        }),
                    );
                }
            }
        }
        // A hook that turns the piece into another (the elephant's charge `becomes`).
        for (key, value) in piece.hook.iter().flat_map(|h| &h.params) {
            let ParamValue::Str(target) = &value.value else {
                continue;
            };
            let royal = kind_of(target).is_some_and(|k| rules.kinds()[k].royal_for_some_side());
            if key.value == "becomes" && royal {
                out.push(
                    warning(
                        format!("the hook of `{id}` turns it into a royal `{target}`"),
                        value.span.clone(),
                    )
                    .with_hint("a side would gain a royal piece by it"),
                );
            }
        }
    }

    for region in spec.regions.values() {
        empty_zone(geometry, &regions, &region.zone, &mut out);
    }
    let r = &spec.rules;
    if let Some(zone) = &r.royal_zone {
        empty_zone(geometry, &regions, zone, &mut out);
    }
    let limits = [
        (
            "n-move",
            r.n_move_rule.as_ref().map(|n| (&n.claim, &n.automatic)),
        ),
        (
            "repetition",
            r.repetition.as_ref().map(|n| (&n.claim, &n.automatic)),
        ),
    ];
    for (name, pair) in limits {
        let Some((claim, automatic)) = pair else {
            continue;
        };
        if let (Some(claim), Some(automatic)) = (claim, automatic) {
            if claim.value > automatic.value {
                out.push(
                    warning(
                        format!(
                            "the {name} claim ({}) is above the automatic limit ({}): it can never be claimed",
                            claim.value, automatic.value
                        ),
                        claim.span.clone(),
                    )
                    .with_hint("a claim comes before the automatic end: make it smaller"),
                );
            }
        }
    }
    if let Some(rep) = &r.repetition {
        for n in [&rep.automatic, &rep.claim].into_iter().flatten() {
            if n.value == 1 {
                out.push(
                    warning(
                        "a repetition count of 1 ends the game at its first position",
                        n.span.clone(),
                    )
                    .with_hint("a position repeats when it occurs again: 2 or more"),
                );
            }
        }
    }
    for goal in &r.goal {
        let Some(zone) = &goal.zone else { continue };
        let cells = empty_zone(geometry, &regions, zone, &mut out);
        let kinds: Vec<usize> = if goal.kinds.is_empty() {
            (0..rules.kinds().len())
                .filter(|&k| rules.kinds()[k].royal_for_some_side())
                .collect()
        } else {
            goal.kinds
                .iter()
                .filter_map(|k| kind_of(&k.value))
                .collect()
        };
        if let (Some(pos), Some(cells)) = (&start, cells) {
            for color in Color::BOTH {
                let zone = cells[color.index()];
                let already = kinds
                    .iter()
                    .any(|&k| !(*pos.cells_of(Piece::new(k as KindId, color)) & zone).is_empty());
                if already {
                    out.push(
                        warning(
                            format!(
                                "{} starts with a goal piece in its goal zone: the game is decided at the start",
                                color.name()
                            ),
                            zone_span(zone_spec(goal.zone.as_ref())),
                        )
                        .with_hint("the goal zone should not hold a start cell of a goal piece"),
                    );
                }
            }
        }
    }
    for color in Color::BOTH {
        let Some(ext) = r.extinction.side(color) else {
            continue;
        };
        match &ext.kinds.value {
            ExtinctionKinds::Listed(list) => {
                for k in list {
                    let Some(kind) = kind_of(&k.value) else {
                        continue;
                    };
                    if count(kind, color) == Some(0) && ext.below.is_none() {
                        out.push(
                            warning(
                                format!(
                                    "{} has no `{}` in the setup: its extinction rule is met at the start",
                                    color.name(),
                                    k.value
                                ),
                                k.span.clone(),
                            )
                            .with_hint("list only kinds the side starts with"),
                        );
                    }
                }
            }
            ExtinctionKinds::All => {}
        }
    }
    out.sort_by_key(|d| (d.span.start, d.span.end));
    out.dedup();
    out
}

fn zone_spec(zone: Option<&Spanned<ZoneSpec>>) -> &Spanned<ZoneSpec> {
    zone.expect("a goal with a zone")
}

fn zone_span(zone: &Spanned<ZoneSpec>) -> std::ops::Range<usize> {
    zone.span.clone()
}

/// Warn when a zone has no cell for White (or for Black); returns its cells when it could
/// be compiled.
fn empty_zone(
    geometry: &Geometry,
    regions: &Regions,
    zone: &Spanned<ZoneSpec>,
    out: &mut Vec<Diagnostic>,
) -> Option<[crate::types::CellSet; 2]> {
    let mut errors = Vec::new();
    let cells = compile_zone(geometry, regions, zone, &mut errors);
    if !errors.is_empty() {
        return None;
    }
    if cells.iter().any(|c| c.is_empty()) {
        out.push(
            warning("this zone has no cell on the board", zone.span.clone())
                .with_hint("a rule over an empty zone never applies"),
        );
    }
    Some(cells)
}

/// Warn about a modifier letter repeated beyond meaning in a Betza string: a direction
/// written three times or more in a row (`ff` is a direction of its own), any other
/// modifier twice or more in a row.
fn repeated_modifiers(betza: &Spanned<String>, out: &mut Vec<Diagnostic>) {
    let text = &betza.value;
    let bytes = text.as_bytes();
    let mut i = 0;
    // Inside an explicit leap `(x,y)` letters are not modifiers.
    let mut in_leap = false;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'(' {
            in_leap = true;
        } else if c == b')' {
            in_leap = false;
        }
        let mut run = 1;
        while i + run < bytes.len() && bytes[i + run] == c {
            run += 1;
        }
        let direction = b"fblrvsh".contains(&c);
        let modifier = c.is_ascii_lowercase() && c != b'a';
        let limit = if direction { 2 } else { 1 };
        if !in_leap && modifier && run > limit {
            let at = betza.span.start + i;
            out.push(
                warning(
                    format!(
                        "in Betza string \"{text}\": `{}` is written {run} times in a row",
                        c as char
                    ),
                    at..at + run,
                )
                .with_hint(if direction {
                    "a direction letter doubled (`ff`) narrows it; more adds nothing"
                } else {
                    "writing a modifier once is enough"
                }),
            );
        }
        i += run;
    }
}

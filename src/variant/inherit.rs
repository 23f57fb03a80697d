//! Variant inheritance: a file with `extends = "parent"` takes the parent's whole spec and
//! overrides, adds or removes what it writes itself. A table key the child writes replaces
//! the parent's value of that key; a `[pieces.<id>]` the parent also has changes only the
//! keys the child writes (`remove = true` drops the piece); new pieces come after the
//! parent's. `[engine]` is not inherited (a learned evaluation fits one file's rules).
//!
//! Spans stay those of the file each value came from: every file has its own range of
//! offsets in [`crate::diagnostics::Sources`], so the parent's spec is shifted to its range
//! before merging ([`shift_spans`]).

use std::ops::Range;

use super::spec::*;
use crate::diagnostics::{Diagnostic, Spanned};

/// Merge `child` over `parent` (both with spans already in their own ranges).
pub fn merge(
    mut parent: VariantSpec,
    child: VariantSpec,
    diags: &mut Vec<Diagnostic>,
) -> VariantSpec {
    merge_meta(&mut parent.meta, child.meta);
    merge_board(&mut parent.board, child.board);
    // A region the child writes replaces the parent's of that name.
    for (name, region) in child.regions {
        parent.regions.insert(name, region);
    }
    for (id, piece) in child.pieces {
        if piece.remove.as_ref().is_some_and(|r| r.value) {
            if parent.pieces.shift_remove(&id).is_none() {
                diags.push(
                    Diagnostic::error(
                        format!("`remove = true` but the parent has no piece `{id}`"),
                        piece.id.span.clone(),
                    )
                    .with_hint("only a parent's piece can be removed"),
                );
            }
            continue;
        }
        match parent.pieces.get_mut(&id) {
            Some(inherited) => merge_piece(inherited, piece),
            None => {
                parent.pieces.insert(id, piece);
            }
        }
    }
    merge_setup(&mut parent.setup, child.setup);
    merge_rules(&mut parent.rules, child.rules);
    // A learned evaluation fits one file's rules: the child's own `[engine]` or none.
    parent.engine = child.engine;
    parent.extends = child.extends;
    parent.malformed |= child.malformed;
    parent
}

/// Copy the fields the child wrote (`$key` names in `child.keys`) from child to parent.
macro_rules! take_written {
    ($parent:expr, $child:expr, { $($key:literal => $field:ident),* $(,)? }) => {
        for key in &$child.keys {
            match key.as_str() {
                $($key => $parent.$field = std::mem::take(&mut $child.$field),)*
                _ => {}
            }
        }
        for key in std::mem::take(&mut $child.keys) {
            if !$parent.keys.contains(&key) {
                $parent.keys.push(key);
            }
        }
    };
}

fn merge_meta(parent: &mut MetaSpec, mut child: MetaSpec) {
    take_written!(parent, child, {
        "name" => name, "inventor" => inventor, "source" => source,
        "description" => description,
    });
}

fn merge_board(parent: &mut BoardSpec, mut child: BoardSpec) {
    if !child.keys.is_empty() {
        parent.span = child.span.clone();
    }
    take_written!(parent, child, {
        "shape" => shape, "files" => files, "ranks" => ranks, "side" => side, "holes" => holes,
        "picture" => picture,
    });
}

fn merge_piece(parent: &mut PieceSpec, mut child: PieceSpec) {
    parent.id = child.id.clone();
    parent.span = child.span.clone();
    take_written!(parent, child, {
        "letter" => letter, "name" => name, "betza" => betza, "royal" => royal,
        "value" => value, "castles_with" => castles_with, "castles_to" => castles_to, "promotion" => promotion,
        "initial_zone" => initial_zone, "first_move_captures" => first_move_captures,
        "hook" => hook, "when_adjacent_to" => when_adjacent_to,
        "initial_until_checked" => initial_until_checked, "confined_to" => confined_to,
        "extra_moves" => extra_moves, "cannot_capture" => cannot_capture,
        "cannot_hop_over" => cannot_hop_over, "max_count" => max_count,
        "in_hand_as" => in_hand_as, "drop_zone" => drop_zone,
        "drop_one_per_file" => drop_one_per_file, "drop_checkmate" => drop_checkmate,
        "drop_also_as" => drop_also_as,
    });
}

fn merge_setup(parent: &mut SetupSpec, mut child: SetupSpec) {
    take_written!(parent, child, { "fen" => fen, "shuffle" => shuffle });
}

fn merge_rules(parent: &mut RulesSpec, mut child: RulesSpec) {
    for name in std::mem::take(&mut child.remove) {
        move_rule(parent, &mut RulesSpec::default(), &name.value);
        parent.keys.retain(|k| *k != name.value);
    }
    for key in std::mem::take(&mut child.keys) {
        move_rule(parent, &mut child, &key);
        if !parent.keys.contains(&key) {
            parent.keys.push(key);
        }
    }
}

/// Move the value of the rule `key` from `from` into `to`.
fn move_rule(to: &mut RulesSpec, from: &mut RulesSpec, key: &str) {
    use std::mem::take;
    match key {
        "checkmate" => to.checkmate = take(&mut from.checkmate),
        "stalemate" => to.stalemate = take(&mut from.stalemate),
        "n_move_rule" => to.n_move_rule = take(&mut from.n_move_rule),
        "repetition" => to.repetition = take(&mut from.repetition),
        "resets_n_move" => to.resets_n_move = take(&mut from.resets_n_move),
        "extinction" => to.extinction = take(&mut from.extinction),
        "bare_king" => to.bare_king = take(&mut from.bare_king),
        "royal_zone" => to.royal_zone = take(&mut from.royal_zone),
        "goal" => to.goal = take(&mut from.goal),
        "forced_capture" => to.forced_capture = take(&mut from.forced_capture),
        "n_check" => to.n_check = take(&mut from.n_check),
        "giving_check" => to.giving_check = take(&mut from.giving_check),
        "royal_may_flee_check" => to.royal_may_flee_check = take(&mut from.royal_may_flee_check),
        "pass" => to.pass = take(&mut from.pass),
        "explosion" => to.explosion = take(&mut from.explosion),
        "drops" => to.drops = take(&mut from.drops),
        "gating" => to.gating = take(&mut from.gating),
        _ => {}
    }
}

/// What a merged spec must have that a file with `extends` may leave to its parent: errors
/// at the `extends` value when the chain of files still lacks it.
pub fn check_complete(spec: &VariantSpec, at: &Range<usize>, diags: &mut Vec<Diagnostic>) {
    let mut missing = Vec::new();
    if spec.meta.name.is_none() {
        missing.push("`name` in [variant]".to_string());
    }
    if spec.setup.fen.is_none() {
        missing.push("`fen` in [setup]".to_string());
    }
    for (id, piece) in &spec.pieces {
        if piece.letter.is_none() {
            missing.push(format!("`letter` in [pieces.{id}]"));
        }
        if piece.betza.white.is_empty() && piece.betza.black.is_empty() && piece.hook.is_none() {
            missing.push(format!("`betza` in [pieces.{id}]"));
        }
    }
    for what in missing {
        diags.push(Diagnostic::error(
            format!("neither this file nor the variant it extends gives {what}"),
            at.clone(),
        ));
    }
}

/// A span move: add `by` to spans that start at or before `limit` (a parent's own text),
/// leave the others (its own parents', already in their ranges).
#[derive(Clone, Copy)]
struct Shift {
    by: usize,
    limit: usize,
}

impl Shift {
    fn apply(self, span: &mut Range<usize>) {
        if span.start <= self.limit {
            *span = span.start + self.by..span.end + self.by;
        }
    }
}

/// Add `by` to every span of a spec that starts at or before `limit`: a parent's spec,
/// whose own text is `0..=limit`, moved into its range of offsets.
pub fn shift_spans(spec: &mut VariantSpec, by: usize, limit: usize) {
    let by = Shift { by, limit };
    let s = |span: &mut Range<usize>| by.apply(span);
    shift_opt(&mut spec.extends, by);
    shift_opt(&mut spec.engine.net, by);
    let m = &mut spec.meta;
    for field in [
        &mut m.name,
        &mut m.inventor,
        &mut m.source,
        &mut m.description,
    ] {
        shift_opt(field, by);
    }
    let b = &mut spec.board;
    s(&mut b.span);
    shift_opt(&mut b.shape, by);
    for field in [&mut b.files, &mut b.ranks, &mut b.side] {
        shift_opt(field, by);
    }
    shift_all(&mut b.holes, by);
    if let Some(p) = &mut b.picture {
        shift_opt(&mut p.style, by);
        shift_all(&mut p.diagonals, by);
        shift_opt(&mut p.river, by);
        shift_all(&mut p.outline, by);
        by.apply(&mut p.span);
    }
    for region in spec.regions.values_mut() {
        shift_one(&mut region.name, by);
        shift_zone(&mut region.zone, by);
    }
    for piece in spec.pieces.values_mut() {
        shift_piece(piece, by);
    }
    shift_opt(&mut spec.setup.fen, by);
    if let Some(sh) = &mut spec.setup.shuffle {
        shift_all(&mut sh.cells, by);
        shift_all(&mut sh.opposite_colours, by);
        if let Some(b) = &mut sh.between {
            shift_one(&mut b.kind, by);
            shift_one(&mut b.outer, by);
        }
        by.apply(&mut sh.span);
    }
    let r = &mut spec.rules;
    shift_opt(&mut r.checkmate, by);
    shift_opt(&mut r.stalemate, by);
    if let Some(n) = &mut r.n_move_rule {
        shift_opt(&mut n.claim, by);
        shift_opt(&mut n.automatic, by);
        s(&mut n.span);
    }
    if let Some(n) = &mut r.repetition {
        shift_opt(&mut n.claim, by);
        shift_opt(&mut n.automatic, by);
        shift_opt(&mut n.perpetual_check, by);
        s(&mut n.span);
    }
    shift_opt(&mut r.drops, by);
    shift_opt(&mut r.gating, by);
    shift_all(&mut r.resets_n_move, by);
    for e in r.extinction.both_mut().into_iter().flatten() {
        if let ExtinctionKinds::Listed(ids) = &mut e.kinds.value {
            shift_all(ids, by);
        }
        shift_one(&mut e.kinds, by);
        shift_opt(&mut e.when, by);
        shift_opt(&mut e.below, by);
        shift_opt(&mut e.result, by);
        by.apply(&mut e.span);
    }
    if let Some(b) = &mut r.bare_king {
        shift_one(&mut b.result, by);
        shift_opt(&mut b.bare_back, by);
        by.apply(&mut b.span);
    }
    if let Some(z) = &mut r.royal_zone {
        shift_zone(z, by);
    }
    for goal in &mut r.goal {
        shift_all(&mut goal.kinds, by);
        if let Some(z) = &mut goal.zone {
            shift_zone(z, by);
        }
        shift_opt(&mut goal.catch_up, by);
        by.apply(&mut goal.span);
    }
    for flag in [
        &mut r.forced_capture,
        &mut r.giving_check,
        &mut r.royal_may_flee_check,
    ] {
        shift_opt(flag, by);
    }
    shift_opt(&mut r.n_check, by);
    if let Some(p) = &mut r.pass {
        shift_opt(&mut p.after_both, by);
        shift_opt(&mut p.black_bonus, by);
        by.apply(&mut p.span);
    }
    if let Some(e) = &mut r.explosion {
        shift_all(&mut e.immune, by);
        by.apply(&mut e.span);
    }
    shift_all(&mut r.remove, by);
}

fn shift_piece(piece: &mut PieceSpec, by: Shift) {
    shift_one(&mut piece.id, by);
    shift_opt(&mut piece.letter, by);
    shift_opt(&mut piece.name, by);
    for betza in piece.betza.both_mut() {
        shift_all(betza, by);
    }
    for royal in piece.royal.both_mut() {
        shift_opt(royal, by);
    }
    shift_opt(&mut piece.value, by);
    for partners in piece.castles_with.both_mut() {
        shift_all(partners, by);
    }
    shift_all(&mut piece.castles_to, by);
    for promo in piece.promotion.both_mut().into_iter().flatten() {
        if let Some(z) = &mut promo.zone {
            shift_zone(z, by);
        }
        shift_all(&mut promo.adjacent_to_enemy, by);
        shift_all(&mut promo.to, by);
        shift_opt(&mut promo.forced, by);
        shift_opt(&mut promo.allow_royal, by);
        shift_opt(&mut promo.only_lost, by);
        shift_opt(&mut promo.from_zone, by);
        by.apply(&mut promo.span);
    }
    if let Some(z) = &mut piece.initial_zone {
        shift_zone(z, by);
    }
    shift_opt(&mut piece.first_move_captures, by);
    if let Some(h) = &mut piece.hook {
        shift_one(&mut h.name, by);
        for (key, value) in &mut h.params {
            shift_one(key, by);
            shift_one(value, by);
            if let ParamValue::List(items) = &mut value.value {
                shift_all(items, by);
            }
        }
        by.apply(&mut h.span);
    }
    if let Some(a) = &mut piece.when_adjacent_to {
        shift_all(&mut a.kinds, by);
        shift_all(&mut a.betza, by);
        by.apply(&mut a.span);
    }
    shift_opt(&mut piece.initial_until_checked, by);
    shift_opt(&mut piece.confined_to, by);
    for group in &mut piece.extra_moves {
        shift_all(&mut group.betza, by);
        shift_opt(&mut group.when_in, by);
        shift_opt(&mut group.confined_to, by);
        shift_all(&mut group.captures, by);
        by.apply(&mut group.span);
    }
    shift_all(&mut piece.cannot_capture, by);
    shift_all(&mut piece.cannot_hop_over, by);
    shift_opt(&mut piece.max_count, by);
    shift_opt(&mut piece.in_hand_as, by);
    if let Some(z) = &mut piece.drop_zone {
        shift_zone(z, by);
    }
    shift_opt(&mut piece.drop_one_per_file, by);
    shift_opt(&mut piece.drop_checkmate, by);
    shift_all(&mut piece.drop_also_as, by);
    shift_opt(&mut piece.remove, by);
    by.apply(&mut piece.span);
}

fn shift_zone(zone: &mut Spanned<ZoneSpec>, by: Shift) {
    match &mut zone.value.cells {
        ZoneCells::LastRank => {}
        ZoneCells::Ranks(ranks) => shift_all(ranks, by),
        ZoneCells::Cells(cells) => shift_all(cells, by),
        ZoneCells::MinHeight(h) => shift_one(h, by),
        ZoneCells::Region(name) => shift_one(name, by),
    }
    shift_opt(&mut zone.value.for_black, by);
    shift_one(zone, by);
}

fn shift_one<T>(value: &mut Spanned<T>, by: Shift) {
    by.apply(&mut value.span);
}

fn shift_opt<T>(value: &mut Option<Spanned<T>>, by: Shift) {
    if let Some(v) = value {
        shift_one(v, by);
    }
}

fn shift_all<T>(values: &mut [Spanned<T>], by: Shift) {
    for v in values {
        shift_one(v, by);
    }
}

//! Variant inheritance: a file with `extends = "parent"` takes the parent's whole spec and
//! overrides, adds or removes what it writes itself. A table key the child writes replaces
//! the parent's value of that key; a `[pieces.<id>]` the parent also has changes only the
//! keys the child writes (`remove = true` drops the piece); new pieces come after the
//! parent's.
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
    parent.extends = child.extends;
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
        "shape" => shape, "files" => files, "ranks" => ranks, "side" => side,
    });
}

fn merge_piece(parent: &mut PieceSpec, mut child: PieceSpec) {
    parent.id = child.id.clone();
    parent.span = child.span.clone();
    take_written!(parent, child, {
        "letter" => letter, "name" => name, "betza" => betza, "royal" => royal,
        "value" => value, "castles_with" => castles_with, "promotion" => promotion,
        "initial_zone" => initial_zone, "first_move_captures" => first_move_captures,
        "hook" => hook, "when_adjacent_to" => when_adjacent_to,
    });
}

fn merge_setup(parent: &mut SetupSpec, mut child: SetupSpec) {
    take_written!(parent, child, { "fen" => fen });
}

fn merge_rules(parent: &mut RulesSpec, mut child: RulesSpec) {
    take_written!(parent, child, {
        "checkmate" => checkmate, "stalemate" => stalemate, "n_move_rule" => n_move_rule,
        "repetition" => repetition, "resets_n_move" => resets_n_move,
        "extinction" => extinction, "royal_zone" => royal_zone,
    });
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
        if piece.betza.is_empty() && piece.hook.is_none() {
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
    for piece in spec.pieces.values_mut() {
        shift_piece(piece, by);
    }
    shift_opt(&mut spec.setup.fen, by);
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
        s(&mut n.span);
    }
    shift_all(&mut r.resets_n_move, by);
    shift_all(&mut r.extinction, by);
    if let Some(z) = &mut r.royal_zone {
        shift_zone(z, by);
    }
}

fn shift_piece(piece: &mut PieceSpec, by: Shift) {
    shift_one(&mut piece.id, by);
    shift_opt(&mut piece.letter, by);
    shift_opt(&mut piece.name, by);
    shift_all(&mut piece.betza, by);
    shift_opt(&mut piece.royal, by);
    shift_opt(&mut piece.value, by);
    shift_all(&mut piece.castles_with, by);
    for promo in &mut piece.promotion {
        if let Some(z) = &mut promo.zone {
            shift_zone(z, by);
        }
        shift_all(&mut promo.adjacent_to_enemy, by);
        shift_all(&mut promo.to, by);
        shift_opt(&mut promo.forced, by);
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
    shift_opt(&mut piece.remove, by);
    by.apply(&mut piece.span);
}

fn shift_zone(zone: &mut Spanned<ZoneSpec>, by: Shift) {
    match &mut zone.value {
        ZoneSpec::LastRank => {}
        ZoneSpec::Ranks(ranks) => shift_all(ranks, by),
        ZoneSpec::Cells(cells) => shift_all(cells, by),
        ZoneSpec::MinHeight(h) => shift_one(h, by),
    }
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

//! Native hooks: move mechanisms Betza cannot express, selected by name in a piece's
//! `hook = { name = "...", ... }` with typed parameters. A hook adds pseudo-legal moves and
//! answers attack queries for the pieces of its kind. Hooks never depend on a variant's or a
//! piece's name: everything they need comes from their parameters and the board.

pub mod borrow;
pub mod charge;

use crate::cellset::Cell;
use crate::diagnostics::{Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::position::{Move, Position};
use crate::rules::{KindId, Piece, Rules};
use crate::variant::{HookSpec, ParamValue};

/// A compiled hook instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hook {
    /// `borrow-moves`: move and capture like any friendly piece kind on the board.
    BorrowMoves(borrow::BorrowMoves),
    /// `elephant-charge`: a multi-capture charge that turns the piece into another kind.
    ElephantCharge(charge::ElephantCharge),
}

/// The hooks that exist, with their parameters (for messages).
const HOOKS: &[(&str, &[&str])] = &[
    ("borrow-moves", &["remote"]),
    (
        "elephant-charge",
        &[
            "length",
            "enhanced_length",
            "requires_enemy_capture",
            "becomes",
        ],
    ),
];

/// Looks up a piece id written in a hook parameter, reporting an unknown one.
pub type IdResolver<'a> = dyn FnMut(&Spanned<String>, &mut Vec<Diagnostic>) -> Option<KindId> + 'a;

/// Turn a hook spec into a hook, reporting unknown names and parameters and wrong types.
pub fn compile_hook(
    spec: &HookSpec,
    geometry: &Geometry,
    resolve: &mut IdResolver,
    diags: &mut Vec<Diagnostic>,
) -> Option<Hook> {
    let Some(&(name, known)) = HOOKS.iter().find(|(n, _)| *n == spec.name.value) else {
        let names: Vec<&str> = HOOKS.iter().map(|h| h.0).collect();
        diags.push(
            Diagnostic::error(
                format!("there is no hook `{}`", spec.name.value),
                spec.name.span.clone(),
            )
            .with_hint(format!("the hooks are: {}", names.join(", "))),
        );
        return None;
    };
    let mut ok = true;
    for (key, _) in &spec.params {
        if !known.contains(&key.value.as_str()) {
            ok = false;
            let mut d = Diagnostic::error(
                format!("hook `{name}` has no parameter `{}`", key.value),
                key.span.clone(),
            );
            d = match known
                .iter()
                .find(|k| strsim::jaro_winkler(k, &key.value) > 0.8)
            {
                Some(k) => d.with_hint(format!("did you mean `{k}`?")),
                None => d.with_hint(format!("its parameters are: {}", known.join(", "))),
            };
            diags.push(d);
        }
    }
    let param = |key: &str| {
        spec.params
            .iter()
            .find(|(k, _)| k.value == key)
            .map(|(_, v)| v)
    };
    let mut bool_param = |key: &str, default: bool| -> bool {
        match param(key) {
            None => default,
            Some(Spanned {
                value: ParamValue::Bool(b),
                ..
            }) => *b,
            Some(v) => {
                ok = false;
                diags.push(Diagnostic::error(
                    format!("hook parameter `{key}` must be true or false"),
                    v.span.clone(),
                ));
                default
            }
        }
    };
    let hook = match name {
        "borrow-moves" => Hook::BorrowMoves(borrow::BorrowMoves {
            remote: bool_param("remote", false),
        }),
        "elephant-charge" => {
            let requires = bool_param("requires_enemy_capture", true);
            let mut int_param = |key: &str, default: i64| -> u8 {
                match param(key) {
                    None => default as u8,
                    Some(Spanned {
                        value: ParamValue::Int(n),
                        ..
                    }) if (2..=charge::MAX_CHARGE as i64).contains(n) => *n as u8,
                    Some(v) => {
                        ok = false;
                        diags.push(Diagnostic::error(
                            format!(
                                "hook parameter `{key}` must be a whole number from 2 to {}",
                                charge::MAX_CHARGE
                            ),
                            v.span.clone(),
                        ));
                        default as u8
                    }
                }
            };
            let length = int_param("length", 4);
            let enhanced = int_param("enhanced_length", length as i64);
            let becomes = match param("becomes") {
                Some(Spanned {
                    value: ParamValue::Str(id),
                    span,
                }) => resolve(&Spanned::new(id.clone(), span.clone()), diags),
                Some(v) => {
                    diags.push(Diagnostic::error(
                        "hook parameter `becomes` must be a piece id",
                        v.span.clone(),
                    ));
                    None
                }
                None => {
                    diags.push(
                        Diagnostic::error(
                            "hook `elephant-charge` needs `becomes`",
                            spec.span.clone(),
                        )
                        .with_hint("name the piece the charger turns into: `becomes = \"guard\"`"),
                    );
                    None
                }
            };
            Hook::ElephantCharge(charge::ElephantCharge::new(
                geometry, length, enhanced, requires, becomes?,
            ))
        }
        _ => unreachable!("every listed hook is compiled"),
    };
    ok.then_some(hook)
}

/// Append the hook's pseudo-legal moves for the piece on `from`.
#[inline]
pub fn generate(
    rules: &Rules,
    pos: &Position,
    hook: &Hook,
    piece: Piece,
    from: Cell,
    out: &mut Vec<Move>,
) {
    match hook {
        Hook::BorrowMoves(b) => b.generate(rules, pos, piece, from, out),
        Hook::ElephantCharge(c) => c.generate(rules, pos, piece, from, out),
    }
}

/// Whether the hook gives the piece on `from` an en passant capture onto one of `cells`
/// (so that a double step past it creates an en passant right).
pub fn en_passant_reaches(
    rules: &Rules,
    pos: &Position,
    hook: &Hook,
    piece: Piece,
    from: Cell,
    cells: &crate::cellset::CellSet,
) -> bool {
    match hook {
        Hook::BorrowMoves(b) => b.en_passant_reaches(rules, pos, piece, from, cells),
        Hook::ElephantCharge(_) => false,
    }
}

/// Add to `danger` every cell whose change of contents by a move of the other side could
/// make the hook's piece on `from` attack `target` (see `movegen`'s safe-move filter). The
/// other side's move can neither add pieces to this side nor change what they lend or
/// whether they stand next to their own pieces, so only path cells matter.
pub fn add_attack_lines(
    rules: &Rules,
    pos: &Position,
    hook: &Hook,
    piece: Piece,
    from: Cell,
    target: Cell,
    lines: &mut crate::movegen::AttackLines,
) {
    match hook {
        Hook::BorrowMoves(b) => b.add_attack_lines(rules, pos, piece, from, target, lines),
        Hook::ElephantCharge(c) => c.add_attack_lines(from, target, lines),
    }
}

/// Whether the hook lets the piece on `from` capture on `target`.
#[inline]
pub fn attacks(
    rules: &Rules,
    pos: &Position,
    hook: &Hook,
    piece: Piece,
    from: Cell,
    target: Cell,
) -> bool {
    match hook {
        Hook::BorrowMoves(b) => b.attacks(rules, pos, piece, from, target),
        Hook::ElephantCharge(c) => c.attacks(rules, pos, piece, from, target),
    }
}

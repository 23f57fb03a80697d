//! Native hooks: move mechanisms Betza cannot express, selected by name in a piece's
//! `hook = { name = "...", ... }` with typed parameters. Each hook is one file implementing
//! [`crate::rules::Hook`]; this module is the registry that turns a file's hook table into an
//! instance. Hooks never depend on a variant's or a piece's name: everything they need comes
//! from their parameters and the board.
//!
//! Adding a hook: a new file with a type implementing [`Hook`] and a `compile` function, and
//! one entry in [`HOOKS`].

mod borrow;
mod charge;

use std::sync::Arc;

use crate::diagnostics::{did_you_mean, Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::rules::Hook;
use crate::types::KindId;
use crate::variant::{HookSpec, ParamValue};

/// Looks up a piece id written in a hook parameter, reporting an unknown one.
pub type IdResolver<'a> = dyn FnMut(&Spanned<String>, &mut Vec<Diagnostic>) -> Option<KindId> + 'a;

/// A hook's parameters as written, with typed readers that report misuse.
pub(crate) struct Params<'s, 'd> {
    spec: &'s HookSpec,
    diags: &'d mut Vec<Diagnostic>,
    ok: bool,
}

impl Params<'_, '_> {
    fn value(&self, key: &str) -> Option<&Spanned<ParamValue>> {
        self.spec
            .params
            .iter()
            .find(|(k, _)| k.value == key)
            .map(|(_, v)| v)
    }

    /// A `true`/`false` parameter, `default` when absent.
    pub(crate) fn bool(&mut self, key: &str, default: bool) -> bool {
        match self.value(key) {
            None => default,
            Some(Spanned {
                value: ParamValue::Bool(b),
                ..
            }) => *b,
            Some(v) => {
                let span = v.span.clone();
                self.error(
                    format!("hook parameter `{key}` must be true or false"),
                    span,
                );
                default
            }
        }
    }

    /// A whole-number parameter in `range`, `default` when absent.
    pub(crate) fn int(
        &mut self,
        key: &str,
        range: std::ops::RangeInclusive<i64>,
        default: i64,
    ) -> i64 {
        match self.value(key) {
            None => default,
            Some(Spanned {
                value: ParamValue::Int(n),
                ..
            }) if range.contains(n) => *n,
            Some(v) => {
                let span = v.span.clone();
                self.error(
                    format!(
                        "hook parameter `{key}` must be a whole number from {} to {}",
                        range.start(),
                        range.end()
                    ),
                    span,
                );
                default
            }
        }
    }

    /// A required piece-id parameter, resolved to its kind.
    pub(crate) fn piece(
        &mut self,
        key: &str,
        example: &str,
        resolve: &mut IdResolver,
    ) -> Option<KindId> {
        match self.value(key).cloned() {
            Some(Spanned {
                value: ParamValue::Str(id),
                span,
            }) => {
                let kind = resolve(&Spanned::new(id, span), self.diags);
                self.ok &= kind.is_some();
                kind
            }
            Some(v) => {
                self.error(format!("hook parameter `{key}` must be a piece id"), v.span);
                None
            }
            None => {
                let d = Diagnostic::error(
                    format!("hook `{}` needs `{key}`", self.spec.name.value),
                    self.spec.span.clone(),
                )
                .with_hint(format!("name the piece: `{key} = \"{example}\"`"));
                self.diags.push(d);
                self.ok = false;
                None
            }
        }
    }

    fn error(&mut self, message: String, span: std::ops::Range<usize>) {
        self.diags.push(Diagnostic::error(message, span));
        self.ok = false;
    }
}

/// How to build one kind of hook from its parameters.
type Compiler = fn(&mut Params, &Geometry, &mut IdResolver) -> Option<Arc<dyn Hook>>;

/// The hooks that exist: name, parameters (for messages), and how to build one.
const HOOKS: &[(&str, &[&str], Compiler)] = &[
    ("borrow-moves", borrow::PARAMETERS, borrow::compile),
    ("elephant-charge", charge::PARAMETERS, charge::compile),
];

/// Turn a hook spec into a hook, reporting unknown names and parameters and wrong types.
pub fn compile_hook(
    spec: &HookSpec,
    geometry: &Geometry,
    resolve: &mut IdResolver,
    diags: &mut Vec<Diagnostic>,
) -> Option<Arc<dyn Hook>> {
    let Some(&(name, known, compile)) = HOOKS.iter().find(|(n, ..)| *n == spec.name.value) else {
        let names: Vec<&str> = HOOKS.iter().map(|h| h.0).collect();
        let hint = match did_you_mean(&spec.name.value, &names) {
            Some(close) => format!(
                "did you mean `{close}`? The hooks are: {}",
                names.join(", ")
            ),
            None => format!("the hooks are: {}", names.join(", ")),
        };
        diags.push(
            Diagnostic::error(
                format!("there is no hook `{}`", spec.name.value),
                spec.name.span.clone(),
            )
            .with_hint(hint),
        );
        return None;
    };
    let mut params = Params {
        spec,
        diags,
        ok: true,
    };
    for (key, _) in &spec.params {
        if !known.contains(&key.value.as_str()) {
            let hint = match did_you_mean(&key.value, known) {
                Some(k) => format!("did you mean `{k}`?"),
                None => format!("its parameters are: {}", known.join(", ")),
            };
            params.diags.push(
                Diagnostic::error(
                    format!("hook `{name}` has no parameter `{}`", key.value),
                    key.span.clone(),
                )
                .with_hint(hint),
            );
            params.ok = false;
        }
    }
    let hook = compile(&mut params, geometry, resolve);
    if params.ok {
        hook
    } else {
        None
    }
}

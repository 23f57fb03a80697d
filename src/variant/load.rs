//! TOML text to [`VariantSpec`](super::VariantSpec), collecting every structural problem.
//! (Being written.)

use super::spec::VariantSpec;
use crate::diagnostics::Diagnostic;

/// Parse a variant file's text. Returns the spec (as complete as the text allows) and every
/// structural problem found (malformed TOML, unknown keys, wrong types, missing keys).
pub fn load_spec(_text: &str) -> (VariantSpec, Vec<Diagnostic>) {
    todo!()
}

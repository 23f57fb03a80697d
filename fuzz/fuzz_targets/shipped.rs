//! The shipped variants, compiled once per fuzzing process (shared by the targets that pick
//! a variant with their first byte).

use std::sync::OnceLock;

use fairyrules::Rules;

/// Every shipped variant, in `shipped_variants` order.
pub fn all() -> &'static [Rules] {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    RULES.get_or_init(|| {
        fairyrules::shipped_variants()
            .iter()
            .map(|(stem, _)| Rules::shipped(stem).unwrap().unwrap())
            .collect()
    })
}

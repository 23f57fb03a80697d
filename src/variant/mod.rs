//! Variant files: the raw TOML schema with spans ([`spec`]) and its loader ([`load`]).

pub mod inherit;
pub mod load;
pub mod spec;

pub use load::load_spec;
pub use spec::*;

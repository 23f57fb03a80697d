//! fairyrules: chess variants from declarative rule files.
//!
//! A variant is a TOML file ([`variant`]) whose pieces are Betza strings ([`betza`]). The
//! file is compiled against a board [`geometry`] into immutable [`rules::Rules`]; a
//! [`position::Position`] holds the mutable game state; [`movegen`] is the generic
//! interpreter producing legal moves; [`perft`] counts them.

pub mod betza;
pub mod diagnostics;
pub mod variant;

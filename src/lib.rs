//! fairyrules: chess variants from declarative rule files.
//!
//! A variant is a TOML file ([`variant`]) whose pieces are Betza strings ([`betza`]). The
//! file is compiled ([`compile`]) against a board [`geometry`] into immutable
//! [`rules::Rules`]; a [`position::Position`] holds the mutable game state; [`movegen`] is
//! the generic interpreter producing legal moves; [`perft`] counts them.

pub mod bench;
pub mod betza;
pub mod bits;
pub mod cellset;
pub mod compile;
pub mod diagnostics;
pub mod engine;
pub mod explain;
pub mod fen;
pub mod geometry;
pub mod hooks;
pub mod load;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod play;
pub mod position;
pub mod render;
pub mod rules;
pub mod setup_check;
pub mod svg;
pub mod variant;
pub mod xboard;

//! fairyrules: chess variants from declarative rule files.
//!
//! A variant is a TOML file whose pieces are [Betza](betza) strings. [`Rules::load`]
//! compiles it against its board ([`Geometry`]) into immutable [`Rules`]; a [`Position`]
//! holds a game's state (a [`Board`] and the moves that led to it); [`legal_moves`] is the
//! generic interpreter; [`perft`] counts move trees; [`outcome`] says how a game stands.
//!
//! ```
//! use fairyrules::{legal_moves, perft, Position, Rules};
//!
//! let rules: Rules = r#"
//!     [variant]
//!     name = "Knights and kings"
//!     [board]
//!     files = 5
//!     ranks = 5
//!     [pieces.king]
//!     letter = "K"
//!     betza = "K"
//!     royal = true
//!     [pieces.knight]
//!     letter = "N"
//!     betza = "N"
//!     [setup]
//!     fen = "k3n/5/5/5/N3K w - 0 1"
//! "#
//! .parse()?;
//! let mut pos = Position::start(&rules);
//! assert_eq!(legal_moves(&rules, &mut pos).len(), 5); // Na1-b3, Na1-c2, Ke1-d1, d2, e2
//! pos.play(&rules, "a1b3")?; // the knight checks the king on a5
//! assert!(fairyrules::in_check(&rules, &pos));
//! assert_eq!(legal_moves(&rules, &mut pos).len(), 3); // Ka5-a4, b4, b5
//! assert_eq!(perft(&rules, &mut pos, 1), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The layers, lowest first (each uses only those before it): [`types`] (cells, pieces,
//! moves) · [`geometry`] · [`betza`] · [`diagnostics`] · [`variant`] (the TOML as written)
//! · [`net_file`] (a learned evaluation's weights) · `board` · [`rules`] (the compiled
//! variant, and the [`rules::Hook`] interface) · `targets` (one piece's moves) · `hooks` ·
//! `position` (make / unmake) · `movegen` · `compile` (variant file → rules) · `fen`,
//! `notation`, `outcome`, `perft` · [`engine`], [`explain`], [`svg`], `render`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attacks;
pub mod betza;
mod board;
mod compile;
pub mod diagnostics;
pub mod engine;
pub mod explain;
mod fen;
pub mod geometry;
mod hooks;
mod load;
mod movegen;
pub mod net_file;
mod notation;
mod outcome;
mod perft;
mod position;
mod position_rules_check;
mod render;
pub mod rules;
mod setup_check;
mod shuffle;
pub mod svg;
mod targets;
pub mod types;
pub mod variant;

pub use board::Board;
pub use compile::{HEX_SIZE, MAX_KINDS, MAX_VALUE, SQUARE_SIZE};
pub use diagnostics::{Diagnostic, Severity, SourceFile};
pub use fen::{parse_fen, to_fen, FenError, MAX_COUNTER};
pub use geometry::Geometry;
pub use load::{shipped_variants, Checked, LoadError, MAX_VARIANT_BYTES};
pub use movegen::{generate_legal, generate_pseudo, in_check, is_attacked, legal_moves};
pub use notation::{format_move, move_to_string, parse_move, MoveError};
pub use outcome::{claimable_draw, outcome, repetition_count, DrawReason, Outcome, WinReason};
pub use perft::{divide, divide_parallel, perft, perft_in, perft_parallel, MoveStack};
pub use position::Position;
pub use render::{describe_outcome, render_text, summary};
pub use rules::Rules;
pub use setup_check::parse_position;
pub use shuffle::{seeded_start, setup_count, shuffled_start};
pub use types::{Cell, CellSet, Color, Gate, GateCode, KindId, Move, MoveKind, Piece};

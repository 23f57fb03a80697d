//! The vocabulary every other module speaks: cells and cell sets, sides and pieces, moves,
//! and per-piece-per-cell tables. Knows nothing about boards or rules.

pub mod bits;
pub mod cell;
pub mod cellset;
pub mod kindset;
pub mod moves;
pub mod piece;
pub mod table;

pub use bits::{Bits, Width};
pub use cell::{Cell, MAX_CELLS};
pub use cellset::CellSet;
pub use kindset::KindSet;
pub use moves::{Gate, GateCode, Move, MoveKind, MAX_SWEEP};
pub use piece::{Color, KindId, Piece};
pub use table::PieceCellTable;

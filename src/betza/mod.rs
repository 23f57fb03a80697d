//! Betza notation: the pest grammar (`grammar/betza.pest`), its parser and the AST.
//! Knows nothing about boards.

pub mod ast;
pub mod parser;

pub use ast::*;
pub use parser::{parse_betza, BetzaError};

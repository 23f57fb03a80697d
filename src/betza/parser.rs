//! Parser from Betza text to [`BetzaPiece`](super::BetzaPiece). (Being written.)

use super::ast::*;

/// A Betza syntax error, located inside the Betza string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte range of the offending text inside the Betza string.
    pub span: Span,
    /// What is wrong / what was expected.
    pub message: String,
    /// Optional suggestion.
    pub hint: Option<String>,
}

/// Parse a Betza string.
pub fn parse_betza(_text: &str) -> Result<BetzaPiece, BetzaError> {
    todo!()
}

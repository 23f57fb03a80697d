//! Betza notation: the pest grammar (`grammar/betza.pest`), its parser and the AST.
//! Knows nothing about boards.

pub mod ast;
pub mod parser;

pub use ast::*;
pub use parser::{parse_betza, BetzaError};

/// A Betza string with its castling (`O`) moves removed (for protocols that cannot state
/// castling in Betza, and for pieces that borrow moves but never castle).
pub fn without_castling(betza: &str) -> String {
    let mut out = String::new();
    let mut token = String::new();
    let mut chars = betza.chars().peekable();
    while let Some(c) = chars.next() {
        token.push(c);
        if c == '(' {
            for d in chars.by_ref() {
                token.push(d);
                if d == ')' {
                    break;
                }
            }
        } else if !c.is_ascii_uppercase() {
            continue;
        }
        // The atom's range: digits or the doubled letter.
        while let Some(&d) = chars.peek() {
            if d.is_ascii_digit() || (d == c && c.is_ascii_uppercase()) {
                token.push(d);
                chars.next();
            } else {
                break;
            }
        }
        if !token.contains('O') {
            out.push_str(&token);
        }
        token.clear();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::without_castling;

    #[test]
    fn castling_atoms_are_removed_and_nothing_else() {
        assert_eq!(without_castling("KisO2"), "K");
        assert_eq!(without_castling("KisO3isO2"), "K");
        assert_eq!(without_castling("fmWfceFifmnD"), "fmWfceFifmnD");
        assert_eq!(without_castling("NN(4,1)R4"), "NN(4,1)R4");
    }
}

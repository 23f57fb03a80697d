//! Positions a protocol must refuse although they parse: ones the variant's own rules make
//! impossible to reach or to play on. Decided from the rules' data, never from chess: a side
//! with royal kinds in a variant won by checkmate (and no extinction rule) needs a royal
//! piece, and the side that has just moved may not be left in check.

use fairyrules::{in_check, Color, Piece, Position, Rules};

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why this position cannot be played, if it cannot: the checks the variant's start
/// position gets when it is compiled, applied to any position.
pub fn impossible(rules: &Rules, pos: &Position) -> Option<String> {
    let end = rules.end_rules();
    if end.checkmate.is_some() {
        for color in Color::BOTH {
            let kinds = rules.royal_kinds(color);
            let royals: u32 = kinds
                .iter()
                .map(|&k| pos.cells_of(Piece::new(k, color)).count())
                .sum();
            if !kinds.is_empty() && royals == 0 && end.extinction_of(color).is_none() {
                return Some(format!(
                    "{} has no royal piece ({}), and this variant is won by checkmate",
                    side_name(color),
                    rules.kind_names(kinds, "or")
                ));
            }
        }
    }
    let mover = pos.side_to_move();
    let mut other = pos.clone();
    other.set_side_to_move(rules, mover.flip());
    if in_check(rules, &other) {
        return Some(format!(
            "{} is in check with {} to move: its royal piece could be captured",
            side_name(mover.flip()),
            side_name(mover)
        ));
    }
    None
}

//! Positions a protocol must refuse although they parse: ones the variant's own rules make
//! impossible to reach or to play on. Decided from the rules' data, never from chess: only a
//! variant won by checkmate needs royal pieces, and only there may the side that has just
//! moved not be left in check.

use fairyrules::{in_check, Color, Piece, Position, Rules};

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why this position cannot be played, if it cannot.
pub fn impossible(rules: &Rules, pos: &Position) -> Option<String> {
    let end = rules.end_rules();
    if !end.checkmate || rules.royal_kinds().is_empty() {
        return None;
    }
    let royal_names = rules.kind_names(rules.royal_kinds(), "or");
    for color in Color::BOTH {
        let royals: u32 = rules
            .royal_kinds()
            .iter()
            .map(|&k| pos.cells_of(Piece::new(k, color)).count())
            .sum();
        if royals == 0 {
            return Some(format!(
                "{} has no royal piece ({royal_names}), and this variant is won by checkmate",
                side_name(color)
            ));
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

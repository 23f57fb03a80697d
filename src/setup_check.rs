//! Checks of a variant's start position against its compiled rules: the position string
//! parses, every royal side has its royal piece, castling rights have partners, and the side
//! not to move is not in check.

use crate::diagnostics::{Diagnostic, Spanned};
use crate::fen::parse_fen;
use crate::fen::FenError;
use crate::movegen::royal_attacked;
use crate::position::Position;
use crate::position_rules_check::{Refusal, WrittenPosition};
use crate::rules::Rules;
use crate::types::{Color, Piece};

impl From<Refusal> for FenError {
    fn from(r: Refusal) -> FenError {
        FenError {
            span: r.span,
            message: r.message,
            hint: r.hint,
        }
    }
}

/// Check the `[setup] fen` of a compiled variant, reporting problems at the string's span.
pub fn check_setup(rules: &Rules, fen: &Spanned<String>, diags: &mut Vec<Diagnostic>) {
    let base = fen.span.start;
    let pos = match parse_fen(rules, &fen.value) {
        Ok(p) => p,
        Err(e) => {
            let mut d = Diagnostic::error(
                format!("in the start position: {}", e.message),
                base + e.span.start..base + e.span.end.max(e.span.start + 1),
            );
            if let Some(h) = e.hint {
                d = d.with_hint(h);
            }
            // A missing royal piece is the deeper problem (its castling rights fail because
            // it is missing): say so as well.
            if let Ok(cells) = crate::fen::parse_placement_only(rules, &fen.value) {
                let count = |piece| cells.iter().filter(|&&p| p == Some(piece)).count() as u32;
                if let Err(r) =
                    crate::position_rules_check::check_royals(rules, count, 0..fen.value.len())
                {
                    diags.push(Diagnostic::error(
                        format!("in the start position: {}", r.message),
                        fen.span.clone(),
                    ));
                }
            }
            diags.push(d);
            return;
        }
    };
    // A side with royal kinds needs a royal piece, unless another rule can end its game.
    if rules.end.checkmate.is_some() {
        for color in Color::BOTH {
            let kinds = rules.royal_kinds(color);
            let royals: u32 = kinds
                .iter()
                .map(|&k| pos.cells_of(Piece::new(k, color)).count())
                .sum();
            if !kinds.is_empty() && royals == 0 && rules.end.extinction_of(color).is_none() {
                diags.push(Diagnostic::error(
                    format!(
                        "the start position has no royal piece for {}",
                        if color == Color::White {
                            "White"
                        } else {
                            "Black"
                        }
                    ),
                    fen.span.clone(),
                ));
            }
        }
    }
    // Castling pieces need a partner kind somewhere on the board.
    for color in Color::BOTH {
        for &k in rules.castling_kinds(color) {
            let kind = &rules.kinds[k as usize];
            if pos.cells_of(Piece::new(k, color)).is_empty() {
                continue;
            }
            let partners: u32 = kind
                .partners(color)
                .iter()
                .map(|&p| pos.cells_of(Piece::new(p, color)).count())
                .sum();
            if partners == 0 {
                diags.push(
                    Diagnostic::error(
                        format!(
                            "{}'s `{}` castles but the start position has no partner for it",
                            if color == Color::White {
                                "White"
                            } else {
                                "Black"
                            },
                            kind.id
                        ),
                        fen.span.clone(),
                    )
                    .with_hint("place a partner piece or remove `castles_with`"),
                );
            }
        }
    }
    let waiting = pos.side_to_move().flip();
    if royal_attacked(rules, &pos, waiting) {
        diags.push(
            Diagnostic::error(
                "the side not to move is in check in the start position",
                fen.span.clone(),
            )
            .with_hint("the side to move could capture a royal piece"),
        );
    }
}

/// Parse a position string and refuse it, with the reason, when the variant's rules make
/// it unplayable: [`crate::parse_fen`] plus the checks of this module that need the whole
/// game's rules (a missing royal piece, the side not to move in check, more pieces of a
/// kind than anything can make). The command line reads every position string with this;
/// [`crate::parse_fen`] alone also reads the partial positions that rule tests set up
/// (a lone piece on an empty board).
pub fn parse_position(rules: &Rules, text: &str) -> Result<Position, FenError> {
    let start = text.len() - text.trim_start().len();
    let placement = start..start + text.split_whitespace().next().map_or(0, str::len);
    // The missing royal piece first: a string without Kings but with `KQkq` has that
    // problem before its castling one.
    if let Ok(cells) = crate::fen::parse_placement_only(rules, text) {
        crate::position_rules_check::check_royals(
            rules,
            |piece| cells.iter().filter(|&&p| p == Some(piece)).count() as u32,
            placement.clone(),
        )?;
    }
    let pos = crate::fen::parse_fen(rules, text)?;
    let written = WrittenPosition {
        rules,
        pos: &pos,
        text,
        placement,
    };
    crate::position_rules_check::check_not_in_check(&written)?;
    if rules.shuffle().is_none() && !rules.start_fen().is_empty() {
        if let Ok(start) = crate::fen::parse_placement_only(rules, rules.start_fen()) {
            crate::position_rules_check::check_counts(&written, &start)?;
        }
    }
    Ok(pos)
}

//! Move notation: from-cell then to-cell, plus the lower-case letter of the promoted piece
//! when a promotion offers a choice (`e7e8q`, `d9d10m`), or `+` for a promotion to a kind
//! marked `+` (Shogi: `c7c8+`, written whether or not there was a choice). A drop is the
//! piece's upper-case letter, `@` and the cell (`P@e4`). Castling is the king's from-cell and
//! to-cell (`e1g1`), except where that text is also another legal move's (a castling step
//! of one cell, `KisO1`) or the king does not move: then it is the king's cell and the
//! partner's cell (`e1h1`, the Chess960 convention of UCI), as it always is in a variant
//! that castles to fixed files (Chess960). An en passant capture gets the
//! suffix `ep` only where a plain move between the same cells also exists. Every legal move
//! has exactly one text (see `shared/spec/game-end.md`, rule 4).

use crate::movegen::legal_moves;
use crate::position::Position;
use crate::rules::Rules;
use crate::types::{Move, MoveKind};

/// Why a move string was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in this notation.
    #[error("malformed move: {0}")]
    Malformed(String),
    /// Well-formed but not legal here.
    #[error("illegal move: {0}")]
    Illegal(String),
}

impl Position {
    /// Play the move `text` (in the move notation, see [`parse_move`]) if it is legal here;
    /// returns it.
    pub fn play(&mut self, rules: &Rules, text: &str) -> Result<Move, MoveError> {
        let mv = parse_move(rules, self, text)?;
        self.make(rules, mv);
        Ok(mv)
    }
}

/// Read a drop `P@e4` (the letter of the piece, either case, `@`, the cell).
fn parse_drop(
    rules: &Rules,
    pos: &mut Position,
    text: &str,
    letter: &str,
    cell: &str,
) -> Result<Move, MoveError> {
    // `+P@c3`: the face marked `+` (Kyoto Shogi).
    let (letter, mark) = match letter.strip_prefix('+') {
        Some(rest) => (rest, Some('+')),
        None => (letter, None),
    };
    let mut chars = letter.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(MoveError::Malformed(format!(
            "`{text}`: a drop is one piece letter, `@` and a cell (`P@e4`)"
        )));
    };
    let kind = rules
        .kind_by_symbol(ch, mark)
        .filter(|_| ch.is_ascii_alphabetic())
        .ok_or_else(|| MoveError::Malformed(format!("`{ch}` in `{text}` is not a piece letter")))?;
    let to = rules
        .geometry
        .parse_cell_prefix(cell)
        .filter(|&(_, len)| len == cell.len())
        .map(|(c, _)| c)
        .ok_or_else(|| MoveError::Malformed(format!("`{cell}` in `{text}` is not a cell")))?;
    if !rules.has_hands() {
        return Err(MoveError::Illegal(format!(
            "`{text}`: this variant has no drops"
        )));
    }
    legal_moves(rules, pos)
        .into_iter()
        .find(|m| m.to == to && m.dropped() == Some(kind))
        .ok_or_else(|| MoveError::Illegal(format!("`{text}` is not legal here")))
}

/// Whether a promotion to a piece needs a letter: the mover had more than one choice.
fn promotion_has_choice(rules: &Rules, legal: &[Move], mv: &Move) -> bool {
    legal
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.to && m.kind == mv.kind)
        .count()
        > 1
        || rules.kinds.is_empty()
}

/// Write a move given the legal moves of its position (for disambiguation).
pub fn move_to_string(rules: &Rules, legal: &[Move], mv: &Move) -> String {
    let g = &rules.geometry;
    if let MoveKind::Drop { kind } = mv.kind {
        let k = &rules.kinds[kind as usize];
        let mark = if k.mark == Some('+') { "+" } else { "" };
        return format!("{mark}{}@{}", k.letter, g.name(mv.to));
    }
    let gate_letter = |s: &mut String| {
        if let Some(gate) = mv.gate() {
            s.push(rules.kinds[gate.kind as usize].letter.to_ascii_lowercase());
        }
    };
    if let MoveKind::Castle { partner_from, .. } = mv.kind {
        if mv.gate().is_some_and(|g| g.cell == partner_from) {
            // Gating on the partner's cell: the partner's cell, the king's, the letter.
            let mut s = format!("{}{}", g.name(partner_from), g.name(mv.from));
            gate_letter(&mut s);
            return s;
        }
        let shared = mv.from == mv.to
            || rules.castling_names_partner
            || legal
                .iter()
                .any(|m| m.from == mv.from && m.to == mv.to && !m.is_castle());
        if shared {
            let mut s = format!("{}{}", g.name(mv.from), g.name(partner_from));
            gate_letter(&mut s);
            return s;
        }
    }
    let mut s = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if let Some(k) = mv.promotion {
        if rules.kinds[k as usize].mark == Some('+') {
            // Shogi's promotion marker, written whether or not the move had a choice.
            s.push('+');
        } else if promotion_has_choice(rules, legal, mv) {
            s.push(rules.kinds[k as usize].letter.to_ascii_lowercase());
        }
    }
    if mv.is_en_passant()
        && legal
            .iter()
            .any(|m| m.from == mv.from && m.to == mv.to && !m.is_en_passant())
    {
        s.push_str("ep");
    }
    gate_letter(&mut s);
    s
}

/// Write a move in the context of a position.
pub fn format_move(rules: &Rules, pos: &mut Position, mv: &Move) -> String {
    let legal = legal_moves(rules, pos);
    move_to_string(rules, &legal, mv)
}

/// Read a move string against the legal moves of a position.
pub fn parse_move(rules: &Rules, pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let g = &rules.geometry;
    if let Some((letter, cell)) = text.split_once('@') {
        return parse_drop(rules, pos, text, letter, cell);
    }
    let (from, a) = g
        .parse_cell_prefix(text)
        .ok_or_else(|| MoveError::Malformed(format!("`{text}` does not start with a cell")))?;
    let (to, b) = g.parse_cell_prefix(&text[a..]).ok_or_else(|| {
        MoveError::Malformed(format!(
            "`{text}` has no destination cell after `{}`",
            &text[..a]
        ))
    })?;
    let mut rest = &text[a + b..];
    let want_ep = rest.ends_with("ep");
    if want_ep {
        rest = &rest[..rest.len() - 2];
    }
    let promotion = match rest.len() {
        0 => None,
        1 if rest == "-" => {
            // Fairy-Stockfish's mark of a move that does not promote or that turns a `+`
            // kind back (Kyoto Shogi): the move to the unmarked kind, or without promotion.
            let legal = legal_moves(rules, pos);
            let found = legal.iter().find(|m| {
                m.from == from
                    && m.to == to
                    && m.promotion
                        .is_none_or(|k| rules.kinds[k as usize].mark.is_none())
            });
            return found
                .copied()
                .ok_or_else(|| MoveError::Illegal(format!("`{text}` is not legal here")));
        }
        1 if rest == "+" => {
            // The kind marked `+` this move promotes to.
            let legal = legal_moves(rules, pos);
            let promoted = legal
                .iter()
                .filter(|m| m.from == from && m.to == to)
                .filter_map(|m| m.promotion)
                .find(|&k| rules.kinds[k as usize].mark == Some('+'));
            Some(promoted.ok_or_else(|| {
                MoveError::Illegal(format!("`{text}`: this move does not promote"))
            })?)
        }
        1 => {
            let ch = rest.chars().next().unwrap_or('?');
            let kind = rules.kind_by_letter(ch).ok_or_else(|| {
                MoveError::Malformed(format!("`{ch}` in `{text}` is not a piece letter"))
            })?;
            // A marked kind (`Q~`) shares its letter: the promotion this move offers.
            let letter = rules.kinds[kind as usize].letter;
            let legal = legal_moves(rules, pos);
            let offered = legal
                .iter()
                .filter(|m| m.from == from && m.to == to)
                .filter_map(|m| m.promotion)
                .find(|&k| rules.kinds[k as usize].letter == letter);
            Some(offered.unwrap_or(kind))
        }
        _ => {
            return Err(MoveError::Malformed(format!(
                "unexpected `{rest}` at the end of `{text}`"
            )))
        }
    };
    let legal = legal_moves(rules, pos);
    // The exact text of a legal move (castling written king + partner is found here only).
    if let Some(mv) = legal
        .iter()
        .find(|m| move_to_string(rules, &legal, m) == text)
    {
        return Ok(*mv);
    }
    let candidates: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == from && m.to == to)
        .filter(|m| {
            !m.is_castle()
                || move_to_string(rules, &legal, m) == format!("{}{}", g.name(from), g.name(to))
        })
        .filter(|m| promotion.is_none() || m.promotion == promotion)
        .collect();
    if candidates.is_empty() {
        return Err(MoveError::Illegal(format!("`{text}` is not legal here")));
    }
    if want_ep {
        return candidates
            .iter()
            .find(|m| m.is_en_passant())
            .map(|m| **m)
            .ok_or_else(|| MoveError::Illegal(format!("`{text}` is not an en passant capture")));
    }
    // A plain move wins over an en passant capture between the same cells.
    let plain: Vec<&&Move> = candidates.iter().filter(|m| !m.is_en_passant()).collect();
    let pool: Vec<Move> = if plain.is_empty() {
        candidates.iter().map(|m| **m).collect()
    } else {
        plain.iter().map(|m| ***m).collect()
    };
    if promotion.is_none() {
        let unpromoted: Vec<&Move> = pool.iter().filter(|m| m.promotion.is_none()).collect();
        if let [one] = unpromoted.as_slice() {
            return Ok(**one);
        }
        if pool.len() > 1 {
            let letters: Vec<String> = pool
                .iter()
                .filter_map(|m| m.promotion)
                .map(|k| {
                    rules.kinds[k as usize]
                        .letter
                        .to_ascii_lowercase()
                        .to_string()
                })
                .collect();
            return Err(MoveError::Malformed(format!(
                "`{text}` promotes: add one of the letters {}",
                letters.join(", ")
            )));
        }
    }
    Ok(pool[0])
}

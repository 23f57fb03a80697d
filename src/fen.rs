//! Position strings: FEN extended to any board and to the state FEN lacks.
//!
//! `placement side castling en-passant halfmove fullmove [unmoved:cells]`
//! - placement: the geometry's rows top to bottom (ranks 11→1 on hex, existing cells only),
//!   letters for pieces (upper case White; a promoted kind marked `+P` or `Q~`), digits for
//!   runs of empty cells, `/` between rows; in variants with drops, the pieces in hand
//!   follow in brackets (`[Qp]`, `[]` when none);
//! - castling: `KQkq` or `-` (K/k = towards the higher files), or the partners' files
//!   (Shredder-FEN `HAha`; X-FEN mixes both: a file where the outermost partner has moved);
//! - en passant: the cell passed over, or `-`;
//! - fields after the side may be left out: no castling, no en passant, counters 0 and 1;
//! - unmoved (optional 7th field): the exact set of never-moved pieces, printed only when it
//!   differs from what the other fields imply. Without it, a piece whose never-moved state
//!   matters (it has an `i` move or castles) counts as never moved when it stands where the
//!   variant's start position has the same piece; castling pieces follow the castling field.

use crate::position::Position;
use crate::rules::{RecordShape, Rules};
use crate::types::{Cell, CellSet, Color, Piece};

/// A position-string error: where (byte range in the string) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// Byte range of the offending text.
    pub span: std::ops::Range<usize>,
    /// What is wrong.
    pub message: String,
    /// A suggestion.
    pub hint: Option<String>,
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at column {})", self.message, self.span.start + 1)?;
        if let Some(h) = &self.hint {
            write!(f, "; hint: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for FenError {}

fn err(span: std::ops::Range<usize>, message: impl Into<String>) -> FenError {
    FenError {
        span,
        message: message.into(),
        hint: None,
    }
}

/// Split on spaces, keeping byte offsets.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

impl Position {
    /// The variant's start position.
    pub fn start(rules: &Rules) -> Position {
        parse_fen(rules, &rules.start_fen)
            .expect("a compiled variant's start position parses (checked when compiled)")
    }

    /// The position a position string describes (see [`parse_fen`]).
    pub fn from_fen(rules: &Rules, text: &str) -> Result<Position, FenError> {
        parse_fen(rules, text)
    }

    /// This position's string (see [`to_fen`]).
    pub fn fen(&self, rules: &Rules) -> String {
        to_fen(rules, self)
    }
}

/// Parse a position string for these rules.
pub fn parse_fen(rules: &Rules, text: &str) -> Result<Position, FenError> {
    let start = if rules.start_fen.is_empty() || rules.start_fen == text {
        None
    } else {
        parse_placement_only(rules, &rules.start_fen).ok()
    };
    parse_with_start(rules, text, start.as_ref())
}

/// The start position's placement (cell → piece), used to infer never-moved pieces.
pub(crate) fn parse_placement_only(
    rules: &Rules,
    text: &str,
) -> Result<Vec<Option<Piece>>, FenError> {
    let f = fields(text);
    let (offset, placement) = *f
        .first()
        .ok_or_else(|| err(0..0, "empty position string"))?;
    let pos = parse_placement(rules, placement, offset)?;
    Ok(rules.geometry.cells().map(|c| pos.piece_at(c)).collect())
}

fn parse_placement(rules: &Rules, placement: &str, offset: usize) -> Result<Position, FenError> {
    let geometry = &rules.geometry;
    let mut pos = Position::empty(rules);
    let (placement, hand) = match placement.find('[') {
        Some(i) => (&placement[..i], Some((offset + i, &placement[i..]))),
        None => (placement, None),
    };
    if let Some((hand_offset, hand)) = hand {
        parse_hand(rules, &mut pos, hand_offset, hand)?;
    }
    let rows = geometry.rows();
    let mut row_texts: Vec<(usize, &str)> = Vec::new();
    let mut s = 0;
    for (i, ch) in placement.char_indices() {
        if ch == '/' {
            row_texts.push((offset + s, &placement[s..i]));
            s = i + 1;
        }
    }
    row_texts.push((offset + s, &placement[s..]));
    if row_texts.len() != rows.len() {
        return Err(FenError {
            span: offset..offset + placement.len(),
            message: format!(
                "the placement has {} rows but the board has {}",
                row_texts.len(),
                rows.len()
            ),
            hint: Some("rows are separated by `/`, top row first".into()),
        });
    }
    for ((row_offset, row_text), row_cells) in row_texts.iter().zip(rows) {
        parse_row(rules, &mut pos, *row_offset, row_text, row_cells)?;
    }
    Ok(pos)
}

/// The pieces in hand: `[QRbp]` after the placement (White's in upper case), a letter per
/// piece or a count before a letter (`[2Pp]`); `[]` or `[-]` when both hands are empty.
fn parse_hand(
    rules: &Rules,
    pos: &mut Position,
    offset: usize,
    text: &str,
) -> Result<(), FenError> {
    if !rules.has_hands() {
        return Err(FenError {
            span: offset..offset + text.len(),
            message: "pieces in hand, but this variant has no drops".into(),
            hint: Some("remove the `[...]` after the placement".into()),
        });
    }
    let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
        return Err(FenError {
            span: offset..offset + text.len(),
            message: format!("`{text}` is not a hand"),
            hint: Some("write the pieces in hand in brackets after the placement: `[Qp]`".into()),
        });
    };
    if inner == "-" {
        return Ok(());
    }
    let bytes = inner.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let at = offset + 1 + i;
        let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let count: u32 = if digits > 0 {
            inner[i..i + digits].parse().unwrap_or(u32::MAX)
        } else {
            1
        };
        i += digits;
        let Some(&b) = bytes.get(i) else {
            return Err(err(
                at..at + digits,
                "a count with no piece letter after it",
            ));
        };
        let ch = b as char;
        let kind = if ch.is_ascii_alphabetic() {
            rules.kind_by_symbol(ch, None)
        } else {
            None
        };
        let Some(kind) = kind else {
            let ch = inner[i..].chars().next().unwrap_or('?');
            return Err(FenError {
                span: offset + 1 + i..offset + 1 + i + ch.len_utf8(),
                message: format!("`{ch}` in the hand is not a piece letter"),
                hint: Some(
                    "a hand holds unpromoted pieces: their letters, upper case White".into(),
                ),
            });
        };
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if rules.kinds[kind as usize].is_royal(color) {
            return Err(err(
                offset + 1 + i..offset + 2 + i,
                format!("a royal piece (`{ch}`) cannot be in hand"),
            ));
        }
        let piece = Piece::new(kind, color);
        let total = u32::from(pos.in_hand(piece)).saturating_add(count);
        if total >= crate::board::HAND_COUNTS as u32 {
            return Err(err(
                at..offset + 2 + i,
                format!("more than {} `{ch}` in hand", crate::board::HAND_COUNTS - 1),
            ));
        }
        pos.set_in_hand(rules, piece, total as u8);
        i += 1;
    }
    Ok(())
}

/// The hand part of a position string: `[...]`, White's pieces first, each kind in file
/// order, one letter per piece.
fn hand_text(rules: &Rules, pos: &Position) -> String {
    let mut out = String::from("[");
    for color in Color::BOTH {
        for (k, kind) in rules.kinds.iter().enumerate() {
            let piece = Piece::new(k as crate::types::KindId, color);
            let letter = if color == Color::White {
                kind.letter
            } else {
                kind.letter.to_ascii_lowercase()
            };
            for _ in 0..pos.in_hand(piece) {
                out.push(letter);
            }
        }
    }
    out.push(']');
    out
}

/// One row of the placement: letters for pieces, digits for runs of empty cells, `*` for
/// the board's holes (exactly where they are).
fn parse_row(
    rules: &Rules,
    pos: &mut Position,
    row_offset: usize,
    row_text: &str,
    row_cells: &[Option<Cell>],
) -> Result<(), FenError> {
    let g = &rules.geometry;
    let length_error = || row_length_error(row_offset, row_text, row_cells.len());
    let mut col = 0usize;
    let bytes = row_text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_digit() {
            let j = i + bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            let n: usize = row_text[i..j].parse().unwrap_or(usize::MAX);
            if n == 0 {
                return Err(err(
                    row_offset + i..row_offset + j,
                    "an empty run of 0 cells",
                ));
            }
            let end = col.saturating_add(n);
            if end > row_cells.len() {
                return Err(length_error());
            }
            if row_cells[col..end].iter().any(Option::is_none) {
                return Err(FenError {
                    span: row_offset + i..row_offset + j,
                    message: "this run of empty cells covers a hole of the board".into(),
                    hint: Some("write each hole as `*` where it is".into()),
                });
            }
            col = end;
            i = j;
        } else if b == b'*' {
            match row_cells.get(col) {
                Some(None) => col += 1,
                Some(Some(cell)) => {
                    return Err(err(
                        row_offset + i..row_offset + i + 1,
                        format!(
                            "`*` marks a hole, but {} is a cell of the board",
                            g.name(*cell)
                        ),
                    ))
                }
                None => return Err(length_error()),
            }
            i += 1;
        } else if b.is_ascii_alphabetic()
            || (b == b'+' && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic))
        {
            // `+P`: a promoted Shogi piece; `Q~`: a promoted Crazyhouse piece.
            let (ch, mark, len) = if b == b'+' {
                (bytes[i + 1] as char, Some('+'), 2)
            } else if bytes.get(i + 1) == Some(&b'~') {
                (b as char, Some('~'), 2)
            } else {
                (b as char, None, 1)
            };
            let found = match mark {
                None => rules.kind_by_letter(ch),
                Some(_) => rules.kind_by_symbol(ch, mark),
            };
            let Some(kind) = found else {
                if mark.is_some() {
                    return Err(FenError {
                        span: row_offset + i..row_offset + i + len,
                        message: format!(
                            "no piece is written `{}`",
                            &row_text[i..i + len]
                        ),
                        hint: Some(
                            "a marked letter names a promoted piece the file defines with that letter".into(),
                        ),
                    });
                }
                let letters: String = rules.kinds.iter().map(|k| k.letter).collect();
                return Err(FenError {
                    span: row_offset + i..row_offset + i + 1,
                    message: format!("no piece has the letter `{ch}`"),
                    hint: Some(format!(
                        "the piece letters are {letters} (lower case: Black)"
                    )),
                });
            };
            let cell = match row_cells.get(col) {
                Some(Some(cell)) => *cell,
                Some(None) => {
                    return Err(FenError {
                        span: row_offset + i..row_offset + i + 1,
                        message: "a piece on a hole of the board".into(),
                        hint: Some("write the hole as `*`".into()),
                    })
                }
                None => return Err(length_error()),
            };
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            pos.put(rules, cell, Piece::new(kind, color));
            col += 1;
            i += len;
        } else {
            let ch = row_text[i..].chars().next().unwrap_or('?');
            return Err(err(
                row_offset + i..row_offset + i + ch.len_utf8(),
                format!("unexpected `{ch}` in the placement"),
            ));
        }
    }
    if col != row_cells.len() {
        return Err(length_error());
    }
    Ok(())
}

fn row_length_error(offset: usize, row: &str, expected: usize) -> FenError {
    FenError {
        span: offset..offset + row.len().max(1),
        message: format!("the row `{row}` does not describe exactly {expected} cells"),
        hint: Some("count each letter as one cell and each number as that many empty cells".into()),
    }
}

/// For a king on `cell`, the outermost partner on its rank towards `side` (+1 higher files).
fn outer_partner(rules: &Rules, pos: &Position, king_cell: Cell, side: i32) -> Option<Cell> {
    let king = pos.piece_at(king_cell)?;
    let partners = rules.kinds[king.kind() as usize].partners(king.color());
    rules
        .geometry
        .ray(king_cell, (side, 0))
        .filter(|&c| {
            pos.piece_at(c)
                .is_some_and(|p| p.color() == king.color() && partners.contains(&p.kind()))
        })
        .last()
}

/// The file index a file letter names on this board.
fn file_of_letter(rules: &Rules, letter: char) -> Option<i32> {
    let crate::geometry::Shape::Square { files, .. } = rules.geometry.shape else {
        return None;
    };
    let x = letter as i32 - 'a' as i32;
    (0..i32::from(files)).contains(&x).then_some(x)
}

/// Whether the piece on `cell` is a castling partner of the castling piece on `king_cell`.
fn is_partner(rules: &Rules, pos: &Position, king_cell: Cell, cell: Cell) -> bool {
    let king = pos.occupant(king_cell);
    let partners = rules.kinds[king.kind() as usize].partners(king.color());
    pos.piece_at(cell)
        .is_some_and(|p| p.color() == king.color() && partners.contains(&p.kind()))
}

/// The fields of a position string after the placement, read in order; each step takes the
/// field it recognises.
struct Fields<'t> {
    fields: Vec<(usize, &'t str)>,
    next: usize,
}

impl<'t> Fields<'t> {
    /// The next field, if any (and not the `unmoved:` field).
    fn peek(&self) -> Option<(usize, &'t str)> {
        self.fields
            .get(self.next)
            .copied()
            .filter(|(_, s)| !s.starts_with("unmoved:"))
    }

    /// Take the next field.
    fn take(&mut self) -> Option<(usize, &'t str)> {
        let f = self.peek()?;
        self.next += 1;
        Some(f)
    }

    /// The fields not taken yet, other than `unmoved:`.
    fn remaining(&self) -> Vec<&'t str> {
        self.fields[self.next.min(self.fields.len())..]
            .iter()
            .map(|x| x.1)
            .filter(|s| !s.starts_with("unmoved:"))
            .collect()
    }
}

fn parse_with_start(
    rules: &Rules,
    text: &str,
    start: Option<&Vec<Option<Piece>>>,
) -> Result<Position, FenError> {
    let all = fields(text);
    let Some(&(offset, placement)) = all.first() else {
        return Err(err(0..0, "empty position string"));
    };
    let mut pos = parse_placement(rules, placement, offset)?;
    let placement_span = offset..offset + placement.len();
    let mut f = Fields {
        fields: all,
        next: 1,
    };
    let side = parse_side(&mut f)?;
    pos.set_side_to_move(rules, side);
    let mut unmoved = unmoved_from_start(rules, &pos, start);
    let mut castling = None;
    if has_castling_field(rules, &f) {
        castling = f.fields.get(f.next).copied();
        parse_castling(rules, &pos, &mut f, &mut unmoved)?;
    }
    parse_en_passant(rules, &mut pos, &mut f)?;
    if rules.end.n_check.is_some() {
        parse_checks(rules, &mut pos, &mut f)?;
    }
    parse_counters(&mut pos, &mut f)?;
    let explicit = parse_unmoved(rules, &pos, &mut f)?;
    if let Some(explicit) = explicit {
        unmoved = explicit;
    }
    if let Some(&(o, s)) = f.fields.get(f.next) {
        return Err(err(o..o + s.len(), format!("unexpected field `{s}`")));
    }
    pos.set_unmoved(rules, unmoved);
    let castling = castling
        .filter(|_| explicit.is_some())
        .map(|(at, text)| (at, text, castling_field(rules, &pos)));
    let start = start.map(|s| s.as_slice());
    let written = crate::position_rules_check::WrittenPosition {
        rules,
        pos: &pos,
        text,
        placement: placement_span,
    };
    crate::position_rules_check::check_position(&written, start, castling)?;
    Ok(pos)
}

/// The side to move: `w` (or missing) or `b`.
fn parse_side(f: &mut Fields) -> Result<Color, FenError> {
    match f.take() {
        None | Some((_, "w")) => Ok(Color::White),
        Some((_, "b")) => Ok(Color::Black),
        Some((o, s)) => Err(FenError {
            span: o..o + s.len(),
            message: format!("`{s}` is not a side to move"),
            hint: Some("use `w` or `b`".into()),
        }),
    }
}

/// Never-moved pieces of tracked kinds that castling does not govern: those standing where
/// the variant's start position has the same piece.
fn unmoved_from_start(
    rules: &Rules,
    pos: &Position,
    start: Option<&Vec<Option<Piece>>>,
) -> CellSet {
    let mut unmoved = CellSet::EMPTY;
    for cell in rules.geometry.cells() {
        let Some(p) = pos.piece_at(cell) else {
            continue;
        };
        let color = p.color();
        let castlers = rules.castling_kinds(color);
        let castling = castlers.contains(&p.kind())
            || castlers
                .iter()
                .any(|&k| rules.kinds[k as usize].partners(color).contains(&p.kind()));
        if !rules.kinds[p.kind() as usize].tracks_unmoved || castling {
            continue;
        }
        if start.is_none_or(|pieces| pieces[cell.index()] == Some(p)) {
            unmoved.insert(cell);
        }
    }
    unmoved
}

/// Whether the next field is the castling field. Variants without castling may leave it out
/// (`w - 0 1` is then en passant, half-move clock and move number).
fn has_castling_field(rules: &Rules, f: &Fields) -> bool {
    if Color::BOTH
        .iter()
        .any(|&c| !rules.castling_kinds(c).is_empty())
    {
        return true;
    }
    let rest = f.remaining();
    let counters = |s: &&str| s.bytes().all(|b| b.is_ascii_digit());
    let checks = usize::from(rules.end.n_check.is_some());
    match rest.len().saturating_sub(checks) {
        0 | 1 | 3 => false,
        2 => !counters(&rest[1 + checks]),
        _ => true,
    }
}

/// The castling field: `KQkq` (K/k: towards the higher files) or `-`.
fn parse_castling(
    rules: &Rules,
    pos: &Position,
    f: &mut Fields,
    unmoved: &mut CellSet,
) -> Result<(), FenError> {
    let Some((o, castling)) = f.take() else {
        return Ok(());
    };
    if castling == "-" {
        return Ok(());
    }
    for (i, ch) in castling.char_indices() {
        let (color, side) = match ch {
            'K' => (Color::White, Some(1)),
            'Q' => (Color::White, Some(-1)),
            'k' => (Color::Black, Some(1)),
            'q' => (Color::Black, Some(-1)),
            // Shredder-FEN / X-FEN: the file of the partner.
            c if c.is_ascii_alphabetic()
                && file_of_letter(rules, c.to_ascii_lowercase()).is_some() =>
            {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                (color, None)
            }
            _ => {
                return Err(FenError {
                    span: o + i..o + i + ch.len_utf8(),
                    message: format!("`{ch}` is not a castling right"),
                    hint: Some("use K, Q, k, q, the files of the partners (`HAha`) or `-`".into()),
                })
            }
        };
        let mut granted = false;
        for &k in rules.castling_kinds(color) {
            for king_cell in pos.cells_of(Piece::new(k, color)).iter() {
                let partner = match side {
                    Some(side) => outer_partner(rules, pos, king_cell, side),
                    None => file_of_letter(rules, ch.to_ascii_lowercase())
                        .and_then(|x| rules.geometry.at(x, rules.geometry.coords(king_cell).1))
                        .filter(|&c| is_partner(rules, pos, king_cell, c)),
                };
                if let Some(partner) = partner {
                    unmoved.insert(king_cell);
                    unmoved.insert(partner);
                    granted = true;
                }
            }
        }
        if !granted {
            return Err(FenError {
                span: o + i..o + i + 1,
                message: format!(
                    "castling right `{ch}` but no castling piece with a partner on that side"
                ),
                hint: Some("remove the letter or put the pieces in place".into()),
            });
        }
    }
    Ok(())
}

/// The en passant field: the cell passed over, or `-`.
fn parse_en_passant(rules: &Rules, pos: &mut Position, f: &mut Fields) -> Result<(), FenError> {
    // Without en passant captures the field may be left out before the counters (`w 0 1`,
    // as Shogi positions are written).
    let rest = f.remaining();
    let counters_only =
        rest.len() == 2 && rest.iter().all(|s| s.bytes().all(|b| b.is_ascii_digit()));
    if !rules.has_en_passant && counters_only {
        return Ok(());
    }
    let Some((o, ep)) = f.take() else {
        return Ok(());
    };
    if ep == "-" {
        return Ok(());
    }
    let cell = rules.geometry.parse_cell(ep).ok_or_else(|| FenError {
        span: o..o + ep.len(),
        message: format!("`{ep}` is not a cell of this board"),
        hint: Some("the en passant field is the cell passed over, or `-`".into()),
    })?;
    // The victim: the first piece of the side that just moved, straight ahead of the passed
    // cell in that side's forward direction; else (a diagonal double step, as Berolina
    // pawns make) a piece of that side diagonally next to it, forward.
    let mover = pos.side_to_move().flip();
    let forward = if mover == Color::White { 1 } else { -1 };
    let ours = |c: Cell| pos.is_occupied(c) && pos.occupant(c).color() == mover;
    let victim = rules
        .geometry
        .ray(cell, (0, forward))
        .find(|&c| pos.is_occupied(c))
        .filter(|&c| ours(c))
        .or_else(|| {
            [(1, forward), (-1, forward)]
                .into_iter()
                .find_map(|step| rules.geometry.ray(cell, step).next().filter(|&c| ours(c)))
        })
        .ok_or_else(|| FenError {
            span: o..o + ep.len(),
            message: format!("en passant cell `{ep}` has no piece that just passed it"),
            hint: None,
        })?;
    let mut cells = CellSet::EMPTY;
    cells.insert(cell);
    pos.set_en_passant(rules, cells, Some(victim));
    Ok(())
}

/// The n-check field, `W+B`: the checks each side still has to give (as Fairy-Stockfish
/// writes it; `3+3` at the start of Three-check). May be left out (no checks given yet).
fn parse_checks(rules: &Rules, pos: &mut Position, f: &mut Fields) -> Result<(), FenError> {
    let n = rules.end.n_check.unwrap_or(0);
    let Some((o, s)) = f.peek() else {
        return Ok(());
    };
    let Some((w, b)) = s.split_once('+') else {
        return Ok(());
    };
    f.take();
    let bad = || FenError {
        span: o..o + s.len(),
        message: format!("`{s}` is not a check count"),
        hint: Some(format!(
            "write the checks each side still has to give, from {n} down to 0: `{n}+{n}`"
        )),
    };
    let left = |t: &str| t.parse::<u8>().ok().filter(|&x| x <= n).ok_or_else(bad);
    let (w, b) = (left(w)?, left(b)?);
    pos.set_checks(rules, Color::White, n - w);
    pos.set_checks(rules, Color::Black, n - b);
    Ok(())
}

/// The largest half-move clock and move number a position string may give: far above any
/// real game, far below where counting on would overflow.
pub const MAX_COUNTER: u32 = 1_000_000;

/// The half-move clock and the move number (both optional).
fn parse_counters(pos: &mut Position, f: &mut Fields) -> Result<(), FenError> {
    let mut counters = [0u32, 1u32];
    for counter in &mut counters {
        let Some((o, s)) = f.take() else {
            break;
        };
        *counter = s
            .parse()
            .ok()
            .filter(|&n| n <= MAX_COUNTER)
            .ok_or_else(|| FenError {
                span: o..o + s.len(),
                message: format!("`{s}` is not a move counter"),
                hint: Some(format!("a whole number from 0 to {MAX_COUNTER}")),
            })?;
    }
    pos.set_counters(counters[0], counters[1]);
    Ok(())
}

/// The explicit never-moved set `unmoved:cell,cell` (or `unmoved:-`), if given.
fn parse_unmoved(
    rules: &Rules,
    pos: &Position,
    f: &mut Fields,
) -> Result<Option<CellSet>, FenError> {
    let Some(&(o, s)) = f.fields.get(f.next) else {
        return Ok(None);
    };
    let Some(list) = s.strip_prefix("unmoved:") else {
        return Ok(None);
    };
    f.next += 1;
    let mut unmoved = CellSet::EMPTY;
    if list == "-" {
        return Ok(Some(unmoved));
    }
    let mut at = o + "unmoved:".len();
    for name in list.split(',') {
        let cell = rules.geometry.parse_cell(name).ok_or_else(|| {
            err(
                at..at + name.len(),
                format!("`{name}` is not a cell of this board"),
            )
        })?;
        if pos.piece_at(cell).is_none() {
            return Err(err(at..at + name.len(), format!("`{name}` is empty")));
        }
        if unmoved.contains(cell) {
            return Err(err(
                at..at + name.len(),
                format!("`{name}` is listed twice"),
            ));
        }
        unmoved.insert(cell);
        at += name.len() + 1;
    }
    Ok(Some(unmoved))
}

/// Print a position string that [`parse_fen`] reads back to the same state.
pub fn to_fen(rules: &Rules, pos: &Position) -> String {
    let mut out = String::new();
    for (i, row) in rules.geometry.rows().iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for &cell in row {
            let shown = match cell {
                None => Some("*".to_string()),
                Some(c) => pos.piece_at(c).map(|p| {
                    rules.kinds[p.kind() as usize]
                        .symbol(p.color())
                        .chars()
                        .collect()
                }),
            };
            match shown {
                None => empty += 1,
                Some(text) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let text: String = text;
                    out.push_str(&text);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    if rules.has_hands() {
        out.push_str(&hand_text(rules, pos));
    }
    out.push(' ');
    out.push(if pos.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    });
    if Color::BOTH
        .iter()
        .any(|&c| !rules.castling_kinds(c).is_empty())
    {
        out.push(' ');
        let castling = castling_field(rules, pos);
        out.push_str(if castling.is_empty() { "-" } else { &castling });
    }
    out.push(' ');
    match pos.ep_cells().iter().next() {
        Some(c) => out.push_str(rules.geometry.name(c)),
        None => out.push('-'),
    }
    if let Some(n) = rules.end.n_check {
        let left = |side| n.saturating_sub(pos.checks_given(side));
        out.push_str(&format!(" {}+{}", left(Color::White), left(Color::Black)));
    }
    out.push_str(&format!(
        " {} {}",
        pos.halfmove_clock(),
        pos.fullmove_number()
    ));
    // Does the string so far imply the exact never-moved set?
    let implied = parse_fen(rules, &out).map(|p| *p.unmoved()).ok();
    if implied != Some(*pos.unmoved()) {
        let cells: Vec<&str> = pos
            .unmoved()
            .iter()
            .map(|c| rules.geometry.name(c))
            .collect();
        out.push_str(" unmoved:");
        let list = if cells.is_empty() {
            "-".to_string()
        } else {
            cells.join(",")
        };
        out.push_str(&list);
    }
    out
}

/// The castling field that the position's never-moved pieces make.
pub(crate) fn castling_field(rules: &Rules, pos: &Position) -> String {
    let mut out = String::new();
    for color in Color::BOTH {
        for (side, ch) in [(1, 'K'), (-1, 'Q')] {
            let mut right = false;
            let mut files = Vec::new();
            for &k in rules.castling_kinds(color) {
                for king in pos.cells_of(Piece::new(k, color)).iter() {
                    if !pos.unmoved().contains(king) {
                        continue;
                    }
                    // Only kings that really castle on this board (have a castle record).
                    let has_castle = rules
                        .records_of(Piece::new(k, color), king)
                        .iter()
                        .any(|r| r.shape == RecordShape::Castle);
                    if !has_castle {
                        continue;
                    }
                    if let Some(p) = outer_partner(rules, pos, king, side) {
                        if pos.unmoved().contains(p) {
                            right = true;
                        }
                    }
                    // X-FEN: an inner partner keeping the right while the outermost has
                    // moved is named by its file.
                    if !right {
                        let inner = rules.geometry.ray(king, (side, 0)).find(|&c| {
                            pos.unmoved().contains(c) && is_partner(rules, pos, king, c)
                        });
                        if let Some(c) = inner {
                            let file = (b'a' + rules.geometry.coords(c).0 as u8) as char;
                            files.push(if color == Color::White {
                                file.to_ascii_uppercase()
                            } else {
                                file
                            });
                        }
                    }
                }
            }
            if right {
                out.push(if color == Color::White {
                    ch
                } else {
                    ch.to_ascii_lowercase()
                });
            }
            out.extend(files.drain(..));
        }
    }
    out
}

/// The pieces in hand, e.g. `White Q, P×2; Black none`.
pub fn hands_text(rules: &Rules, pos: &Position) -> String {
    let side = |color: Color| {
        let held: Vec<String> = rules
            .kinds
            .iter()
            .enumerate()
            .filter_map(|(k, kind)| {
                let n = pos.in_hand(Piece::new(k as crate::types::KindId, color));
                let letter = kind.symbol(color);
                match n {
                    0 => None,
                    1 => Some(letter),
                    n => Some(format!("{letter}×{n}")),
                }
            })
            .collect();
        if held.is_empty() {
            "none".to_string()
        } else {
            held.join(", ")
        }
    };
    format!("White {}; Black {}", side(Color::White), side(Color::Black))
}

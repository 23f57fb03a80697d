//! Position strings checked against the variant's own rules (spec rule 5), not FIDE's: a
//! position that parses is still refused, with the reason, when
//!
//! - a side that needs a royal piece has none: its royal kinds exist, checkmate decides the
//!   game and no extinction rule covers that side (checked right after the placement, so a
//!   string without Kings but with `KQkq` names the missing King, not the castling);
//! - the side not to move is in check: the side to move could capture a royal piece;
//! - a piece of a kind that no promotion or hook can create outnumbers the setup's pieces
//!   of that kind and colour (three Kings in chess; Three Kings' setup has three);
//! - a pawn-like piece (every move goes forward, as the engine defines it) stands where it
//!   could never have arrived: on a cell of a zone where its promotion is forced (its move
//!   there would have changed it), or on a cell that none of its moves reaches and where the
//!   setup has no such piece (Pawns on their own first rank; Horde's first-rank Pawns are in
//!   its setup, so they stay);
//! - the castling field and an `unmoved:` field disagree (the never-moved set that
//!   `unmoved:` gives would make other castling rights).
//!
//! The setup-based checks need the variant's start position, and apply only where it is
//! certain: variants with a random setup (`[setup] shuffle`), pieces in hand (drops,
//! gating) or hooks are left alone, and so are pieces with extra moves or castling partners.
//!
//! [`crate::parse_fen`] makes the checks of one piece's cells and of the castling field
//! (through [`check_position`]); [`crate::parse_position`] (in `setup_check`) adds the ones
//! about the whole game (royal pieces, check, counts), which rule tests that set up a lone
//! piece on an empty board do not want.

use crate::movegen::royal_attacked;
use crate::position::Position;
use crate::rules::{RecordShape, Rules};
use crate::types::{CellSet, Color, KindId, Piece};

/// Why a position string is refused: the span in the string, the message, a hint (turned
/// into the position string's error type by the parser).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// Byte range in the position string.
    pub span: std::ops::Range<usize>,
    /// What is wrong.
    pub message: String,
    /// A suggestion.
    pub hint: Option<String>,
}

fn refuse(span: std::ops::Range<usize>, message: String, hint: &str) -> Refusal {
    Refusal {
        span,
        message,
        hint: Some(hint.into()),
    }
}

/// A parsed position with the string it was read from: what the checks look at, and where
/// their refusals point.
pub(crate) struct WrittenPosition<'a> {
    /// The variant's rules.
    pub rules: &'a Rules,
    /// The parsed position.
    pub pos: &'a Position,
    /// The position string.
    pub text: &'a str,
    /// The placement's span in `text`.
    pub placement: std::ops::Range<usize>,
}

impl WrittenPosition<'_> {
    /// Where `cell`'s piece is written (the whole placement when it is not found).
    fn span_of(&self, cell: crate::types::Cell) -> std::ops::Range<usize> {
        cell_span(self.rules, self.text, self.placement.clone(), cell)
    }
}

/// Where `cell`'s piece is written in the placement (`placement`: its span in `text`), as
/// the rows are read: digits skip empty cells, `*` is a hole, a letter (with a `+` before or
/// a `~` after it) is a piece. The whole placement when the cell is not found.
fn cell_span(
    rules: &Rules,
    text: &str,
    placement: std::ops::Range<usize>,
    cell: crate::types::Cell,
) -> std::ops::Range<usize> {
    let Some(written) = text.get(placement.clone()) else {
        return placement;
    };
    let board = written.split('[').next().unwrap_or("");
    let mut at = placement.start;
    for (row_text, row) in board.split('/').zip(rules.geometry().rows()) {
        let bytes = row_text.as_bytes();
        let (mut i, mut col) = (0, 0);
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii_digit() {
                let j = i + bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                col += row_text[i..j].parse::<usize>().unwrap_or(usize::MAX / 2);
                i = j;
                continue;
            }
            let len = match (b, bytes.get(i + 1)) {
                (b'+', _) => 2,
                (_, Some(b'~')) => 2,
                _ => 1,
            };
            if b != b'*' && row.get(col) == Some(&Some(cell)) {
                return at + i..at + i + len;
            }
            col += 1;
            i += len;
        }
        at += row_text.len() + 1;
    }
    placement
}

/// The side to move could capture a royal piece.
pub(crate) fn check_not_in_check(written: &WrittenPosition) -> Result<(), Refusal> {
    let (rules, pos) = (written.rules, written.pos);
    let waiting = pos.side_to_move().flip();
    if royal_attacked(rules, pos, waiting) {
        // Point at the attacked royal piece.
        let attackers = pos.side_to_move();
        let royal = rules
            .royal_kinds(waiting)
            .iter()
            .flat_map(|&k| pos.cells_of(Piece::new(k, waiting)).iter())
            .find(|&c| crate::movegen::is_attacked(rules, pos, c, attackers));
        return Err(refuse(
            royal.map_or(written.placement.clone(), |c| written.span_of(c)),
            format!(
                "{} is in check with {} to move: its royal piece could be captured",
                waiting.name(),
                pos.side_to_move().name()
            ),
            "the side that has just moved cannot have left its royal piece attacked",
        ));
    }
    Ok(())
}

/// Every side that needs a royal piece has one; `count` says how many of a piece there are.
pub(crate) fn check_royals(
    rules: &Rules,
    count: impl Fn(Piece) -> u32,
    placement: std::ops::Range<usize>,
) -> Result<(), Refusal> {
    let end = rules.end_rules();
    if end.checkmate.is_none() {
        return Ok(());
    }
    for color in Color::BOTH {
        let kinds = rules.royal_kinds(color);
        let royals: u32 = kinds.iter().map(|&k| count(Piece::new(k, color))).sum();
        if !kinds.is_empty() && royals == 0 && end.extinction_of(color).is_none() {
            return Err(refuse(
                placement,
                format!(
                    "{} has no royal piece ({}), and this variant is won by checkmate",
                    color.name(),
                    rules.kind_names(kinds, "or")
                ),
                "place the royal piece: the game cannot be played without it",
            ));
        }
    }
    Ok(())
}

/// The checks of a whole parsed position. `start` is the variant's start placement (none
/// when `pos` is the start position itself), `castling` the castling field as written (text
/// and offset) when an `unmoved:` field overrode it.
pub(crate) fn check_position(
    written: &WrittenPosition,
    start: Option<&[Option<Piece>]>,
    castling: Option<(usize, &str, String)>,
) -> Result<(), Refusal> {
    let rules = written.rules;
    if let Some((at, field, implied)) = castling {
        let given = sorted(field);
        if field != "-" && given != sorted(&implied) {
            return Err(refuse(
                at..at + field.len(),
                format!(
                    "the castling field `{field}` disagrees with the `unmoved:` field, which gives `{}`",
                    if implied.is_empty() { "-" } else { &implied }
                ),
                "give the castling rights that the never-moved pieces make, or leave out `unmoved:`",
            ));
        }
    }
    // Pieces in hand (drops, gating) can appear on cells and in numbers that moves alone
    // cannot make: the setup-based checks are for variants without hands.
    // Hooks may create pieces (a charge that `becomes` another kind) where their own moves
    // do not go: no setup-based checks with them either.
    let hooks = rules.kinds().iter().any(|k| k.hook.is_some());
    if let Some(start) = start.filter(|_| rules.shuffle().is_none() && !rules.has_hands() && !hooks)
    {
        check_against_setup(written, start)?;
    }
    Ok(())
}

fn sorted(text: &str) -> Vec<char> {
    let mut chars: Vec<char> = text.chars().filter(|&c| c != '-').collect();
    chars.sort_unstable();
    chars
}

/// More pieces of a kind than the setup has, where no promotion and no hook makes more.
pub(crate) fn check_counts(
    written: &WrittenPosition,
    start: &[Option<Piece>],
) -> Result<(), Refusal> {
    let (rules, pos) = (written.rules, written.pos);
    let kinds = rules.kinds();
    if rules.has_hands() || kinds.iter().any(|k| k.hook.is_some()) {
        return Ok(());
    }
    for color in Color::BOTH {
        for k in 0..kinds.len() as KindId {
            let piece = Piece::new(k, color);
            let on_board = pos.cells_of(piece).count();
            let home = start.iter().filter(|&&p| p == Some(piece)).count() as u32;
            let promoted_into = kinds.iter().any(|other| {
                other.promotion[color.index()]
                    .iter()
                    .any(|p| p.to.contains(&k))
            });
            if !promoted_into && on_board > home {
                let last = pos.cells_of(piece).iter().last();
                return Err(refuse(
                    last.map_or(written.placement.clone(), |c| written.span_of(c)),
                    format!(
                        "{} has {on_board} `{}` pieces, but the setup has {home} and no promotion makes more",
                        color.name(),
                        kinds[k as usize].id,
                    ),
                    "a kind that nothing creates cannot outnumber the setup",
                ));
            }
        }
    }
    Ok(())
}

/// Cells that the promotions and the pieces' moves rule out.
fn check_against_setup(written: &WrittenPosition, start: &[Option<Piece>]) -> Result<(), Refusal> {
    let (rules, pos) = (written.rules, written.pos);
    let g = rules.geometry();
    let kinds = rules.kinds();
    let start_cells = |piece: Piece| -> CellSet {
        let mut set = CellSet::EMPTY;
        for (i, cell) in g.cells().enumerate() {
            if start.get(i).copied().flatten() == Some(piece) {
                set.insert(cell);
            }
        }
        set
    };
    for color in Color::BOTH {
        for k in 0..kinds.len() as KindId {
            let piece = Piece::new(k, color);
            let on_board = *pos.cells_of(piece);
            if on_board.is_empty() {
                continue;
            }
            let home = start_cells(piece);
            let promoted_into = kinds.iter().any(|other| {
                other.promotion[color.index()]
                    .iter()
                    .any(|p| p.to.contains(&k))
            });
            if !certain_mover(rules, k) {
                continue;
            }
            let mut reached = home;
            let mut forced = CellSet::EMPTY;
            for p in &kinds[k as usize].promotion[color.index()] {
                if p.forced && p.adjacent_to_enemy.is_empty() {
                    forced |= p.zone;
                }
            }
            for from in g.cells() {
                for rec in rules.records_of(piece, from) {
                    if rec.shape == RecordShape::Castle {
                        continue;
                    }
                    for &c in rules.record_cells(rec) {
                        reached.insert(c);
                    }
                }
            }
            for cell in on_board.iter() {
                let name = g.name(cell);
                let id = &kinds[k as usize].id;
                let at = written.span_of(cell);
                if forced.contains(cell) && !home.contains(cell) {
                    return Err(refuse(
                        at,
                        format!(
                            "{}'s `{id}` on {name} stands where its promotion is forced: the move there would have promoted it",
                            color.name()
                        ),
                        "promote it, or place it outside its promotion zone",
                    ));
                }
                if !reached.contains(cell) && !promoted_into {
                    return Err(refuse(
                        at,
                        format!(
                            "{}'s `{id}` on {name} could never have arrived there: none of its moves reaches {name} and the setup has none there",
                            color.name()
                        ),
                        "a piece stands on a cell of its setup or one its moves reach",
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A kind whose cells are certain from its moves: pawn-like (every move goes forward), no
/// hook, no extra moves, and not moved by another piece's castling.
fn certain_mover(rules: &Rules, kind: KindId) -> bool {
    let k = &rules.kinds()[kind as usize];
    let partner = rules
        .kinds()
        .iter()
        .any(|other| other.castles_with.iter().any(|p| p.contains(&kind)));
    k.hook.is_none()
        && k.extra_moves.is_empty()
        && k.adjacent_betza.is_empty()
        && !partner
        && rules.is_pawn_like(kind)
}

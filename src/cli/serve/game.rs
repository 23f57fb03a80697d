//! A game as the page sends it (a start position and the moves played) turned into a
//! [`Position`], and the legal moves of a piece described for the page: where they go and
//! what kind of move each is (move, capture, hop, charge, hook, promotion, castling, en
//! passant).

use fairyrules::rules::{flag, RecordShape};
use fairyrules::{legal_moves, move_to_string, to_fen};
use fairyrules::{Cell, CellSet, Color, Move, MoveKind, Piece, Position, Rules};
use serde::Serialize;

use super::api::ApiError;

/// The position after `moves` from `fen` (default: the variant's start position).
pub fn build(rules: &Rules, fen: Option<&str>, moves: &[String]) -> Result<Position, ApiError> {
    let mut pos = match fen {
        Some(text) if !text.trim().is_empty() => fairyrules::parse_position(rules, text.trim())
            .map_err(|e| ApiError::bad_request(format!("position string: {e}")))?,
        _ => Position::start(rules),
    };
    for (i, text) in moves.iter().enumerate() {
        pos.play(rules, text).map_err(|e| {
            ApiError::bad_request(format!(
                "move {} (`{text}`): {e}; position: {}",
                i + 1,
                to_fen(rules, &pos)
            ))
        })?;
    }
    Ok(pos)
}

/// A piece kind as the page names it.
#[derive(Serialize, Clone)]
pub struct KindInfo {
    /// The kind's id in the file (`knight`).
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Its upper-case letter.
    pub letter: String,
}

impl KindInfo {
    /// The kind of `piece`.
    pub fn of(rules: &Rules, piece: Piece) -> KindInfo {
        let kind = rules.kind(piece.kind());
        KindInfo {
            id: kind.id.clone(),
            name: kind.name.clone(),
            letter: kind.letter.to_string(),
        }
    }
}

/// One legal move, described.
#[derive(Serialize)]
pub struct MoveInfo {
    /// The move in the notation (`e2e4`, `e7e8q`).
    pub text: String,
    /// Origin cell name.
    pub from: String,
    /// Destination cell name.
    pub to: String,
    /// What it is: first `move` or `capture`, then any of `hop` (over a screen: `p`/`g`
    /// moves), `charge` (a sweep that captures along its line), `hook` (lent by the piece's
    /// hook, e.g. borrowed), `promotion`, `castle`, `en-passant`, `drop` (from the hand),
    /// `gate` (brings a piece from the hand).
    pub kinds: Vec<&'static str>,
    /// The kind the piece becomes, for a promotion or a charge.
    pub becomes: Option<KindInfo>,
    /// For a drop: the id of the kind held in hand (the face that enters is in `becomes` when
    /// it is another kind).
    pub drop: Option<String>,
    /// For a move that gates: the kind put from the hand on the cell it leaves.
    pub gate: Option<KindInfo>,
}

/// Where a piece's own move records (hooks aside) take it on this board: `plain[i]` for
/// leaps and slides, `hop[i]` for cannon and grasshopper moves.
struct OwnReach {
    plain: CellSet,
    hop: CellSet,
}

/// Walk the piece's own compiled records on this board, as generation does.
fn own_reach(rules: &Rules, pos: &Position, piece: Piece, from: Cell) -> OwnReach {
    let mut reach = OwnReach {
        plain: CellSet::EMPTY,
        hop: CellSet::EMPTY,
    };
    let allowed = |flags: u8, cell: Cell| -> bool {
        match pos.piece_at(cell) {
            None => flags & flag::MOVE != 0,
            Some(p) if p.color() != piece.color() => flags & flag::CAPTURE != 0,
            Some(_) => flags & flag::DESTROY != 0,
        }
    };
    for rec in rules.records_in(pos.board(), piece, from) {
        let cells = rules.record_cells(rec);
        match rec.shape {
            RecordShape::Leap => {
                let open = rec.is_unconditional()
                    || rules.record_paths(rec).iter().any(|path| {
                        rules
                            .path_cells(path)
                            .iter()
                            .all(|c| pos.is_occupied(c.cell) == c.occupied)
                    });
                if open && allowed(rec.flags, cells[0]) {
                    reach.plain.insert(cells[0]);
                }
            }
            RecordShape::Slide => {
                for &to in cells {
                    if allowed(rec.flags, to) {
                        reach.plain.insert(to);
                    }
                    if pos.is_occupied(to) {
                        break;
                    }
                }
            }
            RecordShape::Hop => {
                let mut screen = false;
                for &to in cells {
                    if !screen {
                        screen = pos.is_occupied(to);
                        continue;
                    }
                    if allowed(rec.flags, to) {
                        reach.hop.insert(to);
                    }
                    if pos.is_occupied(to) {
                        break;
                    }
                }
            }
            RecordShape::Grasshop => {
                if let Some(i) = cells.iter().position(|&c| pos.is_occupied(c)) {
                    if let Some(&to) = cells.get(i + 1) {
                        if allowed(rec.flags, to) {
                            reach.hop.insert(to);
                        }
                    }
                }
            }
            RecordShape::Castle => {}
        }
    }
    reach
}

/// Whether a legal move captures (as `render` marks captures).
fn captures(rules: &Rules, pos: &Position, mv: &Move) -> bool {
    match mv.kind {
        MoveKind::EnPassant { .. } => true,
        MoveKind::Castle { .. }
        | MoveKind::DoubleStep { .. }
        | MoveKind::Pass
        | MoveKind::Drop { .. } => false,
        MoveKind::Normal => pos.piece_at(mv.to).is_some(),
        MoveKind::Sweep { first } => rules
            .geometry()
            .line_after(mv.from, first, mv.to)
            .any(|c| pos.piece_at(c).is_some()),
    }
}

/// Describe the legal moves `legal` of the position (all of them, or some piece's).
pub fn describe(rules: &Rules, pos: &Position, legal: &[Move], which: &[Move]) -> Vec<MoveInfo> {
    let g = rules.geometry();
    let mut reach: Vec<(Cell, OwnReach)> = Vec::new();
    which
        .iter()
        .map(|mv| {
            let piece = pos
                .mover(mv)
                .expect("a legal move starts at a piece or drops one");
            let own = match reach.iter().position(|r| r.0 == mv.from) {
                Some(i) => &reach[i].1,
                None => {
                    reach.push((mv.from, own_reach(rules, pos, piece, mv.from)));
                    &reach.last().expect("just pushed").1
                }
            };
            let mut kinds = vec![if captures(rules, pos, mv) {
                "capture"
            } else {
                "move"
            }];
            let mut becomes = None;
            match mv.kind {
                MoveKind::Sweep { .. } => kinds.push("charge"),
                MoveKind::Castle { .. } => kinds.push("castle"),
                MoveKind::EnPassant { .. } => kinds.push("en-passant"),
                MoveKind::Pass => kinds.push("pass"),
                MoveKind::Drop { .. } => kinds.push("drop"),
                MoveKind::Normal | MoveKind::DoubleStep { .. } => {
                    if !own.plain.contains(mv.to) {
                        if own.hop.contains(mv.to) {
                            kinds.push("hop");
                        } else if rules.kind(piece.kind()).hook.is_some() {
                            kinds.push("hook");
                        }
                    }
                }
            }
            if let Some(k) = mv.promotion {
                if !mv.is_sweep() {
                    kinds.push("promotion");
                }
                becomes = Some(KindInfo::of(rules, Piece::new(k, piece.color())));
            }
            let gate = mv
                .gate()
                .map(|gate| KindInfo::of(rules, Piece::new(gate.kind, piece.color())));
            if gate.is_some() {
                kinds.push("gate");
            }
            // A drop is listed under the kind held in hand; a drop of another face of it
            // (Kyoto Shogi) says which face enters.
            let held = mv.dropped().map(|k| rules.kind(k).in_hand_as);
            if let (Some(k), Some(h)) = (mv.dropped(), held) {
                if k != h {
                    becomes = Some(KindInfo::of(rules, Piece::new(k, piece.color())));
                }
            }
            MoveInfo {
                text: move_to_string(rules, legal, mv),
                from: g.name(mv.from).to_string(),
                to: g.name(mv.to).to_string(),
                kinds,
                becomes,
                drop: held.map(|h| rules.kind(h).id.clone()),
                gate,
            }
        })
        .collect()
}

/// The legal moves of the piece on `cell`, described; a piece of the side not to move is
/// asked as if it were its turn (as `render --highlight` does). Also says whether it is
/// that piece's turn.
pub fn piece_moves(
    rules: &Rules,
    pos: &Position,
    cell: Cell,
) -> Result<(Piece, bool, Vec<MoveInfo>), ApiError> {
    let piece = pos.piece_at(cell).ok_or_else(|| {
        ApiError::bad_request(format!(
            "no piece stands on {}",
            rules.geometry().name(cell)
        ))
    })?;
    let mut p = pos.clone();
    let to_move = piece.color() == p.side_to_move();
    if !to_move {
        p.set_en_passant(rules, CellSet::EMPTY, None);
        p.set_side_to_move(rules, piece.color());
    }
    let legal = legal_moves(rules, &mut p);
    let mine: Vec<Move> = legal.iter().copied().filter(|m| m.from == cell).collect();
    Ok((piece, to_move, describe(rules, &p, &legal, &mine)))
}

/// `white` or `black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

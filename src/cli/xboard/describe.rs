//! What XBoard is told about a variant and a game: which variants it can show, the `setup`
//! and `piece` lines that describe a board and its pieces, moves in its notation and the
//! result lines.

use std::sync::Arc;

use fairyrules::geometry::Shape;
use fairyrules::{legal_moves, Position, Rules};
use fairyrules::{Color, DrawReason, KindId, Move, Outcome, WinReason};

use super::ranks::{fen_to_xboard, move_to_xboard_text};

/// A variant offered over the protocol.
#[derive(Clone)]
pub struct Variant {
    /// Name used in `variant` commands.
    pub name: String,
    /// The compiled rules.
    pub rules: Arc<Rules>,
    /// Why XBoard cannot play it, if it cannot.
    pub refused: Option<String>,
}

impl Variant {
    /// Wrap compiled rules under a name.
    pub fn new(name: &str, rules: Arc<Rules>) -> Variant {
        let refused = match rules.geometry().shape {
            Shape::Hex { .. } => Some(format!(
                "XBoard has no hexagonal boards, and {} is played on a {}-cell hexagonal board",
                name,
                rules.geometry().cell_count()
            )),
            Shape::Square { .. } => piece_to_char(&rules).err(),
        };
        Variant {
            name: name.to_string(),
            rules,
            refused,
        }
    }
}

/// XBoard's piece slots, in its internal order; the last is the King's.
const SLOTS: &[u8; 22] = b"PNBRQFEACWMOHIJGDVLSUK";

/// XBoard's PIECETOCHAR table: each kind's letter in the slot of the same letter when free
/// (a royal kind in the King's slot), otherwise in a free slot; White's half, then Black's.
pub fn piece_to_char(rules: &Rules) -> Result<String, String> {
    let mut table = [b'.'; 22];
    let king = SLOTS.len() - 1;
    let mut rest = Vec::new();
    for (i, kind) in rules.kinds().iter().enumerate() {
        if kind.royal_for_some_side() && table[king] == b'.' {
            table[king] = kind.letter as u8;
        } else {
            rest.push(i);
        }
    }
    let mut unplaced = Vec::new();
    for &i in &rest {
        let letter = rules.kinds()[i].letter as u8;
        match SLOTS[..king].iter().position(|&s| s == letter) {
            Some(p) if table[p] == b'.' => table[p] = letter,
            _ => unplaced.push(letter),
        }
    }
    for letter in unplaced {
        let Some(p) = (0..king).find(|&p| table[p] == b'.') else {
            return Err(format!(
                "{} has more piece kinds than XBoard has piece images",
                rules.name()
            ));
        };
        table[p] = letter;
    }
    let white: String = table.iter().map(|&b| b as char).collect();
    Ok(format!("{white}{}", white.to_ascii_lowercase()))
}

/// The Betza description XBoard gets for a kind: the file's, unless its hook says otherwise.
fn xboard_betza(rules: &Rules, kind: usize) -> String {
    let k = &rules.kinds()[kind];
    k.hook
        .as_ref()
        .and_then(|h| h.protocol_betza(rules, kind as KindId))
        .unwrap_or_else(|| k.betza[0].concat())
}

/// The `setup` line and one `piece` line per kind (with a `#` comment before a hooked kind),
/// or nothing for a board XBoard cannot show.
pub fn variant_lines(rules: &Rules) -> Vec<String> {
    let Shape::Square { files, ranks } = rules.geometry().shape else {
        return Vec::new();
    };
    let Ok(table) = piece_to_char(rules) else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "setup ({table}) {files}x{ranks}+0_fairy {}",
        fen_to_xboard(rules, rules.start_fen())
    )];
    for (i, kind) in rules.kinds().iter().enumerate() {
        if kind.hook.is_some() {
            lines.push(format!(
                "# {} ({}) moves by a hook; XBoard gets the moves it may borrow",
                kind.name, kind.letter
            ));
        }
        lines.push(format!("piece {}& {}", kind.letter, xboard_betza(rules, i)));
    }
    lines
}

/// A move as XBoard writes it: from, to, and the promotion letter if any.
pub fn move_to_xboard(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry();
    let mut s = move_to_xboard_text(rules, &format!("{}{}", g.name(mv.from), g.name(mv.to)));
    if let Some(k) = mv.promotion {
        s.push(rules.kinds()[k as usize].letter.to_ascii_lowercase());
    }
    s
}

/// A line of moves from `root` in XBoard's notation, cut at a move that is not legal.
pub fn line_to_xboard(rules: &Rules, root: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for mv in line {
        let legal = legal_moves(rules, &mut pos);
        if !legal.contains(mv) {
            break;
        }
        out.push(move_to_xboard(rules, mv));
        pos.make(rules, *mv);
    }
    out
}

/// The result line XBoard expects for a finished game.
pub fn result_line(result: &Outcome) -> Option<String> {
    let text = match result {
        Outcome::Ongoing => return None,
        Outcome::Win { winner, reason } => {
            let (score, name) = match winner {
                Color::White => ("1-0", "White"),
                Color::Black => ("0-1", "Black"),
            };
            let why = match reason {
                WinReason::Checkmate => format!("{name} mates"),
                WinReason::Stalemate => format!("{name} wins by stalemate"),
                WinReason::Extinction => format!("{name} wins by extinction"),
                WinReason::Goal => format!("{name} wins by reaching its goal"),
                WinReason::BareKing => format!("{name} wins by the bare-king rule"),
                WinReason::NCheck => format!("{name} wins by checks"),
                WinReason::Explosion => format!("{name} wins by explosion"),
                WinReason::Points => format!("{name} wins on points"),
                WinReason::PerpetualCheck => format!("{name} wins: perpetual check"),
            };
            format!("{score} {{{why}}}")
        }
        Outcome::Draw { reason } => {
            let why = match reason {
                DrawReason::Stalemate => "Stalemate",
                DrawReason::NMoveRule => "Draw by the n-move rule",
                DrawReason::Repetition => "Draw by repetition",
                DrawReason::Extinction => "Draw by extinction",
                DrawReason::BareKing => "Draw: bare kings",
                DrawReason::Goal => "Draw: both goals reached",
                DrawReason::Passes => "Draw: both sides passed",
            };
            format!("1/2-1/2 {{{why}}}")
        }
    };
    Some(text)
}

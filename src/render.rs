//! Text output: a drawing of a position with coordinates, and a one-line variant summary.

use crate::fen::{hands_text, to_fen};
use crate::movegen::{in_check, legal_moves};
use crate::position::Position;
use crate::rules::Rules;
use crate::types::Color;

/// Draw a position with coordinates, followed by its position string and state.
pub fn render_text(rules: &Rules, pos: &mut Position) -> String {
    let g = &rules.geometry;
    let mut out = String::new();
    if g.is_hex() {
        out.push_str(&render_hex(rules, pos));
    } else {
        let rows = g.rows();
        let width = rows.first().map(|r| r.len()).unwrap_or(0);
        // Promoted kinds are written with their mark (`+P`, `Q~`): two columns a cell.
        let wide = rules.kinds.iter().any(|k| k.mark.is_some());
        let cell_width = if wide { 2 } else { 1 };
        for (i, row) in rows.iter().enumerate() {
            let rank = rows.len() - i;
            out.push_str(&format!("{rank:>3} "));
            for &cell in row {
                let text = match cell.map(|c| pos.piece_at(c)) {
                    None => " ".to_string(),
                    Some(Some(p)) => rules.kinds[p.kind() as usize].symbol(p.color()),
                    Some(None) => ".".to_string(),
                };
                out.push_str(&format!(" {text:>cell_width$}"));
            }
            out.push('\n');
        }
        out.push_str("    ");
        for x in 0..width {
            let file = (b'a' + x as u8) as char;
            out.push_str(&format!(" {file:>cell_width$}"));
        }
        out.push('\n');
    }
    if rules.has_hands() {
        out.push_str(&format!("\nin hand: {}\n", hands_text(rules, pos)));
    }
    out.push_str(&format!("\nfen: {}\n", to_fen(rules, pos)));
    let side = if pos.side_to_move() == Color::White {
        "White"
    } else {
        "Black"
    };
    let check = if in_check(rules, pos) {
        ", in check"
    } else {
        ""
    };
    let n = legal_moves(rules, pos).len();
    out.push_str(&format!("{side} to move{check}, {n} legal moves\n"));
    let result = crate::outcome::outcome(rules, pos);
    out.push_str(&format!("result: {}\n", describe_outcome(&result)));
    if let Some(reason) = crate::outcome::claimable_draw(rules, pos) {
        let why = describe_outcome(&crate::outcome::Outcome::Draw { reason });
        let why = why.trim_start_matches("1/2-1/2 (").trim_end_matches(')');
        out.push_str(&format!("{side} may claim a draw ({why})\n"));
    }
    out.push_str(&format!(
        "rules: {}\n",
        crate::explain::game_rules(rules).join("; ")
    ));
    out
}

/// A hex board drawn with each file as a column and cells staggered by half a row.
fn render_hex(rules: &Rules, pos: &Position) -> String {
    let g = &rules.geometry;
    // Height in half-cells: y = 2r + q.
    let cells: Vec<_> = g.cells().collect();
    let ys: Vec<i32> = cells
        .iter()
        .map(|&c| {
            let (q, r) = g.coords(c);
            2 * r + q
        })
        .collect();
    let (ymin, ymax) = (
        *ys.iter().min().unwrap_or(&0),
        *ys.iter().max().unwrap_or(&0),
    );
    let qs: Vec<i32> = cells.iter().map(|&c| g.coords(c).0).collect();
    let (qmin, qmax) = (
        *qs.iter().min().unwrap_or(&0),
        *qs.iter().max().unwrap_or(&0),
    );
    let width = ((qmax - qmin + 1) * 4) as usize;
    let mut out = String::new();
    for y in (ymin..=ymax).rev() {
        let mut line = vec![b' '; width + 2];
        for (i, &c) in cells.iter().enumerate() {
            if ys[i] != y {
                continue;
            }
            let x = ((qs[i] - qmin) * 4) as usize;
            let ch = match pos.piece_at(c) {
                Some(p) => rules.piece_char(p),
                None => '.',
            };
            line[x + 1] = ch as u8;
        }
        out.push_str(String::from_utf8_lossy(&line).trim_end());
        out.push('\n');
    }
    let mut labels = vec![b' '; width + 2];
    for q in qmin..=qmax {
        let x = ((q - qmin) * 4) as usize;
        let file = g
            .cells()
            .find(|&c| g.coords(c).0 == q)
            .map(|c| g.name(c).as_bytes()[0])
            .unwrap_or(b'?');
        labels[x + 1] = file;
    }
    out.push_str(String::from_utf8_lossy(&labels).trim_end());
    out.push('\n');
    out
}

/// A result in words: `1-0 (White wins by checkmate)`, `1/2-1/2 (draw by stalemate)`, or
/// `* (game in progress)`.
pub fn describe_outcome(outcome: &crate::outcome::Outcome) -> String {
    use crate::outcome::{DrawReason, Outcome, WinReason};
    match outcome {
        Outcome::Ongoing => "* (game in progress)".to_string(),
        Outcome::Win { winner, reason } => {
            let (score, name) = match winner {
                Color::White => ("1-0", "White"),
                Color::Black => ("0-1", "Black"),
            };
            let why = match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::Stalemate => "stalemate",
                WinReason::Extinction => "extinction",
                WinReason::Goal => "reaching its goal",
                WinReason::BareKing => "the bare-king rule",
                WinReason::NCheck => "giving the last of the checks that win",
                WinReason::Explosion => "exploding the royal pieces",
                WinReason::Points => "points, both sides having passed",
                WinReason::PerpetualCheck => "the loser's perpetual check",
            };
            format!("{score} ({name} wins by {why})")
        }
        Outcome::Draw { reason } => {
            let why = match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::NMoveRule => "the n-move rule",
                DrawReason::Repetition => "repetition",
                DrawReason::Extinction => "extinction",
                DrawReason::BareKing => "bare kings",
                DrawReason::Goal => "both sides reaching their goals",
                DrawReason::Passes => "both sides passing",
            };
            format!("1/2-1/2 (draw by {why})")
        }
    }
}

/// One line describing a valid variant.
pub fn summary(rules: &Rules, file: &std::path::Path) -> String {
    let g = &rules.geometry;
    let board = match g.shape {
        crate::geometry::Shape::Square { files, ranks } => format!("{files}x{ranks} board"),
        crate::geometry::Shape::Hex { side } => {
            format!("hexagonal board of side {side} ({} cells)", g.cell_count())
        }
    };
    format!(
        "{}: ok — {} ({}, {} piece kinds)",
        file.display(),
        rules.name,
        board,
        rules.kinds.len()
    )
}

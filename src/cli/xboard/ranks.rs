//! XBoard numbers the ranks of a 10-rank board from 0 (`a0`–`j9`); the project from 1. Moves
//! and position strings are translated both ways, and the engine's messages about them are
//! written in XBoard's numbering, so that a message never mixes the two.

use fairyrules::geometry::Shape;
use fairyrules::Rules;

/// Whether XBoard numbers this board's ranks from 0.
pub fn zero_based(rules: &Rules) -> bool {
    matches!(rules.geometry().shape, Shape::Square { ranks: 10, .. })
}

/// Add `delta` to every rank number in `text` (a lower-case letter followed by digits). A
/// number that cannot be shifted (too long, or below 0) is left as it is: such a cell does
/// not exist on either side, and whatever reads it refuses it.
fn shift(text: &str, delta: i64) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i + 1;
        let mut end = start;
        if c.is_ascii_lowercase() {
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
        }
        if end == start {
            // Not a cell: copy one character (text may hold any UTF-8).
            let ch = text[i..].chars().next().unwrap_or('?');
            out.push(ch);
            i += ch.len_utf8();
            continue;
        }
        out.push(c as char);
        let digits = &text[start..end];
        let shifted = (digits.len() <= 6)
            .then(|| digits.parse::<i64>().ok())
            .flatten()
            .map(|n| n + delta)
            .filter(|n| *n >= 0);
        match shifted {
            Some(n) => out.push_str(&n.to_string()),
            None => out.push_str(digits),
        }
        i = end;
    }
    out
}

/// Translations made while reading XBoard's text: each of the project's texts with the
/// XBoard text it came from, to write messages back in XBoard's numbering.
#[derive(Debug, Default, Clone)]
pub struct Translated {
    pairs: Vec<(String, String)>,
}

impl Translated {
    fn note(&mut self, ours: &str, theirs: &str) {
        if ours != theirs {
            self.pairs.push((ours.to_string(), theirs.to_string()));
        }
    }

    /// Record a word and every cell name in it.
    fn note_word(&mut self, ours: &str, theirs: &str) {
        self.note(ours, theirs);
        let cells = |s: &str| -> Vec<String> {
            let mut out: Vec<String> = Vec::new();
            for ch in s.chars() {
                match out.last_mut() {
                    Some(last) if ch.is_ascii_digit() => last.push(ch),
                    _ if ch.is_ascii_lowercase() => out.push(ch.to_string()),
                    _ => out.push(String::new()),
                }
            }
            out
        };
        for (o, t) in cells(ours).iter().zip(cells(theirs).iter()) {
            if o.len() > 1 {
                self.note(o, t);
            }
        }
    }

    /// A message about translated text, in XBoard's numbering: every `quoted` text that is
    /// one of ours is replaced by XBoard's (other quoted text, such as a position row, is
    /// left alone).
    pub fn restore(&self, message: &str) -> String {
        let parts: Vec<&str> = message.split('`').collect();
        let mut out = String::with_capacity(message.len());
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                out.push('`');
            }
            let quoted = i % 2 == 1 && i + 1 < parts.len();
            match self.pairs.iter().find(|(o, _)| quoted && o == part) {
                Some((_, theirs)) => out.push_str(theirs),
                None => out.push_str(part),
            }
        }
        out
    }
}

/// A move or cell from XBoard, in the project's numbering.
pub fn move_from_xboard(rules: &Rules, text: &str) -> (String, Translated) {
    let mut t = Translated::default();
    if !zero_based(rules) {
        return (text.to_string(), t);
    }
    let ours = shift(text, 1);
    t.note_word(&ours, text);
    (ours, t)
}

/// A move or cell of the project, in XBoard's numbering.
pub fn move_to_xboard_text(rules: &Rules, text: &str) -> String {
    if zero_based(rules) {
        shift(text, -1)
    } else {
        text.to_string()
    }
}

/// Translate the cell fields of a position string (en passant, and the `unmoved:` list)
/// by `delta`; placement rows and counters are left alone.
fn shift_fen(fen: &str, delta: i64, t: &mut Translated) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let out: Vec<String> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let shifted = if i == 3 && *f != "-" {
                shift(f, delta)
            } else if let Some(list) = f.strip_prefix("unmoved:") {
                format!("unmoved:{}", shift(list, delta))
            } else {
                return f.to_string();
            };
            if delta > 0 {
                t.note_word(&shifted, f);
            }
            shifted
        })
        .collect();
    out.join(" ")
}

/// A position string from XBoard, in the project's numbering.
pub fn fen_from_xboard(rules: &Rules, fen: &str) -> (String, Translated) {
    let mut t = Translated::default();
    if !zero_based(rules) {
        return (fen.to_string(), t);
    }
    let ours = shift_fen(fen, 1, &mut t);
    (ours, t)
}

/// A position string of the project, in XBoard's numbering.
pub fn fen_to_xboard(rules: &Rules, fen: &str) -> String {
    if !zero_based(rules) {
        return fen.to_string();
    }
    shift_fen(fen, -1, &mut Translated::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen_from_xboard_fields(fen: &str) -> (String, Translated) {
        let mut t = Translated::default();
        let ours = shift_fen(fen, 1, &mut t);
        (ours, t)
    }

    #[test]
    fn ranks_shift_without_overflow() {
        assert_eq!(shift("a10b9", -1), "a9b8");
        assert_eq!(shift("e0e2q", 1), "e1e3q");
        assert_eq!(shift("a2147483647a1", 1), "a2147483647a2");
        assert_eq!(
            shift("a99999999999999999999999a0", 1),
            "a99999999999999999999999a1"
        );
        assert_eq!(shift("a0", -1), "a0");
        assert_eq!(shift("é1x", 1), "é1x");
    }

    #[test]
    fn messages_come_back_in_xboards_numbering() {
        let mut t = Translated::default();
        t.note_word("e3e5", "e2e4");
        assert_eq!(
            t.restore("illegal move: `e3e5` is not legal here"),
            "illegal move: `e2e4` is not legal here"
        );
        assert_eq!(
            t.restore("`e3e5x` has no destination cell after `e3`"),
            "`e3e5x` has no destination cell after `e2`"
        );
        // A quoted position row is not one of the translated cells.
        assert_eq!(t.restore("the row `p9` is bad"), "the row `p9` is bad");
        let (ours, t) = fen_from_xboard_fields("8 w - e2 0 1 unmoved:a0,j9");
        assert_eq!(ours, "8 w - e3 0 1 unmoved:a1,j10");
        assert_eq!(t.restore("`j10` is not a cell"), "`j9` is not a cell");
    }
}

//! `fairyrules explain FILE PIECE`: the piece alone on a central cell, every target marked
//! (`*` move or capture, `m` move only, `c` capture only, `i` initial only, `h` hook, `+`
//! extra while next to a friendly adjacency piece), its rules in words, and `-o` SVG.

use std::collections::BTreeSet;

use crate::common::{run, set, variant_arg};

/// Run `fairyrules explain FILE PIECE`, which must succeed; returns stdout.
fn explain(file: &str, piece: &str) -> String {
    let out = run(&["explain", &variant_arg(file), piece]);
    assert!(
        out.status.success(),
        "explain failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The text of diagram `n` (1-based): from its title line to the next diagram.
fn diagram(text: &str, n: usize) -> String {
    let start = text
        .find(&format!("\n{n}. "))
        .unwrap_or_else(|| panic!("diagram {n} in:\n{text}"));
    let rest = &text[start + 1..];
    let end = rest.find(&format!("\n{}. ", n + 1)).unwrap_or(rest.len());
    rest[..end].to_string()
}

/// The cells a diagram lists for a mark (`   m  move only (35): a1 e1 ...`), without the
/// parenthesised details of `+` lines.
fn listed(diagram: &str, mark: char) -> BTreeSet<String> {
    let prefix = format!("   {mark}  ");
    diagram
        .lines()
        .find(|l| l.starts_with(&prefix))
        .map(|l| {
            l.split_once("): ")
                .unwrap()
                .1
                .split_whitespace()
                .filter(|w| !w.starts_with('('))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The rows of cells of a diagram's board drawing (file letters left out): the lines after
/// the blank line that ends the notes, up to the next blank line.
fn board_lines(diagram: &str) -> Vec<String> {
    let mut parts = diagram.split("\n\n");
    parts.next(); // title and notes
    let mut lines: Vec<String> = parts
        .next()
        .expect("a board drawing")
        .lines()
        .map(str::to_string)
        .collect();
    // Square boards: rank numbers start the rows, the file letters are the last line.
    // Hexagonal boards: the file letters follow after a blank line.
    let square = lines[0]
        .trim_start()
        .starts_with(|c: char| c.is_ascii_digit());
    if square {
        lines.pop();
    }
    lines
}

/// How often `ch` occurs in the lines.
fn count_char(lines: &[String], ch: char) -> usize {
    lines.iter().map(|l| l.matches(ch).count()).sum()
}

#[test]
fn hectochess_leo_moves_along_queen_lines_and_captures_nothing_alone() {
    let text = explain("hectochess.toml", "leo");
    assert!(text.contains("Leo — id `leo`, letter L"));
    assert!(text.contains("betza: `mQcpQ`"));
    assert!(text.contains("value: 4"));
    let d = diagram(&text, 1);
    assert!(d.contains("alone on e5"));
    // Queen lines from e5 on 10x10: 18 rook cells + 17 bishop cells, all move-only.
    let moves = listed(&d, 'm');
    assert_eq!(moves.len(), 35);
    let (fx, fy) = (4i32, 4i32);
    let mut expected = BTreeSet::new();
    for x in 0..10i32 {
        for y in 0..10i32 {
            let (dx, dy) = (x - fx, y - fy);
            if (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
                expected.insert(format!("{}{}", (b'a' + x as u8) as char, y + 1));
            }
        }
    }
    assert_eq!(moves, expected);
    // No capture target of any kind on an empty board (the cannon needs a screen).
    for mark in ['*', 'c', 'i', 'h', '+'] {
        assert!(listed(&d, mark).is_empty(), "no {mark} targets");
    }
    let board = board_lines(&d);
    assert_eq!(count_char(&board, 'm'), 35);
    assert_eq!(count_char(&board, 'c'), 0);
    assert_eq!(count_char(&board, '*'), 0);
    assert!(d.contains("need a piece to jump over"));
    // Only one diagram: no hook, no adjacency moves.
    assert!(!text.contains("\n2. "));
}

#[test]
fn chess_pawn_double_step_is_initial_only() {
    let text = explain("chess.toml", "P");
    let d = diagram(&text, 1);
    assert!(d.contains("alone on d4"));
    assert_eq!(listed(&d, 'm'), set(&["d5"]));
    assert_eq!(listed(&d, 'c'), set(&["c5", "e5"]));
    assert_eq!(listed(&d, 'i'), set(&["d6"]));
    assert!(listed(&d, '*').is_empty());
    let board = board_lines(&d);
    let rank6 = board
        .iter()
        .find(|l| l.trim_start().starts_with("6 "))
        .unwrap();
    assert_eq!(rank6.trim(), "6  . . . i . . . .");
    assert!(text.contains("initial moves: only while it has never moved"));
    assert!(text.contains(
        "promotion: on reaching the last rank it must promote to Queen, Rook, Bishop or Knight"
    ));
    assert!(text.contains("en passant"));
    // By id too; the King says it is royal and castles.
    let king = explain("chess.toml", "king");
    assert!(king.contains("royal: yes"));
    assert!(king.contains("castles with: Rook"));
    assert_eq!(listed(&diagram(&king, 1), '*').len(), 8);
}

#[test]
fn heroes_knight_gains_six_diagonal_leaps_next_to_its_king() {
    let text = explain("heroes-hexagonal.toml", "N");
    assert!(text.contains("betza: `nDnH`"));
    assert!(text.contains("next to a friendly Hero or King: extra moves `F`"));
    let alone = diagram(&text, 1);
    assert!(alone.contains("alone on f6"));
    // nD and nH: two and three steps along the six orthogonal lines.
    assert_eq!(
        listed(&alone, '*'),
        set(&["c3", "c6", "d4", "d6", "f3", "f4", "f8", "f9", "h4", "h6", "i3", "i6"])
    );
    assert!(listed(&alone, '+').is_empty());
    let adjacent = diagram(&text, 2);
    assert!(adjacent.contains("next to a friendly King"));
    assert!(adjacent.contains("King on f5"));
    // The six F leaps from f6 are the extra targets.
    assert_eq!(
        listed(&adjacent, '+'),
        set(&["d5", "e4", "e7", "g4", "g7", "h5"])
    );
    let board = board_lines(&adjacent);
    assert_eq!(count_char(&board, '+'), 6);
    assert_eq!(count_char(&board, 'K'), 1);
    assert_eq!(count_char(&board, 'N'), 1);
    // The King behind it blocks the lame backward leaps.
    assert!(!listed(&adjacent, '*').contains("f4"));
    assert!(!listed(&adjacent, '*').contains("f3"));
}

#[test]
fn hooks_are_explained() {
    // elephant-charge: the charge lands 4 cells out with enemies placed; 5 next to the King.
    let text = explain("heroes-hexagonal.toml", "elephant");
    assert!(text.contains("hook `elephant-charge`: charges 4 cells"));
    assert!(text.contains("becomes a Guard"));
    let charge = diagram(&text, 2);
    assert_eq!(
        listed(&charge, 'h'),
        set(&["b2", "b6", "f2", "f10", "k2", "k6"])
    );
    assert_eq!(count_char(&board_lines(&charge), 'x'), 6);
    let adjacent = diagram(&text, 3);
    assert_eq!(
        listed(&adjacent, '+'),
        set(&["a1", "a6", "f11", "l1", "l6"])
    );
    // borrow-moves: said in words.
    let hero = explain("hero-chess.toml", "H");
    assert!(hero.contains("its moves depend on the other pieces"));
    assert!(hero.contains("no targets on an empty board"));
}

#[test]
fn unknown_piece_is_an_error_listing_the_pieces() {
    let out = run(&["explain", &variant_arg("chess.toml"), "dragon"]);
    assert!(!out.status.success());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no piece `dragon`"), "{err}");
    for p in [
        "king (K)",
        "queen (Q)",
        "rook (R)",
        "bishop (B)",
        "knight (N)",
        "pawn (P)",
    ] {
        assert!(err.contains(p), "lists {p}: {err}");
    }
    assert!(out.stdout.is_empty());
}

#[test]
fn writes_the_diagrams_as_svg() {
    let dir = std::env::temp_dir().join(format!("fairyrules-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("knight.svg");
    let out = run(&[
        "explain",
        &variant_arg("heroes-hexagonal.toml"),
        "knight",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("2. Knight next to a friendly King"));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    // Two boards of 91 cells; 12 + (10 + 6) marks; the Knight twice and the King once.
    assert_eq!(svg.matches("class=\"cell\"").count(), 182);
    assert_eq!(svg.matches("class=\"mark\"").count(), 28);
    assert_eq!(svg.matches("data-mark=\"+\"").count(), 6);
    assert_eq!(svg.matches("class=\"piece\"").count(), 3);
    assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
    std::fs::remove_dir_all(&dir).ok();
}

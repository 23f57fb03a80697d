//! Gliński's hexagonal chess and Betza on hex, clause by clause from
//! `shared/spec/hex-board.md`: perft from the start position, the target cells of every piece
//! on an empty board, every hex direction letter on orthogonal and diagonal atoms (for White
//! and for Black), lame leaps, multi-leg moves, validation errors for atoms and directions
//! with no hex meaning, and the Gliński pawn (steps, captures, double steps from the start
//! cells, en passant, promotion, position strings).
//!
//! Every expected cell list below was derived by hand from the spec's axial coordinates
//! (`q = file index - 5`, `r = rank - 6 + max(0, -q)`, f6 = (0,0)), not from the crate.

use crate::common::{legal, load_variant, play};
use fairyrules::diagnostics::SourceFile;
use fairyrules::legal_moves;
use fairyrules::parse_move;
use fairyrules::perft;
use fairyrules::LoadError;
use fairyrules::{parse_fen, to_fen};
use fairyrules::{Color, Rules};
use fairyrules::{MoveKind, Position};

/// Gliński's start position as the spec prints it.
const START: &str = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

/// The empty hexagonal board (rows of 1 3 5 7 9 11 11 11 11 11 11 cells).
const EMPTY: &str = "1/3/5/7/9/11/11/11/11/11/11 w";

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// Gliński's chess as shipped.
fn glinski() -> Rules {
    load_variant("glinski.toml")
}

/// The TOML of a hexagonal test variant with these `(id, letter, betza)` pieces, no royal
/// piece (`checkmate = false`) and an empty start position.
fn hex_toml(pieces: &[(&str, char, &str)]) -> String {
    let mut text = String::from(
        "[variant]\nname = \"hex test\"\n\n[board]\nshape = \"hexagonal\"\nside = 6\n\n",
    );
    for (id, letter, betza) in pieces {
        text.push_str(&format!(
            "[pieces.{id}]\nletter = \"{letter}\"\nbetza = \"{betza}\"\n\n"
        ));
    }
    text.push_str(&format!(
        "[setup]\nfen = \"{EMPTY}\"\n\n[rules]\ncheckmate = false\n"
    ));
    text
}

/// Compile a hexagonal test variant (see [`hex_toml`]).
fn hex_variant(pieces: &[(&str, char, &str)]) -> Rules {
    let text = hex_toml(pieces);
    Rules::from_toml("hex-test.toml", &text).unwrap_or_else(|f| panic!("{}\n{text}", f.render()))
}

/// A test variant with the piece `X` (the Betza string under test) and a plain `O` piece used
/// as an obstacle.
fn one_piece(betza: &str) -> Rules {
    hex_variant(&[("x", 'X', betza), ("obstacle", 'O', "W")])
}

/// The placement field of a position with these pieces (letters: upper case White), built
/// from the board's rows.
fn placement(rules: &Rules, pieces: &[(&str, char)]) -> String {
    let g = &rules.geometry();
    for (name, _) in pieces {
        assert!(g.parse_cell(name).is_some(), "no cell {name}");
    }
    let mut rows = Vec::new();
    for row in g.rows() {
        let mut s = String::new();
        let mut empty = 0;
        for cell in row.iter().flatten() {
            match pieces.iter().find(|(n, _)| *n == g.name(*cell)) {
                Some((_, letter)) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(*letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        rows.push(s);
    }
    rows.join("/")
}

/// A position with these pieces and the side to move (`"w"` or `"b"`, plus any further
/// fields).
fn position(rules: &Rules, pieces: &[(&str, char)], rest: &str) -> Position {
    let text = format!("{} {rest}", placement(rules, pieces));
    parse_fen(rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Sort cell names file by file, then by rank number.
fn sorted<S: AsRef<str>>(cells: &[S]) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(|s| s.as_ref().to_string()).collect();
    v.sort_by_key(|n| {
        let (file, rank) = n.split_at(1);
        (file.to_string(), rank.parse::<u32>().unwrap_or(0))
    });
    v
}

/// The cells the piece on `from` can move to (sorted; a promotion with several choices
/// counts once).
fn targets(rules: &Rules, pos: &mut Position, from: &str) -> Vec<String> {
    let g = &rules.geometry();
    let from = g.parse_cell(from).expect("a cell");
    let out: Vec<String> = legal_moves(rules, pos)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| g.name(m.to).to_string())
        .collect();
    let mut out = sorted(&out);
    out.dedup();
    out
}

/// The targets of a lone `X` with this Betza string on `from` (White when `white`).
fn lone_targets(rules: &Rules, from: &str, white: bool) -> Vec<String> {
    let (letter, side) = if white { ('X', "w") } else { ('x', "b") };
    let mut pos = position(rules, &[(from, letter)], side);
    targets(rules, &mut pos, from)
}

/// The piece letter on a cell (upper case White), or `.`.
fn letter_at(rules: &Rules, pos: &Position, cell: &str) -> char {
    let c = rules.geometry().parse_cell(cell).expect("a cell");
    match pos.piece_at(c) {
        None => '.',
        Some(p) => {
            let l = rules.kinds()[p.kind() as usize].letter.to_ascii_uppercase();
            if p.color() == Color::White {
                l
            } else {
                l.to_ascii_lowercase()
            }
        }
    }
}

/// 1-based line:col of the first diagnostic of a failed compile.
fn first_error(failure: &LoadError) -> (usize, usize, String) {
    let d = failure.diagnostics.first().expect("a diagnostic");
    let source = SourceFile {
        name: "t".into(),
        text: failure.sources.main().text.clone(),
    };
    let (line, col) = source.line_col(d.span.start);
    (line, col, d.message.clone())
}

/// Compile a variant whose only piece has this Betza string; return the 1-based line:col of
/// the first error and the line:col where the Betza string's text starts.
fn betza_error(betza: &str) -> ((usize, usize), (usize, usize), String) {
    let text = hex_toml(&[("x", 'X', betza)]);
    let failure = match Rules::from_toml("hex-test.toml", &text) {
        Ok(_) => panic!("`{betza}` compiled on hex"),
        Err(f) => f,
    };
    let (line, col, message) = first_error(&failure);
    let start = text.find(&format!("betza = \"{betza}\"")).unwrap() + "betza = \"".len();
    let source = SourceFile {
        name: "t".into(),
        text: text.clone(),
    };
    (
        (line, col),
        source.line_col(start),
        format!("{message}\n{}", failure.render()),
    )
}

// ---------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------

#[test]
fn variant_file_start_is_the_spec_start() {
    let rules = glinski();
    let pos = parse_fen(&rules, START).unwrap();
    let from_file = parse_fen(&rules, rules.start_fen()).unwrap();
    assert_eq!(to_fen(&rules, &from_file), to_fen(&rules, &pos));
}

#[test]
fn start_position_cells_are_the_spec_cells() {
    let rules = glinski();
    let pos = parse_fen(&rules, START).unwrap();
    let white = [
        ("g1", 'K'),
        ("e1", 'Q'),
        ("c1", 'R'),
        ("i1", 'R'),
        ("d1", 'N'),
        ("h1", 'N'),
        ("f1", 'B'),
        ("f2", 'B'),
        ("f3", 'B'),
        ("b1", 'P'),
        ("c2", 'P'),
        ("d3", 'P'),
        ("e4", 'P'),
        ("f5", 'P'),
        ("g4", 'P'),
        ("h3", 'P'),
        ("i2", 'P'),
        ("k1", 'P'),
    ];
    let black = [
        ("g10", 'k'),
        ("e10", 'q'),
        ("c8", 'r'),
        ("i8", 'r'),
        ("d9", 'n'),
        ("h9", 'n'),
        ("f9", 'b'),
        ("f10", 'b'),
        ("f11", 'b'),
        ("b7", 'p'),
        ("c7", 'p'),
        ("d7", 'p'),
        ("e7", 'p'),
        ("f7", 'p'),
        ("g7", 'p'),
        ("h7", 'p'),
        ("i7", 'p'),
        ("k7", 'p'),
    ];
    for (cell, letter) in white.iter().chain(black.iter()) {
        assert_eq!(letter_at(&rules, &pos, cell), *letter, "{cell}");
    }
    let occupied = rules
        .geometry()
        .cells()
        .filter(|&c| pos.piece_at(c).is_some())
        .count();
    assert_eq!(occupied, 36);
}

// ---------------------------------------------------------------------------------------
// Pieces on an empty board
// ---------------------------------------------------------------------------------------

/// A hexagonal test variant with the five orthodox pieces (no Pawn).
fn orthodox() -> Rules {
    hex_variant(&[
        ("king", 'K', "K"),
        ("queen", 'Q', "Q"),
        ("rook", 'R', "R"),
        ("bishop", 'B', "B"),
        ("knight", 'N', "N"),
    ])
}

/// Check a lone White piece's targets on an empty board, and the same for Black (the set of
/// these symmetric pieces does not depend on the colour).
fn check_empty_board(letter: char, from: &str, expected: &[&str], count: usize) {
    let rules = orthodox();
    assert_eq!(
        expected.len(),
        count,
        "hand-written list for {letter} on {from}"
    );
    for (l, side) in [(letter, "w"), (letter.to_ascii_lowercase(), "b")] {
        let mut pos = position(&rules, &[(from, l)], side);
        assert_eq!(
            targets(&rules, &mut pos, from),
            sorted(expected),
            "{l} on {from}"
        );
    }
}

#[test]
fn king_targets_on_empty_board() {
    check_empty_board(
        'K',
        "f6",
        &[
            "f7", "g6", "g5", "f5", "e5", "e6", // orthogonal
            "g7", "h5", "g4", "e4", "d5", "e7", // diagonal
        ],
        12,
    );
    check_empty_board('K', "a1", &["a2", "b1", "b2", "b3", "c2"], 5);
    check_empty_board('K', "l6", &["l5", "k6", "k7", "k5", "i7"], 5);
    check_empty_board('K', "f1", &["f2", "e1", "g1", "e2", "g2"], 5);
}

#[test]
fn queen_targets_on_empty_board() {
    check_empty_board(
        'Q',
        "f6",
        &[
            // rook lines
            "f7", "f8", "f9", "f10", "f11", "f5", "f4", "f3", "f2", "f1", "g6", "h6", "i6", "k6",
            "l6", "g5", "h4", "i3", "k2", "l1", "e5", "d4", "c3", "b2", "a1", "e6", "d6", "c6",
            "b6", "a6", // bishop lines
            "g7", "h8", "h5", "k4", "g4", "h2", "e4", "d2", "d5", "b4", "e7", "d8",
        ],
        42,
    );
    check_empty_board(
        'Q',
        "a1",
        &[
            "a2", "a3", "a4", "a5", "a6", "b1", "c1", "d1", "e1", "f1", "b2", "c3", "d4", "e5",
            "f6", "g6", "h6", "i6", "k6", "l6", "b3", "c5", "d7", "e9", "f11", "c2", "e3", "g3",
            "i2", "l1",
        ],
        30,
    );
    check_empty_board(
        'Q',
        "l6",
        &[
            "l5", "l4", "l3", "l2", "l1", "k7", "i8", "h9", "g10", "f11", "k6", "i6", "h6", "g6",
            "f6", "e5", "d4", "c3", "b2", "a1", "k5", "i4", "h3", "g2", "f1", "i7", "g8", "e8",
            "c7", "a6",
        ],
        30,
    );
}

#[test]
fn rook_targets_on_empty_board() {
    check_empty_board(
        'R',
        "f6",
        &[
            "f7", "f8", "f9", "f10", "f11", // N
            "g6", "h6", "i6", "k6", "l6", // NE
            "g5", "h4", "i3", "k2", "l1", // SE
            "f5", "f4", "f3", "f2", "f1", // S
            "e5", "d4", "c3", "b2", "a1", // SW
            "e6", "d6", "c6", "b6", "a6", // NW
        ],
        30,
    );
    check_empty_board(
        'R',
        "f1",
        &[
            "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", // N
            "g1", "h1", "i1", "k1", "l1", // NE along the edge
            "e1", "d1", "c1", "b1", "a1", // NW along the edge
        ],
        20,
    );
    check_empty_board(
        'R',
        "a1",
        &[
            "a2", "a3", "a4", "a5", "a6", "b1", "c1", "d1", "e1", "f1", "b2", "c3", "d4", "e5",
            "f6", "g6", "h6", "i6", "k6", "l6",
        ],
        20,
    );
}

#[test]
fn bishop_targets_on_empty_board() {
    check_empty_board(
        'B',
        "f6",
        &[
            "g7", "h8", // 1 o'clock
            "h5", "k4", // 3
            "g4", "h2", // 5
            "e4", "d2", // 7
            "d5", "b4", // 9
            "e7", "d8", // 11
        ],
        12,
    );
    check_empty_board(
        'B',
        "f1",
        &[
            "g2", "h3", "i4", "k5", "l6", // 1 o'clock
            "e2", "d3", "c4", "b5", "a6", // 11
        ],
        10,
    );
    check_empty_board(
        'B',
        "l6",
        &[
            "k5", "i4", "h3", "g2", "f1", // 7 o'clock
            "i7", "g8", "e8", "c7", "a6", // 9
        ],
        10,
    );
}

#[test]
fn knight_targets_on_empty_board() {
    check_empty_board(
        'N',
        "f6",
        &[
            "g8", "h7", "i5", "i4", "h3", "g3", "e3", "d3", "c4", "c5", "d7", "e8",
        ],
        12,
    );
    check_empty_board('N', "a1", &["b4", "c4", "d3", "d2"], 4);
    check_empty_board('N', "f1", &["d2", "e3", "g3", "h2"], 4);
    check_empty_board('N', "l6", &["k4", "i5", "h7", "h8"], 4);
}

// ---------------------------------------------------------------------------------------
// Direction letters
// ---------------------------------------------------------------------------------------

/// `(betza, White's targets from f6, Black's targets from f6)`.
fn check_directions(cases: &[(&str, &[&str], &[&str])]) {
    for (betza, white, black) in cases {
        let rules = one_piece(betza);
        assert_eq!(
            lone_targets(&rules, "f6", true),
            sorted(white),
            "White `{betza}`"
        );
        assert_eq!(
            lone_targets(&rules, "f6", false),
            sorted(black),
            "Black `{betza}`"
        );
    }
}

#[test]
fn directions_on_orthogonal_atom() {
    // From f6: N f7, NE g6, SE g5, S f5, SW e5, NW e6. Black is turned around.
    check_directions(&[
        (
            "W",
            &["f7", "g6", "g5", "f5", "e5", "e6"],
            &["f7", "g6", "g5", "f5", "e5", "e6"],
        ),
        ("fW", &["f7"], &["f5"]),
        ("bW", &["f5"], &["f7"]),
        ("frW", &["g6"], &["e5"]),
        ("rfW", &["g6"], &["e5"]),
        ("brW", &["g5"], &["e6"]),
        ("flW", &["e6"], &["g5"]),
        ("blW", &["e5"], &["g6"]),
        ("rW", &["g6", "g5"], &["e5", "e6"]),
        ("lW", &["e6", "e5"], &["g5", "g6"]),
        ("vW", &["f7", "f5"], &["f7", "f5"]),
        ("sW", &["g6", "g5", "e6", "e5"], &["g6", "g5", "e6", "e5"]),
        // `fs` (the Gliński pawn's capture): NE and NW.
        ("fsW", &["g6", "e6"], &["e5", "g5"]),
        ("bsW", &["g5", "e5"], &["e6", "g6"]),
        // The same letters on the longer orthogonal atoms.
        ("fD", &["f8"], &["f4"]),
        ("frH", &["i6"], &["c3"]),
        (
            "R",
            &[
                "f7", "f8", "f9", "f10", "f11", "g6", "h6", "i6", "k6", "l6", "g5", "h4", "i3",
                "k2", "l1", "f5", "f4", "f3", "f2", "f1", "e5", "d4", "c3", "b2", "a1", "e6", "d6",
                "c6", "b6", "a6",
            ],
            &[
                "f7", "f8", "f9", "f10", "f11", "g6", "h6", "i6", "k6", "l6", "g5", "h4", "i3",
                "k2", "l1", "f5", "f4", "f3", "f2", "f1", "e5", "d4", "c3", "b2", "a1", "e6", "d6",
                "c6", "b6", "a6",
            ],
        ),
        (
            "fR",
            &["f7", "f8", "f9", "f10", "f11"],
            &["f5", "f4", "f3", "f2", "f1"],
        ),
        (
            "brR",
            &["g5", "h4", "i3", "k2", "l1"],
            &["e6", "d6", "c6", "b6", "a6"],
        ),
    ]);
}

#[test]
fn directions_on_diagonal_atom() {
    // From f6: 1 o'clock g7, 3 h5, 5 g4, 7 e4, 9 d5, 11 e7. Black is turned around.
    check_directions(&[
        (
            "F",
            &["g7", "h5", "g4", "e4", "d5", "e7"],
            &["g7", "h5", "g4", "e4", "d5", "e7"],
        ),
        ("rF", &["h5"], &["d5"]),
        ("lF", &["d5"], &["h5"]),
        ("frF", &["g7"], &["e4"]),
        ("flF", &["e7"], &["g4"]),
        ("brF", &["g4"], &["e7"]),
        ("blF", &["e4"], &["g7"]),
        ("fF", &["e7", "g7"], &["e4", "g4"]),
        ("bF", &["g4", "e4"], &["g7", "e7"]),
        ("sF", &["h5", "d5"], &["h5", "d5"]),
        ("vF", &["e7", "g7", "g4", "e4"], &["e7", "g7", "g4", "e4"]),
        // The same letters on the longer diagonal atom and the slider.
        ("rA", &["k4"], &["b4"]),
        ("fA", &["d8", "h8"], &["d2", "h2"]),
        ("fB", &["g7", "h8", "e7", "d8"], &["e4", "d2", "g4", "h2"]),
        ("lB", &["d5", "b4"], &["h5", "k4"]),
    ]);
}

#[test]
fn lame_leaps_n_blocked_by_piece_in_between() {
    // nD north: f6 -> f8 over f7; nH north: f6 -> f9 over f7 and f8; nA at 1 o'clock:
    // f6 -> h8 over g7.
    let d_all = ["f8", "h6", "h4", "f4", "d4", "d6"];
    let h_all = ["f9", "i6", "i3", "f3", "c3", "c6"];
    let a_all = ["h8", "k4", "h2", "d2", "b4", "d8"];
    let without = |all: &[&str], cell: &str| -> Vec<String> {
        sorted(&all.iter().filter(|c| **c != cell).collect::<Vec<_>>())
    };
    let run = |betza: &str, obstacles: &[&str], white: bool| -> Vec<String> {
        let rules = one_piece(betza);
        let me = if white { 'X' } else { 'x' };
        // The obstacle `O` is White: an own piece for White's run, an enemy for Black's.
        let mut pieces = vec![("f6", me)];
        pieces.extend(obstacles.iter().map(|c| (*c, 'O')));
        let mut pos = position(&rules, &pieces, if white { "w" } else { "b" });
        targets(&rules, &mut pos, "f6")
    };
    for white in [true, false] {
        // Empty board: all six.
        assert_eq!(run("nD", &[], white), sorted(&d_all));
        assert_eq!(run("nH", &[], white), sorted(&h_all));
        assert_eq!(run("nA", &[], white), sorted(&a_all));
        // Lame: blocked by the cell in between.
        assert_eq!(run("nD", &["f7"], white), without(&d_all, "f8"));
        assert_eq!(run("nH", &["f7"], white), without(&h_all, "f9"));
        assert_eq!(run("nH", &["f8"], white), without(&h_all, "f9"));
        assert_eq!(run("nA", &["g7"], white), without(&a_all, "h8"));
        // The two cells beside a diagonal's corner are not "in between" an A leap.
        assert_eq!(run("nA", &["f7", "g6"], white), sorted(&a_all));
        // Not lame: the same obstacles do not matter.
        assert_eq!(run("D", &["f7"], white), sorted(&d_all));
        assert_eq!(run("H", &["f7", "f8"], white), sorted(&h_all));
        assert_eq!(run("A", &["g7"], white), sorted(&a_all));
    }
    // A blocker that is an enemy piece blocks too.
    let rules = one_piece("nD");
    let mut pos = position(&rules, &[("f6", 'X'), ("f7", 'o')], "w");
    assert!(!targets(&rules, &mut pos, "f6").contains(&"f8".to_string()));
}

// ---------------------------------------------------------------------------------------
// Multi-leg moves
// ---------------------------------------------------------------------------------------

#[test]
fn multi_leg_wmaw_reaches_18_cells_from_f6() {
    let rules = one_piece("WmaW");
    let expected = [
        // W
        "f7", "g6", "g5", "f5", "e5", "e6", // two steps bending 60°: the diagonal cells
        "g7", "h5", "g4", "e4", "d5", "e7", // two steps straight: the D cells
        "f8", "h6", "h4", "f4", "d4", "d6",
    ];
    assert_eq!(lone_targets(&rules, "f6", true), sorted(&expected));
    assert_eq!(lone_targets(&rules, "f6", false), sorted(&expected));
}

#[test]
fn multi_leg_blocking_paths() {
    let rules = one_piece("WmaW");
    let reach = |obstacles: &[(&str, char)], target: &str| -> bool {
        let mut pieces = vec![("f6", 'X')];
        pieces.extend_from_slice(obstacles);
        let mut pos = position(&rules, &pieces, "w");
        targets(&rules, &mut pos, "f6").contains(&target.to_string())
    };
    // g7 (1 o'clock) is reached through f7 (N then NE) or g6 (NE then N).
    assert!(reach(&[], "g7"));
    assert!(reach(&[("f7", 'O')], "g7"));
    assert!(reach(&[("g6", 'O')], "g7"));
    assert!(!reach(&[("f7", 'O'), ("g6", 'O')], "g7"));
    assert!(!reach(&[("f7", 'o'), ("g6", 'o')], "g7"));
    // f8 (two steps N) has only one path, through f7.
    assert!(reach(&[], "f8"));
    assert!(!reach(&[("f7", 'O')], "f8"));
    assert!(!reach(&[("f7", 'o')], "f8"));
    assert!(reach(&[("g6", 'O'), ("e6", 'O')], "f8"));
    // With both paths to g7 closed the other seventeen are unaffected except those through
    // f7 and g6 only (f8 through f7; h6 through g6).
    let mut pos = position(&rules, &[("f6", 'X'), ("f7", 'O'), ("g6", 'O')], "w");
    let expected = [
        "g5", "f5", "e5", "e6", "h5", "g4", "e4", "d5", "e7", "h4", "f4", "d4", "d6",
    ];
    assert_eq!(targets(&rules, &mut pos, "f6"), sorted(&expected));
}

// ---------------------------------------------------------------------------------------
// Validation errors
// ---------------------------------------------------------------------------------------

/// Assert that `betza` fails on hex with the first error `offset` characters into the Betza
/// string, and that the message contains `needle`.
fn expect_betza_error(betza: &str, offset: usize, needle: &str) {
    let ((line, col), (sline, scol), message) = betza_error(betza);
    assert_eq!(
        (line, col),
        (sline, scol + offset),
        "`{betza}`: error should point at column {} of the string\n{message}",
        offset + 1
    );
    assert!(
        message.contains(needle),
        "`{betza}`: expected `{needle}` in\n{message}"
    );
}

#[test]
fn atom_without_hex_meaning_is_error() {
    expect_betza_error("C", 0, "hexagonal");
    expect_betza_error("WC", 1, "hexagonal");
    expect_betza_error("KZ", 1, "hexagonal");
    expect_betza_error("G", 0, "hexagonal");
    expect_betza_error("WmC", 2, "hexagonal");
    expect_betza_error("KfG", 2, "hexagonal");
    expect_betza_error("W(3,1)", 1, "hexagonal");
    // The same strings are fine on a square board (sanity: the error is about hex).
    let square =
        "[variant]\nname = \"sq\"\n\n[board]\nshape = \"square\"\nfiles = 8\nranks = 8\n\n\
                  [pieces.x]\nletter = \"X\"\nbetza = \"WCZG(3,1)\"\n\n\
                  [setup]\nfen = \"8/8/8/8/8/8/8/8 w\"\n\n[rules]\ncheckmate = false\n";
    if let Err(f) = Rules::from_toml("sq.toml", square) {
        panic!("{}", f.render());
    }
}

#[test]
fn direction_without_hex_meaning_is_error() {
    // `f` on the 12-fold hex knight selects nothing definite.
    expect_betza_error("fN", 0, "direction");
    expect_betza_error("WfN", 1, "direction");
    // `fh` has no meaning on an orthogonal hex atom.
    expect_betza_error("fhW", 0, "direction");
    expect_betza_error("FfhW", 1, "direction");
}

#[test]
fn castling_o_on_hex_is_error() {
    expect_betza_error("KO2", 1, "castling");
    expect_betza_error("O3", 0, "castling");
}

// ---------------------------------------------------------------------------------------
// The Gliński pawn
// ---------------------------------------------------------------------------------------

/// Kings out of the way: White on a3, Black on l3 (neither in any test pawn's path).
const KINGS: [(&str, char); 2] = [("a3", 'K'), ("l3", 'k')];

fn with_kings<'a>(pieces: &[(&'a str, char)]) -> Vec<(&'a str, char)> {
    let mut v = KINGS.to_vec();
    v.extend_from_slice(pieces);
    v
}

#[test]
fn pawn_steps_north_to_empty_cell_only() {
    let rules = glinski();
    // White on f6 (not a start cell): only f7.
    let mut pos = position(&rules, &with_kings(&[("f6", 'P')]), "w");
    assert_eq!(targets(&rules, &mut pos, "f6"), sorted(&["f7"]));
    // Black on f6: only f5.
    let mut pos = position(&rules, &with_kings(&[("f6", 'p')]), "b");
    assert_eq!(targets(&rules, &mut pos, "f6"), sorted(&["f5"]));
    // Blocked by an enemy or an own piece straight ahead: no capture straight ahead.
    for blocker in ['n', 'N'] {
        let mut pos = position(&rules, &with_kings(&[("f6", 'P'), ("f7", blocker)]), "w");
        assert!(targets(&rules, &mut pos, "f6").is_empty(), "{blocker}");
    }
    for blocker in ['n', 'N'] {
        let mut pos = position(&rules, &with_kings(&[("f6", 'p'), ("f5", blocker)]), "b");
        assert!(targets(&rules, &mut pos, "f6").is_empty(), "{blocker}");
    }
    // Off-centre files (ranks are V-shaped): c5 -> c6, i4 -> i5.
    let mut pos = position(&rules, &with_kings(&[("c5", 'P'), ("i4", 'P')]), "w");
    assert_eq!(targets(&rules, &mut pos, "c5"), sorted(&["c6"]));
    assert_eq!(targets(&rules, &mut pos, "i4"), sorted(&["i5"]));
}

#[test]
fn pawn_captures_nw_and_ne_only() {
    let rules = glinski();
    // Enemy pawns (which cannot check the far kings) on all twelve neighbours of f6 (N blocked): White captures e6 (NW) and
    // g6 (NE) only.
    let ring = [
        "f7", "g6", "g5", "f5", "e5", "e6", "g7", "h5", "g4", "e4", "d5", "e7",
    ];
    let mut pieces: Vec<(&str, char)> = ring.iter().map(|c| (*c, 'p')).collect();
    pieces.push(("f6", 'P'));
    let mut pos = position(&rules, &with_kings(&pieces), "w");
    assert_eq!(targets(&rules, &mut pos, "f6"), sorted(&["e6", "g6"]));
    // Black's are turned around: SE g5 and SW e5 (from White's view).
    let mut pieces: Vec<(&str, char)> = ring.iter().map(|c| (*c, 'P')).collect();
    pieces.push(("f6", 'p'));
    let mut pos = position(&rules, &with_kings(&pieces), "b");
    assert_eq!(targets(&rules, &mut pos, "f6"), sorted(&["e5", "g5"]));
    // No capture of own pieces, and the capture cells are not move cells when empty.
    let mut pos = position(
        &rules,
        &with_kings(&[("f6", 'P'), ("e6", 'N'), ("f7", 'N')]),
        "w",
    );
    assert!(targets(&rules, &mut pos, "f6").is_empty());
    // Left half (V-shaped ranks): d4's neighbours are N d5, NE e5, SE e4, S d3, SW c3,
    // NW c4; with enemy pawns on all six, White d4 captures c4 and e5 only.
    let ring = ["d5", "e5", "e4", "d3", "c3", "c4"];
    let mut pieces: Vec<(&str, char)> = ring.iter().map(|c| (*c, 'p')).collect();
    pieces.push(("d4", 'P'));
    let mut pos = position(&rules, &with_kings(&pieces), "w");
    assert_eq!(targets(&rules, &mut pos, "d4"), sorted(&["c4", "e5"]));
}

const WHITE_START: [(&str, &str, &str); 9] = [
    ("b1", "b2", "b3"),
    ("c2", "c3", "c4"),
    ("d3", "d4", "d5"),
    ("e4", "e5", "e6"),
    ("f5", "f6", "f7"),
    ("g4", "g5", "g6"),
    ("h3", "h4", "h5"),
    ("i2", "i3", "i4"),
    ("k1", "k2", "k3"),
];

const BLACK_START: [(&str, &str, &str); 9] = [
    ("b7", "b6", "b5"),
    ("c7", "c6", "c5"),
    ("d7", "d6", "d5"),
    ("e7", "e6", "e5"),
    ("f7", "f6", "f5"),
    ("g7", "g6", "g5"),
    ("h7", "h6", "h5"),
    ("i7", "i6", "i5"),
    ("k7", "k6", "k5"),
];

#[test]
fn pawn_double_step_from_each_start_cell() {
    let rules = glinski();
    for (start, side, letter) in [(&WHITE_START, "w", 'P'), (&BLACK_START, "b", 'p')] {
        // All nine at once, and each alone.
        let all: Vec<(&str, char)> = start.iter().map(|(c, _, _)| (*c, letter)).collect();
        let mut pos = position(&rules, &with_kings(&all), side);
        let legal = legal_moves(&rules, &mut pos);
        for (from, one, two) in start.iter() {
            assert_eq!(
                targets(&rules, &mut pos, from),
                sorted(&[*one, *two]),
                "{letter} on {from}"
            );
            let from_c = rules.geometry().parse_cell(from).unwrap();
            let two_c = rules.geometry().parse_cell(two).unwrap();
            let one_c = rules.geometry().parse_cell(one).unwrap();
            let double = legal
                .iter()
                .find(|m| m.from == from_c && m.to == two_c)
                .unwrap();
            assert_eq!(
                double.kind,
                MoveKind::DoubleStep {
                    passed: one_c,
                    also_passed: None
                },
                "{from}{two} passes {one}"
            );
            let mut alone = position(&rules, &with_kings(&[(*from, letter)]), side);
            assert_eq!(
                targets(&rules, &mut alone, from),
                sorted(&[*one, *two]),
                "{letter} alone on {from}"
            );
        }
    }
}

#[test]
fn pawn_double_step_blocked() {
    let rules = glinski();
    for (start, side, me) in [(&WHITE_START, "w", 'P'), (&BLACK_START, "b", 'p')] {
        for (from, one, two) in start.iter() {
            for blocker in ['p', 'P'] {
                // Blocked on the passed cell: no move at all.
                let mut pos = position(&rules, &with_kings(&[(*from, me), (*one, blocker)]), side);
                assert!(
                    targets(&rules, &mut pos, from).is_empty(),
                    "{me} {from} with {blocker} on {one}"
                );
                // Blocked on the landing cell: the single step only.
                let mut pos = position(&rules, &with_kings(&[(*from, me), (*two, blocker)]), side);
                assert_eq!(
                    targets(&rules, &mut pos, from),
                    sorted(&[*one]),
                    "{me} {from} with {blocker} on {two}"
                );
            }
        }
    }
}

#[test]
fn pawn_double_step_from_start_cell_reached_by_capture() {
    let rules = glinski();
    // White pawn on f4 (not a start cell, so it has moved) captures NW onto e4, a start cell
    // of the e-file, and may then double-step e4 -> e6.
    let mut pos = position(&rules, &with_kings(&[("f4", 'P'), ("e4", 'n')]), "w");
    assert_eq!(targets(&rules, &mut pos, "f4"), sorted(&["e4", "f5"]));
    play(&rules, &mut pos, "f4e4");
    play(&rules, &mut pos, "l3l2");
    assert_eq!(targets(&rules, &mut pos, "e4"), sorted(&["e5", "e6"]));
    play(&rules, &mut pos, "e4e6");
    assert_eq!(letter_at(&rules, &pos, "e6"), 'P');
    // The same through the position string (the pawn is not on its own start cell).
    let mut pos = position(&rules, &with_kings(&[("e4", 'P')]), "w - 0 1");
    assert_eq!(targets(&rules, &mut pos, "e4"), sorted(&["e5", "e6"]));
    // Black: captures are (-1,0) and (+1,-1) in White's frame; e7 = (-1,2) is reached from
    // f8 = (0,2), not a start cell, by (-1,0). From e7 Black may double-step to e5.
    let mut pos = position(&rules, &with_kings(&[("f8", 'p'), ("e7", 'N')]), "b");
    assert_eq!(targets(&rules, &mut pos, "f8"), sorted(&["e7", "f7"]));
    play(&rules, &mut pos, "f8e7");
    play(&rules, &mut pos, "a3a2");
    assert_eq!(targets(&rules, &mut pos, "e7"), sorted(&["e5", "e6"]));
}

#[test]
fn pawn_no_double_step_from_non_start_cell() {
    let rules = glinski();
    // White pawns one step beyond their start cells, and on other non-start cells.
    for (cell, one) in [
        ("b2", "b3"),
        ("c3", "c4"),
        ("e5", "e6"),
        ("f4", "f5"),
        ("f6", "f7"),
        ("g5", "g6"),
        ("k2", "k3"),
        ("a2", "a3"),
        ("l1", "l2"),
    ] {
        let mut pos = position(&rules, &[("a6", 'K'), ("l6", 'k'), (cell, 'P')], "w");
        assert_eq!(
            targets(&rules, &mut pos, cell),
            sorted(&[one]),
            "P on {cell}"
        );
    }
    // Black pawns off their start cells.
    for (cell, one) in [("b6", "b5"), ("f6", "f5"), ("k6", "k5"), ("e8", "e7")] {
        let mut pos = position(&rules, &with_kings(&[(cell, 'p')]), "b");
        assert_eq!(
            targets(&rules, &mut pos, cell),
            sorted(&[one]),
            "p on {cell}"
        );
    }
    // A pawn on the other side's start cell does not double-step either.
    let mut pos = position(&rules, &with_kings(&[("e7", 'P')]), "w");
    assert_eq!(targets(&rules, &mut pos, "e7"), sorted(&["e8"]));
    let mut pos = position(&rules, &with_kings(&[("e4", 'p')]), "b");
    assert_eq!(targets(&rules, &mut pos, "e4"), sorted(&["e3"]));
}

#[test]
fn en_passant_on_hex() {
    let rules = glinski();
    // White e4 -> e6 passes e5. Black pawns adjacent to e6 that capture onto e5: f6 (by
    // its SW capture, (-1,0)) and d5 (by its SE capture, (+1,-1)).
    for capturer in ["f6", "d5"] {
        let mut pos = position(&rules, &with_kings(&[("e4", 'P'), (capturer, 'p')]), "w");
        play(&rules, &mut pos, "e4e6");
        assert!(
            to_fen(&rules, &pos).contains(" b e5 "),
            "{}",
            to_fen(&rules, &pos)
        );
        let legal = legal_moves(&rules, &mut pos);
        let from = rules.geometry().parse_cell(capturer).unwrap();
        let e5 = rules.geometry().parse_cell("e5").unwrap();
        let ep: Vec<_> = legal.iter().filter(|m| m.is_en_passant()).collect();
        assert_eq!(ep.len(), 1, "{capturer}");
        assert_eq!((ep[0].from, ep[0].to), (from, e5));
        play(&rules, &mut pos, &format!("{capturer}e5"));
        assert_eq!(letter_at(&rules, &pos, "e5"), 'p');
        assert_eq!(letter_at(&rules, &pos, "e6"), '.', "victim removed");
        assert_eq!(letter_at(&rules, &pos, capturer), '.');
        assert_eq!(letter_at(&rules, &pos, "e4"), '.');
        pos.unmake(&rules);
        assert_eq!(
            letter_at(&rules, &pos, "e6"),
            'P',
            "unmake restores the victim"
        );
    }
    // A black pawn adjacent to e6 that cannot reach e5 by a capture: d6 = (-2,2) captures
    // on (-3,2) = c5 and (-1,1) = e6, not e5.
    let mut pos = position(&rules, &with_kings(&[("e4", 'P'), ("d6", 'p')]), "w");
    play(&rules, &mut pos, "e4e6");
    assert!(legal_moves(&rules, &mut pos)
        .iter()
        .all(|m| !m.is_en_passant()));
    // The right lasts one ply.
    let mut pos = position(&rules, &with_kings(&[("e4", 'P'), ("f6", 'p')]), "w");
    play(&rules, &mut pos, "e4e6");
    play(&rules, &mut pos, "l3l2");
    play(&rules, &mut pos, "a3a2");
    assert!(legal_moves(&rules, &mut pos)
        .iter()
        .all(|m| !m.is_en_passant()));
    assert!(parse_move(&rules, &mut pos, "f6e5").is_err());
    // Black's double step: e7 -> e5 passes e6; White pawns on d5 (NE capture) and f6 (NW
    // capture) may take on e6.
    for capturer in ["d5", "f6"] {
        let mut pos = position(&rules, &with_kings(&[("e7", 'p'), (capturer, 'P')]), "b");
        play(&rules, &mut pos, "e7e5");
        assert!(
            to_fen(&rules, &pos).contains(" w e6 "),
            "{}",
            to_fen(&rules, &pos)
        );
        play(&rules, &mut pos, &format!("{capturer}e6"));
        assert_eq!(letter_at(&rules, &pos, "e6"), 'P');
        assert_eq!(letter_at(&rules, &pos, "e5"), '.', "victim removed");
    }
    // From a position string with the en passant field.
    let text = format!(
        "{} b e5 0 1",
        placement(&rules, &with_kings(&[("e6", 'P'), ("f6", 'p')]))
    );
    let mut pos = parse_fen(&rules, &text).unwrap();
    play(&rules, &mut pos, "f6e5");
    assert_eq!(letter_at(&rules, &pos, "e6"), '.');
}

#[test]
fn promotion_on_each_far_edge_cell() {
    let rules = glinski();
    let white_edge = [
        ("a5", "a6"),
        ("b6", "b7"),
        ("c7", "c8"),
        ("d8", "d9"),
        ("e9", "e10"),
        ("f10", "f11"),
        ("g9", "g10"),
        ("h8", "h9"),
        ("i7", "i8"),
        ("k6", "k7"),
        ("l5", "l6"),
    ];
    // Black's edge is the mirror: rank 1 of every file.
    let black_edge = [
        ("a2", "a1"),
        ("b2", "b1"),
        ("c2", "c1"),
        ("d2", "d1"),
        ("e2", "e1"),
        ("f2", "f1"),
        ("g2", "g1"),
        ("h2", "h1"),
        ("i2", "i1"),
        ("k2", "k1"),
        ("l2", "l1"),
    ];
    // Kings on f4 / f8: off both edges and out of every pawn's way.
    let kings = [("f4", 'K'), ("f8", 'k')];
    for (edge, side, me, letters) in [
        (&white_edge, "w", 'P', ['Q', 'R', 'B', 'N']),
        (&black_edge, "b", 'p', ['q', 'r', 'b', 'n']),
    ] {
        // The edge the rules compute is exactly the spec's.
        let zone = &rules.kinds()[rules.kind_by_letter('P').unwrap() as usize].promotion
            [if side == "w" { 0 } else { 1 }][0]
            .zone;
        let mut zone_names: Vec<&str> = zone.iter().map(|c| rules.geometry().name(c)).collect();
        zone_names.sort();
        let mut want: Vec<&str> = edge.iter().map(|(_, to)| *to).collect();
        want.sort();
        assert_eq!(zone_names, want, "{side} promotion zone");
        for (from, to) in edge.iter() {
            let mut pieces = kings.to_vec();
            pieces.push((*from, me));
            let mut pos = position(&rules, &pieces, side);
            let legal = legal_moves(&rules, &mut pos);
            let from_c = rules.geometry().parse_cell(from).unwrap();
            let to_c = rules.geometry().parse_cell(to).unwrap();
            let mut got: Vec<char> = legal
                .iter()
                .filter(|m| m.from == from_c)
                .map(|m| {
                    assert_eq!(m.to, to_c, "{from}");
                    rules.kinds()[m.promotion.expect("promotes") as usize].letter
                })
                .collect();
            got.sort();
            let mut want_letters: Vec<char> =
                letters.iter().map(|l| l.to_ascii_uppercase()).collect();
            want_letters.sort();
            assert_eq!(got, want_letters, "{me} {from}{to}");
            for l in letters {
                let mut p = pos.clone();
                play(
                    &rules,
                    &mut p,
                    &format!("{from}{to}{}", l.to_ascii_lowercase()),
                );
                assert_eq!(letter_at(&rules, &p, to), l, "{from}{to}");
                assert_eq!(letter_at(&rules, &p, from), '.');
            }
            // No plain move to the edge without a choice.
            assert!(parse_move(&rules, &mut pos, &format!("{from}{to}")).is_err());
        }
    }
    // Promotion by capture onto the edge: White e9 takes NE onto f11? e9 = (-1,4): NE (0,4)
    // = f10, NW (-2,5) = d9 — d9 is an edge cell.
    let mut pos = position(
        &rules,
        &[("f4", 'K'), ("f8", 'k'), ("e9", 'P'), ("d9", 'n')],
        "w",
    );
    play(&rules, &mut pos, "e9d9q");
    assert_eq!(letter_at(&rules, &pos, "d9"), 'Q');
}

#[test]
fn position_string_round_trips() {
    let rules = glinski();
    let mut pos = parse_fen(&rules, START).unwrap();
    assert_eq!(to_fen(&rules, &pos), START);
    let check = |pos: &mut Position| {
        let text = to_fen(&rules, pos);
        let mut back = parse_fen(&rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(to_fen(&rules, &back), text);
        assert_eq!(legal(&rules, &mut back), legal(&rules, pos), "{text}");
        assert_eq!(perft(&rules, &mut back, 2), perft(&rules, pos, 2), "{text}");
    };
    check(&mut pos);
    // Double steps on both sides, two of which leave an en passant right (d7d5: White's e6
    // takes NW onto d6; c7c5: White's d6 takes NW onto c6), an en passant capture, a knight
    // move, a plain pawn step.
    let expect_ep = [
        ("e4e6", " b - "),
        ("d7d5", " w d6 "),
        ("e6d6", " b - "),
        ("c7c5", " w c6 "),
        ("d1e4", " b - "),
        ("k7k5", " w - "),
        ("f5f6", " b - "),
    ];
    for (mv, fields) in expect_ep {
        play(&rules, &mut pos, mv);
        let text = to_fen(&rules, &pos);
        assert!(text.contains(fields), "after {mv}: {text}");
        check(&mut pos);
    }
    assert_eq!(letter_at(&rules, &pos, "d5"), '.', "taken en passant");
    let text = to_fen(&rules, &pos);
    assert!(text.ends_with(" b - 0 4"), "{text}");
    // A double step no enemy pawn can answer en passant leaves no en passant field (this
    // crate records the right only when a capture is possible).
    let mut pos = parse_fen(&rules, START).unwrap();
    play(&rules, &mut pos, "c2c4");
    let text = to_fen(&rules, &pos);
    assert!(text.contains(" b - "), "{text}");
    check(&mut pos);
}

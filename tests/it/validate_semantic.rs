//! Semantic validation through `compile_text`: every bad file under `tests/data/semantic/`
//! (a copy of `variants/chess.toml` with one problem, or three) reports exactly the expected
//! diagnostics at the expected places; random single-character edits of the shipped variants
//! never panic and always give spans inside the text.
//!
//! Structural problems (TOML syntax, unknown keys, wrong types) are tested in
//! `tests/load_errors.rs`.

use crate::common::{boundaries, dump, expect_diag};
use fairyrules::diagnostics::{Diagnostic, SourceFile};
use fairyrules::parse_fen;
use fairyrules::Rules;
use proptest::prelude::*;

const CHESS: &str = include_str!("../../variants/chess.toml");
const HECTOCHESS: &str = include_str!("../../variants/hectochess.toml");

/// Compile `tests/data/semantic/<name>.toml`, which must fail.
fn load_bad(name: &str) -> (SourceFile, Vec<Diagnostic>) {
    let path = format!(
        "{}/tests/data/semantic/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file = format!("{name}.toml");
    let failure = match Rules::from_toml(&file, &text) {
        Ok(_) => panic!("{file} compiled without errors"),
        Err(f) => f,
    };
    (failure.sources.main().clone(), failure.diagnostics)
}

/// Compile `tests/data/semantic/<name>.toml` and check that it gives exactly `count`
/// diagnostics; returns them.
fn expect_count(name: &str, count: usize) -> (SourceFile, Vec<Diagnostic>) {
    let (source, diags) = load_bad(name);
    assert_eq!(diags.len(), count, "{}", dump(&source, &diags));
    (source, diags)
}

/// Assert that `tests/data/semantic/<name>.toml` gives exactly one diagnostic, an error with
/// this message substring, hint substring (or no hint) and 1-based line:col; returns the
/// source text under its span.
fn expect_one(name: &str, message: &str, hint: Option<&str>, line_col: (usize, usize)) -> String {
    let (source, diags) = expect_count(name, 1);
    expect_diag(&source, &diags[0], message, hint, line_col);
    source.text[diags[0].span.clone()].to_string()
}

// ----- the shipped variants are clean -----

#[test]
fn shipped_variants_compile() {
    for (name, text) in [("chess.toml", CHESS), ("hectochess.toml", HECTOCHESS)] {
        if let Err(f) = Rules::from_toml(name, text) {
            panic!("{}", f.render());
        }
    }
}

// ----- Betza -----

#[test]
fn betza_syntax_error_points_inside_the_string() {
    // `betza = "KisO3isO2!"`: the `!` is the 19th character of line 17.
    let under = expect_one(
        "betza_syntax_error",
        "in Betza string \"KisO3isO2!\": unexpected '!'",
        None,
        (17, 19),
    );
    assert_eq!(under, "!");
}

#[test]
fn betza_unknown_modifier_x() {
    // `betza = "mQxpQ"`: the `x`.
    let under = expect_one(
        "betza_cannon_x",
        "in Betza string \"mQxpQ\": unexpected 'x'",
        Some("XBetza `x` is not supported"),
        (24, 12),
    );
    assert_eq!(under, "x");
}

#[test]
fn betza_move_selects_nothing_on_this_board() {
    // `betza = "N(9,9)"` on 8x8: the (9,9) leap never lands on the board.
    let under = expect_one(
        "betza_selects_nothing",
        "this Betza move selects no move anywhere on this board",
        Some("the leap fits on the board"),
        (42, 11),
    );
    assert_eq!(under, "(9,9)");
}

#[test]
fn direction_without_meaning() {
    // `betza = "BhW"`: a lone `h` selects no Wazir direction.
    let under = expect_one(
        "direction_without_meaning",
        "this direction has no meaning for this atom on a square board",
        None,
        (36, 11),
    );
    assert_eq!(under, "h");
}

// ----- piece letters -----

#[test]
fn duplicate_letter_is_case_insensitive() {
    // The Bishop is `n`; the Knight's `N` (later in the file) is the duplicate.
    let under = expect_one(
        "duplicate_letter",
        "letter `N` is already used by piece `bishop`",
        Some("each piece needs its own letter"),
        (40, 11),
    );
    assert_eq!(under, "N");
}

#[test]
fn letter_not_single_ascii_letter() {
    let (source, diags) = expect_count("letter_not_single_ascii", 2);
    expect_diag(
        &source,
        &diags[0],
        "`Kn` is not a single ASCII letter",
        Some("one of A-Z"),
        (14, 11),
    );
    expect_diag(
        &source,
        &diags[1],
        "`1` is not a single ASCII letter",
        Some("one of A-Z"),
        (34, 11),
    );
}

// ----- the start position -----

#[test]
fn setup_unknown_letter() {
    let under = expect_one(
        "setup_unknown_letter",
        "in the start position: no piece has the letter `x`",
        Some("the piece letters are KQRBNP"),
        (55, 21),
    );
    assert_eq!(under, "x");
}

#[test]
fn setup_row_of_wrong_length() {
    let under = expect_one(
        "setup_row_length",
        "the row `9` does not describe exactly 8 cells",
        Some("count each letter as one cell"),
        (55, 26),
    );
    assert_eq!(under, "9");
}

#[test]
fn setup_wrong_number_of_rows() {
    let under = expect_one(
        "setup_row_count",
        "the placement has 7 rows but the board has 8",
        Some("rows are separated by `/`"),
        (55, 8),
    );
    assert_eq!(under, "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR");
}

#[test]
fn setup_castling_right_without_partner() {
    // `KQkq` with no White Rook on h1: the `K`.
    let under = expect_one(
        "castling_right_without_partner",
        "castling right `K` but no castling piece with a partner on that side",
        Some("remove the letter"),
        (55, 54),
    );
    assert_eq!(under, "K");
}

#[test]
fn setup_side_not_to_move_in_check() {
    expect_one(
        "side_not_to_move_in_check",
        "the side not to move is in check in the start position",
        Some("could capture a royal piece"),
        (55, 8),
    );
}

#[test]
fn setup_without_royal_piece_for_one_side() {
    expect_one(
        "no_royal_in_start_position",
        "the start position has no royal piece for Black",
        None,
        (55, 8),
    );
}

// ----- promotion -----

#[test]
fn promotion_to_undefined_piece() {
    let under = expect_one(
        "promotion_unknown_piece",
        "no piece `quen` is defined",
        Some("did you mean `queen`?"),
        (52, 42),
    );
    assert_eq!(under, "quen");
}

#[test]
fn zone_string_neither_last_rank_nor_a_region() {
    let under = expect_one(
        "bad_zone",
        "invalid value \"last-row\" for `zone`",
        Some("a zone string must be \"last-rank\" or a region's name"),
        (20, 23),
    );
    assert_eq!(under, "last-row");
}

#[test]
fn promotion_to_royal_piece() {
    let under = expect_one(
        "promotion_to_royal",
        "promotion to the royal piece `king`",
        Some("add `allow_royal = true` to the rule if the variant allows it"),
        (52, 79),
    );
    assert_eq!(under, "king");
}

// ----- royalty and castling -----

#[test]
fn no_royal_piece_with_checkmate_goal() {
    // No `checkmate` key in [rules]: the error points at the first piece.
    let under = expect_one(
        "no_royal_piece",
        "checkmate is the goal but no piece is royal",
        Some("`royal = true`"),
        (13, 1),
    );
    assert_eq!(under, "[pieces.king]");
}

#[test]
fn castling_without_castles_with() {
    let under = expect_one(
        "castling_without_partner",
        "`king` castles (`O`) but names no partner",
        Some("castles_with = [\"rook\"]"),
        (17, 10),
    );
    assert_eq!(under, "KisO2");
}

#[test]
fn castling_partner_not_on_the_board() {
    // No Rooks at all: one error per side, each naming its side.
    let (source, diags) = expect_count("castling_partner_not_on_board", 2);
    for (diag, side) in diags.iter().zip(["White", "Black"]) {
        expect_diag(
            &source,
            diag,
            &format!("{side}'s `king` castles but the start position has no partner for it"),
            Some("place a partner piece"),
            (55, 8),
        );
    }
}

// ----- the board -----

#[test]
fn board_size_out_of_range() {
    let under = expect_one(
        "board_too_large",
        "`files` = 20 is out of range",
        Some("4 to 16"),
        (10, 9),
    );
    assert_eq!(under, "20");
}

#[test]
fn hexagonal_board_without_side() {
    let under = expect_one(
        "hex_side_missing",
        "[board] needs `side` for a hexagonal board",
        None,
        (8, 1),
    );
    assert_eq!(under, "[board]");
}

// ----- several problems at once -----

#[test]
fn three_independent_problems_are_all_reported() {
    let (source, diags) = expect_count("three_semantic_problems", 3);
    // In file order.
    expect_diag(
        &source,
        &diags[0],
        "letter `q` is already used by piece `queen`",
        Some("each piece needs its own letter"),
        (28, 11),
    );
    expect_diag(
        &source,
        &diags[1],
        "in Betza string \"B3x\": unexpected 'x'",
        Some("XBetza `x` is not supported"),
        (36, 12),
    );
    expect_diag(
        &source,
        &diags[2],
        "no piece `knigth` is defined",
        Some("did you mean `knight`?"),
        (52, 69),
    );
}

// ----- rendering -----

#[test]
fn rendered_betza_syntax_error() {
    let (source, diags) = expect_count("betza_syntax_error", 1);
    let expected = "betza_syntax_error.toml:17:19: error: in Betza string \"KisO3isO2!\": \
unexpected '!' in Betza string; expected an atom letter (W F D N A H C L Z J G K Q R B O), \
a modifier (f b l r v s h m c d e n j p g i a), a range number or the end of the string
   |
17 | betza = \"KisO3isO2!\"
   |                   ^
";
    assert_eq!(source.render(&diags[0]), expected);
}

#[test]
fn rendered_promotion_typo() {
    let (source, diags) = expect_count("promotion_unknown_piece", 1);
    let expected = r#"promotion_unknown_piece.toml:52:42: error: no piece `quen` is defined
   |
52 | promotion = { zone = "last-rank", to = ["quen", "rook", "bishop", "knight"] }
   |                                          ^^^^
   = hint: did you mean `queen`?
"#;
    assert_eq!(source.render(&diags[0]), expected);
}

// ----- never panic -----

/// Compile `text`; whatever the outcome, nothing panics, every diagnostic's span lies within
/// the text and renders, and a successful compile has a start position that parses.
fn check_result(text: &str) {
    match Rules::from_toml("fuzz.toml", text) {
        Ok(rules) => {
            if let Err(e) = parse_fen(&rules, rules.start_fen()) {
                panic!("compiled, but the start position does not parse: {e}\n{text}");
            }
        }
        Err(failure) => {
            assert!(!failure.diagnostics.is_empty());
            for d in &failure.diagnostics {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= text.len(),
                    "span {:?} outside a text of {} bytes: {}\n{text}",
                    d.span,
                    text.len(),
                    d.message
                );
                let _ = failure.sources.render(d);
            }
        }
    }
}

/// Character boundaries inside the contents of the `betza = "..."` and `fen = "..."` strings
/// (both ends included).
fn string_boundaries(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        for key in ["betza = \"", "fen = \""] {
            if let Some(rest) = line.strip_prefix(key) {
                if let Some(len) = rest.find('"') {
                    let start = line_start + key.len();
                    out.extend(boundaries(&rest[..len]).into_iter().map(|i| start + i));
                }
            }
        }
        line_start += line.len();
    }
    out
}

/// One edit: 0 inserts `c` before the character at `at`, 1 deletes it, 2 replaces it.
fn apply_edit(base: &str, cuts: &[usize], index: prop::sample::Index, op: u8, c: char) -> String {
    let mut text = base.to_string();
    let at = cuts[index.index(cuts.len())];
    match op {
        0 => text.insert(at, c),
        _ if at >= text.len() => text.insert(at, c),
        1 => {
            text.remove(at);
        }
        _ => {
            text.remove(at);
            text.insert(at, c);
        }
    }
    text
}

/// Characters that mean something in a variant file, a Betza string or a position string,
/// plus any character at all.
fn edit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(
            "KQRBNPWFDAHCLZJGOXfblrvshmcdenjpgiakqw0123456789(),/ -!\"'\\=[]{}#.\né"
                .chars()
                .collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn chess_survives_any_single_edit(
        index in any::<prop::sample::Index>(),
        op in 0u8..3,
        c in edit_char(),
    ) {
        let text = apply_edit(CHESS, &boundaries(CHESS), index, op, c);
        check_result(&text);
    }

    #[test]
    fn chess_survives_edits_inside_betza_and_fen(
        index in any::<prop::sample::Index>(),
        op in 0u8..3,
        c in edit_char(),
    ) {
        let text = apply_edit(CHESS, &string_boundaries(CHESS), index, op, c);
        check_result(&text);
    }

    #[test]
    fn hectochess_survives_any_single_edit(
        index in any::<prop::sample::Index>(),
        op in 0u8..3,
        c in edit_char(),
    ) {
        let text = apply_edit(HECTOCHESS, &boundaries(HECTOCHESS), index, op, c);
        check_result(&text);
    }

    #[test]
    fn hectochess_survives_edits_inside_betza_and_fen(
        index in any::<prop::sample::Index>(),
        op in 0u8..3,
        c in edit_char(),
    ) {
        let text = apply_edit(HECTOCHESS, &string_boundaries(HECTOCHESS), index, op, c);
        check_result(&text);
    }
}

#[test]
fn string_boundaries_cover_every_betza_and_fen_string() {
    // chess.toml: 6 Betza strings and one position string.
    let cuts = string_boundaries(CHESS);
    let expected: usize = ["KisO2", "Q", "R", "B", "N", "fmWfceFifmnD"]
        .iter()
        .map(|s| s.len() + 1)
        .sum::<usize>()
        + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".len()
        + 1;
    assert_eq!(cuts.len(), expected);
}

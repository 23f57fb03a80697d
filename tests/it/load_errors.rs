//! `load_spec`: a good file loads cleanly with exact spans; every bad file under
//! `tests/data/bad/` reports the expected diagnostics at the expected places; nothing panics.

use crate::common::{boundaries, dump, expect_diag};
use fairyrules::diagnostics::{Diagnostic, SourceFile};
use fairyrules::variant::{load_spec, CheckmateSpec, ShapeSpec, StalemateSpec, ZoneCells};
use proptest::prelude::*;

const GOOD: &str = r#"# A FIDE-like variant.
[variant]
name = "Mini Chess"
inventor = 'Nobody'
source = "https://example.org/mini"
description = """
Orthodox pieces on a normal board."""

[board]
shape = "square"
files = 8
ranks = 8

[pieces.king]
letter = "K"
betza = ["K", "O2"]
royal = true
value = 0
castles_with = ["rook"]

[pieces.queen]
letter = "Q"
betza = "Q"
value = 9.5

[pieces.rook]
letter = "R"
name = "Rook"
betza = 'R'
value = 5

[pieces.knight]
letter = "N"
betza = "N"
value = 3

[pieces.pawn]
letter = "P"
betza = ["fmW", "fcF", "ifmnD", "epF"]
value = 1
promotion = { zone = "last-rank", to = ["queen", "rook", "knight"], forced = true }

[setup]
fen = "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w KQkq - 0 1"

[rules]
checkmate = true
stalemate = "draw"
n_move_rule = { claim = 50, automatic = 75 }
repetition = { claim = 3, automatic = 5 }
resets_n_move = ["pawn"]
"#;

/// Load `tests/data/bad/<name>.toml`.
fn load_bad(name: &str) -> (SourceFile, Vec<Diagnostic>) {
    let path = format!("{}/tests/data/bad/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (_, diags) = load_spec(&text);
    let source = SourceFile {
        name: format!("{name}.toml"),
        text,
    };
    (source, diags)
}

/// Assert that `tests/data/bad/<name>.toml` gives exactly one diagnostic, an error with this
/// message substring, hint substring (or no hint) and 1-based line:col.
fn expect_one(name: &str, message: &str, hint: Option<&str>, line_col: (usize, usize)) {
    let (source, diags) = load_bad(name);
    assert_eq!(diags.len(), 1, "{}", dump(&source, &diags));
    expect_diag(&source, &diags[0], message, hint, line_col);
}

// ----- the good file -----

#[test]
fn good_file_loads_without_diagnostics() {
    let (spec, diags) = load_spec(GOOD);
    assert!(diags.is_empty(), "{diags:#?}");

    let meta = &spec.meta;
    assert_eq!(meta.name.as_ref().unwrap().value, "Mini Chess");
    assert_eq!(meta.inventor.as_ref().unwrap().value, "Nobody");
    assert_eq!(
        meta.description.as_ref().unwrap().value,
        "Orthodox pieces on a normal board."
    );

    assert_eq!(spec.board.shape.as_ref().unwrap().value, ShapeSpec::Square);
    assert_eq!(spec.board.files.as_ref().unwrap().value, 8);
    assert_eq!(spec.board.ranks.as_ref().unwrap().value, 8);
    assert_eq!(spec.board.side, None);
    assert_eq!(&GOOD[spec.board.span.clone()], "[board]");

    // File order, not alphabetical.
    let ids: Vec<&str> = spec.pieces.keys().map(String::as_str).collect();
    assert_eq!(ids, ["king", "queen", "rook", "knight", "pawn"]);

    let king = &spec.pieces["king"];
    assert_eq!(&GOOD[king.id.span.clone()], "king");
    assert_eq!(&GOOD[king.span.clone()], "[pieces.king]");
    assert!(king.royal.white.as_ref().unwrap().value);
    assert!(!king.royal.split);
    assert_eq!(king.value.as_ref().unwrap().value, 0.0);
    let betza: Vec<&str> = king.betza.white.iter().map(|b| b.value.as_str()).collect();
    assert_eq!(betza, ["K", "O2"]);
    assert_eq!(king.betza.black, king.betza.white);
    assert_eq!(king.castles_with.white[0].value, "rook");

    assert_eq!(spec.pieces["queen"].value.as_ref().unwrap().value, 9.5);
    assert_eq!(spec.pieces["rook"].name.as_ref().unwrap().value, "Rook");
    assert_eq!(spec.pieces["knight"].name, None);

    let pawn = &spec.pieces["pawn"];
    assert_eq!(pawn.promotion.white.len(), 1);
    let promotion = &pawn.promotion.white[0];
    assert_eq!(
        promotion.zone.as_ref().unwrap().value.cells,
        ZoneCells::LastRank
    );
    let to: Vec<&str> = promotion.to.iter().map(|t| t.value.as_str()).collect();
    assert_eq!(to, ["queen", "rook", "knight"]);
    assert!(promotion.forced.as_ref().unwrap().value);
    assert!(GOOD[promotion.span.clone()].starts_with("{ zone"));

    let rules = &spec.rules;
    assert_eq!(rules.checkmate.as_ref().unwrap().value, CheckmateSpec::Loss);
    assert_eq!(rules.stalemate.as_ref().unwrap().value, StalemateSpec::Draw);
    let n = rules.n_move_rule.as_ref().unwrap();
    assert_eq!(n.claim.as_ref().unwrap().value, 50);
    assert_eq!(n.automatic.as_ref().unwrap().value, 75);
    assert_eq!(&GOOD[n.span.clone()], "{ claim = 50, automatic = 75 }");
    let r = rules.repetition.as_ref().unwrap();
    assert_eq!(r.claim.as_ref().unwrap().value, 3);
    assert_eq!(r.automatic.as_ref().unwrap().value, 5);
    assert_eq!(rules.resets_n_move[0].value, "pawn");
}

#[test]
fn string_spans_cover_exactly_the_contents() {
    let (spec, diags) = load_spec(GOOD);
    assert!(diags.is_empty(), "{diags:#?}");
    let mut strings = vec![
        spec.meta.name.clone().unwrap(),
        spec.meta.inventor.clone().unwrap(), // a literal '...' string
        spec.meta.source.clone().unwrap(),
        spec.meta.description.clone().unwrap(), // a multi-line """...""" string
        spec.setup.fen.clone().unwrap(),
    ];
    for piece in spec.pieces.values() {
        strings.push(piece.letter.clone().unwrap());
        strings.extend(piece.betza.white.iter().cloned());
        strings.extend(piece.castles_with.white.iter().cloned());
        for p in &piece.promotion.white {
            strings.extend(p.to.iter().cloned());
        }
    }
    strings.extend(spec.rules.resets_n_move.iter().cloned());
    assert!(strings.len() > 20);
    for s in strings {
        assert_eq!(&GOOD[s.span.clone()], s.value, "span {:?}", s.span);
    }
    // A Betza column maps into the file by adding it to the span start.
    let pawn_betza = &spec.pieces["pawn"].betza.white[2];
    assert_eq!(pawn_betza.value, "ifmnD");
    assert_eq!(
        &GOOD[pawn_betza.span.start + 4..pawn_betza.span.start + 5],
        "D"
    );
}

#[test]
fn escaped_strings_have_approximate_spans_inside_the_quotes() {
    let text = "[variant]\nname = \"a\\\"b\"\n[board]\nfiles = 8\n[setup]\nfen = '8'\n";
    let (spec, diags) = load_spec(text);
    assert!(diags.is_empty(), "{diags:#?}");
    let name = spec.meta.name.unwrap();
    assert_eq!(name.value, "a\"b");
    assert_eq!(&text[name.span], "a\\\"b");
}

#[test]
fn alternative_table_forms_load() {
    let text = r#"
[variant]
name = "Forms"
[board]
shape = "hexagonal"
side = 6
[pieces]
king = { letter = "K", betza = "K", royal = true }
[pieces.pawn]
letter = "P"
betza = "fmW"
[pieces.pawn.promotion]
zone = { ranks = [10, 11] }
to = ["king"]
[pieces.guard]
letter = "G"
betza = "K"
promotion = { zone = { cells = ["a8", "b8"] }, to = ["king"], forced = false }
[setup]
fen = "x"
[rules]
stalemate = "loss"
n_move_rule.claim = 40
"#;
    let (spec, diags) = load_spec(text);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(spec.board.shape.unwrap().value, ShapeSpec::Hexagonal);
    assert_eq!(spec.board.side.unwrap().value, 6);
    let ids: Vec<&str> = spec.pieces.keys().map(String::as_str).collect();
    assert_eq!(ids, ["king", "pawn", "guard"]);
    assert!(spec.pieces["king"].royal.white.as_ref().unwrap().value);
    match &spec.pieces["pawn"].promotion.white[0]
        .zone
        .as_ref()
        .unwrap()
        .value
        .cells
    {
        ZoneCells::Ranks(r) => assert_eq!(r.iter().map(|x| x.value).collect::<Vec<_>>(), [10, 11]),
        other => panic!("{other:?}"),
    }
    let guard = &spec.pieces["guard"].promotion.white[0];
    match &guard.zone.as_ref().unwrap().value.cells {
        ZoneCells::Cells(c) => {
            let cells: Vec<&str> = c.iter().map(|x| x.value.as_str()).collect();
            assert_eq!(cells, ["a8", "b8"]);
            assert_eq!(&text[c[1].span.clone()], "b8");
        }
        other => panic!("{other:?}"),
    }
    assert!(!guard.forced.as_ref().unwrap().value);
    assert_eq!(spec.rules.stalemate.unwrap().value, StalemateSpec::Loss);
    let n = spec.rules.n_move_rule.unwrap();
    assert_eq!(n.claim.unwrap().value, 40);
    assert!(n.automatic.is_none());
}

// ----- bad files, one test each -----

#[test]
fn malformed_toml() {
    let (source, diags) = load_bad("malformed_toml");
    assert_eq!(diags.len(), 1, "{}", dump(&source, &diags));
    expect_diag(&source, &diags[0], "malformed TOML: ", None, (2, 13));
    assert!(diags[0].message.contains("string"), "{}", diags[0].message);
}

#[test]
fn unknown_key_board() {
    expect_one(
        "unknown_key_board",
        "unknown key `rank` in [board]",
        Some("did you mean `ranks`?"),
        (6, 1),
    );
}

#[test]
fn unknown_top_level_table() {
    expect_one(
        "unknown_top_level_table",
        "unknown table `[opponent]`",
        Some("valid tables are `variant`, `board`, `regions`, `pieces`, `setup`, `rules` or `engine`"),
        (8, 2),
    );
}

#[test]
fn wrong_type_files() {
    expect_one(
        "wrong_type_files",
        "expected an integer for `files`, found a string",
        Some("without quotes"),
        (5, 9),
    );
}

#[test]
fn betza_wrong_type() {
    expect_one(
        "betza_wrong_type",
        "expected a string or an array of strings for `betza`, found an integer",
        None,
        (10, 9),
    );
}

#[test]
fn betza_array_element_wrong_type() {
    expect_one(
        "betza_array_element_wrong_type",
        "expected a string in `betza`, found a boolean",
        None,
        (10, 15),
    );
}

#[test]
fn bad_shape() {
    expect_one(
        "bad_shape",
        "invalid value \"hex\" for `shape`",
        Some("`shape` must be \"square\" or \"hexagonal\""),
        (5, 10),
    );
}

#[test]
fn bad_stalemate() {
    expect_one(
        "bad_stalemate",
        "invalid value \"lose\" for `stalemate`",
        Some("did you mean \"loss\"?"),
        (17, 14),
    );
}

#[test]
fn zone_ranks_and_cells() {
    expect_one(
        "zone_ranks_and_cells",
        "has both `ranks` and `cells`",
        Some("not both"),
        (19, 37),
    );
}

#[test]
fn missing_name() {
    expect_one(
        "missing_name",
        "missing required key `name` in [variant]",
        None,
        (1, 1),
    );
}

#[test]
fn missing_fen() {
    expect_one(
        "missing_fen",
        "missing required key `fen` in [setup]",
        None,
        (12, 1),
    );
}

#[test]
fn missing_board() {
    expect_one(
        "missing_board",
        "missing required table `[board]`",
        Some("add a `[board]` table"),
        (1, 1),
    );
}

#[test]
fn piece_missing_letter() {
    expect_one(
        "piece_missing_letter",
        "missing required key `letter` in [pieces.queen]",
        None,
        (12, 1),
    );
}

#[test]
fn promotion_unknown_key() {
    // `too` is reported once; the missing `to` is not reported again on top of the hint.
    expect_one(
        "promotion_unknown_key",
        "unknown key `too` in [pieces.pawn] promotion",
        Some("did you mean `to`?"),
        (19, 35),
    );
}

#[test]
fn n_move_rule_wrong_type() {
    expect_one(
        "n_move_rule_wrong_type",
        "expected a table for `n_move_rule`, found an integer",
        None,
        (16, 15),
    );
}

#[test]
fn key_in_wrong_table() {
    expect_one(
        "key_in_wrong_table",
        "unknown key `fen` in [variant]",
        Some("`fen` belongs in [setup]"),
        (3, 1),
    );
}

#[test]
fn pieces_array_of_tables() {
    expect_one(
        "pieces_array_of_tables",
        "expected a table for `pieces`, found an array",
        Some("[pieces.<id>]"),
        (8, 1),
    );
}

#[test]
fn castles_with_string() {
    expect_one(
        "castles_with_string",
        "expected an array of strings for `castles_with`, found a string",
        Some("castles_with = [\"rook\"]"),
        (12, 16),
    );
}

#[test]
fn integer_out_of_range() {
    expect_one(
        "integer_out_of_range",
        "integer for `ranks` is out of range",
        None,
        (6, 9),
    );
}

#[test]
fn three_problems_are_all_reported() {
    let (source, diags) = load_bad("three_problems");
    assert_eq!(diags.len(), 3, "{}", dump(&source, &diags));
    expect_diag(
        &source,
        &diags[0],
        "unknown key `rank` in [board]",
        Some("did you mean `ranks`?"),
        (6, 1),
    );
    expect_diag(
        &source,
        &diags[1],
        "expected a string or an array of strings for `betza`, found an integer",
        None,
        (10, 9),
    );
    expect_diag(
        &source,
        &diags[2],
        "invalid value \"draws\" for `stalemate`",
        Some("did you mean \"draw\"?"),
        (16, 14),
    );
}

#[test]
fn missing_tables_in_an_empty_file() {
    let (spec, diags) = load_spec("");
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "missing required table `[variant]`",
            "missing required table `[board]`",
            "missing required table `[setup]`",
        ]
    );
    assert!(spec.pieces.is_empty());
}

#[test]
fn rendered_unknown_key() {
    let (source, diags) = load_bad("unknown_key_board");
    assert_eq!(diags.len(), 1);
    let expected = "\
unknown_key_board.toml:6:1: error: unknown key `rank` in [board]
  |
6 | rank = 8
  | ^^^^
  = hint: did you mean `ranks`?
";
    assert_eq!(source.render(&diags[0]), expected);
}

#[test]
fn rendered_bad_stalemate() {
    let (source, diags) = load_bad("bad_stalemate");
    assert_eq!(diags.len(), 1);
    let expected = r#"bad_stalemate.toml:17:14: error: invalid value "lose" for `stalemate`
   |
17 | stalemate = "lose"
   |              ^^^^
   = hint: `stalemate` must be "draw", "win", "loss" or "fewer-pieces"; did you mean "loss"?
"#;
    assert_eq!(source.render(&diags[0]), expected);
}

// ----- never panic -----

/// Check the invariants every result must satisfy.
fn check_result(text: &str) {
    let (_, diags) = load_spec(text);
    for d in &diags {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len());
        // Rendering must not panic either.
        let source = SourceFile {
            name: "fuzz.toml".into(),
            text: text.to_string(),
        };
        let _ = source.render(d);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn never_panics_on_arbitrary_strings(text in any::<String>()) {
        check_result(&text);
    }

    #[test]
    fn never_panics_on_toml_like_strings(text in "[a-z_\\[\\]=\"'{}, .0-9\\n\\\\#+-]{0,120}") {
        check_result(&text);
    }

    #[test]
    fn never_panics_on_mutations_of_a_valid_file(
        edits in prop::collection::vec((any::<bool>(), any::<prop::sample::Index>(), any::<char>()), 1..4)
    ) {
        let mut text = GOOD.to_string();
        for (delete, index, c) in edits {
            let cuts = boundaries(&text);
            let at = cuts[index.index(cuts.len())];
            if delete {
                if at < text.len() {
                    text.remove(at);
                }
            } else {
                text.insert(at, c);
            }
        }
        check_result(&text);
    }

    #[test]
    fn never_panics_on_structural_mutations(
        index in any::<prop::sample::Index>(),
        c in prop::sample::select(vec!['"', '\'', '[', ']', '{', '}', '=', '\n', ',', '.', '#', '\\']),
        delete in any::<bool>(),
    ) {
        let mut text = GOOD.to_string();
        let cuts = boundaries(&text);
        let at = cuts[index.index(cuts.len())];
        if delete && at < text.len() {
            text.remove(at);
        } else {
            text.insert(at, c);
        }
        check_result(&text);
    }
}

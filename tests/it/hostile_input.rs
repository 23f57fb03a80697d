//! Hostile input (issue 17): arguments out of range, endless or broken input, absurd numbers
//! in variant files and position strings. Each is refused with a clear message, never a
//! panic, a hang or unbounded memory.

use std::process::Output;

use crate::common::{run, run_with_bytes, variant_arg};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Require a clean refusal: non-zero exit that is not a panic (101), a message on stderr
/// that contains `wanted`; returns stderr.
fn refused(out: &Output, wanted: &str) -> String {
    let err = text(&out.stderr);
    assert!(
        out.status.code().is_some_and(|c| c != 0 && c != 101),
        "exit {:?} (101 = panic)\nstdout:\n{}\nstderr:\n{err}",
        out.status,
        text(&out.stdout)
    );
    assert!(!err.contains("panicked"), "a panic:\n{err}");
    assert!(err.contains(wanted), "expected `{wanted}` in:\n{err}");
    err
}

#[test]
fn numeric_arguments_out_of_range_are_refused() {
    let chess = variant_arg("chess.toml");
    let cases: &[(&[&str], &str)] = &[
        (&["perft", &chess, "1", "--threads", "0"], "--threads"),
        (&["perft", &chess, "4294967295"], "0..=64"),
        (&["bench", &chess, "--seconds=-1"], "--seconds"),
        (&["bench", &chess, "--seconds", "NaN"], "--seconds"),
        (&["bench", &chess, "--seconds", "inf"], "--seconds"),
        (&["bench", &chess, "--max-depth", "0"], "--max-depth"),
        (&["bench", &chess, "--threads", "0"], "--threads"),
        (&["play", &chess, "--depth", "0"], "--depth"),
        (&["play", &chess, "--movetime", "0"], "--movetime"),
        (&["match", &chess, "--depth", "0"], "--depth"),
        (&["match", &chess, "--movetime", "0"], "--movetime"),
        (&["match", &chess, "--threads", "0"], "--threads"),
        (&["match", &chess, "--nodes", "0"], "--nodes"),
        (
            &["match", &chess, "--games", "18446744073709551615"],
            "--games",
        ),
        (&["match", &chess, "--concurrency", "0"], "--concurrency"),
        (
            &["match", &chess, "--hash", "18446744073709551615"],
            "--hash",
        ),
        (
            &["match", &chess, "--openings", "18446744073709551615"],
            "--openings",
        ),
        (
            &["match", &chess, "--opening-plies", "100000"],
            "--opening-plies",
        ),
    ];
    for (args, wanted) in cases {
        let out = run(args);
        let err = refused(&out, wanted);
        assert!(err.contains("invalid value"), "{args:?}: {err}");
    }
}

#[test]
fn match_clock_beyond_a_duration_is_refused() {
    // `--tc 1e308` panicked converting the seconds to a duration.
    let chess = variant_arg("chess.toml");
    for tc in ["1e308", "nan+nan", "5+inf", "-1"] {
        let tc = format!("--tc={tc}");
        let out = run(&["match", &chess, "--games", "1", &tc, "--pgn", "-"]);
        refused(&out, "--tc");
    }
}

#[test]
fn perft_depth_zero_is_one_node_even_divided() {
    let chess = variant_arg("chess.toml");
    for args in [
        vec!["perft", chess.as_str(), "0"],
        vec!["perft", chess.as_str(), "0", "--divide"],
    ] {
        let out = run(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "nodes: 1\n", "{args:?}");
    }
}

#[test]
fn show_names_a_claimable_draw_in_words() {
    let chess = variant_arg("chess.toml");
    let out = run(&["show", &chess, "--fen", "4k3/8/8/8/8/8/8/4K2R w - - 100 80"]);
    let shown = text(&out.stdout);
    let line = shown
        .lines()
        .find(|l| l.contains("may claim"))
        .unwrap_or_else(|| panic!("no claim line in:\n{shown}"));
    assert!(!line.contains("NMoveRule"), "{line}");
    assert!(line.contains("n-move rule"), "{line}");
}

#[test]
fn play_survives_invalid_utf8_and_endless_lines() {
    let chess = variant_arg("chess.toml");
    let mut input = b"e2e4\n\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.extend_from_slice(b"\ne7e5\nquit\n");
    let out = run_with_bytes(
        &["play", &chess, "--white", "human", "--black", "human"],
        &input,
    );
    let shown = text(&out.stdout);
    assert!(out.status.success(), "{}\n{shown}", text(&out.stderr));
    assert!(shown.contains("not valid UTF-8"), "{shown}");
    assert!(shown.contains("longer than"), "{shown}");
    // The game went on after both bad lines: both moves are in the record.
    assert!(shown.contains("1. e2e4 e7e5"), "{shown}");
}

#[test]
fn validate_refuses_endless_and_huge_files() {
    let dir = std::env::temp_dir().join(format!("fairyrules-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chess = std::fs::read_to_string(crate::common::variant_path("chess.toml")).unwrap();
    let padded = dir.join("padded.toml");
    std::fs::write(&padded, format!("{chess}{}", "\n".repeat(20 << 20))).unwrap();
    let padded = padded.display().to_string();
    for file in ["/dev/zero", padded.as_str()] {
        let out = run(&["validate", file]);
        let err = refused(&out, "longer than 1048576 bytes");
        assert!(err.contains(file), "{err}");
    }
    let missing = dir.join("missing.toml").display().to_string();
    let out = run(&["validate", &missing]);
    let err = refused(&out, "cannot read the file");
    // No empty source snippet under the message.
    assert!(!err.contains(" | \n"), "{err}");
    assert!(!err.contains("^"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

const MINIMAL: &str = r#"[variant]
name = "Minimal"
[board]
files = 8
ranks = 8
[setup]
fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.rook]
letter = "R"
betza = "R"
"#;

#[test]
fn move_counters_out_of_range_are_refused_with_their_column() {
    let rules = fairyrules::Rules::from_text("minimal.toml", MINIMAL).unwrap();
    let fen = |half: &str, full: &str| format!("4k3/8/8/8/8/8/8/4K2R w - - {half} {full}");
    for (half, full) in [("4294967295", "1"), ("0", "4294967295"), ("1000001", "1")] {
        let text = fen(half, full);
        let e = fairyrules::parse_fen(&rules, &text).expect_err(&text);
        assert!(e.message.contains("is not a move counter"), "{e}");
        let bad = if half == "0" { full } else { half };
        assert_eq!(&text[e.span.clone()], bad, "{e}");
        assert!(e.to_string().contains("1000000"), "{e}");
    }
    let max = fairyrules::MAX_COUNTER.to_string();
    let mut pos = fairyrules::parse_fen(&rules, &fen(&max, &max)).unwrap();
    // Make and unmake at the limit restore the counters exactly.
    let before = fairyrules::to_fen(&rules, &pos);
    let moves = fairyrules::legal_moves(&rules, &mut pos);
    pos.make(&rules, moves[0]);
    pos.unmake(&rules);
    assert_eq!(fairyrules::to_fen(&rules, &pos), before);
}

/// `MINIMAL` with `extra` added to the rook's table.
fn with_rook(extra: &str) -> String {
    format!("{MINIMAL}{extra}\n")
}

/// The rendered diagnostics of a text that must fail to load.
fn load_errors(text: &str) -> String {
    match fairyrules::Rules::from_text("bad.toml", text) {
        Ok(_) => panic!("loaded:\n{text}"),
        Err(e) => e.render(),
    }
}

#[test]
fn piece_values_must_be_pawns_in_range() {
    for bad in ["-1e300", "nan", "inf", "-inf", "300", "-1", "1e300"] {
        let text = with_rook(&format!("value = {bad}"));
        let err = load_errors(&text);
        // Located on the value: line 15, after the rook's table, column 9.
        assert!(
            err.contains("bad.toml:15:9: error: `value` of `rook`"),
            "{bad}:\n{err}"
        );
        assert!(err.contains("from 0 to 100"), "{err}");
    }
    for good in ["0", "5", "8.5", "100"] {
        let text = with_rook(&format!("value = {good}"));
        fairyrules::Rules::from_text("good.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn more_piece_kinds_than_ids_is_a_located_error() {
    let mut text = MINIMAL.to_string();
    for i in 0..140 {
        text.push_str(&format!(
            "[pieces.extra{i}]\nletter = \"Q\"\nbetza = \"W\"\n"
        ));
    }
    let err = load_errors(&text);
    assert!(err.contains("too many piece kinds (at most 120)"), "{err}");
    // On the 121st kind's id: the king, the rook and 118 extras before it.
    assert!(err.contains("[pieces.extra118]"), "{err}");
}

/// `MINIMAL` with these lines added to the rook's table, and `more` after it (other tables).
fn variant(rook_lines: &str, more: &str) -> String {
    format!("{MINIMAL}{rook_lines}\n{more}\n")
}

/// The warnings of a text that loads.
fn warnings_of(text: &str) -> String {
    let checked = fairyrules::Rules::from_text_checked("warn.toml", text)
        .unwrap_or_else(|e| panic!("does not load:\n{e}\n{text}"));
    assert!(
        checked
            .warnings
            .iter()
            .all(|d| d.severity == fairyrules::Severity::Warning),
        "{:?}",
        checked.warnings
    );
    checked.render_warnings()
}

#[test]
fn suspicious_rules_are_located_warnings() {
    let queen = "[pieces.queen]\nletter = \"Q\"\nbetza = \"Q\"\n";
    let cases: Vec<(String, &str)> = vec![
        (
            variant("", "[pieces.wall]\nletter = \"W\"\nbetza = \"\"\n"),
            "piece `wall` can never move",
        ),
        (
            variant("promotion = { zone = \"last-rank\", to = [\"rook\"] }", ""),
            "`rook` promotes to itself",
        ),
        (
            variant(
                "promotion = { zone = { min_height = 100 }, to = [\"queen\"] }",
                queen,
            ),
            "this zone has no cell on the board",
        ),
        (
            variant(
                "",
                "[pieces.lord]\nletter = \"L\"\nbetza = \"KisO2\"\nroyal = true\ncastles_with = [\"lord\"]\n",
            ),
            "`lord` castles with `lord`",
        ),
        (
            variant("", "[rules]\nn_move_rule = { claim = 80, automatic = 75 }"),
            "the n-move claim (80) is above the automatic limit (75)",
        ),
        (
            variant("", "[rules]\nrepetition = { automatic = 1 }"),
            "a repetition count of 1 ends the game at its first position",
        ),
        (
            variant(
                "",
                "[rules]\ngoal = { zone = { cells = [\"e1\"], for_black = \"same\" } }",
            ),
            "White starts with a goal piece in its goal zone",
        ),
        (
            variant("", &format!("{queen}[rules]\nextinction = [\"queen\"]")),
            "White has no `queen` in the setup",
        ),
        (
            variant("", "[pieces.knight]\nletter = \"N\"\nbetza = \"ffffffN\"\n"),
            "`f` is written 6 times in a row",
        ),
        (
            variant("", "[pieces.cannon]\nletter = \"C\"\nbetza = \"mRpppppR\"\n"),
            "`p` is written 5 times in a row",
        ),
    ];
    for (text, wanted) in &cases {
        let shown = warnings_of(text);
        assert!(
            shown.contains(wanted),
            "expected `{wanted}` in:\n{shown}\n{text}"
        );
        assert!(shown.contains("warn.toml:"), "{shown}");
        assert!(shown.contains(": warning: "), "{shown}");
    }
    // Narrowing by a doubled direction is meaning, not repetition; the shipped files
    // have no warnings but the n-move claim equal to its automatic limit (Shatranj's 70).
    assert_eq!(
        warnings_of(&variant(
            "",
            "[pieces.knight]\nletter = \"N\"\nbetza = \"ffN\"\n"
        )),
        ""
    );
    for (stem, text) in fairyrules::shipped_variants() {
        let shown = warnings_of(text);
        assert_eq!(shown, "", "{stem}");
    }
}

#[test]
fn a_charge_into_a_royal_piece_is_a_warning() {
    let text = fairyrules::shipped_variants()
        .iter()
        .find(|(stem, _)| *stem == "heroes-hexagonal")
        .unwrap()
        .1
        .replace("becomes = \"guard\"", "becomes = \"king\"");
    let shown = warnings_of(&text);
    assert!(
        shown.contains("the hook of `elephant` turns it into a royal `king`"),
        "{shown}"
    );
}

#[test]
fn validate_prints_warnings_and_exits_zero() {
    let dir = std::env::temp_dir().join(format!("fairyrules-warn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("warn.toml");
    std::fs::write(
        &file,
        variant("", "[rules]\nrepetition = { automatic = 1 }"),
    )
    .unwrap();
    let out = run(&["validate", &file.display().to_string()]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("warn.toml:17:28: warning:"), "{err}");
    assert!(err.contains("1 warning"), "{err}");
    assert!(text(&out.stdout).contains("ok"), "{}", text(&out.stdout));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn error_messages_say_what_is_wrong_once() {
    // XBetza's `x` is named as such.
    let err = load_errors(&MINIMAL.replace("betza = \"R\"", "betza = \"xN\""));
    assert!(err.contains("XBetza `x` is not supported"), "{err}");
    assert!(!err.contains("atoms are capital letters"), "{err}");
    // `files = "10"`: one error (the type), no "needs `files`" beside it.
    let err = load_errors(&MINIMAL.replace("files = 8", "files = \"10\""));
    assert!(err.contains("expected an integer for `files`"), "{err}");
    assert!(!err.contains("needs `files`"), "{err}");
}

#[test]
fn positions_the_rules_make_impossible_are_refused_with_the_reason() {
    let chess = crate::common::load_variant("chess.toml");
    let refused_by = |fen: &str, wanted: &str| {
        let e = fairyrules::parse_position(&chess, fen).expect_err(fen);
        assert!(e.message.contains(wanted), "{fen}: {e}");
        e
    };
    // Refusals about one piece point at it in the string.
    let at = |fen: &str, wanted: &str, column: usize, text: &str| {
        let e = refused_by(fen, wanted);
        assert_eq!(e.span.start + 1, column, "{fen}: {e}");
        assert_eq!(&fen[e.span.clone()], text, "{fen}: {e}");
    };
    at(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "`pawn` on a1 could never have arrived there",
        17,
        "P",
    );
    at(
        "1k6/8/8/8/8/8/8/1R2K3 w - - 0 1",
        "Black is in check",
        2,
        "k",
    );
    at(
        "4k3/8/8/8/8/8/8/K3K2K w - - 0 1",
        "3 `king` pieces",
        21,
        "K",
    );
    // The side to move can capture the enemy King.
    refused_by(
        "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
        "Black is in check with White to move",
    );
    // No Kings at all, even with castling rights: the King is named first.
    refused_by("8/8/8/8/8/8/8/8 w KQkq - 0 1", "White has no royal piece");
    refused_by(
        "r3k2r/8/8/8/8/8/8/R6R w KQkq - 0 1",
        "White has no royal piece",
    );
    // Three Kings in FIDE chess: nothing makes a King.
    refused_by(
        "4k3/8/8/8/8/8/8/K3K2K w - - 0 1",
        "White has 3 `king` pieces, but the setup has 1",
    );
    // Pawns on their own first rank, and on the last rank (where they promote).
    refused_by(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "`pawn` on a1 could never have arrived there",
    );
    refused_by(
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "`pawn` on a8 stands where its promotion is forced",
    );
    refused_by(
        "4k3/8/8/8/8/8/8/4K2p b - - 0 1",
        "`pawn` on h1 stands where its promotion is forced",
    );
    // The castling field overridden by `unmoved:`; a cell listed twice.
    refused_by(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 unmoved:e1,a1,e8,a8,h8",
        "the castling field `KQkq` disagrees with the `unmoved:` field, which gives `Qkq`",
    );
    refused_by(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 unmoved:e1,a1,h1,e8,a8,h8,h8",
        "`h8` is listed twice",
    );
    // What the variant's own rules allow stays allowed: Horde's first-rank Pawns, Three
    // Kings' three Kings, a promoted second Queen.
    for (file, _) in [("horde.toml", ()), ("threekings.toml", ())] {
        let rules = crate::common::load_variant(file);
        fairyrules::parse_position(&rules, rules.start_fen())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    fairyrules::parse_position(&chess, "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1").unwrap();
    // The command line refuses them the same way.
    let out = run(&[
        "moves",
        &variant_arg("chess.toml"),
        "--fen",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
    ]);
    refused(&out, "could never have arrived there");
}

#[test]
fn every_shipped_start_and_perft_position_is_accepted() {
    for (stem, text) in fairyrules::shipped_variants() {
        let rules = fairyrules::Rules::from_text(stem, text).unwrap();
        let pos = fairyrules::parse_position(&rules, rules.start_fen())
            .unwrap_or_else(|e| panic!("{stem}: {e}"));
        let again = fairyrules::to_fen(&rules, &pos);
        fairyrules::parse_position(&rules, &again).unwrap_or_else(|e| panic!("{stem}: {e}"));
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rules = None;
        for line in text.lines() {
            if let Some(v) = line.strip_prefix("variant ") {
                rules = Some(crate::common::load_variant(v.trim()));
            }
            if let (Some(fen), Some(rules)) = (line.strip_prefix("fen "), &rules) {
                fairyrules::parse_position(rules, fen.trim())
                    .unwrap_or_else(|e| panic!("{}: `{fen}`: {e}", path.display()));
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "{checked} perft positions");
}

#[test]
fn serve_refuses_an_endless_variant_file() {
    let out = run(&["serve", "/dev/zero", "--port", "0"]);
    refused(&out, "longer than 1048576 bytes");
}

#[test]
fn a_start_position_without_kings_names_them_not_only_the_castling() {
    let chess = std::fs::read_to_string(crate::common::variant_path("chess.toml")).unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(chess.contains(start));
    let text = chess.replace(
        start,
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
    );
    let err = load_errors(&text);
    assert!(err.contains("White has no royal piece"), "{err}");
    assert!(err.contains("castling right"), "{err}");
}

#[test]
fn a_hand_count_beyond_u32_is_refused_not_overflowed() {
    // Found by the `position` fuzz target: a count of u32::MAX added to a piece already in
    // hand overflowed.
    let rules = crate::common::load_variant("crazyhouse.toml");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q4294967295Q] w KQkq - 0 1";
    let e = fairyrules::parse_fen(&rules, fen).expect_err(fen);
    assert!(e.message.contains("in hand"), "{e}");
}

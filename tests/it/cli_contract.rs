//! The command line's observable contract: what goes to stdout and stderr, exit codes, and
//! error messages, for `perft`, `moves` and `show`.

use std::process::Output;

use crate::common::{load_variant, pos, run, variant_arg};
use fairyrules::perft;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The position after 1. e4 e5 (no en passant right: no Pawn can take on e6).
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

/// The output's stdout as text.
fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// The output's stderr as text.
fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// Run and require success; returns stdout.
fn run_ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "`fairyrules {}` failed ({:?}):\nstdout:\n{}\nstderr:\n{}",
        args.join(" "),
        out.status,
        stdout(&out),
        stderr(&out)
    );
    stdout(&out)
}

/// Run and require failure with a non-zero exit, an error message and no panic; returns
/// stderr.
fn run_err(args: &[&str]) -> String {
    let out = run(args);
    let err = stderr(&out);
    assert!(
        !out.status.success(),
        "`fairyrules {}` should fail; stdout:\n{}",
        args.join(" "),
        stdout(&out)
    );
    assert!(
        out.status.code().is_some_and(|c| c != 0 && c != 101),
        "`fairyrules {}` exit status {:?} (101 = panic):\n{err}",
        args.join(" "),
        out.status
    );
    assert!(!err.contains("panicked"), "panic:\n{err}");
    assert!(!err.trim().is_empty(), "no message on stderr");
    err
}

/// The last line of the output, which must be `nodes: N`; returns N.
fn nodes(stdout: &str) -> u64 {
    let last = stdout.lines().last().expect("some output");
    last.strip_prefix("nodes: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line is not `nodes: N`: `{last}`"))
}

/// Perft through the library, for comparison with the command line.
fn library_perft(file: &str, fen: &str, depth: u32) -> u64 {
    let rules = load_variant(file);
    let mut pos = pos(&rules, fen);
    perft(&rules, &mut pos, depth)
}

#[test]
fn perft_prints_only_the_node_count_on_stdout() {
    let chess = variant_arg("chess.toml");
    let out = run(&["perft", &chess, "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "nodes: 8902\n");
    // Timing goes to stderr.
    let err = stderr(&out);
    assert!(err.contains("time"), "no timing on stderr: `{err}`");
    assert!(!stdout(&out).contains("time"));
}

#[test]
fn perft_of_other_variants() {
    assert_eq!(
        nodes(&run_ok(&["perft", &variant_arg("capablanca.toml"), "2"])),
        784
    );
    assert_eq!(
        nodes(&run_ok(&["perft", &variant_arg("hectochess.toml"), "2"])),
        2500
    );
}

#[test]
fn divide_prints_each_root_move_then_the_total() {
    let chess = variant_arg("chess.toml");
    let out = run_ok(&["perft", &chess, "2", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21, "{out}");
    assert_eq!(lines[20], "nodes: 400");
    let mut moves = Vec::new();
    for line in &lines[..20] {
        let (mv, count) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("not `<move>: <count>`: `{line}`"));
        assert_eq!(count, "20", "`{line}`");
        let b = mv.as_bytes();
        assert!(
            b.len() == 4
                && (b'a'..=b'h').contains(&b[0])
                && (b'1'..=b'8').contains(&b[1])
                && (b'a'..=b'h').contains(&b[2])
                && (b'1'..=b'8').contains(&b[3]),
            "`{mv}` is not a move like e2e4"
        );
        moves.push(mv.to_string());
    }
    moves.sort();
    // The same 20 moves as `moves` lists.
    let listed: Vec<String> = run_ok(&["moves", &chess])
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(moves, listed);
}

#[test]
fn divide_depth_one_counts_each_move_once() {
    let out = run_ok(&["perft", &variant_arg("hectochess.toml"), "1", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 51);
    assert!(lines[..50].iter().all(|l| l.ends_with(": 1")), "{out}");
    assert_eq!(nodes(&out), 50);
}

#[test]
fn perft_from_fen() {
    let chess = variant_arg("chess.toml");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        run_ok(&["perft", &chess, "2", "--fen", kiwipete]),
        "nodes: 2039\n"
    );
    assert_eq!(
        run_ok(&["perft", &chess, "3", "--fen", CHESS_START]),
        "nodes: 8902\n"
    );
}

#[test]
fn perft_after_moves_equals_perft_of_the_resulting_fen() {
    let chess = variant_arg("chess.toml");
    let expected = library_perft("chess.toml", AFTER_E4_E5, 3);
    let by_fen = nodes(&run_ok(&["perft", &chess, "3", "--fen", AFTER_E4_E5]));
    assert_eq!(by_fen, expected);
    // Moves as separate arguments…
    let by_moves = nodes(&run_ok(&["perft", &chess, "3", "--moves", "e2e4", "e7e5"]));
    assert_eq!(by_moves, expected);
    // …as one space-separated argument…
    let by_one_arg = nodes(&run_ok(&["perft", &chess, "3", "--moves", "e2e4 e7e5"]));
    assert_eq!(by_one_arg, expected);
    // …and after an explicit --fen.
    let both = nodes(&run_ok(&[
        "perft",
        &chess,
        "3",
        "--fen",
        CHESS_START,
        "--moves",
        "e2e4",
        "e7e5",
    ]));
    assert_eq!(both, expected);
    // `show` agrees on the position reached.
    let shown = run_ok(&["show", &chess, "--moves", "e2e4", "e7e5"]);
    assert!(shown.contains(AFTER_E4_E5), "{shown}");
}

#[test]
fn divide_after_moves_sums_to_perft() {
    let chess = variant_arg("chess.toml");
    let out = run_ok(&["perft", &chess, "2", "--divide", "--moves", "e2e4", "e7e5"]);
    let lines: Vec<&str> = out.lines().collect();
    let sum: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, nodes(&out));
    assert_eq!(sum, library_perft("chess.toml", AFTER_E4_E5, 2));
}

#[test]
fn illegal_move_names_the_move_and_its_place_in_the_list() {
    let chess = variant_arg("chess.toml");
    let err = run_err(&["perft", &chess, "2", "--moves", "e2e4", "e2e5"]);
    assert!(err.contains("e2e5"), "{err}");
    assert!(err.contains("move 2"), "{err}");
    assert!(err.contains("illegal"), "{err}");
    // And shows the position it was tried in (after 1. e4).
    assert!(
        err.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"),
        "{err}"
    );
    let out = run(&["perft", &chess, "2", "--moves", "e2e4", "e2e5"]);
    assert!(stdout(&out).is_empty(), "stdout: {}", stdout(&out));
}

#[test]
fn illegal_first_move_is_move_1() {
    let err = run_err(&["moves", &variant_arg("chess.toml"), "--moves", "e2e5"]);
    assert!(err.contains("move 1"), "{err}");
    assert!(err.contains("e2e5"), "{err}");
}

#[test]
fn malformed_move_is_reported() {
    let chess = variant_arg("chess.toml");
    let err = run_err(&["perft", &chess, "2", "--moves", "zz"]);
    assert!(err.contains("`zz`"), "{err}");
    assert!(err.contains("move 1"), "{err}");
    assert!(err.contains("malformed"), "{err}");
    let err = run_err(&["perft", &chess, "2", "--moves", "e2e4", "e7e5", "g1f3x"]);
    assert!(err.contains("g1f3x"), "{err}");
    assert!(err.contains("move 3"), "{err}");
}

#[test]
fn moves_lists_the_legal_moves_one_per_line() {
    let out = run_ok(&["moves", &variant_arg("chess.toml")]);
    let lines: Vec<&str> = out.lines().collect();
    let mut expected = vec![
        "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3",
        "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
    ];
    expected.sort();
    assert_eq!(lines, expected);

    // After moves, and for a bigger board.
    let after = run_ok(&[
        "moves",
        &variant_arg("chess.toml"),
        "--moves",
        "e2e4",
        "e7e5",
    ]);
    assert!(after.lines().any(|l| l == "e1e2"), "{after}");
    assert!(after.lines().any(|l| l == "f1a6"), "{after}");
    let hecto = run_ok(&["moves", &variant_arg("hectochess.toml")]);
    assert_eq!(hecto.lines().count(), 50);
    assert!(hecto.lines().any(|l| l == "a3a5"), "{hecto}");
}

#[test]
fn show_draws_the_board_with_coordinates_and_the_position_string() {
    let out = run_ok(&["show", &variant_arg("chess.toml")]);
    let lines: Vec<&str> = out.lines().collect();
    // File letters under the board.
    assert!(
        lines
            .iter()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["a", "b", "c", "d", "e", "f", "g", "h"]),
        "{out}"
    );
    // Rank numbers 8 down to 1 at the start of the board rows, with the pieces.
    for (rank, row) in (1..=8).rev().zip(["rnbqkbnr", "pppppppp", "........"]) {
        let line = lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(&rank.to_string()))
            .unwrap_or_else(|| panic!("no row for rank {rank}:\n{out}"));
        let cells: String = line.split_whitespace().skip(1).collect();
        assert_eq!(cells, row, "rank {rank}");
    }
    let rank1 = lines
        .iter()
        .find(|l| l.split_whitespace().next() == Some("1"))
        .unwrap();
    assert_eq!(
        rank1.split_whitespace().skip(1).collect::<String>(),
        "RNBQKBNR"
    );
    assert!(out.contains(CHESS_START), "no position string:\n{out}");
}

#[test]
fn show_draws_ten_by_ten_boards() {
    let out = run_ok(&["show", &variant_arg("hectochess.toml")]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.split_whitespace().collect::<String>() == "abcdefghij"),
        "{out}"
    );
    let rank10 = lines
        .iter()
        .find(|l| l.split_whitespace().next() == Some("10"))
        .unwrap_or_else(|| panic!("no rank 10:\n{out}"));
    assert_eq!(
        rank10.split_whitespace().skip(1).collect::<String>(),
        "awl....lwm"
    );
    assert!(out.contains(
        "awl4lwm/rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR/AWL4LWM w KQkq - 0 1"
    ));
}

#[test]
fn bad_fen_is_a_clear_error() {
    let chess = variant_arg("chess.toml");
    for bad in [
        "rnbqkbnr/ppp/8 w",
        "xyz",
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 unmoved:z9",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    ] {
        for cmd in ["perft", "moves", "show"] {
            let mut args = vec![cmd, chess.as_str()];
            if cmd == "perft" {
                args.push("1");
            }
            args.extend(["--fen", bad]);
            let err = run_err(&args);
            assert!(
                err.contains("position string"),
                "`{cmd}` with `{bad}`: unclear message:\n{err}"
            );
        }
    }
    let err = run_err(&["show", &chess, "--fen", "rnbqkbnr/ppp/8 w"]);
    assert!(err.contains("3 rows") && err.contains("8"), "{err}");
}

#[test]
fn missing_variant_file_is_a_clear_error() {
    let err = run_err(&["perft", "/nonexistent/variant.toml", "1"]);
    assert!(err.contains("variant.toml"), "{err}");
}

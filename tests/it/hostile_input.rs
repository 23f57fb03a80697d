//! Hostile input (issue 17): arguments out of range, endless or broken input, absurd numbers
//! in variant files and position strings. Each is refused with a clear message, never a
//! panic, a hang or unbounded memory.

use std::process::Output;

use crate::common::{run, variant_arg};

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
    ];
    for (args, wanted) in cases {
        let out = run(args);
        let err = refused(&out, wanted);
        assert!(err.contains("invalid value"), "{args:?}: {err}");
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
    let out = run(&[
        "show",
        &chess,
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w - - 100 80",
    ]);
    let shown = text(&out.stdout);
    let line = shown
        .lines()
        .find(|l| l.contains("may claim"))
        .unwrap_or_else(|| panic!("no claim line in:\n{shown}"));
    assert!(!line.contains("NMoveRule"), "{line}");
    assert!(line.contains("n-move rule"), "{line}");
}

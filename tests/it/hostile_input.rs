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

/// Run the binary with raw bytes on stdin.
fn run_with_bytes(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyrules"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run fairyrules");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread: the program answers while it reads.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
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

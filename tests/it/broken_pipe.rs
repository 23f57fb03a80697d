//! A reader that goes away (`fairyrules moves FILE | head -1`) ends the program quietly:
//! no panic message, no error status.

use std::process::{Command, Stdio};

use crate::common::variant_arg;

/// Run `fairyrules ARGS` with `input` on stdin and its stdout closed from the start.
fn with_closed_stdout(args: &[String], input: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyrules"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end: every write of the program now fails with a broken pipe.
    drop(child.stdout.take());
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write;
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn closed_pipes_end_every_command_quietly() {
    let hecto = variant_arg("hectochess.toml");
    let chess = variant_arg("chess.toml");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["moves".into(), hecto.clone()], ""),
        (
            vec!["perft".into(), chess.clone(), "3".into(), "--divide".into()],
            "",
        ),
        (vec!["show".into(), hecto.clone()], ""),
        (vec!["validate".into(), hecto.clone()], ""),
        (
            vec!["uci".into(), chess.clone()],
            "uci\nisready\nposition startpos\ngo depth 3\n",
        ),
        (
            vec!["xboard".into(), chess.clone()],
            "xboard\nprotover 2\nnew\npost\nsd 3\ngo\nping 1\n",
        ),
    ];
    for (args, input) in cases {
        let (code, stderr) = with_closed_stdout(&args, input);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

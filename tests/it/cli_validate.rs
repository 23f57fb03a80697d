//! `fairyrules validate` as a user runs it: the shipped variants pass, bad files report every
//! problem located in the file, a missing file is an error and not a panic.

use std::path::Path;
use std::process::{Command, Output};

/// Run `fairyrules validate <files>` from the crate root.
fn validate(files: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyrules"))
        .arg("validate")
        .args(files)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run fairyrules")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn every_shipped_variant_validates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("read variants/")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            format!(
                "variants/{}",
                p.file_name().expect("file name").to_string_lossy()
            )
        })
        .collect();
    files.sort();
    assert!(files.len() >= 2, "{files:?}");
    let refs: Vec<&str> = files.iter().map(String::as_str).collect();
    let out = validate(&refs);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), files.len(), "{stdout}");
    for (line, file) in lines.iter().zip(&files) {
        assert!(line.starts_with(&format!("{file}: ")), "{line}");
        assert!(line.contains("ok"), "{line}");
    }
    assert!(!stderr.contains("error"), "{stderr}");
}

#[test]
fn bad_files_report_every_problem_located() {
    let three = "tests/data/semantic/three_semantic_problems.toml";
    let letters = "tests/data/semantic/letter_not_single_ascii.toml";
    let out = validate(&["variants/chess.toml", three, letters]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(1),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );

    // The good file still gets its summary.
    assert!(stdout.contains("variants/chess.toml: ok"), "{stdout}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");

    // Every problem of both bad files: location line, source line, carets.
    let expected = [
        format!("{three}:28:11: error: letter `q` is already used by piece `queen`\n"),
        "28 | letter = \"q\"\n   |           ^\n".to_string(),
        format!("{three}:36:12: error: in Betza string \"B3x\": unexpected 'x'"),
        "36 | betza = \"B3x\"\n   |            ^\n".to_string(),
        format!("{three}:52:69: error: no piece `knigth` is defined\n"),
        "   |                                                                     ^^^^^^\n   = hint: did you mean `knight`?\n".to_string(),
        format!("{three}: 3 errors\n"),
        format!("{letters}:14:11: error: `Kn` is not a single ASCII letter\n"),
        "14 | letter = \"Kn\"\n   |           ^^\n".to_string(),
        format!("{letters}:34:11: error: `1` is not a single ASCII letter\n"),
        "34 | letter = \"1\"\n   |           ^\n".to_string(),
        format!("{letters}: 2 errors\n"),
    ];
    for e in &expected {
        assert!(stderr.contains(e.as_str()), "missing {e:?} in:\n{stderr}");
    }
    // Exactly five located errors, the three-problem file first.
    let located: Vec<&str> = stderr.lines().filter(|l| l.contains(": error: ")).collect();
    assert_eq!(located.len(), 5, "{stderr}");
    assert!(
        located[..3].iter().all(|l| l.starts_with(three)),
        "{stderr}"
    );
    assert!(
        located[3..].iter().all(|l| l.starts_with(letters)),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn missing_file_is_an_error_not_a_panic() {
    let missing = "tests/data/semantic/no_such_variant.toml";
    let out = validate(&[missing]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(1),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(stderr.contains(missing), "{stderr}");
    assert!(stderr.contains("cannot read the file"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
}

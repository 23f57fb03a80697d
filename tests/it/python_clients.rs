//! python-chess (PyPI `chess`) as a real client of `fairyrules uci` and `fairyrules xboard`
//! in FIDE chess: the scripts in `tests/protocols/` play 30 plies, analyse to depth 6 and
//! stop an infinite search, python-chess checking every move against its own rules.
//!
//! Without Python or the `chess` package these tests are skipped with a message, except
//! under `CI=true`, where they must run (`.ci/run` installs the package).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a script may run before it counts as hung (they take a few seconds).
const HANG_GUARD: Duration = Duration::from_secs(300);

/// A Python interpreter that can `import chess`, or why there is none.
fn python_with_chess() -> Result<String, String> {
    let mut reasons = Vec::new();
    for python in ["python3", "python"] {
        match Command::new(python)
            .args(["-c", "import chess.engine"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
        {
            Ok(s) if s.success() => return Ok(python.to_string()),
            Ok(_) => reasons.push(format!("`{python}` cannot import the `chess` package")),
            Err(e) => reasons.push(format!("no `{python}` ({e})")),
        }
    }
    Err(reasons.join("; "))
}

fn run_script(script: &str) {
    let python = match python_with_chess() {
        Ok(p) => p,
        Err(why) => {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("CI=true but python-chess is not available: {why} (.ci/run installs it with pip)");
            }
            eprintln!(
                "SKIPPED {script}: {why}; install it with `pip install chess` to run this test"
            );
            return;
        }
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new(python)
        .arg(root.join("tests/protocols").join(script))
        .arg(env!("CARGO_BIN_EXE_fairyrules"))
        .arg(root.join("variants"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start python");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("{script} hung");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{script} failed:\n{stdout}\n{stderr}");
    eprint!("{stdout}");
}

#[test]
fn python_chess_drives_uci() {
    run_script("uci_chess.py");
}

#[test]
fn python_chess_drives_xboard() {
    run_script("xboard_chess.py");
}

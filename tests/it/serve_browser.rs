//! The page of `fairyrules serve` in a real browser: starts the server on a free port and
//! runs `tests/browser/page.test.mjs` (Debian's Chromium driven by playwright-core; see that
//! file for what it checks). `.ci/run` installs Chromium and the npm package. Elsewhere,
//! without node, Chromium or `npm ci` in `tests/browser`, the test says so and passes —
//! except under `CI=true`, where a missing piece is a failure.
//!
//! `SCREENSHOTS=DIR cargo test serve_browser` also saves screenshots of the page in DIR
//! (the README's come from `SCREENSHOTS=docs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::serve::Server;

/// Whether `program --version` runs.
fn runs(program: &Path) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn the_page_works_in_chromium() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let browser_dir = root.join("tests/browser");
    let chromium =
        PathBuf::from(std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into()));
    let node = PathBuf::from("node");
    let mut missing = Vec::new();
    if !runs(&node) {
        missing.push("node".to_string());
    }
    if !chromium.exists() {
        missing.push(format!("{} (apt-get install chromium)", chromium.display()));
    }
    if !browser_dir.join("node_modules/playwright-core").exists() {
        missing.push("playwright-core (npm ci --prefix tests/browser)".to_string());
    }
    if !missing.is_empty() {
        let message = format!("the browser test needs {}", missing.join(", "));
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{message}: .ci/run installs them");
        }
        eprintln!("SKIPPED: {message}");
        return;
    }

    let server = Server::start(&[]);
    let mut command = Command::new(&node);
    command
        .arg(browser_dir.join("page.test.mjs"))
        .current_dir(&root)
        .env("FAIRYRULES_URL", &server.url)
        .env("FAIRYRULES_BIN", env!("CARGO_BIN_EXE_fairyrules"))
        .env("CHROMIUM", &chromium)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Ok(dir) = std::env::var("SCREENSHOTS") {
        let dir = root.join(dir);
        std::fs::create_dir_all(&dir).unwrap();
        command.env("SCREENSHOTS", dir);
    }
    let mut child = command.spawn().expect("run node");
    // Bounded: the script's own waits time out well before this.
    let deadline = Instant::now() + Duration::from_secs(240);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the browser test failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
}

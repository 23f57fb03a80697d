//! A `fairyrules` protocol front end (`uci`, `xboard`) run as a child process and spoken to
//! line by line, as a GUI does. Reading waits for a wanted line; a generous guard (two
//! minutes) turns a hang into a failure that shows the transcript, so no test waits forever.
//! It is not a speed limit: nothing here measures time.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long a wanted line may take before the test fails as hung.
const HANG_GUARD: Duration = Duration::from_secs(120);

/// A running front end.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line sent (`> `) and received (`< `), for failure messages.
    pub transcript: Vec<String>,
}

impl EngineProcess {
    /// Start `fairyrules ARGS...`.
    pub fn start<S: AsRef<str>>(args: &[S]) -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairyrules"))
            .args(args.iter().map(|a| a.as_ref()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start fairyrules");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Send one line (or raw bytes with [`EngineProcess::send_bytes`]).
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.send_bytes(&bytes);
    }

    /// Send raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(bytes);
            let _ = stdin.flush();
        }
    }

    /// Lines received up to and including the first one `wanted` accepts.
    pub fn until(&mut self, wanted: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.lines.recv_timeout(HANG_GUARD) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    let done = wanted(&line);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no wanted line (hung?); transcript:\n{}", self.dump())
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine ended; transcript:\n{}", self.dump())
                }
            }
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.until(|l| l.starts_with(prefix))
    }

    /// The transcript as text.
    pub fn dump(&self) -> String {
        self.transcript.join("\n")
    }

    /// Close stdin, read the remaining lines, wait for the exit; returns the status, the
    /// remaining lines and stderr.
    pub fn finish(mut self) -> (ExitStatus, Vec<String>, String) {
        self.stdin = None;
        let mut rest = Vec::new();
        loop {
            match self.lines.recv_timeout(HANG_GUARD) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    rest.push(line);
                }
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "the engine did not end (hung?); transcript:\n{}",
                        self.dump()
                    )
                }
            }
        }
        let mut stderr = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut stderr);
        }
        let status = self.child.wait().expect("wait for fairyrules");
        (status, rest, stderr)
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

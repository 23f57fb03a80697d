//! Writing to stdout from the front ends, so that a closed pipe is never a panic.
//!
//! - [`outln!`] / [`out!`]: text to stdout for the one-shot commands (`moves`, `perft`, ...).
//!   When the reader has gone (`fairyrules moves FILE | head -1`) the program ends quietly
//!   with status 0; any other write error ends it with a message and status 2.
//! - [`Output`]: the protocols' writer, shared by the command loop and the search thread:
//!   whole lines, flushed one by one. After a failed write it reports itself closed and writes
//!   nothing more, so the command loop can end quietly.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Write to stdout, ending the program on a write error (quietly for a closed pipe).
pub fn write_stdout(args: fmt::Arguments) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args) {
        exit_on_write_error(&e);
    }
}

/// End the program after stdout failed: status 0 and no message for a closed pipe (the
/// reader stopped reading on purpose), status 2 with a message otherwise.
pub fn exit_on_write_error(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: cannot write to stdout: {e}");
    std::process::exit(2);
}

/// `println!` for the front ends: a closed pipe ends the program quietly.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for the front ends: a closed pipe ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!($($arg)*))
    };
}

pub(crate) use {out, outln};

/// A protocol's output: complete lines, each flushed at once, from any thread.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    closed: Arc<AtomicBool>,
}

impl Output {
    /// Lines go to this writer.
    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
            closed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Lines go to the process's stdout.
    pub fn stdout() -> Output {
        Output::new(io::stdout())
    }

    /// Write these lines together (no other thread's line comes between them) and flush.
    /// Returns false, writing nothing, once the output has failed (the reader went away).
    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) -> bool {
        if self.is_closed() {
            return false;
        }
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let mut written = Ok(());
        for l in lines {
            written = written
                .and_then(|_| sink.write_all(l.as_ref().as_bytes()))
                .and_then(|_| sink.write_all(b"\n"));
        }
        if written.and_then(|_| sink.flush()).is_err() {
            self.closed.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }

    /// Write one line and flush (see [`Output::lines`]).
    pub fn line(&self, text: impl AsRef<str>) -> bool {
        self.lines(&[text])
    }

    /// Whether a write has failed: nobody reads any more.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails as a closed pipe does.
    struct Closed;
    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_write_closes_the_output() {
        let out = Output::new(Closed);
        assert!(!out.is_closed());
        assert!(!out.line("bestmove e2e4"));
        assert!(out.is_closed());
        assert!(!out.line("again"));
    }
}

//! Reading protocol commands: one line at a time, each at most [`MAX_LINE`] bytes, so that
//! endless input without line breaks (`fairyrules uci </dev/zero`) cannot fill the memory.
//! Bytes that are not UTF-8 are replaced (U+FFFD), a trailing `\r` goes with the line break.

use std::io::{self, BufRead};

/// The longest command line kept, in bytes; longer lines are reported and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// What the next read found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A line, without its line break.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes: reported as soon as the limit is passed; the
    /// rest of it is skipped by the following reads.
    TooLong,
    /// The end of the input.
    End,
}

/// Lines from a reader, bounded in length.
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    /// Inside a line already reported as too long: skip to its end.
    skipping: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Read lines from `inner`.
    pub fn new(inner: R) -> LineReader<R> {
        LineReader {
            inner,
            buf: Vec::new(),
            skipping: false,
        }
    }

    /// The next line (see [`Input`]).
    pub fn next_line(&mut self) -> io::Result<Input> {
        self.buf.clear();
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.skipping = false;
                if self.buf.is_empty() {
                    return Ok(Input::End);
                }
                return Ok(Input::Line(self.finish()));
            }
            let newline = chunk.iter().position(|&b| b == b'\n');
            let take = newline.map_or(chunk.len(), |i| i + 1);
            if self.skipping {
                self.inner.consume(take);
                if newline.is_some() {
                    self.skipping = false;
                }
                continue;
            }
            if self.buf.len() + take > MAX_LINE + 2 {
                // Over the limit (the line break and a `\r` are not counted).
                self.inner.consume(take);
                self.buf.clear();
                self.skipping = newline.is_none();
                return Ok(Input::TooLong);
            }
            self.buf.extend_from_slice(&chunk[..take]);
            self.inner.consume(take);
            if newline.is_some() {
                return Ok(Input::Line(self.finish()));
            }
        }
    }

    fn finish(&mut self) -> String {
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        let text = String::from_utf8_lossy(&self.buf).into_owned();
        self.buf.clear();
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Input> {
        let mut r = LineReader::new(io::BufReader::with_capacity(7, input));
        let mut out = Vec::new();
        loop {
            let next = r.next_line().unwrap();
            if next == Input::End {
                return out;
            }
            out.push(next);
        }
    }

    #[test]
    fn lines_with_and_without_breaks() {
        assert_eq!(
            all(b"uci\r\nisready\n\nquit"),
            vec![
                Input::Line("uci".into()),
                Input::Line("isready".into()),
                Input::Line(String::new()),
                Input::Line("quit".into())
            ]
        );
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        assert_eq!(all(b"go \xff\n"), vec![Input::Line("go \u{fffd}".into())]);
    }

    #[test]
    fn an_overlong_line_is_reported_once_and_skipped() {
        let mut input = vec![b'x'; MAX_LINE * 3];
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(
            all(&input),
            vec![Input::TooLong, Input::Line("isready".into())]
        );
        let mut exact = vec![b'y'; MAX_LINE];
        exact.extend_from_slice(b"\r\n");
        assert_eq!(all(&exact), vec![Input::Line("y".repeat(MAX_LINE))]);
    }
}

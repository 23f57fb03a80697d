//! Located errors for every input format: a message, a byte span in a named source, an
//! optional hint, and the rendering `file:line:col: error: message` + source line + carets.
//!
//! TOML errors, Betza errors (whose spans are shifted into the TOML file) and semantic
//! validation errors all use this one type, so they look the same to a variant author.

use std::ops::Range;

/// The candidate closest to `name`, if it is close enough to be a likely typo: at most one
/// edit away (two for words of four letters or more), or very similar by Jaro-Winkler.
/// Case is ignored. Every "did you mean" hint of the crate uses this one rule.
pub fn did_you_mean<'a, S: AsRef<str>>(name: &str, candidates: &'a [S]) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let len = lower.chars().count();
    candidates
        .iter()
        .map(|c| {
            let c = c.as_ref();
            let other = c.to_lowercase();
            (
                c,
                strsim::osa_distance(&lower, &other),
                strsim::jaro_winkler(&lower, &other),
            )
        })
        .filter(|&(_, dist, jw)| (dist <= 1 && len >= 2) || (dist <= 2 && len >= 4) || jw >= 0.9)
        .min_by(|a, b| a.1.cmp(&b.1).then(b.2.total_cmp(&a.2)))
        .map(|(c, ..)| c)
}

/// A value together with the byte range of the source text it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Byte range in the source file.
    pub span: Range<usize>,
}

impl<T> Spanned<T> {
    /// Wrap a value with its span.
    pub fn new(value: T, span: Range<usize>) -> Self {
        Spanned { value, span }
    }
}

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The file cannot be used.
    Error,
    /// The file works but something looks wrong.
    Warning,
}

/// One problem found in one source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in plain words ("unknown key `rank`").
    pub message: String,
    /// Byte range in the source the problem points at.
    pub span: Range<usize>,
    /// A suggestion ("did you mean `ranks`?").
    pub hint: Option<String>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(message: impl Into<String>, span: Range<usize>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            hint: None,
        }
    }

    /// Attach a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

/// A named source text (a file's path and contents) that diagnostics point into.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as the user gave it.
    pub name: String,
    /// The full text.
    pub text: String,
}

impl SourceFile {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let mut offset = offset;
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// Render a diagnostic as `file:line:col: error: message`, the source line, carets under
    /// the span and the hint.
    pub fn render(&self, diagnostic: &Diagnostic) -> String {
        let (line, col) = self.line_col(diagnostic.span.start);
        let kind = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!(
            "{}:{}:{}: {}: {}\n",
            self.name, line, col, kind, diagnostic.message
        );
        if self.text.is_empty() {
            // Nothing to show (a file that could not be read): the message alone.
            if let Some(hint) = &diagnostic.hint {
                out.push_str(&format!("  = hint: {hint}\n"));
            }
            return out;
        }
        let line_text = self.text.lines().nth(line - 1).unwrap_or("");
        let gutter = line.to_string();
        let pad = " ".repeat(gutter.len());
        out.push_str(&format!("{pad} |\n{gutter} | {line_text}\n"));
        let line_chars = line_text.chars().count();
        let span_len = {
            let start = diagnostic.span.start.min(self.text.len());
            let end = diagnostic.span.end.clamp(start, self.text.len());
            let mut s = start;
            while !self.text.is_char_boundary(s) {
                s -= 1;
            }
            let mut e = end;
            while !self.text.is_char_boundary(e) {
                e += 1;
            }
            // Underline at most to the end of the first line of the span.
            self.text[s..e]
                .split('\n')
                .next()
                .unwrap_or("")
                .chars()
                .count()
        };
        let width = span_len.clamp(1, (line_chars + 1).saturating_sub(col - 1).max(1));
        out.push_str(&format!(
            "{pad} | {}{}\n",
            " ".repeat(col - 1),
            "^".repeat(width)
        ));
        if let Some(hint) = &diagnostic.hint {
            out.push_str(&format!("{pad} = hint: {hint}\n"));
        }
        out
    }
}

/// The files a variant was read from: the file itself and the files it `extends`. Each file
/// has its own range of byte offsets (the first file starts at 0, each next one after the
/// end of the one before), so a [`Diagnostic`]'s span says which file it is in.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// (first offset, file), in offset order.
    files: Vec<(usize, SourceFile)>,
}

impl Sources {
    /// One file at offset 0.
    pub fn single(file: SourceFile) -> Sources {
        Sources {
            files: vec![(0, file)],
        }
    }

    /// Add a file after the others; returns its first offset (add this to spans measured
    /// in its text).
    pub fn add(&mut self, file: SourceFile) -> usize {
        let base = self
            .files
            .last()
            .map_or(0, |(base, f)| base + f.text.len() + 1);
        self.files.push((base, file));
        base
    }

    /// The first file (the one loaded; the others are its parents).
    pub fn main(&self) -> &SourceFile {
        &self.files[0].1
    }

    /// Every file, with its first offset.
    pub fn files(&self) -> impl Iterator<Item = (usize, &SourceFile)> {
        self.files.iter().map(|(b, f)| (*b, f))
    }

    /// The file an offset is in, with the file's first offset.
    pub fn locate(&self, offset: usize) -> (usize, &SourceFile) {
        let (base, file) = self
            .files
            .iter()
            .rev()
            .find(|(base, _)| *base <= offset)
            .unwrap_or(&self.files[0]);
        (*base, file)
    }

    /// Render a diagnostic against the file its span is in.
    pub fn render(&self, diagnostic: &Diagnostic) -> String {
        let (base, file) = self.locate(diagnostic.span.start);
        let mut local = diagnostic.clone();
        local.span = diagnostic.span.start - base..diagnostic.span.end.saturating_sub(base);
        file.render(&local)
    }
}

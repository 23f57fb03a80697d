//! Reading a variant: TOML text → spec ([`crate::variant`]) → compiled [`Rules`]
//! ([`crate::compile`]), with every problem located in the file.

use std::path::Path;

use crate::compile::compile;
use crate::diagnostics::{Diagnostic, SourceFile};
use crate::rules::Rules;
use crate::variant::load_spec;

/// A variant that failed to load: its source and every problem, in file order.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.render())]
pub struct LoadError {
    /// The file (for rendering).
    pub file: SourceFile,
    /// All problems, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadError {
    /// All diagnostics rendered as `file:line:col: error: message`, the source line with
    /// the span underlined, and the hint.
    pub fn render(&self) -> String {
        self.diagnostics
            .iter()
            .map(|d| self.file.render(d))
            .collect::<Vec<_>>()
            .join("")
    }
}

impl Rules {
    /// Compile variant text; `name` names the source in diagnostics (a file name).
    pub fn from_toml(name: &str, text: &str) -> Result<Rules, LoadError> {
        let source = SourceFile {
            name: name.to_string(),
            text: text.to_string(),
        };
        let (spec, mut diagnostics) = load_spec(text);
        if diagnostics.is_empty() {
            match compile(&spec) {
                Ok(rules) => return Ok(rules),
                Err(d) => diagnostics = d,
            }
        } else if let Err(more) = compile(&spec) {
            // Structural problems first; semantic ones where the spec allowed checking.
            for d in more {
                if !diagnostics.iter().any(|x| x.span == d.span) {
                    diagnostics.push(d);
                }
            }
        }
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
        Err(LoadError {
            file: source,
            diagnostics,
        })
    }

    /// Read and compile a variant file.
    ///
    /// ```
    /// use fairyrules::{perft, Position, Rules};
    ///
    /// let rules = Rules::load(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml"))?;
    /// assert_eq!(rules.name(), "Chess");
    /// assert_eq!(perft(&rules, &mut Position::start(&rules), 3), 8902);
    /// # Ok::<(), fairyrules::LoadError>(())
    /// ```
    ///
    /// A file with mistakes gives every problem at once, each located in the file:
    ///
    /// ```
    /// use fairyrules::Rules;
    ///
    /// let text = "[variant]\nname = \"Bad\"\n[board]\nfiles = 8\nranks = 8\n[pieces.king]\nletter = \"K\"\nbetza = \"Kx\"\nroyal = true\n";
    /// let error = Rules::from_toml("bad.toml", text).unwrap_err();
    /// assert!(error.render().contains("bad.toml:8:"), "{error}");
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Rules, LoadError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => Rules::from_toml(&name, &text),
            Err(e) => Err(LoadError {
                file: SourceFile {
                    name,
                    text: String::new(),
                },
                diagnostics: vec![Diagnostic::error(
                    format!("cannot read the file: {e}"),
                    0..0,
                )],
            }),
        }
    }
}

impl std::str::FromStr for Rules {
    type Err = LoadError;

    /// Compile variant text (named `<string>` in diagnostics).
    fn from_str(text: &str) -> Result<Rules, LoadError> {
        Rules::from_toml("<string>", text)
    }
}

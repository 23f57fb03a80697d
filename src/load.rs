//! Reading a variant file from disk: TOML → spec → compiled rules, with diagnostics.

use crate::compile::compile;
use crate::diagnostics::{Diagnostic, SourceFile};
use crate::rules::Rules;
use crate::variant::load_spec;

/// A variant file that failed to load: its source and every problem.
#[derive(Debug)]
pub struct LoadFailure {
    /// The file (for rendering).
    pub source: SourceFile,
    /// All problems, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadFailure {
    /// All diagnostics rendered.
    pub fn render(&self) -> String {
        self.diagnostics
            .iter()
            .map(|d| self.source.render(d))
            .collect::<Vec<_>>()
            .join("")
    }
}

impl std::fmt::Display for LoadFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.render())
    }
}

impl std::error::Error for LoadFailure {}

/// Compile variant text (named `name` in diagnostics).
pub fn compile_text(name: &str, text: &str) -> Result<Rules, LoadFailure> {
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
    Err(LoadFailure {
        source,
        diagnostics,
    })
}

/// Read and compile a variant file.
pub fn load_file(path: &std::path::Path) -> Result<Rules, LoadFailure> {
    let name = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => compile_text(&name, &text),
        Err(e) => Err(LoadFailure {
            source: SourceFile {
                name: name.clone(),
                text: String::new(),
            },
            diagnostics: vec![Diagnostic::error(
                format!("cannot read the file: {e}"),
                0..0,
            )],
        }),
    }
}

//! Reading a variant: TOML text → spec ([`crate::variant`], with the files it `extends`
//! merged in) → compiled [`Rules`] ([`crate::compile`]), with every problem located in the
//! file it is in.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::compile::compile;
use crate::diagnostics::{Diagnostic, SourceFile, Sources, Spanned};
use crate::net_file::Net;
use crate::rules::Rules;
use crate::variant::inherit::{check_complete, merge, shift_spans};
use crate::variant::{load_spec, VariantSpec};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The largest variant text read, in bytes (1 MiB): the biggest shipped file is about a
/// hundred times smaller; a longer text (`validate /dev/zero`, a file padded with megabytes
/// of blank lines) is refused before it is parsed.
pub const MAX_VARIANT_BYTES: usize = 1 << 20;

/// The largest net file read (`[engine] net`), in bytes (64 MiB): a 64-unit chess net is
/// under 1 MiB of text.
pub const MAX_NET_BYTES: usize = 64 << 20;

/// How many files deep `extends` may go.
const MAX_EXTENDS_DEPTH: usize = 8;

/// A variant that failed to load: its files and every problem, in file order.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.render())]
pub struct LoadError {
    /// The file and the files it extends (for rendering).
    pub sources: Sources,
    /// All problems, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadError {
    /// All diagnostics rendered as `file:line:col: error: message`, the source line with
    /// the span underlined, and the hint.
    pub fn render(&self) -> String {
        self.diagnostics
            .iter()
            .map(|d| self.sources.render(d))
            .collect::<Vec<_>>()
            .join("")
    }
}

/// The shipped variants (file stem, text), embedded in the library.
pub fn shipped_variants() -> &'static [(&'static str, &'static str)] {
    SHIPPED
}

/// Where a variant's text comes from, for resolving `extends`.
#[derive(Debug, Clone)]
enum Origin {
    /// A file on disk (relative `extends` paths start from its folder).
    File(PathBuf),
    /// Text given directly, or a shipped variant.
    Text,
}

impl Rules {
    /// Compile variant text; `name` names the source in diagnostics (a file name; an
    /// `extends` path is looked up next to it).
    pub fn from_toml(name: &str, text: &str) -> Result<Rules, LoadError> {
        let origin = if Path::new(name).parent().is_some_and(|p| p.is_dir()) {
            Origin::File(PathBuf::from(name))
        } else {
            Origin::Text
        };
        compile_source(name, text, origin)
    }

    /// Compile variant text that is not read from disk (an editor's buffer): `name` names it
    /// in diagnostics only, and `extends` finds the shipped variants alone, so no file is
    /// read.
    pub fn from_text(name: &str, text: &str) -> Result<Rules, LoadError> {
        compile_source(name, text, Origin::Text)
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
        match read_variant_file(path) {
            Ok(text) => compile_source(&name, &text, Origin::File(path.to_path_buf())),
            Err(message) => Err(unreadable(name, message)),
        }
    }

    /// A shipped variant by its file stem (`"chess"`, `"hectochess"`).
    pub fn shipped(name: &str) -> Option<Result<Rules, LoadError>> {
        let (stem, text) = SHIPPED.iter().find(|(stem, _)| *stem == name)?;
        Some(compile_source(
            &format!("variants/{stem}.toml"),
            text,
            Origin::Text,
        ))
    }
}

impl std::str::FromStr for Rules {
    type Err = LoadError;

    /// Compile variant text (named `<string>` in diagnostics).
    fn from_str(text: &str) -> Result<Rules, LoadError> {
        compile_source("<string>", text, Origin::Text)
    }
}

/// Read a variant file's text, at most [`MAX_VARIANT_BYTES`] of it.
fn read_variant_file(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read the file: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_VARIANT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the file: {e}"))?;
    if bytes.len() > MAX_VARIANT_BYTES {
        return Err(too_long());
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "cannot read the file: it is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        )
    })
}

/// The message for a variant text over [`MAX_VARIANT_BYTES`].
fn too_long() -> String {
    format!("the variant text is longer than {MAX_VARIANT_BYTES} bytes (1 MiB), the most read")
}

/// Load a source and the files it extends, merge, compile.
fn compile_source(name: &str, text: &str, origin: Origin) -> Result<Rules, LoadError> {
    compile_checked(name, text, origin).map(|checked| checked.rules)
}

/// A variant that loaded, with the warnings about it: rules that work but look like slips
/// (the README's validation section lists them).
#[derive(Debug)]
pub struct Checked {
    /// The compiled rules.
    pub rules: Rules,
    /// The file and the files it extends (for rendering the warnings).
    pub sources: Sources,
    /// Rules that work but look like mistakes, located, in file order.
    pub warnings: Vec<Diagnostic>,
}

impl Checked {
    /// The warnings rendered as `file:line:col: warning: message`, the source line and the
    /// hint.
    pub fn render_warnings(&self) -> String {
        self.warnings
            .iter()
            .map(|d| self.sources.render(d))
            .collect()
    }
}

impl Rules {
    /// Read and compile a variant file, with the warnings about it ([`Checked`]).
    pub fn load_checked(path: impl AsRef<Path>) -> Result<Checked, LoadError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        match read_variant_file(path) {
            Ok(text) => compile_checked(&name, &text, Origin::File(path.to_path_buf())),
            Err(message) => Err(unreadable(name, message)),
        }
    }

    /// Compile variant text that is not read from disk (as [`Rules::from_text`]), with the
    /// warnings about it.
    pub fn from_text_checked(name: &str, text: &str) -> Result<Checked, LoadError> {
        compile_checked(name, text, Origin::Text)
    }
}

/// A file that could not be read: the message, no source to show.
fn unreadable(name: String, message: String) -> LoadError {
    LoadError {
        sources: Sources::single(SourceFile {
            name,
            text: String::new(),
        }),
        diagnostics: vec![Diagnostic::error(message, 0..0)],
    }
}

/// [`compile_source`] keeping the sources and the warnings.
fn compile_checked(name: &str, text: &str, origin: Origin) -> Result<Checked, LoadError> {
    if text.len() > MAX_VARIANT_BYTES {
        return Err(unreadable(name.to_string(), too_long()));
    }
    let mut sources = Sources::single(SourceFile {
        name: name.to_string(),
        text: text.to_string(),
    });
    let (spec, mut diagnostics) =
        load_chain(text, &origin, &mut sources, &mut vec![name.to_string()]);
    let net = match spec
        .engine
        .net
        .as_ref()
        .map(|written| read_net(written, &origin))
    {
        Some(Ok(net)) => Some(net),
        Some(Err(d)) => {
            diagnostics.push(d);
            None
        }
        None => None,
    };
    if diagnostics.is_empty() {
        match compile(&spec) {
            Ok(mut rules) => {
                if let (Some(net), Some(written)) = (net, &spec.engine.net) {
                    match net.fits(rules.kinds().len(), rules.cells()) {
                        Ok(()) => rules.net = Some(net),
                        Err(why) => diagnostics.push(
                            Diagnostic::error(
                                format!("the net `{}` does not fit this variant: {why}", written.value),
                                written.span.clone(),
                            )
                            .with_hint("train one for this file (examples/train_net.rs), or remove the key"),
                        ),
                    }
                }
                if diagnostics.is_empty() {
                    let warnings = crate::compile::warnings(&spec, &rules);
                    return Ok(Checked {
                        rules,
                        sources,
                        warnings,
                    });
                }
            }
            Err(d) => diagnostics = d,
        }
    } else if spec.malformed {
        // Nothing could be read: checking the empty spec would only report what is missing.
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
        sources,
        diagnostics,
    })
}

/// The learned evaluation `[engine] net` names: a file from the variant file's folder, else
/// a shipped net of that path (`nets/chess.net`: the only kind a text not read from a file
/// can name). A file is read and parsed at each load (its author may have changed it); a
/// shipped net is parsed once per process ([`shipped_net`]).
fn read_net(written: &Spanned<String>, origin: &Origin) -> Result<Arc<Net>, Diagnostic> {
    let wanted = written.value.as_str();
    let error = |message: String| Diagnostic::error(message, written.span.clone());
    let on_disk = match origin {
        Origin::File(path) => path.parent().map(|dir| dir.join(wanted)),
        Origin::Text => None,
    };
    if let Some(path) = on_disk.filter(|p| p.is_file()) {
        let text = read_net_file(&path).map_err(error)?;
        return Net::parse(&text)
            .map(Arc::new)
            .map_err(|e| error(format!("{} is not a net file: {e}", path.display())));
    }
    let key = wanted.trim_start_matches("./");
    let Some(index) = SHIPPED_NETS.iter().position(|(k, _)| *k == key) else {
        let shipped: Vec<&str> = SHIPPED_NETS.iter().map(|(k, _)| *k).collect();
        let hint = match origin {
            Origin::File(_) => "the path is read from the variant file's folder",
            Origin::Text => "a text not read from a file can name only a shipped net",
        };
        let shipped = match shipped.is_empty() {
            true => "no net is shipped".to_string(),
            false => format!("the shipped nets are {}", shipped.join(", ")),
        };
        return Err(
            error(format!("no net file `{wanted}`")).with_hint(format!("{hint}; {shipped}"))
        );
    };
    shipped_net(index).map_err(|e| error(format!("variants/{key} is not a net file: {e}")))
}

/// The shipped net `SHIPPED_NETS[index]`, parsed at its first use and shared after (the web
/// page's editor compiles its text again at each edit; a chess net is half a megabyte).
fn shipped_net(index: usize) -> Result<Arc<Net>, String> {
    /// One shipped net, parsed at its first use (or why it is not a net).
    type ParsedNet = OnceLock<Result<Arc<Net>, String>>;
    static PARSED: OnceLock<Vec<ParsedNet>> = OnceLock::new();
    let parsed = PARSED.get_or_init(|| SHIPPED_NETS.iter().map(|_| OnceLock::new()).collect());
    parsed[index]
        .get_or_init(|| Net::parse(SHIPPED_NETS[index].1).map(Arc::new))
        .clone()
}

/// Read a net file's text, at most [`MAX_NET_BYTES`] of it.
fn read_net_file(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let cannot = |e: std::io::Error| format!("cannot read the net file {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_NET_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() > MAX_NET_BYTES {
        return Err(format!(
            "the net file {} is longer than {MAX_NET_BYTES} bytes (64 MiB), the most read",
            path.display()
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("the net file {} is not text", path.display()))
}

/// Load `text` (already added to `sources`, spans from its own first offset) and, if it
/// `extends` another variant, that one (added to `sources` after it), merged under it.
/// `chain` holds the names loaded so far, to refuse cycles.
fn load_chain(
    text: &str,
    origin: &Origin,
    sources: &mut Sources,
    chain: &mut Vec<String>,
) -> (VariantSpec, Vec<Diagnostic>) {
    let (spec, mut diags) = load_spec(text);
    let Some(extends) = spec.extends.clone() else {
        return (spec, diags);
    };
    let parent = match resolve_parent(&extends, origin, chain) {
        Ok(parent) => parent,
        Err(d) => {
            diags.push(d);
            return (spec, diags);
        }
    };
    let (parent_name, parent_text, parent_origin) = parent;
    let base = sources.add(SourceFile {
        name: parent_name.clone(),
        text: parent_text.clone(),
    });
    chain.push(parent_name);
    let (mut parent_spec, parent_diags) = load_chain(&parent_text, &parent_origin, sources, chain);
    // The parent's spans (and its own parents', which are already in their ranges) move to
    // its range: shift only what came from this parent's text.
    shift_spans(&mut parent_spec, base, parent_text.len());
    diags.extend(parent_diags.into_iter().map(|mut d| {
        if d.span.start <= parent_text.len() {
            d.span = d.span.start + base..d.span.end + base;
        }
        d
    }));
    let merged = merge(parent_spec, spec, &mut diags);
    check_complete(&merged, &extends.span, &mut diags);
    (merged, diags)
}

/// The parent a file `extends`: a file next to it (or at that path), else a shipped
/// variant by name. Returns its name, text and origin.
fn resolve_parent(
    extends: &Spanned<String>,
    origin: &Origin,
    chain: &[String],
) -> Result<(String, String, Origin), Diagnostic> {
    if chain.len() > MAX_EXTENDS_DEPTH {
        return Err(Diagnostic::error(
            format!("`extends` goes more than {MAX_EXTENDS_DEPTH} files deep"),
            extends.span.clone(),
        ));
    }
    let wanted = extends.value.as_str();
    let on_disk = match origin {
        Origin::File(path) => path.parent().map(|dir| dir.join(wanted)),
        Origin::Text => None,
    };
    let (name, text, parent_origin) = match on_disk.filter(|p| p.is_file()) {
        Some(path) => {
            let text =
                read_variant_file(&path).map_err(|m| Diagnostic::error(m, extends.span.clone()))?;
            (path.display().to_string(), text, Origin::File(path))
        }
        None => {
            let stem = wanted.strip_suffix(".toml").unwrap_or(wanted);
            let Some((stem, text)) = SHIPPED.iter().find(|(s, _)| *s == stem) else {
                let names: Vec<&str> = SHIPPED.iter().map(|(s, _)| *s).collect();
                let hint = match crate::diagnostics::did_you_mean(stem, &names) {
                    Some(close) => format!("did you mean `{close}`?"),
                    None => format!(
                        "give a file path, or one of the shipped variants: {}",
                        names.join(", ")
                    ),
                };
                return Err(Diagnostic::error(
                    format!("no variant file `{wanted}` next to this file and no shipped variant `{stem}`"),
                    extends.span.clone(),
                )
                .with_hint(hint));
            };
            (
                format!("variants/{stem}.toml"),
                text.to_string(),
                Origin::Text,
            )
        }
    };
    if chain.contains(&name) {
        return Err(Diagnostic::error(
            format!("`extends` makes a cycle: {} → {name}", chain.join(" → ")),
            extends.span.clone(),
        ));
    }
    Ok((name, text, parent_origin))
}

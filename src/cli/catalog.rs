//! The variants a protocol front end offers: files and folders named on the command line (a
//! folder stands for its `*.toml` files), by default the shipped `variants/` folder; each
//! variant is known by a short name, its file stem (`variants/hero-chess.toml` →
//! `hero-chess`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairyrules::Rules;

use super::bench::variant_files;

/// The largest variant file read (the shipped ones are under 10 KiB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// A loaded variant.
#[derive(Clone)]
pub struct Variant {
    /// Short name (file stem, lower case, spaces as `-`).
    pub name: String,
    /// The compiled rules, shared with the search thread.
    pub rules: Arc<Rules>,
    /// Where it was loaded from.
    pub path: PathBuf,
}

/// A file to load, and whether it was named itself or found in a named folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The file.
    pub path: PathBuf,
    /// Found by listing a folder (a folder may hold files that are not variants).
    pub from_folder: bool,
}

/// The short name of a variant file.
pub fn short_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().to_lowercase().replace(' ', "-"))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "variant".to_string())
}

/// The shipped `variants/` folder: under the working folder, next to the executable or two
/// folders up from it (`target/release/`), or in the crate the binary was built from.
pub fn default_folder() -> Option<PathBuf> {
    let mut candidates = vec![PathBuf::from("variants")];
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        candidates.push(dir.join("variants"));
        candidates.push(dir.join("../../variants"));
    }
    candidates.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("variants"));
    candidates
        .into_iter()
        .find(|c| !variant_files(c).is_empty())
}

/// The files that paths name: a file itself, a folder its `*.toml` files (sorted).
pub fn sources(paths: &[PathBuf]) -> Result<Vec<Source>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let files = variant_files(p);
            if files.is_empty() {
                return Err(format!("{}: no *.toml files in this folder", p.display()));
            }
            out.extend(files.into_iter().map(|path| Source {
                path,
                from_folder: true,
            }));
        } else if p.exists() {
            out.push(Source {
                path: p.clone(),
                from_folder: false,
            });
        } else {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    Ok(out)
}

/// The files named on the command line, or the default folder's when none are.
pub fn command_line_sources(paths: &[PathBuf]) -> Result<Vec<Source>, String> {
    if !paths.is_empty() {
        return sources(paths);
    }
    let folder = default_folder().ok_or_else(|| {
        "error: no variant files given and no `variants` folder found (in the working \
         folder, next to the program, or in its source tree): name files or folders"
            .to_string()
    })?;
    sources(&[folder])
}

/// Load and compile one variant file (a regular file of at most [`MAX_FILE_BYTES`]);
/// the error is the rendered diagnostics.
pub fn load(path: &Path) -> Result<Variant, String> {
    let meta =
        std::fs::metadata(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{}: not a regular file", path.display()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{}: {} bytes is too large for a variant file (at most {MAX_FILE_BYTES})",
            path.display(),
            meta.len()
        ));
    }
    let rules = Rules::load(path).map_err(|f| f.render())?;
    Ok(Variant {
        name: short_name(path),
        rules: Arc::new(rules),
        path: path.to_path_buf(),
    })
}

/// Load every source: a file named itself must load (its error is returned); one found in a
/// folder that does not load is skipped, with its error in the second list.
pub fn load_all(sources: &[Source]) -> Result<(Vec<Variant>, Vec<String>), String> {
    let mut variants = Vec::new();
    let mut skipped = Vec::new();
    for s in sources {
        match load(&s.path) {
            Ok(v) => variants.push(v),
            Err(e) if s.from_folder => skipped.push(e),
            Err(e) => return Err(e),
        }
    }
    Ok((variants, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_are_file_stems() {
        assert_eq!(
            short_name(Path::new("variants/hero-chess.toml")),
            "hero-chess"
        );
        assert_eq!(short_name(Path::new("My Variant.TOML")), "my-variant");
    }

    #[test]
    fn the_shipped_folder_is_found() {
        let folder = default_folder().expect("variants folder");
        assert!(folder.join("chess.toml").exists());
    }
}

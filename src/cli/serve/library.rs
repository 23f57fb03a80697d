//! The variants the server may show: the files named on the command line (with the files
//! they `extends`), read once at start-up — the server never touches the file system
//! afterwards — and a small cache of variants compiled from edited text sent by the page.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use fairyrules::{LoadError, Rules};

use super::limits::RULES_CACHE_ENTRIES;

/// One variant file given on the command line.
pub struct Variant {
    /// A short name for the API (`hectochess`): the file stem, made unique.
    pub id: String,
    /// The path as given (diagnostics name it).
    pub file: String,
    /// The file's text.
    pub source: String,
    /// The compiled variant, or the file's errors as `validate` prints them.
    pub rules: Result<Arc<Rules>, String>,
}

impl Variant {
    /// The variant's name, or the file stem for a file with errors.
    pub fn name(&self) -> String {
        match &self.rules {
            Ok(rules) => rules.name().to_string(),
            Err(_) => self.id.clone(),
        }
    }
}

/// The loaded variants and the cache of compiled edited texts.
pub struct Library {
    /// In the order given (the files of a folder sorted by name).
    pub variants: Vec<Variant>,
    /// Recently compiled texts, most recent first.
    cache: Mutex<Vec<(String, Arc<Rules>)>>,
}

/// The `.toml` files of a folder, sorted.
fn toml_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("error: cannot read the folder {}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

impl Library {
    /// Read every file, and every `.toml` file of every folder, in `paths`. A file that does
    /// not compile is kept (the page shows its errors in the editor); one that cannot be read
    /// is an error.
    pub fn load(paths: &[PathBuf]) -> Result<Library, String> {
        let mut files = Vec::new();
        for path in paths {
            if path.is_dir() {
                files.extend(toml_files(path)?);
            } else {
                files.push(path.clone());
            }
        }
        let mut variants: Vec<Variant> = Vec::new();
        for path in files {
            let source = read_bounded(&path)
                .map_err(|e| format!("error: cannot read {}: {e}", path.display()))?;
            let file = path.display().to_string();
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| "variant".to_string());
            let mut id = stem.clone();
            let mut n = 2;
            while variants.iter().any(|v| v.id == id) {
                id = format!("{stem}-{n}");
                n += 1;
            }
            // As `validate` loads it (a file it `extends` next to it is read too).
            let rules = Rules::load(&path)
                .map(Arc::new)
                .map_err(|e| validate_text(&file, &e));
            variants.push(Variant {
                id,
                file,
                source,
                rules,
            });
        }
        Ok(Library {
            variants,
            cache: Mutex::new(Vec::new()),
        })
    }

    /// The variant with this id.
    pub fn get(&self, id: &str) -> Option<&Variant> {
        self.variants.iter().find(|v| v.id == id)
    }

    /// Compile variant text sent by a page (named `name` in diagnostics), from the cache
    /// when the same text was compiled recently. No file is read: its `extends` finds the
    /// shipped variants only.
    pub fn compile(&self, name: &str, text: &str) -> Result<Arc<Rules>, LoadError> {
        if let Some(rules) = self.cached(text) {
            return Ok(rules);
        }
        let rules = Arc::new(Rules::from_text(name, text)?);
        self.remember(text, &rules);
        Ok(rules)
    }

    /// A compiled text from the cache (moved to the front).
    fn cached(&self, text: &str) -> Option<Arc<Rules>> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let i = cache.iter().position(|(t, _)| t == text)?;
        let entry = cache.remove(i);
        let rules = entry.1.clone();
        cache.insert(0, entry);
        Some(rules)
    }

    /// Keep a compiled text, dropping the least recently used beyond the cache's size.
    fn remember(&self, text: &str, rules: &Arc<Rules>) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.retain(|(t, _)| t != text);
        cache.insert(0, (text.to_string(), rules.clone()));
        cache.truncate(RULES_CACHE_ENTRIES);
    }
}

/// A failed file's report exactly as `fairyrules validate` prints it: every diagnostic,
/// then `FILE: N error(s)`.
pub fn validate_text(file: &str, error: &LoadError) -> String {
    let n = error.diagnostics.len();
    format!(
        "{}{file}: {n} error{}\n",
        error.render(),
        if n == 1 { "" } else { "s" }
    )
}

/// A variant file's text, refused beyond the loader's limit (`serve /dev/zero` must not
/// fill the memory).
fn read_bounded(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let limit = fairyrules::MAX_VARIANT_BYTES;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() > limit {
        return Err(format!(
            "longer than {limit} bytes, the most a variant file may have"
        ));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

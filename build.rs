//! Embeds the shipped variant files (`variants/*.toml`) and learned evaluations
//! (`variants/nets/*.net`) in the library, so that a variant file anywhere can
//! `extends = "chess"`, a shipped variant read from the binary finds its net, and the binary
//! knows its variants wherever it runs.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The files in `dir` whose names end in `.ext`, sorted.
fn files_in(dir: &Path, ext: &str) -> Vec<PathBuf> {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Write `const NAME: &[(&str, &str)]` (with its doc line): each file's key and text.
fn write_table(
    f: &mut impl Write,
    doc: &str,
    name: &str,
    files: &[PathBuf],
    key: impl Fn(&Path) -> String,
) {
    writeln!(f, "/// {doc}").unwrap();
    writeln!(f, "pub const {name}: &[(&str, &str)] = &[").unwrap();
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = path.display().to_string();
        writeln!(f, "    ({:?}, include_str!({text:?})),", key(path)).unwrap();
    }
    writeln!(f, "];").unwrap();
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    let mut f = std::fs::File::create(out).expect("write shipped.rs");
    let name = |p: &Path, part: Option<&std::ffi::OsStr>| {
        part.unwrap_or(p.as_os_str()).to_string_lossy().to_string()
    };
    write_table(
        &mut f,
        "The shipped variants: (file stem, file text).",
        "SHIPPED",
        &files_in(&dir, "toml"),
        |p| name(p, p.file_stem()),
    );
    write_table(
        &mut f,
        "The shipped learned evaluations: (path from `variants/`, file text).",
        "SHIPPED_NETS",
        &files_in(&dir.join("nets"), "net"),
        |p| format!("nets/{}", name(p, p.file_name())),
    );
}

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

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    let mut f = std::fs::File::create(out).expect("write shipped.rs");
    writeln!(f, "/// The shipped variants: (file stem, file text).").unwrap();
    writeln!(f, "pub const SHIPPED: &[(&str, &str)] = &[").unwrap();
    for path in files_in(&dir, "toml") {
        println!("cargo:rerun-if-changed={}", path.display());
        let stem = path.file_stem().unwrap().to_string_lossy();
        writeln!(
            f,
            "    ({stem:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    writeln!(f, "];").unwrap();
    writeln!(
        f,
        "/// The shipped learned evaluations: (path from `variants/`, file text)."
    )
    .unwrap();
    writeln!(f, "pub const SHIPPED_NETS: &[(&str, &str)] = &[").unwrap();
    for path in files_in(&dir.join("nets"), "net") {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().unwrap().to_string_lossy();
        writeln!(
            f,
            "    (\"nets/{name}\", include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    writeln!(f, "];").unwrap();
}

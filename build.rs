//! Embeds the shipped variant files (`variants/*.toml`) in the library, so that a variant
//! file anywhere can `extends = "chess"` and the binary knows its variants wherever it runs.

use std::io::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the variants folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    let mut f = std::fs::File::create(out).expect("write shipped.rs");
    writeln!(f, "/// The shipped variants: (file stem, file text).").unwrap();
    writeln!(f, "pub const SHIPPED: &[(&str, &str)] = &[").unwrap();
    for path in files {
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
}

//! The source tree's layering: no import cycle between the library's top-level modules, and
//! no hook named in code outside `src/hooks/` (everything else reaches hooks through the
//! `rules::Hook` trait; comments and variant files may name them).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The library's source files by top-level module (the binary's `main.rs` and `cli/` and
/// the crate root excluded).
fn library_modules() -> BTreeMap<String, Vec<PathBuf>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut modules: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let name = first.to_string_lossy().trim_end_matches(".rs").to_string();
        if ["lib", "main", "cli"].contains(&name.as_str()) {
            continue;
        }
        modules.entry(name).or_default().push(file);
    }
    modules
}

/// The top-level modules a source text names through `crate::` paths (in `use` lines and
/// inline), ignoring comments.
fn references(text: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if known.contains(&name) {
                out.insert(name);
            }
        }
    }
    out
}

/// A cycle in the graph, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(next, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn library_modules_import_each_other_without_cycles() {
    let modules = library_modules();
    assert!(modules.len() >= 15, "{:?}", modules.keys());
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    let mut graph = BTreeMap::new();
    for (name, files) in &modules {
        let mut uses = BTreeSet::new();
        for file in files {
            uses.extend(references(&std::fs::read_to_string(file).unwrap(), &known));
        }
        uses.remove(name);
        graph.insert(name.clone(), uses);
    }
    assert_eq!(find_cycle(&graph), None, "module graph: {graph:#?}");
    // The lowest layers depend on nothing above them.
    assert!(graph["types"].is_empty(), "types uses {:?}", graph["types"]);
    for module in ["rules", "board"] {
        for higher in [
            "position", "movegen", "targets", "hooks", "compile", "fen", "engine",
        ] {
            assert!(
                !graph[module].contains(higher),
                "{module} uses {higher}: {:?}",
                graph[module]
            );
        }
    }
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        find_cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}

#[test]
fn hooks_are_named_only_in_their_own_module() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let names = [
        "BorrowMoves",
        "ElephantCharge",
        "\"borrow-moves\"",
        "\"elephant-charge\"",
    ];
    for file in files {
        if file.starts_with(src.join("hooks")) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in names {
                assert!(
                    !code.contains(name),
                    "{}:{} names the hook {name}",
                    file.display(),
                    i + 1
                );
            }
        }
    }
}

//! The XBoard and UCI command loops of the binary (its `src/cli` compiled in) over any
//! bytes: the first byte picks the protocol; never a panic, a hang or unbounded memory.
//! Searches are kept short: XBoard starts with `sd 1`, its `sd` lines are read as `sd 1`
//! and every line naming `new` is followed by `sd 1` (`new` lifts the depth limit, as the
//! protocol says; without it each `go` thought for the default 2 s and the target ran about
//! one input in two seconds); every UCI `go` gets `depth 1` appended (a later value wins).
//! Tables are 1 MiB: UCI `Hash` lines are read as `Hash value 1`.
#![no_main]
#![allow(dead_code, unused_imports, unused_macros)]

#[path = "../../src/cli/mod.rs"]
mod cli;

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

fn files() -> Vec<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../variants"));
    [
        "chess",
        "xiangqi",
        "glinski",
        "atomic",
        "grand",
        "racingkings",
        "hero-chess",
    ]
    .iter()
    .map(|n| dir.join(format!("{n}.toml")))
    .collect()
}

fn xboard_variants() -> &'static Vec<cli::xboard::describe::Variant> {
    static V: OnceLock<Vec<cli::xboard::describe::Variant>> = OnceLock::new();
    V.get_or_init(|| cli::xboard::variants(&files()).unwrap())
}

fn uci_variants() -> &'static Vec<cli::catalog::Variant> {
    static V: OnceLock<Vec<cli::catalog::Variant>> = OnceLock::new();
    V.get_or_init(|| {
        files()
            .iter()
            .map(|f| cli::catalog::load(f).unwrap())
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    if rest.len() > 4096 {
        return;
    }
    let mut input = Vec::new();
    let out = cli::output::Output::new(std::io::sink());
    if which % 2 == 0 {
        input.extend_from_slice(b"sd 1\n");
        for line in rest.split(|&b| b == b'\n') {
            if line.starts_with(b"sd") {
                input.extend_from_slice(b"sd 1");
            } else {
                input.extend_from_slice(line);
            }
            input.push(b'\n');
            if line.windows(3).any(|w| w == b"new") {
                input.extend_from_slice(b"sd 1\n");
            }
        }
        let mut session = cli::xboard::Session::new(xboard_variants().clone(), 1, out);
        session.run(&input[..]);
    } else {
        for line in rest.split(|&b| b == b'\n') {
            // A table size of the input's choosing (up to 4 GiB) is not what is fuzzed.
            let lower = line.to_ascii_lowercase();
            let hash = lower.windows(4).any(|w| w == b"hash");
            if hash && !lower.windows(5).any(|w| w == b"clear") {
                input.extend_from_slice(b"setoption name Hash value 1\n");
                continue;
            }
            input.extend_from_slice(line);
            if line.trim_ascii_start().starts_with(b"go") {
                input.extend_from_slice(b" depth 1");
            }
            input.push(b'\n');
        }
        let mut session = cli::uci::Session::new(uci_variants().clone(), 1, out);
        session.run(&input[..]);
    }
});

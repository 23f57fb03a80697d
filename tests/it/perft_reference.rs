//! Perft counts read from `tests/data/perft/*.perft` (format in that folder's README), by one
//! runner: every file, every position, every depth. Counts up to [`DEFAULT_LIMIT`] leaves run
//! in the default suite; larger ones in the ignored `..._deep` test
//! (`cargo test --release perft -- --ignored`).

use std::path::{Path, PathBuf};

use crate::common::{legal, load_variant};

use fairyrules::parse_move;
use fairyrules::{divide, perft};
use fairyrules::{parse_fen, to_fen};

/// Largest count checked by the default (non-ignored) test.
const DEFAULT_LIMIT: u64 = 5_000_000;

/// One expected count: which position, how deep, how many leaves.
#[derive(Debug, Clone)]
struct Case {
    /// `file:line` of the `perft` line, for messages.
    origin: String,
    /// The position's label.
    position: String,
    /// Its position string, or `None` for the variant's start position.
    fen: Option<String>,
    /// Moves played from there, in fairyrules notation.
    moves: Vec<String>,
    depth: u32,
    nodes: u64,
}

/// A parsed `.perft` file.
#[derive(Debug)]
struct PerftFile {
    variant: String,
    cases: Vec<Case>,
}

/// Read a `.perft` file.
fn read_perft_file(path: &Path) -> PerftFile {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut variant = None;
    let mut position: Option<String> = None;
    let mut fen: Option<String> = None;
    let mut moves: Vec<String> = Vec::new();
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let origin = format!("{name}:{}", i + 1);
        let line = raw.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "variant" => {
                assert!(variant.is_none(), "{origin}: a second `variant` line");
                variant = Some(rest.to_string());
            }
            "position" => {
                position = Some(rest.to_string());
                fen = None;
                moves.clear();
            }
            "fen" => {
                assert!(position.is_some(), "{origin}: `fen` before any `position`");
                assert!(moves.is_empty(), "{origin}: `fen` after `moves`");
                fen = Some(rest.to_string());
            }
            "moves" => {
                assert!(
                    position.is_some(),
                    "{origin}: `moves` before any `position`"
                );
                moves.extend(rest.split_whitespace().map(str::to_string));
            }
            "perft" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let [depth, nodes] = parts.as_slice() else {
                    panic!("{origin}: expected `perft DEPTH NODES`, got `{line}`");
                };
                let depth: u32 = depth
                    .parse()
                    .unwrap_or_else(|_| panic!("{origin}: bad depth `{depth}`"));
                let nodes: u64 = nodes
                    .parse()
                    .unwrap_or_else(|_| panic!("{origin}: bad node count `{nodes}`"));
                cases.push(Case {
                    position: position
                        .clone()
                        .unwrap_or_else(|| panic!("{origin}: `perft` before any `position`")),
                    origin,
                    fen: fen.clone(),
                    moves: moves.clone(),
                    depth,
                    nodes,
                });
            }
            _ => panic!("{origin}: unknown directive `{key}`"),
        }
    }
    PerftFile {
        variant: variant.unwrap_or_else(|| panic!("{name}: no `variant` line")),
        cases,
    }
}

/// Every `.perft` file under `tests/data/perft/`, sorted.
fn data_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

/// Check the cases of one data file whose counts are within (`deep == false`) or above
/// (`deep == true`) [`DEFAULT_LIMIT`]; returns every mismatch.
fn check_file(path: &Path, deep: bool) -> Vec<String> {
    let data = read_perft_file(path);
    let rules = load_variant(&data.variant);
    let mut failures = Vec::new();
    for case in data
        .cases
        .iter()
        .filter(|c| (c.nodes > DEFAULT_LIMIT) == deep)
    {
        let fen = case
            .fen
            .clone()
            .unwrap_or_else(|| rules.start_fen().to_string());
        let mut pos = parse_fen(&rules, &fen)
            .unwrap_or_else(|e| panic!("{}: bad position string `{fen}`: {e}", case.origin));
        for text in &case.moves {
            let mv = parse_move(&rules, &mut pos, text)
                .unwrap_or_else(|e| panic!("{}: move `{text}`: {e}", case.origin));
            pos.make(&rules, mv);
        }
        let before = to_fen(&rules, &pos);
        let got = perft(&rules, &mut pos, case.depth);
        if got != case.nodes {
            failures.push(format!(
                "{} ({} depth {}): expected {}, got {}",
                case.origin, case.position, case.depth, case.nodes, got
            ));
        }
        assert_eq!(
            to_fen(&rules, &pos),
            before,
            "{}: perft did not restore the position",
            case.origin
        );
    }
    failures
}

/// Check every data file, files spread over the available cores; report every mismatch.
fn check_all(deep: bool) {
    let files = data_files();
    assert!(files.len() >= 8, "only {} perft files", files.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut found = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(file) = files.get(i) else {
                            return found;
                        };
                        found.extend(check_file(file, deep));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a perft worker panicked"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_perft_file_matches() {
    check_all(false);
}

#[test]
#[ignore = "deep perft; run with `cargo test --release perft -- --ignored`"]
fn every_perft_file_matches_deep() {
    check_all(true);
}

#[test]
fn every_shipped_variant_has_a_perft_file() {
    let with_data: Vec<String> = data_files()
        .iter()
        .map(|p| read_perft_file(p).variant)
        .collect();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("variants");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".toml") {
            assert!(
                with_data.contains(&name),
                "{name} has no tests/data/perft file"
            );
        }
    }
}

/// `divide` sums to `perft`, lists each legal root move once under its notation, and each
/// root move's count is perft(depth - 1) of the position after it.
fn check_divide(variant: &str, fen: &str, depth: u32) {
    let rules = load_variant(variant);
    let mut pos = parse_fen(&rules, fen).unwrap();
    let before = to_fen(&rules, &pos);
    let total = perft(&rules, &mut pos, depth);
    let rows = divide(&rules, &mut pos, depth);
    assert_eq!(to_fen(&rules, &pos), before, "divide changed the position");
    assert_eq!(
        rows.iter().map(|r| r.1).sum::<u64>(),
        total,
        "{variant} `{fen}` depth {depth}: divide does not sum to perft"
    );

    let names = legal(&rules, &mut pos);
    let mut divided: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    divided.sort();
    assert_eq!(
        divided, names,
        "divide's root moves are not the legal moves"
    );

    for (name, count) in &rows {
        let mv = parse_move(&rules, &mut pos, name)
            .unwrap_or_else(|e| panic!("divide printed `{name}`, which does not parse: {e}"));
        pos.make(&rules, mv);
        let sub = perft(&rules, &mut pos, depth - 1);
        pos.unmake(&rules);
        assert_eq!(*count, sub, "{variant} `{fen}`: root move {name}");
    }
    assert_eq!(to_fen(&rules, &pos), before);
}

#[test]
fn divide_matches_perft_chess() {
    check_divide(
        "chess.toml",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        3,
    );
    // Castling, en passant, promotions with choice.
    check_divide(
        "chess.toml",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    );
    check_divide(
        "chess.toml",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
    );
    check_divide("chess.toml", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4);
    // Depth 1: every count is 1.
    check_divide(
        "chess.toml",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        1,
    );
}

#[test]
fn divide_matches_perft_capablanca() {
    check_divide(
        "capablanca.toml",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        3,
    );
}

#[test]
fn divide_matches_perft_hectochess() {
    check_divide(
        "hectochess.toml",
        "awl4lwm/rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR/AWL4LWM w KQkq - 0 1",
        2,
    );
}

#[test]
fn divide_at_start_of_chess_is_twenty_times_twenty() {
    let rules = load_variant("chess.toml");
    let mut pos = parse_fen(&rules, rules.start_fen()).unwrap();
    let rows = divide(&rules, &mut pos, 2);
    assert_eq!(rows.len(), 20);
    assert!(rows.iter().all(|r| r.1 == 20), "{rows:?}");
}

//! Reference perft counts, read from `tests/data/perft/*.perft`.
//!
//! Counts up to [`DEFAULT_LIMIT`] nodes run in the default suite; larger ones in the
//! `*_deep` tests, run with `cargo test --release --test perft_reference -- --ignored`.

use std::path::{Path, PathBuf};

use crate::common::{legal, load_variant};

use fairyrules::fen::{parse_fen, to_fen};
use fairyrules::notation::parse_move;
use fairyrules::perft::{divide, perft};

/// Largest count checked by the default (non-ignored) tests.
const DEFAULT_LIMIT: u64 = 5_000_000;

/// One expected count: which position, how deep, how many leaves.
#[derive(Debug, Clone)]
struct Case {
    /// `file:line` of the `perft` line, for messages.
    origin: String,
    position: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

/// A parsed `.perft` file.
#[derive(Debug)]
struct PerftFile {
    variant: String,
    cases: Vec<Case>,
}

/// Read a `.perft` file (format described at the top of `chess.perft`).
fn read_perft_file(path: &Path) -> PerftFile {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut variant = None;
    let mut position: Option<String> = None;
    let mut fen: Option<String> = None;
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
            }
            "fen" => {
                assert!(position.is_some(), "{origin}: `fen` before any `position`");
                fen = Some(rest.to_string());
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
                    origin,
                    position: position
                        .clone()
                        .unwrap_or_else(|| panic!("{name}: `perft` before any `position`")),
                    fen: fen
                        .clone()
                        .unwrap_or_else(|| panic!("{name}: `perft` before any `fen`")),
                    depth,
                    nodes,
                });
            }
            other => panic!("{origin}: unknown directive `{other}`"),
        }
    }
    PerftFile {
        variant: variant.unwrap_or_else(|| panic!("{name}: no `variant` line")),
        cases,
    }
}

/// A file under `tests/data/perft/`.
fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/perft")
        .join(name)
}

/// Run the cases of a data file whose counts are within (`deep == false`) or above
/// (`deep == true`) [`DEFAULT_LIMIT`]; report every mismatch at once.
fn run_reference(file: &str, deep: bool) {
    let data = read_perft_file(&data_file(file));
    let rules = load_variant(&data.variant);
    let selected: Vec<&Case> = data
        .cases
        .iter()
        .filter(|c| (c.nodes > DEFAULT_LIMIT) == deep)
        .collect();
    assert!(!selected.is_empty(), "{file}: no cases selected");
    let mut failures = Vec::new();
    for case in selected {
        let mut pos = parse_fen(&rules, &case.fen)
            .unwrap_or_else(|e| panic!("{}: bad FEN `{}`: {e}", case.origin, case.fen));
        let got = perft(&rules, &mut pos, case.depth);
        if got != case.nodes {
            failures.push(format!(
                "{} ({} depth {}): expected {}, got {}",
                case.origin, case.position, case.depth, case.nodes, got
            ));
        }
        assert_eq!(
            to_fen(&rules, &pos),
            to_fen(&rules, &parse_fen(&rules, &case.fen).unwrap()),
            "{}: perft did not restore the position",
            case.origin
        );
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn data_files_hold_every_reference_count() {
    // The numbers of /work/shared/reference/perft.md for these three variants.
    let expected: &[(&str, &str, &[u64])] = &[
        (
            "chess.perft",
            "start",
            &[20, 400, 8902, 197281, 4865609, 119060324],
        ),
        (
            "chess.perft",
            "kiwipete",
            &[48, 2039, 97862, 4085603, 193690690],
        ),
        (
            "chess.perft",
            "position-3",
            &[14, 191, 2812, 43238, 674624, 11030083],
        ),
        (
            "chess.perft",
            "position-4",
            &[6, 264, 9467, 422333, 15833292],
        ),
        (
            "chess.perft",
            "position-5",
            &[44, 1486, 62379, 2103487, 89941194],
        ),
        (
            "capablanca.perft",
            "start",
            &[28, 784, 25228, 805128, 28741319],
        ),
        (
            "hectochess.perft",
            "start",
            &[50, 2500, 126524, 6398056, 332952762],
        ),
    ];
    for (file, position, counts) in expected {
        let data = read_perft_file(&data_file(file));
        let got: Vec<(u32, u64)> = data
            .cases
            .iter()
            .filter(|c| c.position == *position)
            .map(|c| (c.depth, c.nodes))
            .collect();
        let want: Vec<(u32, u64)> = counts
            .iter()
            .enumerate()
            .map(|(i, &n)| (i as u32 + 1, n))
            .collect();
        assert_eq!(got, want, "{file}, position {position}");
    }
}

#[test]
fn chess_reference_counts() {
    run_reference("chess.perft", false);
}

#[test]
fn capablanca_reference_counts() {
    run_reference("capablanca.perft", false);
}

#[test]
fn hectochess_reference_counts() {
    run_reference("hectochess.perft", false);
}

#[test]
#[ignore = "deep perft; run with `cargo test --release -- --ignored`"]
fn chess_reference_counts_deep() {
    run_reference("chess.perft", true);
}

#[test]
#[ignore = "deep perft; run with `cargo test --release -- --ignored`"]
fn capablanca_reference_counts_deep() {
    run_reference("capablanca.perft", true);
}

#[test]
#[ignore = "deep perft; run with `cargo test --release -- --ignored`"]
fn hectochess_reference_counts_deep() {
    run_reference("hectochess.perft", true);
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
    let mut pos = parse_fen(&rules, &rules.start_fen).unwrap();
    let rows = divide(&rules, &mut pos, 2);
    assert_eq!(rows.len(), 20);
    assert!(rows.iter().all(|r| r.1 == 20), "{rows:?}");
}

//! The search tree's size: nodes to reach a fixed depth from a few middle-game and endgame
//! positions, for each set of switched-off features — how much each pruning technique
//! narrows the tree (fewer nodes at equal depth), independent of machine speed.
//!
//! `cargo run --release --example tree_size -- [--variant FILE] [--fens FILE] DEPTH ["-null-move -lmr" ...]`
//!
//! Chess (the default) uses six fixed positions; another variant file uses the positions
//! reached after 10, 20, 30 and 40 plies of the engine playing itself at depth 4 from the
//! start (the same every run; a game that ends before ply 10 gives positions spread over
//! its plies). `--fens FILE` reads the positions from a file instead, one
//! position string per line (e.g. positions of games: `scripts/engine/tree_vs.py` prints each
//! one after its two node counts).

use fairyrules::engine::{Engine, Features, Limits};
use fairyrules::{Position, Rules};

const FENS: &[&str] = &[
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/P1NBPN2/1P2QPPP/2R2RK1 w - - 0 15",
    "8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 w - - 0 40",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
];

/// The positions after 10, 20, 30 and 40 plies of self-play at depth 4 from the start; if
/// that game ends before ply 10 (a king explodes in Atomic chess), those after a fifth, two,
/// three and four fifths of its plies instead.
fn self_play_positions(rules: &Rules) -> Vec<Position> {
    let mut pos = Position::start(rules);
    let mut engine = Engine::new(16);
    // The position after each ply played.
    let mut line = Vec::new();
    for _ in 1..=40 {
        let Some(mv) = engine.search(rules, &mut pos, &Limits::depth(4)).best else {
            break;
        };
        pos.make(rules, mv);
        line.push(pos.clone());
    }
    let plies: Vec<usize> = if line.len() >= 10 {
        (10..=line.len()).step_by(10).collect()
    } else {
        // The last position ends the game: it has nothing to search.
        let mut plies: Vec<usize> = (1..=4).map(|k| (k * line.len() / 5).max(1)).collect();
        plies.dedup();
        plies.retain(|&ply| ply < line.len());
        plies
    };
    plies.iter().map(|&ply| line[ply - 1].clone()).collect()
}

/// The value after `name` in `args` (both removed), if `name` is there.
fn take_option(args: &mut Vec<String>, name: &str) -> Option<String> {
    let i = args.iter().position(|a| a == name)?;
    let Some(value) = args.get(i + 1).cloned() else {
        eprintln!("tree_size: {name} needs a value");
        std::process::exit(2);
    };
    args.drain(i..i + 2);
    Some(value)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let file = take_option(&mut args, "--variant").unwrap_or("variants/chess.toml".into());
    let fens_file = take_option(&mut args, "--fens");
    let depth: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(10);
    let mut sets: Vec<String> = args.iter().skip(1).cloned().collect();
    if sets.is_empty() {
        sets.push(String::new());
    }
    let rules = Rules::load(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let positions: Vec<Position> = if let Some(path) = &fens_file {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .map(|fen| Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
            .collect()
    } else if file.ends_with("/chess.toml") {
        FENS.iter()
            .map(|fen| Position::from_fen(&rules, fen).expect("a valid position"))
            .collect()
    } else {
        self_play_positions(&rules)
    };
    for set in &sets {
        let features = Features::parse(set).unwrap_or_else(|e| panic!("{e}"));
        let mut total = 0u64;
        let mut each = Vec::new();
        for start in &positions {
            let mut pos = start.clone();
            let mut engine = Engine::new(64);
            engine.set_features(features);
            let r = engine.search(&rules, &mut pos, &Limits::depth(depth));
            total += r.nodes;
            each.push(r.nodes.to_string());
        }
        println!("[{set}] depth {depth}: {total} nodes ({})", each.join(" "));
    }
}

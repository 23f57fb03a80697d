//! The engine's search speed per variant: nodes per second from the start position and
//! from a position 12 plies into a self-play game, with the depth reached. Where that game
//! would end sooner (an Atomic king explodes), the row is the last position before its end,
//! labelled with its ply.
//!
//! `cargo run --release --example engine_speed -- [MILLISECONDS] [--nodes N] [--net NET]
//! [FILE...]` (default: 2000 ms and every `variants/*.toml`). `--nodes N` searches N nodes
//! a position instead of a time (for instruction counts under `valgrind --tool=callgrind`,
//! divided by the nodes printed); `--net NET` adds a learned evaluation
//! ([`fairyrules::engine::net`]) where it fits the variant.

use std::sync::Arc;
use std::time::Duration;

use fairyrules::engine::net::Net;
use fairyrules::engine::{Engine, Limits};
use fairyrules::{outcome, Outcome, Position, Rules};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let ms = match args.first().and_then(|a| a.parse::<u64>().ok()) {
        Some(ms) => {
            args.remove(0);
            ms
        }
        None => 2000,
    };
    let mut option = |name: &str| {
        let at = args.iter().position(|a| a == name)?;
        let value = args.get(at + 1).cloned();
        args.drain(at..(at + 2).min(args.len()));
        value
    };
    let nodes = option("--nodes").map(|n| n.parse::<u64>().expect("--nodes takes a number"));
    let net = option("--net").map(|file| {
        let text = std::fs::read_to_string(&file).expect("a readable net file");
        Arc::new(Net::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}")))
    });
    let limits = match nodes {
        Some(n) => Limits::nodes(n),
        None => Limits::movetime(Duration::from_millis(ms)),
    };
    if args.is_empty() {
        let mut files: Vec<String> = std::fs::read_dir("variants")
            .expect("run from the project root, or name the files")
            .filter_map(|e| e.ok())
            .map(|e| e.path().display().to_string())
            .filter(|p| p.ends_with(".toml"))
            .collect();
        files.sort();
        args = files;
    }
    println!("| variant | position | depth | nodes | seconds | nodes/s |");
    println!("|---|---|---:|---:|---:|---:|");
    for file in &args {
        let rules = match Rules::load(file) {
            Ok(r) => r,
            Err(e) => {
                eprint!("{}", e.render());
                continue;
            }
        };
        let mut pos = Position::start(&rules);
        let mut engine = Engine::new(64);
        engine.set_net(net.clone());
        for later in [false, true] {
            let mut label = if later {
                format!("ply {}", play_into_game(&rules, &mut pos, 12))
            } else {
                "start".to_string()
            };
            engine.clear();
            let r = engine.search(&rules, &mut pos, &limits);
            let secs = r.elapsed.as_secs_f64();
            if let Some(plies) = r.mate_in_plies() {
                // A proved result stops the search early: too few nodes to time.
                let plies = plies.abs();
                let s = if plies == 1 { "" } else { "s" };
                label.push_str(&format!(" (forced result in {plies} ply{s})"));
            }
            println!(
                "| {} | {label} | {} | {} | {secs:.2} | {:.0} |",
                rules.name(),
                r.depth,
                r.nodes,
                r.nodes as f64 / secs
            );
        }
    }
}

/// Up to `plies` plies of fast self-play from `pos`, stopping before a move that would end
/// the game (a finished game leaves nothing to search); returns the plies played.
fn play_into_game(rules: &Rules, pos: &mut Position, plies: usize) -> usize {
    let mut quick = Engine::new(16);
    for played in 0..plies {
        let Some(mv) = quick.search(rules, pos, &Limits::nodes(3_000)).best else {
            return played;
        };
        pos.make(rules, mv);
        if outcome(rules, pos) != Outcome::Ongoing {
            pos.unmake(rules);
            return played;
        }
    }
    plies
}

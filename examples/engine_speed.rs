//! The engine's search speed per variant: nodes per second from the start position and
//! from a position 12 plies into a self-play game, with the depth reached. Where that game
//! would end sooner (an Atomic king explodes), the row is the last position before its end,
//! labelled with its ply.
//!
//! `cargo run --release --example engine_speed -- [MILLISECONDS] [FILE...]`
//! (default: 2000 ms and every `variants/*.toml`).

use std::time::Duration;

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
        for row in 0..2 {
            let mut label = "start".to_string();
            if row == 1 {
                // Up to twelve plies of fast self-play from the start, stopping before a move
                // that would end the game (a finished game leaves nothing to search).
                let mut quick = Engine::new(16);
                let mut plies = 0;
                for _ in 0..12 {
                    let Some(mv) = quick.search(&rules, &mut pos, &Limits::nodes(3_000)).best
                    else {
                        break;
                    };
                    pos.make(&rules, mv);
                    if outcome(&rules, &mut pos) != Outcome::Ongoing {
                        pos.unmake(&rules);
                        break;
                    }
                    plies += 1;
                }
                label = format!("ply {plies}");
            }
            engine.clear();
            let r = engine.search(
                &rules,
                &mut pos,
                &Limits::movetime(Duration::from_millis(ms)),
            );
            let secs = r.elapsed.as_secs_f64();
            if secs * 1000.0 < ms as f64 / 2.0 {
                // The search stops early when it has proved a result: too few nodes to time.
                label.push_str(" (search ended early: a forced result)");
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

//! The evaluation's cost by term: evaluates the positions of pseudo-random games (each
//! position once, so the evaluation cache never answers) with each set of switched-off
//! features, for instruction counts under `valgrind --tool=callgrind`.
//!
//! `cargo run --release --example eval_cost -- [VARIANT_FILE] ["-mobility -threats" | none ...]`

use fairyrules::engine::eval::Evaluator;
use fairyrules::engine::Features;
use fairyrules::{generate_legal, Position, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args
        .first()
        .cloned()
        .unwrap_or_else(|| "variants/chess.toml".into());
    let sets: Vec<String> = if args.len() > 1 {
        args[1..].to_vec()
    } else {
        vec![String::new()]
    };
    let rules = Rules::load(&file).expect("a valid variant file");
    // Positions of 200 games of up to 80 plies, moves chosen by a fixed pseudo-random walk.
    let mut positions = Vec::new();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut moves = Vec::new();
    for _ in 0..200 {
        let mut pos = Position::start(&rules);
        for _ in 0..80 {
            moves.clear();
            generate_legal(&rules, &mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.make(&rules, moves[(seed % moves.len() as u64) as usize]);
            positions.push(pos.clone());
        }
    }
    for set in &sets {
        // `none`: no evaluation, to count what making the positions costs.
        if set == "none" {
            println!("[none] {} positions", positions.len());
            continue;
        }
        let features = Features::parse(set).unwrap_or_else(|e| panic!("{e}"));
        let mut eval = Evaluator::with_weights(&rules, None, Default::default(), features);
        let mut sum = 0i64;
        for pos in &positions {
            sum += i64::from(eval.evaluate(&rules, pos));
        }
        println!("[{set}] {} positions, checksum {sum}", positions.len());
    }
}

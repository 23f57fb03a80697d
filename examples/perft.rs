//! Perft with the library: load a variant file, walk the legal move tree, print the count
//! per root move and the total.
//!
//! ```sh
//! cargo run --release --example perft -- variants/chess.toml 4
//! cargo run --release --example perft -- variants/hectochess.toml 3 "e3e4 e8e7"
//! ```

use fairyrules::{divide, Position, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let file = args.next().unwrap_or_else(|| "variants/chess.toml".into());
    let depth: u32 = args.next().map_or(Ok(3), |d| d.parse())?;
    let moves = args.next().unwrap_or_default();

    let rules = Rules::load(&file)?;
    let mut pos = Position::start(&rules);
    for text in moves.split_whitespace() {
        pos.play(&rules, text)?;
    }
    println!("{} from {}", rules.name(), pos.fen(&rules));
    let rows = divide(&rules, &mut pos, depth);
    for (text, count) in &rows {
        println!("{text}: {count}");
    }
    println!("perft {depth}: {}", rows.iter().map(|r| r.1).sum::<u64>());
    Ok(())
}

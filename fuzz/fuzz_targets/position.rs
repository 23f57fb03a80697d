//! Position strings for every shipped variant (the first byte picks it): an error or a
//! position, never a panic; an accepted position has legal moves, an outcome, and a
//! position string that reads back to the same string.
#![no_main]

use libfuzzer_sys::fuzz_target;

use fairyrules::{legal_moves, outcome, parse_fen, to_fen};

mod shipped;
use shipped::all;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let variants = all();
    let rules = &variants[which as usize % variants.len()];
    if let Ok(mut pos) = parse_fen(rules, text) {
        let moves = legal_moves(rules, &mut pos);
        let _ = outcome(rules, &mut pos);
        let fen = to_fen(rules, &pos);
        let again = parse_fen(rules, &fen)
            .unwrap_or_else(|e| panic!("`{fen}` (from `{text}`) does not read back: {e}"));
        assert_eq!(to_fen(rules, &again), fen, "from `{text}`");
        for mv in moves.iter().take(4) {
            pos.make(rules, *mv);
            let _ = legal_moves(rules, &mut pos);
            pos.unmake(rules);
        }
    }
});

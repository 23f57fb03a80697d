//! The variant loader and compiler on any TOML text: located diagnostics or rules, never a
//! panic; compiled rules give a start position with legal moves and a position string that
//! reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;

use fairyrules::{legal_moves, parse_fen, to_fen, Position, Rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Rules::from_text("fuzz.toml", text) {
        Err(e) => {
            // Rendering reads every span against the text.
            let _ = e.render();
        }
        Ok(rules) => {
            let mut pos = Position::start(&rules);
            let moves = legal_moves(&rules, &mut pos);
            for mv in moves.iter().take(8) {
                pos.make(&rules, *mv);
                let _ = legal_moves(&rules, &mut pos);
                pos.unmake(&rules);
            }
            let fen = to_fen(&rules, &pos);
            let _ = parse_fen(&rules, &fen);
            let _ = fairyrules::outcome(&rules, &mut pos);
        }
    }
});

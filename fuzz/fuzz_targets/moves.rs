//! Move texts for every shipped variant (the first byte picks it), one per line, from the
//! start position: each is refused with an error or played; never a panic. `undo` takes a
//! move back.
#![no_main]

use libfuzzer_sys::fuzz_target;

use fairyrules::{legal_moves, move_to_string, outcome, parse_move, Outcome, Position};

mod shipped;
use shipped::all;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let variants = all();
    let rules = &variants[which as usize % variants.len()];
    let mut pos = Position::start(rules);
    let mut played = 0;
    for line in text.lines().take(64) {
        if line == "undo" {
            if played > 0 {
                pos.unmake(rules);
                played -= 1;
            }
            continue;
        }
        if outcome(rules, &mut pos) != Outcome::Ongoing {
            break;
        }
        if let Ok(mv) = parse_move(rules, &mut pos, line) {
            let legal = legal_moves(rules, &mut pos);
            assert!(
                legal.contains(&mv),
                "`{line}` parsed to a move that is not legal"
            );
            let name = move_to_string(rules, &legal, &mv);
            assert_eq!(
                parse_move(rules, &mut pos, &name).ok(),
                Some(mv),
                "`{name}`"
            );
            pos.make(rules, mv);
            played += 1;
        }
    }
});

//! The stable companion of the fuzz targets in `fuzz/` (which need nightly Rust): random
//! text for every parser of outside input, under `cargo test`. Each input gets an error or a
//! value, never a panic; what is accepted reads back.

use fairyrules::betza::parse_betza;
use fairyrules::{legal_moves, parse_fen, parse_move, to_fen, Position, Rules};
use proptest::prelude::*;

/// A shipped variant by index (wrapping), compiled once.
fn shipped(i: usize) -> &'static Rules {
    use std::sync::OnceLock;
    static ALL: OnceLock<Vec<Rules>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        fairyrules::shipped_variants()
            .iter()
            .map(|(stem, _)| Rules::shipped(stem).unwrap().unwrap())
            .collect()
    });
    &all[i % all.len()]
}

/// Text made of the characters that matter to the parsers, and any others now and then.
fn texty(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            8 => prop::sample::select(
                "abcdefghijklmnopqrstuvwxyzKQRBNPWFDAHCLZJGO0123456789/-+*[]~ ,()=\"\n#.{}"
                    .chars()
                    .collect::<Vec<_>>()
            ),
            1 => any::<char>(),
        ],
        0..max,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn betza_parser_never_panics(text in texty(40)) {
        let _ = parse_betza(&text);
    }

    #[test]
    fn position_strings_are_refused_or_read_back(which in 0usize..256, text in texty(90)) {
        let rules = shipped(which);
        if let Ok(mut pos) = parse_fen(rules, &text) {
            let _ = legal_moves(rules, &mut pos);
            let fen = to_fen(rules, &pos);
            let again = parse_fen(rules, &fen);
            prop_assert!(again.is_ok(), "`{}` from `{}`: {:?}", fen, text, again.err());
        }
        let _ = fairyrules::parse_position(rules, &text);
    }

    #[test]
    fn move_texts_are_refused_or_legal(which in 0usize..256, texts in prop::collection::vec(texty(8), 0..12)) {
        let rules = shipped(which);
        let mut pos = Position::start(rules);
        for text in &texts {
            if let Ok(mv) = parse_move(rules, &mut pos, text) {
                prop_assert!(legal_moves(rules, &mut pos).contains(&mv), "`{}`", text);
                pos.make(rules, mv);
            }
        }
    }

    #[test]
    fn edited_variant_files_load_or_are_located(
        which in 0usize..256,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..6, texty(6)), 1..6),
    ) {
        let (stem, text) = fairyrules::shipped_variants()[which % fairyrules::shipped_variants().len()];
        let mut text: Vec<char> = text.chars().collect();
        for (at, cut, insert) in &edits {
            let at = at.index(text.len() + 1);
            let end = (at + cut).min(text.len());
            text.splice(at..end, insert.chars());
        }
        let text: String = text.into_iter().collect();
        match Rules::from_text(stem, &text) {
            Ok(rules) => {
                let mut pos = Position::start(&rules);
                let _ = legal_moves(&rules, &mut pos);
            }
            Err(e) => {
                prop_assert!(!e.diagnostics.is_empty());
                let _ = e.render();
            }
        }
    }
}

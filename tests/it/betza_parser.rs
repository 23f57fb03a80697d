//! Tests for the Betza parser (`grammar/betza.pest` + `src/betza/parser.rs`): one test per
//! construct, exact spans for errors, and property tests that it never panics.

use fairyrules::betza::{
    parse_betza, Atom, BetzaError, BetzaMove, BetzaPiece, Direction, Hop, Leg, Modality, RangeSpec,
};
use proptest::prelude::*;

fn parse(text: &str) -> BetzaPiece {
    parse_betza(text).unwrap_or_else(|e| panic!("{text:?} should parse, got {e:?}"))
}

fn parse_one(text: &str) -> BetzaMove {
    let piece = parse(text);
    assert_eq!(
        piece.moves.len(),
        1,
        "{text:?} should be one move: {piece:?}"
    );
    piece.moves.into_iter().next().unwrap()
}

fn error(text: &str) -> BetzaError {
    match parse_betza(text) {
        Ok(piece) => panic!("{text:?} should fail, got {piece:?}"),
        Err(e) => e,
    }
}

fn direction(first: char, second: Option<char>, span: std::ops::Range<usize>) -> Direction {
    Direction {
        first,
        second,
        span,
    }
}

/// The text of each move, by span.
fn move_texts<'a>(text: &'a str, piece: &BetzaPiece) -> Vec<&'a str> {
    piece.moves.iter().map(|m| &text[m.span.clone()]).collect()
}

// ---------------------------------------------------------------- atoms and ranges

#[test]
fn empty_string_is_piece_without_moves() {
    assert_eq!(parse(""), BetzaPiece { moves: vec![] });
}

#[test]
fn bare_atom_is_one_move_with_one_empty_leg() {
    let m = parse_one("N");
    assert_eq!(
        m,
        BetzaMove {
            legs: vec![Leg {
                span: 0..0,
                ..Leg::default()
            }],
            initial: false,
            atom: Atom::Letter('N'),
            range: RangeSpec::Default,
            span: 0..1,
        }
    );
}

#[test]
fn every_atom_letter_is_kept_as_written() {
    for letter in "WFDNAHCLZJGKQRBO".chars() {
        let m = parse_one(&letter.to_string());
        assert_eq!(m.atom, Atom::Letter(letter));
        assert_eq!(m.range, RangeSpec::Default);
    }
}

#[test]
fn camel_and_zebra_synonyms_are_not_normalised() {
    let piece = parse("CLZJ");
    let atoms: Vec<Atom> = piece.moves.iter().map(|m| m.atom).collect();
    assert_eq!(
        atoms,
        vec![
            Atom::Letter('C'),
            Atom::Letter('L'),
            Atom::Letter('Z'),
            Atom::Letter('J')
        ]
    );
}

#[test]
fn consecutive_atoms_are_separate_moves() {
    let text = "WFD";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["W", "F", "D"]);
}

#[test]
fn doubled_atom_is_unlimited_rider() {
    for text in ["NN", "WW", "FF"] {
        let m = parse_one(text);
        assert_eq!(m.range, RangeSpec::Unlimited, "{text}");
        assert_eq!(m.span, 0..2);
    }
    assert_eq!(parse_one("NN").atom, Atom::Letter('N'));
}

#[test]
fn different_letters_are_not_doubling() {
    let text = "NW";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["N", "W"]);
    assert!(piece.moves.iter().all(|m| m.range == RangeSpec::Default));
}

#[test]
fn tripled_letter_is_rider_then_leaper() {
    let text = "NNN";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["NN", "N"]);
    assert_eq!(piece.moves[0].range, RangeSpec::Unlimited);
    assert_eq!(piece.moves[1].range, RangeSpec::Default);
}

#[test]
fn number_after_atom_is_limited_range() {
    assert_eq!(parse_one("R4").range, RangeSpec::Limited(4));
    assert_eq!(parse_one("W2").range, RangeSpec::Limited(2));
    assert_eq!(parse_one("B12").range, RangeSpec::Limited(12));
    assert_eq!(parse_one("R255").range, RangeSpec::Limited(255));
    assert_eq!(parse_one("R4").span, 0..2);
}

#[test]
fn zero_range_is_unlimited() {
    assert_eq!(parse_one("N0").range, RangeSpec::Unlimited);
    assert_eq!(parse_one("N00").range, RangeSpec::Unlimited);
}

#[test]
fn range_ends_the_move() {
    let text = "N0WR4B";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["N0", "W", "R4", "B"]);
}

#[test]
fn castling_with_distance() {
    let text = "KisO3isO2";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["K", "isO3", "isO2"]);
    let castle = &piece.moves[1];
    assert!(castle.initial);
    assert_eq!(castle.atom, Atom::Letter('O'));
    assert_eq!(castle.range, RangeSpec::Limited(3));
    assert_eq!(castle.legs.len(), 1);
    assert_eq!(castle.legs[0].directions, vec![direction('s', None, 2..3)]);
    assert_eq!(castle.legs[0].span, 1..3);
    assert_eq!(piece.moves[2].range, RangeSpec::Limited(2));
    assert!(!piece.moves[0].initial);
}

#[test]
fn range_above_255_is_error_on_the_number() {
    let e = error("R256");
    assert_eq!(e.span, 1..4);
    assert!(e.message.contains("256"), "{}", e.message);
    let huge = format!("WR{}", "9".repeat(400));
    let e = error(&huge);
    assert_eq!(e.span, 2..huge.len());
}

#[test]
fn explicit_leap_atom() {
    let m = parse_one("(4,1)");
    assert_eq!(m.atom, Atom::Leap(4, 1));
    assert_eq!(m.range, RangeSpec::Default);
    assert_eq!(m.span, 0..5);
    assert_eq!(parse_one("(0,3)").atom, Atom::Leap(0, 3));
    assert_eq!(parse_one("(10,12)").atom, Atom::Leap(10, 12));
}

#[test]
fn explicit_leap_with_range() {
    assert_eq!(parse_one("(1,2)0").range, RangeSpec::Unlimited);
    assert_eq!(parse_one("(1,2)3").range, RangeSpec::Limited(3));
    let m = parse_one("fm(2,1)4");
    assert_eq!(m.atom, Atom::Leap(2, 1));
    assert_eq!(m.range, RangeSpec::Limited(4));
    assert_eq!(m.span, 0..8);
}

#[test]
fn explicit_leaps_are_separate_moves() {
    let text = "(1,2)(1,2)W";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["(1,2)", "(1,2)", "W"]);
}

#[test]
fn explicit_leap_coordinate_above_255_is_error() {
    let e = error("(300,1)");
    assert_eq!(e.span, 1..4);
    assert!(e.message.contains("300"), "{}", e.message);
}

// ---------------------------------------------------------------- directions

#[test]
fn single_direction_letters() {
    for letter in "fblrvsh".chars() {
        let text = format!("{letter}W");
        let m = parse_one(&text);
        assert_eq!(m.legs[0].directions, vec![direction(letter, None, 0..1)]);
    }
}

#[test]
fn h_alone_is_a_direction() {
    let m = parse_one("hN");
    assert_eq!(m.legs[0].directions, vec![direction('h', None, 0..1)]);
}

#[test]
fn vertical_and_horizontal_letters_combine() {
    for pair in [
        "fs", "fl", "fr", "bl", "br", "bs", "ff", "bb", "ll", "rr", "lf", "rf", "lb", "rb", "lv",
        "rv", "fh", "bh", "lh", "rh", "hl", "hr", "vv", "ss", "vs", "sv", "hh", "hf",
    ] {
        let text = format!("{pair}N");
        let m = parse_one(&text);
        let mut letters = pair.chars();
        let first = letters.next().unwrap();
        let second = letters.next();
        assert_eq!(
            m.legs[0].directions,
            vec![direction(first, second, 0..2)],
            "{pair}"
        );
    }
}

#[test]
fn fb_gives_two_directions() {
    let m = parse_one("fbW");
    assert_eq!(
        m.legs[0].directions,
        vec![direction('f', None, 0..1), direction('b', None, 1..2)]
    );
}

#[test]
fn non_combining_pairs_give_two_directions() {
    for pair in ["fb", "bf", "lr", "rl", "fv", "sl", "rs"] {
        let text = format!("{pair}W");
        let m = parse_one(&text);
        assert_eq!(m.legs[0].directions.len(), 2, "{pair}");
        assert!(m.legs[0].directions.iter().all(|d| d.second.is_none()));
    }
}

#[test]
fn directions_pair_greedily_left_to_right() {
    let m = parse_one("ffrrN");
    assert_eq!(
        m.legs[0].directions,
        vec![
            direction('f', Some('f'), 0..2),
            direction('r', Some('r'), 2..4)
        ]
    );
    // `f` cannot pair with `b`, so `b` pairs with `s`.
    let m = parse_one("fbsW");
    assert_eq!(
        m.legs[0].directions,
        vec![direction('f', None, 0..1), direction('b', Some('s'), 1..3)]
    );
    // `fsb`: `fs` first, then `b` alone.
    let m = parse_one("fsbW");
    assert_eq!(
        m.legs[0].directions,
        vec![direction('f', Some('s'), 0..2), direction('b', None, 2..3)]
    );
}

#[test]
fn directions_do_not_combine_across_other_modifiers() {
    let m = parse_one("fmsW");
    assert_eq!(
        m.legs[0].directions,
        vec![direction('f', None, 0..1), direction('s', None, 2..3)]
    );
}

// ---------------------------------------------------------------- modalities and paths

#[test]
fn modality_letters_set_flags() {
    assert_eq!(
        parse_one("mW").legs[0].modality,
        Modality {
            move_to_empty: true,
            ..Modality::default()
        }
    );
    assert_eq!(
        parse_one("cW").legs[0].modality,
        Modality {
            capture: true,
            ..Modality::default()
        }
    );
    assert_eq!(
        parse_one("dW").legs[0].modality,
        Modality {
            destroy_friend: true,
            ..Modality::default()
        }
    );
    let m = parse_one("fceF");
    assert_eq!(
        m.legs[0].modality,
        Modality {
            capture: true,
            en_passant: true,
            ..Modality::default()
        }
    );
    assert!(parse_one("W").legs[0].modality.is_default());
}

#[test]
fn lame_and_jump_set_path_flags() {
    let m = parse_one("nN");
    assert!(m.legs[0].lame && !m.legs[0].jump);
    let m = parse_one("jD");
    assert!(m.legs[0].jump && !m.legs[0].lame);
}

#[test]
fn p_is_cannon_hop_and_g_is_grasshopper_hop() {
    assert_eq!(parse_one("pR").legs[0].hop, Some(Hop::Cannon));
    assert_eq!(parse_one("gQ").legs[0].hop, Some(Hop::Grasshopper));
    assert_eq!(parse_one("Q").legs[0].hop, None);
}

#[test]
fn cannon_piece_is_two_moves() {
    let text = "mQcpQ";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["mQ", "cpQ"]);
    assert!(piece.moves[0].legs[0].modality.move_to_empty);
    let cannon = &piece.moves[1].legs[0];
    assert!(cannon.modality.capture);
    assert_eq!(cannon.hop, Some(Hop::Cannon));
    assert_eq!(cannon.span, 2..4);
    assert_eq!(piece.moves[1].span, 2..5);
}

// ---------------------------------------------------------------- legs and `i`

#[test]
fn a_splits_legs() {
    let m = parse_one("mafsW");
    assert_eq!(m.atom, Atom::Letter('W'));
    assert_eq!(
        m.legs,
        vec![
            Leg {
                modality: Modality {
                    move_to_empty: true,
                    ..Modality::default()
                },
                span: 0..1,
                ..Leg::default()
            },
            Leg {
                directions: vec![direction('f', Some('s'), 2..4)],
                span: 2..4,
                ..Leg::default()
            },
        ]
    );
}

#[test]
fn three_legs_with_two_a() {
    let m = parse_one("cafmapR");
    assert_eq!(m.legs.len(), 3);
    assert!(m.legs[0].modality.capture);
    assert_eq!(m.legs[0].span, 0..1);
    assert_eq!(m.legs[1].directions, vec![direction('f', None, 2..3)]);
    assert!(m.legs[1].modality.move_to_empty);
    assert_eq!(m.legs[1].span, 2..4);
    assert_eq!(m.legs[2].hop, Some(Hop::Cannon));
    assert_eq!(m.legs[2].span, 5..6);
}

#[test]
fn a_before_atom_gives_empty_last_leg() {
    let text = "WmaW";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["W", "maW"]);
    assert_eq!(piece.moves[0].legs.len(), 1);
    let second = &piece.moves[1];
    assert_eq!(second.legs.len(), 2);
    assert!(second.legs[0].modality.move_to_empty);
    assert_eq!(second.legs[0].span, 1..2);
    assert_eq!(
        second.legs[1],
        Leg {
            span: 3..3,
            ..Leg::default()
        }
    );
}

#[test]
fn a_first_gives_empty_first_leg() {
    let m = parse_one("aW");
    assert_eq!(
        m.legs,
        vec![
            Leg {
                span: 0..0,
                ..Leg::default()
            },
            Leg {
                span: 1..1,
                ..Leg::default()
            },
        ]
    );
    assert_eq!(m.span, 0..2);
}

#[test]
fn initial_is_move_level() {
    let m = parse_one("ifmnD");
    assert!(m.initial);
    assert_eq!(m.legs.len(), 1);
    assert_eq!(m.legs[0].span, 0..4);
    assert!(m.legs[0].lame);
    // `i` in a later leg still marks the whole move and leaves no trace on the leg.
    let m = parse_one("maiW");
    assert!(m.initial);
    assert_eq!(
        m.legs[1],
        Leg {
            span: 2..3,
            ..Leg::default()
        }
    );
}

#[test]
fn pawn_splits_into_three_moves() {
    let text = "ifmnDfmWfceF";
    let piece = parse(text);
    assert_eq!(move_texts(text, &piece), vec!["ifmnD", "fmW", "fceF"]);
    assert_eq!(
        piece.moves.iter().map(|m| m.initial).collect::<Vec<_>>(),
        vec![true, false, false]
    );
    let double_step = &piece.moves[0];
    assert_eq!(double_step.atom, Atom::Letter('D'));
    assert_eq!(
        double_step.legs[0].directions,
        vec![direction('f', None, 1..2)]
    );
    assert!(double_step.legs[0].modality.move_to_empty);
    assert_eq!(
        piece.moves[2].legs[0].directions,
        vec![direction('f', None, 8..9)]
    );
    assert_eq!(piece.moves[2].span, 8..12);
}

// ---------------------------------------------------------------- errors

#[test]
fn error_points_at_offending_character() {
    for (text, span) in [
        ("KisO3isO2!", 9..10),
        ("mQxpQ", 2..3),
        ("fm", 2..2),
        ("R 4", 1..2),
        ("(4,", 3..3),
        ("(4", 2..2),
        ("(4,1", 4..4),
        ("(4;1)", 2..3),
        ("(x,1)", 1..2),
        ("X", 0..1),
        ("4R", 0..1),
        ("NN3", 2..3),
        (" W", 0..1),
        ("W ", 1..2),
        ("fM", 1..2),
        ("a", 1..1),
        ("Q)", 1..2),
        ("Wé", 1..3),
        ("é", 0..2),
        ("fW\u{1F600}", 2..6),
    ] {
        assert_eq!(error(text).span, span, "{text:?}: {:?}", error(text));
    }
}

#[test]
fn error_message_says_what_was_found_and_expected() {
    let e = error("KisO3isO2!");
    assert!(e
        .message
        .starts_with("unexpected '!' in Betza string; expected"));
    assert!(e
        .message
        .contains("an atom letter (W F D N A H C L Z J G K Q R B O)"));
    assert!(e
        .message
        .contains("a modifier (f b l r v s h m c d e n j p g i a)"));
    assert!(e.message.contains("a range number"));
    assert!(e.message.contains("end of the string"));
    // In the middle of a move only an atom or another modifier can come.
    let e = error("fX");
    assert!(e.message.starts_with("unexpected 'X' in Betza string"));
    assert!(!e.message.contains("range") && !e.message.contains("end of the string"));
    // After a doubled atom no range can come.
    let e = error("NN3");
    assert!(!e.message.contains("range number"), "{}", e.message);
    assert!(e.hint.unwrap().contains("doubled"));
}

#[test]
fn error_messages_never_mention_grammar_rules() {
    for text in [
        "KisO3isO2!",
        "mQxpQ",
        "fm",
        "R 4",
        "(4,",
        "(4",
        "(4,1",
        "!",
        "a",
        "NN3",
        "x",
        "(",
        "é",
        "R999",
        "(999,1)",
    ] {
        let e = error(text);
        let words = format!("{} {}", e.message, e.hint.clone().unwrap_or_default());
        for rule in [
            "betza_move",
            "atom_letter",
            "explicit_leap",
            "leap_",
            "range_number",
            "doubled_letter",
            "EOI",
            "SOI",
            "piece",
            "Rule",
        ] {
            assert!(!words.contains(rule), "{text:?}: {words}");
        }
    }
}

#[test]
fn lower_case_atom_gets_capital_letter_hint() {
    let e = error("mQqpQ");
    assert_eq!(
        e.hint.as_deref(),
        Some("atoms are capital letters: did you mean 'Q'?")
    );
    // XBetza's own modifiers are named as such.
    let e = error("mQxpQ");
    assert!(
        e.hint
            .as_deref()
            .is_some_and(|h| h.starts_with("XBetza `x` is not supported")),
        "{e:?}"
    );
    let e = error("fk");
    assert_eq!(e.span, 1..2);
    assert_eq!(
        e.hint.as_deref(),
        Some("atoms are capital letters: did you mean 'K'?")
    );
}

#[test]
fn unknown_capital_letter_lists_atoms() {
    let e = error("fmX");
    assert_eq!(e.span, 2..3);
    assert!(e.hint.unwrap().contains("(x,y)"));
}

#[test]
fn modifiers_without_atom_error_at_end() {
    for text in ["fm", "Wfm", "ma", "i"] {
        let e = error(text);
        assert_eq!(e.span, text.len()..text.len(), "{text}");
        assert!(
            e.message.contains("modifiers must be followed by an atom"),
            "{text}: {}",
            e.message
        );
    }
}

#[test]
fn space_is_error_at_its_column() {
    let e = error("R 4");
    assert_eq!(e.span, 1..2);
    assert!(e.message.starts_with("unexpected space"));
    assert_eq!(e.hint.as_deref(), Some("Betza strings contain no spaces"));
    assert_eq!(error("mQ cpQ").span, 2..3);
}

#[test]
fn unfinished_leap_says_what_is_missing() {
    let e = error("(4,");
    assert!(e.message.contains("unexpected end of Betza string"));
    assert!(e.message.contains("coordinate"));
    assert!(error("(4").message.contains("','"));
    assert!(error("(4,1").message.contains("')'"));
    assert!(error("(4,1").hint.unwrap().contains("(x,y)"));
}

#[test]
fn trailing_junk_is_error() {
    assert_eq!(error("W)").span, 1..2);
    assert_eq!(error("KisO3isO2!").span, 9..10);
}

#[test]
fn error_display_is_message() {
    let e = error("fm");
    assert_eq!(e.to_string(), e.message);
}

#[test]
fn very_long_strings_parse() {
    let text = "fmW".repeat(20_000);
    assert_eq!(parse(&text).moves.len(), 20_000);
    let text = format!("{}!", "N".repeat(50_001));
    assert_eq!(error(&text).span, 50_001..50_002);
}

// ---------------------------------------------------------------- properties

/// Check every span of a parse result against `text`.
fn check_spans(text: &str, result: &Result<BetzaPiece, BetzaError>) {
    let ok = |span: &std::ops::Range<usize>| {
        span.start <= span.end
            && span.end <= text.len()
            && text.is_char_boundary(span.start)
            && text.is_char_boundary(span.end)
    };
    match result {
        Ok(piece) => {
            let mut covered = 0;
            for m in &piece.moves {
                assert!(ok(&m.span), "move span {:?} in {text:?}", m.span);
                // Moves tile the string: nothing between them, nothing left over.
                assert_eq!(m.span.start, covered, "{text:?}");
                covered = m.span.end;
                assert!(!m.legs.is_empty());
                for leg in &m.legs {
                    assert!(ok(&leg.span), "leg span {:?} in {text:?}", leg.span);
                    assert!(m.span.start <= leg.span.start && leg.span.end <= m.span.end);
                    for d in &leg.directions {
                        assert!(ok(&d.span), "direction span {:?} in {text:?}", d.span);
                        assert!(leg.span.start <= d.span.start && d.span.end <= leg.span.end);
                        let written: String =
                            d.first.to_string() + &d.second.map(String::from).unwrap_or_default();
                        assert_eq!(&text[d.span.clone()], written);
                    }
                }
            }
            assert_eq!(covered, text.len(), "{text:?}");
        }
        Err(e) => {
            assert!(ok(&e.span), "error span {:?} in {text:?}", e.span);
            assert!(!e.message.is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn never_panics_on_arbitrary_strings(text in ".*") {
        let result = parse_betza(&text);
        check_spans(&text, &result);
    }

    #[test]
    fn never_panics_on_betza_alphabet(
        text in "[fblrvshmcdenjpgiaWFDNAHCLZJGKQRBOXxk0-9(), é]{0,40}"
    ) {
        let result = parse_betza(&text);
        check_spans(&text, &result);
    }

    /// Every generated move starts with a modifier, so neighbours cannot merge (`N` + `N`
    /// would be the rider `NN`) and the move count is known.
    #[test]
    fn well_formed_moves_always_parse(
        moves in proptest::collection::vec(
            "[fblrvshmcdenjpgi]{1,4}(a[fblrvshmcdenjpgi]{0,3}){0,2}([WFDNAHCLZJGKQRBO][0-9]{0,2}|\\([0-9]{1,2},[0-9]{1,2}\\)[0-9]{0,2})",
            0..8,
        )
    ) {
        let text = moves.concat();
        let result = parse_betza(&text);
        prop_assert!(result.is_ok(), "{:?}: {:?}", text, result);
        check_spans(&text, &result);
        let piece = result.unwrap();
        prop_assert_eq!(move_texts(&text, &piece), moves.iter().map(String::as_str).collect::<Vec<_>>());
    }

    #[test]
    fn ranges_above_255_are_errors_not_panics(digits in "[0-9]{4,60}") {
        let text = format!("R{digits}");
        let result = parse_betza(&text);
        check_spans(&text, &result);
        let significant = digits.trim_start_matches('0');
        let fits = significant.len() <= 3 && significant.parse::<u32>().unwrap_or(0) <= 255;
        prop_assert_eq!(result.is_ok(), fits, "{:?}", text);
    }
}

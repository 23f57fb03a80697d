//! Legality without making the move: the generator skips the make-and-test step for moves that
//! cannot expose a royal piece. These positions pin down the cases where that shortcut could
//! go wrong: a line with one blocker or two, a line that a new piece can open (a Leo's screen),
//! an attacker bound by the first-move rule, and (in check, where moves that cannot end the
//! check are refused unmade) a check that ends by taking a piece off no line of it.

use crate::common::{load_variant as load, pos};
use fairyrules::Rules;

/// The legal moves from `fen` of the piece on `from`, as sorted move strings.
fn moves_from(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    crate::common::moves_from(rules, &mut pos(rules, fen), from)
}

#[test]
fn chess_single_blocker_on_a_rook_line_is_pinned() {
    let chess = load("chess.toml");
    let moves = moves_from(&chess, "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "e2");
    assert!(moves.is_empty(), "the pinned knight moved: {moves:?}");
}

#[test]
fn chess_either_of_two_blockers_may_leave_the_line() {
    let chess = load("chess.toml");
    let fen = "4r1k1/8/8/8/8/4N3/4N3/4K3 w - - 0 1";
    assert_eq!(
        moves_from(&chess, fen, "e2"),
        ["e2c1", "e2c3", "e2d4", "e2f4", "e2g1", "e2g3"]
    );
    assert_eq!(
        moves_from(&chess, fen, "e3"),
        ["e3c2", "e3c4", "e3d1", "e3d5", "e3f1", "e3f5", "e3g2", "e3g4"]
    );
}

#[test]
fn hectochess_leo_screen_may_not_be_placed_before_the_king() {
    // The Leo on f9 captures by hopping one piece: a Knight stepping onto the empty f-file
    // between it and the King on f2 would become its screen.
    let hecto = load("hectochess.toml");
    let fen = "k9/5l4/10/10/10/10/3N6/10/5K4/10 w - - 0 1";
    assert_eq!(
        moves_from(&hecto, fen, "d4"),
        ["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6"]
    );
}

#[test]
fn hero_unmoved_starting_hero_pins_nothing() {
    // After 1. a3 the White Hero on e2 has not moved, so it attacks nothing: the Black Hero
    // on e7 may leave the e-file although the Hero could borrow a Rook's move along it.
    let hero = load("hero-chess.toml");
    let fen = "rnbqkbnr/pppphppp/8/8/8/P7/1PPPHPPP/RNBQKBNR b KQkq - 0 1";
    let moves = moves_from(&hero, fen, "e7");
    for off_file in ["e7d6", "e7f6", "e7c6", "e7f5"] {
        assert!(
            moves.contains(&off_file.to_string()),
            "{off_file}: {moves:?}"
        );
    }
}

#[test]
fn hero_that_has_moved_pins_along_a_borrowed_rook_line() {
    // The White Hero on e3 has moved: borrowing a Rook's move it would take the King on e8
    // if the Black Hero on e7 left the file.
    let hero = load("hero-chess.toml");
    let fen = "rnbqkbnr/pppphppp/8/8/8/4H3/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(moves_from(&hero, fen, "e7"), ["e7e4", "e7e5", "e7e6"]);
}

#[test]
fn heroes_hexagonal_check_by_a_royal_adjacent_camel_ends_when_its_hero_is_taken() {
    // The Black Camel on f9 reaches three cells only next to its Hero (f10): it checks the
    // King on f6 through f8 and f7. Taking the Hero, which stands on none of those cells,
    // ends the check: the capture is legal although it touches no cell of the line. (Each
    // side keeps a Hero: without one it has lost by extinction.)
    let rules = crate::common::heroes_hexagonal();
    let fen = crate::common::placed_fen(
        rules,
        fairyrules::Color::White,
        &[
            ("f6", 'K'),
            ("f11", 'C'),
            ("f9", 'm'),
            ("f10", 'h'),
            ("a1", 'k'),
            ("l1", 'H'),
        ],
        None,
    );
    let moves = moves_from(rules, &fen, "f11");
    assert!(moves.contains(&"f11f10".to_string()), "{fen}: {moves:?}");
    // Any other Chariot move leaves the King in check.
    assert_eq!(moves, ["f11f10"], "{fen}");
}

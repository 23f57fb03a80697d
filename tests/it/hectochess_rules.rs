//! Hectochess at position level, against `shared/spec/hectochess.md`: castling at two
//! distances on both wings, the Leo's hopping capture, Wizard / Champion / Archbishop /
//! Marshall moves, the lame Pawn double step and en passant, promotion to nine pieces, and
//! the game end (64/96-move rule, repetition, checkmate, stalemate).
//!
//! Every position is written out as a position string (10 rows of 10 cells, rank 10 first).

use crate::common::{
    at, castles, cell, has, legal, load_variant, moves_from, play, play_all, pos, sorted,
};
use fairyrules::parse_move;
use fairyrules::Position;
use fairyrules::{claimable_draw, outcome, repetition_count, DrawReason, Outcome, WinReason};
use fairyrules::{divide, perft};
use fairyrules::{in_check, is_attacked, legal_moves};
use fairyrules::{parse_fen, to_fen};
use fairyrules::{Color, Rules};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// Hectochess as shipped.
fn rules() -> Rules {
    load_variant("hectochess.toml")
}

/// The castling field of a position's string.
fn castling_field(rules: &Rules, pos: &Position) -> String {
    to_fen(rules, pos)
        .split_whitespace()
        .nth(2)
        .expect("castling field")
        .to_string()
}

const NINE: [char; 9] = ['q', 'm', 'a', 'r', 'c', 'l', 'n', 'b', 'w'];

/// The nine promotion moves from `from` to `to`, sorted.
fn promotions(from: &str, to: &str) -> Vec<String> {
    let mut out: Vec<String> = NINE.iter().map(|l| format!("{from}{to}{l}")).collect();
    out.sort();
    out
}

// ---------------------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------------------

/// Both Kings and all four Rooks in place, nothing else on ranks 2 and 9.
const CASTLE_BOTH: &str = "10/r4k3r/10/10/10/10/10/10/R4K3R/10 w KQkq - 0 1";

#[test]
fn castling_kingside_both_distances() {
    let r = rules();
    let mut p = pos(&r, CASTLE_BOTH);
    assert_eq!(
        castles(&r, &mut p),
        sorted(&["f2c2", "f2d2", "f2h2", "f2i2"])
    );

    play(&r, &mut p, "f2h2");
    assert_eq!(at(&r, &p, "h2"), 'K');
    assert_eq!(at(&r, &p, "g2"), 'R');
    assert_eq!(at(&r, &p, "j2"), '.');
    assert_eq!(at(&r, &p, "f2"), '.');
    assert_eq!(castling_field(&r, &p), "kq");
    assert!(to_fen(&r, &p).starts_with("10/r4k3r/10/10/10/10/10/10/R5RK2/10 b kq - 1 1"));
    p.unmake(&r);
    assert_eq!(to_fen(&r, &p), CASTLE_BOTH);

    play(&r, &mut p, "f2i2");
    assert_eq!(at(&r, &p, "i2"), 'K');
    assert_eq!(at(&r, &p, "h2"), 'R');
    assert_eq!(at(&r, &p, "j2"), '.');
    assert!(to_fen(&r, &p).starts_with("10/r4k3r/10/10/10/10/10/10/R6RK1/10 b kq - 1 1"));
    // The castled King is not attacked. The Rook now on h2 attacks h9, which both of
    // Black's kingside castlings cross or land on; the queenside ones remain.
    assert!(!in_check(&r, &p));
    assert_eq!(castles(&r, &mut p), sorted(&["f9c9", "f9d9"]));
}

#[test]
fn castling_queenside_both_distances() {
    let r = rules();
    let mut p = pos(&r, CASTLE_BOTH);

    play(&r, &mut p, "f2d2");
    assert_eq!(at(&r, &p, "d2"), 'K');
    assert_eq!(at(&r, &p, "e2"), 'R');
    assert_eq!(at(&r, &p, "a2"), '.');
    assert!(to_fen(&r, &p).starts_with("10/r4k3r/10/10/10/10/10/10/3KR4R/10 b kq - 1 1"));
    p.unmake(&r);

    play(&r, &mut p, "f2c2");
    assert_eq!(at(&r, &p, "c2"), 'K');
    assert_eq!(at(&r, &p, "d2"), 'R');
    assert_eq!(at(&r, &p, "a2"), '.');
    assert!(to_fen(&r, &p).starts_with("10/r4k3r/10/10/10/10/10/10/2KR5R/10 b kq - 1 1"));
}

#[test]
fn castling_black_both_distances_both_wings() {
    let r = rules();
    let fen = "10/r4k3r/10/10/10/10/10/10/R4K3R/10 b KQkq - 0 1";
    let mut p = pos(&r, fen);
    assert_eq!(
        castles(&r, &mut p),
        sorted(&["f9c9", "f9d9", "f9h9", "f9i9"])
    );
    let cases = [
        ("f9h9", "10/r5rk2/10/10/10/10/10/10/R4K3R/10 w KQ - 1 2"),
        ("f9i9", "10/r6rk1/10/10/10/10/10/10/R4K3R/10 w KQ - 1 2"),
        ("f9d9", "10/3kr4r/10/10/10/10/10/10/R4K3R/10 w KQ - 1 2"),
        ("f9c9", "10/2kr5r/10/10/10/10/10/10/R4K3R/10 w KQ - 1 2"),
    ];
    for (mv, expected) in cases {
        play(&r, &mut p, mv);
        let got = to_fen(&r, &p);
        assert!(
            got.starts_with(expected),
            "after {mv}: got `{got}`, expected `{expected}`"
        );
        p.unmake(&r);
        assert_eq!(to_fen(&r, &p), fen);
    }
}

#[test]
fn castling_refused_when_path_occupied() {
    let r = rules();
    // A Knight on g2 (next to the King): no kingside castling at either distance.
    let mut p = pos(&r, "4k5/10/10/10/10/10/10/10/R4KN2R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2c2", "f2d2"]));
    // A piece only on i2 (the far part, next to the Rook) still blocks both distances.
    let mut p = pos(&r, "4k5/10/10/10/10/10/10/10/R4K2NR/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2c2", "f2d2"]));
    // A piece only on b2 blocks both queenside distances, though the King never crosses b2.
    let mut p = pos(&r, "4k5/10/10/10/10/10/10/10/RN3K3R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2h2", "f2i2"]));
    // An enemy piece blocks just the same.
    let mut p = pos(&r, "4k5/10/10/10/10/10/10/10/R1b2K3R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2h2", "f2i2"]));
    // Black, piece on h9.
    let mut p = pos(&r, "10/r4k1n1r/10/10/10/10/10/10/10/4K5 b kq - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f9c9", "f9d9"]));
}

#[test]
fn castling_refused_when_passing_square_attacked() {
    let r = rules();
    // Black Rook on g10 attacks g2: both kingside distances pass over g2.
    let mut p = pos(&r, "k5r3/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert!(is_attacked(&r, &p, cell(&r, "g2"), Color::Black));
    assert_eq!(castles(&r, &mut p), sorted(&["f2c2", "f2d2"]));
    // Black Rook on h10 attacks h2: passed by f2i2, landed on by f2h2.
    let mut p = pos(&r, "k6r2/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2c2", "f2d2"]));
    // Black Rook on e10 attacks e2: passed over by both queenside distances.
    let mut p = pos(&r, "k3r5/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2h2", "f2i2"]));
    // Black Rook on i10 attacks i2: only the three-square castling lands there.
    let mut p = pos(&r, "k7r1/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2c2", "f2d2", "f2h2"]));
    // An attack on b2, which only the Rook crosses, forbids nothing.
    let mut p = pos(&r, "kr8/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert!(is_attacked(&r, &p, cell(&r, "b2"), Color::Black));
    assert_eq!(
        castles(&r, &mut p),
        sorted(&["f2c2", "f2d2", "f2h2", "f2i2"])
    );
    // An attack on the Rook itself forbids nothing either.
    let mut p = pos(&r, "k8r/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert!(is_attacked(&r, &p, cell(&r, "j2"), Color::Black));
    assert_eq!(
        castles(&r, &mut p),
        sorted(&["f2c2", "f2d2", "f2h2", "f2i2"])
    );
}

#[test]
fn castling_refused_when_landing_square_attacked() {
    let r = rules();
    // c2 attacked: f2c2 lands there, f2d2 only passes e2 and lands on d2.
    let mut p = pos(&r, "k1r7/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2d2", "f2h2", "f2i2"]));
    // d2 attacked: landing of f2d2, passed by f2c2.
    let mut p = pos(&r, "k2r6/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p), sorted(&["f2h2", "f2i2"]));
    // i2 attacked by a Knight on j4 (not along the rank): only f2h2 on the kingside.
    let mut p = pos(&r, "k9/10/10/10/10/10/9n/10/R4K3R/10 w KQ - 0 1");
    assert!(is_attacked(&r, &p, cell(&r, "i2"), Color::Black));
    assert!(!is_attacked(&r, &p, cell(&r, "h2"), Color::Black));
    assert!(!is_attacked(&r, &p, cell(&r, "g2"), Color::Black));
    assert_eq!(castles(&r, &mut p), sorted(&["f2c2", "f2d2", "f2h2"]));
    // Black: h9 attacked by a White Bishop on e6 → f9i9 passes it, f9h9 lands on it.
    let mut p = pos(&r, "10/r4k3r/10/10/4B5/10/10/10/10/K9 b kq - 0 1");
    assert!(is_attacked(&r, &p, cell(&r, "h9"), Color::White));
    assert_eq!(castles(&r, &mut p), sorted(&["f9c9", "f9d9"]));
}

#[test]
fn castling_refused_in_check() {
    let r = rules();
    let mut p = pos(&r, "k4r4/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert!(in_check(&r, &p));
    assert_eq!(castles(&r, &mut p), Vec::<String>::new());
    // The King still has its ordinary moves out of the check.
    assert_eq!(
        moves_from(&r, &mut p, "f2"),
        sorted(&["f2e1", "f2e2", "f2e3", "f2g1", "f2g2", "f2g3"])
    );
    // Check by a Knight (no line through the castling path).
    let mut p = pos(&r, "k9/10/10/10/10/10/4n5/10/R4K3R/10 w KQ - 0 1");
    assert!(in_check(&r, &p));
    assert_eq!(castles(&r, &mut p), Vec::<String>::new());
}

#[test]
fn castling_refused_after_king_moved() {
    let r = rules();
    let mut p = pos(&r, "4k5/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    assert_eq!(castles(&r, &mut p).len(), 4);
    play_all(&r, &mut p, &["f2f3", "e10d10", "f3f2", "d10e10"]);
    // Same placement as at the start, but the rights are gone (and the Rooks' never-moved
    // marks with them: the string needs no `unmoved:` field).
    assert_eq!(
        to_fen(&r, &p),
        "4k5/10/10/10/10/10/10/10/R4K3R/10 w - - 4 3"
    );
    assert_eq!(castles(&r, &mut p), Vec::<String>::new());
    assert!(!p.unmoved().contains(cell(&r, "f2")));
    assert!(parse_move(&r, &mut p, "f2h2").is_err());
    assert!(parse_move(&r, &mut p, "f2c2").is_err());
    // Read back from its string, the position still has no castling.
    let mut q = pos(&r, &to_fen(&r, &p));
    assert_eq!(castles(&r, &mut q), Vec::<String>::new());
}

#[test]
fn castling_refused_after_rook_moved() {
    let r = rules();
    let mut p = pos(&r, "4k5/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    play_all(&r, &mut p, &["j2j5", "e10d10", "j5j2", "d10e10"]);
    assert_eq!(castling_field(&r, &p), "Q");
    assert_eq!(castles(&r, &mut p), sorted(&["f2c2", "f2d2"]));
    assert!(!p.unmoved().contains(cell(&r, "j2")));
    assert!(p.unmoved().contains(cell(&r, "f2")));
    assert!(p.unmoved().contains(cell(&r, "a2")));
    let mut q = pos(&r, &to_fen(&r, &p));
    assert_eq!(castles(&r, &mut q), sorted(&["f2c2", "f2d2"]));

    // Then the other Rook too: no castling left.
    play_all(&r, &mut p, &["a2a3", "e10d10", "a3a2", "d10e10"]);
    assert_eq!(castling_field(&r, &p), "-");
    assert_eq!(castles(&r, &mut p), Vec::<String>::new());

    // A Rook captured on its square takes the right with it.
    let mut p = pos(&r, "10/r4k3r/10/10/10/10/10/10/R4K3R/10 w KQkq - 0 1");
    play(&r, &mut p, "j2j9");
    assert_eq!(castling_field(&r, &p), "Qq");
}

#[test]
fn castling_rights_round_trip_in_position_string() {
    let r = rules();
    let placement = "10/r4k3r/10/10/10/10/10/10/R4K3R/10";
    let cases: [(&str, &[&str], &[&str]); 7] = [
        (
            "KQkq",
            &["f2c2", "f2d2", "f2h2", "f2i2"],
            &["f9c9", "f9d9", "f9h9", "f9i9"],
        ),
        ("KQ", &["f2c2", "f2d2", "f2h2", "f2i2"], &[]),
        ("kq", &[], &["f9c9", "f9d9", "f9h9", "f9i9"]),
        ("Kq", &["f2h2", "f2i2"], &["f9c9", "f9d9"]),
        ("Qk", &["f2c2", "f2d2"], &["f9h9", "f9i9"]),
        ("K", &["f2h2", "f2i2"], &[]),
        ("-", &[], &[]),
    ];
    for (field, white, black) in cases {
        let fen = format!("{placement} w {field} - 0 1");
        let mut p = pos(&r, &fen);
        assert_eq!(to_fen(&r, &p), fen, "round trip of `{field}`");
        assert_eq!(castles(&r, &mut p), sorted(white), "White with `{field}`");
        let fen_b = format!("{placement} b {field} - 0 1");
        let mut p = pos(&r, &fen_b);
        assert_eq!(to_fen(&r, &p), fen_b, "round trip of `{field}` (Black)");
        assert_eq!(castles(&r, &mut p), sorted(black), "Black with `{field}`");
    }
    // A right without its Rook is an error.
    assert!(parse_fen(&r, "10/r4k4/10/10/10/10/10/10/R4K3R/10 w Kk - 0 1").is_err());
}

// ---------------------------------------------------------------------------------------
// Leo
// ---------------------------------------------------------------------------------------

#[test]
fn leo_captures_over_one_screen() {
    let r = rules();
    // White Leo d4. North: Black screen d6, empty d7 d8, Black Rook d9.
    // East: own Knight f4 as screen, empty g4 h4, Black Bishop i4.
    // North-east: Black screen e5 adjacent, Black Knight f6 right behind it.
    let mut p = pos(&r, "k9/3r6/10/10/3p1n4/4p5/3L1N2b1/10/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    assert_eq!(
        leo,
        sorted(&[
            // captures by hopping
            "d4d9", "d4i4", "d4f6", // quiet Queen moves
            "d4d5", "d4d3", "d4d2", "d4d1", "d4e4", "d4c4", "d4b4", "d4a4", "d4c5", "d4b6", "d4a7",
            "d4e3", "d4f2", "d4g1", "d4c3", "d4b2", "d4a1",
        ])
    );
    // The capture removes the piece beyond the screen and leaves the screen.
    play(&r, &mut p, "d4d9");
    assert_eq!(at(&r, &p, "d9"), 'L');
    assert_eq!(at(&r, &p, "d6"), 'p');
    assert_eq!(p.halfmove_clock(), 0);
    // Long distances on both sides of the screen: a1 → screen e5 → j10.
    let mut p = pos(&r, "9r/10/10/10/10/4P5/10/9k/10/L4K4 w - - 5 1");
    assert!(has(&moves_from(&r, &mut p, "a1"), "a1j10"));
    assert!(is_attacked(&r, &p, cell(&r, "j10"), Color::White));
}

#[test]
fn leo_cannot_capture_without_screen() {
    let r = rules();
    // Black Rook d9 straight up the open file, Black Pawn adjacent on e4.
    let mut p = pos(&r, "k9/3r6/10/10/10/10/3Lp5/10/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    assert!(!has(&leo, "d4d9"));
    assert!(!has(&leo, "d4e4"));
    for quiet in ["d4d5", "d4d6", "d4d7", "d4d8"] {
        assert!(has(&leo, quiet), "{quiet} missing");
    }
    assert!(!is_attacked(&r, &p, cell(&r, "d9"), Color::White));
    assert!(!is_attacked(&r, &p, cell(&r, "e4"), Color::White));
    // No east move at all: e4 is occupied, nothing beyond it to capture.
    assert!(leo
        .iter()
        .all(|m| !["d4e4", "d4f4", "d4g4", "d4h4", "d4i4", "d4j4"].contains(&m.as_str())));
}

#[test]
fn leo_cannot_capture_over_two_screens() {
    let r = rules();
    // Two White screens d5 d6, then Black Rook d9: no capture on the file.
    let mut p = pos(&r, "k9/3r6/10/10/3P6/3P6/3L6/10/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    for mv in ["d4d5", "d4d6", "d4d7", "d4d8", "d4d9", "d4d10"] {
        assert!(!has(&leo, mv), "{mv} should not be legal");
    }
    assert!(!is_attacked(&r, &p, cell(&r, "d9"), Color::White));
    // Screens of mixed colours: Black d5, White d7; Black Rook d9 — still nothing.
    let mut p = pos(&r, "k9/3r6/10/3P6/10/3p6/3L6/10/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    for mv in ["d4d5", "d4d6", "d4d7", "d4d8", "d4d9", "d4d10"] {
        assert!(!has(&leo, mv), "{mv} should not be legal");
    }
    // With only one screen (Black d5) the first piece beyond it, if an enemy, is taken.
    let mut p = pos(&r, "k9/3r6/10/10/10/3p6/3L6/10/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    assert!(has(&leo, "d4d9"));
}

#[test]
fn leo_cannot_capture_own_piece_beyond_screen() {
    let r = rules();
    // Black screen d6, White Rook d9 beyond.
    let mut p = pos(&r, "k9/3R6/10/10/3p6/10/3L6/10/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    assert!(has(&leo, "d4d5"));
    for mv in ["d4d6", "d4d7", "d4d8", "d4d9", "d4d10"] {
        assert!(!has(&leo, mv), "{mv} should not be legal");
    }
    // Black Leo, Black Knight beyond a White screen.
    let mut p = pos(&r, "k9/10/10/3l6/10/3P6/10/3n6/10/9K b - - 0 1");
    let leo = moves_from(&r, &mut p, "d7");
    assert!(!has(&leo, "d7d3"));
    assert!(has(&leo, "d7d6"));
    assert!(!has(&leo, "d7d5"));
}

#[test]
fn leo_moves_like_queen_without_capturing() {
    let r = rules();
    // Lone Leo on d4, Kings on j1 and a10 off its lines: a Queen's 33 moves.
    let mut p = pos(&r, "k9/10/10/10/10/10/3L6/10/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    assert_eq!(leo.len(), 33, "{leo:?}");
    assert_eq!(legal(&r, &mut p).len(), 33 + 3);
    // Enemies adjacent on every line, each with nothing behind: the Leo can take none,
    // and every move it has is to an empty cell.
    let mut p = pos(&r, "k9/10/10/10/10/2ppp5/2pLp5/2ppp5/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    assert_eq!(leo, Vec::<String>::new());
    // Pieces far away on every line, no screens: only the empty cells before them.
    let mut p = pos(&r, "k9/10/10/3r2b3/10/10/r2L4n1/10/1n1n1r4/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    assert_eq!(
        leo,
        sorted(&[
            "d4d5", "d4d6", "d4d3", // north stops before d7, south before d2
            "d4e4", "d4f4", "d4g4", "d4h4", // east stops before i4
            "d4c4", "d4b4", // west stops before a4
            "d4e5", "d4f6", // north-east stops before g7
            "d4c5", "d4b6", "d4a7", // north-west: open
            "d4e3", // south-east stops before f2
            "d4c3", // south-west stops before b2
        ])
    );
}

#[test]
fn leo_cannot_hop_to_empty_square() {
    let r = rules();
    // Screen d6 and nothing beyond it: the Leo cannot land on d7..d10.
    let mut p = pos(&r, "k9/10/10/10/3p6/10/3L6/10/10/9K w - - 0 1");
    let leo = moves_from(&r, &mut p, "d4");
    for mv in ["d4d7", "d4d8", "d4d9", "d4d10"] {
        assert!(!has(&leo, mv), "{mv} jumps to an empty cell");
    }
    assert!(has(&leo, "d4d5"));
    assert!(!has(&leo, "d4d6"));
    // But those cells are attacked: a piece standing there could be taken (a King may not
    // step there). The screen itself and the cell before it are not.
    for c in ["d7", "d8", "d9", "d10"] {
        assert!(is_attacked(&r, &p, cell(&r, c), Color::White), "{c}");
    }
    for c in ["d5", "d6"] {
        assert!(!is_attacked(&r, &p, cell(&r, c), Color::White), "{c}");
    }
}

#[test]
fn leo_gives_check_over_a_screen() {
    let r = rules();
    // White Leo a1, own Pawn a5 as screen, Black King a10: check.
    let p = pos(&r, "k9/10/10/10/10/P9/10/10/10/L8K b - - 0 1");
    assert!(in_check(&r, &p));
    // Without the screen no check.
    let p = pos(&r, "k9/10/10/10/10/10/10/10/10/L8K b - - 0 1");
    assert!(!in_check(&r, &p));
}

// ---------------------------------------------------------------------------------------
// Wizard, Champion, Archbishop, Marshall
// ---------------------------------------------------------------------------------------

#[test]
fn wizard_moves_ferz_and_camel() {
    let r = rules();
    // Wizard e5, surrounded on all eight neighbours except the Ferz cells — the Camel jumps.
    let mut p = pos(&r, "k9/10/10/10/3PPP4/3PWP4/3PPP4/10/10/9K w - - 0 1");
    let w = moves_from(&r, &mut p, "e5");
    // d6 f6 d4 f4 are own Pawns: only the eight Camel leaps.
    assert_eq!(
        w,
        sorted(&["e5b4", "e5b6", "e5h4", "e5h6", "e5d2", "e5f2", "e5d8", "e5f8"])
    );
    // Open centre: four Ferz steps and eight Camel leaps; one enemy on a target is taken,
    // one own piece on a target is not.
    let mut p = pos(&r, "k9/10/5P4/10/10/4W5/7n2/10/10/9K w - - 0 1");
    let w = moves_from(&r, &mut p, "e5");
    assert_eq!(
        w,
        sorted(&[
            "e5d4", "e5f4", "e5d6", "e5f6", // Ferz
            "e5b4", "e5b6", "e5h4", "e5h6", "e5d2", "e5f2", "e5d8", // Camel (f8 own)
        ])
    );
    // Corner a1: b2, and the Camel's b4 and d2.
    let mut p = pos(&r, "9k/10/10/10/10/10/10/10/10/W8K w - - 0 1");
    assert_eq!(
        moves_from(&r, &mut p, "a1"),
        sorted(&["a1b2", "a1b4", "a1d2"])
    );
    // It is no Wazir and no Knight.
    let mut p = pos(&r, "9k/10/10/10/10/4W5/10/10/10/K9 w - - 0 1");
    let w = moves_from(&r, &mut p, "e5");
    for not in ["e5e6", "e5d5", "e5d7", "e5g6", "e5c4"] {
        assert!(!has(&w, not), "{not}");
    }
    assert_eq!(w.len(), 12);
}

#[test]
fn champion_moves_wazir_alfil_dabbaba_jumping() {
    let r = rules();
    // Champion e5; own Pawns e6 (blocks the Wazir step only) and f6 (jumped by the Alfil),
    // Black Knight d5 (taken by the Wazir step, jumped by the Dabbaba to c5).
    let mut p = pos(&r, "k9/10/10/10/4PP4/3nC5/10/10/10/9K w - - 0 1");
    assert_eq!(
        moves_from(&r, &mut p, "e5"),
        sorted(&[
            "e5d5", "e5f5", "e5e4", // Wazir (e6 own)
            "e5c3", "e5g3", "e5c7", "e5g7", // Alfil, g7 over f6
            "e5e7", "e5e3", "e5c5", "e5g5", // Dabbaba, e7 over e6, c5 over d5
        ])
    );
    // Surrounded on all eight neighbours by own Pawns: the eight leaps remain.
    let mut p = pos(&r, "k9/10/10/10/3PPP4/3PCP4/3PPP4/10/10/9K w - - 0 1");
    assert_eq!(
        moves_from(&r, &mut p, "e5"),
        sorted(&["e5c3", "e5g3", "e5c7", "e5g7", "e5e7", "e5e3", "e5c5", "e5g5"])
    );
    // Corner a1.
    let mut p = pos(&r, "9k/10/10/10/10/10/10/10/10/C8K w - - 0 1");
    assert_eq!(
        moves_from(&r, &mut p, "a1"),
        sorted(&["a1a2", "a1b1", "a1c3", "a1a3", "a1c1"])
    );
}

#[test]
fn archbishop_and_marshall_moves() {
    let r = rules();
    // Archbishop d4, Marshall g7 (on the same diagonal), Black Pawn f6 between them.
    let mut p = pos(&r, "k9/10/10/6M3/5p4/10/3A6/10/10/9K w - - 0 1");
    let a = moves_from(&r, &mut p, "d4");
    assert_eq!(
        a,
        sorted(&[
            "d4e5", "d4f6", // NE, stops capturing f6
            "d4c3", "d4b2", "d4a1", "d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4g1",
            // Knight
            "d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5",
        ])
    );
    assert_eq!(a.len(), 19);
    let m = moves_from(&r, &mut p, "g7");
    assert_eq!(m.len(), 18 + 8, "{m:?}");
    for mv in [
        "g7e8", "g7e6", "g7i8", "g7i6", "g7f9", "g7h9", "g7f5", "g7h5",
    ] {
        assert!(has(&m, mv), "{mv}");
    }
    for mv in ["g7g10", "g7g1", "g7a7", "g7j7"] {
        assert!(has(&m, mv), "{mv}");
    }
    assert!(!has(&m, "g7f6") && !has(&m, "g7h8"), "no diagonal steps");
    assert_eq!(legal(&r, &mut p).len(), 19 + 26 + 3);
}

// ---------------------------------------------------------------------------------------
// Pawns
// ---------------------------------------------------------------------------------------

#[test]
fn pawn_double_step_from_start() {
    let r = rules();
    let mut p = pos(&r, "k9/10/4p5/10/10/10/10/4P5/10/9K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e3"), sorted(&["e3e4", "e3e5"]));
    play(&r, &mut p, "e3e5");
    assert_eq!(at(&r, &p, "e5"), 'P');
    assert_eq!(moves_from(&r, &mut p, "e8"), sorted(&["e8e7", "e8e6"]));
    // No triple step, and the pawn on e5 now steps one.
    play(&r, &mut p, "e8e7");
    assert_eq!(moves_from(&r, &mut p, "e5"), sorted(&["e5e6"]));
}

#[test]
fn pawn_double_step_blocked_by_piece_in_between() {
    let r = rules();
    // Black Knight on e4: neither step.
    let mut p = pos(&r, "k9/10/10/10/10/10/4n5/4P5/10/9K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e3"), Vec::<String>::new());
    // Own Knight on e4: the double step does not jump it.
    let mut p = pos(&r, "k9/10/10/10/10/10/4N5/4P5/10/9K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e3"), Vec::<String>::new());
    // A piece on e5 only: the single step, no double step (no capture straight ahead).
    let mut p = pos(&r, "k9/10/10/10/10/4n5/10/4P5/10/9K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e3"), sorted(&["e3e4"]));
    // Black: piece on e7.
    let mut p = pos(&r, "k9/10/4p5/4N5/10/10/10/10/10/9K b - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e8"), Vec::<String>::new());
}

#[test]
fn pawn_no_double_step_after_moving() {
    let r = rules();
    let mut p = pos(&r, "k9/10/10/10/10/10/10/4P5/10/9K w - - 0 1");
    play_all(&r, &mut p, &["e3e4", "a10b10"]);
    assert_eq!(moves_from(&r, &mut p, "e4"), sorted(&["e4e5"]));
    // A Pawn written on rank 4 is a moved Pawn.
    let mut p = pos(&r, "k9/10/10/10/10/10/4P5/10/10/9K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e4"), sorted(&["e4e5"]));
    // The same for Black: a Pawn on e6 (its start rank is 8) steps one.
    let mut p = pos(&r, "k9/10/10/10/4p5/10/10/10/10/9K b - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e6"), sorted(&["e6e5"]));
    // Black e8-e7 then e7: one step only.
    let mut p = pos(&r, "k9/10/4p5/10/10/10/10/10/10/9K b - - 0 1");
    play_all(&r, &mut p, &["e8e7", "j1j2"]);
    assert_eq!(moves_from(&r, &mut p, "e7"), sorted(&["e7e6"]));
}

#[test]
fn en_passant_capture_after_double_step() {
    let r = rules();
    // Black e8-e6 passes e7; White Pawn d6 takes en passant on e7, removing e6.
    let mut p = pos(&r, "k9/10/4p5/10/3P6/10/10/10/10/9K b - - 0 1");
    play(&r, &mut p, "e8e6");
    assert_eq!(to_fen(&r, &p), "k9/10/10/10/3Pp5/10/10/10/10/9K w - e7 0 2");
    assert_eq!(moves_from(&r, &mut p, "d6"), sorted(&["d6d7", "d6e7"]));
    play(&r, &mut p, "d6e7");
    assert_eq!(at(&r, &p, "e7"), 'P');
    assert_eq!(at(&r, &p, "e6"), '.');
    assert_eq!(at(&r, &p, "d6"), '.');
    assert_eq!(to_fen(&r, &p), "k9/10/10/4P5/10/10/10/10/10/9K b - - 0 2");
    p.unmake(&r);
    assert_eq!(at(&r, &p, "e6"), 'p');

    // White e3-e5; Black Pawn f5 takes en passant on e4.
    let mut p = pos(&r, "k9/10/10/10/10/5p4/10/4P5/10/9K w - - 0 1");
    play(&r, &mut p, "e3e5");
    assert!(has(&moves_from(&r, &mut p, "f5"), "f5e4"));
    play(&r, &mut p, "f5e4");
    assert_eq!(at(&r, &p, "e4"), 'p');
    assert_eq!(at(&r, &p, "e5"), '.');
    // The right read from a position string works the same.
    let mut p = pos(&r, "k9/10/10/10/3Pp5/10/10/10/10/9K w - e7 0 2");
    assert!(has(&moves_from(&r, &mut p, "d6"), "d6e7"));
}

#[test]
fn en_passant_right_expires() {
    let r = rules();
    let mut p = pos(&r, "k9/10/4p5/10/3P6/10/10/10/10/9K b - - 0 1");
    play_all(&r, &mut p, &["e8e6", "j1j2", "a10b10"]);
    assert_eq!(to_fen(&r, &p).split_whitespace().nth(3), Some("-"));
    assert_eq!(moves_from(&r, &mut p, "d6"), sorted(&["d6d7"]));
    assert!(parse_move(&r, &mut p, "d6e7").is_err());
    // A single step gives no right.
    let mut p = pos(&r, "k9/10/4p5/10/3P6/10/10/10/10/9K b - - 0 1");
    play_all(&r, &mut p, &["e8e7", "j1j2", "e7e6"]);
    assert_eq!(moves_from(&r, &mut p, "d6"), sorted(&["d6d7"]));
}

#[test]
fn pawn_captures_diagonally_forward_only() {
    let r = rules();
    // White Pawn e5; Black pieces on all eight neighbours.
    let mut p = pos(&r, "k9/10/10/10/3ppp4/3pPp4/3ppp4/10/10/9K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e5"), sorted(&["e5d6", "e5f6"]));
    // Black Pawn e6 surrounded by White pieces.
    let mut p = pos(&r, "k9/10/10/3PPP4/3PpP4/3PPP4/10/10/10/9K b - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e6"), sorted(&["e6d5", "e6f5"]));
    // No diagonal move to an empty cell.
    let mut p = pos(&r, "k9/10/10/10/4p5/4P5/10/10/10/9K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e5"), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------

#[test]
fn promotion_to_each_of_nine_pieces() {
    let r = rules();
    // White Pawn d9, d10 empty, Black Rook c10 to capture.
    let mut p = pos(&r, "2r7/3P6/10/10/10/k9/10/10/10/9K w - - 0 1");
    let mut expected = promotions("d9", "d10");
    expected.extend(promotions("d9", "c10"));
    expected.sort();
    assert_eq!(moves_from(&r, &mut p, "d9"), expected);
    assert!(!has(&moves_from(&r, &mut p, "d9"), "d9d10"));
    // A promotion string without a letter is refused.
    assert!(parse_move(&r, &mut p, "d9d10").is_err());
    for (letter, upper) in NINE.iter().map(|l| (*l, l.to_ascii_uppercase())) {
        play(&r, &mut p, &format!("d9d10{letter}"));
        assert_eq!(at(&r, &p, "d10"), upper);
        assert_eq!(at(&r, &p, "d9"), '.');
        p.unmake(&r);
        play(&r, &mut p, &format!("d9c10{letter}"));
        assert_eq!(at(&r, &p, "c10"), upper);
        p.unmake(&r);
        assert_eq!(at(&r, &p, "d9"), 'P');
        assert_eq!(at(&r, &p, "c10"), 'r');
    }
    // Black Pawn e2 promotes on rank 1 (Black letters are lower case on the board).
    let mut p = pos(&r, "10/10/10/10/10/k9/10/10/4p5/9K b - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e2"), promotions("e2", "e1"));
    play(&r, &mut p, "e2e1l");
    assert_eq!(at(&r, &p, "e1"), 'l');
    // Not before the last rank.
    let mut p = pos(&r, "10/10/10/10/10/k9/10/4p5/10/9K b - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e3"), sorted(&["e3e2"]));
}

#[test]
fn promotion_never_to_king_or_pawn() {
    let r = rules();
    let mut p = pos(&r, "2r7/3P6/10/10/10/k9/10/10/10/9K w - - 0 1");
    for bad in ["d9d10k", "d9d10p", "d9c10k", "d9c10p"] {
        assert!(parse_move(&r, &mut p, bad).is_err(), "{bad} accepted");
    }
    let king = r.kind_by_letter('K').expect("king");
    let pawn = r.kind_by_letter('P').expect("pawn");
    let moves = legal_moves(&r, &mut p);
    let promos: Vec<_> = moves
        .iter()
        .filter(|m| m.from == cell(&r, "d9"))
        .map(|m| m.promotion)
        .collect();
    assert_eq!(promos.len(), 18);
    assert!(promos
        .iter()
        .all(|k| k.is_some() && *k != Some(king) && *k != Some(pawn)));
}

// ---------------------------------------------------------------------------------------
// Game end
// ---------------------------------------------------------------------------------------

/// Kings a1/j10 and a Knight each: nothing can be captured soon.
const QUIET: &str = "7n1k/10/10/10/10/10/10/10/10/K1N7";

#[test]
fn claim_64_move_rule_after_128_plies() {
    let r = rules();
    let mut p = pos(&r, &format!("{QUIET} w - - 127 80"));
    assert_eq!(claimable_draw(&r, &p), None);
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    play(&r, &mut p, "c1d3");
    assert_eq!(p.halfmove_clock(), 128);
    assert_eq!(claimable_draw(&r, &p), Some(DrawReason::NMoveRule));
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
}

#[test]
fn automatic_draw_after_96_moves() {
    let r = rules();
    let mut p = pos(&r, &format!("{QUIET} w - - 191 100"));
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    assert_eq!(claimable_draw(&r, &p), Some(DrawReason::NMoveRule));
    play(&r, &mut p, "c1d3");
    assert_eq!(p.halfmove_clock(), 192);
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Draw {
            reason: DrawReason::NMoveRule
        }
    );
}

#[test]
fn pawn_move_resets_the_clock() {
    let r = rules();
    let mut p = pos(&r, "7n1k/10/10/10/10/10/10/4P5/10/K1N7 w - - 100 60");
    play(&r, &mut p, "c1d3");
    assert_eq!(p.halfmove_clock(), 101);
    play(&r, &mut p, "h10g8");
    play(&r, &mut p, "e3e4");
    assert_eq!(p.halfmove_clock(), 0);
    // The double step resets it as well.
    let mut p = pos(&r, "7n1k/10/10/10/10/10/10/4P5/10/K1N7 w - - 127 60");
    play(&r, &mut p, "e3e5");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(claimable_draw(&r, &p), None);
    // So does a promotion.
    let mut p = pos(&r, "7n1k/3P6/10/10/10/10/10/10/10/K1N7 w - - 127 60");
    play(&r, &mut p, "d9d10q");
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn capture_resets_the_clock() {
    let r = rules();
    // Knight c1 takes on d3.
    let mut p = pos(&r, "7n1k/10/10/10/10/10/10/3r6/10/K1N7 w - - 150 80");
    play(&r, &mut p, "c1d3");
    assert_eq!(p.halfmove_clock(), 0);
    // A Leo capture by hopping resets it too.
    let mut p = pos(&r, "k9/3r6/10/10/3p6/10/3L6/10/10/9K w - - 150 80");
    play(&r, &mut p, "d4d9");
    assert_eq!(p.halfmove_clock(), 0);
    // Castling does not reset it.
    let mut p = pos(&r, "k9/10/10/10/10/10/10/10/R4K3R/10 w KQ - 150 80");
    play(&r, &mut p, "f2i2");
    assert_eq!(p.halfmove_clock(), 151);
}

#[test]
fn threefold_repetition_claim_and_fivefold_automatic() {
    let r = rules();
    let mut p = pos(&r, &format!("{QUIET} w - - 0 1"));
    let cycle = ["c1b3", "h10g8", "b3c1", "g8h10"];
    assert_eq!(repetition_count(&p), 1);
    play_all(&r, &mut p, &cycle);
    assert_eq!(repetition_count(&p), 2);
    assert_eq!(claimable_draw(&r, &p), None);
    // Half a cycle more: a different position, not yet seen twice.
    play_all(&r, &mut p, &cycle[..2]);
    assert_eq!(repetition_count(&p), 2);
    assert_eq!(claimable_draw(&r, &p), None);
    play_all(&r, &mut p, &cycle[2..]);
    assert_eq!(repetition_count(&p), 3);
    assert_eq!(claimable_draw(&r, &p), Some(DrawReason::Repetition));
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    play_all(&r, &mut p, &cycle);
    assert_eq!(repetition_count(&p), 4);
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    play_all(&r, &mut p, &cycle);
    assert_eq!(repetition_count(&p), 5);
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Draw {
            reason: DrawReason::Repetition
        }
    );
}

#[test]
fn checkmate_wins() {
    let r = rules();
    // Queen b1 to b9, protected by the King on c8.
    let mut p = pos(&r, "k9/10/2K7/10/10/10/10/10/10/1Q8 w - - 0 1");
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    play(&r, &mut p, "b1b9");
    assert!(in_check(&r, &p));
    assert_eq!(legal(&r, &mut p), Vec::<String>::new());
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        }
    );
    // A Leo mate: White Pawn a9 is the screen (and guards b10), Knights b7/c7 guard a9/b9.
    let mut p = pos(&r, "k9/P9/10/1NN7/10/10/10/10/10/L8K b - - 0 1");
    assert!(in_check(&r, &p));
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        }
    );
    // With a Black Knight on c4 it interposes on a3 or a5 (two screens): no mate.
    let mut p = pos(&r, "k9/P9/10/1NN7/10/10/2n7/10/10/L8K b - - 0 1");
    assert!(in_check(&r, &p));
    assert_eq!(legal(&r, &mut p), sorted(&["c4a3", "c4a5"]));
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
}

#[test]
fn stalemate_is_a_draw() {
    let r = rules();
    let mut p = pos(&r, "k9/2Q7/10/10/10/10/10/10/10/9K b - - 0 1");
    assert!(!in_check(&r, &p));
    assert_eq!(legal(&r, &mut p), Vec::<String>::new());
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Draw {
            reason: DrawReason::Stalemate
        }
    );
    // Reached by a move.
    let mut p = pos(&r, "k9/10/2Q7/10/10/10/10/10/10/9K w - - 0 1");
    play(&r, &mut p, "c8c9");
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Draw {
            reason: DrawReason::Stalemate
        }
    );
}

// ---------------------------------------------------------------------------------------
// Start position and perft
// ---------------------------------------------------------------------------------------

const START: &str =
    "awl4lwm/rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR/AWL4LWM w KQkq - 0 1";

#[test]
fn start_position_has_50_moves() {
    let r = rules();
    assert_eq!(r.start_fen(), START);
    let mut p = pos(&r, START);
    assert_eq!(to_fen(&r, &p), START);
    let moves = legal(&r, &mut p);
    assert_eq!(moves.len(), 50, "{moves:?}");
    // 20 Pawn moves, 2 Knight moves each, and 26 others (Wizard / Champion / Leo leaps).
    let pawns = moves.iter().filter(|m| at(&r, &p, &m[..2]) == 'P').count();
    assert_eq!(pawns, 20);
    assert_eq!(castles(&r, &mut p), Vec::<String>::new());
}

/// Both sides can castle both ways at both distances; the back ranks and Pawns are full.
const CASTLE_PERFT: &str =
    "awl4lwm/r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R/AWL4LWM w KQkq - 0 1";

#[test]
fn perft_castling_position_consistent() {
    let r = rules();
    let mut p = pos(&r, CASTLE_PERFT);
    let moves = legal(&r, &mut p);
    // Counted by hand: Pawns 20, Archbishop 2, Wizards 4 + 3, Leos 9 + 9 (each with two
    // hopping captures), Marshall 1, Rooks 4 + 3, King 5 + 4 castlings.
    assert_eq!(moves.len(), 64, "{moves:?}");
    for mv in ["c1c8", "c1j8", "h1h8", "h1a8"] {
        assert!(has(&moves, mv), "{mv}");
    }
    assert_eq!(
        castles(&r, &mut p),
        sorted(&["f2c2", "f2d2", "f2h2", "f2i2"])
    );

    let d2 = divide(&r, &mut p, 2);
    assert_eq!(d2.len(), 64);
    let total: u64 = d2.iter().map(|(_, n)| n).sum();
    assert_eq!(perft(&r, &mut p, 2), total);
    for king_move in ["f2c2", "f2d2", "f2h2", "f2i2"] {
        let n = d2
            .iter()
            .find(|(m, _)| m == king_move)
            .unwrap_or_else(|| panic!("{king_move} not in divide"))
            .1;
        // After each White castling Black has its own four castlings among its replies.
        play(&r, &mut p, king_move);
        let replies = legal(&r, &mut p);
        assert_eq!(replies.len() as u64, n);
        assert_eq!(
            castles(&r, &mut p),
            sorted(&["f9c9", "f9d9", "f9h9", "f9i9"])
        );
        p.unmake(&r);
    }
    assert_eq!(to_fen(&r, &p), CASTLE_PERFT);
    let d3 = divide(&r, &mut p, 3);
    let total3: u64 = d3.iter().map(|(_, n)| n).sum();
    assert_eq!(perft(&r, &mut p, 3), total3);
    assert_eq!(p.hash(), p.compute_hash(&r));
}

#[test]
fn repetition_after_castling_rights_lost_counts_same_positions() {
    let r = rules();
    // The King goes and comes back: the rights are gone. From then on a Rook going away and
    // coming back leaves the same position in the FIDE sense (same placement, same side,
    // no castling rights, no en passant), so it counts towards the repetition.
    let mut p = pos(&r, "4k5/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1");
    play_all(&r, &mut p, &["f2f3", "e10d10", "f3f2", "d10e10"]);
    assert_eq!(
        repetition_count(&p),
        1,
        "lost castling rights: a new position"
    );
    let cycle = ["j2j3", "e10d10", "j3j2", "d10e10"];
    play_all(&r, &mut p, &cycle);
    assert_eq!(repetition_count(&p), 2);
    play_all(&r, &mut p, &cycle);
    assert_eq!(repetition_count(&p), 3);
    assert_eq!(claimable_draw(&r, &p), Some(DrawReason::Repetition));
}

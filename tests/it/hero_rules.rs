//! Hero Chess, Hero Chess (Queen variant) and Superhero Chess at position level, against
//! `shared/spec/hero-chess.md`: one test per clause of the spec on positions built for it,
//! the reference perft counts, and a differential test comparing every Hero's (and
//! Superhero's) pseudo-legal moves in random games with a slow independent computation
//! written here from the spec.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::{
    at, castles, cell, has, legal, load_variant, moves_from, play, pos, sorted, start,
};
use fairyrules::parse_move;
use fairyrules::to_fen;
use fairyrules::{generate_pseudo, in_check, is_attacked, legal_moves};
use fairyrules::{Cell, CellSet};
use fairyrules::{Color, KindId, Piece, Rules};
use fairyrules::{Move, MoveKind, Position};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

const HERO: &str = "hero-chess";
const HERO_QUEEN: &str = "hero-chess-queen";
const SUPERHERO: &str = "superhero-chess";

/// A shipped variant of the Hero family, by name (`HERO`, ...).
fn rules(variant: &str) -> Rules {
    load_variant(&format!("{variant}.toml"))
}

/// The eight King steps from d4: all a Hero there has when the King is its only lender.
const D4_KING_STEPS: [&str; 8] = [
    "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5",
];

/// Assert that `moves` holds every move of `expected`.
fn assert_has_all(moves: &[String], expected: &[&str]) {
    for mv in expected {
        assert!(has(moves, mv), "{mv} missing: {moves:?}");
    }
}

/// The name of a cell.
fn name(rules: &Rules, c: Cell) -> String {
    rules.geometry().name(c).to_string()
}

/// File (0 = a) and rank (0 = rank 1) read from the cell's name, independent of the library's
/// geometry tables.
fn file_rank(rules: &Rules, c: Cell) -> (i32, i32) {
    let n = name(rules, c);
    let b = n.as_bytes();
    let file = (b[0] - b'a') as i32;
    let rank: i32 = n[1..].parse().expect("square cell names");
    (file, rank - 1)
}

/// Whether a cell is a light square.
fn light(rules: &Rules, c: Cell) -> bool {
    let (f, r) = file_rank(rules, c);
    (f + r) % 2 == 1
}

// ---------------------------------------------------------------------------------------
// Start positions and perft
// ---------------------------------------------------------------------------------------

#[test]
fn start_position_has_33_moves_with_the_15_hero_moves_of_the_spec() {
    let r = rules(HERO);
    let mut p = start(&r);
    assert_eq!(
        to_fen(&r, &p),
        "rnbqkbnr/pppphppp/8/8/8/8/PPPPHPPP/RNBQKBNR w KQkq - 0 1"
    );
    let all = legal(&r, &mut p);
    assert_eq!(all.len(), 33, "{all:?}");
    assert_eq!(
        moves_from(&r, &mut p, "e2"),
        sorted(&[
            "e2e3", "e2e4", "e2e5", "e2e6", // Rook/Queen line (e7 would capture)
            "e2d3", "e2c4", "e2b5", "e2a6", "e2f3", "e2g4", "e2h5", // Bishop line
            "e2c3", "e2d4", "e2f4", "e2g3", // Knight
        ])
    );
    let pawns = all
        .iter()
        .filter(|m| m.as_bytes()[1] == b'2' && !m.starts_with("e2"))
        .count();
    assert_eq!(pawns, 14);
    let knights = all
        .iter()
        .filter(|m| m.starts_with("b1") || m.starts_with("g1"))
        .count();
    assert_eq!(knights, 4);
}

// ---------------------------------------------------------------------------------------
// Borrowing from the Bishop
// ---------------------------------------------------------------------------------------

#[test]
fn bishop_lends_diagonals_only_on_its_colour() {
    let r = rules(HERO);
    // Hero on d4 (dark), the only Bishop on f1 (light), no Queen: King steps only.
    let mut p = pos(&r, "7k/8/8/8/3H4/8/8/5B1K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "d4"), sorted(&D4_KING_STEPS));
    // A Queen lends the diagonals whatever the colour.
    let mut q = pos(&r, "7k/8/8/8/3H4/8/8/Q4B1K w - - 0 1");
    let with_queen = moves_from(&r, &mut q, "d4");
    assert_has_all(
        &with_queen,
        &["d4b6", "d4a7", "d4g7", "d4f2", "d4b2", "d4d8", "d4h4"],
    );
    // A Bishop of the Hero's colour lends them.
    let mut b = pos(&r, "7k/8/8/8/3H4/8/8/2B4K w - - 0 1");
    let with_dark_bishop = moves_from(&r, &mut b, "d4");
    assert_has_all(&with_dark_bishop, &["d4b6", "d4a7", "d4g7", "d4f2", "d4e3"]);
    assert!(!has(&with_dark_bishop, "d4d6"));
}

#[test]
fn bishop_lends_after_colour_matches() {
    let r = rules(HERO);
    let mut p = pos(&r, "7k/8/8/8/3H4/8/8/5B1K w - - 0 1");
    assert!(!has(&moves_from(&r, &mut p, "d4"), "d4a7"));
    // The Hero steps onto a light square, the colour of the f1 Bishop.
    play(&r, &mut p, "d4d5");
    play(&r, &mut p, "h8h7");
    let moves = moves_from(&r, &mut p, "d5");
    assert_has_all(
        &moves,
        &["d5a8", "d5b7", "d5a2", "d5b3", "d5e6", "d5g8", "d5g2"],
    );
    // h1 holds the own King: not a target.
    assert!(!has(&moves, "d5h1"));
    // Back on a dark square: gone again.
    play(&r, &mut p, "d5d4");
    play(&r, &mut p, "h7h8");
    assert_eq!(moves_from(&r, &mut p, "d4").len(), 8);
}

// ---------------------------------------------------------------------------------------
// Borrowing from the Pawn
// ---------------------------------------------------------------------------------------

#[test]
fn pawn_double_step_lent_while_a_pawn_is_unmoved() {
    let r = rules(HERO);
    // The a2 Pawn has not moved: the Hero on d4 (not on its second rank) double-steps.
    let mut p = pos(&r, "7k/8/8/8/3H4/8/P7/7K w - - 0 1");
    assert_eq!(
        moves_from(&r, &mut p, "d4"),
        sorted(&["d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4d6", "d4e3", "d4e4", "d4e5"])
    );
    // Lame: the step cell must be empty.
    let mut blocked = pos(&r, "7k/8/8/3n4/3H4/8/P7/7K w - - 0 1");
    assert!(!has(&moves_from(&r, &mut blocked, "d4"), "d4d6"));
    // Target must be empty: no capture by the double step.
    let mut occupied = pos(&r, "7k/8/3n4/8/3H4/8/P7/7K w - - 0 1");
    assert!(!has(&moves_from(&r, &mut occupied, "d4"), "d4d6"));
}

#[test]
fn no_double_step_after_every_pawn_moved() {
    let r = rules(HERO);
    let mut p = pos(&r, "7k/8/8/8/3H4/P7/8/7K w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "d4"), sorted(&D4_KING_STEPS));
    // The same, reached by moving the last unmoved Pawn.
    let mut q = pos(&r, "7k/8/8/8/3H4/8/P7/7K w - - 0 1");
    assert!(has(&moves_from(&r, &mut q, "d4"), "d4d6"));
    play(&r, &mut q, "a2a3");
    play(&r, &mut q, "h8g8");
    assert!(!has(&moves_from(&r, &mut q, "d4"), "d4d6"));
}

#[test]
fn hero_double_step_creates_no_en_passant_right() {
    let r = rules(HERO);
    // The starting Hero on e2 double-steps past the black Pawn on d4.
    let mut p = pos(&r, "4k3/8/8/8/3p4/8/PPPPHPPP/4K3 w - - 0 1");
    let mv = parse_move(&r, &mut p, "e2e4").unwrap();
    assert_eq!(mv.kind, MoveKind::Normal);
    p.make(&r, mv);
    assert!(p.ep_cells().is_empty());
    assert_eq!(to_fen(&r, &p).split(' ').nth(3), Some("-"));
    assert_eq!(moves_from(&r, &mut p, "d4"), sorted(&["d4d3"]));
    // A Pawn's double step past it does create the right.
    let mut q = pos(&r, "4k3/8/8/8/3p4/8/PPPPHPPP/4K3 w - - 0 1");
    play(&r, &mut q, "c2c4");
    assert_eq!(to_fen(&r, &q).split(' ').nth(3), Some("c3"));
    assert_eq!(moves_from(&r, &mut q, "d4"), sorted(&["d4c3", "d4d3"]));
}

#[test]
fn hero_captures_en_passant_like_a_pawn_on_its_square() {
    let r = rules(HERO);
    // A moved Hero on e5 borrowing from the King and the a2 Pawn; Black plays d7d5.
    let mut p = pos(&r, "4k3/3p4/8/4H3/8/8/P7/4K3 b - - 0 1");
    play(&r, &mut p, "d7d5");
    assert_eq!(to_fen(&r, &p).split(' ').nth(3), Some("d6"));
    let moves = moves_from(&r, &mut p, "e5");
    assert!(has(&moves, "e5d6ep"), "{moves:?}");
    assert!(has(&moves, "e5d6"), "{moves:?}");
    // Captures d5 by King step too (a third move, ending on d5).
    assert!(has(&moves, "e5d5"));

    let mut ep = p.clone();
    let ep_move = parse_move(&r, &mut ep, "e5d6ep").unwrap();
    assert!(ep_move.is_en_passant());
    ep.make(&r, ep_move);
    let mut step = p.clone();
    let step_move = parse_move(&r, &mut step, "e5d6").unwrap();
    assert_eq!(step_move.kind, MoveKind::Normal);
    step.make(&r, step_move);
    assert_eq!(to_fen(&r, &ep), "4k3/8/3H4/8/8/8/P7/4K3 b - - 0 2");
    assert_eq!(to_fen(&r, &step), "4k3/8/3H4/3p4/8/8/P7/4K3 b - - 1 2");

    // The same from a position string with the en passant field.
    let mut q = pos(&r, "4k3/8/8/3pH3/8/8/P7/4K3 w - d6 0 2");
    let moves = moves_from(&r, &mut q, "e5");
    assert!(has(&moves, "e5d6ep") && has(&moves, "e5d6"));
    // Without a friendly Pawn there is no en passant lender: no right is even recorded.
    let mut no_pawn = pos(&r, "4k3/3p4/8/4H3/8/8/8/4K3 b - - 0 1");
    play(&r, &mut no_pawn, "d7d5");
    assert!(no_pawn.ep_cells().is_empty());
    assert!(!has(&moves_from(&r, &mut no_pawn, "e5"), "e5d6ep"));
    // A Hero on the wrong rank (e4) has no en passant capture onto d6.
    let mut wrong = pos(&r, "4k3/3p4/8/8/4H3/8/P7/4K3 b - - 0 1");
    play(&r, &mut wrong, "d7d5");
    assert!(!has(&moves_from(&r, &mut wrong, "e4"), "e4d6ep"));
}

#[test]
fn hero_moves_forward_for_black() {
    let r = rules(HERO);
    // Black Hero on d5 (moved), an unmoved black Pawn on h7: pawn moves go down.
    let mut p = pos(&r, "4k3/7p/8/3h4/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        moves_from(&r, &mut p, "d5"),
        sorted(&["d5c4", "d5c5", "d5c6", "d5d3", "d5d4", "d5d6", "d5e4", "d5e5", "d5e6"])
    );
    // En passant downwards: a white Pawn double-steps past the Hero on e4.
    let mut q = pos(&r, "4k3/7p/8/8/4h3/8/3P4/4K3 w - - 0 1");
    play(&r, &mut q, "d2d4");
    assert_eq!(to_fen(&r, &q).split(' ').nth(3), Some("d3"));
    let moves = moves_from(&r, &mut q, "e4");
    assert!(has(&moves, "e4d3ep") && has(&moves, "e4d3"), "{moves:?}");
}

// ---------------------------------------------------------------------------------------
// The first-move rule
// ---------------------------------------------------------------------------------------

#[test]
fn first_move_must_not_capture() {
    let r = rules(HERO);
    // The Hero on its start square counts as never moved: no e2xe3.
    let fen = "4k3/8/8/8/8/4n3/4H3/4K3 w - - 0 1";
    let mut p = pos(&r, fen);
    assert!(p.unmoved().contains(cell(&r, "e2")));
    assert_eq!(
        moves_from(&r, &mut p, "e2"),
        sorted(&["e2d1", "e2d2", "e2d3", "e2f1", "e2f2", "e2f3"])
    );
    // Marked as moved, it captures.
    let mut moved = pos(&r, &format!("{fen} unmoved:-"));
    assert!(has(&moves_from(&r, &mut moved, "e2"), "e2e3"));

    // After one (non-capturing) move it captures, and back on e2 it stays "moved".
    play(&r, &mut p, "e2d2");
    play(&r, &mut p, "e8d8");
    assert!(has(&moves_from(&r, &mut p, "d2"), "d2e3"));
    play(&r, &mut p, "d2e2");
    play(&r, &mut p, "d8e8");
    assert!(has(&moves_from(&r, &mut p, "e2"), "e2e3"));
    // The state round-trips through the position string.
    let text = to_fen(&r, &p);
    assert!(text.contains("unmoved:"), "{text}");
    let mut back = pos(&r, &text);
    assert_eq!(to_fen(&r, &back), text);
    assert_eq!(back.hash(), p.hash());
    assert!(has(&moves_from(&r, &mut back, "e2"), "e2e3"));

    // The start position: e2e7 would capture.
    let mut s = start(&r);
    assert!(!has(&moves_from(&r, &mut s, "e2"), "e2e7"));
    // After e2e6 (first move) it may capture d7, e7, f7 at once.
    play(&r, &mut s, "e2e6");
    play(&r, &mut s, "a7a6");
    let moves = moves_from(&r, &mut s, "e6");
    assert_has_all(
        &moves,
        &["e6d7", "e6e7", "e6f7", "e6d8", "e6f8", "e6c7", "e6g7"],
    );
}

#[test]
fn unmoved_starting_hero_gives_no_check() {
    let r = rules(HERO);
    // The black King stands on the unmoved Hero's file.
    let fen = "8/8/8/4k3/8/8/4H3/R6K b - - 0 1";
    let mut p = pos(&r, fen);
    assert!(!in_check(&r, &p));
    assert!(!is_attacked(&r, &p, cell(&r, "e5"), Color::White));
    // It may step onto the Hero's lines.
    let king = moves_from(&r, &mut p, "e5");
    assert!(has(&king, "e5e4"), "{king:?}");
    // A moved Hero on e2 gives check.
    let moved = pos(&r, &format!("{fen} unmoved:-"));
    assert!(in_check(&r, &moved));

    // Castling across (and out of) the unmoved Hero's lines is allowed.
    let castle = "4k2r/8/8/8/8/8/4H3/R3K3 b k - 0 1";
    let mut c = pos(&r, castle);
    assert!(!in_check(&r, &c));
    assert!(has(&moves_from(&r, &mut c, "e8"), "e8g8"));
    let mut moved = pos(&r, &format!("{castle} unmoved:e1,e8,h8"));
    assert!(in_check(&r, &moved));
    assert!(!has(&moves_from(&r, &mut moved, "e8"), "e8g8"));
    // In the start position the Black King is on the Hero's file: no check.
    let s = start(&r);
    assert!(!is_attacked(&r, &s, cell(&r, "e7"), Color::White));
}

#[test]
fn pawn_promotes_to_hero() {
    for (variant, letter) in [(HERO, 'h'), (HERO_QUEEN, 'h'), (SUPERHERO, 's')] {
        let r = rules(variant);
        let mut p = pos(&r, "7k/4P3/8/8/8/8/8/K7 w - - 0 1");
        let want: Vec<String> = ['b', letter, 'n', 'q', 'r']
            .iter()
            .map(|c| format!("e7e8{c}"))
            .collect();
        let mut got = moves_from(&r, &mut p, "e7");
        got.sort();
        let mut want = want;
        want.sort();
        assert_eq!(got, want, "{variant}");
        play(&r, &mut p, &format!("e7e8{letter}"));
        let piece = p.piece_at(cell(&r, "e8")).unwrap();
        assert_eq!(r.piece_char(piece), letter.to_ascii_uppercase());
        assert!(!p.unmoved().contains(cell(&r, "e8")));
    }
}

#[test]
fn promoted_hero_may_capture_at_once() {
    let r = rules(HERO);
    let mut p = pos(&r, "3r4/4P2k/8/8/8/8/8/K7 w - - 0 1");
    play(&r, &mut p, "e7e8h");
    play(&r, &mut p, "h7h6");
    // The new Hero (lenders: the King) captures the Rook on its first move.
    let moves = moves_from(&r, &mut p, "e8");
    assert!(has(&moves, "e8d8"), "{moves:?}");
    // And it gives check at once (King step onto f7).
    let mut q = pos(&r, "8/4Pk2/8/8/8/8/8/K7 w - - 0 1");
    play(&r, &mut q, "e7e8h");
    assert!(in_check(&r, &q), "{}", to_fen(&r, &q));
    // A Hero on the starting Hero's square that the position string lists as moved (as
    // after a promotion) captures too.
    let mut promoted = pos(&r, "4k3/8/8/8/8/4n3/4H3/4K3 w - - 0 1 unmoved:-");
    assert!(!promoted.unmoved().contains(cell(&r, "e2")));
    assert!(has(&moves_from(&r, &mut promoted, "e2"), "e2e3"));
}

// ---------------------------------------------------------------------------------------
// Lenders changing during the game; check
// ---------------------------------------------------------------------------------------

#[test]
fn lender_captured_mid_game_changes_moves() {
    let r = rules(HERO);
    let mut p = pos(&r, "7k/8/8/5b2/3H4/8/8/1N5K w - - 0 1");
    let before = moves_from(&r, &mut p, "d4");
    assert_has_all(
        &before,
        &[
            "d4b5", "d4c6", "d4e6", "d4f5", "d4f3", "d4e2", "d4c2", "d4b3",
        ],
    );
    // Black takes the only Knight.
    let mut q = pos(&r, "7k/8/8/5b2/3H4/8/8/1N5K b - - 0 1");
    play(&r, &mut q, "f5b1");
    assert_eq!(moves_from(&r, &mut q, "d4"), sorted(&D4_KING_STEPS));
    // A Pawn promoting to a Knight restores the leaps.
    let mut t = pos(&r, "7k/P7/8/8/3H4/8/8/7K w - - 0 1");
    assert!(!has(&moves_from(&r, &mut t, "d4"), "d4e6"));
    play(&r, &mut t, "a7a8n");
    play(&r, &mut t, "h8g8");
    assert!(has(&moves_from(&r, &mut t, "d4"), "d4e6"));
}

#[test]
fn check_through_borrowed_move_depends_on_lenders() {
    let r = rules(HERO);
    // The Hero on d4 attacks e6 through the Knight's leap.
    let mut p = pos(&r, "8/8/4k3/5b2/3H4/8/8/1N5K b - - 0 1");
    assert!(in_check(&r, &p));
    let no_knight = pos(&r, "8/8/4k3/5b2/3H4/8/8/7K b - - 0 1");
    assert!(!in_check(&r, &no_knight));
    // Taking the lender is a way out of check; other Bishop moves are not.
    let moves = legal(&r, &mut p);
    assert!(has(&moves, "f5b1"), "{moves:?}");
    assert!(!has(&moves, "f5e4"));
    assert!(!has(&moves, "f5c2"));
    play(&r, &mut p, "f5b1");
    assert!(!is_attacked(&r, &p, cell(&r, "e6"), Color::White));
}

#[test]
fn check_given_through_borrowed_move() {
    let r = rules(HERO);
    let mut p = pos(&r, "8/4k3/8/8/3H4/8/8/1N5K w - - 0 1");
    assert!(!in_check(&r, &p));
    play(&r, &mut p, "d4d5");
    assert!(in_check(&r, &p));
    // d6, e6: King steps of the Hero; f6: its Knight leap. d7, f7, d8, e8, f8 are free.
    assert_eq!(
        legal(&r, &mut p),
        sorted(&["e7d7", "e7d8", "e7e8", "e7f7", "e7f8"])
    );
    assert!(is_attacked(&r, &p, cell(&r, "f6"), Color::White));
    assert!(!is_attacked(&r, &p, cell(&r, "f7"), Color::White));
    // Nor castle across one: the Hero on e6 attacks f8 by the Knight's leap.
    let mut c = pos(&r, "4k2r/8/4H3/8/8/8/8/1N2K3 b k - 0 1");
    assert!(!in_check(&r, &c));
    assert!(!has(&moves_from(&r, &mut c, "e8"), "e8g8"));
    let mut c = pos(&r, "4k2r/8/4H3/8/8/8/8/4K3 b k - 0 1");
    assert!(has(&moves_from(&r, &mut c, "e8"), "e8g8"));
}

#[test]
fn hero_never_castles_never_promotes() {
    let r = rules(HERO);
    // An unmoved Hero next to the unmoved King and Rooks borrows the King's step, not its
    // castling: d1b1 is the Rook-lent slide, the a1 Rook stays.
    let mut p = pos(&r, "7k/8/8/8/8/8/8/R2HK2R w KQ - 0 1 unmoved:a1,d1,e1,h1");
    let moves = legal_moves(&r, &mut p);
    let d1 = cell(&r, "d1");
    assert!(moves
        .iter()
        .filter(|m| m.from == d1)
        .all(|m| m.kind == MoveKind::Normal));
    assert_eq!(castles(&r, &mut p), vec!["e1g1".to_string()]);
    let mut after = p.clone();
    play(&r, &mut after, "d1b1");
    assert!(after.piece_at(cell(&r, "a1")).is_some());
    assert!(after.piece_at(cell(&r, "c1")).is_none());
    // The same with the King present: castling only by the King.
    let mut k = pos(&r, "7k/8/8/8/8/8/3H4/R3K2R w KQ - 0 1");
    let king_castles = castles(&r, &mut k);
    assert_eq!(king_castles.len(), 2, "{king_castles:?}");
    assert!(king_castles.iter().all(|m| m.starts_with("e1")));

    // A Hero borrowing from a Pawn reaches the last rank without promoting.
    let mut q = pos(&r, "k2n4/4H3/8/8/8/8/P7/7K w - - 0 1");
    let e7 = cell(&r, "e7");
    let moves = legal_moves(&r, &mut q);
    let hero: Vec<&Move> = moves.iter().filter(|m| m.from == e7).collect();
    assert!(hero.iter().all(|m| m.promotion.is_none()));
    assert_eq!(
        hero.iter()
            .filter(|m| m.to == cell(&r, "e8") || m.to == cell(&r, "d8"))
            .count(),
        2
    );
    play(&r, &mut q, "e7d8");
    assert_eq!(at(&r, &q, "d8"), 'H');
    // Black: down to rank 1.
    let mut b = pos(&r, "7k/7p/8/8/8/8/4h3/K7 b - - 0 1");
    play(&r, &mut b, "e2e1");
    assert_eq!(at(&r, &b, "e1"), 'h');
}

#[test]
fn other_heroes_lend_nothing() {
    let r = rules(HERO);
    // Two Heroes and the King: each Hero has King steps only.
    let mut p = pos(&r, "7k/8/8/8/3H4/8/8/H3K3 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "d4"), sorted(&D4_KING_STEPS));
    assert_eq!(
        moves_from(&r, &mut p, "a1"),
        sorted(&["a1a2", "a1b1", "a1b2"])
    );
    // Black Heroes lend nothing to White either.
    let mut q = pos(&r, "7k/8/8/8/3H4/8/1hh5/4K3 w - - 0 1");
    assert_eq!(moves_from(&r, &mut q, "d4").len(), 8);
    // Superheroes too (hero-level moves: the other Superhero's borrowed moves are King
    // steps, which only add its own neighbourhood remotely).
    let sr = rules(SUPERHERO);
    let mut s = pos(&sr, "7k/8/8/8/3S4/8/8/S3K3 w - - 0 1 unmoved:-");
    let moves = moves_from(&sr, &mut s, "d4");
    assert!(!has(&moves, "d4d6") && !has(&moves, "d4a7") && !has(&moves, "d4e6"));
}

#[test]
fn duplicate_targets_are_one_move() {
    let r = rules(HERO);
    // d5 is reachable through the King, Rook, Queen and Pawn: one move.
    let mut p = pos(&r, "6k1/8/8/8/3H4/8/P7/RQ5K w - - 0 1");
    let moves = legal_moves(&r, &mut p);
    let d4 = cell(&r, "d4");
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for m in moves.iter().filter(|m| m.from == d4) {
        *seen.entry(key(&r, m)).or_default() += 1;
    }
    assert!(seen.values().all(|&n| n == 1), "{seen:?}");
    // The Queen's lines from d4 (a1 holds the own Rook): every other lent move is among them.
    assert_eq!(seen.len(), 26, "{seen:?}");
    // The start position: e2e3 through Rook, Queen and Pawn lenders, e2e4 through Rook,
    // Queen and the Pawn double step.
    let mut s = start(&r);
    let all = legal(&r, &mut s);
    assert_eq!(all.iter().filter(|m| *m == "e2e3").count(), 1);
    assert_eq!(all.iter().filter(|m| *m == "e2e4").count(), 1);
}

// ---------------------------------------------------------------------------------------
// The Superhero
// ---------------------------------------------------------------------------------------

#[test]
fn superhero_remote_capture() {
    let r = rules(SUPERHERO);
    // The Rook on h1 attacks the Knight on h7; the (moved) Superhero on b2 takes it.
    let mut p = pos(&r, "2b1k3/7n/8/8/8/8/1S6/4K2R w - - 0 1");
    let moves = moves_from(&r, &mut p, "b2");
    assert!(has(&moves, "b2h7"), "{moves:?}");
    // The c8 Bishop is attacked by nobody: no capture there.
    assert!(!has(&moves, "b2c8"));
    play(&r, &mut p, "b2h7");
    assert_eq!(at(&r, &p, "h7"), 'S');
    assert_eq!(p.halfmove_clock(), 0);
    // The first-move rule: the unmoved Superhero on e2 has no remote capture.
    let mut u = pos(&r, "2b1k3/7n/8/8/8/8/4S3/4K2R w - - 0 1");
    assert!(!has(&moves_from(&r, &mut u, "e2"), "e2h7"));
    let mut m = pos(&r, "2b1k3/7n/8/8/8/8/4S3/4K2R w - - 0 1 unmoved:-");
    assert!(has(&moves_from(&r, &mut m, "e2"), "e2h7"));
}

#[test]
fn superhero_remote_move() {
    let r = rules(SUPERHERO);
    // The Rook on d8 attacks d1 and d2; the King on e1 could still step there
    // (pseudo-legally), so the Superhero may go there.
    let mut p = pos(&r, "3rk3/8/8/8/8/1S6/6P1/4K3 w - - 0 1");
    let moves = moves_from(&r, &mut p, "b3");
    assert_has_all(
        &moves,
        &[
            "b3g3", "b3g4", // Pawn push and double step
            "b3d1", "b3d2", "b3e2", "b3f1", "b3f2", // King steps (d1, d2 attacked)
            "b3b4", "b3b5", // own Pawn-lent step and double step
        ],
    );
    assert!(!has(&moves, "b3h6"));
    assert!(!has(&moves, "b3g5"));
    play(&r, &mut p, "b3d1");
    assert_eq!(at(&r, &p, "d1"), 'S');
    // The unmoved Superhero has its remote quiet moves.
    let mut s = start(&r);
    let moves = moves_from(&r, &mut s, "e2");
    assert_has_all(&moves, &["e2a3", "e2h3", "e2a4", "e2f3", "e2h4"]);
}

#[test]
fn superhero_no_remote_move_to_en_passant_only_square() {
    let r = rules(SUPERHERO);
    let mut p = pos(&r, "4k3/3p4/8/4P3/8/8/8/4K2S b - - 0 1");
    play(&r, &mut p, "d7d5");
    assert_eq!(to_fen(&r, &p).split(' ').nth(3), Some("d6"));
    let moves = legal(&r, &mut p);
    assert!(has(&moves, "e5d6"), "{moves:?}");
    assert!(!has(&moves, "h1d6"), "{moves:?}");
    // For the Pawn, `e5d6` and `e5d6ep` both name its en passant capture.
    for text in ["e5d6", "e5d6ep"] {
        let mv = parse_move(&r, &mut p, text).unwrap();
        assert!(mv.is_en_passant(), "{text}");
    }
    // Only the plain push target e6 is a remote destination from the Pawn.
    assert!(has(&moves, "h1e6"));
    // The diagonal cells the Pawn attacks but cannot move to are not destinations.
    assert!(!has(&moves, "h1f6"));
}

#[test]
fn unmoved_superhero_contributes_no_captures() {
    let r = rules(SUPERHERO);
    // The unmoved Superhero on e2 "sees" the Knight on e3, the moved one on a3 does not.
    let fen = "7k/8/8/8/8/S3n3/4S3/7K w - - 0 1";
    let mut p = pos(&r, fen);
    assert!(p.unmoved().contains(cell(&r, "e2")));
    let a3 = moves_from(&r, &mut p, "a3");
    assert!(!has(&a3, "a3e3"), "{a3:?}");
    // Its quiet moves are still lent remotely.
    assert!(has(&a3, "a3d3") && has(&a3, "a3f1"), "{a3:?}");
    assert!(!has(&moves_from(&r, &mut p, "e2"), "e2e3"));
    // With the e2 Superhero moved, both take the Knight.
    let mut q = pos(&r, &format!("{fen} unmoved:-"));
    assert!(has(&moves_from(&r, &mut q, "a3"), "a3e3"));
    assert!(has(&moves_from(&r, &mut q, "e2"), "e2e3"));
}

#[test]
fn superhero_promotion() {
    let r = rules(SUPERHERO);
    let mut p = pos(&r, "1n6/P6k/8/6b1/8/8/8/K5R1 w - - 0 1");
    let moves = moves_from(&r, &mut p, "a7");
    for letter in ['q', 'r', 'b', 'n', 's'] {
        assert!(has(&moves, &format!("a7a8{letter}")), "{moves:?}");
        assert!(has(&moves, &format!("a7b8{letter}")), "{moves:?}");
    }
    assert_eq!(moves.len(), 10);
    play(&r, &mut p, "a7a8s");
    assert_eq!(at(&r, &p, "a8"), 'S');
    play(&r, &mut p, "h7h8");
    // The promoted Superhero captures at once: b8 by its Rook-lent slide, g5 remotely
    // through the g1 Rook's attack.
    let moves = moves_from(&r, &mut p, "a8");
    assert!(has(&moves, "a8b8") && has(&moves, "a8g5"), "{moves:?}");
}

// ---------------------------------------------------------------------------------------
// Differential test
// ---------------------------------------------------------------------------------------

/// What the independent computation knows of the game beyond the board: which starting
/// Heroes have never moved, and the en passant right from the last move.
struct Track {
    unmoved_heroes: BTreeSet<Cell>,
    /// (passed cell, victim cell) after a Pawn double step.
    ep: Option<(Cell, Cell)>,
}

fn is_hero_letter(ch: char) -> bool {
    matches!(ch.to_ascii_uppercase(), 'H' | 'S')
}

fn letter_of(rules: &Rules, p: Piece) -> char {
    rules.kinds()[p.kind() as usize].letter
}

/// The starting Heroes' cells of a variant (from the spec), White's first.
fn start_hero_cells(variant: &str) -> [&'static str; 2] {
    match variant {
        HERO_QUEEN => ["d1", "d8"],
        _ => ["e2", "e7"],
    }
}

/// A Hero standing where its side's starting Hero starts counts as never moved (the rule
/// for position strings without an `unmoved:` field).
fn track_start(rules: &Rules, variant: &str, pos: &Position) -> Track {
    let unmoved_heroes = start_hero_cells(variant)
        .iter()
        .zip([Color::White, Color::Black])
        .map(|(n, side)| (cell(rules, n), side))
        .filter(|&(c, side)| {
            pos.piece_at(c)
                .is_some_and(|p| p.color() == side && is_hero_letter(letter_of(rules, p)))
        })
        .map(|(c, _)| c)
        .collect();
    Track {
        unmoved_heroes,
        ep: None,
    }
}

fn track_move(rules: &Rules, pos: &Position, track: &mut Track, mv: &Move) {
    let mover = pos.piece_at(mv.from).unwrap();
    track.unmoved_heroes.remove(&mv.from);
    track.unmoved_heroes.remove(&mv.to);
    track.ep = None;
    if letter_of(rules, mover) == 'P' {
        let (f0, r0) = file_rank(rules, mv.from);
        let (f1, r1) = file_rank(rules, mv.to);
        if f0 == f1 && (r1 - r0).abs() == 2 {
            let passed = rules.geometry().at(f0, (r0 + r1) / 2).unwrap();
            track.ep = Some((passed, mv.to));
        }
    }
}

/// A move as a string for comparison: cells, `ep` for en passant, `=k` for a promotion,
/// `ds` for a move giving an en passant right, `O` for castling, `[Kind]` for any other kind.
fn key(rules: &Rules, m: &Move) -> String {
    let mut s = format!("{}{}", name(rules, m.from), name(rules, m.to));
    match m.kind {
        MoveKind::Normal => {}
        MoveKind::EnPassant { .. } => s.push_str("ep"),
        MoveKind::DoubleStep { .. } => s.push_str("ds"),
        MoveKind::Castle { .. } => s.push('O'),
        #[allow(unreachable_patterns)]
        other => s.push_str(&format!("[{other:?}]")),
    }
    if let Some(k) = m.promotion {
        s.push('=');
        s.push(rules.kinds()[k as usize].letter);
    }
    s
}

fn pseudo_from(rules: &Rules, pos: &Position, from: Cell) -> Vec<Move> {
    let mut out = Vec::new();
    generate_pseudo(rules, pos, &mut out);
    out.retain(|m| m.from == from);
    out
}

/// The Hero-level moves of the Hero on `from`, computed from the spec: the union over the
/// side's non-Hero kinds of a piece of that kind on `from`, filtered.
fn independent_hero_moves(
    rules: &Rules,
    pos: &Position,
    track: &Track,
    from: Cell,
    stats: &mut Stats,
) -> BTreeSet<String> {
    let hero = pos.piece_at(from).unwrap();
    let side = hero.color();
    let hero_unmoved = track.unmoved_heroes.contains(&from);
    let mut kinds: BTreeSet<KindId> = BTreeSet::new();
    let mut bishop_colours = BTreeSet::new();
    let mut pawn_on_second_rank = false;
    for c in rules.geometry().cells() {
        let Some(p) = pos.piece_at(c) else { continue };
        if p.color() != side || is_hero_letter(letter_of(rules, p)) {
            continue;
        }
        kinds.insert(p.kind());
        match letter_of(rules, p) {
            'B' => {
                bishop_colours.insert(light(rules, c));
            }
            'P' => {
                let second = if side == Color::White { 1 } else { 6 };
                if file_rank(rules, c).1 == second {
                    pawn_on_second_rank = true;
                }
            }
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    for k in kinds {
        let letter = rules.kinds()[k as usize].letter;
        if letter == 'B' && !bishop_colours.contains(&light(rules, from)) {
            continue;
        }
        let mut sub = pos.clone();
        sub.take(rules, from);
        sub.put(rules, from, Piece::new(k, side));
        let mut unmoved = CellSet::EMPTY;
        if letter == 'P' {
            unmoved.insert(from);
        }
        sub.set_unmoved(rules, unmoved);
        match track.ep {
            Some((passed, victim)) => {
                let mut cells = CellSet::EMPTY;
                cells.insert(passed);
                sub.set_en_passant(rules, cells, Some(victim));
            }
            None => sub.set_en_passant(rules, CellSet::EMPTY, None),
        }
        for m in pseudo_from(rules, &sub, from) {
            assert!(!m.is_castle());
            let capture = m.is_en_passant() || pos.piece_at(m.to).is_some();
            if capture && hero_unmoved {
                stats.first_move_captures_dropped += 1;
                continue;
            }
            let two_forward = {
                let (f0, r0) = file_rank(rules, m.from);
                let (f1, r1) = file_rank(rules, m.to);
                f0 == f1 && (r1 - r0).abs() == 2
            };
            if letter == 'P' && two_forward && !pawn_on_second_rank {
                stats.double_steps_dropped += 1;
                continue;
            }
            let kind = if m.is_en_passant() {
                m.kind
            } else {
                MoveKind::Normal
            };
            let plain = Move {
                kind,
                ..Move::normal(m.from, m.to)
            };
            out.insert(key(rules, &plain));
        }
    }
    out
}

/// The remote moves of the Superhero on `from`: quiet moves to empty cells other friendly
/// pieces could move to, captures on enemy cells they attack (not while it is unmoved).
fn independent_remote_moves(
    rules: &Rules,
    pos: &Position,
    track: &Track,
    from: Cell,
    stats: &mut Stats,
) -> BTreeSet<String> {
    let side = pos.piece_at(from).unwrap().color();
    let mut all = Vec::new();
    generate_pseudo(rules, pos, &mut all);
    let mut targets: BTreeSet<Cell> = BTreeSet::new();
    for c in rules.geometry().cells() {
        let Some(p) = pos.piece_at(c) else { continue };
        if c == from || p.color() != side {
            continue;
        }
        if is_hero_letter(letter_of(rules, p)) {
            for k in independent_hero_moves(rules, pos, track, c, stats) {
                if !k.ends_with("ep") {
                    targets.insert(cell(rules, &k[2..4]));
                }
            }
        } else {
            for m in all.iter().filter(|m| m.from == c) {
                assert!(!m.is_castle());
                if !m.is_en_passant() {
                    targets.insert(m.to);
                }
            }
        }
    }
    let unmoved = track.unmoved_heroes.contains(&from);
    targets
        .into_iter()
        .filter(|&t| match pos.piece_at(t) {
            None => true,
            Some(p) => p.color() != side && !unmoved,
        })
        .map(|t| key(rules, &Move::normal(from, t)))
        .collect()
}

#[derive(Debug, Default)]
struct Stats {
    positions: usize,
    heroes: usize,
    en_passant: usize,
    double_steps: usize,
    double_steps_dropped: usize,
    first_move_captures_dropped: usize,
    remote: usize,
}

/// Random games from each `(position, games, plies)`; in every position, every Hero of the
/// side to move has exactly the independently computed pseudo-legal moves.
fn differential(variant: &str, starts: &[(&str, usize, usize)], seed: u64) -> Stats {
    let r = rules(variant);
    let mut rng = crate::common::Rng(seed | 1);
    let hook_of = |p: Piece| r.kinds()[p.kind() as usize].hook.clone();
    let mut stats = Stats::default();
    for &(fen, games, plies) in starts {
        for game in 0..games {
            let mut p = pos(&r, fen);
            let mut track = track_start(&r, variant, &p);
            for ply in 0..plies {
                stats.positions += 1;
                let side = p.side_to_move();
                let mut pseudo = Vec::new();
                generate_pseudo(&r, &p, &mut pseudo);
                let heroes: Vec<Cell> = p
                    .occupied(side)
                    .iter()
                    .filter(|&c| is_hero_letter(letter_of(&r, p.piece_at(c).unwrap())))
                    .collect();
                for &h in &heroes {
                    stats.heroes += 1;
                    let piece = p.piece_at(h).unwrap();
                    let mut lib: Vec<String> = pseudo
                        .iter()
                        .filter(|m| m.from == h)
                        .map(|m| key(&r, m))
                        .collect();
                    lib.sort();
                    let mut want = independent_hero_moves(&r, &p, &track, h, &mut stats);
                    let superhero = letter_of(&r, piece) == 'S';
                    // Attacks on enemy pieces (check detection) are the Hero-level captures.
                    let hook = hook_of(piece).expect("a Hero has a hook");
                    for t in p.occupied(side.flip()).iter() {
                        let lib_attacks = hook.attacks(&r, &p, piece, h, t);
                        let want_attacks = want.contains(&key(&r, &Move::normal(h, t)));
                        assert_eq!(
                            lib_attacks,
                            want_attacks,
                            "{variant} from {fen} game {game} ply {ply}: attack of {} on {} in {}",
                            name(&r, h),
                            name(&r, t),
                            to_fen(&r, &p)
                        );
                    }
                    if superhero {
                        let remote = independent_remote_moves(&r, &p, &track, h, &mut stats);
                        stats.remote += remote.difference(&want).count();
                        want.extend(remote);
                    }
                    stats.en_passant += want.iter().filter(|k| k.ends_with("ep")).count();
                    stats.double_steps += want
                        .iter()
                        .filter(|k| {
                            let (f0, r0) = file_rank(&r, cell(&r, &k[0..2]));
                            let (f1, r1) = file_rank(&r, cell(&r, &k[2..4]));
                            f0 == f1 && (r1 - r0).abs() == 2
                        })
                        .count();
                    let want: Vec<String> = want.into_iter().collect();
                    if lib != want {
                        let missing: Vec<&String> =
                            want.iter().filter(|k| !lib.contains(k)).collect();
                        let extra: Vec<&String> =
                            lib.iter().filter(|k| !want.contains(k)).collect();
                        panic!(
                        "{variant} from {fen} game {game} ply {ply}, {} on {}: {}\n  library misses {missing:?}\n  library adds {extra:?}\n  library {lib:?}",
                        letter_of(&r, piece),
                        name(&r, h),
                        to_fen(&r, &p)
                    );
                    }
                }
                // An en passant right is recorded exactly when someone can use it.
                assert_eq!(
                    !p.ep_cells().is_empty(),
                    pseudo.iter().any(|m| m.is_en_passant()),
                    "{variant}: en passant right in {}",
                    to_fen(&r, &p)
                );
                // The position string carries the Heroes' first-move state.
                let text = to_fen(&r, &p);
                let back = pos(&r, &text);
                assert_eq!(back.unmoved(), p.unmoved(), "{text}");
                assert_eq!(back.hash(), p.hash(), "{text}");
                let moves = legal_moves(&r, &mut p);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                let hero_moved = is_hero_letter(letter_of(&r, p.piece_at(mv.from).unwrap()));
                track_move(&r, &p, &mut track, &mv);
                p.make(&r, mv);
                if hero_moved {
                    assert!(
                        p.ep_cells().is_empty(),
                        "{variant}: a Hero's move gave an en passant right: {}",
                        to_fen(&r, &p)
                    );
                }
                // The library's never-moved state of Heroes agrees with the tracking.
                for c in p.occupied(Color::White).or(p.occupied(Color::Black)).iter() {
                    if is_hero_letter(letter_of(&r, p.piece_at(c).unwrap())) {
                        assert_eq!(
                            p.unmoved().contains(c),
                            track.unmoved_heroes.contains(&c),
                            "{variant}: unmoved state of {}",
                            name(&r, c)
                        );
                    }
                }
            }
        }
    }
    stats
}

/// Besides the start position: one where every Pawn has moved (no double step to lend),
/// one with Pawns about to promote (to Heroes too: several Heroes, promoted Heroes).
fn differential_starts(variant: &str) -> Vec<(String, usize, usize)> {
    let h = if variant == SUPERHERO { 's' } else { 'h' };
    let hu = h.to_ascii_uppercase();
    let r = rules(variant);
    let (moved, promoting) = if variant == HERO_QUEEN {
        (
            format!("rnb{h}kbnr/8/pp6/8/8/PP6/8/RNB{hu}KBNR w KQkq - 0 1"),
            format!("3{h}k3/PP4PP/8/8/8/8/pp4pp/3{hu}K3 w - - 0 1"),
        )
    } else {
        (
            format!("rnbqkbnr/4{h}3/pp6/8/8/PP6/4{hu}3/RNBQKBNR w KQkq - 0 1"),
            format!("4k3/PP2{h}1PP/8/8/8/8/pp2{hu}1pp/4K3 w - - 0 1"),
        )
    };
    vec![
        (r.start_fen().to_string(), 200, 40),
        (moved, 100, 40),
        (promoting, 150, 40),
    ]
}

fn run_differential(variant: &str, seed: u64) -> Stats {
    let starts = differential_starts(variant);
    let starts: Vec<(&str, usize, usize)> = starts
        .iter()
        .map(|(f, g, p)| (f.as_str(), *g, *p))
        .collect();
    let s = differential(variant, &starts, seed);
    eprintln!("{variant}: {s:?}");
    assert!(s.heroes > 5000, "{variant}: {s:?}");
    assert!(s.en_passant > 0, "{variant}: no Hero en passant exercised");
    assert!(s.double_steps > 0 && s.double_steps_dropped > 0, "{s:?}");
    assert!(s.first_move_captures_dropped > 0, "{s:?}");
    s
}

#[test]
fn hero_moves_match_independent_computation() {
    run_differential(HERO, 0x4845_524F);
    run_differential(HERO_QUEEN, 0x0051_5545_454E);
}

#[test]
fn superhero_moves_match_independent_computation() {
    let s = run_differential(SUPERHERO, 0x0053_5550_4552);
    assert!(s.remote > 0);
}

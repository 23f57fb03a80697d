//! Xiangqi and Janggi rule by rule (issue 13): palaces, the river, lame leaps, the flying
//! general, cannons, palace diagonals and passing. Position strings are Fairy-Stockfish's
//! (Red/Cho is White, rank 1 at the bottom, ranks up to 10).

use crate::common::{at, legal, load_variant, moves_from, play_all, pos, sorted, start};
use fairyrules::{in_check, outcome, Color, Outcome, WinReason};

// ----- Xiangqi -----

#[test]
fn xiangqi_general_stays_in_its_palace() {
    let r = load_variant("xiangqi.toml");
    // General d1: d2 is in the palace, c1 is not; e1 would face the other General.
    let mut p = pos(&r, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "d1"), sorted(&["d1d2"]));
}

#[test]
fn xiangqi_flying_general_forbids_facing_generals() {
    let r = load_variant("xiangqi.toml");
    // The Horse on e5 is all that stands between the Generals: every Horse move leaves the
    // file and is illegal; the General may step off the file or up behind the Horse.
    let mut p = pos(&r, "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e5"), Vec::<String>::new());
    assert_eq!(
        moves_from(&r, &mut p, "e1"),
        sorted(&["e1d1", "e1e2", "e1f1"])
    );
    // Stepping onto the other General's open file is illegal too.
    let mut open = pos(&r, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(!in_check(&r, &open));
    assert!(!legal(&r, &mut open).contains(&"e1d1".to_string()));
}

#[test]
fn xiangqi_advisor_moves_along_the_palace_diagonals() {
    let r = load_variant("xiangqi.toml");
    let mut p = pos(&r, "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert_eq!(
        moves_from(&r, &mut p, "e2"),
        sorted(&["e2d3", "e2f1", "e2f3"])
    );
    let mut p = pos(&r, "4k4/9/9/9/9/9/9/9/9/3A1K3 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "d1"), sorted(&["d1e2"]));
}

#[test]
fn xiangqi_elephant_never_crosses_the_river_and_is_blocked_at_the_eye() {
    let r = load_variant("xiangqi.toml");
    let mut p = pos(&r, "4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "c5"), sorted(&["c5a3", "c5e3"]));
    // A piece on d4 (the "elephant's eye") blocks c5-e3.
    let mut p = pos(&r, "4k4/9/9/9/9/2B6/3P5/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "c5"), sorted(&["c5a3"]));
}

#[test]
fn xiangqi_horse_is_blocked_by_the_piece_next_to_it() {
    let r = load_variant("xiangqi.toml");
    // b2 blocks the two leaps up; c1 is empty, so the leap to d2 stays.
    let mut p = pos(&r, "4k4/9/9/9/9/9/9/9/1P7/1N1K5 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "b1"), sorted(&["b1d2"]));
}

#[test]
fn xiangqi_soldier_steps_sideways_only_across_the_river() {
    let r = load_variant("xiangqi.toml");
    let mut p = pos(&r, "4k4/9/9/9/6P2/P8/9/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "a5"), sorted(&["a5a6"]));
    assert_eq!(
        moves_from(&r, &mut p, "g6"),
        sorted(&["g6f6", "g6g7", "g6h6"])
    );
}

#[test]
fn xiangqi_cannon_captures_over_exactly_one_piece() {
    let r = load_variant("xiangqi.toml");
    let mut p = pos(&r, "4k4/9/1n7/9/9/1P7/9/1C7/9/3K5 w - - 0 1");
    let moves = moves_from(&r, &mut p, "b3");
    assert!(moves.contains(&"b3b8".to_string()), "{moves:?}");
    assert!(moves.contains(&"b3b4".to_string()));
    for not in ["b3b5", "b3b6", "b3b7", "b3b9"] {
        assert!(!moves.contains(&not.to_string()), "{not}: {moves:?}");
    }
}

#[test]
fn xiangqi_stalemate_loses() {
    let r = load_variant("xiangqi.toml");
    // Black's General on d10 cannot move (d9 and e10 are attacked) and is not in check.
    let mut p = pos(&r, "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1");
    assert!(legal(&r, &mut p).is_empty());
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Stalemate
        }
    );
}

// ----- Janggi -----

#[test]
fn janggi_chariot_moves_along_a_palace_diagonal() {
    let r = load_variant("janggi.toml");
    let mut p = pos(&r, "4k4/9/9/9/9/9/9/9/5K3/3R5 w - - 0 1");
    let moves = moves_from(&r, &mut p, "d1");
    assert!(moves.contains(&"d1e2".to_string()), "{moves:?}");
    assert!(moves.contains(&"d1f3".to_string()), "{moves:?}");
    // No diagonal out of the palace's lines.
    assert!(!moves.contains(&"d1c2".to_string()), "{moves:?}");
}

#[test]
fn janggi_cannon_neither_hops_over_nor_captures_a_cannon() {
    let r = load_variant("janggi.toml");
    // A Black Cannon on e4 is the first piece up the file: no move that way at all.
    let mut p = pos(&r, "4k4/9/9/9/4n4/9/4c4/9/5K3/4C4 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e1"), Vec::<String>::new());
    // Over a Soldier instead, the Cannon moves to e5 or takes the Horse on e6.
    let mut p = pos(&r, "4k4/9/9/9/4n4/9/4p4/9/5K3/4C4 w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "e1"), sorted(&["e1e5", "e1e6"]));
}

#[test]
fn janggi_elephant_is_blocked_on_either_point_it_passes() {
    let r = load_variant("janggi.toml");
    // f6 lies on the way to g7 (one up, then one diagonally): that leap is blocked.
    let mut p = pos(&r, "9/4k4/9/9/5P3/9/4B4/9/9/3K5 w - - 0 1");
    assert_eq!(
        moves_from(&r, &mut p, "e4"),
        sorted(&["e4b2", "e4b6", "e4c1", "e4c7", "e4g1", "e4h2", "e4h6"])
    );
}

#[test]
fn janggi_soldier_moves_diagonally_forward_in_the_enemy_palace() {
    let r = load_variant("janggi.toml");
    let mut p = pos(&r, "5k3/9/3P5/9/9/9/9/9/4K4/9 w - - 0 1");
    let moves = moves_from(&r, &mut p, "d8");
    assert!(moves.contains(&"d8e9".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d8c9".to_string()), "{moves:?}");
}

#[test]
fn janggi_pass_only_when_not_in_check() {
    let r = load_variant("janggi.toml");
    let mut p = start(&r);
    assert!(legal(&r, &mut p).contains(&"e2e2".to_string()));
    // In check from the Chariot on e1, no pass.
    let mut p = pos(&r, "3k5/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1");
    assert!(in_check(&r, &p));
    assert!(!legal(&r, &mut p).contains(&"e2e2".to_string()));
}

#[test]
fn janggi_two_passes_end_the_game_on_points() {
    let r = load_variant("janggi.toml");
    let mut p = start(&r);
    play_all(&r, &mut p, &["e2e2"]);
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    assert_eq!(at(&r, &p, "e2"), 'K');
    play_all(&r, &mut p, &["e9e9"]);
    // Equal material: Han's 1.5 points decide.
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Points
        }
    );
    assert!(legal(&r, &mut p).is_empty());
    // With a Chariot more (13 points), Cho wins instead.
    let mut p = pos(
        &r,
        "1nba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    );
    play_all(&r, &mut p, &["e2e2", "e9e9"]);
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Points
        }
    );
}

/// Xiangqi: a side that repeats the position by checking with every move loses; the third
/// occurrence of any other position draws.
#[test]
fn xiangqi_perpetual_check_loses() {
    let r = crate::common::load_variant("xiangqi.toml");
    let mut p = crate::common::pos(&r, "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let cycle = ["a9a10", "e10e9", "a10a9", "e9e10"];
    crate::common::play_all(&r, &mut p, &cycle);
    crate::common::play_all(&r, &mut p, &cycle[..3]);
    assert_eq!(
        fairyrules::outcome(&r, &mut p),
        fairyrules::Outcome::Ongoing
    );
    crate::common::play(&r, &mut p, "e9e10");
    assert_eq!(
        fairyrules::outcome(&r, &mut p),
        fairyrules::Outcome::Win {
            winner: fairyrules::Color::Black,
            reason: fairyrules::WinReason::PerpetualCheck
        }
    );
    // Generals stepping back and forth without check: a draw at the third occurrence.
    let mut p = crate::common::pos(&r, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let cycle = ["d1d2", "e10e9", "d2d1", "e9e10"];
    crate::common::play_all(&r, &mut p, &cycle);
    crate::common::play_all(&r, &mut p, &cycle);
    assert!(matches!(
        fairyrules::outcome(&r, &mut p),
        fairyrules::Outcome::Draw { .. }
    ));
}

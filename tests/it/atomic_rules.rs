//! Atomic chess rule by rule (issue 13): explosions as a capture option of the rules
//! (`[rules] explosion`), not an Atomic special case.

use crate::common::{at, load_variant, moves_from, play, pos};
use fairyrules::{in_check, legal_moves, outcome, Color, Outcome, WinReason};

#[test]
fn atomic_capture_explodes_the_neighbours_but_not_pawns() {
    let r = load_variant("atomic.toml");
    let mut p = pos(&r, "4k3/8/2p5/3pn3/4P3/8/8/4K3 w - - 0 1");
    play(&r, &mut p, "e4d5");
    // The capturing Pawn, the captured Pawn and the Knight next to them are gone; the Pawn
    // on c6 (immune) stays.
    for cell in ["d5", "e4", "e5"] {
        assert_eq!(at(&r, &p, cell), '.', "{cell}");
    }
    assert_eq!(at(&r, &p, "c6"), 'p');
}

#[test]
fn atomic_king_never_captures() {
    let r = load_variant("atomic.toml");
    let mut p = pos(&r, "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
    assert!(!moves_from(&r, &mut p, "e1").contains(&"e1d2".to_string()));
}

#[test]
fn atomic_own_king_may_not_explode() {
    let r = load_variant("atomic.toml");
    // Taking d2 would blow up the White King on e1.
    let mut p = pos(&r, "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1");
    assert!(!moves_from(&r, &mut p, "d1").contains(&"d1d2".to_string()));
}

#[test]
fn atomic_exploding_the_king_wins_at_once() {
    let r = load_variant("atomic.toml");
    let mut p = pos(&r, "4k3/5p2/8/8/2B5/8/8/4K3 w - - 0 1");
    play(&r, &mut p, "c4f7");
    assert_eq!(at(&r, &p, "e8"), '.');
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Explosion
        }
    );
    assert!(legal_moves(&r, &mut p).is_empty());
}

#[test]
fn atomic_touching_kings_are_not_in_check() {
    let r = load_variant("atomic.toml");
    // The Rook on a4 attacks d4, but taking the King would blow up Black's own.
    let mut p = pos(&r, "8/8/8/3k4/r2K4/8/8/8 w - - 0 1");
    assert!(!in_check(&r, &p));
    // The King may step along the Rook's line while it keeps touching the other King.
    assert!(moves_from(&r, &mut p, "d4").contains(&"d4e4".to_string()));
}

#[test]
fn atomic_blowing_up_the_king_is_legal_even_in_check() {
    let r = load_variant("atomic.toml");
    // White is in check from the Rook on e8's line... but Bxf7 explodes Black's King on
    // e8 first: the game ends before the check matters.
    let mut p = pos(&r, "4k3/5p2/8/8/2B5/8/8/r3K3 w - - 0 1");
    assert!(in_check(&r, &p));
    assert!(moves_from(&r, &mut p, "c4").contains(&"c4f7".to_string()));
}

//! What the board section can say beyond its size (issue 13): holes (cells that are not
//! part of the board), regions (named sets of cells) and what pieces do with them.

use crate::common::legal;
use fairyrules::{Position, Rules};

fn holey() -> Rules {
    Rules::shipped("holey-chess").unwrap().unwrap()
}

#[test]
fn holes_stop_slides_and_take_no_piece() {
    let r = holey();
    // A Rook on c1 slides up to c3, not onto or through the hole c4.
    let mut p = Position::from_fen(&r, "4k3/8/8/2*2*2/2*2*2/8/8/2R1K3 w - - 0 1").unwrap();
    let moves = legal(&r, &mut p);
    assert!(moves.contains(&"c1c3".to_string()));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("c1c4") || m.starts_with("c1c5") || m.starts_with("c1c6")));
    // A Knight jumps over a hole but never lands on one.
    let mut p = Position::from_fen(&r, "4k3/8/8/2*2*2/2*2*2/8/3N4/4K3 w - - 0 1").unwrap();
    let moves = legal(&r, &mut p);
    assert!(moves.contains(&"d2e4".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d2c4".to_string()));
    // The start position: no double step into c4 or f4.
    let mut p = Position::start(&r);
    let moves = legal(&r, &mut p);
    assert!(!moves.contains(&"c2c4".to_string()) && moves.contains(&"c2c3".to_string()));
    assert_eq!(moves.len(), 18);
}

#[test]
fn holes_in_position_strings() {
    let r = holey();
    let start = Position::start(&r);
    assert_eq!(start.fen(&r), r.start_fen());
    for (fen, message) in [
        (
            "rnbqkbnr/pppppppp/8/2*2*3/2*2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "does not describe exactly 8 cells",
        ),
        (
            "rnbqkbnr/pppppppp/8/1*2*3/2*2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "`*` marks a hole, but b5",
        ),
        (
            "rnbqkbnr/pppppppp/8/2*2*2/2p2*2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "a piece on a hole",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "covers a hole",
        ),
    ] {
        let err = Position::from_fen(&r, fen).unwrap_err().to_string();
        assert!(err.contains(message), "{fen}: {err}");
    }
}

#[test]
fn holes_are_checked_in_the_variant_file() {
    for (holes, message) in [
        ("[\"c4\", \"f4\"]", "the hole `c4` has no mirror image `c5`"),
        ("[\"c9\"]", "`c9` is not a cell of this board"),
        ("[\"c4\", \"c5\", \"c4\"]", "the hole `c4` is listed twice"),
    ] {
        let text = format!("extends = \"chess\"\n[board]\nholes = {holes}\n");
        let err = Rules::from_toml("h.toml", &text).unwrap_err().render();
        assert!(err.contains(message), "{holes}: {err}");
        assert!(err.contains("h.toml:3:"), "{err}");
    }
    let err = Rules::from_toml(
        "h.toml",
        "extends = \"glinski\"\n[board]\nholes = [\"f6\"]\n",
    )
    .unwrap_err()
    .render();
    assert!(err.contains("`holes` are for square boards"), "{err}");
}

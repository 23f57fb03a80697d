//! What the board section can say beyond its size (issue 13): holes (cells that are not
//! part of the board), regions (named sets of cells) and what pieces do with them.

use crate::common::legal;
use fairyrules::{legal_moves, Color, Piece, Position, Rules};

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

#[test]
fn regions_confine_pieces_on_hexagonal_boards_too() {
    // Gliński's King kept in a small region around its start cell g1.
    let text = r#"
extends = "glinski"
[regions]
home = { cells = ["f1-h2"] }
[pieces.king]
confined_to = "home"
"#;
    let r = Rules::from_toml("hex-home.toml", text).unwrap_or_else(|e| panic!("{}", e.render()));
    let home = r.regions()[0].cells[0];
    let g = r.geometry();
    let names: Vec<&str> = home.iter().map(|c| g.name(c)).collect();
    assert_eq!(names.len(), 6, "{names:?}");
    // A lone King on g1 (the other King far away): its moves are its steps inside the
    // region only, where on the open board it has more.
    let king = |color| Piece::new(r.kind_by_id("king").unwrap(), color);
    let mut p = Position::empty(&r);
    let g1 = g.parse_cell("g1").unwrap();
    p.put(&r, g1, king(Color::White));
    p.put(&r, g.parse_cell("f11").unwrap(), king(Color::Black));
    let moves: Vec<_> = legal_moves(&r, &mut p)
        .into_iter()
        .filter(|m| m.from == g1)
        .collect();
    assert!(!moves.is_empty());
    for m in &moves {
        assert!(home.contains(m.to), "{}", g.name(m.to));
    }
    let free = Rules::shipped("glinski").unwrap().unwrap();
    let mut q = Position::empty(&free);
    q.put(
        &free,
        g1,
        Piece::new(free.kind_by_id("king").unwrap(), Color::White),
    );
    q.put(
        &free,
        g.parse_cell("f11").unwrap(),
        Piece::new(free.kind_by_id("king").unwrap(), Color::Black),
    );
    let all = legal_moves(&free, &mut q)
        .into_iter()
        .filter(|m| m.from == g1)
        .count();
    assert!(all > moves.len(), "{all} vs {}", moves.len());
}

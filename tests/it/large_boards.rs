//! The largest boards the file format allows (16 × 16, 256 cells) work in every rule that
//! tracks cells: the last cell (p16, index 255) is an ordinary cell for castling marks,
//! en passant and position strings.

use fairyrules::{legal_moves, move_to_string, Position, Rules};

/// Kings and Rooks on a 16 × 16 board; each side's Rooks stand in the corners.
const BIG: &str = r#"
[variant]
name = "Big board castling"
[board]
files = 16
ranks = 16
[pieces.king]
letter = "K"
betza = "KisO2"
royal = true
castles_with = ["rook"]
[pieces.rook]
letter = "R"
betza = "R"
[pieces.pawn]
letter = "P"
betza = "fmWfceFifmnD"
[setup]
fen = "r6k7r/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R6K7R w KQkq - 0 1"
"#;

fn rules() -> Rules {
    Rules::from_toml("big.toml", BIG).unwrap_or_else(|e| panic!("{e}"))
}

fn legal(rules: &Rules, pos: &mut Position) -> Vec<String> {
    let moves = legal_moves(rules, pos);
    moves
        .iter()
        .map(|m| move_to_string(rules, &moves, m))
        .collect()
}

#[test]
fn rook_that_left_the_last_cell_and_came_back_cannot_castle() {
    let r = rules();
    let mut pos = Position::start(&r);
    pos.play(&r, "a1a2").unwrap();
    assert!(legal(&r, &mut pos).contains(&"h16j16".to_string()));
    for mv in ["p16p15", "a2a1", "p15p16", "a1a2"] {
        pos.play(&r, mv).unwrap();
    }
    let moves = legal(&r, &mut pos);
    assert!(!moves.contains(&"h16j16".to_string()), "{moves:?}");
    assert!(
        moves.contains(&"h16f16".to_string()),
        "queen-side still: {moves:?}"
    );
    let fen = pos.fen(&r);
    assert_eq!(fen.split(' ').nth(2), Some("Kq"), "{fen}");
}

#[test]
fn position_strings_round_trip_after_the_last_cell_empties() {
    let r = rules();
    let mut pos = Position::start(&r);
    pos.play(&r, "p1p2").unwrap();
    pos.play(&r, "p16p15").unwrap();
    let fen = pos.fen(&r);
    assert!(!fen.contains("p16"), "{fen}");
    let back = Position::from_fen(&r, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.fen(&r), fen);
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(back.unmoved(), pos.unmoved());
}

#[test]
fn en_passant_on_the_last_files() {
    let r = rules();
    let fen = "7k8/16/16/16/16/16/16/16/16/16/16/16/14p1/16/15P/7K8 w - - 0 1 unmoved:p2";
    let mut pos = Position::from_fen(&r, fen).unwrap_or_else(|e| panic!("{e}"));
    pos.play(&r, "p2p4").unwrap();
    assert_eq!(pos.fen(&r).split(' ').nth(3), Some("p3"), "{}", pos.fen(&r));
    let moves = legal(&r, &mut pos);
    assert!(moves.contains(&"o4p3".to_string()), "{moves:?}");
    pos.play(&r, "o4p3").unwrap();
    assert!(pos
        .piece_at(r.geometry().parse_cell("p4").unwrap())
        .is_none());
}

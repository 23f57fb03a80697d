//! Chess960 rule by rule (issue 13): the 960 arrays of `[setup] shuffle`, castling to the
//! usual files from any start cells (written King's cell + Rook's cell), and Shredder/X-FEN
//! castling letters.

use crate::common::{at, castles, load_variant, play, pos};
use fairyrules::{seeded_start, setup_count, shuffled_start, to_fen, Color, Piece};

#[test]
fn chess960_has_960_arrays_each_with_opposite_bishops_and_the_king_between_rooks() {
    let r = load_variant("chess960.toml");
    assert_eq!(setup_count(&r), 960);
    let g = r.geometry();
    let kind = |id: &str| r.kind_by_id(id).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..960 {
        let p = shuffled_start(&r, i).unwrap();
        let file_of = |id: &str, color: Color| -> Vec<i32> {
            p.cells_of(Piece::new(kind(id), color))
                .iter()
                .map(|c| g.coords(c).0)
                .collect()
        };
        let bishops: Vec<_> = p
            .cells_of(Piece::new(kind("bishop"), Color::White))
            .iter()
            .map(|c| g.color_of(c))
            .collect();
        assert_ne!(bishops[0], bishops[1], "array {i}");
        let (king, rooks) = (
            file_of("king", Color::White)[0],
            file_of("rook", Color::White),
        );
        assert!(rooks[0] < king && king < rooks[1], "array {i}");
        // Black mirrors White.
        for id in ["king", "queen", "rook", "bishop", "knight"] {
            assert_eq!(file_of(id, Color::White), file_of(id, Color::Black), "{id}");
        }
        let fen = to_fen(&r, &p);
        assert!(fen.ends_with(" w KQkq - 0 1"), "{fen}");
        seen.insert(fen);
    }
    assert_eq!(seen.len(), 960);
    assert!(shuffled_start(&r, 960).is_none());
    // A seed always draws the same array.
    assert_eq!(
        to_fen(&r, &seeded_start(&r, 7).unwrap()),
        to_fen(&r, &seeded_start(&r, 7).unwrap())
    );
}

#[test]
fn chess960_castling_ends_on_the_usual_files_written_king_then_rook() {
    let r = load_variant("chess960.toml");
    // King b1 between Rooks a1 and c1: castling towards h takes the c1 Rook, the King ends
    // on g1 and the Rook on f1; towards a the King's end cell c1 holds the other Rook.
    let mut p = pos(&r, "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w CAca - 0 1");
    assert_eq!(castles(&r, &mut p), vec!["b1c1".to_string()]);
    play(&r, &mut p, "b1c1");
    assert_eq!(
        [at(&r, &p, "g1"), at(&r, &p, "f1"), at(&r, &p, "c1")],
        ['K', 'R', '.']
    );
}

#[test]
fn chess960_castling_where_the_king_does_not_move() {
    let r = load_variant("chess960.toml");
    let mut p = pos(&r, "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1");
    assert_eq!(
        castles(&r, &mut p),
        vec!["g1a1".to_string(), "g1h1".to_string()]
    );
    play(&r, &mut p, "g1h1");
    assert_eq!([at(&r, &p, "g1"), at(&r, &p, "f1")], ['K', 'R']);
}

#[test]
fn chess960_castling_needs_the_cells_between_empty_and_unattacked() {
    let r = load_variant("chess960.toml");
    // A Knight on d1 stands between the King's and the Rook's end cells.
    let mut p = pos(&r, "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R2N2KR w HAha - 0 1");
    assert_eq!(castles(&r, &mut p), vec!["g1h1".to_string()]);
    // A Black Rook on the open d-file attacks d1, which the King crosses to c1.
    let mut p = pos(&r, "3r2k1/8/8/8/8/8/8/R5KR w HA - 0 1");
    assert_eq!(castles(&r, &mut p), vec!["g1h1".to_string()]);
}

#[test]
fn chess960_castling_letters_shredder_and_x_fen() {
    let r = load_variant("chess960.toml");
    // Shredder letters name the Rooks' files; written back, outermost Rooks are `KQkq`.
    let p = pos(&r, "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w CAca - 0 1");
    assert_eq!(
        to_fen(&r, &p),
        "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1"
    );
    // One right only: the a-file Rook's.
    let p = pos(&r, "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w A - 0 1");
    assert_eq!(
        to_fen(&r, &p),
        "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w Q - 0 1"
    );
    let err = fairyrules::parse_fen(&r, "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w D - 0 1")
        .unwrap_err()
        .to_string();
    assert!(err.contains("castling right `D`"), "{err}");
}

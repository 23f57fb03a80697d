//! Pieces in hand and drops (issue 14): Crazyhouse, Shogi and its small forms, rule by rule.
//! Each rule is data in the variant file (`[rules] drops`, `in_hand_as`, `drop_zone`,
//! `drop_one_per_file`, `drop_checkmate`, promotion `from_zone`, `perpetual_check`).

use crate::common::{has, legal, load_variant, moves_from, play, play_all, pos};
use fairyrules::{outcome, parse_fen, to_fen, Color, Outcome, Rules, WinReason};

/// The moves that drop a piece, sorted.
fn drops(rules: &Rules, p: &mut fairyrules::Position) -> Vec<String> {
    legal(rules, p)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect()
}

#[test]
fn crazyhouse_captured_piece_goes_to_the_captors_hand() {
    let r = load_variant("crazyhouse.toml");
    let mut p = fairyrules::Position::start(&r);
    play_all(&r, &mut p, &["e2e4", "d7d5", "e4d5"]);
    assert!(to_fen(&r, &p).starts_with("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b"));
    play(&r, &mut p, "d8d5");
    // Each side now holds a Pawn; White may drop it on any empty cell of ranks 2-7.
    assert!(to_fen(&r, &p).contains("[Pp]"));
    let white_drops = drops(&r, &mut p);
    assert!(has(&white_drops, "P@e2"));
    assert!(has(&white_drops, "P@d6"));
    assert!(!has(&white_drops, "P@d5"), "not onto an occupied cell");
}

#[test]
fn crazyhouse_pawns_are_not_dropped_on_the_first_or_last_rank() {
    let r = load_variant("crazyhouse.toml");
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/4K3[PN] w - - 0 1");
    let white_drops = drops(&r, &mut p);
    assert!(!white_drops
        .iter()
        .any(|m| m.starts_with("P@") && (m.ends_with('1') || m.ends_with('8'))));
    assert!(has(&white_drops, "N@a1") && has(&white_drops, "N@a8"));
    assert_eq!(white_drops.len(), 48 + 62, "Pawn on 48 cells, Knight on 62");
}

#[test]
fn crazyhouse_dropped_pawn_on_its_second_rank_may_double_step() {
    let r = load_variant("crazyhouse.toml");
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    play_all(&r, &mut p, &["P@c2", "e8d8"]);
    assert!(has(&moves_from(&r, &mut p, "c2"), "c2c4"));
}

#[test]
fn crazyhouse_promoted_piece_reverts_to_a_pawn_in_hand() {
    let r = load_variant("crazyhouse.toml");
    let mut p = pos(&r, "4k3/2P5/8/8/8/8/K7/2r5[] w - - 0 1");
    play(&r, &mut p, "c7c8q");
    assert!(to_fen(&r, &p).starts_with("2Q~1k3/"), "{}", to_fen(&r, &p));
    play(&r, &mut p, "c1c8");
    // Black captured a promoted Queen: it holds a Pawn, not a Queen.
    assert!(to_fen(&r, &p).contains("[p]"), "{}", to_fen(&r, &p));
}

#[test]
fn crazyhouse_drop_may_block_a_check() {
    let r = load_variant("crazyhouse.toml");
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    let all = legal(&r, &mut p);
    for cell in ["b1", "c1", "d1"] {
        assert!(has(&all, &format!("N@{cell}")), "N@{cell}");
    }
    assert!(
        !has(&all, "N@e4"),
        "a drop that does not block is illegal in check"
    );
}

#[test]
fn hands_round_trip_and_hash_with_make_and_unmake() {
    let r = load_variant("crazyhouse.toml");
    let text = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QRBNPPqp] w KQkq - 0 4";
    let mut p = pos(&r, text);
    assert_eq!(to_fen(&r, &p), text);
    let before = p.hash();
    assert_eq!(before, p.compute_hash(&r));
    for mv in fairyrules::legal_moves(&r, &mut p) {
        p.make(&r, mv);
        assert_eq!(p.hash(), p.compute_hash(&r), "after {mv:?}");
        let again = parse_fen(&r, &to_fen(&r, &p)).expect("round trip");
        assert_eq!(
            again.hash(),
            p.hash(),
            "hash of the printed string after {mv:?}"
        );
        p.unmake(&r);
        assert_eq!(to_fen(&r, &p), text);
        assert_eq!(p.hash(), before);
    }
    // A different hand is a different position.
    let other = pos(
        &r,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QRBNPqpp] w KQkq - 0 4",
    );
    assert_ne!(other.hash(), before);
}

#[test]
fn hand_errors_are_located_and_named() {
    let r = load_variant("crazyhouse.toml");
    let err = parse_fen(&r, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").unwrap_err();
    assert!(err.message.contains("royal piece"), "{err}");
    let err = parse_fen(&r, "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1").unwrap_err();
    assert!(err.message.contains("not a piece letter"), "{err}");
    assert_eq!(err.span.start, 20, "the letter after `[`");
    let chess = load_variant("chess.toml");
    let err = parse_fen(&chess, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").unwrap_err();
    assert!(err.message.contains("no drops"), "{err}");
}

#[test]
fn shogi_pawn_not_dropped_on_a_file_with_an_own_pawn_nifu() {
    let r = load_variant("shogi.toml");
    let mut p = pos(&r, "4k4/9/9/9/9/9/2P6/9/4K4[P] w 0 1");
    let pawn_drops = drops(&r, &mut p);
    assert!(!pawn_drops.iter().any(|m| m.starts_with("P@c")), "nifu");
    assert!(has(&pawn_drops, "P@d5"));
    // A promoted Pawn (tokin) does not count.
    let mut p = pos(&r, "4k4/9/9/9/9/9/2+P6/9/4K4[P] w 0 1");
    assert!(has(&drops(&r, &mut p), "P@c5"));
}

#[test]
fn shogi_pawn_drop_may_not_checkmate_uchifuzume() {
    let r = load_variant("minishogi.toml");
    // White's P@e4 would checkmate: it is illegal; the same Pawn may be dropped elsewhere.
    let mut p = pos(&r, "3rk/b1gs1/4S/PK3/1G1BR[P] w 0 6");
    let all = legal(&r, &mut p);
    assert!(!has(&all, "P@e4"));
    assert!(has(&all, "P@c3"));
    // A Pawn drop that checks without mating is legal.
    let mut p = pos(&r, "4k/5/5/5/K4[P] w 0 1");
    assert!(has(&legal(&r, &mut p), "P@e4"));
}

#[test]
fn shogi_no_drop_where_the_piece_could_never_move() {
    let r = load_variant("shogi.toml");
    let mut p = pos(&r, "4k4/9/9/9/9/9/9/9/4K4[PLN] w 0 1");
    let all = drops(&r, &mut p);
    assert!(
        !all.iter().any(|m| m.ends_with('9') && !m.starts_with("X")),
        "nothing on rank 9: {all:?}"
    );
    assert!(has(&all, "P@a8") && has(&all, "L@a8"));
    assert!(!has(&all, "N@a8"), "a Knight on rank 8 could never move");
    assert!(has(&all, "N@a7"));
}

#[test]
fn shogi_promotion_is_optional_and_compulsory_where_stuck() {
    let r = load_variant("shogi.toml");
    let mut p = pos(&r, "4k4/9/P8/9/9/9/9/9/4K4[] w 0 1");
    // a7-a8: the Pawn may promote or not; a8-a9 only promoted (it could not move again).
    assert_eq!(moves_from(&r, &mut p, "a7"), vec!["a7a8", "a7a8+"]);
    let mut p = pos(&r, "4k4/P8/9/9/9/9/9/9/4K4[] w 0 1");
    assert_eq!(moves_from(&r, &mut p, "a8"), vec!["a8a9+"]);
}

#[test]
fn shogi_promotion_when_a_move_leaves_the_zone() {
    let r = load_variant("shogi.toml");
    // A Silver stepping back out of the zone (b7 → a6) may promote.
    let mut p = pos(&r, "4k4/9/1S7/9/9/9/9/9/4K4[] w 0 1");
    let silver = moves_from(&r, &mut p, "b7");
    assert!(has(&silver, "b7a6+") && has(&silver, "b7a6"), "{silver:?}");
}

#[test]
fn shogi_captured_promoted_piece_goes_to_hand_unpromoted() {
    let r = load_variant("shogi.toml");
    let mut p = pos(&r, "4k4/9/9/9/9/9/9/4+p4/3GK4[] w 0 1");
    play(&r, &mut p, "d1e2");
    assert!(to_fen(&r, &p).contains("[P]"), "{}", to_fen(&r, &p));
}

#[test]
fn shogi_perpetual_check_loses() {
    let r = load_variant("minishogi.toml");
    let mut p = pos(&r, "4k/R4/5/5/2K2[] w 0 1");
    let cycle = ["a4a5", "e5e4", "a5a4", "e4e5"];
    for _ in 0..2 {
        play_all(&r, &mut p, &cycle);
    }
    play_all(&r, &mut p, &cycle[..3]);
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    // The fourth occurrence of the start position: White checked with every move of the
    // repetition and loses.
    play(&r, &mut p, "e4e5");
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::PerpetualCheck
        }
    );
}

#[test]
fn shogi_repetition_without_perpetual_check_draws() {
    let r = load_variant("minishogi.toml");
    let mut p = pos(&r, "4k/5/5/5/K4[] w 0 1");
    let cycle = ["a1b1", "e5d5", "b1a1", "d5e5"];
    for _ in 0..3 {
        play_all(&r, &mut p, &cycle);
    }
    assert!(
        matches!(outcome(&r, &mut p), Outcome::Draw { .. }),
        "{:?}",
        outcome(&r, &mut p)
    );
}

#[test]
fn shogi_side_without_moves_loses() {
    let r = load_variant("minishogi.toml");
    // Black's King on e5 has no move and is not in check: Black loses (no stalemate draw).
    let mut p = pos(&r, "4k/2G2/3G1/5/K4[] b 0 1");
    assert!(legal(&r, &mut p).is_empty());
    assert!(matches!(
        outcome(&r, &mut p),
        Outcome::Win {
            winner: Color::White,
            ..
        }
    ));
}

#[test]
fn drop_moves_are_written_and_read_as_letter_at_cell() {
    let r = load_variant("crazyhouse.toml");
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let mv = fairyrules::parse_move(&r, &mut p, "N@e4").expect("a legal drop");
    assert_eq!(mv.dropped(), Some(r.kind_by_letter('N').expect("knight")));
    assert!(
        fairyrules::parse_move(&r, &mut p, "Q@e4").is_err(),
        "no Queen in hand"
    );
    assert!(fairyrules::parse_move(&r, &mut p, "N@z9").is_err());
}

#[test]
fn drop_keys_are_checked_with_located_errors() {
    use crate::common::expect_compile_error as expect_error;
    expect_error(
        "extends = \"chess\"\n[pieces.pawn]\ndrop_zone = { ranks = [2] }\n",
        3,
        "`drop_zone` has no effect",
    );
    expect_error(
        "extends = \"crazyhouse\"\n[pieces.promoted-queen]\nin_hand_as = \"pwn\"\n",
        3,
        "did you mean `pawn`?",
    );
    expect_error(
        "extends = \"crazyhouse\"\n[pieces.promoted-queen]\nin_hand_as = \"king\"\n",
        3,
        "royal piece",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.amazon]\nletter = \"++A\"\nbetza = \"QN\"\n",
        3,
        "is not a single ASCII letter",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.queen2]\nletter = \"Q\"\nbetza = \"Q\"\n",
        3,
        "letter `Q` is already used",
    );
    expect_error(
        "extends = \"shogi\"\n[rules]\nrepetition = { automatic = 4, perpetual_check = \"wins\" }\n",
        3,
        "invalid value \"wins\" for `perpetual_check`",
    );
    expect_error(
        "extends = \"shogi\"\n[pieces.pawn]\ndrop_checkmate = \"no\"\n",
        3,
        "drop_checkmate",
    );
    expect_error("extends = \"chess\"\n[rules]\ndrops = 1\n", 3, "drops");
    expect_error(
        "extends = \"kyotoshogi\"\n[pieces.pawn]\ndrop_also_as = [\"silver-bishop\"]\n",
        3,
        "goes to the hand as another kind",
    );
    expect_error(
        "extends = \"crazyhouse\"\n[pieces.promoted-rook]\nin_hand_as = \"promoted-queen\"\n",
        3,
        "must go to the hand as an unmarked kind",
    );
    expect_error(
        "extends = \"chess\"\n[rules]\ngating = \"yes\"\n",
        3,
        "gating",
    );
    expect_error(
        "extends = \"makruk\"\n[pieces.pawn]\npromotion = { adjacent_to_enemy = [\"king\"], to = [\"queen\"], from_zone = true }\n",
        3,
        "`from_zone` needs a `zone`",
    );
    expect_error(
        "extends = \"chess\"\n[pieces.pawn]\npromotion = { zone = \"last-rank\", to = [\"queen\"], from_zon = true }\n",
        3,
        "did you mean",
    );
}

#[test]
fn seirawan_first_move_from_the_first_rank_may_gate_a_piece_from_hand() {
    let r = load_variant("seirawan.toml");
    let mut p = fairyrules::Position::start(&r);
    let knight = moves_from(&r, &mut p, "g1");
    assert_eq!(
        knight,
        vec!["g1f3", "g1f3e", "g1f3h", "g1h3", "g1h3e", "g1h3h"]
    );
    // Pawns are not on the first rank: they never gate.
    assert_eq!(moves_from(&r, &mut p, "e2"), vec!["e2e3", "e2e4"]);
    play(&r, &mut p, "g1f3h");
    assert_eq!(at_cell(&r, &p, "g1"), Some('H'));
    assert!(to_fen(&r, &p).contains("[Ehe]"), "{}", to_fen(&r, &p));
    // The gated Hawk has not "never moved": it cannot gate again; the Knight moved.
    play(&r, &mut p, "e7e6");
    play(&r, &mut p, "f3g5");
    play(&r, &mut p, "d8g5");
    let hawk = moves_from(&r, &mut p, "g1");
    assert!(hawk.iter().all(|m| m.len() == 4), "{hawk:?}");
}

#[test]
fn seirawan_castling_may_gate_on_the_king_or_the_rook_square() {
    let r = load_variant("seirawan.toml");
    let mut p = pos(
        &r,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1",
    );
    let all = legal(&r, &mut p);
    for mv in ["e1g1", "e1g1h", "e1g1e", "h1e1h", "h1e1e", "e1c1h", "a1e1e"] {
        assert!(has(&all, mv), "{mv}");
    }
    play(&r, &mut p, "h1e1e");
    assert_eq!(at_cell(&r, &p, "h1"), Some('E'));
    assert_eq!(at_cell(&r, &p, "g1"), Some('K'));
    assert_eq!(at_cell(&r, &p, "f1"), Some('R'));
}

#[test]
fn seirawan_gating_right_stays_with_the_pieces_after_the_king_moves() {
    let r = load_variant("seirawan.toml");
    let mut p = fairyrules::Position::start(&r);
    play_all(
        &r,
        &mut p,
        &["e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"],
    );
    // Castling is gone, but the Rooks and the other first-rank pieces may still gate.
    assert!(has(&moves_from(&r, &mut p, "g1"), "g1f3h"));
    assert!(
        !has(&moves_from(&r, &mut p, "e1"), "e1e2h"),
        "the King has moved"
    );
}

/// The letter of the piece on a cell, if any.
fn at_cell(rules: &Rules, p: &fairyrules::Position, name: &str) -> Option<char> {
    let cell = rules.geometry().parse_cell(name).expect("a cell");
    p.piece_at(cell).map(|piece| rules.piece_char(piece))
}

#[test]
fn seirawan_a_gated_piece_may_not_cover_a_check() {
    let r = load_variant("seirawan.toml");
    // The Bishop on f1 (never moved) is pinned by the Elephant on h1: its moves are illegal,
    // gated or not, though a Hawk gated on f1 would shield the King.
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/3K1B1e[H] w - - 0 1");
    assert_eq!(moves_from(&r, &mut p, "f1"), Vec::<String>::new());
    // Unpinned, the same Bishop may gate.
    let mut p = pos(&r, "4k3/8/8/8/8/8/7e/3K1B2[H] w - - 0 1");
    assert!(has(&moves_from(&r, &mut p, "f1"), "f1e2h"));
}

#[test]
fn kyoto_shogi_pieces_turn_over_with_every_move_and_drop_either_face_up() {
    let r = load_variant("kyotoshogi.toml");
    let mut p = fairyrules::Position::start(&r);
    // The Pawn on e1 becomes a Rook as it moves; the Tokin on a1 becomes a Lance.
    play(&r, &mut p, "e1e2+");
    assert_eq!(kind_at(&r, &p, "e2"), "pawn-rook");
    play(&r, &mut p, "a5a4+");
    play(&r, &mut p, "a1a2-"); // Fairy-Stockfish's text for turning back is read too
    assert_eq!(kind_at(&r, &p, "a2"), "lance");
    assert!(to_fen(&r, &p).contains("/L3+P/"), "{}", to_fen(&r, &p));
    // A captured piece may be dropped with either face up.
    let mut p = pos(&r, "1+nksP/1p3/5/5/+LSK+N1[L] w - 1 3");
    let all = drops(&r, &mut p);
    assert!(has(&all, "L@a5") && has(&all, "+L@a5"), "{all:?}");
    play(&r, &mut p, "+L@c3");
    assert_eq!(kind_at(&r, &p, "c3"), "lance-tokin");
    assert!(to_fen(&r, &p).contains("[]"));
}

/// The id of the kind on a cell ("" when empty).
fn kind_at(rules: &Rules, p: &fairyrules::Position, name: &str) -> String {
    let cell = rules.geometry().parse_cell(name).expect("a cell");
    p.piece_at(cell)
        .map(|piece| rules.kind(piece.kind()).id.clone())
        .unwrap_or_default()
}

#[test]
fn pictures_show_marked_pieces_and_the_hands() {
    let file = crate::common::variant_arg("shogi.toml");
    let out = crate::common::run(&[
        "render", &file, "--moves", "c1d2", "b8e8", "c3c4", "e8f8", "b2d4", "b7b6", "f1e2", "d9d8",
        "h3h4", "b6b5", "d4g7+", "-o", "-",
    ]);
    let svg = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(svg.contains(">+B</text>"), "the Horse is drawn +B");
    assert!(svg.contains("In hand: White P; Black none"));
    // `show` lists them too.
    let out = crate::common::run(&[
        "show", &file, "--moves", "c1d2", "b8e8", "c3c4", "e8f8", "b2d4", "b7b6", "f1e2", "d9d8",
        "h3h4", "b6b5", "d4g7+",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("in hand: White P; Black none"), "{text}");
    assert!(text.contains("+B"), "{text}");
}

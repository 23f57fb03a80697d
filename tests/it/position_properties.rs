//! Properties of positions along random games from the start of each variant: incremental
//! hash, exact unmake, position-string round trip, move notation round trip. Plus explicit
//! checks of the never-moved (`unmoved:`) field and of castling rights that were lost.

use std::sync::OnceLock;

use crate::common::{legal, load_variant, play_all, start, variant_path};

use fairyrules::legal_moves;
use fairyrules::Rules;
use fairyrules::{move_to_string, parse_move};
use fairyrules::{parse_fen, to_fen};
use fairyrules::{Cell, CellSet};
use fairyrules::{Move, Position};
use proptest::prelude::*;

const MAX_PLIES: usize = 60;

/// `variants/chess.toml`, loaded once.
fn chess() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| load_variant("chess.toml"))
}

/// `variants/capablanca.toml`, loaded once.
fn capablanca() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| load_variant("capablanca.toml"))
}

/// `variants/hectochess.toml`, loaded once.
fn hectochess() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| load_variant("hectochess.toml"))
}

/// Everything observable about a position that make/unmake must restore.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    fen: String,
    hash: u64,
    moves: Vec<String>,
    unmoved: CellSet,
    ep_cells: CellSet,
    ep_victim: Option<Cell>,
    plies: usize,
}

fn snapshot(rules: &Rules, pos: &mut Position) -> Snapshot {
    Snapshot {
        fen: to_fen(rules, pos),
        hash: pos.hash(),
        moves: legal(rules, pos),
        unmoved: *pos.unmoved(),
        ep_cells: *pos.ep_cells(),
        ep_victim: pos.ep_victim(),
        plies: pos.ply_count(),
    }
}

/// A variant and where its random games begin.
#[derive(Clone, Copy)]
struct Game {
    rules: &'static Rules,
    /// `None`: the variant's start position.
    fen: Option<&'static str>,
}

fn from_start(rules: &'static Rules) -> Game {
    Game { rules, fen: None }
}

/// Play up to `choices.len()` plies from the game's first position, each time choosing the legal move
/// `choice % count`; call `visit` on every position reached (the start included) with the
/// legal moves there. Stops early when no move is legal.
fn random_game(
    game: Game,
    choices: &[u32],
    mut visit: impl FnMut(&mut Position, &[Move]) -> Result<(), TestCaseError>,
) -> Result<Position, TestCaseError> {
    let rules = game.rules;
    let mut pos = match game.fen {
        None => start(rules),
        Some(fen) => parse_fen(rules, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}")),
    };
    for &choice in choices {
        let legal = legal_moves(rules, &mut pos);
        visit(&mut pos, &legal)?;
        if legal.is_empty() {
            return Ok(pos);
        }
        let mv = legal[choice as usize % legal.len()];
        pos.make(rules, mv);
    }
    let legal = legal_moves(rules, &mut pos);
    visit(&mut pos, &legal)?;
    Ok(pos)
}

/// (a) The incremental hash equals the hash computed from scratch after every make (and
/// after every unmake on the way back).
fn check_hash(game: Game, choices: &[u32]) -> Result<(), TestCaseError> {
    let rules = game.rules;
    let mut pos = random_game(game, choices, |pos, legal| {
        prop_assert_eq!(
            pos.hash(),
            pos.compute_hash(rules),
            "incremental hash differs at {}",
            to_fen(rules, pos)
        );
        // Also after each legal move from here, not only the one played.
        for &mv in legal {
            pos.make(rules, mv);
            prop_assert_eq!(
                pos.hash(),
                pos.compute_hash(rules),
                "hash after {} from {}",
                move_to_string(rules, legal, &mv),
                {
                    pos.unmake(rules);
                    to_fen(rules, pos)
                }
            );
            pos.unmake(rules);
        }
        Ok(())
    })?;
    while pos.ply_count() > 0 {
        pos.unmake(rules);
        prop_assert_eq!(pos.hash(), pos.compute_hash(rules));
    }
    Ok(())
}

/// (b) Unmake restores the position exactly: after each move tried, and when the whole game
/// is taken back.
fn check_unmake(game: Game, choices: &[u32]) -> Result<(), TestCaseError> {
    let rules = game.rules;
    let mut path: Vec<Snapshot> = Vec::new();
    let mut pos = random_game(game, choices, |pos, legal| {
        let before = snapshot(rules, pos);
        for &mv in legal {
            let name = move_to_string(rules, legal, &mv);
            pos.make(rules, mv);
            pos.unmake(rules);
            let after = snapshot(rules, pos);
            prop_assert_eq!(
                &after,
                &before,
                "make/unmake of {} changed the position",
                name
            );
        }
        path.push(before);
        Ok(())
    })?;
    // Take the game back move by move.
    path.pop();
    while let Some(expected) = path.pop() {
        pos.unmake(rules);
        prop_assert_eq!(&snapshot(rules, &mut pos), &expected);
    }
    prop_assert_eq!(pos.ply_count(), 0);
    Ok(())
}

/// (c) `to_fen` then `parse_fen` gives the same position string, hash and legal moves.
fn check_fen_round_trip(game: Game, choices: &[u32]) -> Result<(), TestCaseError> {
    let rules = game.rules;
    random_game(game, choices, |pos, _| {
        let fen = to_fen(rules, pos);
        let mut back = match parse_fen(rules, &fen) {
            Ok(p) => p,
            Err(e) => return Err(TestCaseError::fail(format!("`{fen}` does not parse: {e}"))),
        };
        prop_assert_eq!(&to_fen(rules, &back), &fen);
        prop_assert_eq!(
            back.hash(),
            pos.hash(),
            "hash differs after parsing `{}`",
            fen
        );
        prop_assert_eq!(
            back.unmoved(),
            pos.unmoved(),
            "never-moved set of `{}`",
            fen
        );
        prop_assert_eq!(
            legal(rules, &mut back),
            legal(rules, pos),
            "legal moves differ after parsing `{}`",
            fen
        );
        Ok(())
    })?;
    Ok(())
}

/// (d) Every legal move's string parses back to the same move.
fn check_notation_round_trip(game: Game, choices: &[u32]) -> Result<(), TestCaseError> {
    let rules = game.rules;
    random_game(game, choices, |pos, legal| {
        let mut seen = std::collections::HashSet::new();
        for mv in legal {
            let name = move_to_string(rules, legal, mv);
            prop_assert!(
                seen.insert(name.clone()),
                "two moves written `{}` at {}",
                name,
                to_fen(rules, pos)
            );
            match parse_move(rules, pos, &name) {
                Ok(parsed) => prop_assert_eq!(
                    parsed,
                    *mv,
                    "`{}` parses to another move at {}",
                    name,
                    to_fen(rules, pos)
                ),
                Err(e) => {
                    return Err(TestCaseError::fail(format!(
                        "`{name}` does not parse at {}: {e}",
                        to_fen(rules, pos)
                    )))
                }
            }
        }
        Ok(())
    })?;
    Ok(())
}

fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..=MAX_PLIES)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn chess_hash_is_incremental(c in choices()) { check_hash(from_start(chess()), &c)?; }
    #[test]
    fn capablanca_hash_is_incremental(c in choices()) { check_hash(from_start(capablanca()), &c)?; }
    #[test]
    fn hectochess_hash_is_incremental(c in choices()) { check_hash(from_start(hectochess()), &c)?; }

    #[test]
    fn chess_unmake_restores(c in choices()) { check_unmake(from_start(chess()), &c)?; }
    #[test]
    fn capablanca_unmake_restores(c in choices()) { check_unmake(from_start(capablanca()), &c)?; }
    #[test]
    fn hectochess_unmake_restores(c in choices()) { check_unmake(from_start(hectochess()), &c)?; }

    #[test]
    fn chess_fen_round_trips(c in choices()) { check_fen_round_trip(from_start(chess()), &c)?; }
    #[test]
    fn capablanca_fen_round_trips(c in choices()) { check_fen_round_trip(from_start(capablanca()), &c)?; }
    #[test]
    fn hectochess_fen_round_trips(c in choices()) { check_fen_round_trip(from_start(hectochess()), &c)?; }

    #[test]
    fn chess_move_strings_round_trip(c in choices()) { check_notation_round_trip(from_start(chess()), &c)?; }
    #[test]
    fn capablanca_move_strings_round_trip(c in choices()) {
        check_notation_round_trip(from_start(capablanca()), &c)?;
    }
    #[test]
    fn hectochess_move_strings_round_trip(c in choices()) {
        check_notation_round_trip(from_start(hectochess()), &c)?;
    }
}

/// Positions rich in castling, en passant and promotion, which random games from the start
/// rarely reach within 60 plies.
const CHESS_TACTICAL: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// Hectochess with open castling lanes (2 or 3 squares each way) and Pawns about to promote.
const HECTOCHESS_TACTICAL: &[&str] = &[
    "awl4lwm/r3Pk3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R/AWL4LWM w KQkq - 0 1",
    "awl4lwm/r4k3r/ppp1pppppp/10/3P6/10/10/PPPPPPPPPP/R4K3R/AWL4LWM b KQkq - 0 1",
    "awl4lwm/r4k3r/pPpppppppp/10/10/10/10/PPPPPPPPpP/R4K3R/AWL4LWM w KQkq - 0 1",
];

/// Run all four properties on one game.
fn check_all(game: Game, choices: &[u32]) -> Result<(), TestCaseError> {
    check_hash(game, choices)?;
    check_unmake(game, choices)?;
    check_fen_round_trip(game, choices)?;
    check_notation_round_trip(game, choices)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn chess_tactical_positions_hold_properties(
        which in 0..CHESS_TACTICAL.len(),
        c in prop::collection::vec(any::<u32>(), 0..=30),
    ) {
        check_all(Game { rules: chess(), fen: Some(CHESS_TACTICAL[which]) }, &c)?;
    }

    #[test]
    fn hectochess_tactical_positions_hold_properties(
        which in 0..HECTOCHESS_TACTICAL.len(),
        c in prop::collection::vec(any::<u32>(), 0..=30),
    ) {
        check_all(Game { rules: hectochess(), fen: Some(HECTOCHESS_TACTICAL[which]) }, &c)?;
    }
}

// ---------------------------------------------------------------------------------------
// Explicit cases.

#[test]
fn hectochess_castles_two_or_three_squares_each_way() {
    let rules = hectochess();
    let mut pos = parse_fen(rules, HECTOCHESS_TACTICAL[0]).unwrap();
    let moves = legal(rules, &mut pos);
    // King f2 → h2/i2 (Rook j2 → g2/h2), f2 → d2/c2 (Rook a2 → e2/d2).
    for (king, rook_from, rook_to) in [
        ("f2h2", "j2", "g2"),
        ("f2i2", "j2", "h2"),
        ("f2d2", "a2", "e2"),
        ("f2c2", "a2", "d2"),
    ] {
        assert!(
            moves.contains(&king.to_string()),
            "{king} missing: {moves:?}"
        );
        let before = to_fen(rules, &pos);
        let mv = parse_move(rules, &mut pos, king).unwrap();
        pos.make(rules, mv);
        let g = &rules.geometry();
        let to = g.parse_cell(&king[2..]).unwrap();
        assert_eq!(
            pos.piece_at(to).map(|p| rules.piece_char(p)),
            Some('K'),
            "{king}"
        );
        assert_eq!(
            pos.piece_at(g.parse_cell(rook_from).unwrap()),
            None,
            "{king}"
        );
        assert_eq!(
            pos.piece_at(g.parse_cell(rook_to).unwrap())
                .map(|p| rules.piece_char(p)),
            Some('R'),
            "{king}"
        );
        let fen = assert_round_trip(rules, &mut pos);
        assert_eq!(
            fen.split_whitespace().nth(2).unwrap(),
            "kq",
            "after {king}: `{fen}`"
        );
        pos.unmake(rules);
        assert_eq!(to_fen(rules, &pos), before);
    }
    // The Pawn on e9 must promote, to any of the nine.
    let promotions: Vec<&String> = moves.iter().filter(|m| m.starts_with("e9e10")).collect();
    assert_eq!(promotions.len(), 9, "{promotions:?}");
    assert!(!moves.contains(&"e9e10".to_string()));
}

/// Parse `fen` and check it prints back to itself with the same hash and moves as `pos`.
fn assert_round_trip(rules: &Rules, pos: &mut Position) -> String {
    let fen = to_fen(rules, pos);
    let mut back = parse_fen(rules, &fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"));
    assert_eq!(to_fen(rules, &back), fen);
    assert_eq!(back.hash(), pos.hash(), "hash of `{fen}`");
    assert_eq!(back.unmoved(), pos.unmoved(), "never-moved set of `{fen}`");
    assert_eq!(
        legal(rules, &mut back),
        legal(rules, pos),
        "legal moves of `{fen}`"
    );
    fen
}

/// Chess whose Pawns may also step straight back without capturing, so that a Pawn can
/// leave its start square and return to it (having moved).
fn chess_with_retreating_pawns() -> Rules {
    let path = variant_path("chess.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let pawn = "betza = \"fmWfceFifmnD\"";
    assert!(text.contains(pawn), "chess.toml's Pawn changed");
    let text = text.replace(pawn, "betza = \"fmWbmWfceFifmnD\"");
    Rules::from_toml("retreating-pawns.toml", &text).unwrap_or_else(|f| panic!("{}", f.render()))
}

#[test]
fn pawn_back_on_its_start_square_prints_unmoved_field() {
    let rules = chess_with_retreating_pawns();
    let mut pos = start(&rules);
    // e2-e3, then back e3-e2: the Pawn on e2 has moved.
    play_all(&rules, &mut pos, &["e2e3", "a7a6", "e3e2", "a6a5"]);
    let fen = assert_round_trip(&rules, &mut pos);
    assert!(
        fen.contains(" unmoved:"),
        "the moved Pawn on e2 needs the unmoved field: `{fen}`"
    );
    let list = fen.split(" unmoved:").nth(1).unwrap();
    let cells: Vec<&str> = list.split(',').collect();
    assert!(!cells.contains(&"e2"), "`{fen}` lists e2 as never moved");
    for c in ["a1", "e1", "h1", "d2", "f2", "e8", "h7"] {
        assert!(cells.contains(&c), "`{fen}` leaves out never-moved {c}");
    }
    assert!(!cells.contains(&"a5"), "`{fen}`");
    // The Pawn lost its double step, also after the round trip.
    let mut back = parse_fen(&rules, &fen).unwrap();
    let moves = legal(&rules, &mut back);
    assert!(moves.contains(&"e2e3".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e2e4".to_string()), "{moves:?}");
    assert!(moves.contains(&"d2d4".to_string()), "{moves:?}");

    // Without the field the Pawn would count as never moved again.
    let short: String = fen.split(" unmoved:").next().unwrap().to_string();
    let mut inferred = parse_fen(&rules, &short).unwrap();
    assert!(legal(&rules, &mut inferred).contains(&"e2e4".to_string()));
}

#[test]
fn explicit_unmoved_field_round_trips_in_chess() {
    let rules = chess();
    // The e2 Pawn marked as moved (as if it had left and come back).
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
               unmoved:a1,e1,h1,a2,b2,c2,d2,f2,g2,h2,a7,b7,c7,d7,e7,f7,g7,h7,a8,e8,h8";
    let mut pos = parse_fen(rules, fen).unwrap();
    assert!(!pos
        .unmoved()
        .contains(rules.geometry().parse_cell("e2").unwrap()));
    let printed = assert_round_trip(rules, &mut pos);
    assert_eq!(
        printed,
        fen.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    let moves = legal(rules, &mut pos);
    assert_eq!(moves.len(), 19, "{moves:?}");
    assert!(!moves.contains(&"e2e4".to_string()));

    // The start position needs no field.
    let mut s = start(rules);
    assert_eq!(assert_round_trip(rules, &mut s), rules.start_fen());
}

#[test]
fn rook_that_left_and_returned_loses_castling_right() {
    let rules = chess();
    let mut pos = start(rules);
    play_all(
        rules,
        &mut pos,
        &[
            "e2e3", "e7e6", "f1e2", "f8e7", "g1f3", "g8f6", "h1g1", "h8g8", "g1h1", "g8h8",
        ],
    );
    let fen = assert_round_trip(rules, &mut pos);
    let castling = fen.split_whitespace().nth(2).unwrap();
    assert_eq!(castling, "Qq", "`{fen}`");
    assert!(!fen.contains("unmoved:"), "`{fen}` needs no unmoved field");
    let moves = legal(rules, &mut pos);
    assert!(!moves.contains(&"e1g1".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1f1".to_string()), "{moves:?}");
    // Castling is available in the same placement with the right intact.
    let placement = fen.split_whitespace().next().unwrap();
    let mut fresh = parse_fen(rules, &format!("{placement} w KQkq - 0 6")).unwrap();
    assert!(legal(rules, &mut fresh).contains(&"e1g1".to_string()));
}

#[test]
fn king_that_left_and_returned_loses_both_castling_rights() {
    let rules = chess();
    let mut pos = start(rules);
    play_all(
        rules,
        &mut pos,
        &[
            "e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1e2", "e8e7", "e2e1", "e7e8",
        ],
    );
    let fen = assert_round_trip(rules, &mut pos);
    assert_eq!(fen.split_whitespace().nth(2).unwrap(), "-", "`{fen}`");
    // Whether the unmoved Rooks still count as never moved (then the `unmoved:` field
    // says so) is the implementation's choice; the round trip above checks it is kept.
    let moves = legal(rules, &mut pos);
    assert!(!moves.contains(&"e1g1".to_string()), "{moves:?}");
    // With the rights the same placement could castle.
    let placement = fen.split_whitespace().next().unwrap();
    let mut fresh = parse_fen(rules, &format!("{placement} w KQkq - 0 6")).unwrap();
    assert!(legal(rules, &mut fresh).contains(&"e1g1".to_string()));
}

#[test]
fn capablanca_rook_that_left_and_returned_loses_castling_right() {
    let rules = capablanca();
    let mut pos = start(rules);
    play_all(
        rules,
        &mut pos,
        &["a2a4", "j7j5", "a1a3", "j8j6", "a3a1", "j6j8"],
    );
    let fen = assert_round_trip(rules, &mut pos);
    // White's a-Rook and Black's j-Rook went away and back.
    assert_eq!(fen.split_whitespace().nth(2).unwrap(), "Kq", "`{fen}`");
}

#[test]
fn hectochess_rook_that_left_and_returned_loses_castling_right() {
    let rules = hectochess();
    let mut pos = start(rules);
    // The j-file Pawns advance, then each side's Rook there leaves up the file and returns.
    play_all(
        rules,
        &mut pos,
        &["j3j5", "a8a6", "j2j4", "a9a7", "j4j2", "a7a9"],
    );
    let fen = assert_round_trip(rules, &mut pos);
    assert_eq!(fen.split_whitespace().nth(2).unwrap(), "Qk", "`{fen}`");
}

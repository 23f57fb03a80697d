//! Rules of the catalogue variants that their perft files do not reach: each test is a small
//! position where one rule decides the legal moves. The expected moves were checked against
//! pyffish (Fairy-Stockfish) where it follows the same rule; where the variant file follows
//! the inventor instead (Torpedo's double step onto the last rank, Shatranj's baring back),
//! the test says so.

use crate::common::{castles, has, legal, load_variant, moves_from, play, pos, sorted};

#[test]
fn coregal_promotion_to_a_queen_on_an_attacked_cell_is_illegal() {
    let rules = load_variant("coregal.toml");
    // The Bishop on f5 watches c8: a new (royal) Queen there would stand attacked; the
    // other promotions stay legal. pyffish: c7c8r c7c8b c7c8n, no c7c8q.
    let mut p = pos(
        &rules,
        "6nr/r1P1k2p/3q3b/3Ppb2/RnQ1pPPp/B6B/3P2K1/1N4NR w - - 1 26",
    );
    assert_eq!(
        moves_from(&rules, &mut p, "c7"),
        sorted(&["c7c8b", "c7c8n", "c7c8r"])
    );
    // On a safe cell the Queen is allowed.
    let mut p = pos(&rules, "4k3/1P6/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(has(&legal(&rules, &mut p), "b7b8q"));
}

#[test]
fn makpong_king_in_check_may_only_capture_the_checker() {
    let rules = load_variant("makpong.toml");
    let mut p = pos(&rules, "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1");
    assert_eq!(legal(&rules, &mut p), sorted(&["d1d2"]));
    // Checked from afar with nothing to block or capture: mate, although c1, c2, e1 and e2
    // would be safe for a Makruk King.
    let mut p = pos(&rules, "4k3/8/8/8/8/8/8/r2K4 w - - 0 1");
    assert!(legal(&rules, &mut p).is_empty());
    let makruk = load_variant("makruk.toml");
    let mut p = pos(&makruk, "4k3/8/8/8/8/8/8/r2K4 w - - 0 1");
    assert_eq!(legal(&makruk, &mut p), sorted(&["d1c2", "d1d2", "d1e2"]));
}

#[test]
fn janus_castles_four_cells_towards_the_j_file_and_three_towards_the_a_file() {
    let rules = load_variant("janus.toml");
    for fen in [
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1",
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R b KQkq - 0 1",
    ] {
        let mut p = pos(&rules, fen);
        let rank = if fen.contains(" w ") { '1' } else { '8' };
        let expected = [format!("e{rank}b{rank}"), format!("e{rank}i{rank}")];
        assert_eq!(castles(&rules, &mut p), expected, "{fen}");
    }
}

#[test]
fn torpedo_pawns_step_two_from_any_rank_up_to_the_last() {
    let rules = load_variant("torpedo.toml");
    let mut p = pos(&rules, "4k3/8/8/3P4/8/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&rules, &mut p, "d5"), sorted(&["d5d6", "d5d7"]));
    // From the sixth rank two cells forward reach the last rank and promote (the inventors'
    // "two squares forward from anywhere on the board"); Fairy-Stockfish does not generate
    // this double step.
    let mut p = pos(&rules, "4k3/8/3P4/8/8/8/8/K7 w - - 0 1");
    let d6 = moves_from(&rules, &mut p, "d6");
    assert!(has(&d6, "d6d8q") && has(&d6, "d6d7"), "{d6:?}");
    // A double step anywhere gives the en passant right.
    let mut p = pos(&rules, "4k3/8/8/4p3/8/3P4/8/K7 w - - 0 1");
    play(&rules, &mut p, "d3d5");
    assert!(has(&legal(&rules, &mut p), "e5d4"));
}

#[test]
fn shatranj_bare_king_loses_unless_it_bares_back_at_once() {
    let rules = load_variant("shatranj.toml");
    // The Rook takes Black's last Pawn: Black, bared, still moves once...
    let mut p = pos(&rules, "k7/p7/8/8/8/8/8/R3K3 w - - 0 1");
    play(&rules, &mut p, "a1a7");
    assert_eq!(legal(&rules, &mut p), sorted(&["a8a7", "a8b8"]));
    // ...and cannot bare White back, so the game is over: no moves for White.
    play(&rules, &mut p, "a8b8");
    assert!(legal(&rules, &mut p).is_empty());
    // Here Black's King takes the Rook, baring White back: a draw, no moves either.
    // (pyffish 0.0.90 lets this game go on: K against K with White to move.)
    let mut p = pos(&rules, "8/8/8/8/8/8/pk6/R3K3 w - - 0 1");
    play(&rules, &mut p, "a1a2");
    play(&rules, &mut p, "b2a2");
    assert!(legal(&rules, &mut p).is_empty());
    // Bared while White keeps two pieces: no single move bares White back, so the game is
    // decided at once (as Fairy-Stockfish decides it).
    let mut p = pos(&rules, "k7/p7/8/8/8/8/8/R3K2R w - - 0 1");
    play(&rules, &mut p, "a1a7");
    assert!(legal(&rules, &mut p).is_empty());
    assert!(matches!(
        fairyrules::outcome(&rules, &mut p),
        fairyrules::Outcome::Win {
            winner: fairyrules::Color::White,
            reason: fairyrules::WinReason::BareKing
        }
    ));
}

#[test]
fn horde_pawns_step_two_from_the_first_rank() {
    let rules = load_variant("horde.toml");
    let mut p = pos(&rules, "4k3/8/8/8/8/8/8/P7 w - - 0 1");
    assert_eq!(legal(&rules, &mut p), sorted(&["a1a2", "a1a3"]));
}

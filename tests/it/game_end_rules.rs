//! The game rules of issue 12 and the decisions of `shared/spec/game-end.md`, each on a
//! small variant written over FIDE chess with `extends`: decided positions have no moves,
//! perft counts through history draws, `--moves` stops at any ending, every move has one
//! text; forced captures, inverted goals, extinction and bare-king forms, n-check, checks
//! forbidden, a royal piece that may not flee check, initial moves lost on check, goals with
//! catch-up, per-side rules and zone symmetry.

use crate::common::{legal, run};
use fairyrules::{outcome, perft, Color, DrawReason, Outcome, Position, Rules, WinReason};

/// FIDE chess with `extra` TOML written over it.
fn chess_with(extra: &str) -> Rules {
    let text = format!("extends = \"chess\"\n{extra}");
    Rules::from_toml("test.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The position after `moves` from the start.
fn after(rules: &Rules, moves: &[&str]) -> Position {
    let mut pos = Position::start(rules);
    for m in moves {
        pos.play(rules, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

fn pos(rules: &Rules, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn win(winner: Color, reason: WinReason) -> Outcome {
    Outcome::Win { winner, reason }
}

const HILL: &str = r#"
[variant]
name = "King of the Hill"
[rules]
goal = { zone = { cells = ["d4", "e4", "d5", "e5"], for_black = "same" } }
"#;

#[test]
fn decided_position_has_no_moves() {
    let r = chess_with(HILL);
    let line = ["e2e4", "a7a6", "e1e2", "a6a5", "e2e3", "a5a4"];
    let mut p = after(&r, &line);
    let before = perft(&r, &mut p, 2);
    assert!(before > 0);
    p.play(&r, "e3d4").unwrap();
    assert!(legal(&r, &mut p).is_empty());
    assert_eq!(perft(&r, &mut p, 1), 0);
    assert_eq!(perft(&r, &mut p, 3), 0);
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::Goal));
    // The same count one ply up misses exactly the decided line: perft 2 from before e3d4
    // counts 0 leaves below it.
    p.unmake(&r);
    let rows = fairyrules::divide(&r, &mut p, 2);
    let into_hill = rows
        .iter()
        .find(|(m, _)| m == "e3d4")
        .expect("e3d4 is legal");
    assert_eq!(into_hill.1, 0);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), before);
}

#[test]
fn perft_counts_through_history_draws() {
    // The 75-move rule (150 plies, automatic) has passed: the game is drawn, but perft
    // ignores history-based draws, as perft conventionally does.
    let r = Rules::shipped("chess").unwrap().unwrap();
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 150 120");
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Draw {
            reason: DrawReason::NMoveRule
        }
    );
    assert!(perft(&r, &mut p, 2) > 0);
    assert!(!legal(&r, &mut p).is_empty());
}

#[test]
fn moves_after_an_ending_are_refused() {
    let chess = crate::common::variant_arg("chess.toml");
    // After the fool's mate, and after an automatic draw.
    let out = run(&[
        "moves", &chess, "--moves", "f2f3", "e7e5", "g2g4", "d8h4", "a2a3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("move 5 of --moves (`a2a3`): the game is over"),
        "{err}"
    );
    assert!(err.contains("checkmate"), "{err}");
    let out = run(&[
        "moves",
        &chess,
        "--fen",
        "4k3/8/8/8/8/8/8/R3K3 w - - 150 120",
        "--moves",
        "a1a2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("n-move rule"), "{err}");
    // `moves` itself prints no move in a decided position, and says why on stderr.
    let out = run(&["moves", &chess, "--moves", "f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Black wins by checkmate"));
}

#[test]
fn one_step_castling_is_written_king_then_partner() {
    // A King that castles one step: its castling and its plain step to f1 share the text
    // e1f1, so castling is written with the partner's cell, and only that text reads it.
    let r = chess_with("[pieces.king]\nbetza = \"KisO1\"\n");
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let moves = legal(&r, &mut p);
    assert!(moves.contains(&"e1h1".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1f1".to_string()), "{moves:?}");
    let castle = fairyrules::parse_move(&r, &mut p, "e1h1").unwrap();
    assert!(castle.is_castle());
    let step = fairyrules::parse_move(&r, &mut p, "e1f1").unwrap();
    assert!(!step.is_castle());
    let unique: std::collections::BTreeSet<&String> = moves.iter().collect();
    assert_eq!(unique.len(), moves.len());
    // FIDE castling keeps the king's own move text.
    let chess = Rules::shipped("chess").unwrap().unwrap();
    let mut p = pos(&chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(legal(&chess, &mut p).contains(&"e1g1".to_string()));
}

const ANTICHESS: &str = r#"
[variant]
name = "Antichess"
[pieces.king]
royal = false
betza = "K"
[pieces.pawn]
promotion = { zone = "last-rank", to = ["queen", "rook", "bishop", "knight", "king"] }
[setup]
fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
[rules]
checkmate = false
stalemate = "win"
forced_capture = true
extinction = { kinds = "all", result = "win" }
"#;

#[test]
fn captures_are_compulsory() {
    let r = chess_with(ANTICHESS);
    let mut p = after(&r, &["e2e4", "d7d5"]);
    assert_eq!(legal(&r, &mut p), ["e4d5"]);
    // Without a capture, everything goes, the King included (it is not royal).
    let mut p = after(&r, &["e2e4"]);
    assert_eq!(legal(&r, &mut p).len(), 20);
}

#[test]
fn losing_every_piece_wins() {
    let r = chess_with(ANTICHESS);
    let mut p = pos(&r, "8/8/8/8/8/8/1p6/R7 b - - 0 1");
    p.play(&r, "b2a1q").unwrap();
    assert_eq!(
        outcome(&r, &mut p),
        win(Color::White, WinReason::Extinction)
    );
    assert!(legal(&r, &mut p).is_empty());
}

#[test]
fn stalemate_can_win() {
    let r = chess_with(ANTICHESS);
    let mut p = pos(&r, "8/8/8/8/8/p7/P7/8 w - - 0 1");
    assert!(legal(&r, &mut p).is_empty());
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::Stalemate));
}

#[test]
fn stalemate_by_fewer_pieces() {
    let r = chess_with(
        &format!("{ANTICHESS}\n").replace("stalemate = \"win\"", "stalemate = \"fewer-pieces\""),
    );
    // White stalemated with 1 piece against 2: White wins; with equal numbers a draw.
    let mut p = pos(&r, "8/8/8/8/8/p7/P7/7k w - - 0 1");
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::Stalemate));
    let mut p = pos(&r, "8/8/8/8/8/p7/P7/8 w - - 0 1");
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Draw {
            reason: DrawReason::Stalemate
        }
    );
}

#[test]
fn checkmate_can_win_for_the_mated_side() {
    let r = chess_with("[rules]\ncheckmate = \"win\"\n");
    let mut p = after(&r, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::Checkmate));
}

#[test]
fn extinction_when_any_kind_is_gone_or_below_a_count() {
    let any =
        chess_with("[rules]\nextinction = { kinds = [\"queen\", \"knight\"], when = \"any\" }\n");
    let all = chess_with("[rules]\nextinction = [\"queen\", \"knight\"]\n");
    // Black loses its Queen but keeps its Knights.
    let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(
        outcome(&any, &mut pos(&any, fen)),
        win(Color::White, WinReason::Extinction)
    );
    assert_eq!(outcome(&all, &mut pos(&all, fen)), Outcome::Ongoing);
    // Three Kings: non-royal Kings, losing one of three loses.
    let three = chess_with(
        "[pieces.king]\nroyal = false\nbetza = \"K\"\n[setup]\nfen = \"knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1\"\n[rules]\ncheckmate = false\nextinction = { kinds = [\"king\"], below = 3 }\n",
    );
    let mut p = pos(
        &three,
        "knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBN1 b - - 0 1",
    );
    assert_eq!(
        outcome(&three, &mut p),
        win(Color::Black, WinReason::Extinction)
    );
    assert!(legal(&three, &mut p).is_empty());
}

#[test]
fn a_side_without_royal_pieces_loses_by_extinction() {
    // Horde-like: White has no King; it loses when all its pieces are gone.
    let r = chess_with(
        "[setup]\nfen = \"r3k2r/8/8/8/8/8/PPPPPPPP/8 w kq - 0 1\"\n[rules]\nextinction = { white = { kinds = \"all\" } }\n",
    );
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/q7 w - - 0 1");
    assert_eq!(
        outcome(&r, &mut p),
        win(Color::Black, WinReason::Extinction)
    );
    let mut p = pos(&r, "4k3/8/8/8/8/8/P7/8 w - - 0 1");
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
}

const SHATRANJ_BARE: &str = "[rules]\nbare_king = { result = \"loss\", bare_back = true }\n";

#[test]
fn bare_king_loses_unless_it_bares_back() {
    let r = chess_with(SHATRANJ_BARE);
    // White takes Black's last piece with its only one; Black to move may move (its
    // chance), and after a move that does not bare White, Black has lost.
    let mut p = pos(&r, "4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1");
    p.play(&r, "d1d5").unwrap();
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    p.play(&r, "e8e7").unwrap();
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::BareKing));
    // With two pieces left to White no single move bares it back: decided at once.
    let mut p = pos(&r, "4k3/8/8/3r4/8/8/8/3RK2R w - - 0 1");
    p.play(&r, "d1d5").unwrap();
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::BareKing));
    // Baring back draws: Black, bared, takes White's last piece.
    let mut p = pos(&r, "4k3/3R4/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Ongoing,
        "Black has its chance"
    );
    p.play(&r, "e8d7").unwrap();
    assert_eq!(
        outcome(&r, &mut p),
        Outcome::Draw {
            reason: DrawReason::BareKing
        }
    );
    // Without `bare_back`, the bared side loses at once.
    let r = chess_with("[rules]\nbare_king = \"loss\"\n");
    let mut p = pos(&r, "4k3/8/8/3r4/8/8/8/3RK2R w - - 0 1");
    p.play(&r, "d1d5").unwrap();
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::BareKing));
    assert!(legal(&r, &mut p).is_empty());
}

#[test]
fn the_third_check_wins() {
    let r = chess_with("[rules]\nn_check = 3\n");
    assert!(Position::start(&r).fen(&r).contains(" - 3+3 0 1"));
    // White has given two checks; a third wins at once.
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
    assert_eq!(p.checks_given(Color::White), 2);
    p.play(&r, "a1a8").unwrap();
    assert_eq!(p.checks_given(Color::White), 3);
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::NCheck));
    assert!(legal(&r, &mut p).is_empty());
    assert_eq!(p.fen(&r), "R3k3/8/8/8/8/8/8/4K3 b - - 0+3 1 1");
    // The counts are part of the hash and of the position string.
    let a = pos(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
    let b = pos(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1");
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.hash(), a.compute_hash(&r));
    p.unmake(&r);
    assert_eq!(p.checks_given(Color::White), 2);
    assert_eq!(p.hash(), a.hash());
}

#[test]
fn no_move_may_give_check() {
    let r = chess_with("[rules]\ngiving_check = false\n");
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let moves = legal(&r, &mut p);
    assert!(!moves.contains(&"a1a8".to_string()), "a1a8 gives check");
    assert!(moves.contains(&"a1a7".to_string()));
    // A King move that uncovers a check gives check too.
    let mut p = pos(&r, "4k3/8/8/8/8/8/4K3/4R3 w - - 0 1");
    let moves = legal(&r, &mut p);
    assert!(!moves
        .iter()
        .any(|m| m == "e2d2" || m == "e2f2" || m == "e2d3" || m == "e2f3"));
    assert!(moves.contains(&"e2e3".to_string()));
}

#[test]
fn a_royal_piece_in_check_may_only_capture_the_checker() {
    let r = chess_with("[rules]\nroyal_may_flee_check = false\n");
    let mut p = pos(&r, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert_eq!(legal(&r, &mut p), ["e1e2"]);
    let mut p = pos(&r, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(legal(&r, &mut p).is_empty(), "no capture possible: mated");
}

#[test]
fn initial_moves_end_on_the_first_check() {
    // A King with an initial Knight leap, which it loses when it is first checked.
    let r = chess_with(
        "[pieces.king]\nbetza = \"KiN\"\ninitial_until_checked = true\n[setup]\nfen = \"r6k/8/8/8/8/1B6/8/4K3 b - - 0 1\"\n",
    );
    let leaps = ["e1c2", "e1d3", "e1f3", "e1g2"];
    let has_leaps = |p: &mut Position| {
        let moves = legal(&r, p);
        leaps
            .iter()
            .filter(|l| moves.contains(&l.to_string()))
            .count()
    };
    // Never checked: the leaps are there.
    let mut p = after(&r, &["h8h7"]);
    assert_eq!(has_leaps(&mut p), 4);
    // Checked on the e-file and blocked, the King has not moved, but its leaps are gone.
    let mut p = after(&r, &["a8e8", "b3e6", "h8h7"]);
    assert_eq!(has_leaps(&mut p), 0, "{}", p.fen(&r));
}

#[test]
fn racing_kings_catch_up() {
    let r = chess_with(
        "[setup]\nfen = \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\"\n[rules]\ngiving_check = false\ngoal = { zone = { ranks = [8], for_black = \"same\" }, catch_up = true }\n",
    );
    // White reaches rank 8 first; Black, one step from rank 8, gets its move.
    let mut p = pos(&r, "6K1/k7/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(outcome(&r, &mut p), Outcome::Ongoing);
    assert!(!legal(&r, &mut p).is_empty());
    let mut drawn = p.clone();
    drawn.play(&r, "a7a8").unwrap();
    assert_eq!(
        outcome(&r, &mut drawn),
        Outcome::Draw {
            reason: DrawReason::Goal
        }
    );
    p.play(&r, "a7b7").unwrap();
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::Goal));
    // Black too far to catch up: White has won at once.
    let mut p = pos(&r, "6K1/8/8/k7/8/8/8/8 b - - 0 1");
    assert_eq!(outcome(&r, &mut p), win(Color::White, WinReason::Goal));
    assert!(legal(&r, &mut p).is_empty());
    // Black reaching first wins at once.
    let mut p = pos(&r, "k7/6K1/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(outcome(&r, &mut p), win(Color::Black, WinReason::Goal));
}

#[test]
fn promotion_per_side() {
    let r = chess_with(
        "[pieces.pawn]\npromotion = { white = { zone = \"last-rank\", to = [\"knight\"] }, black = { zone = \"last-rank\", to = [\"bishop\"] } }\n",
    );
    let mut p = pos(&r, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1");
    assert!(legal(&r, &mut p).contains(&"b7b8".to_string()));
    p.play(&r, "b7b8").unwrap();
    assert_eq!(p.fen(&r).split('/').next(), Some("1N2k3"));
    p.play(&r, "g2g1").unwrap();
    assert!(p.fen(&r).contains("4K1b1"), "{}", p.fen(&r));
}

#[test]
fn promotion_to_a_royal_kind_when_allowed() {
    let r = chess_with(
        "[pieces.queen]\nroyal = true\n[pieces.pawn]\npromotion = { zone = \"last-rank\", to = [\"queen\", \"knight\"], allow_royal = true }\n",
    );
    let mut p = pos(&r, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(legal(&r, &mut p).contains(&"b7b8q".to_string()));
    let refused = Rules::from_toml(
        "t.toml",
        "extends = \"chess\"\n[pieces.queen]\nroyal = true\n",
    )
    .unwrap_err()
    .render();
    assert!(refused.contains("allow_royal"), "{refused}");
}

#[test]
fn zones_turned_round_for_black() {
    // A Black pawn promotes on White's a-file corner cell rotated: h1 for a8.
    let r = chess_with(
        "[pieces.pawn]\npromotion = { zone = { cells = [\"a8\"], for_black = \"rotate\" }, to = [\"queen\"] }\n",
    );
    let mut p = pos(&r, "4k3/8/8/8/8/8/6pp/4K3 b - - 0 1");
    p.play(&r, "h2h1").unwrap();
    assert!(p.fen(&r).ends_with("4K2q w - - 0 2"), "{}", p.fen(&r));
    let mut p = pos(&r, "4k3/8/8/8/8/8/6pp/4K3 b - - 0 1");
    p.play(&r, "g2g1").unwrap();
    assert!(p.fen(&r).contains("4K1p1"), "{}", p.fen(&r));
}

#[test]
fn a_non_royal_castling_king_ignores_attacks() {
    let giveaway = chess_with(
        &ANTICHESS
            .replace(
                "fen = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"",
                "fen = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
            )
            .replace("betza = \"K\"", "betza = \"KisO2\""),
    );
    // The Black Rook on f8 attacks f1, which the King passes: it castles all the same.
    let mut p = pos(&giveaway, "5r2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(legal(&giveaway, &mut p).contains(&"e1g1".to_string()));
}

#[test]
fn misuse_of_the_new_keys_is_located() {
    for (extra, message) in [
        ("[rules]\nn_check = 0\n", "`n_check` = 0 is out of range"),
        ("[rules]\nextinction = []\n", "`extinction` lists no piece"),
        ("[rules]\nextinction = { kinds = \"some\" }\n", "a list of piece ids or \"all\""),
        ("[rules]\nextinction = { kinds = [\"queen\"], when = \"most\" }\n", "invalid value \"most\" for `when`"),
        ("[rules]\ncheckmate = \"draw\"\n", "checkmate cannot be a draw"),
        ("[rules]\nbare_king = \"lost\"\n", "invalid value \"lost\""),
        ("[rules]\ngoal = { kinds = [\"pawn\"] }\n", "missing required key `zone`"),
        ("[rules]\nremove = [\"castling\"]\n", "`castling` is not a rule of [rules]"),
        ("[pieces.pawn]\npromotion = { zone = { ranks = [8], for_black = \"flip\" }, to = [\"queen\"] }\n", "invalid value \"flip\" for `for_black`"),
    ] {
        let text = format!("extends = \"chess\"\n{extra}");
        let err = Rules::from_toml("bad.toml", &text).unwrap_err().render();
        assert!(err.contains(message), "{extra}: {err}");
        assert!(err.starts_with("bad.toml:"), "{err}");
    }
}

#[test]
fn the_rules_are_said_in_words() {
    let words = |r: &Rules| fairyrules::explain::game_rules(r).join("\n");
    let anti = words(&chess_with(ANTICHESS));
    assert!(anti.contains("captures are compulsory"), "{anti}");
    assert!(anti.contains("no piece is royal"), "{anti}");
    assert!(anti.contains("the stalemated side wins"), "{anti}");
    assert!(
        anti.contains("wins when it has lost all its pieces"),
        "{anti}"
    );
    let three = words(&chess_with("[rules]\nn_check = 3\n"));
    assert!(three.contains("the third check wins"), "{three}");
    let bare = words(&chess_with(SHATRANJ_BARE));
    assert!(
        bare.contains("royal pieces only loses; the bared side may bare the other back"),
        "{bare}"
    );
    // `explain FILE` and `show` print them.
    let out = run(&["explain", &crate::common::variant_arg("chess.toml")]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("- checkmate wins"));
    let out = run(&["show", &crate::common::variant_arg("chess.toml")]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("rules: checkmate wins; stalemate is a draw")
    );
}

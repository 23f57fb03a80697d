//! Grand Chess promotion rule by rule (issue 13): only to a kind the side has lost,
//! optional on the 8th and 9th ranks, compulsory on the 10th (and then no move at all when
//! nothing was lost).

use crate::common::{load_variant, moves_from, pos};
use fairyrules::{legal_moves, Rules};

/// A Grand Chess position from its ten rows (rank 10 first), White to move.
fn grand(rules: &Rules, rows: [&str; 10]) -> fairyrules::Position {
    pos(rules, &format!("{} w - - 0 1", rows.join("/")))
}

#[test]
fn grand_promotion_is_compulsory_on_the_last_rank_and_needs_a_lost_piece() {
    let r = load_variant("grand.toml");
    // Nothing lost: the Pawn on a9 cannot step to a10.
    let rows = [
        "10",
        "Pnbqkcabn1",
        "pppppppppp",
        "10",
        "10",
        "10",
        "10",
        "PPPPPPPPPP",
        "1NBQKCABN1",
        "R8R",
    ];
    let mut p = grand(&r, rows);
    assert_eq!(moves_from(&r, &mut p, "a9"), Vec::<String>::new());
    // With the Queen lost, it may step there, becoming a Queen and nothing else.
    let mut rows_q = rows;
    rows_q[8] = "1NB1KCABN1";
    let mut p = grand(&r, rows_q);
    let moves = legal_moves(&r, &mut p);
    let promotions: Vec<_> = moves
        .iter()
        .filter(|m| r.geometry().name(m.from) == "a9")
        .collect();
    assert_eq!(promotions.len(), 1, "{promotions:?}");
    assert_eq!(promotions[0].promotion, r.kind_by_id("queen"));
}

#[test]
fn grand_promotion_is_optional_on_the_eighth_and_ninth_ranks() {
    let r = load_variant("grand.toml");
    let rows = [
        "r8r",
        "1nbqkcabn1",
        "1ppppppppp",
        "P9",
        "10",
        "10",
        "10",
        "PPPPPPPPPP",
        "1NBQKCABN1",
        "R8R",
    ];
    // Nothing lost: a7-a8 stays a Pawn.
    let steps = |p: &mut fairyrules::Position| -> Vec<String> {
        let mut got: Vec<String> = moves_from(&r, p, "a7")
            .into_iter()
            .filter(|m| m.starts_with("a7a8"))
            .collect();
        got.sort();
        got
    };
    let mut p = grand(&r, rows);
    assert_eq!(steps(&mut p), vec!["a7a8".to_string()]);
    // With a Knight lost: stay a Pawn, or become a Knight.
    let mut rows_n = rows;
    rows_n[8] = "2BQKCABN1";
    let mut p = grand(&r, rows_n);
    assert_eq!(steps(&mut p), vec!["a7a8".to_string(), "a7a8n".to_string()]);
}

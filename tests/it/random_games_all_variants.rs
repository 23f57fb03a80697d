//! Random games in every variant file of `variants/` (the catalogue as it grows, read from
//! the folder): at every position along each game,
//!
//! - the legal moves are the pseudo-legal moves that, made, leave the mover's royal pieces
//!   unattacked (and, where checks are forbidden, the enemy's too): an oracle independent of
//!   the generator's shortcuts; castling and passing (generated apart) are left out, and variants whose
//!   rules filter more (explosions, compulsory captures, pieces in hand) get the weaker
//!   check that every legal move is pseudo-legal;
//! - the position string reads back to the same string, hash and legal moves;
//! - every legal move made and taken back restores the position string and the hash;
//! - perft 2 equals the sum of perft 1 over the legal moves;
//! - the incremental hash equals the hash computed from scratch.
//!
//! The games are chosen by a fixed-seed generator (splitmix64 over the file name), so a
//! failure names its variant, game and ply and repeats exactly.

use std::collections::BTreeSet;

use fairyrules::{
    generate_pseudo, in_check, legal_moves, move_to_string, parse_fen, perft, to_fen, Move,
    MoveKind, Position, Rules,
};

const GAMES: u64 = 4;
const PLIES: usize = 40;

fn seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// Whether `side`'s royal pieces are attacked in `pos` (whoever is to move).
fn royal_attacked(rules: &Rules, pos: &Position, side: fairyrules::Color) -> bool {
    let mut p = pos.clone();
    p.set_side_to_move(rules, side);
    in_check(rules, &p)
}

fn names(rules: &Rules, all: &[Move], moves: impl Iterator<Item = Move>) -> BTreeSet<String> {
    moves.map(|m| move_to_string(rules, all, &m)).collect()
}

/// Every property at one position; `at` names it for messages.
fn check_position(rules: &Rules, pos: &mut Position, at: &str) {
    let legal = legal_moves(rules, pos);
    let end = rules.end_rules();
    assert_eq!(
        pos.hash(),
        pos.compute_hash(rules),
        "{at}: incremental hash"
    );

    // Legal moves against pseudo-legal moves made and tested.
    let mut pseudo = Vec::new();
    generate_pseudo(rules, pos, &mut pseudo);
    // Castling and passing are generated apart from the pseudo-legal moves.
    let not_castling = |m: &Move| !matches!(m.kind, MoveKind::Castle { .. } | MoveKind::Pass);
    let legal_plain: Vec<Move> = legal.iter().copied().filter(not_castling).collect();
    if !rules.has_hands() {
        for m in &legal_plain {
            assert!(
                pseudo.contains(m),
                "{at}: legal move {} is not pseudo-legal",
                move_to_string(rules, &legal, m)
            );
        }
    }
    let simple = !rules.has_hands()
        && end.explosion.is_none()
        && !end.forced_capture
        && end.royal_may_flee_check
        && !legal.is_empty();
    if simple {
        let side = pos.side_to_move();
        let mut oracle = Vec::new();
        for &m in &pseudo {
            pos.make(rules, m);
            let ok = !royal_attacked(rules, pos, side)
                && (end.giving_check || !royal_attacked(rules, pos, side.flip()));
            pos.unmake(rules);
            if ok {
                oracle.push(m);
            }
        }
        let all: Vec<Move> = pseudo.clone();
        assert_eq!(
            names(rules, &all, legal_plain.iter().copied()),
            names(rules, &all, oracle.into_iter()),
            "{at}: legal moves differ from the pseudo-legal moves made and tested"
        );
    }

    // The position string round trip.
    let fen = to_fen(rules, pos);
    let mut back = parse_fen(rules, &fen).unwrap_or_else(|e| panic!("{at}: `{fen}`: {e}"));
    assert_eq!(to_fen(rules, &back), fen, "{at}");
    assert_eq!(back.hash(), pos.hash(), "{at}: hash after reading `{fen}`");
    assert_eq!(
        legal_moves(rules, &mut back).len(),
        legal.len(),
        "{at}: legal moves after reading `{fen}`"
    );

    // Make/unmake, and perft 2 = sum of perft 1.
    let hash = pos.hash();
    let mut sum = 0;
    for &m in &legal {
        pos.make(rules, m);
        sum += perft(rules, pos, 1);
        pos.unmake(rules);
        assert_eq!(
            pos.hash(),
            hash,
            "{at}: hash after {}",
            move_to_string(rules, &legal, &m)
        );
        assert_eq!(
            to_fen(rules, pos),
            fen,
            "{at}: position after making and unmaking {}",
            move_to_string(rules, &legal, &m)
        );
    }
    assert_eq!(perft(rules, pos, 2), sum, "{at}: perft 2");
}

#[test]
fn random_games_hold_the_move_properties_in_every_variant_file() {
    let files = crate::common::variant_files();
    assert!(files.len() >= 60, "{} variant files", files.len());
    let mut positions = 0;
    for file in &files {
        let name = file.file_stem().unwrap().to_string_lossy().to_string();
        let rules = Rules::load(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut rng = crate::common::Rng(seed(&name) | 1);
        for game in 0..GAMES {
            let mut pos = Position::start(&rules);
            for ply in 0..=PLIES {
                let at = format!("{name} game {game} ply {ply} ({})", to_fen(&rules, &pos));
                check_position(&rules, &mut pos, &at);
                positions += 1;
                let legal = legal_moves(&rules, &mut pos);
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                pos.make(&rules, m);
            }
            // Take the whole game back: the start position again.
            while pos.ply_count() > 0 {
                pos.unmake(&rules);
            }
            assert_eq!(
                to_fen(&rules, &pos),
                to_fen(&rules, &Position::start(&rules)),
                "{name} game {game}: taken back"
            );
        }
    }
    assert!(positions > files.len() * 10, "{positions} positions");
}

#[test]
fn berolina_diagonal_double_step_keeps_its_en_passant_cell() {
    // Found by the random games: after ...a7-c5 (a Berolina double step, passing b6) the
    // position string's en passant cell named no victim, as the parser looked only straight
    // ahead of b6.
    let rules = crate::common::load_variant("berolina.toml");
    let fen = "r1bq1b2/pp1n1ppr/6p1/pPp1kn2/2PP1PPR/4P3/5PP1/RNB1KBN1 w Q b6 0 11 unmoved:a1,e1,f2,g2,a7,b7,f7,g7";
    let pos = parse_fen(&rules, fen).unwrap_or_else(|e| panic!("{e}"));
    let written = to_fen(&rules, &pos);
    assert!(written.contains(" b6 "), "{written}");
    let again = parse_fen(&rules, &written).unwrap_or_else(|e| panic!("`{written}`: {e}"));
    assert_eq!(again.hash(), pos.hash());
    assert_eq!(pos.ep_victim(), Some(crate::common::cell(&rules, "c5")));
}

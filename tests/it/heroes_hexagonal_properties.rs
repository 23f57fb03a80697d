//! Heroes Hexagonal Chess: properties of make/unmake, hashing and position strings over random
//! games, from the start position and from constructed middlegames rich in charges and
//! promotions. Moves are random legal moves, preferring charges and promotions when there are
//! any so that those paths are exercised; the test counts that they were played.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use crate::common::{heroes_hexagonal, placed_fen, pos, Rng};
use fairyrules::to_fen;
use fairyrules::{in_check, legal_moves};
use fairyrules::{outcome, Outcome};
use fairyrules::{Color, Rules};
use fairyrules::{Move, Position};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// Heroes Hexagonal Chess as shipped.
fn rules() -> &'static Rules {
    heroes_hexagonal()
}

/// A position string with these pieces (upper case White) and the default never-moved
/// pieces.
fn fen(side: Color, pieces: &[(&str, char)]) -> String {
    placed_fen(rules(), side, pieces, None)
}

/// Parse a position string.
fn parse(text: &str) -> Position {
    pos(rules(), text)
}

/// The start position and three constructed middlegames.
fn starts() -> &'static [String] {
    static STARTS: OnceLock<Vec<String>> = OnceLock::new();
    STARTS.get_or_init(|| {
        vec![
            to_fen(rules(), &parse(rules().start_fen())),
            // Open e- and g-files: both sides' Elephants face enemy pawns (charges at once),
            // pawns one step from the centre line on both sides.
            fen(
                Color::White,
                &[
                    ("f1", 'K'),
                    ("e1", 'H'),
                    ("g1", 'H'),
                    ("c1", 'C'),
                    ("i1", 'C'),
                    ("d1", 'N'),
                    ("h1", 'N'),
                    ("d2", 'M'),
                    ("h2", 'M'),
                    ("e2", 'E'),
                    ("g2", 'E'),
                    ("b1", 'P'),
                    ("c2", 'P'),
                    ("d3", 'P'),
                    ("h3", 'P'),
                    ("i2", 'P'),
                    ("k1", 'P'),
                    ("e6", 'P'),
                    ("g6", 'P'),
                    ("f11", 'k'),
                    ("e10", 'h'),
                    ("g10", 'h'),
                    ("c8", 'c'),
                    ("i8", 'c'),
                    ("d9", 'n'),
                    ("h9", 'n'),
                    ("d8", 'm'),
                    ("h8", 'm'),
                    ("e9", 'e'),
                    ("g9", 'e'),
                    ("b7", 'p'),
                    ("c7", 'p'),
                    ("d7", 'p'),
                    ("h7", 'p'),
                    ("i7", 'p'),
                    ("k7", 'p'),
                    ("e5", 'p'),
                    ("g5", 'p'),
                ],
            ),
            // Guards near their target zones, Elephants next to Heroes (length-5 charges),
            // pawns about to cross the centre.
            fen(
                Color::White,
                &[
                    ("f1", 'K'),
                    ("f3", 'H'),
                    ("e3", 'E'),
                    ("h2", 'E'),
                    ("e8", 'G'),
                    ("g8", 'G'),
                    ("c5", 'P'),
                    ("i5", 'P'),
                    ("d4", 'P'),
                    ("a1", 'C'),
                    ("l1", 'N'),
                    ("k2", 'M'),
                    ("f11", 'k'),
                    ("f9", 'h'),
                    ("g9", 'e'),
                    ("d8", 'e'),
                    ("e4", 'g'),
                    ("g3", 'g'),
                    ("c4", 'p'),
                    ("i4", 'p'),
                    ("h5", 'p'),
                    ("l6", 'c'),
                    ("a6", 'n'),
                    ("b6", 'm'),
                ],
            ),
            // Elephants face to face on the e- and g-files, pawns and Guards everywhere,
            // Black to move.
            fen(
                Color::Black,
                &[
                    ("f1", 'K'),
                    ("e1", 'H'),
                    ("g1", 'H'),
                    ("e5", 'E'),
                    ("g5", 'E'),
                    ("f4", 'E'),
                    ("a4", 'P'),
                    ("l4", 'P'),
                    ("b3", 'P'),
                    ("d8", 'G'),
                    ("c1", 'C'),
                    ("f11", 'k'),
                    ("e10", 'h'),
                    ("g10", 'h'),
                    ("e7", 'e'),
                    ("g7", 'e'),
                    ("f8", 'e'),
                    ("a3", 'p'),
                    ("l3", 'p'),
                    ("k5", 'p'),
                    ("h4", 'g'),
                    ("i8", 'c'),
                ],
            ),
        ]
    })
}

/// The legal moves in a canonical order.
fn sorted_moves(p: &mut Position) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(rules(), p)
        .iter()
        .map(|m| format!("{m:?}"))
        .collect();
    v.sort();
    v
}

/// Whether a move is a charge or a promotion.
fn is_special(m: &Move) -> bool {
    m.is_sweep() || m.promotion.is_some()
}

static CHARGES: AtomicUsize = AtomicUsize::new(0);
static PROMOTIONS: AtomicUsize = AtomicUsize::new(0);
static PLIES: AtomicUsize = AtomicUsize::new(0);

fn random_game(start: usize, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let r = rules();
    let mut p = parse(&starts()[start]);
    let mut rng = Rng(seed | 1);
    for ply in 0..plies {
        if outcome(r, &mut p) != Outcome::Ongoing {
            break;
        }
        let before_fen = to_fen(r, &p);
        let before_hash = p.hash();
        let before_moves = sorted_moves(&mut p);
        let mut unique = before_moves.clone();
        unique.dedup();
        prop_assert_eq!(
            unique.len(),
            before_moves.len(),
            "a move listed twice in {}",
            before_fen
        );
        let legal = legal_moves(r, &mut p);
        prop_assert!(!legal.is_empty());
        let special: Vec<Move> = legal.iter().copied().filter(is_special).collect();
        let mv = if !special.is_empty() && rng.below(4) != 0 {
            special[rng.below(special.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        let mover = p.side_to_move();
        p.make(r, mv);
        let ctx = format!("ply {ply}: {mv:?} from {before_fen}");
        prop_assert_eq!(p.hash(), p.compute_hash(r), "{}", ctx);
        // The mover's King is never left attacked.
        let mut flipped = parse(&to_fen(r, &p));
        flipped.set_side_to_move(r, mover);
        prop_assert!(!in_check(r, &flipped), "{}", ctx);
        // Position string round trip.
        let after_fen = to_fen(r, &p);
        let mut reparsed = parse(&after_fen);
        prop_assert_eq!(to_fen(r, &reparsed), after_fen.clone(), "{}", ctx);
        prop_assert_eq!(reparsed.hash(), p.hash(), "{}", ctx);
        let after_moves = sorted_moves(&mut p);
        prop_assert_eq!(sorted_moves(&mut reparsed), after_moves, "{}", ctx);
        // Unmake restores everything, then make again.
        p.unmake(r);
        prop_assert_eq!(to_fen(r, &p), before_fen.clone(), "{}", ctx);
        prop_assert_eq!(p.hash(), before_hash, "{}", ctx);
        prop_assert_eq!(sorted_moves(&mut p), before_moves, "{}", ctx);
        p.make(r, mv);
        prop_assert_eq!(to_fen(r, &p), after_fen, "{}", ctx);
        if mv.is_sweep() {
            CHARGES.fetch_add(1, Ordering::Relaxed);
        } else if mv.promotion.is_some() {
            PROMOTIONS.fetch_add(1, Ordering::Relaxed);
        }
        PLIES.fetch_add(1, Ordering::Relaxed);
    }
    // Unwinding the whole game returns to the start.
    while p.ply_count() > 0 {
        p.unmake(r);
    }
    prop_assert_eq!(to_fen(r, &p), to_fen(r, &parse(&starts()[start])));
    prop_assert_eq!(p.hash(), p.compute_hash(r));
    Ok(())
}

#[test]
fn constructed_starts_are_sound() {
    let r = rules();
    for f in starts() {
        let mut p = parse(f);
        assert_eq!(&to_fen(r, &p), f);
        // The side not to move is not in check.
        let mut other = p.clone();
        other.set_side_to_move(r, p.side_to_move().flip());
        assert!(!in_check(r, &other), "{f}");
        assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{f}");
    }
    // The middlegames offer charges and promotions at once.
    for f in &starts()[1..] {
        let mut p = parse(f);
        let legal = legal_moves(r, &mut p);
        assert!(legal.iter().any(|m| m.is_sweep()), "{f}");
        assert!(
            legal.iter().any(|m| !m.is_sweep() && m.promotion.is_some()),
            "{f}"
        );
    }
}

#[test]
fn random_games_make_unmake_hash_and_position_strings() {
    let mut runner = TestRunner::new(Config {
        cases: 100,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (0..starts().len(), any::<u64>(), 1usize..=80);
    runner
        .run(&strategy, |(start, seed, plies)| {
            random_game(start, seed, plies)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let charges = CHARGES.load(Ordering::Relaxed);
    let promotions = PROMOTIONS.load(Ordering::Relaxed);
    let plies = PLIES.load(Ordering::Relaxed);
    eprintln!("{plies} plies: {charges} charges, {promotions} other promotions");
    assert!(charges > 0, "no charge was played in {plies} plies");
    assert!(promotions > 0, "no promotion was played in {plies} plies");
}

//! Unit tests: the hot path takes shortcuts that a slower form of the same rule must confirm. Along
//! random games of every shipped variant these tests check:
//! - the cell-set width: the board's own width (`u64`, `u128`) gives the same legal moves as
//!   the full 256-bit sets;
//! - bundling: each piece's plain leaps and slides taken as bit sets are exactly the moves its
//!   records give when walked one by one;
//! - legality without making the move: the legal moves are exactly the pseudo-legal moves
//!   that, made, leave no royal piece attacked (castling aside, which is always made);
//! - the check screen: a move it says cannot check does not, made;
//! - check evasions without making the move: in every position one move away that is in
//!   check, in variants whose checks come from every kind of attack, the legal moves are
//!   exactly those of the same generator with every move made and tested.

use super::{
    check_screen::CheckScreen, generate_legal, generate_legal_in, generate_legal_made_and_tested,
    generate_legal_unjudged, generate_pseudo,
};
use crate::attacks::{in_check, royal_attacked};
use crate::position::Position;
use crate::rules::{flag, Rules};
use crate::targets::{
    flag_mask, for_each_target, generate_piece_records, initial_allowed, push_with_promotion,
};
use crate::types::{Bits, Cell, CellSet, Move, Piece, Width};

/// A shipped variant.
fn load(file: &str) -> Rules {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("variants")
        .join(file);
    Rules::load(&path).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A small deterministic generator of random numbers (64-bit LCG).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

const VARIANTS: [&str; 8] = [
    "chess.toml",
    "capablanca.toml",
    "hectochess.toml",
    "hero-chess.toml",
    "hero-chess-queen.toml",
    "superhero-chess.toml",
    "glinski.toml",
    "heroes-hexagonal.toml",
];
const GAMES: u64 = 12;
const PLIES: usize = 80;

/// Play random games of `rules` and call `check` on every position reached.
fn along_random_games(rules: &Rules, mut check: impl FnMut(&mut Position, &str)) {
    for game in 0..GAMES {
        let mut rng = Rng(game * 7919 + 17);
        let mut pos = Position::start(rules);
        for ply in 0..PLIES {
            let at = format!("{} game {game} ply {ply}", rules.name());
            check(&mut pos, &at);
            let mut moves = Vec::new();
            generate_legal(rules, &mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(rules, moves[rng.below(moves.len())]);
        }
    }
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves.dedup();
    moves
}

/// The legal moves with full-width sets, whatever the board's own width.
fn legal_full_width(rules: &Rules, pos: &mut Position) -> Vec<Move> {
    let mut moves = Vec::new();
    generate_legal_in::<CellSet>(rules, pos, &mut moves);
    moves
}

/// A piece's moves from its own records (hooks excluded), with the board's width.
fn bundled_moves(rules: &Rules, pos: &Position, piece: Piece, from: Cell) -> Vec<Move> {
    let mut moves = Vec::new();
    match rules.width {
        Width::W64 => generate_piece_records::<u64>(rules, pos, piece, from, &mut moves),
        Width::W128 => generate_piece_records::<u128>(rules, pos, piece, from, &mut moves),
        Width::W256 => generate_piece_records::<CellSet>(rules, pos, piece, from, &mut moves),
    }
    moves
}

/// A piece's moves by walking every one of its records, bundled or not.
fn walked_moves(rules: &Rules, pos: &Position, piece: Piece, from: Cell) -> Vec<Move> {
    let mut moves = Vec::new();
    let mask = flag_mask(rules, pos, piece, from);
    let initial_ok = initial_allowed(rules, pos, piece, from);
    for rec in rules.records_in(pos, piece, from) {
        if rec.flags & flag::INITIAL != 0 && !initial_ok {
            continue;
        }
        for_each_target(rules, pos, piece.color(), rec, mask, |target| {
            push_with_promotion(rules, pos, piece, target.into_move(from), &mut moves);
        });
    }
    moves
}

#[test]
fn narrow_and_full_width_generators_agree_on_legal_moves() {
    for file in VARIANTS {
        let rules = load(file);
        along_random_games(&rules, |pos, at| {
            let mut narrow = Vec::new();
            generate_legal(&rules, pos, &mut narrow);
            let full = legal_full_width(&rules, pos);
            assert_eq!(sorted(narrow), sorted(full), "{at}");
        });
    }
}

#[test]
fn bundled_leaps_and_slides_equal_their_records_walked_one_by_one() {
    for file in VARIANTS {
        let rules = load(file);
        along_random_games(&rules, |pos, at| {
            let side = pos.side_to_move();
            for from in pos.occupied(side).iter() {
                let piece = pos.piece_at(from).expect("occupied");
                assert_eq!(
                    sorted(bundled_moves(&rules, pos, piece, from)),
                    sorted(walked_moves(&rules, pos, piece, from)),
                    "{at}: piece {} on cell {from:?}",
                    rules.kinds()[piece.kind() as usize].id
                );
            }
        });
    }
}

#[test]
fn shipped_boards_use_the_narrowest_width() {
    for (file, width) in [
        ("chess.toml", Width::W64),
        ("hectochess.toml", Width::W128),
        ("capablanca.toml", Width::W128),
        ("glinski.toml", Width::W128),
    ] {
        let rules = load(file);
        assert_eq!(rules.width, width, "{file}");
        assert!(
            rules.cells()
                <= match width {
                    Width::W64 => <u64 as Bits>::CELLS,
                    Width::W128 => <u128 as Bits>::CELLS,
                    Width::W256 => <CellSet as Bits>::CELLS,
                }
        );
    }
}

#[test]
fn legal_moves_are_the_pseudo_legal_moves_that_keep_royals_safe() {
    for file in VARIANTS {
        let rules = load(file);
        along_random_games(&rules, |pos, at| {
            let side = pos.side_to_move();
            let mut legal = Vec::new();
            generate_legal(&rules, pos, &mut legal);
            legal.retain(|m| !m.is_castle());
            let mut pseudo = Vec::new();
            generate_pseudo(&rules, pos, &mut pseudo);
            let made_and_tested: Vec<Move> = pseudo
                .into_iter()
                .filter(|&mv| {
                    pos.make(&rules, mv);
                    let safe = !royal_attacked(&rules, pos, side);
                    pos.unmake(&rules);
                    safe
                })
                .collect();
            assert_eq!(sorted(legal), sorted(made_and_tested), "{at}");
        });
    }
}

/// Variants whose checks come from every kind of attack the rule language has: slides and
/// plain leaps, lame leaps (Xiangqi's and Janggi's Horse and Elephant), cannons,
/// grasshoppers, nightriders, pieces that gain moves next to friends (Paradigm, Heroes
/// Hexagonal), hooks (Hero), drops (Shogi, Crazyhouse), gating (Seirawan), royal pieces that
/// move as Knights (Knightmate), explosions (Atomic, where the short cut stands aside).
const CHECK_VARIANTS: [&str; 20] = [
    "chess.toml",
    "capablanca.toml",
    "hectochess.toml",
    "hero-chess.toml",
    "superhero-chess.toml",
    "glinski.toml",
    "heroes-hexagonal.toml",
    "xiangqi.toml",
    "janggi.toml",
    "shogi.toml",
    "crazyhouse.toml",
    "grasshopper.toml",
    "nightrider.toml",
    "paradigm.toml",
    "seirawan.toml",
    "knightmate.toml",
    "grand.toml",
    "berolina.toml",
    "coregal.toml",
    "atomic.toml",
];

#[test]
fn check_evasions_refused_unmade_are_the_moves_that_made_leave_a_royal_attacked() {
    for file in CHECK_VARIANTS {
        let rules = load(file);
        // The legal moves with the short cuts, and with every move made and tested.
        let both = |pos: &mut Position| {
            let mut quick = Vec::new();
            crate::with_width!(rules.width, B => generate_legal_unjudged::<B>(&rules, pos, &mut quick));
            let mut made = Vec::new();
            generate_legal_made_and_tested(&rules, pos, &mut made);
            (sorted(quick), sorted(made))
        };
        let mut checks = 0;
        along_random_games(&rules, |pos, at| {
            let (quick, made) = both(pos);
            assert_eq!(quick, made, "{at}");
            for mv in made {
                pos.make(&rules, mv);
                if in_check(&rules, pos) {
                    checks += 1;
                    let (quick, made) = both(pos);
                    assert_eq!(quick, made, "{at}, in check after {mv:?}");
                }
                pos.unmake(&rules);
            }
        });
        eprintln!("{file}: {checks} positions in check");
        assert!(checks > 20, "{file}: only {checks} positions in check");
    }
}

#[test]
fn moves_the_check_screen_passes_over_give_no_check_when_made() {
    for file in CHECK_VARIANTS {
        let rules = load(file);
        let mut screened = 0;
        let mut checks = 0;
        along_random_games(&rules, |pos, at| {
            if !CheckScreen::applies(&rules) {
                return;
            }
            let screen = CheckScreen::new(&rules, pos).expect("the enemy is not in check");
            let mut moves = Vec::new();
            generate_legal(&rules, pos, &mut moves);
            for mv in moves {
                let may_check = screen.may_check(&rules, pos, &mv);
                pos.make(&rules, mv);
                let checks_now = in_check(&rules, pos);
                pos.unmake(&rules);
                assert!(may_check || !checks_now, "{at}: {mv:?} checks");
                screened += usize::from(!may_check);
                checks += usize::from(checks_now);
            }
        });
        let applies = CheckScreen::applies(&rules);
        assert_eq!(screened > 0, applies, "{file}: {screened} moves screened");
        if applies {
            assert!(checks > 0, "{file}: no check given");
        }
    }
}

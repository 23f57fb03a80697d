//! Heroes Hexagonal Chess (version 2), clause by clause from
//! `shared/spec/heroes-hexagonal.md` (board and hex directions from `shared/spec/hex-board.md`):
//! the start array and its perft, every piece's exact target set with and without royal
//! adjacency, the Elephant's charge, the automatic promotions, and the ways a game ends.
//!
//! Target sets are compared with a small model of the spec written here from the axial
//! coordinates of `hex-board.md` (`q = file index - 5`, `r = rank - 6 + max(0, -q)`), not from
//! the crate's geometry; the cells quoted literally were worked out by hand.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::{color_of_letter, heroes_hexagonal, placed_fen, set};
use fairyrules::to_fen;
use fairyrules::Cell;
use fairyrules::{in_check, is_attacked, legal_moves};
use fairyrules::{move_to_string, parse_move};
use fairyrules::{outcome, DrawReason, Outcome, WinReason};
use fairyrules::{Color, Piece, Rules};
use fairyrules::{Move, MoveKind, Position};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// The start position as the spec prints it.
const START_PLACEMENT: &str =
    "k/h1h/ne1en/cm3mc/ppppppppp/11/5P5/4P1P4/3P3P3/2PME1EMP2/1PCNHKHNCP1";

const WHITE_PAWN_START: [&str; 9] = ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"];
const BLACK_PAWN_START: [&str; 9] = ["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"];

/// Heroes Hexagonal Chess as shipped, but without its two board-decided wins (extinction of
/// the Heroes, a King in the target zone): the movement tests set up positions where a side
/// lacks its Heroes or a King stands in a zone, which the shipped rules count as a decided
/// game where nothing moves (the game-end tests below use [`shipped`]).
fn rules() -> &'static Rules {
    static RULES: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        Rules::from_toml(
            "heroes-without-extinction.toml",
            "extends = \"heroes-hexagonal\"\n[rules]\nremove = [\"extinction\", \"royal_zone\"]\n",
        )
        .unwrap_or_else(|e| panic!("{e}"))
    })
}

/// Heroes Hexagonal Chess as shipped.
fn shipped() -> &'static Rules {
    heroes_hexagonal()
}

/// The cell with this name.
fn cell(name: &str) -> Cell {
    crate::common::cell(rules(), name)
}

/// The first cell of a sweep's path.
fn first_cell(mv: &Move) -> Cell {
    match mv.kind {
        MoveKind::Sweep { first } => first,
        other => panic!("not a sweep: {other:?}"),
    }
}

/// The name of a cell.
fn name(c: Cell) -> String {
    rules().geometry().name(c).to_string()
}

/// A position with these pieces (letters: upper case White) on an empty board; see
/// [`placed_fen`].
fn build<S: AsRef<str>>(side: Color, pieces: &[(S, char)], unmoved: Option<&[&str]>) -> String {
    placed_fen(rules(), side, pieces, unmoved)
}

/// [`build`] with the default never-moved pieces.
fn fen<S: AsRef<str>>(side: Color, pieces: &[(S, char)]) -> String {
    build(side, pieces, None)
}

/// Parse a position string.
fn pos(fen: &str) -> Position {
    crate::common::pos(rules(), fen)
}

/// A position with these pieces (see [`fen`]): its string and the position.
fn setup<S: AsRef<str>>(side: Color, pieces: &[(S, char)]) -> (String, Position) {
    let f = fen(side, pieces);
    let p = pos(&f);
    (f, p)
}

/// The letter on a cell, if any.
fn at(p: &Position, n: &str) -> Option<char> {
    p.piece_at(cell(n)).map(|pc| rules().piece_char(pc))
}

/// The legal moves of the piece on `from`.
fn moves_from(p: &mut Position, from: &str) -> Vec<Move> {
    let from = cell(from);
    legal_moves(rules(), p)
        .into_iter()
        .filter(|m| m.from == from)
        .collect()
}

/// Destinations of the non-charge moves of the piece on `from`; each destination must be one
/// move (promotions are automatic, never a choice).
fn targets(p: &mut Position, from: &str) -> BTreeSet<String> {
    let moves: Vec<Move> = moves_from(p, from)
        .into_iter()
        .filter(|m| !m.is_sweep())
        .collect();
    let set: BTreeSet<String> = moves.iter().map(|m| name(m.to)).collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "more than one move to a cell from {from} in {}: {moves:?}",
        to_fen(rules(), p)
    );
    set
}

/// The charges of the piece on `from`.
fn charges(p: &mut Position, from: &str) -> Vec<Move> {
    moves_from(p, from)
        .into_iter()
        .filter(|m| m.is_sweep())
        .collect()
}

/// Landing cells of the charges from `from` (asserting one charge per landing cell).
fn charge_landings(p: &mut Position, from: &str) -> BTreeSet<String> {
    let c = charges(p, from);
    let set: BTreeSet<String> = c.iter().map(|m| name(m.to)).collect();
    assert_eq!(
        set.len(),
        c.len(),
        "duplicate charges in {}: {c:?}",
        to_fen(rules(), p)
    );
    set
}

/// The one legal move from `from` to `to`.
fn the_move(p: &mut Position, from: &str, to: &str) -> Move {
    let (f, t) = (cell(from), cell(to));
    let all: Vec<Move> = legal_moves(rules(), p)
        .into_iter()
        .filter(|m| m.from == f && m.to == t)
        .collect();
    assert_eq!(
        all.len(),
        1,
        "moves {from}{to} in {}: {all:?}",
        to_fen(rules(), p)
    );
    all[0]
}

/// The letter the moving piece becomes with a move, if it promotes.
fn promoted_to(m: &Move, color: Color) -> Option<char> {
    m.promotion
        .map(|k| rules().piece_char(Piece::new(k, color)))
}

/// Parse a move and make it; returns it.
fn play(p: &mut Position, text: &str) -> Move {
    let mv = parse_move(rules(), p, text)
        .unwrap_or_else(|e| panic!("`{text}` in {}: {e}", to_fen(rules(), p)));
    p.make(rules(), mv);
    mv
}

// ---------------------------------------------------------------------------------------
// An independent model of the board and the pieces, written from the spec
// ---------------------------------------------------------------------------------------

type Hex = (i32, i32);

const FILES: [char; 11] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l'];

/// N, NE, SE, S, SW, NW (White's view).
const ORTHO: [Hex; 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
const N: usize = 0;
const NE: usize = 1;
const SE: usize = 2;
const S: usize = 3;
const SW: usize = 4;
const NW: usize = 5;
/// The six diagonal (through a corner) vectors.
const DIAG: [Hex; 6] = [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)];

fn axial(n: &str) -> Hex {
    let mut chars = n.chars();
    let f = chars.next().expect("a cell name");
    let q = FILES.iter().position(|&x| x == f).expect("a file letter") as i32 - 5;
    let rank: i32 = chars.as_str().parse().expect("a rank number");
    (q, rank - 6 + 0.max(-q))
}

fn on_board((q, r): Hex) -> bool {
    q.abs().max(r.abs()).max((q + r).abs()) <= 5
}

fn hex_name(h: Hex) -> Option<String> {
    on_board(h).then(|| {
        let (q, r) = h;
        format!("{}{}", FILES[(q + 5) as usize], r + 6 - 0.max(-q))
    })
}

fn add(a: Hex, b: Hex) -> Hex {
    (a.0 + b.0, a.1 + b.1)
}

/// A direction as seen by a side: Black's board is White's mirrored top to bottom.
fn turn(v: Hex, white: bool) -> Hex {
    if white {
        v
    } else {
        (v.0, -v.0 - v.1)
    }
}

/// The target cells the spec gives the piece on `from` (charges excluded).
fn model_targets<S: AsRef<str>>(pieces: &[(S, char)], from: &str) -> BTreeSet<String> {
    let board: BTreeMap<Hex, char> = pieces
        .iter()
        .map(|(n, ch)| (axial(n.as_ref()), *ch))
        .collect();
    let f = axial(from);
    let me = board[&f];
    let white = me.is_ascii_uppercase();
    let free = |h: Hex| on_board(h) && !board.contains_key(&h);
    let enemy = |h: Hex| matches!(board.get(&h), Some(c) if c.is_ascii_uppercase() != white);
    let open = |h: Hex| free(h) || enemy(h);
    let dir = |i: usize| turn(ORTHO[i], white);
    let adjacent = ORTHO.iter().any(|&d| {
        matches!(board.get(&add(f, d)),
            Some(&c) if c.is_ascii_uppercase() == white && matches!(c.to_ascii_uppercase(), 'H' | 'K'))
    });
    let unmoved = if white {
        WHITE_PAWN_START.contains(&from)
    } else {
        BLACK_PAWN_START.contains(&from)
    };
    let mut out: BTreeSet<Hex> = BTreeSet::new();
    let slide = |out: &mut BTreeSet<Hex>, range: usize| {
        for d in ORTHO {
            let mut c = f;
            for _ in 0..range {
                c = add(c, d);
                if open(c) {
                    out.insert(c);
                }
                if !free(c) {
                    break;
                }
            }
        }
    };
    match me.to_ascii_uppercase() {
        'K' => {
            for d in ORTHO {
                if open(add(f, d)) {
                    out.insert(add(f, d));
                }
            }
        }
        'H' => {
            for d1 in ORTHO {
                let c1 = add(f, d1);
                if open(c1) {
                    out.insert(c1);
                }
                if free(c1) {
                    for d2 in ORTHO {
                        if d2 != (-d1.0, -d1.1) && open(add(c1, d2)) {
                            out.insert(add(c1, d2));
                        }
                    }
                }
            }
        }
        'C' => slide(&mut out, 5),
        'M' => slide(&mut out, if adjacent { 3 } else { 2 }),
        'N' => {
            for d in ORTHO {
                let c1 = add(f, d);
                let c2 = add(c1, d);
                let c3 = add(c2, d);
                if free(c1) && open(c2) {
                    out.insert(c2);
                }
                if free(c1) && free(c2) && open(c3) {
                    out.insert(c3);
                }
            }
            if adjacent {
                for d in DIAG {
                    if open(add(f, d)) {
                        out.insert(add(f, d));
                    }
                }
            }
        }
        'E' => {
            for d in ORTHO {
                if free(add(f, d)) {
                    out.insert(add(f, d));
                }
            }
        }
        'P' => {
            let c1 = add(f, dir(N));
            if free(c1) {
                out.insert(c1);
                if unmoved && free(add(c1, dir(N))) {
                    out.insert(add(c1, dir(N)));
                }
            }
            for i in [NW, NE] {
                if enemy(add(f, dir(i))) {
                    out.insert(add(f, dir(i)));
                }
            }
            if adjacent {
                for i in [SW, SE] {
                    if free(add(f, dir(i))) {
                        out.insert(add(f, dir(i)));
                    }
                }
                if enemy(c1) {
                    out.insert(c1);
                }
            }
        }
        'G' => {
            for i in [N, NW, NE] {
                if open(add(f, dir(i))) {
                    out.insert(add(f, dir(i)));
                }
            }
            for i in [S, SW, SE] {
                if free(add(f, dir(i))) {
                    out.insert(add(f, dir(i)));
                }
            }
            if adjacent {
                for i in [SW, SE] {
                    if enemy(add(f, dir(i))) {
                        out.insert(add(f, dir(i)));
                    }
                }
            }
        }
        other => panic!("no model for {other}"),
    }
    out.into_iter().filter_map(hex_name).collect()
}

/// The engine's targets of the piece on `from` (its side to move), checked against the
/// model; returns them.
fn check_targets<S: AsRef<str>>(pieces: &[(S, char)], from: &str) -> BTreeSet<String> {
    let letter = pieces
        .iter()
        .find(|(n, _)| n.as_ref() == from)
        .map(|(_, c)| *c)
        .expect("a piece on `from`");
    let (f, mut p) = setup(color_of_letter(letter), pieces);
    let got = targets(&mut p, from);
    let want = model_targets(pieces, from);
    assert_eq!(got, want, "targets of {letter} on {from} in {f}");
    got
}

fn neighbour(from: &str, d: usize) -> String {
    hex_name(add(axial(from), ORTHO[d])).expect("an on-board neighbour")
}

fn diagonal(from: &str, d: usize) -> String {
    hex_name(add(axial(from), DIAG[d])).expect("an on-board diagonal neighbour")
}

/// The piece `centre` on f6 with the piece `around` on each of its six neighbours (in the
/// order of `ORTHO`, after the centre).
fn surrounded(centre: char, around: char) -> Vec<(String, char)> {
    let mut out = vec![("f6".to_string(), centre)];
    for d in 0..6 {
        out.push((neighbour("f6", d), around));
    }
    out
}

/// One royal-adjacency case: label, pieces, whether the piece is royal adjacent.
type AdjacencyCase = (String, Vec<(String, char)>, bool);

/// The cases of royal adjacency for a White piece `letter` on `from`, with the friendly or
/// enemy piece on neighbour `d` or diagonal neighbour `dd`: (label, pieces, adjacent?).
fn adjacency_cases(letter: char, from: &str, d: usize, dd: usize) -> Vec<AdjacencyCase> {
    let me = (from.to_string(), letter);
    let mut out = vec![("alone".to_string(), vec![me.clone()], false)];
    for (who, adjacent) in [('H', true), ('K', true), ('k', false), ('h', false)] {
        out.push((
            format!("{who} on the neighbour {}", neighbour(from, d)),
            vec![me.clone(), (neighbour(from, d), who)],
            adjacent,
        ));
    }
    for who in ['H', 'K'] {
        out.push((
            format!("{who} on the diagonal neighbour {}", diagonal(from, dd)),
            vec![me.clone(), (diagonal(from, dd), who)],
            false,
        ));
    }
    out
}

/// Runs every adjacency case for a piece; returns the target sets by case label.
fn all_adjacency_cases(
    letter: char,
    from: &str,
    d: usize,
    dd: usize,
) -> BTreeMap<String, BTreeSet<String>> {
    adjacency_cases(letter, from, d, dd)
        .into_iter()
        .map(|(label, pieces, _)| (label, check_targets(&pieces, from)))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Start position and perft
// ---------------------------------------------------------------------------------------

#[test]
fn start_array_matches_spec_table() {
    let r = rules();
    assert_eq!(r.start_fen().split(' ').next(), Some(START_PLACEMENT));
    let p = pos(r.start_fen());
    let table: [(char, &[&str], &[&str]); 7] = [
        ('K', &["f1"], &["f11"]),
        ('H', &["e1", "g1"], &["e10", "g10"]),
        ('C', &["c1", "i1"], &["c8", "i8"]),
        ('N', &["d1", "h1"], &["d9", "h9"]),
        ('M', &["d2", "h2"], &["d8", "h8"]),
        ('E', &["e2", "g2"], &["e9", "g9"]),
        ('P', &WHITE_PAWN_START[..], &BLACK_PAWN_START[..]),
    ];
    let mut want: BTreeMap<String, char> = BTreeMap::new();
    for (letter, white, black) in table {
        for c in white {
            want.insert(c.to_string(), letter);
        }
        for c in black {
            want.insert(c.to_string(), letter.to_ascii_lowercase());
        }
        // Black's array is White's mirrored top to bottom.
        for (w, b) in white.iter().zip(black.iter()) {
            assert_eq!(name(r.geometry().mirror(cell(w))), *b);
        }
    }
    let got: BTreeMap<String, char> = r
        .geometry()
        .cells()
        .filter_map(|c| p.piece_at(c).map(|pc| (name(c), r.piece_char(pc))))
        .collect();
    assert_eq!(got, want);
    assert_eq!(got.len(), 40);
    assert_eq!(p.side_to_move(), Color::White);
    // Every pawn has never moved.
    for c in WHITE_PAWN_START.iter().chain(BLACK_PAWN_START.iter()) {
        assert!(p.unmoved().contains(cell(c)), "{c} should be never-moved");
    }
    // No en passant and no castling field: side, en passant, counters.
    assert_eq!(to_fen(r, &p), format!("{START_PLACEMENT} w - 0 1"));
}

// ---------------------------------------------------------------------------------------
// Target sets
// ---------------------------------------------------------------------------------------

#[test]
fn king_targets() {
    assert_eq!(
        check_targets(&[("f6", 'K')], "f6"),
        set(&["e5", "e6", "f5", "f7", "g5", "g6"])
    );
    assert_eq!(
        check_targets(&[("f1", 'K')], "f1"),
        set(&["e1", "f2", "g1"])
    );
    assert_eq!(
        check_targets(&[("a4", 'K')], "a4"),
        set(&["a3", "a5", "b4", "b5"])
    );
    // A neighbouring Hero gains it nothing: only its own cell is lost.
    assert_eq!(check_targets(&[("f6", 'K'), ("f5", 'H')], "f6").len(), 5);
    assert_eq!(check_targets(&[("l1", 'k'), ("f6", 'K')], "f6").len(), 6);
}

#[test]
fn hero_targets() {
    let t = check_targets(&[("f6", 'H')], "f6");
    assert_eq!(t.len(), 18);
    assert_eq!(
        t,
        set(&[
            "f7", "g6", "g5", "f5", "e5", "e6", // distance 1
            "f8", "h6", "h4", "f4", "d4", "d6", // two steps straight
            "g7", "h5", "g4", "e4", "d5", "e7", // two steps turning
        ])
    );
    // Corner and edge cells.
    assert_eq!(
        check_targets(&[("f1", 'H')], "f1"),
        set(&["e1", "f2", "g1", "d1", "e2", "f3", "g2", "h1"])
    );
    check_targets(&[("a4", 'H')], "a4");
    check_targets(&[("l6", 'H')], "l6");
    // A friendly King next to it gives nothing: 18 minus f5 and f4 (only reached through f5).
    let t = check_targets(&[("f6", 'H'), ("f5", 'K')], "f6");
    assert_eq!(t.len(), 16);
    assert!(!t.contains("f4") && t.contains("e4") && t.contains("g4"));
    // Black Hero (symmetric).
    assert_eq!(check_targets(&[("f6", 'h')], "f6").len(), 18);
}

#[test]
fn hero_paths_blocked() {
    // f8 is two steps straight: its only path passes f7.
    let t = check_targets(&[("f6", 'H'), ("f7", 'P')], "f6");
    assert!(!t.contains("f8") && !t.contains("f7"));
    assert!(
        t.contains("g7") && t.contains("e7"),
        "g7 via g6, e7 via e6: {t:?}"
    );
    // g7 has two paths (via f7 and via g6): blocked only when both middles are occupied,
    // whatever their colour.
    let t = check_targets(&[("f6", 'H'), ("f7", 'P'), ("g6", 'p')], "f6");
    assert!(!t.contains("g7"), "{t:?}");
    assert!(
        t.contains("g6"),
        "the enemy middle cell itself is a capture"
    );
    assert!(!t.contains("h6"), "h6 only through g6");
    assert!(t.contains("h5"), "h5 through g5");
    let t = check_targets(&[("f6", 'H'), ("f7", 'p'), ("g6", 'p')], "f6");
    assert!(!t.contains("g7") && t.contains("f7") && t.contains("g6"));
    let t = check_targets(&[("f6", 'H'), ("g6", 'P')], "f6");
    assert!(t.contains("g7"), "g7 through f7");
    // Distance-2 targets may be captured.
    let t = check_targets(&[("f6", 'H'), ("f8", 'p'), ("g7", 'p'), ("f7", 'P')], "f6");
    assert!(!t.contains("f8") && t.contains("g7"));
    // Surrounded by its own pieces: nothing.
    let ring = surrounded('H', 'P');
    assert!(check_targets(&ring, "f6").is_empty());
}

#[test]
fn chariot_targets() {
    let t = check_targets(&[("f6", 'C')], "f6");
    assert_eq!(t.len(), 30);
    assert!(t.contains("f11") && t.contains("f1") && t.contains("a1") && t.contains("l6"));
    // Range 5 from a corner: f2..f6 but not f7; g1..l1; e1..a1.
    let t = check_targets(&[("f1", 'C')], "f1");
    assert_eq!(t.len(), 15);
    assert!(t.contains("f6") && !t.contains("f7") && t.contains("l1") && t.contains("a1"));
    check_targets(&[("a4", 'C')], "a4");
    // Range 5 is not extended by royal adjacency.
    let cases = all_adjacency_cases('C', "f6", S, 0);
    assert_eq!(cases["H on the neighbour f5"].len(), 25);
    assert_eq!(cases["K on the neighbour f5"].len(), 25);
    assert_eq!(cases["alone"].len(), 30);
    let t = check_targets(&[("f1", 'C'), ("e1", 'H')], "f1");
    assert!(t.contains("f6") && !t.contains("f7"));
    // Blocked and capturing.
    let t = check_targets(&[("f6", 'C'), ("f8", 'p'), ("d6", 'P')], "f6");
    assert!(t.contains("f8") && !t.contains("f9") && !t.contains("d6") && t.contains("e6"));
}

#[test]
fn knight_targets() {
    let f6_knight = set(&[
        "f8", "h6", "h4", "f4", "d4", "d6", "f9", "i6", "i3", "f3", "c3", "c6",
    ]);
    let leaps = set(&["g7", "h5", "g4", "e4", "d5", "e7"]);
    assert_eq!(check_targets(&[("f6", 'N')], "f6"), f6_knight);
    // Blocked: D through an occupied cell, H through either occupied cell.
    let t = check_targets(&[("f6", 'N'), ("f7", 'P')], "f6");
    assert!(!t.contains("f8") && !t.contains("f9"));
    let t = check_targets(&[("f6", 'N'), ("f8", 'p')], "f6");
    assert!(t.contains("f8") && !t.contains("f9"));
    let t = check_targets(&[("f6", 'N'), ("f9", 'p')], "f6");
    assert!(t.contains("f8") && t.contains("f9"));
    // Royal adjacency: the six diagonal leaps.
    let cases = all_adjacency_cases('N', "f6", S, 0);
    for (label, t) in &cases {
        let adjacent =
            label.starts_with("H on the neighbour") || label.starts_with("K on the neighbour");
        assert_eq!(leaps.is_subset(t), adjacent, "{label}: {t:?}");
        assert!(
            leaps.intersection(t).next().is_none() || adjacent,
            "{label}: {t:?}"
        );
    }
    // With a Hero on f5 the S leaps are blocked: 10 + 6.
    assert_eq!(cases["H on the neighbour f5"].len(), 16);
    assert_eq!(cases["K on the neighbour f5"].len(), 16);
    assert_eq!(cases["k on the neighbour f5"].len(), 10);
    assert_eq!(cases["H on the diagonal neighbour g7"].len(), 12);
    assert_eq!(cases["alone"].len(), 12);
    // The diagonal leaps jump anything: surrounded by its own pieces.
    let mut ring = surrounded('N', 'P');
    ring[1].1 = 'H'; // on the N neighbour (`ring[0]` is the Knight)
    assert_eq!(check_targets(&ring, "f6"), leaps);
    // Edge cells.
    check_targets(&[("a4", 'N')], "a4");
    all_adjacency_cases('N', "a4", NE, 0);
    all_adjacency_cases('N', "f1", N, 0);
    // Black Knight.
    assert_eq!(check_targets(&[("f6", 'n'), ("f7", 'h')], "f6").len(), 16);
}

#[test]
fn camel_targets() {
    assert_eq!(
        check_targets(&[("f6", 'M')], "f6"),
        set(&["f7", "f8", "g6", "h6", "g5", "h4", "f5", "f4", "e5", "d4", "e6", "d6"])
    );
    let cases = all_adjacency_cases('M', "f6", S, 0);
    // Range 3 with a friendly Hero or King next to it (the S ray is blocked by it).
    assert_eq!(cases["H on the neighbour f5"].len(), 15);
    assert_eq!(cases["K on the neighbour f5"].len(), 15);
    assert!(cases["H on the neighbour f5"].contains("f9"));
    // An enemy King or Hero next to it, or a friend on a diagonal cell, gives nothing.
    assert_eq!(cases["k on the neighbour f5"].len(), 11);
    assert_eq!(cases["h on the neighbour f5"].len(), 11);
    assert_eq!(cases["H on the diagonal neighbour g7"].len(), 12);
    assert_eq!(cases["K on the diagonal neighbour g7"].len(), 12);
    all_adjacency_cases('M', "a4", NE, 0);
    all_adjacency_cases('M', "l6", SW, 3);
}

#[test]
fn elephant_targets() {
    assert_eq!(
        check_targets(&[("f6", 'E')], "f6"),
        set(&["e5", "e6", "f5", "f7", "g5", "g6"])
    );
    // Steps to empty cells only: never a capture by a step.
    let p = surrounded('E', 'p');
    assert!(check_targets(&p, "f6").is_empty());
    assert_eq!(
        check_targets(&[("f1", 'E')], "f1"),
        set(&["e1", "f2", "g1"])
    );
    // Royal adjacency changes no step (only the charge length, see the charge tests).
    for (label, t) in all_adjacency_cases('E', "f6", S, 0) {
        assert_eq!(
            t.len(),
            if label == "alone" || label.contains("diagonal") {
                6
            } else {
                5
            },
            "{label}"
        );
    }
    all_adjacency_cases('E', "a4", NE, 0);
}

#[test]
fn pawn_targets() {
    // One step N to an empty cell (f6 is not a start cell: no double step).
    assert_eq!(check_targets(&[("f6", 'P')], "f6"), set(&["f7"]));
    // Captures NW and NE only; the N step never captures without adjacency.
    let ring = surrounded('P', 'p');
    assert_eq!(check_targets(&ring, "f6"), set(&["e6", "g6"]));
    // Double step from a start cell while never moved, through an empty cell.
    assert_eq!(check_targets(&[("e4", 'P')], "e4"), set(&["e5", "e6"]));
    assert_eq!(
        check_targets(&[("e4", 'P'), ("e6", 'p')], "e4"),
        set(&["e5"])
    );
    assert!(check_targets(&[("e4", 'P'), ("e5", 'p')], "e4").is_empty());
    {
        let f = build(Color::White, &[("e4", 'P')], Some(&[]));
        let mut p = pos(&f);
        assert_eq!(targets(&mut p, "e4"), set(&["e5"]), "{f}");
    }
    // Edge cells.
    assert_eq!(
        check_targets(&[("a1", 'P'), ("b2", 'p')], "a1"),
        set(&["a2", "b2"])
    );
    assert_eq!(
        check_targets(&[("l1", 'P'), ("k2", 'p')], "l1"),
        set(&["l2", "k2"])
    );
    assert!(
        check_targets(&[("a6", 'P')], "a6").is_empty(),
        "a6 is the top of the a-file"
    );
    // Royal adjacency: SW and SE steps to empty cells, and the N step may capture.
    let cases = all_adjacency_cases('P', "f6", S, 0);
    assert_eq!(cases["alone"], set(&["f7"]));
    assert_eq!(cases["H on the neighbour f5"], set(&["f7", "e5", "g5"]));
    assert_eq!(cases["K on the neighbour f5"], set(&["f7", "e5", "g5"]));
    assert_eq!(cases["k on the neighbour f5"], set(&["f7"]));
    assert_eq!(cases["h on the neighbour f5"], set(&["f7"]));
    assert_eq!(cases["H on the diagonal neighbour g7"], set(&["f7"]));
    assert_eq!(cases["K on the diagonal neighbour g7"], set(&["f7"]));
    assert_eq!(
        check_targets(
            &[
                ("f6", 'P'),
                ("e6", 'H'),
                ("f7", 'p'),
                ("e5", 'p'),
                ("g5", 'p')
            ],
            "f6"
        ),
        set(&["f7"]),
        "adjacent: N captures, SW/SE never capture"
    );
    assert_eq!(
        check_targets(&[("f6", 'P'), ("f5", 'K'), ("f7", 'p')], "f6"),
        set(&["f7", "e5", "g5"])
    );
    all_adjacency_cases('P', "a4", NE, 0);
    // Black pawns, mirrored.
    assert_eq!(check_targets(&[("f6", 'p')], "f6"), set(&["f5"]));
    assert_eq!(check_targets(&[("e7", 'p')], "e7"), set(&["e6", "e5"]));
    assert_eq!(
        check_targets(
            &[
                ("f6", 'p'),
                ("e5", 'P'),
                ("g5", 'P'),
                ("e6", 'P'),
                ("g6", 'P'),
                ("f7", 'P')
            ],
            "f6"
        ),
        set(&["f5", "e5", "g5"])
    );
    assert_eq!(
        check_targets(&[("f6", 'p'), ("f7", 'h'), ("f5", 'P')], "f6"),
        set(&["f5", "e6", "g6"])
    );
}

#[test]
fn pawn_that_stepped_back_to_start_has_no_double_step() {
    // A White Hero on d5 is next to e5 and to d4: the pawn goes e4-e5, e5-d4 (SW, royal
    // adjacent), d4-e4 (SE, royal adjacent).
    let pieces = [
        ("e4", 'P'),
        ("c2", 'P'),
        ("d5", 'H'),
        ("f1", 'K'),
        ("f11", 'k'),
        ("a6", 'h'),
    ];
    let (f, mut p) = setup(Color::White, &pieces);
    assert!(p.unmoved().contains(cell("e4")), "{f}");
    assert_eq!(targets(&mut p, "e4"), set(&["e5", "e6"]), "{f}");
    play(&mut p, "e4e5");
    play(&mut p, "a6a5");
    assert!(targets(&mut p, "e5").contains("d4"));
    play(&mut p, "e5d4");
    play(&mut p, "a5a6");
    assert!(targets(&mut p, "d4").contains("e4"));
    play(&mut p, "d4e4");
    play(&mut p, "a6a5");
    let r = rules();
    assert_eq!(at(&p, "e4"), Some('P'));
    assert!(!p.unmoved().contains(cell("e4")));
    assert_eq!(targets(&mut p, "e4"), set(&["e5"]), "{}", to_fen(r, &p));
    assert_eq!(
        targets(&mut p, "c2"),
        set(&["c3", "c4"]),
        "a never-moved pawn still has it"
    );
    // The position string keeps the difference.
    let printed = to_fen(r, &p);
    assert!(printed.contains("unmoved:"), "{printed}");
    let mut back = pos(&printed);
    assert_eq!(to_fen(r, &back), printed);
    assert_eq!(targets(&mut back, "e4"), set(&["e5"]), "{printed}");
}

#[test]
fn guard_targets() {
    assert_eq!(
        check_targets(&[("f6", 'G')], "f6"),
        set(&["e5", "e6", "f5", "f7", "g5", "g6"])
    );
    // N, NW, NE capture; S, SW, SE only move.
    let ring = surrounded('G', 'p');
    assert_eq!(check_targets(&ring, "f6"), set(&["f7", "e6", "g6"]));
    // Royal adjacency: SW and SE capture too, never S.
    assert_eq!(
        check_targets(
            &[
                ("f6", 'G'),
                ("f7", 'H'),
                ("e6", 'p'),
                ("g6", 'p'),
                ("e5", 'p'),
                ("g5", 'p'),
                ("f5", 'p')
            ],
            "f6"
        ),
        set(&["e6", "g6", "e5", "g5"])
    );
    assert_eq!(
        check_targets(
            &[
                ("f6", 'G'),
                ("e6", 'K'),
                ("g6", 'p'),
                ("e5", 'p'),
                ("g5", 'p'),
                ("f5", 'p')
            ],
            "f6"
        ),
        set(&["f7", "g6", "e5", "g5"])
    );
    // Not adjacent: an enemy King, or a friend on a diagonal cell.
    assert_eq!(
        check_targets(
            &[
                ("f6", 'G'),
                ("f7", 'k'),
                ("e5", 'p'),
                ("g5", 'p'),
                ("f5", 'p')
            ],
            "f6"
        )
        .len(),
        3,
        "f7 (the King, capturable), e6, g6"
    );
    assert_eq!(
        check_targets(
            &[
                ("f6", 'G'),
                ("g7", 'H'),
                ("e5", 'p'),
                ("g5", 'p'),
                ("f5", 'p')
            ],
            "f6"
        ),
        set(&["f7", "e6", "g6"])
    );
    // Every adjacency case agrees with the model.
    all_adjacency_cases('G', "f6", N, 0);
    all_adjacency_cases('G', "l3", NW, 4);
    // Black Guard, mirrored.
    let black_ring = surrounded('g', 'P');
    assert_eq!(check_targets(&black_ring, "f6"), set(&["f5", "e5", "g5"]));
    assert_eq!(
        check_targets(
            &[
                ("f6", 'g'),
                ("f5", 'h'),
                ("e6", 'P'),
                ("g6", 'P'),
                ("f7", 'P'),
                ("e5", 'P'),
                ("g5", 'P')
            ],
            "f6"
        ),
        set(&["e5", "g5", "e6", "g6"])
    );
}

#[test]
fn check_counts_royal_adjacent_extras() {
    // A Knight's diagonal leap and a Pawn's N capture give check only while royal-adjacent.
    let r = rules();
    let (f, p) = setup(Color::Black, &[("f6", 'N'), ("g7", 'k'), ("a1", 'K')]);
    assert!(!in_check(r, &p), "{f}");
    let (f, p2) = setup(
        Color::Black,
        &[("f6", 'N'), ("f5", 'H'), ("g7", 'k'), ("a1", 'K')],
    );
    assert!(in_check(r, &p2), "{f}");
    let (f, p3) = setup(
        Color::Black,
        &[("f6", 'P'), ("f5", 'H'), ("f7", 'k'), ("a1", 'K')],
    );
    assert!(in_check(r, &p3), "{f}");
    let (f, p4) = setup(Color::Black, &[("f6", 'P'), ("f7", 'k'), ("a1", 'K')]);
    assert!(!in_check(r, &p4), "{f}");
    // The Black King may not step onto g7 next to an adjacent Knight... but may without.
    let (_, mut q) = setup(Color::Black, &[("f6", 'N'), ("g8", 'k'), ("a1", 'K')]);
    assert!(targets(&mut q, "g8").contains("g7"));
    let (_, mut q) = setup(
        Color::Black,
        &[("f6", 'N'), ("f5", 'H'), ("g8", 'k'), ("a1", 'K')],
    );
    assert!(!targets(&mut q, "g8").contains("g7"));
}

// ---------------------------------------------------------------------------------------
// The Elephant's charge
// ---------------------------------------------------------------------------------------

#[test]
fn charge_length_4() {
    let r = rules();
    let guard = r.kind_by_id("guard").expect("guard");
    let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("f5", 'p')]);
    let c = charges(&mut p, "f2");
    assert_eq!(c.len(), 1, "{f}: {c:?}");
    assert_eq!(name(c[0].to), "f6");
    assert_eq!(name(first_cell(&c[0])), "f3");
    assert_eq!(c[0].promotion, Some(guard));
    let legal = legal_moves(r, &mut p);
    assert_eq!(move_to_string(r, &legal, &c[0]), "f2f6");
    assert_eq!(parse_move(r, &mut p, "f2f6"), Ok(c[0]));
    // The enemy on the landing cell is captured too.
    let (_, mut p) = setup(Color::White, &[("f2", 'E'), ("f6", 'p')]);
    assert_eq!(charge_landings(&mut p, "f2"), set(&["f6"]));
    // The fifth cell is out of reach without royal adjacency.
    let (_, mut p) = setup(Color::White, &[("f2", 'E'), ("f7", 'p')]);
    assert!(charges(&mut p, "f2").is_empty());
    // All six directions: enemies four cells away every way from f6.
    let far = ["f10", "k6", "k2", "f2", "b2", "b6"];
    for (d, c) in far.iter().enumerate() {
        let mut h = axial("f6");
        for _ in 0..4 {
            h = add(h, ORTHO[d]);
        }
        assert_eq!(hex_name(h).as_deref(), Some(*c));
    }
    let mut pieces: Vec<(&str, char)> = vec![("f6", 'E')];
    pieces.extend(far.iter().map(|c| (*c, 'p')));
    let (f, mut p) = setup(Color::White, &pieces);
    assert_eq!(
        charge_landings(&mut p, "f6"),
        far.iter().copied().map(String::from).collect(),
        "{f}"
    );
    // Black charges down the board the same way.
    let (f, mut p) = setup(Color::Black, &[("f10", 'e'), ("f7", 'P')]);
    assert_eq!(charge_landings(&mut p, "f10"), set(&["f6"]), "{f}");
}

#[test]
fn charge_length_5_only_when_royal_adjacent() {
    // g2 is next to f2 (NE); g3 is a diagonal neighbour of f2.
    for friend in ['H', 'K'] {
        let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("g2", friend), ("f6", 'p')]);
        assert_eq!(
            charge_landings(&mut p, "f2"),
            set(&["f6", "f7"]),
            "both lengths: {f}"
        );
        let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("g2", friend), ("f7", 'p')]);
        assert_eq!(charge_landings(&mut p, "f2"), set(&["f7"]), "{f}");
        let c = charges(&mut p, "f2");
        assert_eq!(name(first_cell(&c[0])), "f3");
        let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("g3", friend), ("f7", 'p')]);
        assert!(charges(&mut p, "f2").is_empty(), "diagonal neighbour: {f}");
    }
    let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("g2", 'k'), ("f7", 'p')]);
    assert!(charges(&mut p, "f2").is_empty(), "enemy King: {f}");
    let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("g2", 'h'), ("f7", 'p')]);
    assert!(charges(&mut p, "f2").is_empty(), "enemy Hero: {f}");
    let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("f7", 'p')]);
    assert!(charges(&mut p, "f2").is_empty(), "{f}");
    // Black, mirrored: g10 is next to f10.
    let (f, mut p) = setup(Color::Black, &[("f10", 'e'), ("g10", 'h'), ("f6", 'P')]);
    assert_eq!(charge_landings(&mut p, "f10"), set(&["f6", "f5"]), "{f}");
}

#[test]
fn charge_cut_at_edge() {
    // f8 northwards: f9 f10 f11, three cells.
    let (f, mut p) = setup(Color::White, &[("f8", 'E'), ("f10", 'p')]);
    assert_eq!(charge_landings(&mut p, "f8"), set(&["f11"]), "{f}");
    // Royal adjacent (e8 is next to f8): lengths 4 and 5 give the same cut path: one move.
    let (f, mut p) = setup(Color::White, &[("f8", 'E'), ("e8", 'H'), ("f10", 'p')]);
    assert_eq!(charges(&mut p, "f8").len(), 1, "{f}");
    // A ray of exactly four cells (f7: f8..f11): length 5 is cut to the same path.
    let (f, mut p) = setup(Color::White, &[("f7", 'E'), ("e7", 'H'), ("f9", 'p')]);
    assert_eq!(charges(&mut p, "f7").len(), 1, "{f}");
    assert_eq!(charge_landings(&mut p, "f7"), set(&["f11"]));
    // A path of two cells is a charge.
    let (f, mut p) = setup(Color::White, &[("f9", 'E'), ("f11", 'p')]);
    assert_eq!(charge_landings(&mut p, "f9"), set(&["f11"]), "{f}");
    let c = charges(&mut p, "f9");
    assert_eq!(name(first_cell(&c[0])), "f10");
    // A path of one cell (f10: only f11) gives no charge, even royal adjacent.
    let (f, mut p) = setup(Color::White, &[("f10", 'E'), ("e10", 'H'), ("a1", 'p')]);
    assert!(charges(&mut p, "f10").is_empty(), "{f}");
    // Other edges: from b2 south-west the ray is a1 only; from a4 towards l the path is long.
    let (f, mut p) = setup(Color::White, &[("c3", 'E'), ("a1", 'p')]);
    assert_eq!(charge_landings(&mut p, "c3"), set(&["a1"]), "{f}");
    let (f, mut p) = setup(Color::White, &[("b2", 'E'), ("a1", 'p')]);
    assert!(charges(&mut p, "b2").is_empty(), "{f}");
}

#[test]
fn charge_needs_empty_first_cell() {
    for blocker in ['p', 'P', 'h'] {
        let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("f3", blocker), ("f5", 'p')]);
        assert!(charges(&mut p, "f2").is_empty(), "{f}");
    }
    let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("f4", 'P'), ("f5", 'p')]);
    assert_eq!(charge_landings(&mut p, "f2"), set(&["f6"]), "{f}");
}

#[test]
fn charge_needs_an_enemy_capture() {
    let (f, mut p) = setup(Color::White, &[("f2", 'E')]);
    assert!(charges(&mut p, "f2").is_empty(), "{f}");
    let (f, mut p) = setup(
        Color::White,
        &[("f2", 'E'), ("f4", 'P'), ("f5", 'C'), ("f6", 'H')],
    );
    assert!(
        charges(&mut p, "f2").is_empty(),
        "only friends on the path: {f}"
    );
    let (f, mut p) = setup(
        Color::White,
        &[("f2", 'E'), ("f4", 'P'), ("f5", 'C'), ("f6", 'p')],
    );
    assert_eq!(charge_landings(&mut p, "f2"), set(&["f6"]), "{f}");
    // An enemy beyond the path does not count.
    let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("f4", 'P'), ("f8", 'p')]);
    assert!(charges(&mut p, "f2").is_empty(), "{f}");
}

#[test]
fn charge_never_captures_own_king() {
    let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("f4", 'K'), ("f5", 'p')]);
    assert!(charges(&mut p, "f2").is_empty(), "{f}");
    let (f, mut p) = setup(Color::White, &[("f2", 'E'), ("f6", 'K'), ("f5", 'p')]);
    assert!(
        charges(&mut p, "f2").is_empty(),
        "King on the landing cell: {f}"
    );
    // Royal adjacent with the King on the fifth cell: length 4 only.
    let (f, mut p) = setup(
        Color::White,
        &[("f2", 'E'), ("g2", 'H'), ("f7", 'K'), ("f5", 'p')],
    );
    assert_eq!(charge_landings(&mut p, "f2"), set(&["f6"]), "{f}");
    // Own Heroes may be captured.
    let (f, mut p) = setup(
        Color::White,
        &[("f2", 'E'), ("f4", 'H'), ("f5", 'p'), ("a1", 'H')],
    );
    assert_eq!(charge_landings(&mut p, "f2"), set(&["f6"]), "{f}");
}

#[test]
fn charge_captures_friend_and_foe() {
    let r = rules();
    let pieces = [
        ("f2", 'E'),
        ("g2", 'H'),
        ("f4", 'C'),
        ("f5", 'p'),
        ("f7", 'h'),
        ("a1", 'K'),
        ("k7", 'k'),
        ("l6", 'h'),
    ];
    let (f, mut p) = setup(Color::White, &pieces);
    assert_eq!(charge_landings(&mut p, "f2"), set(&["f6", "f7"]), "{f}");
    for (to, gone) in [("f7", &["f4", "f5", "f7"][..]), ("f6", &["f4", "f5"][..])] {
        let before_fen = to_fen(r, &p);
        let before_hash = p.hash();
        let before_moves = legal_moves(r, &mut p);
        let mv = the_move(&mut p, "f2", to);
        assert!(mv.is_sweep());
        assert_eq!(name(first_cell(&mv)), "f3");
        p.make(r, mv);
        assert_eq!(p.hash(), p.compute_hash(r));
        assert_eq!(at(&p, "f2"), None, "the Elephant is gone");
        assert_eq!(at(&p, "f3"), None);
        for c in gone {
            if *c != to {
                assert_eq!(at(&p, c), None, "{c} after f2{to}: {}", to_fen(r, &p));
            }
        }
        assert_eq!(at(&p, to), Some('G'), "{}", to_fen(r, &p));
        assert_eq!(
            p.cells_of(Piece::new(r.kind_by_id("elephant").unwrap(), Color::White))
                .count(),
            0
        );
        assert_eq!(at(&p, "g2"), Some('H'));
        assert_eq!(at(&p, "l6"), Some('h'));
        assert_eq!(p.side_to_move(), Color::Black);
        assert_eq!(p.halfmove_clock(), 0);
        let after = to_fen(r, &p);
        let mut again = pos(&after);
        assert_eq!(to_fen(r, &again), after);
        assert_eq!(again.hash(), p.hash());
        assert_eq!(
            legal_moves(r, &mut again).len(),
            legal_moves(r, &mut p).len()
        );
        p.unmake(r);
        assert_eq!(to_fen(r, &p), before_fen);
        assert_eq!(p.hash(), before_hash);
        assert_eq!(p.hash(), p.compute_hash(r));
        assert_eq!(legal_moves(r, &mut p), before_moves);
        for (c, l) in pieces {
            assert_eq!(at(&p, c), Some(l));
        }
    }
}

#[test]
fn king_on_charge_path_is_in_check() {
    let r = rules();
    // Black Elephant f10 southwards: f9 (first cell) f8 f7 f6, f5 only royal adjacent.
    let base = |king: &'static str, extra: &[(&'static str, char)]| {
        let mut v = vec![
            ("f10", 'e'),
            (king, 'K'),
            ("a6", 'k'),
            ("l1", 'H'),
            ("a1", 'h'),
        ];
        v.extend_from_slice(extra);
        setup(Color::White, &v)
    };
    for (king, checked) in [
        ("f9", false),
        ("f8", true),
        ("f7", true),
        ("f6", true),
        ("f5", false),
    ] {
        let (f, p) = base(king, &[]);
        assert_eq!(in_check(r, &p), checked, "King on {king}: {f}");
        assert_eq!(is_attacked(r, &p, cell(king), Color::Black), checked, "{f}");
    }
    // Length 5 when the Elephant is royal adjacent (g10 is next to f10).
    let (f, p) = base("f5", &[("g10", 'h')]);
    assert!(in_check(r, &p), "{f}");
    // No enemy-capture charge exists when the Elephant's own King is on the path.
    let (f, p) = base("f6", &[("f8", 'p')]);
    assert!(in_check(r, &p), "a pawn on the path does not shield: {f}");
    let (f, p) = setup(
        Color::White,
        &[
            ("f10", 'e'),
            ("f8", 'k'),
            ("f6", 'K'),
            ("l1", 'H'),
            ("a1", 'h'),
        ],
    );
    assert!(!in_check(r, &p), "own King on the path: no charge, {f}");
    // A pinned Elephant still gives check (e9 King, f10 Elephant, g10 White Chariot).
    let (f, p) = setup(
        Color::White,
        &[
            ("e9", 'k'),
            ("f10", 'e'),
            ("g10", 'C'),
            ("f7", 'K'),
            ("l1", 'H'),
            ("a1", 'h'),
        ],
    );
    assert!(in_check(r, &p), "{f}");
    // The King may not step onto the path after the first cell.
    let (f, mut p) = base("g7", &[]);
    assert!(!in_check(r, &p), "{f}");
    assert_eq!(targets(&mut p, "g7"), set(&["g8", "h7", "h6", "g6"]), "{f}");
    // Check from a charge is answered by blocking the first cell.
    let (f, mut p) = base("f7", &[("e8", 'C')]);
    assert!(in_check(r, &p), "{f}");
    let legal = legal_moves(r, &mut p);
    let blocks: Vec<String> = legal
        .iter()
        .filter(|m| m.from == cell("e8"))
        .map(|m| name(m.to))
        .collect();
    assert_eq!(
        blocks,
        vec!["f9".to_string()],
        "only blocking f9 helps: {f}"
    );
}

#[test]
fn guard_from_charge_promotes_in_zone() {
    let r = rules();
    for (from, enemy, to) in [
        ("f7", "f9", "f11"),
        ("e6", "e8", "e10"),
        ("f6", "f8", "f10"),
        ("g6", "g8", "g10"),
    ] {
        let (f, mut p) = setup(
            Color::White,
            &[
                (from, 'E'),
                (enemy, 'p'),
                ("a1", 'K'),
                ("l3", 'k'),
                ("l1", 'H'),
                ("c8", 'h'),
            ],
        );
        let mv = the_move(&mut p, from, to);
        assert!(mv.is_sweep(), "{f}");
        assert_eq!(promoted_to(&mv, Color::White), Some('H'), "{f}");
        p.make(r, mv);
        assert_eq!(at(&p, to), Some('H'));
        assert_eq!(p.hash(), p.compute_hash(r));
    }
    // Outside the zone it stays a Guard.
    let (f, mut p) = setup(
        Color::White,
        &[("f5", 'E'), ("f7", 'p'), ("a1", 'K'), ("l6", 'k')],
    );
    let mv = the_move(&mut p, "f5", "f9");
    assert_eq!(promoted_to(&mv, Color::White), Some('G'), "{f}");
    // Black: f1 is Black's target zone.
    let (f, mut p) = setup(
        Color::Black,
        &[("f5", 'e'), ("f3", 'P'), ("a1", 'K'), ("l6", 'k')],
    );
    let mv = the_move(&mut p, "f5", "f1");
    assert_eq!(promoted_to(&mv, Color::Black), Some('h'), "{f}");
    let legal = legal_moves(r, &mut p);
    assert_eq!(move_to_string(r, &legal, &mv), "f5f1", "no choice letter");
    p.make(r, mv);
    assert_eq!(at(&p, "f1"), Some('h'));
}

#[test]
fn guard_from_charge_promotes_next_to_enemy_king() {
    let r = rules();
    for (king, becomes) in [
        ("g6", 'H'),
        ("e6", 'H'),
        ("f7", 'H'),
        ("h6", 'G'),
        ("g7", 'G'),
    ] {
        let (f, mut p) = setup(
            Color::White,
            &[("f2", 'E'), ("f5", 'p'), (king, 'k'), ("a1", 'K')],
        );
        let mv = the_move(&mut p, "f2", "f6");
        assert_eq!(promoted_to(&mv, Color::White), Some(becomes), "{f}");
        p.make(r, mv);
        assert_eq!(at(&p, "f6"), Some(becomes), "{f}");
    }
}

// ---------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------

#[test]
fn pawn_next_to_enemy_king_becomes_hero() {
    let r = rules();
    let hero = Some('H');
    // f4-f5 next to the King on f6 (f5 is not past the centre).
    let (f, mut p) = setup(Color::White, &[("f4", 'P'), ("f6", 'k'), ("a1", 'K')]);
    let mv = the_move(&mut p, "f4", "f5");
    assert_eq!(promoted_to(&mv, Color::White), hero, "{f}");
    let legal = legal_moves(r, &mut p);
    assert_eq!(move_to_string(r, &legal, &mv), "f4f5");
    assert_eq!(parse_move(r, &mut p, "f4f5"), Ok(mv));
    p.make(r, mv);
    assert_eq!(at(&p, "f5"), Some('H'));
    // By a capture (d4xe5) and by a double step (e4-e6).
    let (f, mut p) = setup(
        Color::White,
        &[("d4", 'P'), ("e5", 'p'), ("f6", 'k'), ("a1", 'K')],
    );
    assert_eq!(
        promoted_to(&the_move(&mut p, "d4", "e5"), Color::White),
        hero,
        "{f}"
    );
    assert_eq!(
        promoted_to(&the_move(&mut p, "d4", "d5"), Color::White),
        None,
        "{f}"
    );
    let (f, mut p) = setup(Color::White, &[("e4", 'P'), ("f6", 'k'), ("a1", 'K')]);
    assert_eq!(
        promoted_to(&the_move(&mut p, "e4", "e6"), Color::White),
        hero,
        "{f}"
    );
    assert_eq!(
        promoted_to(&the_move(&mut p, "e4", "e5"), Color::White),
        hero,
        "{f}"
    );
    // Black.
    let (f, mut p) = setup(Color::Black, &[("f8", 'p'), ("f6", 'K'), ("a6", 'k')]);
    assert_eq!(
        promoted_to(&the_move(&mut p, "f8", "f7"), Color::Black),
        Some('h'),
        "{f}"
    );
}

/// White's first past-centre cells, one per file, and the cell below each.
const WHITE_FIRST_PAST: [&str; 11] = [
    "a5", "b5", "c6", "d6", "e7", "f7", "g7", "h6", "i6", "k5", "l5",
];
const BLACK_FIRST_PAST: [&str; 11] = [
    "a2", "b3", "c3", "d4", "e4", "f5", "g4", "h4", "i3", "k3", "l2",
];

fn shift(c: &str, d: usize, times: usize) -> String {
    let mut h = axial(c);
    for _ in 0..times {
        h = add(h, ORTHO[d]);
    }
    hex_name(h).expect("on board")
}

#[test]
fn pawn_past_centre_becomes_guard() {
    let r = rules();
    for (side, firsts, back, pawn, guard) in [
        (Color::White, WHITE_FIRST_PAST, S, 'P', 'G'),
        (Color::Black, BLACK_FIRST_PAST, N, 'p', 'g'),
    ] {
        // Heights: the first past-centre cell has |y| >= 2, the one before it not.
        for c in firsts {
            let (q, rr) = axial(c);
            let y = 2 * rr + q;
            let below = axial(&shift(c, back, 1));
            let y_below = 2 * below.1 + below.0;
            if side == Color::White {
                assert!(y >= 2 && y_below < 2, "{c}");
            } else {
                assert!(y <= -2 && y_below > -2, "{c}");
            }
        }
        // One step onto the first past-centre cell: a Guard.
        let mut pieces: Vec<(String, char)> =
            firsts.iter().map(|c| (shift(c, back, 1), pawn)).collect();
        pieces.push(("f1".into(), 'K'));
        pieces.push(("f11".into(), 'k'));
        let f = build(side, &pieces, Some(&[]));
        let mut p = pos(&f);
        for c in firsts {
            let from = shift(c, back, 1);
            let mv = the_move(&mut p, &from, c);
            assert_eq!(promoted_to(&mv, side), Some(guard), "{from}{c} in {f}");
            let legal = legal_moves(r, &mut p);
            assert_eq!(move_to_string(r, &legal, &mv), format!("{from}{c}"));
            p.make(r, mv);
            assert_eq!(at(&p, c), Some(guard));
            p.unmake(r);
        }
        // One step onto the cell just below: still a Pawn.
        let pieces: Vec<(String, char)> = firsts
            .iter()
            .map(|c| (shift(c, back, 2), pawn))
            .chain([("f1".to_string(), 'K'), ("f11".to_string(), 'k')])
            .collect();
        let f = build(side, &pieces, Some(&[]));
        let mut p = pos(&f);
        for c in firsts {
            let from = shift(c, back, 2);
            let to = shift(c, back, 1);
            let mv = the_move(&mut p, &from, &to);
            assert_eq!(promoted_to(&mv, side), None, "{from}{to} in {f}");
        }
    }
    // A double step past the centre (f5-f7; Black f7-f5) promotes too.
    let (f, mut p) = setup(Color::White, &[("f5", 'P'), ("a1", 'K'), ("l6", 'k')]);
    assert_eq!(
        promoted_to(&the_move(&mut p, "f5", "f7"), Color::White),
        Some('G'),
        "{f}"
    );
    assert_eq!(
        promoted_to(&the_move(&mut p, "f5", "f6"), Color::White),
        None,
        "{f}"
    );
    let (f, mut p) = setup(Color::Black, &[("f7", 'p'), ("a1", 'K'), ("l6", 'k')]);
    assert_eq!(
        promoted_to(&the_move(&mut p, "f7", "f5"), Color::Black),
        Some('g'),
        "{f}"
    );
}

/// A Guard's cell and its targets, each with the letter it becomes there (if it promotes).
type GuardCase = (&'static str, &'static [(&'static str, Option<char>)]);

/// For each case, a lone Guard (`guard`, of `side`) on the case's cell, the White King on
/// `kings[0]` and the Black King on `kings[1]`: its targets are exactly the case's cells, and
/// the move to each becomes what the case says (the letter of `side`, or no promotion).
fn check_guard_cases(side: Color, guard: char, kings: &[&str; 2], cases: &[GuardCase]) {
    for &(from, expect) in cases {
        let (f, mut p) = setup(side, &[(from, guard), (kings[0], 'K'), (kings[1], 'k')]);
        let t = targets(&mut p, from);
        assert_eq!(
            t,
            expect.iter().map(|(c, _)| c.to_string()).collect(),
            "{f}"
        );
        for (to, becomes) in expect {
            let mv = the_move(&mut p, from, to);
            assert_eq!(promoted_to(&mv, side), *becomes, "{from}{to} in {f}");
        }
    }
}

#[test]
fn guard_in_target_zone_becomes_hero() {
    // White: f11 e10 f10 g10. Kings far away (no adjacency).
    let cases_white: [GuardCase; 4] = [
        (
            "f9",
            &[
                ("f10", Some('H')),
                ("e9", None),
                ("g9", None),
                ("f8", None),
                ("e8", None),
                ("g8", None),
            ],
        ),
        (
            "f10",
            &[
                ("f11", Some('H')),
                ("e10", Some('H')),
                ("g10", Some('H')),
                ("f9", None),
                ("e9", None),
                ("g9", None),
            ],
        ),
        (
            "e9",
            &[
                ("e10", Some('H')),
                ("f10", Some('H')),
                ("d9", None),
                ("e8", None),
                ("d8", None),
                ("f9", None),
            ],
        ),
        (
            "g9",
            &[
                ("g10", Some('H')),
                ("f10", Some('H')),
                ("h9", None),
                ("g8", None),
                ("h8", None),
                ("f9", None),
            ],
        ),
    ];
    check_guard_cases(Color::White, 'G', &["a1", "l1"], &cases_white);
    // Black: f1 e1 f2 g1.
    let cases_black: [GuardCase; 2] = [
        (
            "f3",
            &[
                ("f2", Some('h')),
                ("e2", None),
                ("g2", None),
                ("f4", None),
                ("e3", None),
                ("g3", None),
            ],
        ),
        (
            "f2",
            &[
                ("f1", Some('h')),
                ("e1", Some('h')),
                ("g1", Some('h')),
                ("f3", None),
                ("e2", None),
                ("g2", None),
            ],
        ),
    ];
    check_guard_cases(Color::Black, 'g', &["a6", "l6"], &cases_black);
    // Not a pawn: a pawn reaching the zone becomes a Guard (it is past the centre).
    let (f, mut p) = setup(Color::White, &[("f10", 'P'), ("a1", 'K'), ("l1", 'k')]);
    assert_eq!(
        promoted_to(&the_move(&mut p, "f10", "f11"), Color::White),
        Some('G'),
        "{f}"
    );
}

#[test]
fn guard_next_to_enemy_king_becomes_hero() {
    let r = rules();
    let (f, mut p) = setup(
        Color::White,
        &[("f4", 'G'), ("f8", 'G'), ("f6", 'k'), ("a1", 'K')],
    );
    assert_eq!(
        promoted_to(&the_move(&mut p, "f4", "f5"), Color::White),
        Some('H'),
        "{f}"
    );
    assert_eq!(
        promoted_to(&the_move(&mut p, "f4", "e4"), Color::White),
        None,
        "{f}"
    );
    // A move-only step backwards that ends next to the King.
    let mv = the_move(&mut p, "f8", "f7");
    assert_eq!(promoted_to(&mv, Color::White), Some('H'), "{f}");
    p.make(r, mv);
    assert_eq!(at(&p, "f7"), Some('H'));
    // Black.
    let (f, mut p) = setup(Color::Black, &[("f8", 'g'), ("f6", 'K'), ("a6", 'k')]);
    assert_eq!(
        promoted_to(&the_move(&mut p, "f8", "f7"), Color::Black),
        Some('h'),
        "{f}"
    );
}

#[test]
fn promotion_priority_adjacency_before_zone() {
    let r = rules();
    // e7 is past the centre and next to the King on f8.
    let (f, mut p) = setup(Color::White, &[("e6", 'P'), ("f8", 'k'), ("a1", 'K')]);
    let mv = the_move(&mut p, "e6", "e7");
    assert_eq!(promoted_to(&mv, Color::White), Some('H'), "{f}");
    let legal = legal_moves(r, &mut p);
    assert_eq!(move_to_string(r, &legal, &mv), "e6e7");
    p.make(r, mv);
    assert_eq!(at(&p, "e7"), Some('H'));
    // Black mirrored: e4 is past Black's centre and next to the White King on f4.
    let (f, mut p) = setup(Color::Black, &[("e5", 'p'), ("f4", 'K'), ("a6", 'k')]);
    assert_eq!(
        promoted_to(&the_move(&mut p, "e5", "e4"), Color::Black),
        Some('h'),
        "{f}"
    );
}

#[test]
fn no_promotion_when_enemy_king_moves_next_to_piece() {
    let r = rules();
    let (f, mut p) = setup(
        Color::Black,
        &[
            ("e5", 'P'),
            ("f7", 'G'),
            ("d6", 'k'),
            ("a1", 'K'),
            ("l1", 'H'),
            ("a6", 'h'),
        ],
    );
    // The King steps to e6: next to the Pawn on e5 and the Guard on f7.
    play(&mut p, "d6e6");
    assert_eq!(at(&p, "e5"), Some('P'), "{f}");
    assert_eq!(at(&p, "f7"), Some('G'));
    play(&mut p, "l1l2");
    assert_eq!(at(&p, "e5"), Some('P'));
    assert_eq!(at(&p, "f7"), Some('G'));
    play(&mut p, "a6a5");
    // The Guard promotes only when it itself ends a move next to the King.
    let mv = the_move(&mut p, "f7", "f6");
    assert_eq!(
        promoted_to(&mv, Color::White),
        Some('H'),
        "{}",
        to_fen(r, &p)
    );
    let mv = the_move(&mut p, "f7", "g7");
    assert_eq!(promoted_to(&mv, Color::White), None);
    // Same for a Guard next to which the King arrives by a step onto the Guard's S cell.
    let (f, mut p) = setup(
        Color::Black,
        &[
            ("f7", 'G'),
            ("e5", 'k'),
            ("a1", 'K'),
            ("l1", 'H'),
            ("a6", 'h'),
        ],
    );
    play(&mut p, "e5f6");
    assert_eq!(at(&p, "f7"), Some('G'), "{f}");
    assert!(
        !is_attacked(r, &p, cell("f6"), Color::White),
        "the Guard does not attack its S cell"
    );
    let mv = the_move(&mut p, "f7", "e6");
    assert_eq!(promoted_to(&mv, Color::White), Some('H'));
}

// ---------------------------------------------------------------------------------------
// Winning and drawing
// ---------------------------------------------------------------------------------------

fn win(winner: Color, reason: WinReason) -> Outcome {
    Outcome::Win { winner, reason }
}

#[test]
fn checkmate_wins() {
    let r = shipped();
    // Black King in the corner f11 boxed in by its own pawns on e10 and g10; the Chariot
    // goes f3-f6 and attacks f7..f11 (range 5).
    let boxed_in = [
        ("f3", 'C'),
        ("f1", 'K'),
        ("l1", 'H'),
        ("f11", 'k'),
        ("e10", 'p'),
        ("g10", 'p'),
        ("a1", 'h'),
    ];
    let (f, mut p) = setup(Color::White, &boxed_in);
    assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{f}");
    play(&mut p, "f3f6");
    assert!(in_check(r, &p));
    assert!(legal_moves(r, &mut p).is_empty(), "{}", to_fen(r, &p));
    assert_eq!(outcome(r, &mut p), win(Color::White, WinReason::Checkmate));
    // Not mate with the Chariot one cell too far (f5 reaches f10 only).
    let (f, mut p) = setup(Color::White, &boxed_in);
    play(&mut p, "f3f5");
    assert!(!in_check(r, &p), "{f}");
    assert_eq!(outcome(r, &mut p), Outcome::Ongoing);
}

#[test]
fn extinction_loses() {
    let r = shipped();
    let last_hero = [
        ("f3", 'C'),
        ("f1", 'K'),
        ("l1", 'H'),
        ("k7", 'k'),
        ("f6", 'h'),
    ];
    let (f, mut p) = setup(Color::White, &last_hero);
    assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{f}");
    play(&mut p, "f3f6");
    assert_eq!(
        outcome(r, &mut p),
        win(Color::White, WinReason::Extinction),
        "{}",
        to_fen(r, &p)
    );
    // With a second Hero left, the game goes on.
    let mut two_heroes = last_hero.to_vec();
    two_heroes.push(("a6", 'h'));
    let (f, mut p) = setup(Color::White, &two_heroes);
    play(&mut p, "f3f6");
    assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{f}");
    // A position with no Black Hero is lost for Black whoever is to move.
    let (f, mut p) = setup(
        Color::Black,
        &[("f1", 'K'), ("l1", 'H'), ("k7", 'k'), ("a6", 'p')],
    );
    assert_eq!(
        outcome(r, &mut p),
        win(Color::White, WinReason::Extinction),
        "{f}"
    );
}

#[test]
fn own_charge_killing_own_last_hero_loses() {
    let r = shipped();
    let (f, mut p) = setup(
        Color::White,
        &[
            ("f2", 'E'),
            ("f4", 'p'),
            ("f5", 'H'),
            ("a1", 'K'),
            ("k7", 'k'),
            ("l6", 'h'),
        ],
    );
    play(&mut p, "f2f6");
    assert_eq!(at(&p, "f6"), Some('G'), "{f}");
    assert_eq!(
        outcome(r, &mut p),
        win(Color::Black, WinReason::Extinction),
        "{}",
        to_fen(r, &p)
    );
    // Unless the landing Guard becomes a Hero (zone): then White still has a Hero.
    let (f, mut p) = setup(
        Color::White,
        &[
            ("f7", 'E'),
            ("f9", 'H'),
            ("f10", 'p'),
            ("a1", 'K'),
            ("k7", 'k'),
            ("l6", 'h'),
        ],
    );
    play(&mut p, "f7f11");
    assert_eq!(at(&p, "f11"), Some('H'), "{f}");
    assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{}", to_fen(r, &p));
}

#[test]
fn king_entry_wins() {
    let r = shipped();
    // (f11 can only be entered from e10, f10 or g10, which are in the zone already.)
    for (from, to) in [
        ("e9", "e10"),
        ("f9", "f10"),
        ("g9", "g10"),
        ("d9", "e10"),
        ("h9", "g10"),
    ] {
        let (f, mut p) = setup(
            Color::White,
            &[(from, 'K'), ("l1", 'H'), ("a1", 'k'), ("l6", 'h')],
        );
        assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{f}");
        play(&mut p, &format!("{from}{to}"));
        assert_eq!(
            outcome(r, &mut p),
            win(Color::White, WinReason::Goal),
            "{from}{to} in {f}"
        );
    }
    for (from, to) in [
        ("e3", "e2"),
        ("f3", "f2"),
        ("e2", "e1"),
        ("g2", "g1"),
        ("d1", "e1"),
        ("h1", "g1"),
    ] {
        let (f, mut p) = setup(
            Color::Black,
            &[(from, 'k'), ("l6", 'h'), ("a6", 'K'), ("a1", 'H')],
        );
        play(&mut p, &format!("{from}{to}"));
        let expect = if to == "e2" {
            Outcome::Ongoing
        } else {
            win(Color::Black, WinReason::Goal)
        };
        assert_eq!(outcome(r, &mut p), expect, "{from}{to} in {f}");
    }
    // Next to the zone is not in it; a Hero in the zone wins nothing.
    let (f, mut p) = setup(
        Color::White,
        &[
            ("e9", 'K'),
            ("d8", 'H'),
            ("l1", 'H'),
            ("a1", 'k'),
            ("l6", 'h'),
        ],
    );
    play(&mut p, "e9d9");
    assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{f}");
    play(&mut p, "l6l5");
    play(&mut p, "d8e10");
    assert_eq!(at(&p, "e10"), Some('H'));
    assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{}", to_fen(r, &p));
}

#[test]
fn move_meeting_conditions_for_both_sides_wins_for_the_mover() {
    let r = shipped();
    // White's charge captures White's last Hero (f4) and Black's last Hero (f5).
    let (f, mut p) = setup(
        Color::White,
        &[
            ("f2", 'E'),
            ("f4", 'H'),
            ("f5", 'h'),
            ("a1", 'K'),
            ("k7", 'k'),
        ],
    );
    play(&mut p, "f2f6");
    assert_eq!(
        p.cells_of(Piece::new(r.kind_by_id("hero").unwrap(), Color::White))
            .count(),
        0
    );
    assert_eq!(
        p.cells_of(Piece::new(r.kind_by_id("hero").unwrap(), Color::Black))
            .count(),
        0
    );
    assert_eq!(
        outcome(r, &mut p),
        win(Color::White, WinReason::Extinction),
        "{f}"
    );
    // The same for Black.
    let (f, mut p) = setup(
        Color::Black,
        &[
            ("f10", 'e'),
            ("f8", 'h'),
            ("f7", 'H'),
            ("a1", 'K'),
            ("k7", 'k'),
        ],
    );
    play(&mut p, "f10f6");
    assert_eq!(
        outcome(r, &mut p),
        win(Color::Black, WinReason::Extinction),
        "{f}"
    );
    // A King entering its zone with a charge-free board where the opponent has no Hero.
    let (f, mut p) = setup(
        Color::White,
        &[("e9", 'K'), ("l1", 'H'), ("a1", 'k'), ("e10", 'h')],
    );
    play(&mut p, "e9e10");
    // Captures Black's last Hero and enters the zone: White wins either way.
    let o = outcome(r, &mut p);
    assert!(
        matches!(
            o,
            Outcome::Win {
                winner: Color::White,
                ..
            }
        ),
        "{o:?} in {f}"
    );
}

#[test]
fn stalemate_is_a_draw() {
    let r = shipped();
    // Black King f10 and Hero f11 walled in by Black Elephants (e10, g10) and White
    // Elephants (d9 e9 g9 h9), which attack nothing; Chariots on e4 and g4 guard e9 and g9,
    // and Cf3-f4 takes f9 away.
    let (f, mut p) = setup(
        Color::White,
        &[
            ("f10", 'k'),
            ("f11", 'h'),
            ("e10", 'e'),
            ("g10", 'e'),
            ("d9", 'E'),
            ("e9", 'E'),
            ("g9", 'E'),
            ("h9", 'E'),
            ("e4", 'C'),
            ("f3", 'C'),
            ("g4", 'C'),
            ("f1", 'K'),
            ("l1", 'H'),
        ],
    );
    assert_eq!(outcome(r, &mut p), Outcome::Ongoing, "{f}");
    play(&mut p, "f3f4");
    assert!(!in_check(r, &p));
    assert!(legal_moves(r, &mut p).is_empty(), "{}", to_fen(r, &p));
    assert_eq!(
        outcome(r, &mut p),
        Outcome::Draw {
            reason: DrawReason::Stalemate
        }
    );
}

#[test]
fn threefold_repetition_is_a_draw() {
    let r = shipped();
    let (f, mut p) = setup(
        Color::White,
        &[("f1", 'K'), ("a1", 'H'), ("f11", 'k'), ("a6", 'h')],
    );
    let cycle = ["a1a2", "a6a5", "a2a1", "a5a6"];
    for (i, mv) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(
            outcome(r, &mut p),
            Outcome::Ongoing,
            "before ply {i} from {f}"
        );
        play(&mut p, mv);
    }
    assert_eq!(
        outcome(r, &mut p),
        Outcome::Draw {
            reason: DrawReason::Repetition
        },
        "the start position for the third time"
    );
}

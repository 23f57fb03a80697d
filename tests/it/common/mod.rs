//! Helpers shared by the integration tests: finding and loading the shipped variants,
//! building and inspecting positions, running the `fairyrules` binary, checking diagnostics.
//!
//! The integration-test binary (`tests/it/main.rs`) declares it as `mod common`.

// Every test crate compiles this whole module but uses only some of its helpers; without
// this, each crate would warn about the helpers it does not call.
#![allow(dead_code)]

pub mod engine_process;
pub mod serve;

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use fairyrules::diagnostics::{Diagnostic, Severity, SourceFile};
use fairyrules::legal_moves;
use fairyrules::Position;
use fairyrules::{move_to_string, parse_move};
use fairyrules::{parse_fen, to_fen};
use fairyrules::{Cell, CellSet};
use fairyrules::{Color, Piece, Rules};

// ---------------------------------------------------------------------------------------
// The shipped variants
// ---------------------------------------------------------------------------------------

/// The crate's `variants/` folder.
pub fn variants_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("variants")
}

/// The path of a shipped variant file, `file` with its extension (`"chess.toml"`).
pub fn variant_path(file: &str) -> PathBuf {
    variants_dir().join(file)
}

/// The path of a shipped variant file as a command-line argument.
pub fn variant_arg(file: &str) -> String {
    variant_path(file).display().to_string()
}

/// Load a shipped variant (`"chess.toml"`); panics with the rendered diagnostics if it
/// does not load.
pub fn load_variant(file: &str) -> Rules {
    let path = variant_path(file);
    Rules::load(&path).unwrap_or_else(|f| panic!("{}: {}", path.display(), f.render()))
}

/// Heroes Hexagonal Chess, loaded once per test binary.
pub fn heroes_hexagonal() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| load_variant("heroes-hexagonal.toml"))
}

// ---------------------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------------------

/// Parse a position string; panics naming the string if it is bad.
pub fn pos(rules: &Rules, fen: &str) -> Position {
    parse_fen(rules, fen).unwrap_or_else(|e| panic!("bad position string `{fen}`: {e}"))
}

/// The variant's start position.
pub fn start(rules: &Rules) -> Position {
    pos(rules, rules.start_fen())
}

/// The cell with this name; panics if there is none.
pub fn cell(rules: &Rules, name: &str) -> Cell {
    rules
        .geometry()
        .parse_cell(name)
        .unwrap_or_else(|| panic!("`{name}` is not a cell"))
}

/// The side a piece letter stands for: upper case White, lower case Black.
pub fn color_of_letter(ch: char) -> Color {
    if ch.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// A position string with these pieces (letters: upper case White) on an empty board and
/// `side` to move, as `to_fen` prints it. `unmoved`: `None` = the defaults of a position
/// string without the field (pieces on their start cells never moved); `Some(cells)` =
/// exactly these pieces never moved.
pub fn placed_fen<S: AsRef<str>>(
    rules: &Rules,
    side: Color,
    pieces: &[(S, char)],
    unmoved: Option<&[&str]>,
) -> String {
    let mut p = Position::empty(rules);
    for (n, ch) in pieces {
        let c = cell(rules, n.as_ref());
        assert!(p.piece_at(c).is_none(), "two pieces on {}", n.as_ref());
        let kind = rules
            .kind_by_letter(*ch)
            .unwrap_or_else(|| panic!("no piece letter {ch}"));
        p.put(rules, c, Piece::new(kind, color_of_letter(*ch)));
    }
    p.set_side_to_move(rules, side);
    match unmoved {
        Some(cells) => {
            let set: CellSet = cells.iter().map(|n| cell(rules, n)).collect();
            p.set_unmoved(rules, set);
            to_fen(rules, &p)
        }
        None => {
            let printed = to_fen(rules, &p);
            let short = printed.split(' ').take(2).collect::<Vec<_>>().join(" ");
            to_fen(rules, &pos(rules, &short))
        }
    }
}

/// All legal moves as sorted move strings.
pub fn legal(rules: &Rules, pos: &mut Position) -> Vec<String> {
    let moves = legal_moves(rules, pos);
    let mut out: Vec<String> = moves
        .iter()
        .map(|m| move_to_string(rules, &moves, m))
        .collect();
    out.sort();
    out
}

/// The legal moves of the piece on `from`, as sorted move strings.
pub fn moves_from(rules: &Rules, pos: &mut Position, from: &str) -> Vec<String> {
    let from = cell(rules, from);
    let moves = legal_moves(rules, pos);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| move_to_string(rules, &moves, m))
        .collect();
    out.sort();
    out
}

/// The legal castling moves, as sorted move strings.
pub fn castles(rules: &Rules, pos: &mut Position) -> Vec<String> {
    let moves = legal_moves(rules, pos);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| move_to_string(rules, &moves, m))
        .collect();
    out.sort();
    out
}

/// The piece letter on a cell (upper case White; '.' for empty).
pub fn at(rules: &Rules, pos: &Position, name: &str) -> char {
    pos.piece_at(cell(rules, name))
        .map(|p| rules.piece_char(p))
        .unwrap_or('.')
}

/// Owned, sorted copies of some strings (to compare with [`legal`] and [`moves_from`]).
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

/// A set of owned strings.
pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Whether `moves` holds `mv`.
pub fn has(moves: &[String], mv: &str) -> bool {
    moves.iter().any(|m| m == mv)
}

/// Parse a move against the legal moves and make it; panics naming the move and the
/// position if it is not legal.
pub fn play(rules: &Rules, pos: &mut Position, mv: &str) {
    let m = parse_move(rules, pos, mv)
        .unwrap_or_else(|e| panic!("`{mv}` should be legal in `{}`: {e}", to_fen(rules, pos)));
    pos.make(rules, m);
}

/// [`play`] each move in turn.
pub fn play_all(rules: &Rules, pos: &mut Position, moves: &[&str]) {
    for mv in moves {
        play(rules, pos, mv);
    }
}

/// xorshift64*: a small seeded generator, so random games are reproducible.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// A new empty folder for one test's files, named after `label` (unique within the run).
pub fn fresh_dir(label: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "fairyrules-{label}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Make a legal move chosen by `rng`; false, with nothing made, when the side to move has no
/// move or the game is over.
pub fn random_move(rules: &Rules, pos: &mut Position, rng: &mut Rng) -> bool {
    let moves = legal_moves(rules, pos);
    if moves.is_empty() || fairyrules::outcome(rules, pos) != fairyrules::Outcome::Ongoing {
        return false;
    }
    pos.make(rules, moves[rng.below(moves.len())]);
    true
}

// ---------------------------------------------------------------------------------------
// The binary
// ---------------------------------------------------------------------------------------

/// Run the `fairyrules` binary with these arguments.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyrules"))
        .args(args)
        .output()
        .expect("the fairyrules binary runs")
}

/// Run the `fairyrules` binary with these arguments and `input` on stdin.
pub fn run_with_input<S: AsRef<OsStr>>(args: &[S], input: &str) -> Output {
    run_with_bytes(args, input.as_bytes())
}

/// Run the `fairyrules` binary with these arguments and raw bytes on stdin, written from a
/// thread (the program may answer while it reads).
pub fn run_with_bytes<S: AsRef<OsStr>>(args: &[S], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyrules"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run fairyrules");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

// ---------------------------------------------------------------------------------------
// Diagnostics
// ---------------------------------------------------------------------------------------

/// Everything the diagnostics say, for assertion messages.
pub fn dump(source: &SourceFile, diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| source.render(d)).collect()
}

/// Assert that `diag` is an error with this message substring, hint substring (or no hint)
/// and 1-based line:col, and that its span lies within the source text.
pub fn expect_diag(
    source: &SourceFile,
    diag: &Diagnostic,
    message: &str,
    hint: Option<&str>,
    line_col: (usize, usize),
) {
    let shown = source.render(diag);
    assert_eq!(diag.severity, Severity::Error, "{shown}");
    assert!(
        diag.message.contains(message),
        "expected message containing {message:?}:\n{shown}"
    );
    match hint {
        Some(h) => assert!(
            diag.hint.as_deref().is_some_and(|x| x.contains(h)),
            "expected hint containing {h:?}:\n{shown}"
        ),
        None => assert_eq!(diag.hint, None, "{shown}"),
    }
    assert_eq!(source.line_col(diag.span.start), line_col, "{shown}");
    assert!(
        diag.span.start <= diag.span.end && diag.span.end <= source.text.len(),
        "{shown}"
    );
}

/// Byte offsets of the character boundaries of `text`, end included.
pub fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()))
        .collect()
}

/// Compile `text` as `e.toml`; it must fail with `message` reported on `line` (a located
/// error of the variant language).
pub fn expect_compile_error(text: &str, line: usize, message: &str) {
    let err = match Rules::from_toml("e.toml", text) {
        Ok(_) => panic!("compiled without errors:\n{text}"),
        Err(e) => e.render(),
    };
    assert!(err.contains(message), "expected `{message}`:\n{err}");
    assert!(
        err.contains(&format!("e.toml:{line}:")),
        "expected the error on line {line}:\n{err}"
    );
}

/// The paths of every `variants/*.toml` file, sorted.
pub fn variant_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(variants_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

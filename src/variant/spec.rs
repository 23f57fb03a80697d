//! The raw variant description: exactly what a TOML file said, with the span of every value,
//! before any semantic check. `crate::variant::load` builds it; `crate::compile` turns it into
//! `Rules`, reporting semantic problems at these spans.

use crate::diagnostics::Spanned;
use indexmap::IndexMap;

/// A whole variant file.
#[derive(Debug, Clone, Default)]
pub struct VariantSpec {
    /// `extends = "chess.toml"`: the variant this file changes (a file next to it, or a
    /// shipped variant's name); its own keys override the parent's.
    pub extends: Option<Spanned<String>>,
    /// `[variant]`: metadata.
    pub meta: MetaSpec,
    /// `[board]`.
    pub board: BoardSpec,
    /// `[pieces.<id>]`, in file order, keyed by id.
    pub pieces: IndexMap<String, PieceSpec>,
    /// `[setup]`.
    pub setup: SetupSpec,
    /// `[rules]`.
    pub rules: RulesSpec,
}

/// `[variant]`.
#[derive(Debug, Clone, Default)]
pub struct MetaSpec {
    /// `name`: the variant's name (required).
    pub name: Option<Spanned<String>>,
    /// `inventor`.
    pub inventor: Option<Spanned<String>>,
    /// `source`: where the rules come from (a URL or a book).
    pub source: Option<Spanned<String>>,
    /// `description`.
    pub description: Option<Spanned<String>>,
    /// The keys the file wrote in this table (for inheritance: only they override).
    pub keys: Vec<String>,
}

/// Board shape as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeSpec {
    /// `shape = "square"` (also rectangles).
    Square,
    /// `shape = "hexagonal"`.
    Hexagonal,
}

/// `[board]`.
#[derive(Debug, Clone, Default)]
pub struct BoardSpec {
    /// `shape` (default square).
    pub shape: Option<Spanned<ShapeSpec>>,
    /// `files` (square boards).
    pub files: Option<Spanned<i64>>,
    /// `ranks` (square boards).
    pub ranks: Option<Spanned<i64>>,
    /// `side` (hexagonal boards: cells per edge).
    pub side: Option<Spanned<i64>>,
    /// Span of the `[board]` table header (or of the whole file when it is missing).
    pub span: std::ops::Range<usize>,
    /// The keys the file wrote in this table.
    pub keys: Vec<String>,
}

/// `[pieces.<id>]`.
#[derive(Debug, Clone)]
pub struct PieceSpec {
    /// The table key (`king`, `pawn`), with the key's span.
    pub id: Spanned<String>,
    /// `letter`: one ASCII letter; upper case is White in the setup, lower case Black.
    pub letter: Option<Spanned<String>>,
    /// `name`: display name (defaults to the id).
    pub name: Option<Spanned<String>>,
    /// `betza`: one string or a list of strings (their union). Spans point at the string
    /// contents (after the opening quote) so Betza columns map into the file.
    pub betza: Vec<Spanned<String>>,
    /// `royal`: checkmating it wins; it may not be left attacked.
    pub royal: Option<Spanned<bool>>,
    /// `value`: material value in pawns, for the engine.
    pub value: Option<Spanned<f64>>,
    /// `castles_with`: ids of the partner pieces for its `O` moves.
    pub castles_with: Vec<Spanned<String>>,
    /// `promotion`: how this piece promotes — one rule, or a list of rules tried in order
    /// (the first whose trigger holds decides).
    pub promotion: Vec<PromotionSpec>,
    /// `initial_zone`: its initial (`i`) moves are allowed from these cells (its side's,
    /// mirrored for Black) instead of only while it has never moved.
    pub initial_zone: Option<Spanned<ZoneSpec>>,
    /// `first_move_captures = false`: a piece that starts the game on the board makes its
    /// first move without capturing (and attacks nothing until then).
    pub first_move_captures: Option<Spanned<bool>>,
    /// `hook = { name = "...", ... }`: a native move mechanism with typed parameters.
    pub hook: Option<HookSpec>,
    /// `when_adjacent_to = { kinds = [...], betza = "..." }`: extra moves while the piece
    /// stands next to a friendly piece of one of these kinds.
    pub when_adjacent_to: Option<AdjacentSpec>,
    /// `remove = true`: in a file that `extends` another, drop the parent's piece.
    pub remove: Option<Spanned<bool>>,
    /// Span of the whole table.
    pub span: std::ops::Range<usize>,
    /// The keys the file wrote in this table.
    pub keys: Vec<String>,
}

/// One promotion rule: `{ zone = ..., to = [...], forced = true }` or
/// `{ adjacent_to_enemy = ["king"], to = ["hero"] }`.
#[derive(Debug, Clone)]
pub struct PromotionSpec {
    /// Trigger: the move ends in this zone.
    pub zone: Option<Spanned<ZoneSpec>>,
    /// Trigger: the move ends next to an enemy piece of one of these kinds.
    pub adjacent_to_enemy: Vec<Spanned<String>>,
    /// Piece ids it may become; each is a separate move (one id: automatic).
    pub to: Vec<Spanned<String>>,
    /// `forced` (default true): the piece must promote when the trigger holds.
    pub forced: Option<Spanned<bool>>,
    /// Span of the whole inline table.
    pub span: std::ops::Range<usize>,
}

/// A set of cells, described from White's side; Black's is the mirror image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZoneSpec {
    /// `"last-rank"`: the far rank (the far edge on hex).
    LastRank,
    /// `{ ranks = [8, 9] }`: these ranks, counted from the side's own first rank.
    Ranks(Vec<Spanned<i64>>),
    /// `{ cells = ["a8", "b8"] }`: these cells for White, mirrored for Black.
    Cells(Vec<Spanned<String>>),
    /// `{ min_height = 2 }`: cells at least this high from the board's middle, in half-cell
    /// units (on hex `2r + q` as the hex spec defines it; on squares twice the rank distance
    /// from the middle), for White; mirrored for Black.
    MinHeight(Spanned<i64>),
}

/// `when_adjacent_to = { kinds = ["hero", "king"], betza = "F" }`.
#[derive(Debug, Clone)]
pub struct AdjacentSpec {
    /// Friendly piece ids that give the extra moves.
    pub kinds: Vec<Spanned<String>>,
    /// The extra moves (a string or a list of strings).
    pub betza: Vec<Spanned<String>>,
    /// Span of the inline table.
    pub span: std::ops::Range<usize>,
}

/// A hook parameter value as written.
#[derive(Debug, Clone, PartialEq)]
pub enum ParamValue {
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// An array of strings.
    List(Vec<Spanned<String>>),
}

/// `hook = { name = "borrow-moves", remote = true }`.
#[derive(Debug, Clone)]
pub struct HookSpec {
    /// The hook's name.
    pub name: Spanned<String>,
    /// The other keys, in file order: (key, value).
    pub params: Vec<(Spanned<String>, Spanned<ParamValue>)>,
    /// Span of the inline table.
    pub span: std::ops::Range<usize>,
}

/// `[setup]`.
#[derive(Debug, Clone, Default)]
pub struct SetupSpec {
    /// `fen`: the start position. Span covers the string contents.
    pub fen: Option<Spanned<String>>,
    /// The keys the file wrote in this table.
    pub keys: Vec<String>,
}

/// How a game ends when the side to move has no legal move and is not in check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StalemateSpec {
    /// `"draw"` (default).
    Draw,
    /// `"win"`: the stalemated side wins.
    Win,
    /// `"loss"`: the stalemated side loses.
    Loss,
}

/// `n_move_rule = { claim = 50, automatic = 75 }` — counted in moves of each side.
#[derive(Debug, Clone)]
pub struct NMoveSpec {
    /// Moves by each side without capture or pawn move after which a draw may be claimed.
    pub claim: Option<Spanned<i64>>,
    /// Moves by each side after which the game is drawn automatically.
    pub automatic: Option<Spanned<i64>>,
    /// Span of the inline table.
    pub span: std::ops::Range<usize>,
}

/// `repetition = { claim = 3, automatic = 5 }` — occurrences of the same position.
#[derive(Debug, Clone)]
pub struct RepetitionSpec {
    /// Occurrences after which a draw may be claimed.
    pub claim: Option<Spanned<i64>>,
    /// Occurrences after which the game is drawn automatically.
    pub automatic: Option<Spanned<i64>>,
    /// Span of the inline table.
    pub span: std::ops::Range<usize>,
}

/// `[rules]`.
#[derive(Debug, Clone, Default)]
pub struct RulesSpec {
    /// `checkmate = true` (default): checkmating a royal piece wins.
    pub checkmate: Option<Spanned<bool>>,
    /// `stalemate`.
    pub stalemate: Option<Spanned<StalemateSpec>>,
    /// `n_move_rule`.
    pub n_move_rule: Option<NMoveSpec>,
    /// `repetition`.
    pub repetition: Option<RepetitionSpec>,
    /// `pawn_like`: ids of pieces whose moves reset the n-move counter (default: every
    /// piece with an en passant or initial-only move).
    pub resets_n_move: Vec<Spanned<String>>,
    /// `extinction = ["hero"]`: a side left with no piece of these kinds loses.
    pub extinction: Vec<Spanned<String>>,
    /// `royal_zone = { cells = [...] }`: a royal piece ending a move there wins (cells for
    /// White; mirrored for Black).
    pub royal_zone: Option<Spanned<ZoneSpec>>,
    /// The keys the file wrote in this table.
    pub keys: Vec<String>,
}

//! The raw variant description: exactly what a TOML file said, with the span of every value,
//! before any semantic check. `crate::variant::load` builds it; `crate::compile` turns it into
//! `Rules`, reporting semantic problems at these spans.

use crate::diagnostics::Spanned;
use crate::types::Color;
use indexmap::IndexMap;

/// A value that may differ by side: written once for both sides (`split` false), or as
/// `{ white = ..., black = ... }` (a side left out gets the empty value).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sided<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
    /// Written per side.
    pub split: bool,
}

impl<T> Sided<T> {
    /// The same value for both sides.
    pub fn both(value: T) -> Sided<T>
    where
        T: Clone,
    {
        Sided {
            white: value.clone(),
            black: value,
            split: false,
        }
    }

    /// One side's value.
    pub fn side(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// Both values, White's first; only White's when they were written once.
    pub fn written(&self) -> impl Iterator<Item = &T> {
        std::iter::once(&self.white).chain(self.split.then_some(&self.black))
    }

    /// Both values, mutably.
    pub fn both_mut(&mut self) -> [&mut T; 2] {
        [&mut self.white, &mut self.black]
    }
}

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
    /// `[regions]`: named zones (a palace, a side of the river), in file order.
    pub regions: IndexMap<String, RegionSpec>,
    /// `[pieces.<id>]`, in file order, keyed by id.
    pub pieces: IndexMap<String, PieceSpec>,
    /// `[setup]`.
    pub setup: SetupSpec,
    /// `[rules]`.
    pub rules: RulesSpec,
    /// `[engine]`: what the engine plays this variant with. The file's own only: a file that
    /// `extends` this one inherits none of it (a learned evaluation fits one game's rules).
    pub engine: EngineSpec,
    /// The text (or a parent's) was not valid TOML: nothing in it could be read, so no
    /// semantic check is meaningful.
    pub malformed: bool,
}

/// `[engine]`: not rules of the game, but what the engine plays it with.
#[derive(Debug, Clone, Default)]
pub struct EngineSpec {
    /// `net`: a learned evaluation trained for this file's rules (a net file of
    /// `examples/train_net.rs`), its path from the variant file's folder.
    pub net: Option<Spanned<String>>,
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
    /// `holes = ["c4", "f4"]` (square boards): cells that are not part of the board.
    pub holes: Vec<Spanned<String>>,
    /// `picture = { style = "intersections", diagonals = [...], river = "...", outline =
    /// [...] }`: how pictures draw the board (nothing else depends on it).
    pub picture: Option<PictureSpec>,
    /// Span of the `[board]` table header (or of the whole file when it is missing).
    pub span: std::ops::Range<usize>,
    /// The keys the file wrote in this table.
    pub keys: Vec<String>,
}

/// How pictures draw a square board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardStyle {
    /// `"squares"`: chequered cells (the default).
    Squares,
    /// `"intersections"`: pieces on the points where lines cross (Xiangqi, Janggi).
    Intersections,
}

/// `[board] picture = { ... }`.
#[derive(Debug, Clone)]
pub struct PictureSpec {
    /// `style`.
    pub style: Option<Spanned<BoardStyle>>,
    /// `diagonals`: regions whose rectangles get their two diagonals drawn (palaces).
    pub diagonals: Vec<Spanned<String>>,
    /// `river`: a region whose far edge is a river (lines across it are not drawn but on
    /// the board's edges).
    pub river: Option<Spanned<String>>,
    /// `outline`: regions drawn with an outline.
    pub outline: Vec<Spanned<String>>,
    /// Span of the value.
    pub span: std::ops::Range<usize>,
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
    /// `betza`: one string or a list of strings (their union), per side if written so.
    /// Spans point at the string contents (after the opening quote) so Betza columns map
    /// into the file.
    pub betza: Sided<Vec<Spanned<String>>>,
    /// `royal`: checkmating it wins; it may not be left attacked (per side if written so).
    pub royal: Sided<Option<Spanned<bool>>>,
    /// `value`: material value in pawns, for the engine.
    pub value: Option<Spanned<f64>>,
    /// `castles_with`: ids of the partner pieces for its `O` moves (per side if written so).
    pub castles_with: Sided<Vec<Spanned<String>>>,
    /// `castles_to = ["c", "g"]`: castling ends with this piece on these files (towards the
    /// lower files, towards the higher), the partner next to it on the inside, from any
    /// start cells (Chess960); without it the piece steps its `O` distance.
    pub castles_to: Vec<Spanned<String>>,
    /// `promotion`: how this piece promotes — one rule, or a list of rules tried in order
    /// (the first whose trigger holds decides); per side if written so.
    pub promotion: Sided<Vec<PromotionSpec>>,
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
    /// `initial_until_checked = true`: its initial (`i`) moves also end when its side is
    /// first put in check.
    pub initial_until_checked: Option<Spanned<bool>>,
    /// `confined_to = "palace"`: its `betza` moves never leave this region (its side's).
    pub confined_to: Option<Spanned<String>>,
    /// `extra_moves = [{ betza = "...", when_in = "...", confined_to = "...", captures =
    /// [...] }]`: more moves, each group with its own conditions.
    pub extra_moves: Vec<ExtraMovesSpec>,
    /// `cannot_capture = ["cannon"]`: kinds this piece never captures.
    pub cannot_capture: Vec<Spanned<String>>,
    /// `cannot_hop_over = ["cannon"]`: kinds its hopping moves (`p`, `g`) cannot use as the
    /// piece they hop over.
    pub cannot_hop_over: Vec<Spanned<String>>,
    /// `max_count = 1`: a side may not promote to this kind while it has this many on the
    /// board.
    pub max_count: Option<Spanned<i64>>,
    /// `in_hand_as = "pawn"`: the kind a captured piece of this kind becomes in the captor's
    /// hand (variants with drops; default: itself). Promoted pieces revert this way.
    pub in_hand_as: Option<Spanned<String>>,
    /// `drop_zone`: where a piece of this kind may be dropped (default: every cell from which
    /// it could still move).
    pub drop_zone: Option<Spanned<ZoneSpec>>,
    /// `drop_one_per_file = true`: a side may not drop one onto a file where it already has
    /// one of this kind (Shogi's nifu).
    pub drop_one_per_file: Option<Spanned<bool>>,
    /// `drop_checkmate = false`: a drop of this kind may not checkmate (Shogi's uchifuzume).
    pub drop_checkmate: Option<Spanned<bool>>,
    /// `drop_also_as = ["dragon"]`: a piece of this kind in hand may also be dropped as these
    /// kinds (each must go back to the hand as this kind): Kyoto Shogi's either face up.
    pub drop_also_as: Vec<Spanned<String>>,
    /// `remove = true`: in a file that `extends` another, drop the parent's piece.
    pub remove: Option<Spanned<bool>>,
    /// Span of the whole table.
    pub span: std::ops::Range<usize>,
    /// The keys the file wrote in this table.
    pub keys: Vec<String>,
}

/// `[regions] name = <zone>`: a named set of cells, written like any zone (from White's
/// side, carried to Black's by `for_black`).
#[derive(Debug, Clone)]
pub struct RegionSpec {
    /// The region's name, with the key's span.
    pub name: Spanned<String>,
    /// Its cells.
    pub zone: Spanned<ZoneSpec>,
}

/// One group of `extra_moves`: Betza moves and the conditions they are made under.
#[derive(Debug, Clone)]
pub struct ExtraMovesSpec {
    /// `betza`: a string or a list of strings.
    pub betza: Vec<Spanned<String>>,
    /// `when_in = "region"`: only while the piece stands in this region (its side's).
    pub when_in: Option<Spanned<String>>,
    /// `confined_to = "region"`: these moves never leave this region (its side's).
    pub confined_to: Option<Spanned<String>>,
    /// `captures = ["king"]`: these moves capture only these kinds.
    pub captures: Vec<Spanned<String>>,
    /// Span of the inline table.
    pub span: std::ops::Range<usize>,
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
    /// `allow_royal = true`: `to` may name a royal kind.
    pub allow_royal: Option<Spanned<bool>>,
    /// `only_lost = true`: only to a kind the side has fewer of on the board than in the
    /// setup (Grand Chess).
    pub only_lost: Option<Spanned<bool>>,
    /// `from_zone = true`: a move that starts in the zone promotes too (Shogi).
    pub from_zone: Option<Spanned<bool>>,
    /// Span of the whole inline table.
    pub span: std::ops::Range<usize>,
}

/// A set of cells, described from White's side, and how Black's is made from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZoneSpec {
    /// White's cells.
    pub cells: ZoneCells,
    /// `for_black`: Black's cells are White's mirrored top to bottom (default), turned
    /// round by 180°, or the same cells.
    pub for_black: Option<Spanned<ForBlack>>,
}

impl ZoneSpec {
    /// White's cells, Black's mirrored.
    pub fn mirrored(cells: ZoneCells) -> ZoneSpec {
        ZoneSpec {
            cells,
            for_black: None,
        }
    }
}

/// How a zone described from White's side is carried to Black's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForBlack {
    /// `"mirror"`: mirrored top to bottom (the same files, the ranks counted from Black's
    /// side) — the default.
    Mirror,
    /// `"rotate"`: the board turned round by 180° (as Betza directions are).
    Rotate,
    /// `"same"`: the very same cells.
    Same,
}

/// White's cells of a zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZoneCells {
    /// `"last-rank"`: the far rank (the far edge on hex).
    LastRank,
    /// `{ ranks = [8, 9] }`: these ranks, counted from the side's own first rank.
    Ranks(Vec<Spanned<i64>>),
    /// `{ cells = ["a8", "b8", "d1-f3"] }`: these cells for White (`d1-f3`: every cell
    /// between the two corners' files and ranks).
    Cells(Vec<Spanned<String>>),
    /// `"palace"`: the cells of a region of `[regions]` (White's, and Black's as the region
    /// carries them).
    Region(Spanned<String>),
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
    /// `shuffle`: the start position's pieces on some cells may be drawn at random.
    pub shuffle: Option<ShuffleSpec>,
    /// The keys the file wrote in this table.
    pub keys: Vec<String>,
}

/// `shuffle = { cells = ["a1-h1"], opposite_colours = ["bishop"], between = { kind =
/// "king", outer = "rook" } }`: White's pieces on these cells are put in any order the
/// constraints allow; Black's mirror them.
#[derive(Debug, Clone)]
pub struct ShuffleSpec {
    /// `cells`: White's cells whose pieces are shuffled.
    pub cells: Vec<Spanned<String>>,
    /// `opposite_colours`: kinds whose pieces may not all stand on cells of one colour.
    pub opposite_colours: Vec<Spanned<String>>,
    /// `between`: a kind that must stand between two pieces of another.
    pub between: Option<BetweenSpec>,
    /// Span of the value.
    pub span: std::ops::Range<usize>,
}

/// `between = { kind = "king", outer = "rook" }`.
#[derive(Debug, Clone)]
pub struct BetweenSpec {
    /// The kind that stands between.
    pub kind: Spanned<String>,
    /// The kind on either side of it.
    pub outer: Spanned<String>,
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
    /// `"fewer-pieces"`: the side with fewer pieces wins; equal numbers draw.
    FewerPieces,
}

/// The result a rule gives the side it is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultSpec {
    /// `"loss"`.
    Loss,
    /// `"win"`.
    Win,
    /// `"draw"`.
    Draw,
}

/// `checkmate`: `true`/`"loss"` (the mated side loses), `"win"` (it wins), `false` (no
/// checkmate rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckmateSpec {
    /// No checkmate rule.
    Off,
    /// The mated side loses.
    Loss,
    /// The mated side wins.
    Win,
}

/// Which kinds an extinction rule counts.
#[derive(Debug, Clone, PartialEq)]
pub enum ExtinctionKinds {
    /// `"all"`: every piece of the side, counted together.
    All,
    /// These kinds.
    Listed(Vec<Spanned<String>>),
}

/// When an extinction rule fires for a side: `when = "all"` (every listed kind is below
/// the count, the default) or `"any"` (one listed kind is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtinctionWhen {
    /// Every listed kind.
    All,
    /// Any listed kind.
    Any,
}

/// `extinction = ["queen"]` or `{ kinds = [...] | "all", when = "all" | "any", below = n,
/// result = "loss" | "win" }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExtinctionSpec {
    /// The kinds counted.
    pub kinds: Spanned<ExtinctionKinds>,
    /// `when`.
    pub when: Option<Spanned<ExtinctionWhen>>,
    /// `below` (default 1): the count under which a kind is extinct.
    pub below: Option<Spanned<i64>>,
    /// `result` (default loss) for the extinct side.
    pub result: Option<Spanned<ResultSpec>>,
    /// Span of the value.
    pub span: std::ops::Range<usize>,
}

/// `bare_king = "loss"` or `{ result = "loss", bare_back = true }`: a side left with royal
/// pieces only.
#[derive(Debug, Clone, PartialEq)]
pub struct BareKingSpec {
    /// The bared side's result.
    pub result: Spanned<ResultSpec>,
    /// `bare_back = true`: the bared side gets one more move; baring the other side back
    /// with it draws.
    pub bare_back: Option<Spanned<bool>>,
    /// Span of the value.
    pub span: std::ops::Range<usize>,
}

/// `goal = { kinds = [...], zone = ..., catch_up = true }`: a piece of these kinds ending a
/// move in its side's zone wins.
#[derive(Debug, Clone, PartialEq)]
pub struct GoalSpec {
    /// The kinds (default: the royal kinds).
    pub kinds: Vec<Spanned<String>>,
    /// The zone.
    pub zone: Option<Spanned<ZoneSpec>>,
    /// `catch_up = true`: when White reaches its goal first, Black gets one more move, and
    /// reaching its own goal with it draws (Racing Kings).
    pub catch_up: Option<Spanned<bool>>,
    /// Span of the table.
    pub span: std::ops::Range<usize>,
}

/// How two passes in a row end the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassEndSpec {
    /// `"draw"`.
    Draw,
    /// `"points"`: the side with more points (piece values, plus `black_bonus` for Black)
    /// wins.
    Points,
}

/// `pass = true` or `pass = { after_both = "draw", black_bonus = 1.5 }`.
#[derive(Debug, Clone, PartialEq)]
pub struct PassSpec {
    /// `after_both`: two passes in a row end the game so (default: the game goes on).
    pub after_both: Option<Spanned<PassEndSpec>>,
    /// `black_bonus`: points Black adds to its pieces' values when points decide.
    pub black_bonus: Option<Spanned<f64>>,
    /// Span of the value.
    pub span: std::ops::Range<usize>,
}

/// `explosion = true` or `explosion = { immune = ["pawn"] }`: a capture removes the
/// capturing piece and every piece next to the target except the immune kinds.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplosionSpec {
    /// `immune`: kinds that a neighbouring explosion does not remove.
    pub immune: Vec<Spanned<String>>,
    /// Span of the value.
    pub span: std::ops::Range<usize>,
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
    /// `perpetual_check = "loses"`: when the repetition ends the game and one side gave check
    /// with every move since the position first occurred, that side loses (Shogi).
    pub perpetual_check: Option<Spanned<String>>,
    /// Span of the inline table.
    pub span: std::ops::Range<usize>,
}

/// `[rules]`.
#[derive(Debug, Clone, Default)]
pub struct RulesSpec {
    /// `checkmate = true` (default): checkmating a royal piece wins.
    pub checkmate: Option<Spanned<CheckmateSpec>>,
    /// `stalemate`.
    pub stalemate: Option<Spanned<StalemateSpec>>,
    /// `n_move_rule`.
    pub n_move_rule: Option<NMoveSpec>,
    /// `repetition`.
    pub repetition: Option<RepetitionSpec>,
    /// `pawn_like`: ids of pieces whose moves reset the n-move counter (default: every
    /// piece with an en passant or initial-only move).
    pub resets_n_move: Vec<Spanned<String>>,
    /// `extinction`: a side left without pieces of some kinds loses (or wins); per side if
    /// written so.
    pub extinction: Sided<Option<ExtinctionSpec>>,
    /// `bare_king`.
    pub bare_king: Option<BareKingSpec>,
    /// `royal_zone = { cells = [...] }`: a royal piece ending a move there wins (cells for
    /// White; mirrored for Black). The same as a `goal` of the royal kinds.
    pub royal_zone: Option<Spanned<ZoneSpec>>,
    /// `goal`: one goal table or an array of them.
    pub goal: Vec<GoalSpec>,
    /// `forced_capture = true`: when a capture is legal, only captures are.
    pub forced_capture: Option<Spanned<bool>>,
    /// `n_check = 3`: the side that gives the n-th check wins.
    pub n_check: Option<Spanned<i64>>,
    /// `giving_check = false`: no move may give check.
    pub giving_check: Option<Spanned<bool>>,
    /// `royal_may_flee_check = false`: in check, a royal piece may only capture the piece
    /// giving check.
    pub royal_may_flee_check: Option<Spanned<bool>>,
    /// `pass = true` or `{ after_both = "draw" | "points", black_bonus = 1.5 }`: a side not
    /// in check may pass; two passes in a row may end the game.
    pub pass: Option<PassSpec>,
    /// `explosion = { immune = ["pawn"] }`: every capture explodes (Atomic).
    pub explosion: Option<ExplosionSpec>,
    /// `drops = true`: a captured piece goes to the captor's hand (as its `in_hand_as` kind),
    /// and a side may drop a piece from its hand onto an empty cell instead of moving.
    pub drops: Option<Spanned<bool>>,
    /// `gating = true`: when a piece on its side's first rank makes its first move, a piece
    /// from the hand may be put on the cell it leaves (Seirawan); captures do not go to a
    /// hand unless `drops` says so.
    pub gating: Option<Spanned<bool>>,
    /// `remove = ["extinction", ...]`: in a file that `extends` another, drop these rules of
    /// the parent.
    pub remove: Vec<Spanned<String>>,
    /// The keys the file wrote in this table.
    pub keys: Vec<String>,
}

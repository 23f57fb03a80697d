//! Static evaluation, every term derived from the compiled rules so that it works for any
//! variant, square or hexagonal, with or without hooks. Middle-game and endgame scores are
//! blended by the material left (the phase).
//!
//! - **Material**: a kind's `value` from the file (in pawns), or when it has none an
//!   estimate from its mobility: `1 + 0.35 × m` pawns, where `m` is the average number of
//!   cells it reaches from each cell of an empty board of this geometry (from its compiled
//!   records), times 0.8 for colour-bound kinds; a hooked kind asks its hook
//!   ([`crate::rules::Hook::value`]). Royal kinds have no material value.
//! - **Piece-square tables** from mobility per cell: a piece gains per target it has on that
//!   cell of an empty board above its average (and loses below it). Pawn-like kinds (see
//!   below) gain as they advance and in the centre; royal pieces keep to the edge of their
//!   own side in the middle game and centralise in the endgame; a piece near the zone it
//!   wins the game in (a `goal`) gains.
//! - **Mobility**: each non-royal piece gains per cell it can move to or attacks (friendly
//!   pieces it defends included) that no enemy pawn-like piece attacks and no friendly one
//!   stands on, above its empty-board average, weighted less for long-range pieces; a piece
//!   that reaches fewer than a quarter of its average (at least 2) is nearly trapped and
//!   loses more per missing cell.
//! - **Piece placement**: a short-range piece (at most 10 empty-board targets on average)
//!   gains with a pawn-like piece right in front of it, and loses per step away from its
//!   royal piece.
//! - **King safety**: a danger count around each side's first royal piece — enemy pieces
//!   attacking the cells next to it (how many, and how many attacks), those cells that only
//!   the royal piece guards (weak), and *safe checks* (an enemy piece can move to a cell the
//!   defender does not attack, from which it would attack the royal piece, read from the
//!   compiled attack tables) — less friendly pawn-like pieces in front of it as a shield;
//!   it costs danger²/4096 in the middle game (up to a cap) and danger/16 in the endgame;
//!   the danger is smaller when the enemy has no piece of the most valuable non-royal kind,
//!   larger with *unsafe checks* (from defended cells) and with enemy attacks on the royal
//!   piece's flank (its file and two either side, in its camp; cells attacked twice count
//!   twice), which also cost linearly; a royal piece on a flank without pawn-like pieces
//!   pays a fixed penalty.
//! - **Shelter and storm** (middle game, always): friendly pawn-like pieces in front of the
//!   royal piece gain, each of its file and the neighbouring ones without one ahead of it
//!   costs, enemy ones advanced into the defender's camp on those files cost. While the
//!   royal piece has never moved and a castling partner that has not moved either is still on
//!   that side, the better of its shelter and the shelter where castling would put it
//!   counts (as Stockfish does).
//! - **Pawn structure** for *pawn-like* kinds — non-royal, unhooked kinds whose every move on
//!   an empty board goes forward (so they can only advance, like pawns): passed (no enemy
//!   pawn-like piece ahead on its own or a neighbouring file; more the further it is),
//!   doubled, isolated, and protected by or beside a friendly one; a passed piece gains in
//!   the endgame when the cell ahead is empty and as the enemy royal piece is farther from
//!   that cell than the friendly one, and (once past the first third of its way, with the
//!   next cell empty) the more the less of its way the enemy attacks: nothing ahead of it on
//!   its own and the neighbouring files, or nothing on its own file, or not the next cell;
//!   more when its side guards the next cell (Stockfish's terms). What depends only on where
//!   the pawn-like pieces stand is cached by a hash of their cells.
//! - **Outposts**: a short-range piece in the enemy's half, guarded by a friendly pawn-like
//!   piece, on a cell no enemy pawn-like piece can come to attack.
//! - **Space** (middle game): safe cells in the central files of the side's second to fourth
//!   ranks, weighted by the square of its piece count.
//! - **Open files**: a piece that slides along whole files (rook-like, read from its moves)
//!   gains with no friendly pawn-like piece ahead on its file, more with no enemy one either.
//! - **Threats** (after Stockfish's): pieces attacked by enemy pawn-like pieces (more when
//!   the pawn is safe), or that a safe step of one would attack; pieces attacked by an enemy
//!   piece of at most their value (more by the difference); pieces attacked and undefended,
//!   or attacked twice and not strongly held; pawn-like pieces attacked by pieces and not
//!   guarded by a pawn-like one; cells both sides attack that a side holds only weakly.
//! - **Endgame complexity** (Stockfish's "initiative"): the side ahead in the endgame gains
//!   with the number of pawn-like pieces and of passed ones, pawn-like pieces on both halves
//!   of the files, royal pieces apart by more files than ranks, a pure pawn ending; with few
//!   pawns it loses, never past an even endgame score.
//! - **Endgame scaling**: a side without pawn-like pieces that is ahead by less than the
//!   weakest non-pawn kind's value can rarely win (scaled down), as can single colour-bound
//!   pieces on different colours; a bare royal piece is driven to the edge and towards the
//!   other royal piece.
//! - **Extinction**: a side one capture away from losing by its extinction rule loses a
//!   little (the last pieces are a liability).
//!
//! The weights ([`Weights`]) were first fitted to game results by `scripts/tune.sh`
//! (`examples/tune.rs`): 1,400 games, 200 in each of seven variants (Fairy-Stockfish
//! against itself in chess and Capablanca chess, the built-in engine against itself in the
//! others), about 135,000 positions; then to Fairy-Stockfish's own static evaluation of
//! 38,459 quiet positions of chess and Capablanca chess games (labelled by
//! `scripts/label_positions.py`; error between the two evaluations' winning chances). The
//! weights were then fitted the same way to 37,356 quiet positions of 400 games of
//! Fairy-Stockfish against itself in chess (20 ms a move, 8 random opening plies): first
//! the terms new then (shelter, storm, low mobility, placement) with the others fixed
//! (`tune --only PREFIX`), then all of them together, coordinate descent with every weight
//! kept ≥ 0 and `mop_up` left at its hand-set value (few positions). At stop 30 the new
//! threat and passed-piece terms were added and every weight fitted again (`mop_up` too,
//! 60 → 122), to 120,966 quiet positions of 1,280 of our own chess games (self-play at
//! 40 ms and against Fairy-Stockfish at 100 ms: the positions our search meets), labelled
//! with Fairy-Stockfish's static evaluation, those it puts beyond 20 pawns left out: the
//! error fell from 0.00758 (the weights before the refit) to 0.00693. Scores are in
//! centipawns from the side to move's point of view.

use arrayvec::ArrayVec;

use super::attack_sets::{one, piece_attack_set, piece_sets};
use super::net::NetMode;
use super::Features;
use crate::fen::parse_fen;
use crate::position::Position;
use crate::rules::{flag, RecordShape, Rules, Verdict};
use crate::targets::piece_attacks;
use crate::types::{Bits, Cell, CellSet, Color, KindId, Move, Piece};
use crate::with_width;

macro_rules! weights {
    ($($(#[doc = $doc:literal])* $name:ident = $default:expr;)*) => {
        /// The evaluation's weights (centipawns unless said otherwise), tunable by name.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Weights {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl Default for Weights {
            fn default() -> Weights {
                Weights { $($name: $default,)* }
            }
        }

        impl Weights {
            /// The weights' names, in the order of [`Weights::get`].
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name),)*];

            /// The `i`th weight.
            pub fn get(&self, i: usize) -> i32 {
                [$(self.$name,)*][i]
            }

            /// Set the `i`th weight.
            pub fn set(&mut self, i: usize, value: i32) {
                let fields = [$(&mut self.$name,)*];
                if let Some(f) = fields.into_iter().nth(i) {
                    *f = value;
                }
            }

            /// The default weights changed by `name = value` lines (as the tuner prints
            /// them; `;` and `#` or `//` comments allowed, unnamed weights keep their
            /// default).
            pub fn parse(text: &str) -> Result<Weights, String> {
                let mut w = Weights::default();
                for line in text.lines() {
                    let line = line.split("//").next().unwrap_or("");
                    let line = line.split('#').next().unwrap_or("").trim().trim_end_matches(';');
                    if line.is_empty() {
                        continue;
                    }
                    let (name, value) = line
                        .split_once('=')
                        .ok_or_else(|| format!("weights: `{line}` is not `name = value`"))?;
                    let name = name.trim();
                    let i = Weights::NAMES
                        .iter()
                        .position(|n| *n == name)
                        .ok_or_else(|| format!("weights: unknown weight `{name}`"))?;
                    let value = value
                        .trim()
                        .parse()
                        .map_err(|_| format!("weights: `{name}` needs a whole number"))?;
                    w.set(i, value);
                }
                Ok(w)
            }
        }
    };
}

weights! {
    /// Piece-square bonus per empty-board target above the piece's average, in 1/10 cp.
    pst_mg = 14;
    /// The same in the endgame.
    pst_eg = 48;
    /// Pawn-like pieces: bonus at the far end (quadratic in the height gained), middle game.
    pawn_advance_mg = 1;
    /// The same in the endgame.
    pawn_advance_eg = 64;
    /// Pawn-like pieces: bonus on the most central cells (middle game).
    pawn_center_mg = 16;
    /// Royal pieces: penalty on the most central cells in the middle game.
    royal_center_mg = 0;
    /// Royal pieces: penalty per rank-height at the far end in the middle game.
    royal_advance_mg = 4;
    /// Royal pieces: bonus on the outermost files in the middle game (away from the files
    /// where the fight opens).
    royal_file_mg = 33;
    /// Royal pieces: bonus on the most central cells in the endgame.
    royal_center_eg = 35;
    /// A piece next to the zone it wins in (a goal; halved per further step).
    goal_near = 190;
    /// Mobility per cell, middle game (for a piece averaging 8 targets; scaled by √(8/avg)).
    mobility_mg = 7;
    /// The same in the endgame.
    mobility_eg = 0;
    /// Low mobility, middle game: per cell a piece reaches fewer than a quarter of its
    /// empty-board average (at least 2) — a piece that is nearly trapped.
    mobility_low_mg = 9;
    /// The same in the endgame.
    mobility_low_eg = 16;
    /// A short-range piece with a pawn-like piece (of either side) right in front of it,
    /// middle game.
    behind_pawn_mg = 13;
    /// A short-range piece: per step from its own royal piece beyond the first, middle game.
    protector_mg = 0;
    /// The same in the endgame.
    protector_eg = 4;
    /// King danger per attack on a cell next to a royal piece. (This weight and the seven
    /// others summed into the danger — `king_attackers`, `king_shield`, `king_weak`,
    /// `king_check`, `king_no_strongest`, `king_flank_danger`, `king_unsafe_check`; not the
    /// linear `king_flank` — are the label fit's. Those eight times 0.8 won in self-play
    /// and against a node-limited Fairy-Stockfish but lost against Fairy-Stockfish at 0.1 s
    /// a move, the target measure, and were undone: the runs are in README's "Strength".)
    king_attack = 7;
    /// King danger per enemy piece attacking there.
    king_attackers = 118;
    /// King danger removed per friendly pawn-like piece in front of the royal piece.
    king_shield = 68;
    /// King danger per cell next to a royal piece that the enemy attacks and no friendly
    /// non-royal piece defends.
    king_weak = 89;
    /// King danger per enemy piece that can move to a cell the defender does not attack,
    /// from which it would check (a safe check).
    king_check = 529;
    /// King danger removed when the enemy has no piece of the most valuable non-royal kind
    /// (a Queen in chess).
    king_no_strongest = 781;
    /// King danger per enemy attack on the royal piece's flank (its file and two either
    /// side, in the defender's camp: five ranks of eight), counting cells attacked twice
    /// twice; squared, in 1/16.
    king_flank_danger = 11;
    /// The same attacks, a linear middle-game penalty.
    king_flank = 4;
    /// King danger per enemy piece that can move to a cell from which it would check, when
    /// every such cell is defended (an unsafe check).
    king_unsafe_check = 138;
    /// A royal piece on a flank without pawn-like pieces, middle game.
    king_pawnless_flank_mg = 137;
    /// The same, endgame.
    king_pawnless_flank_eg = 14;
    /// Largest middle-game king-danger penalty (danger² / 4096 cp).
    king_danger_max = 2430;
    /// Shelter, middle game: per friendly pawn-like piece in front of the royal piece
    /// (always, not only under attack).
    king_shelter_mg = 28;
    /// Shelter, middle game: per file among the royal piece's and its neighbours with no
    /// friendly pawn-like piece ahead of it.
    king_open_file_mg = 0;
    /// Storm, middle game: per enemy pawn-like piece in the defender's camp on the royal
    /// piece's file or a neighbouring one, ahead of it.
    king_storm_mg = 4;
    /// Passed pawn-like piece: base bonus, middle game.
    passed_mg = 0;
    /// Passed: extra at the far end (quadratic), middle game.
    passed_adv_mg = 22;
    /// Passed: base bonus, endgame.
    passed_eg = 0;
    /// Passed: extra at the far end, endgame.
    passed_adv_eg = 85;
    /// Passed: the next cell ahead is empty (times the advancement, endgame).
    passed_free_eg = 31;
    /// Passed: per step the enemy royal piece is from the next cell ahead (counted
    /// twice) beyond the friendly one's (times the advancement, endgame).
    passed_king_eg = 110;
    /// Passed, its next cell ahead empty: no enemy attack on the cells ahead on its file and
    /// the neighbouring ones (per 8 steps of advancement beyond 20 of 64; middle game and
    /// endgame alike).
    passed_span_free = 22;
    /// Passed, next cell empty, enemy attacks beside its path but none on it (the same
    /// scale).
    passed_path_free = 21;
    /// Passed, next cell empty, enemy attacks on its path but not on the next cell.
    passed_block_free = 5;
    /// Passed, next cell empty and attacked by the pawn's side (added to the above).
    passed_block_guarded = 12;
    /// Doubled pawn-like piece (one ahead on its file), middle game.
    doubled_mg = 6;
    /// The same, endgame.
    doubled_eg = 2;
    /// Isolated pawn-like piece, middle game.
    isolated_mg = 1;
    /// The same, endgame.
    isolated_eg = 13;
    /// Pawn-like piece protected by or beside a friendly one, middle game.
    connected_mg = 10;
    /// The same, endgame.
    connected_eg = 2;
    /// A piece sliding along whole files with no friendly pawn-like piece ahead on its file
    /// (half-open), middle game.
    file_semi_mg = 0;
    /// The same, endgame.
    file_semi_eg = 12;
    /// Extra when no enemy pawn-like piece is ahead either (open file), middle game.
    file_open_mg = 12;
    /// The same, endgame.
    file_open_eg = 24;
    /// Outpost: a short-range piece (at most 10 empty-board targets on average) in the
    /// enemy's half, guarded by a friendly pawn-like piece, where no enemy pawn-like piece
    /// can come to attack it, middle game.
    outpost_mg = 45;
    /// The same, endgame.
    outpost_eg = 13;
    /// Space (middle game): per safe cell (not attacked by enemy pawn-like pieces, not
    /// holding a friendly one) in the central half of the files between the side's second
    /// and fourth ranks, times the side's pieces less one squared, in 1/256 cp.
    space = 6;
    /// Non-pawn piece attacked by an enemy pawn-like piece that is safe (not attacked, or
    /// defended).
    threat_by_pawn = 44;
    /// Non-pawn piece attacked only by enemy pawn-like pieces that are not safe.
    threat_by_unsafe_pawn = 6;
    /// Piece attacked by a less valuable enemy piece (not pawn-like): per mille of the
    /// difference in value.
    threat_by_lesser = 63;
    /// Non-royal piece attacked and undefended.
    hanging = 28;
    /// Non-pawn, non-royal piece attacked twice, defended but not strongly (by no
    /// pawn-like piece, and not twice).
    hanging_twice = 41;
    /// Non-pawn piece attacked by an enemy piece of at most its value (not pawn-like, not
    /// royal), besides the per-mille share of a difference above.
    threat_flat = 25;
    /// Non-pawn piece an enemy pawn-like piece would attack after a safe step straight
    /// ahead (to an empty cell no pawn-like piece of the threatened side attacks, which
    /// that side does not attack or the enemy also does).
    threat_push = 12;
    /// Pawn-like piece attacked by an enemy non-pawn, non-royal piece and not guarded by a
    /// friendly pawn-like piece, endgame.
    threat_pawn_eg = 21;
    /// Per cell a side attacks, the enemy attacks too and the side does not hold strongly
    /// (with a pawn-like piece, or twice where the enemy attacks once): its pieces'
    /// moves there are contested.
    threat_restricted = 3;
    /// Pieces of colour-bound kinds on two cell colours (per colour beyond the first).
    pair = 61;
    /// For the side to move.
    tempo = 9;
    /// Endgame scale (of 64) of a pawnless side ahead by less than a piece.
    scale_drawish = 23;
    /// Endgame scale (of 64) with single colour-bound pieces on different colours.
    scale_opposite = 23;
    /// Middle-game pawn value, percent of the file's.
    pawn_mg_value = 53;
    /// Endgame pawn value, percent of the file's.
    pawn_eg_value = 74;
    /// Endgame complexity (how winnable the position is: the side ahead gains, never past
    /// a draw): per passed pawn-like piece.
    complexity_passed = 27;
    /// Complexity per pawn-like piece on the board.
    complexity_pawns = 16;
    /// Complexity per file the royal pieces are apart beyond their ranks apart.
    complexity_outflank = 3;
    /// Complexity when pawn-like pieces stand on both halves of the board's files.
    complexity_flanks = 63;
    /// Complexity when a royal piece stands in the enemy's half.
    complexity_infiltration = 0;
    /// Complexity when neither side has pieces besides pawn-like and royal ones.
    complexity_pawnless = 20;
    /// Complexity removed from every position (few pawns: drawish).
    complexity_base = 186;
    /// Bare royal piece: bonus per step it is from the centre, and per step the royals close.
    mop_up = 122;
    /// A side one capture away from extinction.
    extinction_last = 238;
}

/// How far outside the search window the cheap part of the evaluation must be for the
/// rest to be skipped ([`Evaluator::evaluate_within`]). Self-play at 40 ms a move, 200
/// games each: 700 against 350 scored +26 (−14..+67) in chess and +31 (−13..+76) in
/// Capablanca chess; 1400 against 700 −5 (−45..+34) in chess. The terms skipped can
/// add up to more than 350 (king danger alone to `king_danger_max`, 2,430).
pub const LAZY_MARGIN: i32 = 700;

const INFINITE: i32 = 1_000_000;

/// Most pieces per side looked at for safe checks and threats in one evaluation (the same
/// for both sides, so that the evaluation stays colour-symmetric).
const MAX_PER_SIDE: usize = 40;

/// Per-variant evaluation tables, built once per search from the rules.
#[derive(Debug, Clone)]
pub struct Evaluator {
    /// Material value of each kind in centipawns (0 for royal kinds), middle game.
    pub values: Vec<i32>,
    /// Material value in the endgame (pawn-like kinds scaled by `pawn_eg_value`; the middle
    /// game's, scaled by `pawn_mg_value`, is in `placed`), for pieces in hand.
    values_eg: Vec<i32>,
    /// Whether each kind is pawn-like (see the module docs).
    pub pawn_like: Vec<bool>,
    royal: Vec<bool>,
    color_bound: Vec<bool>,
    hooked: Vec<bool>,
    /// Material value plus positional bonus (the piece-square table) of a piece on a cell,
    /// middle game and endgame, per (piece index, cell), from the piece owner's point of
    /// view: one look-up per piece in the evaluation's first pass.
    placed: Vec<(i32, i32)>,
    cells: usize,
    /// Phase contribution of each kind, and the start position's total.
    phase_of: Vec<i32>,
    max_phase: i32,
    /// Mobility: average targets per kind, and weight per target (1/16 cp), mg and eg.
    mob_avg: Vec<i32>,
    mob_w: Vec<(i32, i32)>,
    /// Per colour and cell: cells ahead on the same and neighbouring files (passed test).
    span: [Vec<CellSet>; 2],
    /// Per colour and cell: cells ahead on the same file (doubled test).
    file_ahead: [Vec<CellSet>; 2],
    /// Per colour and cell: the next cell ahead on the same file (passed pieces' path).
    step_ahead: [Vec<Option<Cell>>; 2],
    /// Whether each kind slides along a whole file (rook-like: open files suit it).
    file_slider: Vec<bool>,
    /// Per cell: the cells of the neighbouring files (isolated test).
    neighbour_files: Vec<CellSet>,
    /// Per colour and cell: adjacent cells ahead (royal shield).
    shield: [Vec<CellSet>; 2],
    /// Per cell: the cell and its neighbours (royal zone of danger).
    zone: Vec<CellSet>,
    /// Per colour and cell: the cells ahead on the cell's file and on each neighbouring file
    /// (empty where there is no such file): a royal piece's shelter and storm files.
    shelter_files: [Vec<[CellSet; 3]>; 2],
    /// Per piece (kind and colour) whose attacks never depend on the board (plain leaps
    /// only, no special rule: pawns, knights), its attacks from each cell (piece index × cells);
    /// empty for the others.
    static_attacks: Vec<Vec<CellSet>>,
    /// Per colour and cell: advancement 0..=64 towards the far side.
    advance: [Vec<i32>; 2],
    /// Per cell: its file (lattice x), its height in half-ranks, and its flank (bit 0: the
    /// left half of the files, bit 1: the right half).
    file_x: Vec<i32>,
    height: Vec<i32>,
    flank: Vec<u8>,
    /// Per cell: steps from the board's edge, and the largest such number.
    centrality: Vec<i32>,
    max_centrality: i32,
    /// King-step distance between cells (cells × cells).
    distance: Vec<u8>,
    /// Per goal: its kinds, and per colour and cell the king steps to its zone.
    goals: Vec<(Vec<KindId>, [Vec<u8>; 2])>,
    /// Smallest value of a non-royal, non-pawn-like kind.
    weakest_piece: i32,
    /// The most valuable non-royal kind.
    strongest_kind: Option<KindId>,
    /// Per colour: the cells whose control counts as space.
    space_zone: [CellSet; 2],
    /// Per cell: the cells of its file and the two files either side (a royal piece's flank).
    flank_files: Vec<CellSet>,
    /// Per colour: its camp (the five ranks of eight nearest its side).
    camp: [CellSet; 2],
    /// Seed for a small deterministic evaluation jitter (varies engine games).
    noise: Option<u64>,
    /// The weights.
    weights: Weights,
    features: Features,
    cache: Vec<(u64, i32)>,
    /// The pawn-structure cache (see [`PawnEntry`]).
    pawn_cache: Vec<PawnEntry>,
    /// Shelters already computed: (key of the pawn-like arrangement, side and cell; the
    /// shelter), see [`Evaluator::shelter`].
    shelter_cache: Vec<(u64, i32)>,
    scratch: Vec<Move>,
    /// A learned evaluation replacing or correcting this one ([`super::net`]), when given.
    /// (In integers, built once per variant and shared by the search threads.)
    net: Option<std::sync::Arc<super::net::IntegerNet>>,
    /// The net's hidden sums for the last position evaluated, kept up to date cell by cell.
    net_sums: super::net::NetAccumulator,
}

/// The pawn-structure terms of one arrangement of pawn-like pieces (both sides): what does
/// not depend on the other pieces, cached by a hash of the arrangement.
#[derive(Debug, Clone, Copy, Default)]
struct PawnEntry {
    /// Hash of both sides' pawn-like pieces' cells.
    key: u64,
    /// The passed pawn-like pieces, both sides.
    passed: CellSet,
    /// Passed (base and advancement), doubled, isolated and connected terms per side.
    mg: [i32; 2],
    eg: [i32; 2],
}

/// The cells a piece attacks from each cell, when they never depend on the board: a kind
/// without hook or special rule (adjacency, first-move limits, initial zones) whose capturing
/// moves are all plain leaps. `None` otherwise.
fn static_attack_table(rules: &Rules, piece: Piece) -> Option<Vec<CellSet>> {
    if !rules.is_plain_kind(piece.kind()) {
        return None;
    }
    rules
        .geometry()
        .cells()
        .map(|cell| {
            let (records, bundle) = rules.generation_tables(piece, cell, false, false);
            let slides = rules.bundle_rays(bundle);
            let plain = records.iter().all(|r| r.flags & flag::CAPTURE == 0)
                && slides.iter().all(|r| r.flags & flag::CAPTURE == 0);
            plain.then(|| bundle.move_or_capture | bundle.capture_only)
        })
        .collect()
}

/// The average number of empty-board targets of a kind, and the per-cell counts for White.
fn empty_board_mobility(rules: &Rules, piece: Piece) -> (f64, Vec<u32>) {
    let n = rules.cells();
    let mut per_cell = Vec::with_capacity(n);
    for cell in rules.geometry().cells() {
        per_cell.push(empty_board_targets(rules, piece, cell).count());
    }
    let avg = per_cell.iter().map(|&x| x as f64).sum::<f64>() / n.max(1) as f64;
    (avg, per_cell)
}

/// The cells a piece reaches from `cell` on an empty board (initial moves left out; hoppers
/// count a third of their line as a rough stand-in for a screen).
fn empty_board_targets(rules: &Rules, piece: Piece, cell: Cell) -> CellSet {
    let mut targets = CellSet::EMPTY;
    for rec in rules.records_of(piece, cell) {
        if rec.flags & (flag::MOVE | flag::CAPTURE) == 0 || rec.flags & flag::INITIAL != 0 {
            continue;
        }
        let cells = rules.record_cells(rec);
        match rec.shape {
            RecordShape::Leap => {
                let open = rec.is_unconditional()
                    || rules
                        .record_paths(rec)
                        .iter()
                        .any(|p| rules.path_cells(p).iter().all(|c| !c.occupied));
                if open {
                    targets.insert(cells[0]);
                }
            }
            RecordShape::Slide => {
                for &c in cells {
                    targets.insert(c);
                }
            }
            RecordShape::Hop | RecordShape::Grasshop => {
                for &c in cells.iter().skip(1).step_by(3) {
                    targets.insert(c);
                }
            }
            RecordShape::Castle => {}
        }
    }
    targets
}

/// Estimated value in pawns of a kind without a `value`, from its mobility.
pub fn estimated_value(rules: &Rules, kind: KindId) -> f64 {
    let k = &rules.kinds()[kind as usize];
    let (avg, _) = empty_board_mobility(rules, Piece::new(kind, Color::White));
    let mut v = 1.0 + 0.35 * avg;
    if k.color_bound {
        v *= 0.8;
    }
    match &k.hook {
        Some(hook) => hook.value(rules, kind, v, &|o| kind_value(rules, o)),
        None => v,
    }
}

/// A kind's material value in pawns: from the file, else estimated; 0 for royal kinds.
pub fn kind_value(rules: &Rules, kind: KindId) -> f64 {
    let k = &rules.kinds()[kind as usize];
    if k.royal_for_some_side() {
        return 0.0;
    }
    match k.value {
        Some(v) => v,
        None => estimated_value(rules, kind),
    }
}

/// Whether a kind is pawn-like (see [`Rules::is_pawn_like`]).
pub fn is_pawn_like(rules: &Rules, kind: KindId) -> bool {
    rules.is_pawn_like(kind)
}

/// How many more pieces `side` may lose before its extinction rule (one that makes it lose)
/// ends the game: `Some(1)` means the next capture of such a piece loses.
pub fn captures_to_extinction(rules: &Rules, pos: &Position, side: Color) -> Option<u32> {
    let rule = rules.end_rules().extinction_of(side)?;
    if rule.result != Verdict::Loss {
        return None;
    }
    let above = |count: u32| (count + 1).saturating_sub(rule.below);
    match &rule.kinds {
        None => Some(above(pos.occupied(side).count())),
        Some(kinds) => {
            let per_kind = kinds
                .iter()
                .map(|&k| above(pos.cells_of(Piece::new(k, side)).count()));
            if rule.any {
                per_kind.min()
            } else {
                Some(per_kind.sum())
            }
        }
    }
}

/// Whether two cells are one king step apart (1), else 0 — for the tables.
fn distance_between(rules: &Rules, a: usize, b: usize) -> u32 {
    u32::from(
        rules
            .adjacent_cells(Cell::from_index(a))
            .contains(Cell::from_index(b)),
    )
}

/// Breadth-first king-step distances from `sources` over the adjacency of the rules.
fn distances_from(rules: &Rules, sources: &CellSet) -> Vec<u8> {
    let n = rules.cells();
    let mut dist = vec![u8::MAX; n];
    let mut frontier: Vec<Cell> = sources.iter().collect();
    for &c in &frontier {
        dist[c.index()] = 0;
    }
    let mut d = 0u8;
    while !frontier.is_empty() {
        d = d.saturating_add(1);
        let mut next = Vec::new();
        for c in frontier {
            for a in rules.adjacent_cells(c).iter() {
                if dist[a.index()] == u8::MAX {
                    dist[a.index()] = d;
                    next.push(a);
                }
            }
        }
        frontier = next;
    }
    dist
}

impl Evaluator {
    /// Build the tables for a variant with the default weights.
    pub fn new(rules: &Rules, noise: Option<u64>) -> Evaluator {
        Evaluator::with_weights(rules, noise, Weights::default(), Features::default())
    }

    /// Build the tables for a variant with these weights and evaluation features.
    pub fn with_weights(
        rules: &Rules,
        noise: Option<u64>,
        weights: Weights,
        features: Features,
    ) -> Evaluator {
        let n = rules.cells();
        let kinds = rules.kinds().len();
        let g = rules.geometry();
        let w = &weights;
        let values: Vec<i32> = (0..kinds as KindId)
            .map(|k| (kind_value(rules, k) * 100.0).round() as i32)
            .collect();
        let pawn_like: Vec<bool> = (0..kinds as KindId)
            .map(|k| is_pawn_like(rules, k))
            .collect();
        // Pawn-like kinds' values scaled by a percentage (their middle-game and endgame
        // worth differ from the file's), the others as they are.
        let pawns_scaled = |percent: i32| -> Vec<i32> {
            (0..kinds)
                .map(|k| {
                    if pawn_like[k] {
                        values[k] * percent / 100
                    } else {
                        values[k]
                    }
                })
                .collect()
        };
        let values_mg = pawns_scaled(w.pawn_mg_value);
        let values_eg = pawns_scaled(w.pawn_eg_value);
        let royal: Vec<bool> = rules
            .kinds()
            .iter()
            .map(|k| k.royal_for_some_side())
            .collect();
        let hooked: Vec<bool> = rules.kinds().iter().map(|k| k.hook.is_some()).collect();
        let color_bound: Vec<bool> = rules.kinds().iter().map(|k| k.color_bound).collect();

        // Geometry tables.
        let heights: Vec<i32> = g.cells().map(|c| g.height(c)).collect();
        let hmin = *heights.iter().min().unwrap_or(&0);
        let hmax = *heights.iter().max().unwrap_or(&0);
        let span_h = (hmax - hmin).max(1);
        let max_adjacent = (0..n)
            .map(|i| rules.adjacent_cells(Cell::from_index(i)).count())
            .max()
            .unwrap_or(0);
        let edge: CellSet = g
            .cells()
            .filter(|&c| rules.adjacent_cells(c).count() < max_adjacent)
            .collect();
        let centrality: Vec<i32> = distances_from(rules, &edge)
            .into_iter()
            .map(|d| if d == u8::MAX { 0 } else { d as i32 })
            .collect();
        let max_centrality = *centrality.iter().max().unwrap_or(&0);
        let mut distance = vec![0u8; n * n];
        for c in g.cells() {
            let mut s = CellSet::EMPTY;
            s.insert(c);
            let d = distances_from(rules, &s);
            distance[c.index() * n..(c.index() + 1) * n].copy_from_slice(&d);
        }
        let goals = rules
            .end_rules()
            .goals
            .iter()
            .map(|goal| {
                let d = [Color::White, Color::Black]
                    .map(|color| distances_from(rules, &goal.zone[color.index()]));
                (goal.kinds.clone(), d)
            })
            .collect();
        let advance = [Color::White, Color::Black].map(|color| {
            heights
                .iter()
                .map(|&h| {
                    let gained = match color {
                        Color::White => h - hmin,
                        Color::Black => hmax - h,
                    };
                    gained * 64 / span_h
                })
                .collect::<Vec<i32>>()
        });
        let coords: Vec<(i32, i32)> = g.cells().map(|c| g.coords(c)).collect();
        let (xmin, xmax) = coords
            .iter()
            .fold((i32::MAX, i32::MIN), |(a, b), c| (a.min(c.0), b.max(c.0)));
        let x_mid = (xmin + xmax) as f64 / 2.0;
        let x_half = ((xmax - xmin) as f64 / 2.0).max(1.0);
        let ahead = |color: Color, from: usize, to: usize| match color {
            Color::White => heights[to] > heights[from],
            Color::Black => heights[to] < heights[from],
        };
        let mut span = [vec![CellSet::EMPTY; n], vec![CellSet::EMPTY; n]];
        let mut file_ahead = [vec![CellSet::EMPTY; n], vec![CellSet::EMPTY; n]];
        let mut neighbour_files = vec![CellSet::EMPTY; n];
        let mut shelter_files = [vec![[CellSet::EMPTY; 3]; n], vec![[CellSet::EMPTY; 3]; n]];
        for a in 0..n {
            for b in 0..n {
                let dx = coords[b].0 - coords[a].0;
                if dx.abs() == 1 {
                    neighbour_files[a].insert(Cell::from_index(b));
                }
                for color in Color::BOTH {
                    if dx.abs() <= 1 && ahead(color, a, b) {
                        span[color.index()][a].insert(Cell::from_index(b));
                        shelter_files[color.index()][a][(dx + 1) as usize]
                            .insert(Cell::from_index(b));
                        if dx == 0 {
                            file_ahead[color.index()][a].insert(Cell::from_index(b));
                        }
                    }
                }
            }
        }
        let static_attacks = (0..2 * kinds)
            .map(|index| {
                let piece = Piece::new((index / 2) as KindId, Color::BOTH[index % 2]);
                static_attack_table(rules, piece).unwrap_or_default()
            })
            .collect();
        let step_ahead = [Color::White, Color::Black].map(|color| {
            (0..n)
                .map(|i| {
                    file_ahead[color.index()][i]
                        .iter()
                        .find(|a| distance_between(rules, i, a.index()) == 1)
                })
                .collect::<Vec<Option<Cell>>>()
        });
        let file_slider: Vec<bool> = (0..kinds as KindId)
            .map(|k| {
                let piece = Piece::new(k, Color::White);
                !royal[k as usize]
                    && !pawn_like[k as usize]
                    && g.cells().any(|c| {
                        let ahead = &file_ahead[0][c.index()];
                        ahead.count() >= 3 && {
                            let targets = empty_board_targets(rules, piece, c);
                            ahead.iter().all(|a| targets.contains(a))
                        }
                    })
            })
            .collect();
        let mut shield = [vec![CellSet::EMPTY; n], vec![CellSet::EMPTY; n]];
        let mut zone = vec![CellSet::EMPTY; n];
        for c in g.cells() {
            zone[c.index()] = *rules.adjacent_cells(c);
            zone[c.index()].insert(c);
            for a in rules.adjacent_cells(c).iter() {
                for color in Color::BOTH {
                    if ahead(color, c.index(), a.index()) {
                        shield[color.index()][c.index()].insert(a);
                    }
                }
            }
        }

        // Piece-square tables and mobility weights.
        let mut placed = vec![(0, 0); kinds * 2 * n];
        let mut mob_avg = vec![0; kinds];
        let mut mob_w = vec![(0, 0); kinds];
        for k in 0..kinds as KindId {
            let kind = &rules.kinds()[k as usize];
            let promotes_in_zone = kind
                .promotions(Color::White)
                .iter()
                .any(|p| !p.zone.is_empty());
            let (avg_w, _) = empty_board_mobility(rules, Piece::new(k, Color::White));
            mob_avg[k as usize] = avg_w.round() as i32;
            let scale = (8.0 / avg_w.max(1.0)).sqrt().min(2.0);
            mob_w[k as usize] = (
                (w.mobility_mg as f64 * 16.0 * scale).round() as i32,
                (w.mobility_eg as f64 * 16.0 * scale).round() as i32,
            );
            for color in Color::BOTH {
                let piece = Piece::new(k, color);
                let (avg, per_cell) = empty_board_mobility(rules, piece);
                for cell in g.cells() {
                    let i = cell.index();
                    let adv = advance[color.index()][i] as f64 / 64.0;
                    let central = if max_centrality > 0 {
                        centrality[i] as f64 / max_centrality as f64
                    } else {
                        0.0
                    };
                    let (mut mg, mut eg) = (0.0, 0.0);
                    if kind.is_royal(color) {
                        let off_middle = (coords[i].0 as f64 - x_mid).abs() / x_half;
                        mg += w.royal_file_mg as f64 * off_middle;
                        mg -= w.royal_center_mg as f64 * central;
                        mg -= w.royal_advance_mg as f64 * adv;
                        eg += w.royal_center_eg as f64 * central;
                    } else if pawn_like[k as usize] {
                        mg += w.pawn_advance_mg as f64 * adv * adv;
                        eg += w.pawn_advance_eg as f64 * adv * adv;
                        mg += w.pawn_center_mg as f64 * central * central;
                    } else {
                        let d = per_cell[i] as f64 - avg;
                        mg += (w.pst_mg as f64 / 10.0 * d).clamp(-40.0, 40.0);
                        eg += (w.pst_eg as f64 / 10.0 * d).clamp(-40.0, 40.0);
                        if promotes_in_zone {
                            mg += 0.5 * w.pawn_advance_mg as f64 * adv * adv;
                            eg += 0.5 * w.pawn_advance_eg as f64 * adv * adv;
                        }
                    }
                    placed[piece.index() * n + i] = (
                        values_mg[k as usize] + mg.round() as i32,
                        values_eg[k as usize] + eg.round() as i32,
                    );
                }
            }
        }
        let phase_of: Vec<i32> = (0..kinds)
            .map(|k| {
                if royal[k] || pawn_like[k] {
                    0
                } else {
                    values[k]
                }
            })
            .collect();
        let max_phase = parse_fen(rules, rules.start_fen())
            .map(|pos| {
                g.cells()
                    .filter_map(|c| pos.piece_at(c))
                    .map(|p| phase_of[p.kind() as usize])
                    .sum::<i32>()
            })
            .unwrap_or(0)
            .max(1);
        let file_x: Vec<i32> = g.cells().map(|c| g.coords(c).0).collect();
        let height: Vec<i32> = g.cells().map(|c| g.height(c)).collect();
        let flank: Vec<u8> = file_x
            .iter()
            .map(|&x| {
                let x = x as f64;
                (x < x_mid) as u8 | ((x > x_mid) as u8) << 1
            })
            .collect();
        let space_zone = [0, 1].map(|c| {
            let mut zone = CellSet::EMPTY;
            for cell in g.cells() {
                let i = cell.index();
                let central = (g.coords(cell).0 as f64 - x_mid).abs() <= x_half / 2.0;
                // Ranks 2 to 4 of 8: advancement 1/7 to 3/7.
                if central && (9..=28).contains(&advance[c][i]) {
                    zone.insert(cell);
                }
            }
            zone
        });
        let flank_files: Vec<CellSet> = g
            .cells()
            .map(|cell| {
                let x = g.coords(cell).0;
                let mut set = CellSet::EMPTY;
                for other in g.cells() {
                    if (g.coords(other).0 - x).abs() <= 2 {
                        set.insert(other);
                    }
                }
                set
            })
            .collect();
        let camp = [0, 1].map(|c| {
            let mut zone = CellSet::EMPTY;
            for cell in g.cells() {
                // Ranks 1 to 5 of 8: advancement up to 4/7.
                if advance[c][cell.index()] <= 37 {
                    zone.insert(cell);
                }
            }
            zone
        });
        let strongest_kind = (0..kinds)
            .filter(|&k| !royal[k] && values[k] > 0)
            .max_by_key(|&k| values[k])
            .map(|k| k as KindId);
        let weakest_piece = (0..kinds)
            .filter(|&k| !royal[k] && !pawn_like[k] && values[k] > 0)
            .map(|k| values[k])
            .min()
            .unwrap_or(300);
        Evaluator {
            values,
            values_eg,
            pawn_like,
            royal,
            color_bound,
            hooked,
            placed,
            cells: n,
            phase_of,
            max_phase,
            mob_avg,
            mob_w,
            span,
            file_ahead,
            step_ahead,
            file_slider,
            neighbour_files,
            shield,
            zone,
            shelter_files,
            static_attacks,
            advance,
            file_x,
            height,
            flank,
            centrality,
            max_centrality,
            distance,
            goals,
            weakest_piece,
            strongest_kind,
            space_zone,
            flank_files,
            camp,
            noise,
            weights,
            features,
            cache: vec![(0, 0); 1 << 16],
            pawn_cache: vec![PawnEntry::default(); 1 << 13],
            shelter_cache: vec![(0, 0); 1 << 12],
            scratch: Vec::with_capacity(256),
            net: None,
            net_sums: Default::default(),
        }
    }

    /// Use a learned evaluation ([`super::net`]) on top of or in place of this one; a net
    /// that does not fit the rules ([`super::net::Net::check`]) is not used.
    pub fn set_net(&mut self, rules: &Rules, net: Option<std::sync::Arc<super::net::Net>>) {
        self.net = net
            .filter(|n| n.check(rules).is_ok())
            .map(|n| std::sync::Arc::new(super::net::IntegerNet::new(&n, rules)));
        self.net_sums = Default::default();
        self.clear_cache();
    }

    /// Forget the evaluations cached so far (a new game). The cache returns a position's
    /// complete evaluation where [`Evaluator::evaluate_within`] would return a lazy estimate,
    /// so what it holds steers a search: a new game starts with it empty, as a fresh
    /// evaluator does.
    pub fn clear_cache(&mut self) {
        self.cache.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// Material value of the piece kind in centipawns.
    #[inline]
    pub fn value(&self, kind: KindId) -> i32 {
        self.values[kind as usize]
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The evaluation from the side to move's point of view, in centipawns.
    pub fn evaluate(&mut self, rules: &Rules, pos: &Position) -> i32 {
        self.evaluate_within(rules, pos, -INFINITE, INFINITE)
    }

    /// As [`Evaluator::evaluate`], but when material, piece-square tables and pawn
    /// structure alone put the score more than [`LAZY_MARGIN`] outside `alpha..beta`, that
    /// estimate is returned without the costlier mobility, king safety and threat terms.
    pub fn evaluate_within(&mut self, rules: &Rules, pos: &Position, alpha: i32, beta: i32) -> i32 {
        let key = pos.hash();
        let slot = key as usize & (self.cache.len() - 1);
        if self.cache[slot].0 == key && key != 0 {
            return self.cache[slot].1;
        }
        // Taken out for the call (no reference count touched per evaluation), put back below.
        let net = self.net.take();
        let (mut v, complete) = match net.as_deref() {
            Some(net) if net.mode == NetMode::Full => (net.evaluate(pos, &mut self.net_sums), true),
            net => {
                let (v, complete) =
                    with_width!(rules.width, B => self.evaluate_in::<B>(rules, pos, alpha, beta));
                let learned = net.map_or(0, |n| n.evaluate(pos, &mut self.net_sums));
                (v + learned, complete)
            }
        };
        self.net = net;
        if let Some(seed) = self.noise {
            let h = (key ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            v += (h >> 60) as i32 - 8;
        }
        if complete {
            self.cache[slot] = (key, v);
        }
        v
    }

    /// The evaluation, and whether it is complete (not a lazy estimate).
    fn evaluate_in<B: Bits>(
        &mut self,
        rules: &Rules,
        pos: &Position,
        alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        let n = self.cells;
        let w = &self.weights;
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut phase = 0;
        let mut pawns = [B::ZERO; 2];
        let mut npm = [0i32; 2];
        let mut bound_colors = [0u8; 2];
        let mut bound_count = [0i32; 2];
        let mut others = [0i32; 2];
        for color in Color::BOTH {
            let c = color.index();
            for cell in B::load(pos.occupied(color)).cells() {
                let p = pos.occupant(cell);
                let k = p.kind() as usize;
                let (m, e) = self.placed[p.index() * n + cell.index()];
                mg[c] += m;
                eg[c] += e;
                phase += self.phase_of[k];
                if self.pawn_like[k] {
                    pawns[c] |= one::<B>(cell);
                } else if !self.royal[k] {
                    npm[c] += self.values[k];
                    if self.color_bound[k] {
                        bound_colors[c] |= 1 << rules.geometry().color_of(cell);
                        bound_count[c] += 1;
                    } else {
                        others[c] += 1;
                    }
                }
            }
            if rules.has_hands() {
                // A piece in hand is worth its value (a little more: it can be dropped
                // where it is needed).
                for (k, value) in self.values.iter().enumerate() {
                    let held = i32::from(pos.in_hand(Piece::new(k as KindId, color)));
                    if held > 0 {
                        mg[c] += held * (value + value / 8);
                        eg[c] += held * (self.values_eg[k] + self.values_eg[k] / 8);
                    }
                }
            }
            let colors = bound_colors[c].count_ones() as i32;
            if colors > 1 {
                mg[c] += w.pair * (colors - 1);
                eg[c] += w.pair * (colors - 1);
            }
            if captures_to_extinction(rules, pos, color) == Some(1) {
                mg[c] -= w.extinction_last;
                eg[c] -= w.extinction_last;
            }
            for (kinds, distance) in &self.goals {
                for &k in kinds {
                    for cell in pos.cells_of(Piece::new(k, color)).iter() {
                        let d = distance[c][cell.index()];
                        if d < 6 {
                            let bonus = w.goal_near >> (d.max(1) - 1);
                            mg[c] += bonus;
                            eg[c] += bonus;
                        }
                    }
                }
            }
        }
        let royal_at = Color::BOTH.map(|color| {
            rules
                .royal_kinds(color)
                .iter()
                .find_map(|&k| pos.cells_of(Piece::new(k, color)).iter().next())
        });
        let mut passed = 0;
        let mut passed_sets = [B::ZERO; 2];
        let pawn_sets = pawns.map(|set| set.store());
        let pawn_key = super::hash_words(pawn_sets.iter().flat_map(|set| set.0.iter()));
        if self.features.pawn_structure {
            let entry = self.pawn_entry(pawns, pawn_key);
            for color in Color::BOTH {
                let c = color.index();
                mg[c] += entry.mg[c];
                eg[c] += entry.eg[c];
                let own_passed = B::load(&entry.passed) & pawns[c];
                passed += own_passed.count() as i32;
                passed_sets[c] = own_passed;
                eg[c] += self.passed_way::<B>(pos, color, own_passed, royal_at);
            }
        }
        let phase = phase.min(self.max_phase);
        let (max_phase, tempo, side) = (self.max_phase, self.weights.tempo, pos.side_to_move());
        let blend = move |mg: &[i32; 2], eg: &[i32; 2], scale: i32| {
            let white = ((mg[0] - mg[1]) * phase
                + (eg[0] - eg[1]) * scale / 64 * (max_phase - phase))
                / max_phase;
            match side {
                Color::White => white + tempo,
                Color::Black => -white + tempo,
            }
        };
        let estimate = blend(&mg, &eg, 64);
        if estimate - LAZY_MARGIN >= beta || estimate + LAZY_MARGIN <= alpha {
            return (estimate, false);
        }
        if self.features.mobility || self.features.king_safety || self.features.threats {
            let (m, e) = self.activity::<B>(rules, pos, pawns, passed_sets, pawn_key, royal_at);
            for c in 0..2 {
                mg[c] += m[c];
                eg[c] += e[c];
            }
        }
        // Endgame scaling and mop-up, for the side ahead.
        let w = &self.weights;
        let white_eg = eg[0] - eg[1];
        let strong = if white_eg >= 0 { 0 } else { 1 };
        let weak = 1 - strong;
        let mut scale = 64;
        if pawns[strong].is_zero() && npm[strong] - npm[weak] < self.weakest_piece {
            scale = w.scale_drawish;
        } else if bound_count[0] == 1
            && bound_count[1] == 1
            && others[0] == 0
            && others[1] == 0
            && bound_colors[0] != bound_colors[1]
        {
            scale = w.scale_opposite;
        }
        if self.features.pawn_structure && white_eg != 0 {
            // The side ahead in the endgame gains by the position's complexity (or loses by
            // its simplicity, never past a draw).
            let c = self.complexity::<B>(pawns, passed, royal_at, npm[0] + npm[1] == 0);
            eg[strong] += c.max(-white_eg.abs());
        }
        if npm[weak] == 0 && pawns[weak].is_zero() && npm[strong] >= self.weakest_piece + 100 {
            let side = |i: usize| if i == 0 { Color::White } else { Color::Black };
            let royal_cell = |i: usize| {
                rules
                    .royal_kinds(side(i))
                    .iter()
                    .find_map(|&k| pos.cells_of(Piece::new(k, side(i))).iter().next())
            };
            if let (Some(a), Some(b)) = (royal_cell(strong), royal_cell(weak)) {
                let d = self.distance[a.index() * n + b.index()] as i32;
                let edge = self.max_centrality - self.centrality[b.index()];
                eg[strong] += w.mop_up * (edge + (8 - d.min(8)) / 2);
            }
        }
        (blend(&mg, &eg, scale), true)
    }

    /// How winnable an endgame is (Stockfish's "initiative"): many pawn-like pieces, passed
    /// ones, pawns on both flanks, royal pieces outflanking or invading make it more so.
    fn complexity<B: Bits>(
        &self,
        pawns: [B; 2],
        passed: i32,
        royal_at: [Option<Cell>; 2],
        pawnless: bool,
    ) -> i32 {
        let w = &self.weights;
        let all = pawns[0] | pawns[1];
        let mut flanks = 0u8;
        for cell in all.cells() {
            flanks |= self.flank[cell.index()];
        }
        let (outflank, infiltration) = match royal_at {
            [Some(a), Some(b)] => {
                let (a, b) = (a.index(), b.index());
                let files = (self.file_x[a] - self.file_x[b]).abs();
                let ranks = (self.height[a] - self.height[b]).abs() / 2;
                let invades = self.advance[0][a] > 32 || self.advance[1][b] > 32;
                (files - ranks, invades)
            }
            _ => (0, false),
        };
        w.complexity_passed * passed
            + w.complexity_pawns * all.count() as i32
            + w.complexity_outflank * outflank
            + w.complexity_flanks * (flanks == 3) as i32
            + w.complexity_infiltration * infiltration as i32
            + w.complexity_pawnless * pawnless as i32
            - w.complexity_base
    }

    /// The pawn-structure terms that depend only on where the pawn-like pieces stand, from
    /// the cache or computed and cached.
    fn pawn_entry<B: Bits>(&mut self, pawns: [B; 2], key: u64) -> PawnEntry {
        let slot = key as usize & (self.pawn_cache.len() - 1);
        if self.pawn_cache[slot].key == key && key != 0 {
            return self.pawn_cache[slot];
        }
        let mut entry = PawnEntry {
            key,
            ..PawnEntry::default()
        };
        let mut passed = B::ZERO;
        for color in Color::BOTH {
            let c = color.index();
            let (mg, eg, p) = self.pawn_structure::<B>(color, pawns);
            entry.mg[c] = mg;
            entry.eg[c] = eg;
            passed |= p;
        }
        entry.passed = passed.store();
        self.pawn_cache[slot] = entry;
        entry
    }

    /// Passed, doubled, isolated and connected pawn-like pieces of `color`: (mg, eg, the
    /// passed ones).
    fn pawn_structure<B: Bits>(&self, color: Color, pawns: [B; 2]) -> (i32, i32, B) {
        let w = &self.weights;
        let c = color.index();
        let own = pawns[c];
        let enemy = pawns[1 - c];
        let (mut mg, mut eg, mut passed) = (0, 0, B::ZERO);
        for cell in own.cells() {
            let i = cell.index();
            if (B::load(&self.span[c][i]) & enemy).is_zero() {
                passed |= one::<B>(cell);
                let adv = self.advance[c][i];
                let q = adv * adv / 64;
                mg += w.passed_mg + w.passed_adv_mg * q / 64;
                eg += w.passed_eg + w.passed_adv_eg * q / 64;
            }
            if !(B::load(&self.file_ahead[c][i]) & own).is_zero() {
                mg -= w.doubled_mg;
                eg -= w.doubled_eg;
            }
            if (B::load(&self.neighbour_files[i]) & own).is_zero() {
                mg -= w.isolated_mg;
                eg -= w.isolated_eg;
            } else {
                // Beside or diagonally behind/ahead: adjacent on a neighbouring file.
                let around = B::load(&self.zone[i]) & B::load(&self.neighbour_files[i]) & own;
                if !around.is_zero() {
                    mg += w.connected_mg;
                    eg += w.connected_eg;
                }
            }
        }
        (mg, eg, passed)
    }

    /// The endgame worth of `color`'s passed pawn-like pieces' way on: the next cell ahead
    /// empty, and the royal pieces' distances to it (the enemy's counting double).
    fn passed_way<B: Bits>(
        &self,
        pos: &Position,
        color: Color,
        passed: B,
        royal_at: [Option<Cell>; 2],
    ) -> i32 {
        let w = &self.weights;
        let c = color.index();
        let mut eg = 0;
        for cell in passed.cells() {
            let i = cell.index();
            let Some(next) = self.step_ahead[c][i] else {
                continue;
            };
            let adv = self.advance[c][i];
            let q = adv * adv / 64;
            if pos.piece_at(next).is_none() {
                eg += w.passed_free_eg * q / 64;
            }
            let d = |r: Option<Cell>| {
                r.map_or(5, |r| {
                    self.distance[r.index() * self.cells + next.index()].min(5)
                }) as i32
            };
            eg += w.passed_king_eg * (2 * d(royal_at[1 - c]) - d(royal_at[c])) * q / 256;
        }
        eg
    }

    /// The shelter of side `c`'s royal piece on `royal`, or where it can still castle to if
    /// that is better (as Stockfish does): while it has never moved, each of its castling
    /// records with a never-moved partner left beyond the landing cell offers that cell.
    fn royal_shelter<B: Bits>(
        &mut self,
        rules: &Rules,
        pos: &Position,
        c: usize,
        royal: Cell,
        pawns: [B; 2],
        pawn_key: u64,
    ) -> i32 {
        let mut best = self.shelter::<B>(c, royal, pawns, pawn_key);
        if !pos.unmoved().contains(royal) {
            return best;
        }
        let piece = pos.occupant(royal);
        let partners = rules.kinds()[piece.kind() as usize].partners(piece.color());
        let is_partner = |x: Cell| {
            pos.unmoved().contains(x)
                && pos
                    .piece_at(x)
                    .is_some_and(|p| p.color() == piece.color() && partners.contains(&p.kind()))
        };
        for rec in rules.records_of(piece, royal) {
            if rec.shape != RecordShape::Castle || rec.flags & flag::FIXED_END != 0 {
                continue;
            }
            let ray = rules.record_cells(rec);
            let d = rec.distance as usize;
            if (1..=ray.len()).contains(&d) && ray[d..].iter().any(|&x| is_partner(x)) {
                best = best.max(self.shelter::<B>(c, ray[d - 1], pawns, pawn_key));
            }
        }
        best
    }

    /// The middle-game shelter of a royal piece of side `c` on `cell`: friendly pawn-like
    /// pieces in front of it, files next to it without one, enemy ones storming there.
    /// It depends only on where the pawn-like pieces stand (`pawns`, whose hash is
    /// `pawn_key`): cached.
    fn shelter<B: Bits>(&mut self, c: usize, cell: Cell, pawns: [B; 2], pawn_key: u64) -> i32 {
        let key = (pawn_key ^ (cell.index() as u64 * 2 + c as u64 + 1))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (key >> 40) as usize & (self.shelter_cache.len() - 1);
        if self.shelter_cache[slot].0 == key && key != 0 {
            return self.shelter_cache[slot].1;
        }
        let value = self.shelter_of::<B>(c, cell, pawns);
        self.shelter_cache[slot] = (key, value);
        value
    }

    /// [`Evaluator::shelter`], computed.
    fn shelter_of<B: Bits>(&self, c: usize, cell: Cell, pawns: [B; 2]) -> i32 {
        let w = &self.weights;
        let i = cell.index();
        let shields = (B::load(&self.shield[c][i]) & pawns[c]).count() as i32;
        let (mut open, mut storm) = (0, 0);
        for files in &self.shelter_files[c][i] {
            let files = B::load(files);
            if files.is_zero() {
                continue;
            }
            open += (files & pawns[c]).is_zero() as i32;
            storm += (files & pawns[1 - c] & B::load(&self.camp[c])).count() as i32;
        }
        w.king_shelter_mg * shields - w.king_open_file_mg * open - w.king_storm_mg * storm
    }

    /// Mobility, king safety and threats for both sides: ([mg; 2], [eg; 2]).
    fn activity<B: Bits>(
        &mut self,
        rules: &Rules,
        pos: &Position,
        pawns: [B; 2],
        passed: [B; 2],
        pawn_key: u64,
        royal_at: [Option<Cell>; 2],
    ) -> ([i32; 2], [i32; 2]) {
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut attacked = [B::ZERO; 2];
        // Cells attacked by non-royal pieces (a royal piece alone does not defend a cell).
        let mut defended = [B::ZERO; 2];
        let mut pawn_attacks = [B::ZERO; 2];
        // Cells attacked by non-royal pieces that are not pawn-like.
        let mut piece_hits = [B::ZERO; 2];
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        // Royal zones, to count attacks near them; the cells from which some enemy piece
        // could attack the first royal piece (`royal_at`, for checks).
        let mut zones = [B::ZERO; 2];
        let mut shields = [0i32; 2];
        let mut check_from = [B::ZERO; 2];
        for color in Color::BOTH {
            let c = color.index();
            for &k in rules.royal_kinds(color) {
                for cell in pos.cells_of(Piece::new(k, color)).iter() {
                    zones[c] |= B::load(&self.zone[cell.index()]);
                    shields[c] +=
                        (B::load(&self.shield[c][cell.index()]) & pawns[c]).count() as i32;
                }
            }
            if let Some(cell) = royal_at[c] {
                check_from[c] = B::load(rules.attackers_any(color.flip(), cell));
            }
            for cell in pawns[c].cells() {
                let p = pos.occupant(cell);
                pawn_attacks[c] |= match self.static_attacks[p.index()].get(cell.index()) {
                    Some(set) => B::load(set),
                    None => piece_attack_set::<B>(rules, pos, p, cell, &mut scratch),
                };
            }
            attacked[c] = pawn_attacks[c];
            defended[c] = pawn_attacks[c];
        }
        let mut danger = [0i32; 2];
        let mut attackers = [0i32; 2];
        // Cells attacked twice (pawn-like pieces' attacks counted once).
        let mut attacked2 = [B::ZERO; 2];
        // Per side, pieces that could move to a cell from which they might check: (piece,
        // cells). Fixed-capacity vectors: nothing is written to them but what is pushed
        // (filling two 80-entry arrays at every evaluation cost 2% of a chess search).
        let mut checkers: [ArrayVec<(Piece, B), MAX_PER_SIDE>; 2] =
            [ArrayVec::new(), ArrayVec::new()];
        // Per side, the cells its pieces attack, with the attacker's value: (value, cells).
        let mut hitters: [ArrayVec<(i32, B), MAX_PER_SIDE>; 2] = [ArrayVec::new(), ArrayVec::new()];
        let w_file = (
            self.weights.file_semi_mg,
            self.weights.file_semi_eg,
            self.weights.file_open_mg,
            self.weights.file_open_eg,
        );
        for color in Color::BOTH {
            let c = color.index();
            let e = 1 - c;
            let own = B::load(pos.occupied(color));
            for cell in (own & !pawns[c]).cells() {
                let p = pos.occupant(cell);
                let k = p.kind() as usize;
                let (att, moves) = piece_sets::<B>(rules, pos, p, cell, &mut scratch);
                attacked2[c] |= attacked[c] & att;
                attacked[c] |= att;
                if self.royal[k] {
                    continue;
                }
                defended[c] |= att;
                piece_hits[c] |= att;
                // Beyond the capacity, pieces are left out.
                let _ = hitters[c].try_push((self.values[k], att));
                if self.features.mobility {
                    let area = !pawn_attacks[e] & !pawns[c];
                    let reach = ((moves | att) & area).count() as i32;
                    let m = reach - self.mob_avg[k];
                    mg[c] += m * self.mob_w[k].0 / 16;
                    eg[c] += m * self.mob_w[k].1 / 16;
                    let low = (self.mob_avg[k] / 4).max(2) - reach;
                    if low > 0 {
                        mg[c] -= low * self.weights.mobility_low_mg;
                        eg[c] -= low * self.weights.mobility_low_eg;
                    }
                }
                let i = cell.index();
                if self.mob_avg[k] <= 10 {
                    if let Some(next) = self.step_ahead[c][i] {
                        if (pawns[0] | pawns[1]).has(next) {
                            mg[c] += self.weights.behind_pawn_mg;
                        }
                    }
                    if let Some(r) = royal_at[c] {
                        let d = (self.distance[r.index() * self.cells + i] as i32 - 1).max(0);
                        mg[c] -= d * self.weights.protector_mg;
                        eg[c] -= d * self.weights.protector_eg;
                    }
                }
                if self.mob_avg[k] <= 10
                    && (24..=56).contains(&self.advance[c][i])
                    && pawn_attacks[c].has(cell)
                    && (B::load(&self.span[c][i]) & B::load(&self.neighbour_files[i]) & pawns[e])
                        .is_zero()
                {
                    mg[c] += self.weights.outpost_mg;
                    eg[c] += self.weights.outpost_eg;
                }
                if self.file_slider[k] {
                    let ahead = B::load(&self.file_ahead[c][cell.index()]);
                    if (ahead & pawns[c]).is_zero() {
                        let open = (ahead & pawns[e]).is_zero() as i32;
                        mg[c] += w_file.0 + open * w_file.2;
                        eg[c] += w_file.1 + open * w_file.3;
                    }
                }
                let near = (att & zones[e]).count() as i32;
                if near > 0 {
                    danger[e] += near * self.weights.king_attack;
                    attackers[e] += 1;
                }
                let to_check = moves & check_from[e] & !own;
                if !to_check.is_zero() && !self.hooked[k] {
                    let _ = checkers[c].try_push((p, to_check));
                }
            }
        }
        self.scratch = scratch;
        // Safe checks: a piece can move to a cell the defender does not attack, from which
        // it attacks the royal piece (one per piece).
        let mut safe_checks = [0i32; 2];
        let mut unsafe_checks = [0i32; 2];
        for &(p, cells) in checkers[0].iter().chain(&checkers[1]) {
            let e = p.color().flip().index();
            let Some(royal) = royal_at[e] else { continue };
            let free = B::load(rules.attackers_free(p, royal));
            let conditional = B::load(rules.attackers_conditional(p, royal));
            // Cells from which the piece's kind could never attack the royal piece (other
            // kinds' checking cells) are out at once.
            let cells = cells & (free | conditional);
            if cells.is_zero() {
                continue;
            }
            let checks_from = |from: B| {
                !(from & free).is_zero()
                    || (from & conditional)
                        .cells()
                        .any(|f| piece_attacks::<B>(rules, pos, p, f, royal))
            };
            if checks_from(cells & !attacked[e]) {
                safe_checks[e] += 1;
            } else if checks_from(cells & attacked[e]) {
                unsafe_checks[e] += 1;
            }
        }
        let shelters = [0, 1].map(|c| match (royal_at[c], self.features.king_safety) {
            (Some(royal), true) => self.royal_shelter::<B>(rules, pos, c, royal, pawns, pawn_key),
            _ => 0,
        });
        let w = &self.weights;
        let occupied = B::load(pos.occupied(Color::White)) | B::load(pos.occupied(Color::Black));
        for c in 0..2 {
            if self.features.mobility && w.space != 0 {
                let color = if c == 0 { Color::White } else { Color::Black };
                let safe = B::load(&self.space_zone[c]) & !pawn_attacks[1 - c] & !pawns[c];
                let pieces = pos.occupied(color).count() as i32 - 1;
                mg[c] += w.space * safe.count() as i32 * pieces * pieces / 256;
            }
            let flank = match royal_at[c] {
                Some(royal) if self.features.king_safety => {
                    let files = B::load(&self.flank_files[royal.index()]);
                    if ((pawns[0] | pawns[1]) & files).is_zero() {
                        mg[c] -= w.king_pawnless_flank_mg;
                        eg[c] -= w.king_pawnless_flank_eg;
                    }
                    let zone = files & B::load(&self.camp[c]);
                    let n = (attacked[1 - c] & zone).count() + (attacked2[1 - c] & zone).count();
                    mg[c] -= w.king_flank * n as i32;
                    n as i32
                }
                _ => 0,
            };
            mg[c] += shelters[c];
            // A passed pawn-like piece whose way the enemy does not control.
            for cell in passed[c].cells() {
                let i = cell.index();
                let adv = self.advance[c][i] - 20;
                let Some(next) = self.step_ahead[c][i].filter(|_| adv > 0) else {
                    continue;
                };
                if occupied.has(next) {
                    continue;
                }
                let unsafe_cells = B::load(&self.span[c][i]) & attacked[1 - c];
                let k = if unsafe_cells.is_zero() {
                    w.passed_span_free
                } else if (unsafe_cells & B::load(&self.file_ahead[c][i])).is_zero() {
                    w.passed_path_free
                } else if !unsafe_cells.has(next) {
                    w.passed_block_free
                } else {
                    0
                } + if attacked[c].has(next) {
                    w.passed_block_guarded
                } else {
                    0
                };
                mg[c] += k * adv / 8;
                eg[c] += k * adv / 8;
            }
            if self.features.king_safety && (attackers[c] > 0 || safe_checks[c] > 0) {
                let weak = (zones[c] & attacked[1 - c] & !defended[c]).count() as i32;
                let enemy = if c == 0 { Color::Black } else { Color::White };
                let no_strongest = self
                    .strongest_kind
                    .is_some_and(|k| pos.cells_of(Piece::new(k, enemy)).is_empty());
                let d = danger[c] - w.king_no_strongest * no_strongest as i32
                    + w.king_attackers * attackers[c]
                    + w.king_weak * weak
                    + w.king_check * safe_checks[c]
                    + w.king_unsafe_check * unsafe_checks[c]
                    + w.king_flank_danger * flank * flank / 16
                    - w.king_shield * shields[c];
                if d > 0 {
                    let penalty = (d * d / 4096).min(w.king_danger_max);
                    mg[c] -= if attackers[c] >= 2 {
                        penalty
                    } else {
                        penalty / 2
                    };
                    eg[c] -= d / 16;
                }
            }
            if self.features.threats {
                let color = if c == 0 { Color::White } else { Color::Black };
                let own = B::load(pos.occupied(color));
                let pieces = own & !pawns[c];
                // Cells attacked by safe enemy pawn-like pieces (not attacked, or defended);
                // one whose attacks depend on the board counts as safe.
                let e = 1 - c;
                let mut safe_pawn_hits = B::ZERO;
                for cell in pawns[e].cells() {
                    if attacked[c].has(cell) && !attacked[e].has(cell) {
                        continue;
                    }
                    let p = pos.occupant(cell);
                    safe_pawn_hits |= match self.static_attacks[p.index()].get(cell.index()) {
                        Some(set) => B::load(set),
                        None => pawn_attacks[e],
                    };
                }
                let strong = pawn_attacks[c] | (attacked2[c] & !attacked2[e]);
                for cell in (pieces & pawn_attacks[e]).cells() {
                    if !self.royal[pos.occupant(cell).kind() as usize] {
                        let t = if safe_pawn_hits.has(cell) {
                            w.threat_by_pawn
                        } else {
                            w.threat_by_unsafe_pawn
                        };
                        mg[c] -= t;
                        eg[c] -= t;
                    }
                }
                for cell in (pieces & attacked2[e] & attacked[c] & !strong).cells() {
                    if !self.royal[pos.occupant(cell).kind() as usize] {
                        mg[c] -= w.hanging_twice;
                        eg[c] -= w.hanging_twice;
                    }
                }
                // Pieces attacked by a less valuable enemy piece (pawn-like attackers are
                // counted above): a share of the difference.
                let enemy = &hitters[1 - c];
                for cell in (pieces & attacked[1 - c] & !pawn_attacks[1 - c]).cells() {
                    let k = pos.occupant(cell).kind() as usize;
                    if self.royal[k] {
                        continue;
                    }
                    let victim = self.values[k];
                    let least = enemy
                        .iter()
                        .filter(|(_, att)| att.has(cell))
                        .map(|&(v, _)| v)
                        .min();
                    if let Some(v) = least.filter(|&v| v <= victim) {
                        let t = w.threat_flat + w.threat_by_lesser * (victim - v) / 1000;
                        mg[c] -= t;
                        eg[c] -= t;
                    }
                }
                // Enemy pawn-like pieces that a safe step would bring to attack a piece.
                let mut royals = B::ZERO;
                for &k in rules.royal_kinds(color) {
                    royals |= B::load(pos.cells_of(Piece::new(k, color)));
                }
                let targets = pieces & !royals;
                if !targets.is_zero() {
                    let mut pushed = 0;
                    for cell in pawns[e].cells() {
                        let Some(next) = self.step_ahead[e][cell.index()] else {
                            continue;
                        };
                        if occupied.has(next)
                            || pawn_attacks[c].has(next)
                            || (attacked[c].has(next) && !attacked[e].has(next))
                        {
                            continue;
                        }
                        let p = pos.occupant(cell);
                        if let Some(set) = self.static_attacks[p.index()].get(next.index()) {
                            pushed += (B::load(set) & targets).count() as i32;
                        }
                    }
                    mg[c] -= pushed * w.threat_push;
                    eg[c] -= pushed * w.threat_push;
                }
                let weak_pawns = pawns[c] & piece_hits[e] & !pawn_attacks[c];
                eg[c] -= weak_pawns.count() as i32 * w.threat_pawn_eg;
                let restricted = (attacked[c] & attacked[e] & !strong).count() as i32;
                mg[c] -= restricted * w.threat_restricted;
                eg[c] -= restricted * w.threat_restricted;
                for cell in (own & attacked[1 - c] & !attacked[c]).cells() {
                    let k = pos.occupant(cell).kind() as usize;
                    if self.royal[k] {
                        continue;
                    }
                    let h = if self.pawn_like[k] {
                        w.hanging / 2
                    } else {
                        w.hanging
                    };
                    mg[c] -= h;
                    eg[c] -= h;
                }
            }
        }
        (mg, eg)
    }
}

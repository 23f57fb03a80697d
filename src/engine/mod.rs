//! The built-in engine: an iterative-deepening alpha-beta (PVS) search over the public move
//! API ([`crate::movegen::generate_legal`], [`Position::make`]/[`Position::unmake`]), so it
//! plays every variant the interpreter runs — square or hexagonal, with hooks — with no
//! variant-specific code.
//!
//! - **Search** ([`search`]): negamax with principal variation search, a transposition table
//!   keyed by the Zobrist hash (depth, bound, score, best move), check extension, late move
//!   reductions for quiet moves, quiescence search on captures (the target holds an enemy
//!   piece, en passant, charges) and promotions, move ordering (TT move, MVV-LVA captures,
//!   promotions, two killers per ply, history), and depth / time / node limits checked as it
//!   goes.
//! - **Game end**: no legal move is checkmate (in check, when the rules score checkmate) or
//!   stalemate as the rules score it; extinction and royal-zone wins are judged at every node
//!   exactly as [`crate::outcome::outcome`] orders them; the automatic n-move rule draws; a
//!   position repeated on the current line (including the game's history) scores as a draw.
//!   Mate scores count plies so the fastest win is preferred.
//! - **Evaluation** ([`eval`]): material from the file's `value`s (or estimated from
//!   mobility), centralisation and advancement tables built from the compiled move records.

pub mod eval;
pub mod search;
pub mod tt;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::position::Position;
use crate::rules::Rules;
use crate::types::Move;

/// Score of a win at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The clock of the side to move, for the engine's time manager.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control adds time, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// How long a search may run. Unset limits do not apply; with none set the search stops at
/// depth [`search::DEFAULT_DEPTH`]. `infinite` searches until [`StopSignal::stop`] (depth
/// still applies if set).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Wall-clock time for the whole search.
    pub movetime: Option<Duration>,
    /// Maximum number of nodes (interior and quiescence).
    pub nodes: Option<u64>,
    /// The side to move's clock: the engine decides how much of it to use.
    pub clock: Option<Clock>,
    /// Search until stopped.
    pub infinite: bool,
}

/// Stops a running search from another thread (a protocol's `stop`, a GUI's button). The
/// search returns its best move found so far within a few thousand nodes.
#[derive(Debug, Clone, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// Ask the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for since the search began.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Clear the request (done by the engine when a search begins).
    pub(crate) fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// The wall-clock time the search may take: `movetime`, or a share of the clock
    /// (`None`: no time limit).
    pub fn time_budget(&self) -> Option<Duration> {
        if self.infinite {
            return self.movetime;
        }
        let from_clock = self.clock.map(|c| {
            let moves = c.moves_to_go.unwrap_or(30).clamp(1, 60);
            let share = c.remaining / moves + c.increment * 3 / 4;
            // Never plan to use more than half of what is left, and keep a safety margin.
            share
                .min(c.remaining / 2)
                .saturating_sub(Duration::from_millis(5))
                .max(Duration::from_millis(1))
        });
        match (self.movetime, from_clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// One line of a multi-line search: a root move, its score and its principal variation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Score in centipawns for the side to move.
    pub score: i32,
    /// The line, starting with its root move.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move or the game is over).
    pub best: Option<Move>,
    /// Score in centipawns for the side to move; beyond ±[`MATE_BOUND`] a forced win/loss.
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Time spent.
    pub elapsed: Duration,
    /// With [`Engine::set_multipv`] above 1: the best lines, best first (the first is `pv`).
    pub lines: Vec<Line>,
}

impl SearchResult {
    /// Plies to a forced win (positive) or loss (negative), if the score is a mate score.
    pub fn mate_in_plies(&self) -> Option<i32> {
        if self.score > MATE_BOUND {
            Some(MATE - self.score)
        } else if self.score < -MATE_BOUND {
            Some(-(MATE + self.score))
        } else {
            None
        }
    }

    /// The score as text: `+1.25`, `-0.50`, `forced win in 3 move(s)`, `forced loss in 2 move(s)`.
    pub fn score_text(&self) -> String {
        match self.mate_in_plies() {
            Some(p) if p > 0 => format!("forced win in {} move(s)", (p + 1) / 2),
            Some(p) => format!("forced loss in {} move(s)", (-p + 1) / 2),
            None => format!("{:+.2}", self.score as f64 / 100.0),
        }
    }
}

/// A reusable engine: owns the transposition table (sized at creation) and the search's
/// working tables. Keep one per game so the table carries over from move to move.
pub struct Engine {
    pub(crate) tt: tt::Table,
    pub(crate) seed: Option<u64>,
    pub(crate) state: search::State,
    pub(crate) stop: StopSignal,
    pub(crate) threads: usize,
    pub(crate) multipv: usize,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a transposition table of about `tt_megabytes` MiB.
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: tt::Table::new(tt_megabytes),
            seed: None,
            state: search::State::default(),
            stop: StopSignal::default(),
            threads: 1,
            multipv: 1,
        }
    }

    /// A handle that stops this engine's running search from another thread.
    pub fn stop_signal(&self) -> StopSignal {
        self.stop.clone()
    }

    /// Search with this many threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Report this many best lines (at least 1) in [`SearchResult::lines`].
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.max(1);
    }

    /// Vary play deterministically: a seed adds a small jitter (under ±0.08 pawns) keyed by
    /// the position's hash to the evaluation; `None` turns it off.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// Forget what earlier searches stored (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Search the position (restored on return) and return the best move found.
    pub fn search(&mut self, rules: &Rules, pos: &mut Position, limits: &Limits) -> SearchResult {
        self.search_with(rules, pos, limits, &mut |_| {})
    }

    /// As [`Engine::search`], calling `report` after every completed iteration.
    pub fn search_with(
        &mut self,
        rules: &Rules,
        pos: &mut Position,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        search::run(self, rules, pos, limits, report)
    }
}

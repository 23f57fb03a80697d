//! The built-in engine: an iterative-deepening alpha-beta (PVS) search over the move API
//! ([`crate::movegen::generate_legal`], [`Position::make`]/[`Position::unmake`]) and the
//! compiled rules, so it plays every variant the interpreter runs — square or hexagonal,
//! with hooks and every game-end rule — with no variant-specific code.
//!
//! - **Search** ([`search`]): principal variation search with aspiration windows, a
//!   transposition table shared lock-free by all threads ([`tt`], lazy SMP with
//!   [`Engine::set_threads`]), null-move pruning, ProbCut (a capture whose search four plies
//!   shallower beats beta by a margin cuts the node), late-move reductions, futility, razoring,
//!   late-move and history pruning (all three keep quiet moves that check; futility and
//!   exchange margins at the depth left after the move's reduction), static exchange
//!   evaluation ([`see`]) for ordering and pruning captures, check extension (for checks
//!   that do not lose the checking piece), singular extension of the table move (and
//!   multi-cut; off by default, see [`Features::singular`]), killers, counter moves,
//!   history, continuation history (one and two plies back) and capture history,
//!   correction history (the static evaluation, in the search and in quiescence, corrected
//!   by how far searches of positions with the same pawn-like structure found it off),
//!   quiescence on captures, promotions, goal steps and (at its first ply) quiet checks (all
//!   evasions in check), MultiPV ([`Engine::set_multipv`]), and a time manager ([`time`]) behind [`Limits`].
//! - **Game end**: no legal move is checkmate or stalemate as the rules score it; a result a
//!   variant rule decides on the board (extinction, goals, n-check, bare king) is read from
//!   `movegen::decision` at every node; the automatic n-move rule draws; a
//!   position repeated on the current line (including the game's history) scores as a draw.
//!   Mate scores count plies so the fastest win is preferred.
//! - **Evaluation** ([`eval`]): material, piece-square tables, mobility, king safety, pawn
//!   structure, threats and endgame scaling, all derived from the compiled rules, with
//!   weights fitted to game results.
//! - **Learned evaluation** ([`net`], off unless given with [`Engine::set_net`]): a small
//!   network over the pieces' cells, added to the evaluation or replacing it.
//! - **Measuring**: [`Features`] switches techniques off, [`Engine::set_weights`] replaces
//!   the evaluation's weights, [`Engine::set_net`] adds a learned one (`fairyrules match`
//!   uses all three).

mod attack_sets;
pub mod eval;
pub mod net;
pub mod search;
pub mod see;
pub mod time;
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

/// A hash of the words of some cell sets, in order (the key of the tables that depend on
/// where the pawn-like pieces stand: the evaluation's pawn cache, the correction history).
pub(crate) fn hash_words<'a>(words: impl IntoIterator<Item = &'a u64>) -> u64 {
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
    for &word in words {
        h = (h ^ word).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 29;
    }
    h
}

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

    /// The most wall-clock time the search may take: `movetime`, or what the time manager
    /// allows of the clock (`None`: no time limit). See [`time::TimePlan`]: the search
    /// usually stops well before this, at its soft budget.
    pub fn time_budget(&self) -> Option<Duration> {
        time::TimePlan::new(self).hard
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
    /// Selective depth of that iteration: the deepest ply its principal-variation searches
    /// reached, extensions and quiescence included (UCI's `seldepth`).
    pub seldepth: u32,
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
    /// Learning tables per thread (the first is the main thread's).
    pub(crate) states: Vec<search::State>,
    pub(crate) stop: StopSignal,
    pub(crate) threads: usize,
    pub(crate) multipv: usize,
    pub(crate) features: Features,
    pub(crate) weights: eval::Weights,
    /// The last search's evaluation tables and cache, with the [`Rules::id`] they are for
    /// (kept so that the next search of the same variant starts with a warm cache).
    pub(crate) evaluator: Option<(u64, eval::Evaluator)>,
    /// A learned evaluation ([`net`]) the evaluator uses, when set.
    pub(crate) net: Option<std::sync::Arc<net::Net>>,
}

/// The search and evaluation techniques, each of which can be switched off to measure
/// what it is worth (`fairyrules match --engine1 "fairyrules -null-move"`). All are on by
/// default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Static exchange evaluation: ordering losing captures last, pruning them.
    pub see: bool,
    /// Killer and counter-move ordering.
    pub killers: bool,
    /// Counter-move ordering (with `killers`).
    pub counter_moves: bool,
    /// History ordering of quiet moves.
    pub history: bool,
    /// Continuation history (a quiet move's record as the reply to the previous move and as
    /// the follow-up of the side's own move before it), with `history`.
    pub continuation: bool,
    /// One more ply when in check.
    pub check_extension: bool,
    /// Aspiration windows at the root.
    pub aspiration: bool,
    /// Futility, reverse futility, late-move and delta pruning.
    pub futility: bool,
    /// Razoring.
    pub razoring: bool,
    /// Singular extensions of the table move (and multi-cut). Off by default: they made the
    /// trees larger than what they bought was worth, against Fairy-Stockfish at equal nodes
    /// and at 0.1 s a move (README's "Strength" has the runs). `+singular` switches them on.
    pub singular: bool,
    /// Quiet checking moves at the first ply of quiescence.
    pub qs_checks: bool,
    /// In quiescence, once a move has saved the side in check from being mated, a quiet
    /// evasion that loses material by exchange is left out (past the first two moves at
    /// quiescence's first ply), as Stockfish does. Off by default: at 0.1 s a move against
    /// Fairy-Stockfish it scored 39.5 against 43.5 on the same 300 openings and colours
    /// (README's "Changes measured and not taken"); `+qs-evasion-pruning` switches it on.
    pub qs_evasion_pruning: bool,
    /// In quiescence, a capture that checks is spared the futility cuts (its gain leaving
    /// the score short of alpha), as Stockfish does; the exchange test still applies. Off by
    /// default: 37.5 against 43.5 on the same 300 (the same table); `+qs-check-captures`.
    pub qs_check_captures: bool,
    /// A quiet move near the leaves that loses the exchange by more than its pruning
    /// threshold is still searched when it checks and loses no more than a capture may (100
    /// cp a ply), as Stockfish's thresholds treat checks; without it such a move is pruned
    /// whether it checks or not. Off by default: at 0.1 s a move against Fairy-Stockfish it
    /// scored 64.0 against 60.0 on the same 450 openings and colours, within the margin
    /// (README's "Changes measured and not taken"); `+see-checks` switches it on.
    pub see_checks: bool,
    /// Capture history ordering (with `history`'s updates).
    pub capture_history: bool,
    /// ProbCut: a capture whose reduced search beats beta by a margin cuts the node.
    pub probcut: bool,
    /// Correction history: the static evaluation corrected by how far searches of
    /// positions with the same pawn-like structure found it off.
    pub correction: bool,
    /// Evaluation: mobility.
    pub mobility: bool,
    /// Evaluation: king safety.
    pub king_safety: bool,
    /// Evaluation: pawn structure.
    pub pawn_structure: bool,
    /// Evaluation: threats (pieces attacked by pawns, hanging pieces).
    pub threats: bool,
    /// Evaluation: the learned one, the variant file's (`[engine] net`, [`Rules::net`]) or
    /// the one given with [`Engine::set_net`]; `-net` plays with the hand-crafted one alone.
    pub net: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            null_move: true,
            lmr: true,
            see: true,
            killers: true,
            counter_moves: true,
            history: true,
            continuation: true,
            check_extension: true,
            aspiration: true,
            futility: true,
            razoring: true,
            singular: false,
            qs_checks: true,
            qs_evasion_pruning: false,
            qs_check_captures: false,
            see_checks: false,
            capture_history: true,
            probcut: true,
            correction: true,
            mobility: true,
            king_safety: true,
            pawn_structure: true,
            threats: true,
            net: true,
        }
    }
}

impl Features {
    /// The names [`Features::set`] takes, in declaration order.
    pub const NAMES: &'static [&'static str] = &[
        "null-move",
        "lmr",
        "see",
        "killers",
        "counter-moves",
        "history",
        "continuation",
        "check-extension",
        "aspiration",
        "futility",
        "razoring",
        "singular",
        "qs-checks",
        "qs-evasion-pruning",
        "qs-check-captures",
        "see-checks",
        "capture-history",
        "probcut",
        "correction",
        "mobility",
        "king-safety",
        "pawn-structure",
        "threats",
        "net",
    ];

    /// Switch the technique called `name` (one of [`Features::NAMES`]) on or off.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), String> {
        let flag = match name {
            "null-move" => &mut self.null_move,
            "lmr" => &mut self.lmr,
            "see" => &mut self.see,
            "killers" => &mut self.killers,
            "counter-moves" => &mut self.counter_moves,
            "history" => &mut self.history,
            "continuation" => &mut self.continuation,
            "check-extension" => &mut self.check_extension,
            "aspiration" => &mut self.aspiration,
            "futility" => &mut self.futility,
            "razoring" => &mut self.razoring,
            "singular" => &mut self.singular,
            "qs-checks" => &mut self.qs_checks,
            "qs-evasion-pruning" => &mut self.qs_evasion_pruning,
            "qs-check-captures" => &mut self.qs_check_captures,
            "see-checks" => &mut self.see_checks,
            "capture-history" => &mut self.capture_history,
            "probcut" => &mut self.probcut,
            "correction" => &mut self.correction,
            "mobility" => &mut self.mobility,
            "king-safety" => &mut self.king_safety,
            "pawn-structure" => &mut self.pawn_structure,
            "threats" => &mut self.threats,
            "net" => &mut self.net,
            _ => {
                return Err(format!(
                    "unknown engine feature `{name}` (known: {})",
                    Features::NAMES.join(", ")
                ))
            }
        };
        *flag = on;
        Ok(())
    }

    /// The default techniques with the variant file's learned evaluation on or off (the
    /// protocols' `Use Net` option).
    pub fn with_net(on: bool) -> Features {
        Features {
            net: on,
            ..Features::default()
        }
    }

    /// Features from words like `-null-move -lmr` (`-name` off, `+name` on), starting from
    /// the defaults (every technique on but `singular`).
    pub fn parse(words: &str) -> Result<Features, String> {
        let mut f = Features::default();
        for word in words.split([' ', ',']).filter(|w| !w.is_empty()) {
            match word.split_at(1) {
                ("-", name) => f.set(name, false)?,
                ("+", name) => f.set(name, true)?,
                _ => return Err(format!("engine feature `{word}`: write -name or +name")),
            }
        }
        Ok(f)
    }
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
            states: Vec::new(),
            stop: StopSignal::default(),
            threads: 1,
            multipv: 1,
            features: Features::default(),
            weights: eval::Weights::default(),
            evaluator: None,
            net: None,
        }
    }

    /// Switch search and evaluation techniques on or off ([`Features::default`]: all on but
    /// `singular`).
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
        self.evaluator = None;
    }

    /// Use these evaluation weights (for tuning).
    pub fn set_weights(&mut self, weights: eval::Weights) {
        self.weights = weights;
        self.evaluator = None;
    }

    /// Use a learned evaluation ([`net`]) with the hand-crafted one or in its place, in place
    /// of the one the variant file names ([`Rules::net`]; `None`: the file's, if any). A net
    /// that does not fit a variant's rules ([`net::Net::check`]) is not used for it.
    pub fn set_net(&mut self, net: Option<std::sync::Arc<net::Net>>) {
        self.net = net;
        self.evaluator = None;
    }

    /// The learned evaluation this engine plays `rules` with: the one given with
    /// [`Engine::set_net`], else the variant file's ([`Rules::net`]); none with `-net`
    /// ([`Features::net`]).
    pub fn net_for(&self, rules: &Rules) -> Option<std::sync::Arc<net::Net>> {
        if !self.features.net {
            return None;
        }
        self.net.clone().or_else(|| rules.net().cloned())
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
        self.evaluator = None;
    }

    /// Forget what earlier searches stored (a new game): the table, the learning tables
    /// and the evaluation cache (whose complete evaluations stand where a lazy estimate
    /// would, so it steers a search), so that a game is played as by a fresh engine. The
    /// evaluation's tables stay: they depend only on the rules, the weights and the features.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.states.clear();
        if let Some((_, evaluator)) = self.evaluator.as_mut() {
            evaluator.clear_cache();
        }
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

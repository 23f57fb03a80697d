//! Iterative-deepening principal variation search. See the module documentation of
//! [`crate::engine`] for the techniques; this file has the root driver (threads, aspiration
//! windows, MultiPV, time), the interior search and the quiescence search.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::eval::Evaluator;
use super::see::{exchange_values, see_at_least, ExchangeValues};
use super::time::{stop_after_iteration, Stability, TimePlan};
use super::tt::{pack_move, Bound, Table};
use super::{Engine, Features, Limits, Line, SearchResult, StopSignal, MATE, MATE_BOUND};
use crate::movegen::decision::decision;
use crate::movegen::{
    captures, generate_legal, generate_pseudo, in_check, legal_moves, royal_attacked, CheckScreen,
};
use crate::outcome::{outcome, Outcome};
use crate::position::Position;
use crate::rules::{Rules, StalemateResult, Verdict};
use crate::types::{Cell, CellSet, Color, KindId, Move, MoveKind, Piece};

/// Depth searched when no limit at all is given.
pub const DEFAULT_DEPTH: u32 = 6;
/// Deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// Longest line (plies from the root, extensions and quiescence included).
const MAX_PLY: usize = 128;
/// Larger than any score.
const INF: i32 = 32_000;
/// Nodes between clock checks (a power of two).
const CLOCK_INTERVAL: u64 = 1024;
/// History scores stay within ±this.
const HISTORY_MAX: i32 = 16_384;
/// Quiescence plies after which a check is no longer answered with all evasions.
const QS_CHECK_PLIES: usize = 6;
/// Quiescence's futility margin: a capture whose gain leaves the score this far below
/// alpha is not searched, nor, once the score stands this far below alpha, one that wins no
/// material by exchange. Was 200 with only losing captures left out; a pawn and the second
/// rule (Stockfish 11's) scored +20.5 ± 12.4 over 850 paired games at 0.1 s a move against
/// Fairy-Stockfish (stop 58, README's Strength).
const QS_DELTA: i32 = 100;
/// Ordering key of a quiet move kept in quiescence because it may check (after every
/// capture).
const QUIET_CHECK: i32 = i32::MIN + 1;
/// Ordering key base of a capture or promotion that does not lose material (by its
/// exchange), above the killers (`1 << 27`) and quiet moves.
const GOOD_CAPTURE: i32 = 1 << 28;
/// Ordering key base of a capture that loses material, below the quiet moves.
const LOSING_CAPTURE: i32 = -(1 << 24);
/// In `Worker::pending`: no exchange test to make.
const NOT_PENDING: i32 = i32::MIN;

/// The index of the first of the highest keys among `scores[from..]` (the selection sort's
/// choice of the next move to search).
#[inline]
fn first_best(scores: &[i32], from: usize) -> usize {
    let mut best = from;
    for j in from + 1..scores.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    best
}

/// The search's learning tables of one thread, kept in the [`Engine`] between searches.
#[derive(Default)]
pub struct State {
    /// Quiet-move history per (piece, destination).
    history: Vec<i32>,
    /// The reply that refuted a move last time, per (piece, destination) of that move.
    counters: Vec<u32>,
    /// Continuation history: how good a quiet move was as the reply to the previous move,
    /// per (previous piece and destination, piece and destination); empty on boards where
    /// it would exceed [`MAX_CONTINUATION`] entries.
    continuation: Vec<i16>,
    /// Capture history: how often a capture refuted a position, per (piece, destination,
    /// captured kind).
    captures: Vec<i16>,
    /// Correction history: how far searches found the static evaluation off, per side to
    /// move and pawn-like structure (a hash of the cells of the pawn-like pieces), in
    /// 1/[`CORRECTION_GRAIN`] centipawns.
    correction: Vec<i32>,
}

/// Entries of the correction history per side.
const CORRECTION_SIZE: usize = 1 << 14;
/// Fraction of a centipawn the correction history counts in.
const CORRECTION_GRAIN: i32 = 256;
/// Largest correction, in centipawns.
const CORRECTION_MAX: i32 = 64;

/// Largest continuation-history table, in entries (32 MiB).
const MAX_CONTINUATION: usize = 16 << 20;

impl State {
    fn prepare(&mut self, size: usize, kinds: usize) {
        if self.history.len() != size || self.captures.len() != size * kinds {
            self.history = vec![0; size];
            self.captures = vec![0; size * kinds];
            self.counters = vec![0; size];
            self.continuation = if size * size <= MAX_CONTINUATION {
                vec![0; size * size]
            } else {
                Vec::new()
            };
            self.correction = vec![0; 2 * CORRECTION_SIZE];
        } else {
            self.history.iter_mut().for_each(|h| *h /= 2);
            self.continuation.iter_mut().for_each(|h| *h /= 2);
            self.captures.iter_mut().for_each(|h| *h /= 2);
        }
    }
}

/// What all threads of one search share.
struct Shared<'a> {
    tt: &'a Table,
    stop: AtomicBool,
    signal: StopSignal,
    nodes: AtomicU64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
}

impl Shared<'_> {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Per-ply scratch of one thread.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// Static evaluation (`None` in check).
    eval: Option<i32>,
    /// The move made from this ply and the piece that made it (`None`: a null move).
    made: Option<(Move, Piece)>,
    killers: [Option<Move>; 2],
    /// Whether the check given by the move into this ply earns an extension (it does not
    /// lose material by exchange).
    extend_check: bool,
    /// The move left out of this node's search (the singular-extension test), packed.
    excluded: Option<u32>,
    /// The evaluation before the correction history and the table refined it, and the
    /// correction-history slot of the position (`None` in check or without the feature).
    raw_eval: Option<(i32, usize)>,
}

/// A completed iteration's findings.
#[derive(Clone, Default)]
struct Iteration {
    depth: u32,
    seldepth: u32,
    lines: Vec<Line>,
}

struct Worker<'a> {
    rules: &'a Rules,
    shared: &'a Shared<'a>,
    eval: Evaluator,
    see_values: &'a ExchangeValues,
    st: &'a mut State,
    features: Features,
    main: bool,
    cells: usize,
    nodes: u64,
    published: u64,
    /// The deepest ply + 1 a principal-variation node of this iteration reached.
    seldepth: usize,
    stop: bool,
    may_stop: bool,
    frames: Vec<Frame>,
    bufs: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    /// Per ply, beside `scores`: a capture's or promotion's gain while its exchange test
    /// is still to be made ([`NOT_PENDING`] once made, or for other moves).
    pending: Vec<Vec<i32>>,
    quiets: Vec<Vec<Move>>,
    /// Per ply: the captures searched without a cutoff.
    tried_captures: Vec<Vec<Move>>,
    /// Hashes of the game's positions and of the current line, oldest first.
    path: Vec<u64>,
    /// Index in `path` of the position after the last null move (repetitions stop there).
    null_barrier: usize,
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    root_excluded: Vec<Move>,
    /// The best root move of the running iteration, its score and line.
    iter_best: Option<(Move, i32, Vec<Move>)>,
    null_sound: bool,
    /// Whether the rules allow a [`CheckScreen`] (decided once).
    screens_checks: bool,
    /// Whether the rules filter moves beyond royal safety (quiescence then generates legal
    /// moves only).
    exact_moves: bool,
    lmr: Vec<[u8; 64]>,
    /// The pieces of pawn-like kinds, both colours (the correction history's structure).
    pawn_pieces: Vec<Piece>,
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Score of a finished game for the side to move, `ply` plies from the root.
fn outcome_score(result: &Outcome, side: Color, ply: usize) -> i32 {
    match result {
        Outcome::Ongoing | Outcome::Draw { .. } => 0,
        Outcome::Win { winner, .. } if *winner == side => MATE - ply as i32,
        Outcome::Win { .. } => -(MATE - ply as i32),
    }
}

/// Whether null-move pruning is sound for these rules at all. A null move assumes that
/// moving is never worse than passing; that fails where having no move wins or loses
/// (stalemate not scored as a draw) and where captures are compulsory (a move may be
/// forced into a loss), and where passing is itself a legal move (the null move would then
/// be searched as a real move with a different meaning).
pub fn null_move_sound(rules: &Rules) -> bool {
    let end = rules.end_rules();
    end.stalemate == StalemateResult::Draw && !end.forced_capture && end.pass.is_none()
}

/// How far above beta a reduced capture search must score for ProbCut to cut.
const PROBCUT_MARGIN: i32 = 200;

/// The late-move reduction table, plies by (depth, move number): 0.5 + ln d · ln m / 1.5.
/// The divisor was 2.25 until our tree to a fixed depth was measured at 2.6 times
/// Fairy-Stockfish's (70 chess positions from games against it, depth 10); 1.5 scored
/// +31 (95%: −7..+71) in chess and +21 (−23..+66) in Capablanca, 200 self-play games each at
/// 40 ms a move; 1.25 scored −17 (−57..+22) against 1.5 in chess.
fn lmr_table() -> Vec<[u8; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0u8; 64];
            for (m, r) in row.iter_mut().enumerate() {
                if d > 0 && m > 0 {
                    let v = 0.5 + (d as f64).ln() * (m as f64).ln() / 1.5;
                    *r = v.max(0.0) as u8;
                }
            }
            row
        })
        .collect()
}

pub(crate) fn run(
    engine: &mut Engine,
    rules: &Rules,
    pos: &mut Position,
    limits: &Limits,
    report: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let start = Instant::now();
    engine.stop.reset();
    engine.tt.new_search();
    let plan = TimePlan::new(limits);
    let mut result = SearchResult {
        best: None,
        score: 0,
        depth: 0,
        seldepth: 0,
        nodes: 0,
        pv: Vec::new(),
        elapsed: Duration::ZERO,
        lines: Vec::new(),
    };
    let decided = outcome(rules, pos);
    if decided != Outcome::Ongoing {
        result.score = outcome_score(&decided, pos.side_to_move(), 0);
        result.elapsed = start.elapsed();
        return result;
    }
    let root_moves = legal_moves(rules, pos);
    result.best = root_moves.first().copied();
    result.pv = result.best.into_iter().collect();

    let unlimited =
        limits.depth.is_none() && plan.hard.is_none() && limits.nodes.is_none() && !limits.infinite;
    let max_depth = limits
        .depth
        .unwrap_or(if unlimited { DEFAULT_DEPTH } else { MAX_DEPTH })
        .clamp(1, MAX_DEPTH);
    let shared = Shared {
        tt: &engine.tt,
        stop: AtomicBool::new(false),
        signal: engine.stop.clone(),
        nodes: AtomicU64::new(0),
        node_limit: limits.nodes,
        deadline: plan.hard.map(|t| start + t),
    };
    let evaluator = match engine.evaluator.take() {
        Some((id, kept)) if id == rules.id => kept,
        _ => {
            let mut e = Evaluator::with_weights(
                rules,
                engine.seed,
                engine.weights.clone(),
                engine.features,
            );
            e.set_net(rules, engine.net_for(rules));
            e
        }
    };
    let see_values = exchange_values(rules, &evaluator.values);
    let history_size = rules.kinds().len() * 2 * rules.cells();
    let threads = engine.threads;
    while engine.states.len() < threads {
        engine.states.push(State::default());
    }
    let multipv = engine.multipv.min(root_moves.len()).max(1);
    let features = engine.features;
    let (main_state, helper_states) = engine.states.split_at_mut(1);
    let context = Context {
        rules,
        shared: &shared,
        see_values: &see_values,
        features,
        history_size,
    };
    let single_reply = root_moves.len() == 1 && plan.soft.is_some() && !limits.infinite;
    let mut main_result: Option<Iteration> = None;
    let mut kept_evaluator = None;
    std::thread::scope(|scope| {
        for (i, st) in helper_states.iter_mut().take(threads - 1).enumerate() {
            let mut helper_pos = pos.clone();
            let mut w = Worker::new(&context, evaluator.clone(), st, false);
            scope.spawn(move || {
                w.iterate(
                    &mut helper_pos,
                    max_depth,
                    1 + (i as u32 + 1) % 2,
                    1,
                    start,
                    &plan,
                    &mut |_| {},
                );
            });
        }
        let mut w = Worker::new(&context, evaluator, &mut main_state[0], true);
        let mut last: Option<Iteration> = None;
        w.iterate(
            pos,
            if single_reply { 1 } else { max_depth },
            1,
            multipv,
            start,
            &plan,
            &mut |it| {
                let mut r = result.clone();
                fill_result(&mut r, it);
                r.nodes = shared.nodes.load(Ordering::Relaxed);
                r.elapsed = start.elapsed();
                report(&r);
                last = Some(it.clone());
            },
        );
        w.publish();
        shared.stop.store(true, Ordering::Relaxed);
        main_result = last;
        if let (Some(done), Some((_, score, line)), 1) = (&mut main_result, &w.iter_best, multipv) {
            // An unfinished iteration already found a root move better than the last
            // completed one's.
            done.lines = vec![Line {
                score: *score,
                pv: line.clone(),
            }];
        }
        kept_evaluator = Some(w.eval);
    });
    engine.evaluator = kept_evaluator.map(|e| (rules.id, e));
    if let Some(it) = &main_result {
        fill_result(&mut result, it);
    }
    result.nodes = shared.nodes.load(Ordering::Relaxed);
    result.elapsed = start.elapsed();
    if result.lines.is_empty() {
        result.lines = vec![Line {
            score: result.score,
            pv: result.pv.clone(),
        }];
    }
    result
}

fn fill_result(r: &mut SearchResult, it: &Iteration) {
    if let Some(first) = it.lines.first() {
        r.best = first.pv.first().copied().or(r.best);
        r.score = first.score;
        r.pv = first.pv.clone();
    }
    r.depth = it.depth;
    r.seldepth = it.seldepth;
    r.lines = it.lines.clone();
}

/// What every worker of one search is built from.
struct Context<'a> {
    rules: &'a Rules,
    shared: &'a Shared<'a>,
    see_values: &'a ExchangeValues,
    features: Features,
    history_size: usize,
}

impl<'a> Worker<'a> {
    fn new(cx: &Context<'a>, eval: Evaluator, st: &'a mut State, main: bool) -> Worker<'a> {
        st.prepare(cx.history_size, cx.rules.kinds().len());
        let nothing = Move::normal(Cell::from_index(0), Cell::from_index(0));
        Worker {
            rules: cx.rules,
            shared: cx.shared,
            eval,
            see_values: cx.see_values,
            st,
            features: cx.features,
            main,
            cells: cx.rules.cells(),
            nodes: 0,
            published: 0,
            seldepth: 0,
            stop: false,
            may_stop: !main,
            frames: vec![Frame::default(); MAX_PLY + 2],
            bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            pending: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            quiets: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            tried_captures: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            path: Vec::new(),
            null_barrier: 0,
            pv: vec![nothing; MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY + 1],
            root_excluded: Vec::new(),
            iter_best: None,
            null_sound: null_move_sound(cx.rules) && cx.features.null_move,
            screens_checks: CheckScreen::applies(cx.rules),
            exact_moves: cx.rules.filters_moves || !cx.rules.end_rules().giving_check,
            lmr: lmr_table(),
            pawn_pieces: (0..cx.rules.kinds().len() as KindId)
                .filter(|&k| cx.rules.is_pawn_like(k))
                .flat_map(|k| Color::BOTH.map(|c| Piece::new(k, c)))
                .collect(),
        }
    }
}

impl Worker<'_> {
    /// Iterative deepening from `first_depth` to `max_depth`; the main thread reports each
    /// completed iteration and decides when to stop.
    #[allow(clippy::too_many_arguments)]
    fn iterate(
        &mut self,
        pos: &mut Position,
        max_depth: u32,
        first_depth: u32,
        multipv: usize,
        start: Instant,
        plan: &TimePlan,
        report: &mut dyn FnMut(&Iteration),
    ) {
        self.path.clear();
        self.path.extend(pos.history_hashes());
        self.path.push(pos.hash());
        self.null_barrier = 0;
        let mut prev: Option<Iteration> = None;
        let mut stability = Stability::default();
        for depth in first_depth..=max_depth {
            if !self.main {
                self.may_stop = true;
            } else {
                // The first iteration always completes, so that there is a searched move.
                self.may_stop = depth > 1;
            }
            self.root_excluded.clear();
            self.seldepth = 0;
            let mut lines: Vec<Line> = Vec::new();
            for k in 0..multipv {
                let guess = prev.as_ref().and_then(|p| p.lines.get(k)).map(|l| l.score);
                self.iter_best = None;
                let score = self.aspiration(pos, depth as i32, guess);
                if self.stop {
                    break;
                }
                let Some((mv, _, line)) = self.iter_best.take() else {
                    break;
                };
                lines.push(Line { score, pv: line });
                self.root_excluded.push(mv);
            }
            if self.stop {
                break;
            }
            lines.sort_by_key(|l| std::cmp::Reverse(l.score));
            let it = Iteration {
                depth,
                seldepth: self.seldepth as u32,
                lines,
            };
            if let (Some(p), Some(now)) = (&prev, it.lines.first()) {
                let before = p.lines.first();
                if before.and_then(|l| l.pv.first()) == now.pv.first() {
                    stability.same_best += 1;
                } else {
                    stability.same_best = 0;
                }
                stability.score_drop = before.map_or(0, |b| (b.score - now.score).max(0));
            }
            if self.main {
                self.publish();
                report(&it);
            }
            let best_score = it.lines.first().map_or(0, |l| l.score);
            prev = Some(it);
            if !self.main {
                continue;
            }
            // A forced result found well within the depth: deeper searches (which prune
            // less near it) would only confirm it or find a shorter one.
            if best_score.abs() > MATE_BOUND && (MATE - best_score.abs()) as u32 + 4 <= depth {
                break;
            }
            if stop_after_iteration(plan, start.elapsed(), stability) {
                break;
            }
        }
    }

    /// The root search at `depth` in a window around `guess`, widened until the score falls
    /// inside it.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, guess: Option<i32>) -> i32 {
        let guess = match guess {
            Some(g) if self.features.aspiration && depth >= 5 && g.abs() < MATE_BOUND => g,
            _ => {
                return self.negamax(
                    pos,
                    depth,
                    -INF,
                    INF,
                    0,
                    true,
                    false,
                    in_check(self.rules, pos),
                )
            }
        };
        let mut delta = 18;
        let mut alpha = (guess - delta).max(-INF);
        let mut beta = (guess + delta).min(INF);
        let checked = in_check(self.rules, pos);
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0, true, false, checked);
            if self.stop {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta += delta / 2 + 5;
            if delta > 1_000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    fn publish(&mut self) {
        let fresh = self.nodes - self.published;
        self.shared.nodes.fetch_add(fresh, Ordering::Relaxed);
        self.published = self.nodes;
    }

    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stop {
            return true;
        }
        if !self.may_stop {
            return false;
        }
        if let Some(n) = self.shared.node_limit {
            let total = self.shared.nodes.load(Ordering::Relaxed) + self.nodes - self.published;
            if total >= n {
                self.stop = true;
                return true;
            }
        }
        if self.nodes & (CLOCK_INTERVAL - 1) == 0 {
            self.publish();
            if self.shared.stopped() || self.shared.signal.is_stopped() {
                self.stop = true;
                return true;
            }
            if let Some(d) = self.shared.deadline {
                if Instant::now() >= d {
                    self.stop = true;
                    self.shared.stop.store(true, Ordering::Relaxed);
                    return true;
                }
            }
        }
        false
    }

    /// The result a variant rule has decided on the board (extinction, goals, n-check, bare
    /// king: [`crate::movegen::decision`]), as a score for the side to move.
    fn variant_result(&self, pos: &mut Position, ply: usize) -> Option<i32> {
        if !self.rules.end_rules().has_board_decisions() {
            return None;
        }
        let decided = decision(self.rules, pos)?;
        Some(outcome_score(&decided, pos.side_to_move(), ply))
    }

    /// The score of a position without legal moves: checkmate and stalemate as the rules
    /// score them.
    fn no_moves_score(&self, pos: &Position, checked: bool, ply: usize) -> i32 {
        let mate = MATE - ply as i32;
        let end = self.rules.end_rules();
        if checked {
            match end.checkmate {
                Some(Verdict::Loss) => return -mate,
                Some(Verdict::Win) => return mate,
                Some(Verdict::Draw) => return 0,
                None => {}
            }
        }
        match end.stalemate {
            StalemateResult::Draw => 0,
            StalemateResult::Win => mate,
            StalemateResult::Loss => -mate,
            StalemateResult::FewerPieces => {
                let side = pos.side_to_move();
                let (own, other) = (
                    pos.occupied(side).count(),
                    pos.occupied(side.flip()).count(),
                );
                match own.cmp(&other) {
                    std::cmp::Ordering::Less => mate,
                    std::cmp::Ordering::Greater => -mate,
                    std::cmp::Ordering::Equal => 0,
                }
            }
        }
    }

    /// The current position (last on the path) occurred before, with the same side to move,
    /// since the last irreversible move (or null move).
    fn is_repetition(&self, pos: &Position) -> bool {
        let path = &self.path;
        let n = path.len();
        let current = path[n - 1];
        let window = (pos.halfmove_clock() as usize)
            .min(n - 1)
            .min(n - 1 - self.null_barrier.min(n - 1));
        let mut back = 4;
        while back <= window {
            if path[n - 1 - back] == current {
                return true;
            }
            back += 2;
        }
        false
    }

    /// Material an enemy loses by this move (`None` when it captures no enemy piece).
    #[inline]
    fn capture_gain(&self, pos: &Position, mv: &Move) -> Option<i32> {
        let side = pos.side_to_move();
        let value_of = |piece: Option<Piece>| -> Option<(bool, i32)> {
            piece.map(|p| (p.color() != side, self.eval.value(p.kind())))
        };
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep { .. } => match value_of(pos.piece_at(mv.to)) {
                Some((true, v)) => Some(v),
                _ => None,
            },
            MoveKind::EnPassant { victim } => {
                Some(value_of(pos.piece_at(victim)).map_or(0, |x| x.1))
            }
            MoveKind::Castle { .. } | MoveKind::Pass | MoveKind::Drop { .. } => None,
            MoveKind::Sweep { first } => {
                let mut enemy = false;
                let mut gain = 0;
                for cell in self.rules.geometry().line_after(mv.from, first, mv.to) {
                    if let Some((is_enemy, v)) = value_of(pos.piece_at(cell)) {
                        if is_enemy {
                            enemy = true;
                            gain += v;
                        } else {
                            gain -= v;
                        }
                    }
                }
                enemy.then_some(gain)
            }
        }
    }

    /// A piece stepping into the zone of one of its goals (a game-ending quiet move).
    #[inline]
    fn enters_goal(&self, pos: &Position, mv: &Move) -> bool {
        let goals = &self.rules.end_rules().goals;
        if goals.is_empty() {
            return false;
        }
        let side = pos.side_to_move();
        let kind = mv.promotion.or_else(|| pos.mover(mv).map(|p| p.kind()));
        goals.iter().any(|g| {
            g.zone[side.index()].contains(mv.to) && kind.is_some_and(|k| g.kinds.contains(&k))
        })
    }

    /// Whether a quiet move checks from its destination (the mover could attack the enemy
    /// royal piece on `royal` from there: discovered checks are not looked for) without
    /// losing the exchange there.
    fn quiet_check(&self, pos: &mut Position, mv: &Move, royal: Cell) -> bool {
        mv.promotion.is_none()
            && self.checks_from_destination(pos, mv, royal)
            && (!self.features.see || see_at_least(self.rules, pos, mv, self.see_values, 0))
    }

    /// Whether a move checks from its destination: the piece it puts there could attack
    /// the enemy royal piece on `royal` from there, and does once the move is made
    /// (discovered checks are not looked for; a sweep never counts).
    #[inline(always)]
    fn checks_from_destination(&self, pos: &mut Position, mv: &Move, royal: Cell) -> bool {
        let rules = self.rules;
        if mv.is_sweep() {
            return false;
        }
        let Some(mover) = pos.mover(mv) else {
            return false;
        };
        let placed = mv.promotion.map_or(mover, |k| Piece::new(k, mover.color()));
        if !rules.attackers_free(placed, royal).contains(mv.to)
            && !rules.attackers_conditional(placed, royal).contains(mv.to)
        {
            return false;
        }
        pos.make(rules, *mv);
        let checks = in_check(rules, pos);
        pos.unmake(rules);
        checks
    }

    /// The cell of the first royal piece of the side not to move, if it has one.
    #[inline]
    fn enemy_royal(&self, pos: &Position) -> Option<Cell> {
        let enemy = pos.side_to_move().flip();
        self.rules
            .royal_kinds(enemy)
            .iter()
            .find_map(|&k| pos.cells_of(Piece::new(k, enemy)).iter().next())
    }

    /// Whether a move's static exchange value is at least `threshold`; the value is taken
    /// as the move's `gain` when the exchange cannot lose (no exchange evaluation, a sweep,
    /// or a mover worth no more than what it takes).
    #[inline]
    fn see_value_at_least(&self, pos: &mut Position, mv: &Move, gain: i32, threshold: i32) -> bool {
        if !self.features.see || mv.is_sweep() {
            return gain >= threshold;
        }
        let mover = pos.mover(mv).expect("a piece on the origin");
        if mv.promotion.is_none() && self.see_values[mover.kind() as usize] <= gain {
            return gain >= threshold;
        }
        see_at_least(self.rules, pos, mv, self.see_values, threshold)
    }

    #[inline]
    fn history_index(&self, piece: Piece, mv: &Move) -> usize {
        piece.index() * self.cells + mv.to.index()
    }

    /// Ordering keys: table move, winning-zone steps, good captures and promotions (most
    /// valuable victim, least valuable attacker), killers, the counter move, quiet moves by
    /// history, losing captures last. A capture or promotion is scored as good and its gain
    /// kept in `pending`: its exchange is tested only when it comes first
    /// ([`Worker::pick_move`]), which gives the order testing every one here would give.
    #[allow(clippy::too_many_arguments)]
    fn order_moves(
        &self,
        pos: &mut Position,
        moves: &[Move],
        scores: &mut Vec<i32>,
        pending: &mut Vec<i32>,
        tt_move: Option<u32>,
        ply: usize,
    ) {
        scores.clear();
        pending.clear();
        pending.resize(moves.len(), NOT_PENDING);
        let killers = self.frames[ply].killers;
        let counter = if ply > 0 {
            self.frames[ply - 1]
                .made
                .map(|(m, p)| self.st.counters[self.history_index(p, &m)])
                .unwrap_or(0)
        } else {
            0
        };
        for (i, mv) in moves.iter().enumerate() {
            let packed = pack_move(mv);
            if tt_move == Some(packed) {
                scores.push(1 << 30);
                continue;
            }
            if self.enters_goal(pos, mv) {
                scores.push(1 << 29);
                continue;
            }
            let mover = pos.mover(mv).expect("a piece on the origin");
            let attacker = self.eval.value(mover.kind());
            let gain = self.capture_gain(pos, mv);
            let promo = if mv.is_sweep() {
                None
            } else {
                mv.promotion.map(|k| self.eval.value(k))
            };
            if gain.is_some() || promo.is_some() {
                let g = gain.unwrap_or(0);
                let history = self.capture_history(pos, mover, mv).unwrap_or(0);
                let s = g * 16 - attacker / 16 + promo.unwrap_or(0) * 8 + history / 8;
                pending[i] = g + promo.unwrap_or(0);
                scores.push(GOOD_CAPTURE + s);
                continue;
            }
            let s = if !self.features.killers {
                0
            } else if killers[0] == Some(*mv) {
                (1 << 27) + 2
            } else if killers[1] == Some(*mv) {
                (1 << 27) + 1
            } else if self.features.counter_moves && counter != 0 && counter == packed {
                1 << 27
            } else {
                0
            };
            let h = if self.features.history {
                self.quiet_history(ply, mover, mv)
            } else {
                0
            };
            scores.push(s + h);
        }
    }

    /// The index of the move to search next among `moves[from..]`: the first of the
    /// best-scored ones, after the exchange test of a capture or promotion that comes first
    /// untested (a losing one moves to the losing captures' keys and the choice is made
    /// again). No move's key is below its tested one, so the choice is the one that testing
    /// every capture beforehand gives.
    fn pick_move(
        &self,
        pos: &mut Position,
        moves: &[Move],
        scores: &mut [i32],
        pending: &mut [i32],
        from: usize,
    ) -> usize {
        loop {
            let bi = first_best(scores, from);
            let gain = pending[bi];
            if gain == NOT_PENDING {
                return bi;
            }
            pending[bi] = NOT_PENDING;
            if self.see_value_at_least(pos, &moves[bi], gain, 0) {
                return bi;
            }
            scores[bi] += LOSING_CAPTURE - GOOD_CAPTURE;
        }
    }

    /// Whether the side to move has a piece that is neither royal nor pawn-like (a null move
    /// is then unlikely to be better than every move: no zugzwang).
    fn has_pieces(&self, pos: &Position) -> bool {
        let side = pos.side_to_move();
        self.rules.kinds().iter().enumerate().any(|(k, kind)| {
            !kind.royal_for_some_side()
                && !self.eval.pawn_like[k]
                && !pos.cells_of(Piece::new(k as u8, side)).is_empty()
        })
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let base = ply * MAX_PLY;
        self.pv[base + ply] = mv;
        let child = (ply + 1) * MAX_PLY;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[base + i] = self.pv[child + i];
        }
        self.pv_len[ply] = child_len;
    }

    fn root_line(&self) -> Vec<Move> {
        self.pv[..self.pv_len[0]].to_vec()
    }

    fn update_history(&mut self, index: usize, bonus: i32) {
        let h = &mut self.st.history[index];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// The continuation-history slot of a quiet move as a follow-up of the move made
    /// `back` plies before (1: the reply to the opponent's move, 2: the continuation of the
    /// side's own previous move; `None` near the root, after a null move or without the
    /// table). Both share one table, indexed by the earlier move's piece and destination.
    #[inline]
    fn continuation_index(
        &self,
        ply: usize,
        back: usize,
        mover: Piece,
        mv: &Move,
    ) -> Option<usize> {
        if ply < back || self.st.continuation.is_empty() || !self.features.continuation {
            return None;
        }
        let (pm, pp) = self.frames[ply - back].made?;
        let size = self.st.history.len();
        Some(self.history_index(pp, &pm) * size + self.history_index(mover, mv))
    }

    /// The capture-history slot of a capture (`None` for other moves, sweeps, or with
    /// the technique off).
    #[inline]
    fn capture_slot(&self, pos: &Position, mover: Piece, mv: &Move) -> Option<usize> {
        if !self.features.capture_history {
            return None;
        }
        let victim = match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep { .. } => pos.piece_at(mv.to)?,
            MoveKind::EnPassant { victim } => pos.piece_at(victim)?,
            _ => return None,
        };
        if victim.color() == mover.color() {
            return None;
        }
        let kinds = self.rules.kinds().len();
        Some(self.history_index(mover, mv) * kinds + victim.kind() as usize)
    }

    /// The capture history of a capture.
    #[inline]
    fn capture_history(&self, pos: &Position, mover: Piece, mv: &Move) -> Option<i32> {
        self.capture_slot(pos, mover, mv)
            .map(|i| self.st.captures[i] as i32)
    }

    /// Raise (or lower, with a negative bonus) a capture's history.
    fn update_capture(&mut self, pos: &Position, mv: &Move, bonus: i32) {
        let Some(mover) = pos.mover(mv) else { return };
        if let Some(i) = self.capture_slot(pos, mover, mv) {
            let h = &mut self.st.captures[i];
            let v = *h as i32;
            *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
        }
    }

    /// History and continuation history of a quiet move.
    #[inline]
    fn quiet_history(&self, ply: usize, mover: Piece, mv: &Move) -> i32 {
        let mut h = self.st.history[self.history_index(mover, mv)];
        for back in [1, 2] {
            if let Some(i) = self.continuation_index(ply, back, mover, mv) {
                h += self.st.continuation[i] as i32;
            }
        }
        h
    }

    fn update_quiet(&mut self, ply: usize, mover: Piece, mv: &Move, bonus: i32) {
        let i = self.history_index(mover, mv);
        self.update_history(i, bonus);
        for back in [1, 2] {
            if let Some(i) = self.continuation_index(ply, back, mover, mv) {
                let h = &mut self.st.continuation[i];
                let v = *h as i32;
                *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
        checked: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if pv_node {
            self.seldepth = self.seldepth.max(ply + 1);
        }
        let rules = self.rules;
        if ply > 0 {
            if let Some(score) = self.variant_result(pos, ply) {
                return score;
            }
            if self.is_repetition(pos) {
                return 0;
            }
            // Mate distance pruning.
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 2 {
            return self.eval.evaluate(rules, pos);
        }
        if checked && self.features.check_extension && (ply == 0 || self.frames[ply].extend_check) {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0, checked);
        }
        let key = pos.hash();
        let excluded = self.frames[ply].excluded;
        let mut tt_move = None;
        let mut tt_hit = None;
        if let Some(e) = self.shared.tt.probe(key) {
            tt_move = e.best;
            let sc = from_tt(e.score, ply);
            tt_hit = Some((e, sc));
            if ply > 0 && !pv_node && excluded.is_none() && e.depth >= depth {
                match e.bound {
                    Bound::Exact => return sc,
                    Bound::Lower if sc >= beta => return sc,
                    Bound::Upper if sc <= alpha => return sc,
                    _ => {}
                }
            }
        }
        self.frames[ply].raw_eval = None;
        let static_eval = if checked {
            None
        } else {
            let raw = self.eval.evaluate(rules, pos);
            let e = match self.correction_slot(pos) {
                Some(slot) => {
                    self.frames[ply].raw_eval = Some((raw, slot));
                    raw + self.st.correction[slot] / CORRECTION_GRAIN
                }
                None => raw,
            };
            // The table's bound refines the estimate.
            Some(match tt_hit {
                Some((t, sc)) if sc.abs() < MATE_BOUND => match t.bound {
                    Bound::Exact => sc,
                    Bound::Lower if sc > e => sc,
                    Bound::Upper if sc < e => sc,
                    _ => e,
                },
                _ => e,
            })
        };
        self.frames[ply].eval = static_eval;
        self.frames[ply + 1].killers = [None, None];
        // Whether the position got better for the side to move over its last move (no
        // information near the root or in check counts as improving).
        let improving = match (static_eval, ply >= 2) {
            (Some(e), true) => self.frames[ply - 2].eval.is_none_or(|old| e > old),
            (Some(_), false) => true,
            (None, _) => false,
        };
        // Pruning by the static evaluation means nothing once the window is about forced
        // results.
        let decisive_window = alpha.abs() >= MATE_BOUND || beta.abs() >= MATE_BOUND;
        if let (Some(eval), false, true, false, None) =
            (static_eval, pv_node, ply > 0, decisive_window, excluded)
        {
            // Razoring: hopeless frontier nodes go straight to quiescence.
            if self.features.razoring && depth <= 2 && eval + 200 + 200 * depth <= alpha {
                let v = self.qsearch(pos, alpha, alpha + 1, ply, 0, false);
                if v <= alpha {
                    return v;
                }
            }
            // Reverse futility (static null move).
            if self.features.futility
                && depth <= 7
                && eval.abs() < MATE_BOUND
                && eval - 80 * (depth - improving as i32) >= beta
            {
                return eval;
            }
            // Null move.
            if self.features.null_move
                && self.null_sound
                && depth >= 3
                && eval >= beta
                && beta.abs() < MATE_BOUND
                && self.frames[ply - 1].made.is_some()
                && self.has_pieces(pos)
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let v = self.null_search(pos, depth - 1 - r, beta, ply, cut_node);
                if self.stop {
                    return 0;
                }
                if v >= beta {
                    return if v > MATE_BOUND { beta } else { v };
                }
            }
        }
        // ProbCut: a capture whose search at reduced depth beats beta by a margin would
        // almost surely beat beta at full depth.
        if let (Some(eval), true) = (
            static_eval,
            self.features.probcut
                && !pv_node
                && ply > 0
                && depth >= 5
                && excluded.is_none()
                && beta.abs() < MATE_BOUND,
        ) {
            let probcut_beta = beta + PROBCUT_MARGIN;
            // Skip when the table already says a reduced search fails below the margin.
            let table_refutes = tt_hit.is_some_and(|(e, sc)| {
                e.depth >= depth - 3 && sc < probcut_beta && e.bound != Bound::Lower
            });
            if !table_refutes {
                if let Some(v) = self.probcut(pos, depth, probcut_beta, eval, ply, cut_node) {
                    return v;
                }
                if self.stop {
                    return 0;
                }
            }
        }
        // Internal iterative reduction: without a table move the ordering is poor.
        if depth >= 4 && tt_move.is_none() && (pv_node || cut_node) {
            depth -= 1;
        }
        // Singular extension: when every other move falls well short of the table move's
        // score, the table move is searched one ply deeper; when another move also beats
        // beta, the node is cut (multi-cut).
        let mut tt_extension = 0;
        if let (Some((e, sc)), Some(packed), true, None) = (
            tt_hit,
            tt_move,
            self.features.singular && ply > 0 && depth >= 7,
            excluded,
        ) {
            if e.bound != Bound::Upper && e.depth >= depth - 3 && sc.abs() < MATE_BOUND {
                let singular_beta = sc - 2 * depth;
                self.frames[ply].excluded = Some(packed);
                let v = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    false,
                    cut_node,
                    checked,
                );
                self.frames[ply].excluded = None;
                if self.stop {
                    return 0;
                }
                if v < singular_beta {
                    tt_extension = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if sc >= beta {
                    tt_extension = -1;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        generate_legal(rules, pos, &mut moves);
        let result = self.search_moves(
            pos,
            &mut moves,
            &mut scores,
            depth,
            alpha,
            beta,
            ply,
            pv_node,
            cut_node,
            checked,
            tt_move,
            tt_extension,
            static_eval,
            improving,
        );
        self.bufs[ply] = moves;
        self.scores[ply] = scores;
        result
    }

    /// The position's correction-history slot: side to move and a hash of where each
    /// side's pawn-like pieces stand (`None` with the feature off).
    fn correction_slot(&self, pos: &Position) -> Option<usize> {
        if !self.features.correction {
            return None;
        }
        let h = super::hash_words(
            self.pawn_pieces
                .iter()
                .flat_map(|&piece| pos.cells_of(piece).0.iter()),
        );
        let side = pos.side_to_move().index();
        Some(side * CORRECTION_SIZE + (h as usize & (CORRECTION_SIZE - 1)))
    }

    /// Move the position's correction towards what the search found (`best` against the
    /// uncorrected evaluation), more for deeper searches; only when the bound says the
    /// evaluation was wrong in that direction.
    fn update_correction(&mut self, ply: usize, best: i32, bound: Bound, depth: i32) {
        let Some((raw, slot)) = self.frames[ply].raw_eval else {
            return;
        };
        if best.abs() >= MATE_BOUND
            || (bound == Bound::Lower && best <= raw)
            || (bound == Bound::Upper && best >= raw)
        {
            return;
        }
        let target = (best - raw).clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        let weight = (depth + 1).min(16);
        let entry = &mut self.st.correction[slot];
        *entry = (*entry * (256 - weight) + target * weight) / 256;
    }

    /// ProbCut's captures (and promotions) whose exchange gains at least what the static
    /// evaluation lacks of `probcut_beta`: each is confirmed by quiescence, then searched
    /// four plies shallower with a null window at `probcut_beta`; the first to reach it
    /// returns its score (stored as a lower bound).
    fn probcut(
        &mut self,
        pos: &mut Position,
        depth: i32,
        probcut_beta: i32,
        eval: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let rules = self.rules;
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        moves.clear();
        generate_legal(rules, pos, &mut moves);
        let mut found = None;
        for &mv in moves.iter() {
            let gain = self.capture_gain(pos, &mv);
            let promo = if mv.is_sweep() {
                None
            } else {
                mv.promotion.map(|k| self.eval.value(k))
            };
            if gain.is_none() && promo.is_none() {
                continue;
            }
            let need = probcut_beta - eval;
            if gain.unwrap_or(0) + promo.unwrap_or(0) < need
                || !self.see_value_at_least(pos, &mv, gain.unwrap_or(0) + promo.unwrap_or(0), need)
            {
                continue;
            }
            let mover = pos.mover(&mv).expect("a piece on the origin");
            pos.make(rules, mv);
            let gives_check = in_check(rules, pos);
            self.frames[ply + 1].extend_check = false;
            self.path.push(pos.hash());
            self.frames[ply].made = Some((mv, mover));
            let mut v = -self.qsearch(
                pos,
                -probcut_beta,
                -probcut_beta + 1,
                ply + 1,
                0,
                gives_check,
            );
            if v >= probcut_beta {
                v = -self.negamax(
                    pos,
                    depth - 4,
                    -probcut_beta,
                    -probcut_beta + 1,
                    ply + 1,
                    false,
                    !cut_node,
                    gives_check,
                );
            }
            self.path.pop();
            pos.unmake(rules);
            if self.stop {
                break;
            }
            if v >= probcut_beta {
                self.shared.tt.store(
                    pos.hash(),
                    Some(pack_move(&mv)),
                    to_tt(v, ply),
                    depth - 3,
                    Bound::Lower,
                );
                found = Some(v);
                break;
            }
        }
        self.bufs[ply] = moves;
        found
    }

    /// The null move: the side to move passes (the en passant right lapses), searched with a
    /// null window at reduced depth.
    fn null_search(
        &mut self,
        pos: &mut Position,
        depth: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let rules = self.rules;
        let side = pos.side_to_move();
        let ep_cells = *pos.ep_cells();
        let ep_victim = pos.ep_victim();
        pos.set_en_passant(rules, CellSet::EMPTY, None);
        pos.set_side_to_move(rules, side.flip());
        self.frames[ply].made = None;
        self.path.push(pos.hash());
        let barrier = self.null_barrier;
        self.null_barrier = self.path.len() - 1;
        let v = -self.negamax(
            pos,
            depth,
            -beta,
            -beta + 1,
            ply + 1,
            false,
            !cut_node,
            false,
        );
        self.null_barrier = barrier;
        self.path.pop();
        pos.set_side_to_move(rules, side);
        pos.set_en_passant(rules, ep_cells, ep_victim);
        v
    }

    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &mut Position,
        moves: &mut [Move],
        scores: &mut Vec<i32>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
        checked: bool,
        tt_move: Option<u32>,
        tt_extension: i32,
        static_eval: Option<i32>,
        improving: bool,
    ) -> i32 {
        let rules = self.rules;
        if moves.is_empty() {
            return self.no_moves_score(pos, checked, ply);
        }
        if ply > 0 {
            if let Some(limit) = rules.end_rules().n_move_automatic_plies {
                if pos.halfmove_clock() >= limit {
                    return 0;
                }
            }
        }
        let mut pending = std::mem::take(&mut self.pending[ply]);
        self.order_moves(pos, moves, scores, &mut pending, tt_move, ply);
        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        quiets.clear();
        let mut tried_captures = std::mem::take(&mut self.tried_captures[ply]);
        tried_captures.clear();
        let orig_alpha = alpha;
        let excluded = self.frames[ply].excluded;
        let mut best_score = -INF;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut skip_quiets = false;
        let mut tt_capture = false;
        // Which moves cannot check, made once a pruned move needs it (see below).
        let mut check_screen: Option<Option<CheckScreen>> = None;
        for i in 0..moves.len() {
            // Selection: bring the best-scored remaining move to position i.
            let bi = self.pick_move(pos, moves, scores, &mut pending, i);
            moves.swap(i, bi);
            scores.swap(i, bi);
            pending.swap(i, bi);
            let mv = moves[i];
            let order = scores[i];
            if ply == 0 && self.root_excluded.contains(&mv) {
                continue;
            }
            let packed = pack_move(&mv);
            if excluded == Some(packed) {
                continue;
            }
            let extension = if tt_move == Some(packed) {
                tt_extension
            } else {
                0
            };
            let mover = pos.mover(&mv).expect("a piece on the origin");
            let gain = self.capture_gain(pos, &mv);
            if tt_move == Some(packed) {
                tt_capture = gain.is_some();
            }
            let tactical =
                gain.is_some() || (mv.promotion.is_some() && !mv.is_sweep()) || order >= 1 << 29;
            let quiet = !tactical;
            let special = order >= 1 << 27; // table move, killers, counter move
            let mut futile = false;
            if ply > 0 && best_score > -MATE_BOUND && !checked && alpha.abs() < MATE_BOUND {
                if quiet {
                    // The depth this move would be searched to after its late-move
                    // reduction: the futility and exchange margins below scale with it.
                    let lmr_depth = if self.features.lmr {
                        depth - self.lmr[depth.min(63) as usize][(searched + 1).min(63)] as i32
                    } else {
                        depth
                    };
                    // Late move pruning (a checking move is kept: see below).
                    let lmp_limit = (3 + depth * depth) as usize / (2 - improving as usize);
                    if self.features.futility && !pv_node && depth <= 6 && quiets.len() >= lmp_limit
                    {
                        skip_quiets = true;
                    }
                    if skip_quiets && !special {
                        futile = true;
                    }
                    // History pruning: near the leaves, a quiet move that has kept failing.
                    if self.features.history
                        && !special
                        && depth <= 3
                        && self.quiet_history(ply, mover, &mv) < -4_000 * depth
                    {
                        futile = true;
                    }
                    // Futility: a quiet move cannot raise a hopeless score (unless it checks).
                    // Margin 170 + 150 per ply (was 100 + 90): +37 (−3..+78) in chess, +33
                    // (−11..+78) in Capablanca chess, 200 self-play games each at 40 ms.
                    if let Some(eval) = static_eval {
                        if self.features.futility
                            && lmr_depth <= 6
                            && eval + 170 + 150 * lmr_depth <= alpha
                        {
                            futile = true;
                        }
                    }
                    // A quiet move losing material by exchange (not looked at for moves
                    // already pruned above: only their checks are kept). With `see-checks`
                    // one that loses no more than a capture may is kept if it checks.
                    if self.features.see
                        && depth <= 6
                        && !special
                        && !futile
                        && !see_at_least(
                            rules,
                            pos,
                            &mv,
                            self.see_values,
                            -25 * lmr_depth * lmr_depth,
                        )
                    {
                        if self.features.see_checks
                            && see_at_least(rules, pos, &mv, self.see_values, -100 * depth)
                        {
                            futile = true;
                        } else {
                            continue;
                        }
                    }
                } else if self.features.see
                    && depth <= 6
                    && order < GOOD_CAPTURE
                    && !self.see_value_at_least(pos, &mv, gain.unwrap_or(0), -100 * depth)
                {
                    continue;
                }
            }
            // A pruned move is still searched if it checks: the screen spares making those
            // that certainly do not.
            if futile
                && self.screens_checks
                && check_screen
                    .get_or_insert_with(|| CheckScreen::new(rules, pos))
                    .as_ref()
                    .is_some_and(|screen| !screen.may_check(rules, pos, &mv))
            {
                continue;
            }
            pos.make(rules, mv);
            let gives_check = in_check(rules, pos);
            if futile && !gives_check {
                pos.unmake(rules);
                continue;
            }
            // A check is extended unless the checking piece is lost to an exchange.
            self.frames[ply + 1].extend_check = gives_check && self.features.check_extension && {
                pos.unmake(rules);
                let sound = !self.features.see || see_at_least(rules, pos, &mv, self.see_values, 0);
                pos.make(rules, mv);
                sound
            };
            self.path.push(pos.hash());
            self.frames[ply].made = Some((mv, mover));
            searched += 1;
            let mut score;
            if searched == 1 {
                score = -self.negamax(
                    pos,
                    depth - 1 + extension,
                    -beta,
                    -alpha,
                    ply + 1,
                    pv_node,
                    // Below a non-PV node the expected kinds alternate: the first reply
                    // to an expected cut node is expected to fail low, and vice versa.
                    !pv_node && !cut_node,
                    gives_check,
                );
            } else {
                let mut r = 0;
                if self.features.lmr && depth >= 3 && (quiet || order < 0) {
                    r = self.lmr[depth.min(63) as usize][searched.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    if cut_node {
                        r += 2;
                    }
                    // After a capturing table move the quiet moves are unlikely to be better
                    // (checks excepted: a checking sacrifice is how such a capture is beaten).
                    if quiet && tt_capture && !gives_check {
                        r += 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if special {
                        r -= 1;
                    }
                    if gives_check || checked {
                        r -= 1;
                    }
                    if quiet && self.features.history {
                        r -= self.quiet_history(ply, mover, &mv) / 8_000;
                    }
                    r = r.clamp(0, depth - 2);
                }
                score = -self.negamax(
                    pos,
                    depth - 1 + extension - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    true,
                    gives_check,
                );
                if score > alpha && r > 0 {
                    score = -self.negamax(
                        pos,
                        depth - 1 + extension,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        !cut_node,
                        gives_check,
                    );
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.negamax(
                        pos,
                        depth - 1 + extension,
                        -beta,
                        -alpha,
                        ply + 1,
                        true,
                        false,
                        gives_check,
                    );
                }
            }
            self.path.pop();
            pos.unmake(rules);
            if self.stop {
                self.quiets[ply] = quiets;
                self.tried_captures[ply] = tried_captures;
                self.pending[ply] = pending;
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if ply == 0 {
                        let line = self.root_line();
                        self.iter_best = Some((mv, score, line));
                    }
                    if alpha >= beta {
                        if quiet {
                            self.reward_quiet(pos, ply, depth, mv, mover, &quiets);
                        }
                        let bonus = (32 * depth * depth).min(2_000);
                        if gain.is_some() {
                            self.update_capture(pos, &mv, bonus);
                        }
                        for c in &tried_captures {
                            self.update_capture(pos, c, -bonus);
                        }
                        break;
                    }
                }
            }
            if quiet && quiets.len() < 64 {
                quiets.push(mv);
            } else if gain.is_some() && tried_captures.len() < 32 {
                tried_captures.push(mv);
            }
        }
        self.quiets[ply] = quiets;
        self.tried_captures[ply] = tried_captures;
        self.pending[ply] = pending;
        if searched == 0 {
            // Every move was pruned or excluded: the node fails low at the static estimate.
            if ply == 0 {
                return alpha;
            }
            return static_eval.unwrap_or(alpha).min(alpha);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The correction learns from quiet results only: a capture's gain is not the
        // evaluation's error.
        if self.frames[ply].raw_eval.is_some()
            && excluded.is_none()
            && best_move.is_none_or(|m| {
                self.capture_gain(pos, &m).is_none() && (m.promotion.is_none() || m.is_sweep())
            })
        {
            self.update_correction(ply, best_score, bound, depth);
        }
        if (ply > 0 || self.root_excluded.is_empty()) && excluded.is_none() {
            self.shared.tt.store(
                pos.hash(),
                best_move.map(|m| pack_move(&m)),
                to_tt(best_score, ply),
                depth,
                bound,
            );
        }
        best_score
    }

    /// A quiet move refuted the position: remember it as a killer and counter move, raise
    /// its history and lower that of the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        pos: &Position,
        ply: usize,
        depth: i32,
        mv: Move,
        mover: Piece,
        tried: &[Move],
    ) {
        let k = &mut self.frames[ply].killers;
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if ply > 0 {
            if let Some((pm, pp)) = self.frames[ply - 1].made {
                let i = self.history_index(pp, &pm);
                self.st.counters[i] = pack_move(&mv);
            }
        }
        let bonus = (32 * depth * depth).min(2_000);
        self.update_quiet(ply, mover, &mv, bonus);
        for q in tried {
            if let Some(p) = pos.mover(q) {
                self.update_quiet(ply, p, q, -bonus);
            }
        }
    }

    fn qsearch(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        checked: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if beta - alpha > 1 {
            self.seldepth = self.seldepth.max(ply + 1);
        }
        let rules = self.rules;
        if let Some(score) = self.variant_result(pos, ply) {
            return score;
        }
        if ply >= MAX_PLY - 2 {
            return self.eval.evaluate(rules, pos);
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.shared.tt.probe(key) {
            let sc = from_tt(e.score, ply);
            match e.bound {
                Bound::Exact => return sc,
                Bound::Lower if sc >= beta => return sc,
                Bound::Upper if sc <= alpha => return sc,
                _ => {}
            }
            tt_move = e.best;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        scores.clear();
        let mut evasions = checked && qply < QS_CHECK_PLIES;
        // Where the rules restrict moves beyond safety of the royal pieces (compulsory
        // captures, no checks, ...), only legal moves are looked at; a compulsory capture
        // leaves no choice to stand pat.
        let exact = self.exact_moves;
        if exact || evasions {
            generate_legal(rules, pos, &mut moves);
            if rules.end_rules().forced_capture
                && moves.first().is_some_and(|m| captures(rules, pos, m))
            {
                evasions = true;
            }
        }
        let stand = if evasions {
            -INF
        } else {
            let correction = self
                .correction_slot(pos)
                .map_or(0, |slot| self.st.correction[slot] / CORRECTION_GRAIN);
            self.eval
                .evaluate_within(rules, pos, alpha - correction, beta - correction)
                + correction
        };
        if stand >= beta {
            self.bufs[ply] = moves;
            self.scores[ply] = scores;
            return stand;
        }
        let orig_alpha = alpha;
        if stand > alpha {
            alpha = stand;
        }
        if evasions {
            if moves.is_empty() {
                self.bufs[ply] = moves;
                self.scores[ply] = scores;
                return self.no_moves_score(pos, true, ply);
            }
            for mv in moves.iter() {
                let s = if tt_move == Some(pack_move(mv)) {
                    1 << 30
                } else {
                    self.capture_gain(pos, mv).map_or(0, |g| (1 << 20) + g)
                };
                scores.push(s);
            }
        } else {
            if !exact {
                generate_pseudo(rules, pos, &mut moves);
            }
            // At the first ply, quiet moves to cells from which some piece could attack the
            // enemy's first royal piece are kept too: those that check are searched.
            let enemy_royal = (self.features.qs_checks && qply == 0)
                .then(|| self.enemy_royal(pos))
                .flatten();
            // Where checking captures are spared the futility cuts, the royal piece they
            // would check.
            let check_target = self
                .features
                .qs_check_captures
                .then(|| self.enemy_royal(pos))
                .flatten();
            // Once the score stands the margin below alpha, only a capture that wins
            // material can raise it; otherwise one that loses none is kept.
            let need = i32::from(self.features.futility && stand + QS_DELTA <= alpha);
            // Keep captures, promotions and winning-zone steps.
            let mut n = 0;
            for i in 0..moves.len() {
                let mv = moves[i];
                let gain = self.capture_gain(pos, &mv);
                let promo = if mv.is_sweep() {
                    None
                } else {
                    mv.promotion.map(|k| self.eval.value(k))
                };
                let zone = self.enters_goal(pos, &mv);
                if gain.is_none() && promo.is_none() && !zone {
                    if let Some(royal) = enemy_royal {
                        if self.quiet_check(pos, &mv, royal) {
                            moves[n] = mv;
                            scores.push(QUIET_CHECK);
                            n += 1;
                        }
                    }
                    continue;
                }
                let g = gain.unwrap_or(0) + promo.unwrap_or(0);
                if !zone {
                    // Delta pruning: even winning the piece cannot reach alpha.
                    let delta_cut = self.features.futility && stand + g + QS_DELTA <= alpha;
                    let mut need = need;
                    // A capture that checks is spared the futility cuts (not the exchange
                    // test), as in Stockfish.
                    let checks = match check_target {
                        Some(r) if delta_cut || need > 0 => {
                            self.checks_from_destination(pos, &mv, r)
                        }
                        _ => false,
                    };
                    if checks {
                        need = 0;
                    } else if delta_cut {
                        continue;
                    }
                    if self.features.see && !self.see_value_at_least(pos, &mv, g, need) {
                        continue;
                    }
                }
                let attacker = self
                    .eval
                    .value(pos.mover(&mv).expect("a piece on the origin").kind());
                moves[n] = mv;
                scores.push(if zone {
                    1 << 30
                } else if tt_move == Some(pack_move(&mv)) {
                    1 << 29
                } else {
                    g * 16 - attacker / 16
                });
                n += 1;
            }
            moves.truncate(n);
        }
        let side = pos.side_to_move();
        let mut best = stand;
        let mut best_move = None;
        for i in 0..moves.len() {
            let bi = first_best(&scores, i);
            moves.swap(i, bi);
            scores.swap(i, bi);
            let mv = moves[i];
            // Evasion pruning: once a reply has saved the side from being mated, a quiet
            // reply that loses material by exchange is left out (at quiescence's first ply
            // only after two replies), as Stockfish does.
            if self.features.qs_evasion_pruning
                && evasions
                && self.features.see
                && best > -MATE_BOUND
                && (qply > 0 || i >= 2)
                && mv.promotion.is_none()
                && self.capture_gain(pos, &mv).is_none()
                && !see_at_least(rules, pos, &mv, self.see_values, 0)
            {
                continue;
            }
            pos.make(rules, mv);
            if !evasions && !exact && royal_attacked(rules, pos, side) {
                pos.unmake(rules);
                continue;
            }
            let gives_check = in_check(rules, pos);
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, qply + 1, gives_check);
            pos.unmake(rules);
            if self.stop {
                best = 0;
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = moves;
        self.scores[ply] = scores;
        if !self.stop && best > -INF {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > orig_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared.tt.store(
                key,
                best_move.map(|m| pack_move(&m)),
                to_tt(best, ply),
                0,
                bound,
            );
        }
        best
    }
}

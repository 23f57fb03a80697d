//! Iterative-deepening principal variation search with a transposition table, quiescence
//! search, move ordering and game-end awareness. See the module documentation of
//! [`crate::engine`].

use std::time::Instant;

use super::eval::Evaluator;
use super::tt::{Bound, Table};
use super::{Engine, Limits, SearchResult, MATE, MATE_BOUND};
use crate::movegen::{generate_legal, generate_pseudo, in_check, legal_moves, royal_attacked};
use crate::outcome::{outcome, Outcome};
use crate::position::Position;
use crate::rules::{Rules, StalemateResult, Verdict};
use crate::types::{Color, Move, MoveKind, Piece};

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

/// The search's working tables, kept in the [`Engine`] between searches.
#[derive(Default)]
pub struct State {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    bufs: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    /// Hashes of the game's positions and of the current line, oldest first.
    path: Vec<u64>,
    nodes: u64,
    stop: bool,
    may_stop: bool,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    root_best: Option<Move>,
    root_score: i32,
    /// Set from another thread to stop the search.
    stop_signal: Option<super::StopSignal>,
}

struct Searcher<'a> {
    rules: &'a Rules,
    tt: &'a mut Table,
    st: &'a mut State,
    eval: Evaluator,
    cells: usize,
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

pub(crate) fn run(
    engine: &mut Engine,
    rules: &Rules,
    pos: &mut Position,
    limits: &Limits,
    report: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let start = Instant::now();
    engine.stop.reset();
    let stop_signal = engine.stop.clone();
    engine.tt.new_search();
    let mut s = Searcher {
        rules,
        tt: &mut engine.tt,
        st: &mut engine.state,
        eval: Evaluator::new(rules, engine.seed),
        cells: rules.cells(),
    };
    s.prepare(pos, limits, start);
    s.st.stop_signal = Some(stop_signal);

    let mut result = SearchResult {
        best: None,
        score: 0,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
        elapsed: start.elapsed(),
        lines: Vec::new(),
    };
    let decided = outcome(rules, pos);
    if decided != Outcome::Ongoing {
        result.score = outcome_score(&decided, pos.side_to_move(), 0);
        return result;
    }
    let root_moves = legal_moves(rules, pos);
    result.best = root_moves.first().copied();

    let budget = limits.time_budget();
    let unlimited =
        limits.depth.is_none() && budget.is_none() && limits.nodes.is_none() && !limits.infinite;
    let max_depth = limits
        .depth
        .unwrap_or(if unlimited { DEFAULT_DEPTH } else { MAX_DEPTH })
        .clamp(1, MAX_DEPTH);
    for depth in 1..=max_depth {
        s.st.root_best = None;
        // The first iteration always completes, so that there is a searched move.
        s.st.may_stop = depth > 1;
        let score = s.negamax(pos, depth as i32, -INF, INF, 0, true);
        if s.st.stop {
            if let Some(best) = s.st.root_best {
                result.best = Some(best);
                result.score = s.st.root_score;
                if result.pv.first() != Some(&best) {
                    result.pv = vec![best];
                }
            }
            break;
        }
        result.best = s.st.root_best.or(result.best);
        result.score = score;
        result.depth = depth;
        result.nodes = s.st.nodes;
        result.pv = s.principal_variation(pos, depth as usize + 4);
        if result.pv.first() != result.best.as_ref() {
            result.pv = result.best.into_iter().collect();
        }
        result.elapsed = start.elapsed();
        report(&result);
        if score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 <= depth {
            break;
        }
        if let Some(t) = budget {
            if !limits.infinite && (root_moves.len() == 1 || start.elapsed() * 2 >= t) {
                break;
            }
        }
    }
    result.nodes = s.st.nodes;
    result.elapsed = start.elapsed();
    result.lines = vec![super::Line {
        score: result.score,
        pv: result.pv.clone(),
    }];
    result
}

impl Searcher<'_> {
    fn prepare(&mut self, pos: &Position, limits: &Limits, start: Instant) {
        let st = &mut *self.st;
        st.nodes = 0;
        st.stop = false;
        st.may_stop = false;
        st.deadline = limits.time_budget().map(|t| start + t);
        st.node_limit = limits.nodes;
        st.killers = vec![[None, None]; MAX_PLY + 1];
        let hsize = self.rules.kinds.len() * 2 * self.cells;
        if st.history.len() != hsize {
            st.history = vec![0; hsize];
        } else {
            st.history.iter_mut().for_each(|h| *h /= 4);
        }
        if st.bufs.len() < MAX_PLY + 1 {
            st.bufs.resize_with(MAX_PLY + 1, || Vec::with_capacity(128));
            st.scores
                .resize_with(MAX_PLY + 1, || Vec::with_capacity(128));
        }
        st.path.clear();
        st.path.extend(pos.history_hashes());
        st.path.push(pos.hash());
    }

    #[inline]
    fn should_stop(&mut self) -> bool {
        let st = &mut *self.st;
        if st.stop {
            return true;
        }
        if !st.may_stop {
            return false;
        }
        if let Some(n) = st.node_limit {
            if st.nodes >= n {
                st.stop = true;
                return true;
            }
        }
        if st.nodes & (CLOCK_INTERVAL - 1) == 0 {
            if st.stop_signal.as_ref().is_some_and(|s| s.is_stopped()) {
                st.stop = true;
                return true;
            }
            if let Some(d) = st.deadline {
                if Instant::now() >= d {
                    st.stop = true;
                    return true;
                }
            }
        }
        false
    }

    /// The result a variant rule has decided (extinction, goals, n-check, bare king), as
    /// a score for the side to move.
    fn variant_result(&self, pos: &mut Position, ply: usize) -> Option<i32> {
        if !self.rules.end.has_board_decisions() {
            return None;
        }
        let decided = crate::movegen::decision::decision(self.rules, pos)?;
        Some(outcome_score(&decided, pos.side_to_move(), ply))
    }

    fn no_moves_score(&self, pos: &Position, checked: bool, ply: usize) -> i32 {
        let mate = MATE - ply as i32;
        let end = &self.rules.end;
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
    /// since the last irreversible move.
    fn is_repetition(&self, pos: &Position) -> bool {
        let path = &self.st.path;
        let n = path.len();
        let current = path[n - 1];
        let window = (pos.halfmove_clock() as usize).min(n - 1);
        let mut back = 2;
        while back <= window {
            if path[n - 1 - back] == current {
                return true;
            }
            back += 2;
        }
        false
    }

    /// Material an enemy loses by this move (`None` when it captures no enemy piece).
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
            MoveKind::Castle { .. } | MoveKind::Pass => None,
            MoveKind::Sweep { first } => {
                let mut enemy = false;
                let mut gain = 0;
                for cell in self.rules.geometry.line_after(mv.from, first, mv.to) {
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

    fn order_score(&self, pos: &Position, mv: &Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if tt_move == Some(*mv) {
            return 100_000_000;
        }
        let mut score = 0;
        let mut quiet = true;
        if let Some(gain) = self.capture_gain(pos, mv) {
            let attacker = self
                .eval
                .value(pos.piece_at(mv.from).expect("a piece on the origin").kind());
            score = 10_000_000 + gain * 64 - attacker;
            quiet = false;
        }
        if let Some(k) = mv.promotion {
            score += 5_000_000 + self.eval.value(k);
            quiet = false;
        }
        if quiet {
            let killers = &self.st.killers[ply];
            score = if killers[0] == Some(*mv) {
                4_000_000
            } else if killers[1] == Some(*mv) {
                3_900_000
            } else {
                let p = pos.piece_at(mv.from).expect("a piece on the origin");
                self.st.history[p.index() * self.cells + mv.to.index()].min(3_000_000)
            };
        }
        score
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if self.should_stop() {
            return 0;
        }
        self.st.nodes += 1;
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
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(rules, pos);
        }
        let checked = in_check(rules, pos);
        if checked {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if ply > 0 && !pv_node && e.depth as i32 >= depth {
                let sc = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return sc,
                    Bound::Lower if sc >= beta => return sc,
                    Bound::Upper if sc <= alpha => return sc,
                    _ => {}
                }
            }
        }
        let mut moves = std::mem::take(&mut self.st.bufs[ply]);
        let mut scores = std::mem::take(&mut self.st.scores[ply]);
        moves.clear();
        scores.clear();
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
            checked,
            tt_move,
        );
        self.st.bufs[ply] = moves;
        self.st.scores[ply] = scores;
        result
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
        checked: bool,
        tt_move: Option<Move>,
    ) -> i32 {
        let rules = self.rules;
        if moves.is_empty() {
            return self.no_moves_score(pos, checked, ply);
        }
        if ply > 0 {
            if let Some(limit) = rules.end.n_move_automatic_plies {
                if pos.halfmove_clock() >= limit {
                    return 0;
                }
            }
        }
        for mv in moves.iter() {
            scores.push(self.order_score(pos, mv, tt_move, ply));
        }
        let orig_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Selection: bring the best-scored remaining move to position i.
            let mut bi = i;
            for j in i + 1..moves.len() {
                if scores[j] > scores[bi] {
                    bi = j;
                }
            }
            moves.swap(i, bi);
            scores.swap(i, bi);
            let mv = moves[i];
            let quiet = mv.promotion.is_none() && self.capture_gain(pos, &mv).is_none();
            let mover = pos.piece_at(mv.from).expect("a piece on the origin");
            pos.make(rules, mv);
            self.st.path.push(pos.hash());
            let mut score;
            if i == 0 {
                score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, pv_node);
            } else {
                let mut r = 0;
                if depth >= 3 && i >= 3 && quiet && !checked && scores[i] < 3_900_000 {
                    r = if i >= 8 && depth >= 5 { 2 } else { 1 };
                }
                score = -self.negamax(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                if score > alpha && r > 0 {
                    score = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.st.path.pop();
            pos.unmake(rules);
            if self.st.stop {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if ply == 0 {
                        self.st.root_best = Some(mv);
                        self.st.root_score = score;
                    }
                    if alpha >= beta {
                        if quiet {
                            let k = &mut self.st.killers[ply];
                            if k[0] != Some(mv) {
                                k[1] = k[0];
                                k[0] = Some(mv);
                            }
                            let h =
                                &mut self.st.history[mover.index() * self.cells + mv.to.index()];
                            *h = (*h + depth * depth).min(2_000_000);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            pos.hash(),
            best_move,
            to_tt(best_score, ply),
            depth as i16,
            bound,
        );
        best_score
    }

    fn qsearch(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        if self.should_stop() {
            return 0;
        }
        self.st.nodes += 1;
        let rules = self.rules;
        if let Some(score) = self.variant_result(pos, ply) {
            return score;
        }
        let stand = self.eval.evaluate(rules, pos);
        if ply >= MAX_PLY - 1 || stand >= beta {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        let mut moves = std::mem::take(&mut self.st.bufs[ply]);
        let mut scores = std::mem::take(&mut self.st.scores[ply]);
        moves.clear();
        scores.clear();
        generate_pseudo(rules, pos, &mut moves);
        // Keep captures, and promotions on the first quiescence ply.
        let mut n = 0;
        for i in 0..moves.len() {
            let mv = moves[i];
            let gain = self.capture_gain(pos, &mv);
            let promo = mv.promotion.map(|k| self.eval.value(k));
            let keep = gain.is_some() || (qply == 0 && promo.is_some());
            if keep {
                let attacker = self
                    .eval
                    .value(pos.piece_at(mv.from).expect("a piece on the origin").kind());
                moves[n] = mv;
                scores.push(gain.unwrap_or(0) * 64 - attacker + promo.unwrap_or(0) * 32);
                n += 1;
            }
        }
        moves.truncate(n);
        let side = pos.side_to_move();
        let mut best = stand;
        for i in 0..n {
            let mut bi = i;
            for j in i + 1..n {
                if scores[j] > scores[bi] {
                    bi = j;
                }
            }
            moves.swap(i, bi);
            scores.swap(i, bi);
            let mv = moves[i];
            pos.make(rules, mv);
            if royal_attacked(rules, pos, side) {
                pos.unmake(rules);
                continue;
            }
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, qply + 1);
            pos.unmake(rules);
            if self.st.stop {
                best = 0;
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.st.bufs[ply] = moves;
        self.st.scores[ply] = scores;
        best
    }

    /// The best line stored in the table, checked move by move for legality.
    fn principal_variation(&self, pos: &mut Position, max_len: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut seen = Vec::new();
        while pv.len() < max_len {
            let Some(e) = self.tt.probe(pos.hash()) else {
                break;
            };
            let Some(mv) = e.best else {
                break;
            };
            if seen.contains(&pos.hash()) || !legal_moves(self.rules, pos).contains(&mv) {
                break;
            }
            seen.push(pos.hash());
            pos.make(self.rules, mv);
            pv.push(mv);
            if outcome(self.rules, pos) != Outcome::Ongoing {
                break;
            }
        }
        for _ in 0..pv.len() {
            pos.unmake(self.rules);
        }
        pv
    }
}

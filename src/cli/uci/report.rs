//! What a UCI search prints: `info` lines after every iteration, then `bestmove` — held back
//! after an infinite or ponder search until `stop` or `ponderhit` opens the [`Gate`], as the
//! protocol requires.

use std::sync::{Arc, Condvar, Mutex};

use fairyrules::engine::{SearchResult, MATE, MATE_BOUND};
use fairyrules::{describe_outcome, legal_moves, move_to_string, outcome, Move};
use fairyrules::{Outcome, Position, Rules};

use crate::cli::output::Output;
use crate::cli::searcher::Listener;

/// Holds `bestmove` back until opened.
#[derive(Clone, Default)]
pub struct Gate(Arc<(Mutex<bool>, Condvar)>);

impl Gate {
    /// A gate that is already open (a search with limits answers when done).
    pub fn open_now() -> Gate {
        let g = Gate::default();
        g.open();
        g
    }

    /// Let `bestmove` through.
    pub fn open(&self) {
        let (open, cond) = &*self.0;
        *open.lock().unwrap_or_else(|e| e.into_inner()) = true;
        cond.notify_all();
    }

    /// Whether `bestmove` may go out.
    pub fn is_open(&self) -> bool {
        *self.0 .0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait(&self) {
        let (open, cond) = &*self.0;
        let guard = open.lock().unwrap_or_else(|e| e.into_inner());
        let _open = cond
            .wait_while(guard, |o| !*o)
            .unwrap_or_else(|e| e.into_inner());
    }
}

/// A score as UCI writes it: `cp 34`, `mate 3` (the side to move mates in 3 moves),
/// `mate -2` (it is mated in 2).
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        let moves = (MATE + score + 1) / 2;
        if moves == 0 {
            "mate 0".to_string()
        } else {
            format!("mate -{moves}")
        }
    } else {
        format!("cp {score}")
    }
}

/// A line of moves in the project's notation, each written against the legal moves of its
/// position; stops at a move that is not legal (never expected).
pub fn line_text(rules: &Rules, root: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for mv in line {
        let legal = legal_moves(rules, &mut pos);
        if !legal.contains(mv) {
            break;
        }
        out.push(move_to_string(rules, &legal, mv));
        pos.make(rules, *mv);
    }
    out
}

/// Prints a search for the GUI.
pub struct UciListener {
    out: Output,
    rules: Arc<Rules>,
    root: Position,
    gate: Gate,
    /// First move of the last line printed as `multipv 1`.
    shown: Option<Move>,
    /// Nodes of the last `info` printed.
    shown_nodes: u64,
}

impl UciListener {
    /// A listener for a search of `root`; `bestmove` waits for `gate`.
    pub fn new(out: Output, rules: Arc<Rules>, root: Position, gate: Gate) -> UciListener {
        UciListener {
            out,
            rules,
            root,
            gate,
            shown: None,
            shown_nodes: 0,
        }
    }

    /// The `info` lines of a result: one per line of a multi-line search, else one.
    fn info_lines(&self, r: &SearchResult) -> Vec<String> {
        let ms = r.elapsed.as_millis().max(1) as u64;
        let nps = r.nodes.saturating_mul(1000) / ms;
        let lines: Vec<(i32, &[Move])> = if r.lines.len() > 1 {
            r.lines.iter().map(|l| (l.score, &l.pv[..])).collect()
        } else {
            vec![(r.score, &r.pv[..])]
        };
        lines
            .iter()
            .enumerate()
            .map(|(i, (score, pv))| {
                let moves = line_text(&self.rules, &self.root, pv);
                let seldepth = (r.depth.max(r.seldepth) as usize).max(moves.len());
                let mut text = format!(
                    "info depth {} seldepth {seldepth} multipv {} score {} nodes {} nps {nps} time {}",
                    r.depth,
                    i + 1,
                    score_text(*score),
                    r.nodes,
                    r.elapsed.as_millis()
                );
                if !moves.is_empty() {
                    text.push_str(" pv ");
                    text.push_str(&moves.join(" "));
                }
                text
            })
            .collect()
    }
}

impl Listener for UciListener {
    fn iteration(&mut self, r: &SearchResult) {
        let lines = self.info_lines(r);
        self.out.lines(&lines);
        self.shown = r.pv.first().copied();
        self.shown_nodes = r.nodes;
    }

    fn finished(mut self: Box<Self>, r: SearchResult) {
        let Some(best) = r.best else {
            // No move: the game is over (or there is no legal move at all).
            let mut pos = self.root.clone();
            let result = outcome(&self.rules, &mut pos);
            let mut lines = Vec::new();
            if result != Outcome::Ongoing {
                lines.push(format!(
                    "info string game over: {}",
                    describe_outcome(&result)
                ));
            }
            lines.push(format!("info depth 0 score {}", score_text(r.score)));
            self.out.lines(&lines);
            self.gate.wait();
            self.out.line("bestmove (none)");
            return;
        };
        // The last line shown must start with the move played, and count every node
        // searched (an unfinished iteration's too: tools read the speed from it).
        if self.shown != Some(best) || self.shown_nodes != r.nodes {
            let mut last = r.clone();
            if last.pv.first() != Some(&best) {
                last.pv = vec![best];
            }
            last.lines.clear();
            let lines = self.info_lines(&last);
            self.out.lines(&lines);
            self.shown = Some(best);
        }
        self.gate.wait();
        let best_text = line_text(&self.rules, &self.root, &[best])
            .pop()
            .unwrap_or_else(|| "(none)".into());
        let mut text = format!("bestmove {best_text}");
        if r.pv.first() == Some(&best) && r.pv.len() > 1 {
            if let Some(reply) = line_text(&self.rules, &self.root, &r.pv[..2]).get(1) {
                text.push_str(" ponder ");
                text.push_str(reply);
            }
        }
        self.out.line(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores() {
        assert_eq!(score_text(25), "cp 25");
        assert_eq!(score_text(-300), "cp -300");
        assert_eq!(score_text(MATE - 1), "mate 1");
        assert_eq!(score_text(MATE - 3), "mate 2");
        assert_eq!(score_text(-(MATE - 2)), "mate -1");
        assert_eq!(score_text(-(MATE - 4)), "mate -2");
        assert_eq!(score_text(-MATE), "mate 0");
    }
}

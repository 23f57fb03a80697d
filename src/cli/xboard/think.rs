//! XBoard's thinking output (`post`): one line per completed iteration, `depth score time
//! nodes pv`, written by the search thread as the search goes. The last line shown always
//! starts with the move the search settled on and counts every node searched: when a
//! search stops inside an iteration, a last line says so.

use std::sync::{Arc, Mutex};

use fairyrules::engine::SearchResult;
use fairyrules::{Move, Position, Rules};

use super::describe::line_to_xboard;
use crate::cli::output::Output;
use crate::cli::searcher::Listener;

/// What the command loop learns from a search.
#[derive(Default)]
pub struct Progress {
    /// The last completed iteration.
    pub last: Option<SearchResult>,
    /// The final result, once the search has ended.
    pub result: Option<SearchResult>,
}

/// A thinking line: depth, score (centipawns; a forced win in `n` moves is `100000 + n`, a
/// forced loss `-100000 - n`), time in centiseconds, nodes, principal variation.
pub fn thinking_line(rules: &Rules, root: &Position, r: &SearchResult) -> String {
    let score = match r.mate_in_plies() {
        Some(p) if p > 0 => 100_000 + (p + 1) / 2,
        Some(p) => -100_000 - (-p + 1) / 2,
        None => r.score,
    };
    let pv = line_to_xboard(rules, root, &r.pv);
    format!(
        "{} {score} {} {} {}",
        r.depth,
        r.elapsed.as_millis() / 10,
        r.nodes,
        pv.join(" ")
    )
}

/// Writes thinking lines (when `post` is on) and keeps the progress.
pub struct Thinking {
    out: Output,
    rules: Arc<Rules>,
    root: Position,
    post: bool,
    progress: Arc<Mutex<Progress>>,
    shown: Option<Move>,
    /// Nodes of the last line written.
    shown_nodes: u64,
}

impl Thinking {
    /// A listener for a search of `root`.
    pub fn new(
        out: Output,
        rules: Arc<Rules>,
        root: Position,
        post: bool,
        progress: Arc<Mutex<Progress>>,
    ) -> Thinking {
        Thinking {
            out,
            rules,
            root,
            post,
            progress,
            shown: None,
            shown_nodes: 0,
        }
    }
}

impl Listener for Thinking {
    fn iteration(&mut self, r: &SearchResult) {
        if self.post {
            self.out.line(thinking_line(&self.rules, &self.root, r));
            self.shown = r.pv.first().copied();
            self.shown_nodes = r.nodes;
        }
        self.progress.lock().unwrap_or_else(|e| e.into_inner()).last = Some(r.clone());
    }

    fn finished(self: Box<Self>, r: SearchResult) {
        if let Some(best) = r.best {
            if self.post && (self.shown != Some(best) || self.shown_nodes != r.nodes) {
                let mut last = r.clone();
                if last.pv.first() != Some(&best) {
                    last.pv = vec![best];
                }
                self.out.line(thinking_line(&self.rules, &self.root, &last));
            }
        }
        self.progress
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .result = Some(r);
    }
}

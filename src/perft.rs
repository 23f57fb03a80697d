//! Perft: the number of leaf nodes of the legal move tree, with bulk counting at the last
//! ply, and divide (per root move).

use crate::movegen::generate_legal;
use crate::notation::move_to_string;
use crate::position::{Move, Position};
use crate::rules::Rules;

/// Reusable per-ply move buffers, so that perft allocates nothing per node.
pub struct MoveStack {
    plies: Vec<Vec<Move>>,
}

impl MoveStack {
    /// Buffers for `depth` plies.
    pub fn new(depth: usize) -> MoveStack {
        MoveStack {
            plies: (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect(),
        }
    }
}

/// Count the leaves of the legal move tree `depth` plies deep.
pub fn perft(rules: &Rules, pos: &mut Position, depth: u32) -> u64 {
    let mut stack = MoveStack::new(depth as usize);
    perft_with(rules, pos, depth, &mut stack.plies)
}

fn perft_with(rules: &Rules, pos: &mut Position, depth: u32, stack: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = stack
        .split_first_mut()
        .expect("stack as deep as the search");
    moves.clear();
    generate_legal(rules, pos, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        pos.make(rules, mv);
        total += perft_with(rules, pos, depth - 1, rest);
        pos.unmake(rules);
    }
    total
}

/// Perft per root move: `(move text, count)` in generation order.
pub fn divide(rules: &Rules, pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut root = Vec::new();
    generate_legal(rules, pos, &mut root);
    let mut stack = MoveStack::new(depth as usize);
    let mut out = Vec::new();
    for mv in &root {
        let name = move_to_string(rules, &root, mv);
        pos.make(rules, *mv);
        let n = if depth <= 1 {
            1
        } else {
            perft_with(rules, pos, depth - 1, &mut stack.plies)
        };
        pos.unmake(rules);
        out.push((name, n));
    }
    out
}

//! Perft: the number of leaf nodes of the legal move tree, with bulk counting at the last
//! ply, and divide (per root move).

use crate::movegen::{generate_legal, generate_legal_in};
use crate::notation::move_to_string;
use crate::position::Position;
use crate::rules::Rules;
use crate::types::{Bits, Move};
use crate::with_width;

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
    with_width!(rules.width, B => perft_with::<B>(rules, pos, depth, &mut stack.plies))
}

fn perft_with<B: Bits>(
    rules: &Rules,
    pos: &mut Position,
    depth: u32,
    stack: &mut [Vec<Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = stack
        .split_first_mut()
        .expect("stack as deep as the search");
    moves.clear();
    generate_legal_in::<B>(rules, pos, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        pos.make(rules, mv);
        total += perft_with::<B>(rules, pos, depth - 1, rest);
        pos.unmake(rules);
    }
    total
}

/// Count the leaves reusing `stack` (which must hold at least `depth` plies): after the
/// buffers have grown once, this allocates nothing.
pub fn perft_in(rules: &Rules, pos: &mut Position, depth: u32, stack: &mut MoveStack) -> u64 {
    if stack.plies.len() < depth as usize {
        stack
            .plies
            .resize_with(depth as usize, || Vec::with_capacity(256));
    }
    with_width!(rules.width, B => perft_with::<B>(rules, pos, depth, &mut stack.plies))
}

/// Perft per root move: `(move text, count)` in generation order.
pub fn divide(rules: &Rules, pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    divide_parallel(rules, pos, depth, 1)
}

/// Perft with the root moves split across `threads` threads; the same count as [`perft`].
pub fn perft_parallel(rules: &Rules, pos: &mut Position, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth <= 1 {
        return perft(rules, pos, depth);
    }
    divide_parallel(rules, pos, depth, threads)
        .iter()
        .map(|row| row.1)
        .sum()
}

/// [`divide`] with the root moves split across `threads` threads (round robin); the rows
/// come back in generation order whatever the thread count.
pub fn divide_parallel(
    rules: &Rules,
    pos: &mut Position,
    depth: u32,
    threads: usize,
) -> Vec<(String, u64)> {
    let mut root = Vec::new();
    generate_legal(rules, pos, &mut root);
    let names: Vec<String> = root
        .iter()
        .map(|mv| move_to_string(rules, &root, mv))
        .collect();
    let threads = threads.clamp(1, root.len().max(1));
    let mut counts = vec![0u64; root.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let root = &root;
                let mut local = pos.clone();
                scope.spawn(move || {
                    let mut stack = MoveStack::new(depth as usize);
                    let mut out = Vec::new();
                    for (i, mv) in root.iter().enumerate().skip(t).step_by(threads) {
                        local.make(rules, *mv);
                        let n = if depth <= 1 {
                            1
                        } else {
                            perft_in(rules, &mut local, depth - 1, &mut stack)
                        };
                        local.unmake(rules);
                        out.push((i, n));
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            for (i, n) in h.join().expect("perft thread") {
                counts[i] = n;
            }
        }
    });
    names.into_iter().zip(counts).collect()
}

//! Perft with divide for a request: the library's counting (legal moves, bulk count at the
//! last ply, per-ply move buffers) with a node and time budget, so that a request that asks
//! too much stops with an error instead of running on.

use std::time::Instant;

use fairyrules::{generate_legal, move_to_string, Move, Position, Rules};

/// Why a perft stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// More nodes than the budget.
    Nodes,
    /// Longer than the budget.
    Time,
}

/// Nodes and time a perft may use.
struct Budget {
    nodes: u64,
    max_nodes: u64,
    deadline: Instant,
}

impl Budget {
    /// Count `n` more nodes; stop past the budget (the clock is read every 4096 calls).
    #[inline]
    fn spend(&mut self, n: u64) -> Result<(), Stopped> {
        self.nodes += n;
        if self.nodes > self.max_nodes {
            return Err(Stopped::Nodes);
        }
        if self.nodes & 0xFFF < n && Instant::now() > self.deadline {
            return Err(Stopped::Time);
        }
        Ok(())
    }
}

fn count(
    rules: &Rules,
    pos: &mut Position,
    depth: u32,
    stack: &mut [Vec<Move>],
    budget: &mut Budget,
) -> Result<u64, Stopped> {
    if depth == 0 {
        return Ok(1);
    }
    let (moves, rest) = stack.split_first_mut().expect("a buffer per ply");
    moves.clear();
    generate_legal(rules, pos, moves);
    budget.spend(moves.len() as u64)?;
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut total = 0;
    for &mv in moves.iter() {
        pos.make(rules, mv);
        let n = count(rules, pos, depth - 1, rest, budget);
        pos.unmake(rules);
        total += n?;
    }
    Ok(total)
}

/// Perft per root move (`(move text, leaves)` in generation order), within `max_nodes`
/// visited nodes and the `deadline`.
pub fn divide(
    rules: &Rules,
    pos: &mut Position,
    depth: u32,
    max_nodes: u64,
    deadline: Instant,
) -> Result<Vec<(String, u64)>, Stopped> {
    let mut budget = Budget {
        nodes: 0,
        max_nodes,
        deadline,
    };
    let mut root = Vec::new();
    generate_legal(rules, pos, &mut root);
    let mut stack: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect();
    let mut rows = Vec::with_capacity(root.len());
    for mv in &root {
        pos.make(rules, *mv);
        let n = count(rules, pos, depth.saturating_sub(1), &mut stack, &mut budget);
        pos.unmake(rules);
        rows.push((move_to_string(rules, &root, mv), n?));
    }
    Ok(rows)
}

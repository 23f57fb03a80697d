//! A learned evaluation: a small neural network over the pieces' cells, trained on labelled
//! positions by `examples/train_net.rs`, for any variant (its inputs are read from the
//! compiled rules' kinds and cells, not from a fixed board).
//!
//! **Inputs**, from each side's point of view (*perspective*): one per (whose piece —
//! the viewer's or the other side's —, kind, cell), the cell mirrored top to bottom for
//! Black ([`crate::geometry::Geometry::mirror`]), so a position and its colour-mirror
//! evaluate the same. Pieces in hand are not inputs (in [`NetMode::Residual`] the
//! hand-crafted evaluation still values them).
//!
//! **Layers**: both perspectives go through one shared layer of `hidden` units (weights per
//! input, a bias per unit) and a clipped ReLU (each unit kept within 0..1); the side to
//! move's units and the other side's feed one output in *logit* units:
//! centipawns = [`LOGIT_SCALE`] × output, so that a score's winning chance is
//! `1 / (1 + e^(−output))`.
//!
//! **Mode**: a [`NetMode::Full`] net is the whole evaluation; a [`NetMode::Residual`] net
//! is added to the hand-crafted one ([`super::eval`]), trained on what that one misses.
//!
//! **In the engine** ([`IntegerNet`]): the hidden layer's weights are fixed-point integers,
//! and each search thread's evaluator keeps the hidden sums of the last position it
//! evaluated ([`NetAccumulator`]), adding and taking out only the pieces of the cells that
//! changed since (two to four after a move, whatever the move did: drops, explosions and
//! borrowed moves included) — in integers, so that the result is exactly the sums computed
//! from scratch.
//!
//! **File** and weights: [`crate::net_file`] (read with the variant that names them).

use crate::position::Position;
use crate::rules::Rules;
use crate::types::{Color, Piece};

pub use crate::net_file::{Net, NetMode, MAX_HIDDEN};

/// Centipawns per logit unit of the output (a score of 400 cp wins about 73% of the time).
pub const LOGIT_SCALE: f32 = 400.0;

impl Net {
    /// Whether the net fits these rules (same numbers of kinds and cells), with the reason
    /// when not.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        self.fits(rules.kinds().len(), rules.cells())
    }

    /// The inputs of one perspective that are on in this position, passed to `each`.
    #[inline]
    pub fn for_each_input(
        &self,
        rules: &Rules,
        pos: &Position,
        viewer: Color,
        mut each: impl FnMut(usize),
    ) {
        let g = rules.geometry();
        for owner in Color::BOTH {
            let theirs = usize::from(owner != viewer);
            for cell in pos.occupied(owner).iter() {
                let piece: Piece = pos.occupant(cell);
                let cell = if viewer == Color::White {
                    cell
                } else {
                    g.mirror(cell)
                };
                each((theirs * self.kinds + piece.kind() as usize) * self.cells + cell.index());
            }
        }
    }

    /// The net's score in centipawns from the side to move's point of view, computed from
    /// scratch as the engine computes it ([`IntegerNet`]). The rules must fit the net
    /// ([`Net::check`]). Builds the integer net on each call: for tools and tests, not for
    /// a search.
    pub fn evaluate(&self, rules: &Rules, pos: &Position) -> i32 {
        IntegerNet::new(self, rules).evaluate(pos, &mut NetAccumulator::default())
    }
}

/// Largest size a weight or bias is taken at in [`IntegerNet`] (trained nets stay within a
/// few units; a hand-made file with larger ones is clamped rather than overflowing).
pub const MAX_WEIGHT: f32 = 1000.0;

/// Most cells whose pieces may change between two evaluations for the accumulator to be
/// brought up to date cell by cell; beyond it the sums are recomputed.
const MAX_CHANGED_CELLS: usize = 16;

/// `x` kept within `0..=one`, written so that it compiles to vector min and max.
#[inline(always)]
fn clipped(x: f32, one: f32) -> f32 {
    let x = if x > 0.0 { x } else { 0.0 };
    if x < one {
        x
    } else {
        one
    }
}

/// A [`Net`] as the engine runs it: the hidden layer's weights in integers (fixed point,
/// `one` integer units per weight unit) so that sums kept up to date move by move
/// ([`NetAccumulator`]) are exactly the sums computed from scratch, in any order; and the
/// mirror of each cell looked up in a table. Built once per variant by the evaluator.
#[derive(Debug, Clone)]
pub struct IntegerNet {
    kinds: usize,
    cells: usize,
    hidden: usize,
    /// Whether the score replaces the hand-crafted evaluation or is added to it.
    pub mode: NetMode,
    /// Integer units per weight unit: the clipped ReLU keeps a sum within `0..=one`.
    one: i32,
    bias1: Vec<i32>,
    weights1: Vec<i32>,
    /// Output weights divided by `one` and multiplied by [`LOGIT_SCALE`] (centipawns per
    /// integer unit of a hidden unit's output).
    weights2: Vec<f32>,
    /// Output bias in centipawns.
    bias2: f32,
    /// Per cell, its top-bottom mirror's index (Black's view).
    mirror: Vec<u32>,
}

/// The hidden sums of both perspectives for the last position evaluated, with that
/// position's board (cell by cell) to tell what changed since. Each search thread keeps one
/// in its evaluator; an empty one (the default) is filled on first use.
#[derive(Debug, Clone, Default)]
pub struct NetAccumulator {
    board: Vec<u8>,
    /// White's perspective, then Black's (`hidden` each).
    sums: Vec<i32>,
}

impl IntegerNet {
    /// The integer form of `net` for `rules`, which must fit it ([`Net::check`]).
    pub fn new(net: &Net, rules: &Rules) -> IntegerNet {
        let largest = net
            .bias1
            .iter()
            .chain(&net.weights1)
            .fold(0f32, |m, w| m.max(w.abs()))
            .min(MAX_WEIGHT);
        // A sum holds at most one weight per cell and the bias: keep it within 2^30.
        let bound = largest * (net.cells as f32 + 1.0);
        let mut one = 1i32 << 20;
        while one > 1 && bound * one as f32 >= (1u32 << 30) as f32 {
            one >>= 1;
        }
        let fixed = |w: &f32| (w.clamp(-MAX_WEIGHT, MAX_WEIGHT) * one as f32).round() as i32;
        let g = rules.geometry();
        IntegerNet {
            kinds: net.kinds,
            cells: net.cells,
            hidden: net.hidden,
            mode: net.mode,
            one,
            bias1: net.bias1.iter().map(fixed).collect(),
            weights1: net.weights1.iter().map(fixed).collect(),
            weights2: net
                .weights2
                .iter()
                .map(|w| w * LOGIT_SCALE / one as f32)
                .collect(),
            bias2: net.bias2 * LOGIT_SCALE,
            mirror: g.cells().map(|c| g.mirror(c).index() as u32).collect(),
        }
    }

    /// The score in centipawns from the side to move's point of view. `acc` holds the sums
    /// of the last position this net evaluated with it: only the cells whose pieces changed
    /// since are added and taken out (a move changes two to four), unless too many did.
    pub fn evaluate(&self, pos: &Position, acc: &mut NetAccumulator) -> i32 {
        let board = pos.cell_codes();
        if acc.board.len() != board.len() || acc.sums.len() != 2 * self.hidden {
            self.refresh(board, acc);
        } else {
            let mut changed = [0usize; MAX_CHANGED_CELLS];
            let mut n = 0;
            'scan: for (chunk, (old, new)) in acc.board.chunks(8).zip(board.chunks(8)).enumerate() {
                if old == new {
                    continue;
                }
                for (i, (a, b)) in old.iter().zip(new).enumerate() {
                    if a != b {
                        if n == MAX_CHANGED_CELLS {
                            n = usize::MAX;
                            break 'scan;
                        }
                        changed[n] = chunk * 8 + i;
                        n += 1;
                    }
                }
            }
            if n == usize::MAX {
                self.refresh(board, acc);
            } else {
                // The rows to take out and add, applied in one pass over the sums.
                let mut rows = [(0usize, 0usize, false); 2 * MAX_CHANGED_CELLS];
                let mut count = 0;
                for &cell in &changed[..n] {
                    let (old, new) = (acc.board[cell], board[cell]);
                    if old != 0 {
                        let (w, b) = self.row_starts(old, cell);
                        rows[count] = (w, b, false);
                        count += 1;
                    }
                    if new != 0 {
                        let (w, b) = self.row_starts(new, cell);
                        rows[count] = (w, b, true);
                        count += 1;
                    }
                    acc.board[cell] = new;
                }
                self.apply_rows(&mut acc.sums, &rows[..count]);
            }
        }
        let h = self.hidden;
        let (white, black) = acc.sums.split_at(h);
        let (mine, other) = match pos.side_to_move() {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        // Eight running totals (summed at the end in a fixed order) so that the compiler
        // can keep them in vector lanes; the clipped ReLU in floats for the same reason.
        let one = self.one as f32;
        let mut lanes = [0f32; 8];
        for (sums, weights) in [mine, other].into_iter().zip(self.weights2.chunks(h)) {
            let (sums, weights) = (sums.chunks_exact(8), weights.chunks_exact(8));
            for (s, w) in sums.remainder().iter().zip(weights.remainder()) {
                lanes[0] += clipped(*s as f32, one) * w;
            }
            for (s, w) in sums.zip(weights) {
                for lane in 0..8 {
                    lanes[lane] += clipped(s[lane] as f32, one) * w[lane];
                }
            }
        }
        let out = self.bias2 + lanes.iter().sum::<f32>();
        out.clamp(-20_000.0, 20_000.0).round() as i32
    }

    /// Recompute both perspectives' sums from the board.
    fn refresh(&self, board: &[u8], acc: &mut NetAccumulator) {
        acc.board.clear();
        acc.board.extend_from_slice(board);
        acc.sums.clear();
        acc.sums.extend_from_slice(&self.bias1);
        acc.sums.extend_from_slice(&self.bias1);
        // Every piece's rows added, as many at a time as an update applies.
        let mut rows = [(0usize, 0usize, true); 2 * MAX_CHANGED_CELLS];
        let mut count = 0;
        for (cell, &code) in board.iter().enumerate() {
            if code != 0 {
                let (w, b) = self.row_starts(code, cell);
                rows[count] = (w, b, true);
                count += 1;
                if count == rows.len() {
                    self.apply_rows(&mut acc.sums, &rows);
                    count = 0;
                }
            }
        }
        self.apply_rows(&mut acc.sums, &rows[..count]);
    }

    /// Where the input weights of the piece of board code `code` on `cell` start in
    /// `weights1`: White's perspective's row and Black's (its cell mirrored).
    #[inline]
    fn row_starts(&self, code: u8, cell: usize) -> (usize, usize) {
        let piece = Piece::from_code(code);
        let h = self.hidden;
        let kind = piece.kind() as usize * self.cells;
        let theirs = self.kinds * self.cells;
        let (white_base, black_base) = match piece.color() {
            Color::White => (0, theirs),
            Color::Black => (theirs, 0),
        };
        let w = white_base + kind + cell;
        let b = black_base + kind + self.mirror[cell] as usize;
        (w * h, b * h)
    }

    /// Each perspective's sums with the rows `(White's start, Black's start, added)` added
    /// or taken out in one pass: the sums are taken a block at a time and kept in registers
    /// while every row is applied (one load and store of each sum instead of one per row).
    #[inline]
    fn apply_rows(&self, sums: &mut [i32], rows: &[(usize, usize, bool)]) {
        let h = self.hidden;
        let (white, black) = sums.split_at_mut(h);
        for (side, sums) in [white, &mut black[..h]].into_iter().enumerate() {
            // Blocks of 64 (the shipped nets have 64 units), else of 8 and one by one.
            if h.is_multiple_of(64) {
                self.apply_blocks::<64>(sums, rows, side, 0..h);
            } else {
                let narrow = h - h % 8;
                self.apply_blocks::<8>(sums, rows, side, 0..narrow);
                self.apply_blocks::<1>(sums, rows, side, narrow..h);
            }
        }
    }

    /// [`IntegerNet::apply_rows`] for one perspective (`side`: 0 White's, 1 Black's) on the
    /// sums of `range`, `L` at a time (`range`'s length is a multiple of `L`).
    #[inline(always)]
    fn apply_blocks<const L: usize>(
        &self,
        sums: &mut [i32],
        rows: &[(usize, usize, bool)],
        side: usize,
        range: std::ops::Range<usize>,
    ) {
        for start in range.step_by(L) {
            let mut block = [0i32; L];
            block.copy_from_slice(&sums[start..start + L]);
            for &(white, black, added) in rows {
                let at = if side == 0 { white } else { black } + start;
                let weights = &self.weights1[at..at + L];
                if added {
                    for (s, w) in block.iter_mut().zip(weights) {
                        *s = s.wrapping_add(*w);
                    }
                } else {
                    for (s, w) in block.iter_mut().zip(weights) {
                        *s = s.wrapping_sub(*w);
                    }
                }
            }
            sums[start..start + L].copy_from_slice(&block);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Net {
        let mut net = Net::zeros(2, 3, 2, NetMode::Residual);
        for (i, w) in net.weights1.iter_mut().enumerate() {
            *w = (i as f32 * 0.37).sin();
        }
        net.bias1 = vec![0.25, -0.5];
        net.weights2 = vec![1.5, -0.75, 0.125, 2.0];
        net.bias2 = -0.0625;
        net
    }

    #[test]
    fn net_files_round_trip() {
        let net = small();
        assert_eq!(Net::parse(&net.to_text()), Ok(net));
    }

    #[test]
    fn net_files_with_missing_or_bad_numbers_are_refused() {
        let text = small().to_text();
        let cut = &text[..text.trim_end().rfind(' ').unwrap()];
        assert!(Net::parse(cut).unwrap_err().contains("ends before"));
        assert!(Net::parse(&text.replace("0.25", "NaN"))
            .unwrap_err()
            .contains("finite"));
        assert!(Net::parse(&text.replace("hidden 2", "hidden 0"))
            .unwrap_err()
            .contains("hidden"));
        assert!(Net::parse(&format!("{text} 1"))
            .unwrap_err()
            .contains("unexpected"));
        assert!(Net::parse("fairyrules-net 2").unwrap_err().contains('1'));
        // The largest board and layer the header may claim, with no numbers after it.
        let huge = "fairyrules-net 1 kinds 256 cells 256 hidden 512 mode full";
        assert!(Net::parse(huge).unwrap_err().contains("ends before"));
    }
}

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
//! **File**: text — a header line `fairyrules-net 1 kinds K cells N hidden H mode M`, then
//! the numbers (whitespace-separated): the `H` hidden biases, the `2·K·N` input rows of `H`
//! weights each (the viewer's pieces first, kind by kind, cell by cell), the `2·H` output
//! weights (side to move's units first) and the output bias.

use crate::position::Position;
use crate::rules::Rules;
use crate::types::{Color, Piece};

/// Centipawns per logit unit of the output (a score of 400 cp wins about 73% of the time).
pub const LOGIT_SCALE: f32 = 400.0;

/// Most hidden units a net file may have ([`Net::evaluate`] keeps its sums on the stack).
pub const MAX_HIDDEN: usize = 512;

/// Whether the net replaces the hand-crafted evaluation or corrects it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetMode {
    /// The net's score is the evaluation.
    Full,
    /// The net's score is added to the hand-crafted evaluation.
    Residual,
}

impl NetMode {
    /// The word the net file uses for the mode.
    pub fn name(self) -> &'static str {
        match self {
            NetMode::Full => "full",
            NetMode::Residual => "residual",
        }
    }
}

/// A trained network (see the module docs), in `f32`.
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    /// Piece kinds of the variant it was trained for.
    pub kinds: usize,
    /// Cells of that variant's board.
    pub cells: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Full evaluation or correction.
    pub mode: NetMode,
    /// Hidden biases (`hidden`).
    pub bias1: Vec<f32>,
    /// Input weights, one row of `hidden` per input (`inputs() × hidden`).
    pub weights1: Vec<f32>,
    /// Output weights: the side to move's units, then the other side's (`2 × hidden`).
    pub weights2: Vec<f32>,
    /// Output bias.
    pub bias2: f32,
}

impl Net {
    /// A net of zeros (its score is 0 everywhere), the start of training.
    pub fn zeros(kinds: usize, cells: usize, hidden: usize, mode: NetMode) -> Net {
        Net {
            kinds,
            cells,
            hidden,
            mode,
            bias1: vec![0.0; hidden],
            weights1: vec![0.0; 2 * kinds * cells * hidden],
            weights2: vec![0.0; 2 * hidden],
            bias2: 0.0,
        }
    }

    /// Number of inputs of one perspective.
    pub fn inputs(&self) -> usize {
        2 * self.kinds * self.cells
    }

    /// Whether the net fits these rules (same numbers of kinds and cells), with the reason
    /// when not.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        if self.kinds != rules.kinds().len() || self.cells != rules.cells() {
            return Err(format!(
                "the net was trained for {} kinds on {} cells; this variant has {} kinds on {} cells",
                self.kinds,
                self.cells,
                rules.kinds().len(),
                rules.cells()
            ));
        }
        Ok(())
    }

    /// Read a net file's text (see the module docs).
    pub fn parse(text: &str) -> Result<Net, String> {
        let mut words = text.split_whitespace();
        let mut expect = |word: &str| match words.next() {
            Some(w) if w == word => Ok(()),
            Some(w) => Err(format!("expected `{word}`, found `{w}`")),
            None => Err(format!("expected `{word}`, found the end of the file")),
        };
        expect("fairyrules-net")?;
        expect("1")?;
        let mut words = text.split_whitespace().skip(2);
        let mut field = |name: &str| -> Result<String, String> {
            match (words.next(), words.next()) {
                (Some(n), Some(v)) if n == name => Ok(v.to_string()),
                (Some(n), _) => Err(format!("expected `{name}`, found `{n}`")),
                _ => Err(format!("expected `{name}`, found the end of the file")),
            }
        };
        let count = |name: &str, v: String| -> Result<usize, String> {
            v.parse::<usize>()
                .map_err(|_| format!("`{name}` must be a whole number, found `{v}`"))
        };
        let kinds = count("kinds", field("kinds")?)?;
        let cells = count("cells", field("cells")?)?;
        let hidden = count("hidden", field("hidden")?)?;
        let mode = match field("mode")?.as_str() {
            "full" => NetMode::Full,
            "residual" => NetMode::Residual,
            m => return Err(format!("`mode` must be `full` or `residual`, found `{m}`")),
        };
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!(
                "`hidden` must be 1 to {MAX_HIDDEN}, found {hidden}"
            ));
        }
        if kinds == 0 || cells == 0 || kinds.saturating_mul(cells) > 1 << 16 {
            return Err(format!("no board has {kinds} kinds on {cells} cells"));
        }
        let mut numbers = words.map(|w| {
            w.parse::<f32>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("expected a finite number, found `{w}`"))
        });
        let mut take = |n: usize| -> Result<Vec<f32>, String> {
            // Grown as the numbers come: a header that claims more than the file holds
            // costs no memory.
            let mut v = Vec::with_capacity(n.min(1 << 16));
            for _ in 0..n {
                v.push(
                    numbers
                        .next()
                        .ok_or("the file ends before its last weight")??,
                );
            }
            Ok(v)
        };
        let bias1 = take(hidden)?;
        let weights1 = take(2 * kinds * cells * hidden)?;
        let weights2 = take(2 * hidden)?;
        let bias2 = take(1)?[0];
        if let Some(extra) = numbers.next() {
            return Err(format!("unexpected text after the last weight: {extra:?}"));
        }
        Ok(Net {
            kinds,
            cells,
            hidden,
            mode,
            bias1,
            weights1,
            weights2,
            bias2,
        })
    }

    /// The net file's text (read back by [`Net::parse`]).
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut s = format!(
            "fairyrules-net 1 kinds {} cells {} hidden {} mode {}\n",
            self.kinds,
            self.cells,
            self.hidden,
            self.mode.name()
        );
        let mut line = |values: &[f32]| {
            for (i, v) in values.iter().enumerate() {
                let _ = write!(s, "{}{v}", if i == 0 { "" } else { " " });
            }
            s.push('\n');
        };
        line(&self.bias1);
        for row in self.weights1.chunks(self.hidden) {
            line(row);
        }
        line(&self.weights2);
        line(&[self.bias2]);
        s
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

    /// The net's score in centipawns from the side to move's point of view. The rules must
    /// fit the net ([`Net::check`]).
    pub fn evaluate(&self, rules: &Rules, pos: &Position) -> i32 {
        let mut sums = [0f32; 2 * MAX_HIDDEN];
        self.evaluate_with(rules, pos, &mut sums)
    }

    /// As [`Net::evaluate`], with the hidden sums kept in `sums` (at least `2 × hidden`
    /// long: the caller's scratch, so that nothing is allocated or cleared per call).
    pub fn evaluate_with(&self, rules: &Rules, pos: &Position, sums: &mut [f32]) -> i32 {
        let h = self.hidden;
        let (white, rest) = sums.split_at_mut(h);
        let black = &mut rest[..h];
        white.copy_from_slice(&self.bias1);
        black.copy_from_slice(&self.bias1);
        // One pass over the pieces feeds both perspectives.
        let g = rules.geometry();
        let theirs = self.kinds * self.cells;
        for owner in Color::BOTH {
            let (white_base, black_base) = match owner {
                Color::White => (0, theirs),
                Color::Black => (theirs, 0),
            };
            for cell in pos.occupied(owner).iter() {
                let kind = pos.occupant(cell).kind() as usize * self.cells;
                let w = white_base + kind + cell.index();
                let b = black_base + kind + g.mirror(cell).index();
                let (row_w, row_b) = (
                    &self.weights1[w * h..(w + 1) * h],
                    &self.weights1[b * h..(b + 1) * h],
                );
                for ((sw, sb), (a, c)) in white
                    .iter_mut()
                    .zip(black.iter_mut())
                    .zip(row_w.iter().zip(row_b))
                {
                    *sw += a;
                    *sb += c;
                }
            }
        }
        let (mine, other) = match pos.side_to_move() {
            Color::White => (&*white, &*black),
            Color::Black => (&*black, &*white),
        };
        let mut out = self.bias2;
        for (sum, weights) in [mine, other].into_iter().zip(self.weights2.chunks(h)) {
            for (s, w) in sum.iter().zip(weights) {
                out += s.clamp(0.0, 1.0) * w;
            }
        }
        (out * LOGIT_SCALE).clamp(-20_000.0, 20_000.0).round() as i32
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

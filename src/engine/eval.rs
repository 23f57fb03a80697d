//! Static evaluation: material, centralisation and advancement, all derived from the compiled
//! rules so that it works for any variant, square or hexagonal, with or without hooks.
//!
//! - **Material**: a kind's `value` from the file (in pawns), or when it has none an
//!   estimate from its mobility: `1 + 0.35 × m` pawns, where `m` is the average number of
//!   cells it reaches from each cell of an empty board of this geometry (from its compiled
//!   records), times 0.8 for colour-bound kinds. That gives about 2.8 for a Knight, 3.2 for a
//!   Bishop, 5.9 for a Rook and 9 for a Queen on 8×8. A `borrow-moves` kind without a value
//!   is worth at least 3/4 of the best kind it could borrow from; an `elephant-charge` kind
//!   1.5 pawns more than its own moves give. Royal kinds have no material value.
//! - **Centralisation**: per piece and cell, 3 centipawns per target the piece has there on an
//!   empty board above (or below) its average, clamped to ±40; none for royal kinds.
//! - **Advancement**: kinds that promote in a zone get up to 60 centipawns as they approach
//!   the far side (quadratic in the height gained).
//! - **Extinction**: a side with a single piece left of its `extinction` kinds loses 150
//!   centipawns (the piece is a liability, and its loss ends the game).
//!
//! Scores are in centipawns from the side to move's point of view.

use crate::position::Position;
use crate::rules::{flag, RecordShape, Rules};
use crate::types::{CellSet, Color, KindId, Piece};

/// Per-variant evaluation tables, built once per search from the rules.
#[derive(Debug, Clone)]
pub struct Evaluator {
    /// Material value of each kind in centipawns (0 for royal kinds).
    pub values: Vec<i32>,
    /// Positional bonus per (piece index, cell), from the piece owner's point of view.
    pst: Vec<i32>,
    cells: usize,
    /// Kinds whose extinction loses.
    extinction: Vec<KindId>,
    /// Seed for a small deterministic evaluation jitter (varies engine games).
    noise: Option<u64>,
}

/// The average number of empty-board targets of a kind, and the per-cell counts for White.
fn empty_board_mobility(rules: &Rules, piece: Piece) -> (f64, Vec<u32>) {
    let n = rules.cells();
    let mut per_cell = Vec::with_capacity(n);
    for cell in rules.geometry.cells() {
        let mut targets = CellSet::EMPTY;
        for rec in rules.records_of(piece, cell) {
            if rec.flags & (flag::MOVE | flag::CAPTURE) == 0 || rec.flags & flag::INITIAL != 0 {
                continue;
            }
            let cells = rules.record_cells(rec);
            match rec.shape {
                RecordShape::Leap => {
                    let open = rec.paths_len == 0
                        || rules
                            .record_paths(rec)
                            .iter()
                            .any(|p| rules.path_cells(p).iter().all(|c| !c.occupied));
                    if open {
                        targets.insert(cells[0]);
                    }
                }
                RecordShape::Slide => {
                    for &c in cells {
                        targets.insert(c);
                    }
                }
                // Hoppers need a screen: count a third of their line as a rough stand-in.
                RecordShape::Hop | RecordShape::Grasshop => {
                    for &c in cells.iter().skip(1).step_by(3) {
                        targets.insert(c);
                    }
                }
                RecordShape::Castle => {}
            }
        }
        per_cell.push(targets.count());
    }
    let avg = per_cell.iter().map(|&x| x as f64).sum::<f64>() / n.max(1) as f64;
    (avg, per_cell)
}

/// Estimated value in pawns of a kind without a `value`, from its mobility.
pub fn estimated_value(rules: &Rules, kind: KindId) -> f64 {
    let k = &rules.kinds[kind as usize];
    let (avg, _) = empty_board_mobility(rules, Piece::new(kind, Color::White));
    let mut v = 1.0 + 0.35 * avg;
    if k.color_bound {
        v *= 0.8;
    }
    match &k.hook {
        Some(hook) => hook.value(rules, kind, v, &|o| kind_value(rules, o)),
        None => v,
    }
}

/// A kind's material value in pawns: from the file, else estimated; 0 for royal kinds.
pub fn kind_value(rules: &Rules, kind: KindId) -> f64 {
    let k = &rules.kinds[kind as usize];
    if k.royal_for_some_side() {
        return 0.0;
    }
    match k.value {
        Some(v) => v,
        None => estimated_value(rules, kind),
    }
}

impl Evaluator {
    /// Build the tables for a variant.
    pub fn new(rules: &Rules, noise: Option<u64>) -> Evaluator {
        let n = rules.cells();
        let kinds = rules.kinds.len();
        let values: Vec<i32> = (0..kinds as KindId)
            .map(|k| (kind_value(rules, k) * 100.0).round() as i32)
            .collect();
        let g = &rules.geometry;
        let heights: Vec<i32> = g.cells().map(|c| g.height(c)).collect();
        let hmin = *heights.iter().min().unwrap_or(&0);
        let hmax = *heights.iter().max().unwrap_or(&0);
        let span = (hmax - hmin).max(1) as f64;
        let mut pst = vec![0; kinds * 2 * n];
        for k in 0..kinds as KindId {
            let kind = &rules.kinds[k as usize];
            let promotes_in_zone = kind.promotion.iter().flatten().any(|p| !p.zone.is_empty());
            for color in Color::BOTH {
                let piece = Piece::new(k, color);
                let (avg, per_cell) = empty_board_mobility(rules, piece);
                for cell in g.cells() {
                    let mut bonus = 0.0;
                    if !kind.is_royal(color) {
                        bonus += (3.0 * (per_cell[cell.index()] as f64 - avg)).clamp(-40.0, 40.0);
                    }
                    if promotes_in_zone {
                        let h = heights[cell.index()];
                        let gained = match color {
                            Color::White => h - hmin,
                            Color::Black => hmax - h,
                        } as f64
                            / span;
                        bonus += 60.0 * gained * gained;
                    }
                    pst[piece.index() * n + cell.index()] = bonus.round() as i32;
                }
            }
        }
        Evaluator {
            values,
            pst,
            cells: n,
            extinction: rules
                .end
                .extinction_of(Color::White)
                .and_then(|e| e.kinds.clone())
                .unwrap_or_default(),
            noise,
        }
    }

    /// Material value of the piece kind in centipawns.
    #[inline]
    pub fn value(&self, kind: KindId) -> i32 {
        self.values[kind as usize]
    }

    /// The evaluation from the side to move's point of view, in centipawns.
    pub fn evaluate(&self, _rules: &Rules, pos: &Position) -> i32 {
        let mut score = [0i32; 2];
        for color in Color::BOTH {
            let mut s = 0;
            for cell in pos.occupied(color).iter() {
                let p = pos.piece_at(cell).expect("an occupied cell");
                s += self.values[p.kind() as usize]
                    + self.pst[p.index() * self.cells + cell.index()];
            }
            if !self.extinction.is_empty() {
                let left: u32 = self
                    .extinction
                    .iter()
                    .map(|&k| pos.cells_of(Piece::new(k, color)).count())
                    .sum();
                if left == 1 {
                    s -= 150;
                }
            }
            score[color.index()] = s;
        }
        let white = score[0] - score[1];
        let mut v = match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        };
        if let Some(seed) = self.noise {
            let h = (pos.hash() ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            v += (h >> 60) as i32 - 8;
        }
        v
    }
}

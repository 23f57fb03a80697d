//! `elephant-charge`: a move straight along one of the board's orthogonal directions that
//! captures every piece on its path after the first cell, friend or foe, and then turns the
//! charging piece into another kind (the Elephant of Heroes Hexagonal Chess). Parameters:
//! - `length`: cells in the path, cut short at the board edge; a path shorter than 2 cells
//!   gives no charge; the first cell must be empty;
//! - `enhanced_length`: a second length available while the piece stands next to a friendly
//!   piece of its `when_adjacent_to` kinds (both lengths then; equal paths are one move);
//! - `requires_enemy_capture`: the charge must capture at least one enemy piece;
//! - `becomes`: the kind that replaces the charger on the landing cell, which then promotes
//!   by that kind's own promotion rules as if it had moved there.
//!
//! A charge never captures a royal piece of its own side. An enemy royal piece on a path
//! after the first cell is attacked (the charge's capture rules do not depend on pins).

use std::sync::Arc;

use super::{IdResolver, Params};
use crate::board::Board;
use crate::geometry::Geometry;
use crate::rules::{AttackLines, Hook, Rules};
use crate::targets::push_with_promotion;
use crate::types::{Cell, CellSet, KindId, Move, MoveKind, Piece, MAX_SWEEP};

/// Longest charge path a file may ask for: its first cell and a sweep's captures.
pub const MAX_CHARGE: usize = MAX_SWEEP;

/// The parameters a file may give.
pub(super) const PARAMETERS: &[&str] = &[
    "length",
    "enhanced_length",
    "requires_enemy_capture",
    "becomes",
];

/// Build the hook from a file's parameters.
pub(super) fn compile(
    params: &mut Params,
    geometry: &Geometry,
    resolve: &mut IdResolver,
) -> Option<Arc<dyn Hook>> {
    let lengths = 2..=MAX_CHARGE as i64;
    let requires = params.bool("requires_enemy_capture", true);
    let length = params.int("length", lengths.clone(), 4);
    let enhanced = params.int("enhanced_length", lengths, length);
    let becomes = params.piece("becomes", "guard", resolve)?;
    Some(Arc::new(ElephantCharge::new(
        geometry,
        length as u8,
        enhanced as u8,
        requires,
        becomes,
    )))
}

/// Parameters and precomputed rays of the `elephant-charge` hook.
#[derive(Debug, Clone)]
pub struct ElephantCharge {
    /// Path length.
    pub length: u8,
    /// Path length also available while adjacent to a friendly `when_adjacent_to` kind.
    pub enhanced_length: u8,
    /// A charge must capture an enemy piece.
    pub requires_enemy_capture: bool,
    /// The kind the charger becomes.
    pub becomes: KindId,
    /// Per cell, per orthogonal direction: the cells outward, up to the longest length.
    rays: Vec<Vec<Vec<Cell>>>,
    /// Per cell: every cell a charge from there could capture on (its rays after the first
    /// cell), so that attack queries elsewhere answer at once.
    reach: Vec<CellSet>,
}

impl ElephantCharge {
    /// Build the hook and its ray tables for a board.
    pub fn new(
        geometry: &Geometry,
        length: u8,
        enhanced_length: u8,
        requires_enemy_capture: bool,
        becomes: KindId,
    ) -> ElephantCharge {
        let directions = geometry.orthogonal_steps();
        let longest = length.max(enhanced_length) as usize;
        let rays = geometry
            .cells()
            .map(|from| {
                directions
                    .iter()
                    .map(|&v| {
                        let mut ray = Vec::new();
                        let mut c = from;
                        while let Some(n) = geometry.offset(c, v) {
                            if ray.len() == longest {
                                break;
                            }
                            ray.push(n);
                            c = n;
                        }
                        ray
                    })
                    .collect()
            })
            .collect::<Vec<Vec<Vec<Cell>>>>();
        let reach = rays
            .iter()
            .map(|cell_rays| {
                cell_rays
                    .iter()
                    .flat_map(|ray| ray.iter().skip(1).copied())
                    .collect()
            })
            .collect();
        ElephantCharge {
            length,
            enhanced_length,
            requires_enemy_capture,
            becomes,
            rays,
            reach,
        }
    }

    /// Calls `visit(path)` for every charge the piece on `from` has now (each distinct path
    /// once). `path` is the whole path; the charger lands on its last cell.
    #[inline]
    fn for_each_charge(
        &self,
        rules: &Rules,
        board: &Board,
        piece: Piece,
        from: Cell,
        mut visit: impl FnMut(&[Cell]),
    ) {
        let side = piece.color();
        let kind = rules.kind(piece.kind());
        let enhanced = self.enhanced_length != self.length
            && !kind.adjacent_kinds.is_empty()
            && rules.is_adjacent_to(board, side, from, &kind.adjacent_kinds);
        for ray in &self.rays[from.index()] {
            let mut lengths = [
                (self.length as usize).min(ray.len()),
                if enhanced {
                    (self.enhanced_length as usize).min(ray.len())
                } else {
                    0
                },
            ];
            if lengths[1] == lengths[0] {
                lengths[1] = 0;
            }
            if ray.is_empty() || board.is_occupied(ray[0]) {
                continue;
            }
            for len in lengths {
                if len < 2 {
                    continue;
                }
                let path = &ray[..len];
                let mut enemy = false;
                let mut own_royal = false;
                for &c in &path[1..] {
                    if let Some(p) = board.piece_at(c) {
                        if p.color() != side {
                            enemy = true;
                        } else if rules.kind(p.kind()).is_royal(side) {
                            own_royal = true;
                        }
                    }
                }
                if own_royal || (self.requires_enemy_capture && !enemy) {
                    continue;
                }
                visit(path);
            }
        }
    }
}

impl Hook for ElephantCharge {
    fn name(&self) -> &'static str {
        "elephant-charge"
    }

    /// The charges of the piece on `from`, with the promotion of the piece it becomes.
    fn generate(
        &self,
        rules: &Rules,
        board: &Board,
        piece: Piece,
        from: Cell,
        out: &mut Vec<Move>,
    ) {
        let becomes = Piece::new(self.becomes, piece.color());
        self.for_each_charge(rules, board, piece, from, |path| {
            let mv = Move {
                from,
                to: path[path.len() - 1],
                promotion: Some(self.becomes),
                kind: MoveKind::Sweep { first: path[0] },
                gating: crate::types::GateCode::NONE,
            };
            push_with_promotion(rules, board, becomes, mv, out);
        });
    }

    /// The cells from the charger up to `target` on a ray that reaches it: emptying or
    /// filling them can start or stop a charge through `target`.
    fn add_attack_lines(
        &self,
        _rules: &Rules,
        _board: &Board,
        _piece: Piece,
        from: Cell,
        target: Cell,
        lines: &mut AttackLines,
    ) {
        for ray in &self.rays[from.index()] {
            if let Some(i) = ray.iter().position(|&c| c == target) {
                lines.add_touchable(ray[..i].iter().copied());
            }
        }
    }

    /// Whether a charge of the piece on `from` captures on `target`.
    fn attacks(
        &self,
        rules: &Rules,
        board: &Board,
        piece: Piece,
        from: Cell,
        target: Cell,
    ) -> bool {
        if !self.reach[from.index()].contains(target) {
            return false;
        }
        let mut hit = false;
        self.for_each_charge(rules, board, piece, from, |path| {
            hit |= path[1..].contains(&target);
        });
        hit
    }

    fn describe(&self, rules: &Rules, kind: KindId) -> Vec<String> {
        let kind = rules.kind(kind);
        let enhanced = if self.enhanced_length != self.length && !kind.adjacent_kinds.is_empty() {
            format!(
                "; {} cells while next to a friendly {}",
                self.enhanced_length,
                rules.kind_names(&kind.adjacent_kinds, "or")
            )
        } else {
            String::new()
        };
        vec![format!(
            "hook `elephant-charge`: charges {} cells along an orthogonal line{enhanced} (first cell empty), captures every piece on the path after the first cell, friend or foe (never its own royal piece){}, lands on the last cell and becomes a {}",
            self.length,
            if self.requires_enemy_capture {
                ", at least one an enemy"
            } else {
                ""
            },
            rules.kind(self.becomes).name
        )]
    }

    /// Enemy pieces two cells out along every orthogonal line (where the board allows).
    fn demonstration(&self, rules: &Rules, from: Cell) -> Option<(CellSet, String)> {
        let g = rules.geometry();
        let cells: CellSet = g
            .orthogonal_steps()
            .iter()
            .filter_map(|&v| g.offset(from, v).and_then(|c| g.offset(c, v)))
            .collect();
        Some((
            cells,
            format!(
                "enemies placed 2 cells out on each line; h: where a {}-cell charge lands (it captures every piece on the path after its first cell)",
                self.length
            ),
        ))
    }

    /// What the piece is worth before it charges — its own moves, or the piece it becomes
    /// if that is worth more — plus 0.3 pawns per cell of its path (a charge may take
    /// several pieces at once, and threatens to).
    fn value(
        &self,
        _rules: &Rules,
        _kind: KindId,
        mobility_value: f64,
        value_of: &dyn Fn(KindId) -> f64,
    ) -> f64 {
        mobility_value.max(value_of(self.becomes)) + 0.3 * self.length as f64
    }
}

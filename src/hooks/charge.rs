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

use crate::cellset::{Cell, CellSet};
use crate::geometry::Geometry;
use crate::movegen::promotion_rule;
use crate::position::{Move, MoveKind, Position, NO_CELL};
use crate::rules::{KindId, Piece, Rules};

/// Longest charge path a file may ask for (the undo record keeps this many captures).
pub const MAX_CHARGE: usize = 8;

/// Parameters and precomputed rays of the `elephant-charge` hook.
#[derive(Debug, Clone, PartialEq, Eq)]
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
        pos: &Position,
        piece: Piece,
        from: Cell,
        mut visit: impl FnMut(&[Cell]),
    ) {
        let side = piece.color();
        let kind = &rules.kinds[piece.kind() as usize];
        let enhanced = self.enhanced_length != self.length
            && !kind.adjacent_kinds.is_empty()
            && rules.is_adjacent_to(pos, side, from, &kind.adjacent_kinds);
        for ray in &self.rays[from as usize] {
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
            if ray.is_empty() || pos.code_at(ray[0]) != 0 {
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
                    if let Some(p) = pos.piece_at(c) {
                        if p.color() != side {
                            enemy = true;
                        } else if rules.kinds[p.kind() as usize].royal {
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

    /// Append the charges of the piece on `from`, with the promotion of the piece it becomes.
    pub fn generate(
        &self,
        rules: &Rules,
        pos: &Position,
        piece: Piece,
        from: Cell,
        out: &mut Vec<Move>,
    ) {
        let becomes = Piece::new(self.becomes, piece.color());
        self.for_each_charge(rules, pos, piece, from, |path| {
            let to = path[path.len() - 1];
            let mv = Move {
                from,
                to,
                kind: MoveKind::Sweep,
                promotion: self.becomes + 1,
                aux: path[0],
                aux2: NO_CELL,
            };
            match promotion_rule(rules, pos, becomes, to) {
                Some(rule) => {
                    for &k in &rule.to {
                        out.push(Move {
                            promotion: k + 1,
                            ..mv
                        });
                    }
                    if !rule.forced {
                        out.push(mv);
                    }
                }
                None => out.push(mv),
            }
        });
    }

    /// The cells from the charger up to `target` on a ray that reaches it: emptying or
    /// filling them can start or stop a charge through `target`.
    pub fn add_attack_lines(
        &self,
        from: Cell,
        target: Cell,
        lines: &mut crate::movegen::AttackLines,
    ) {
        for ray in &self.rays[from as usize] {
            if let Some(i) = ray.iter().position(|&c| c == target) {
                lines.add_touchable(ray[..i].iter().copied());
            }
        }
    }

    /// Whether a charge of the piece on `from` captures on `target`.
    pub fn attacks(
        &self,
        rules: &Rules,
        pos: &Position,
        piece: Piece,
        from: Cell,
        target: Cell,
    ) -> bool {
        if !self.reach[from as usize].contains(target) {
            return false;
        }
        let mut hit = false;
        self.for_each_charge(rules, pos, piece, from, |path| {
            hit |= path[1..].contains(&target);
        });
        hit
    }
}

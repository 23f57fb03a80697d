//! Castling moves: a castling piece that has never moved steps `distance` cells towards a
//! never-moved partner of a kind it castles with, the partner lands on the cell it crossed.
//! A royal castling piece may not be in check, pass or land on an attacked cell; a
//! non-royal one ignores attacks. With `castles_to` (Chess960) the pieces go to fixed files
//! instead, from wherever they start.

use crate::attacks::{is_attacked_in, royal_attacked_in};
use crate::position::Position;
use crate::rules::{flag, RecordShape, Rules};
use crate::types::{Bits, Cell, Move, MoveKind, Piece};

/// Append the castling moves of the side to move that are legal.
pub(crate) fn generate_castling<B: Bits>(rules: &Rules, pos: &mut Position, out: &mut Vec<Move>) {
    let side = pos.side_to_move();
    let mut checked: Option<bool> = None;
    for &k in rules.castling_kinds(side) {
        let piece = Piece::new(k, side);
        let kind = &rules.kinds[k as usize];
        let royal = kind.is_royal(side);
        for from in pos.cells_of(piece).iter() {
            if !pos.unmoved().contains(from) {
                continue;
            }
            for rec in rules.records_of(piece, from) {
                if rec.shape != RecordShape::Castle {
                    continue;
                }
                let ray = rules.record_cells(rec);
                if rec.flags & flag::FIXED_END != 0 {
                    if let Some(mv) = fixed_end_castling::<B>(rules, pos, from, ray, rec.distance) {
                        out.push(mv);
                    }
                    continue;
                }
                let d = rec.distance as usize;
                let Some(j) = ray.iter().position(|&c| pos.is_occupied(c)) else {
                    continue;
                };
                if j < d {
                    continue;
                }
                let partner_cell = ray[j];
                let partner = pos.occupant(partner_cell);
                if partner.color() != side
                    || !kind.partners(side).contains(&partner.kind())
                    || !pos.unmoved().contains(partner_cell)
                {
                    continue;
                }
                if royal {
                    let in_check =
                        *checked.get_or_insert_with(|| royal_attacked_in::<B>(rules, pos, side));
                    if in_check {
                        continue;
                    }
                    if ray[..d]
                        .iter()
                        .any(|&c| is_attacked_in::<B>(rules, pos, c, side.flip()))
                    {
                        continue;
                    }
                }
                let to = ray[d - 1];
                let partner_to = if d >= 2 { ray[d - 2] } else { from };
                if let Some(mv) = legal_castle::<B>(rules, pos, from, to, partner_cell, partner_to)
                {
                    out.push(mv);
                }
            }
        }
    }
}

/// Chess960 castling of the piece on `from` towards the partner on `ray` (the first piece
/// on it): the piece ends on the file `end_file` of its rank, the partner on the cell next
/// to it on the inside. Every cell between the outermost of the four cells must be empty but
/// for the two pieces; a royal piece may not be in check nor cross or land on an attacked
/// cell, and is not attacked after the move.
fn fixed_end_castling<B: Bits>(
    rules: &Rules,
    pos: &mut Position,
    from: Cell,
    ray: &[Cell],
    end_file: u8,
) -> Option<Move> {
    let side = pos.side_to_move();
    let g = &rules.geometry;
    let mover = pos.occupant(from);
    let kind = &rules.kinds[mover.kind() as usize];
    let partner_cell = *ray.iter().find(|&&c| pos.is_occupied(c))?;
    let partner = pos.occupant(partner_cell);
    if partner.color() != side
        || !kind.partners(side).contains(&partner.kind())
        || !pos.unmoved().contains(partner_cell)
    {
        return None;
    }
    let (x, y) = g.coords(from);
    let step = (g.coords(ray[0]).0 - x).signum();
    let to = g.at(i32::from(end_file), y)?;
    let partner_to = g.at(i32::from(end_file) - step, y)?;
    let xs = [
        x,
        g.coords(to).0,
        g.coords(partner_cell).0,
        g.coords(partner_to).0,
    ];
    let (lo, hi) = (*xs.iter().min()?, *xs.iter().max()?);
    for file in lo..=hi {
        let cell = g.at(file, y)?;
        if cell != from && cell != partner_cell && pos.is_occupied(cell) {
            return None;
        }
    }
    if kind.is_royal(side) {
        if royal_attacked_in::<B>(rules, pos, side) {
            return None;
        }
        let tx = g.coords(to).0;
        let path_step = (tx - x).signum();
        let mut file = x;
        while file != tx {
            file += path_step;
            let cell = g.at(file, y)?;
            if is_attacked_in::<B>(rules, pos, cell, side.flip()) {
                return None;
            }
        }
    }
    legal_castle::<B>(rules, pos, from, to, partner_cell, partner_to)
}

/// The castling move `from` → `to` with its partner `partner_from` → `partner_to`, if
/// making it leaves the mover's royal pieces safe (and gives no check where checks are
/// forbidden).
#[inline(always)]
fn legal_castle<B: Bits>(
    rules: &Rules,
    pos: &mut Position,
    from: Cell,
    to: Cell,
    partner_from: Cell,
    partner_to: Cell,
) -> Option<Move> {
    let side = pos.side_to_move();
    let mv = Move {
        kind: MoveKind::Castle {
            partner_from,
            partner_to,
        },
        ..Move::normal(from, to)
    };
    pos.make(rules, mv);
    let legal = !royal_attacked_in::<B>(rules, pos, side)
        && (rules.end.giving_check || !royal_attacked_in::<B>(rules, pos, side.flip()));
    pos.unmake(rules);
    legal.then_some(mv)
}

//! Castling moves: a castling piece that has never moved steps `distance` cells towards a
//! never-moved partner of a kind it castles with, the partner lands on the cell it crossed.
//! A royal castling piece may not be in check, pass or land on an attacked cell; a
//! non-royal one ignores attacks.

use crate::attacks::{is_attacked_in, royal_attacked_in};
use crate::position::Position;
use crate::rules::{RecordShape, Rules};
use crate::types::{Bits, Move, MoveKind, Piece};

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
                let mv = Move {
                    kind: MoveKind::Castle {
                        partner_from: partner_cell,
                        partner_to,
                    },
                    ..Move::normal(from, to)
                };
                pos.make(rules, mv);
                let legal = !royal_attacked_in::<B>(rules, pos, side)
                    && (rules.end.giving_check || !royal_attacked_in::<B>(rules, pos, side.flip()));
                pos.unmake(rules);
                if legal {
                    out.push(mv);
                }
            }
        }
    }
}

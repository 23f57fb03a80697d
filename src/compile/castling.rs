//! Castling (`O`) moves: for a castling piece on a cell, the ray towards each side it may
//! castle to, with the king's step count (or, with `castles_to`, the file it ends on). Whether a partner stands at the end of the ray is
//! decided at move generation ([`crate::movegen`]).

use super::moves::{CompileError, Turn};
use super::records::RawRecord;
use crate::betza::{BetzaMove, RangeSpec};
use crate::geometry::{Geometry, Shape};
use crate::rules::{flag, RecordShape};
use crate::types::Cell;

/// The castling records of `m` for a piece on `from`.
pub(super) fn castling_records(
    geometry: &Geometry,
    m: &BetzaMove,
    from: Cell,
    flags: u8,
    turn: Turn,
    source: usize,
    castles_to: Option<[u8; 2]>,
) -> Result<Vec<RawRecord>, CompileError> {
    if m.legs.len() > 1 {
        return Err((m.span.clone(), "castling cannot have several legs".into()));
    }
    let Shape::Square { .. } = geometry.shape else {
        return Err((
            m.span.clone(),
            "castling (`O`) is only defined on square boards".into(),
        ));
    };
    let distance = match m.range {
        RangeSpec::Limited(n) if n >= 1 => n,
        RangeSpec::Default => 2,
        _ => {
            return Err((
                m.span.clone(),
                "castling needs a distance from 1 up (`O2`, `O3`)".into(),
            ))
        }
    };
    let last = m.legs.last().expect("a move has at least one leg");
    let mut sides: Vec<i32> = Vec::new();
    if last.directions.is_empty() {
        sides = vec![1, -1];
    }
    for d in &last.directions {
        match (d.first, d.second) {
            ('s', _) | ('h', None) => sides.extend([1, -1]),
            ('r', None) | ('r', Some('r')) => sides.push(1),
            ('l', None) | ('l', Some('l')) => sides.push(-1),
            _ => {
                return Err((
                    d.span.clone(),
                    "castling goes sideways: use `s`, `l` or `r`".into(),
                ))
            }
        }
    }
    let mut out = Vec::new();
    for side in sides {
        let ray: Vec<Cell> = geometry.ray(from, turn((side, 0))).collect();
        if let Some(files) = castles_to {
            // Chess960: to a fixed file on the board's left or right (as the board lies, for
            // either side), the partner anywhere on the ray.
            let board_side = turn((side, 0)).0;
            if !ray.is_empty() {
                out.push(RawRecord {
                    shape: RecordShape::Castle,
                    flags: flags | flag::INITIAL | flag::FIXED_END,
                    distance: files[usize::from(board_side > 0)],
                    cells: ray,
                    paths: vec![],
                    source,
                    restriction: 0,
                });
            }
            continue;
        }
        // Needs room for the king's steps and a partner beyond.
        if ray.len() > distance as usize {
            out.push(RawRecord {
                shape: RecordShape::Castle,
                flags: flags | flag::INITIAL,
                distance,
                cells: ray,
                paths: vec![],
                source,
                restriction: 0,
            });
        }
    }
    Ok(out)
}

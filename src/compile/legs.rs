//! Multi-leg (`a`) leaps: each leg continues from where the previous one ended, in a
//! direction relative to it; the cells where non-final legs end become the path conditions
//! of the resulting leap (empty for `m` legs, occupied for `p` legs).

use super::atoms::{continuation, straight_parts, Component};
use super::moves::{comp_vector, CompileError, Turn};
use super::records::RawRecord;
use crate::betza::{BetzaMove, Hop};
use crate::geometry::{Geometry, Vector};
use crate::rules::RecordShape;
use crate::types::Cell;

/// A multi-leg path being expanded: the cell reached, the last leg's vector, the index of the
/// next leg, and the cells passed so far with whether each must be occupied.
type PartialPath = (Cell, Vector, usize, Vec<(Cell, bool)>);

/// The leap records of the multi-leg move `m` (atom component `comp`, first-leg vectors
/// `vectors`) for a piece on `from`.
#[allow(clippy::too_many_arguments)]
pub(super) fn multi_leg_records(
    geometry: &Geometry,
    m: &BetzaMove,
    comp: Component,
    vectors: Vec<Vector>,
    slides: bool,
    from: Cell,
    flags: u8,
    turn: Turn,
    source: usize,
) -> Result<Vec<RawRecord>, CompileError> {
    let shape = geometry.shape;
    if slides {
        return Err((
            m.span.clone(),
            "multi-leg (`a`) moves are supported for leapers only".into(),
        ));
    }
    for (li, leg) in m.legs.iter().enumerate() {
        if leg.lame || leg.jump || leg.hop == Some(Hop::Grasshopper) {
            return Err((
                leg.span.clone(),
                "`n`, `j` and `g` are not supported inside multi-leg moves".into(),
            ));
        }
        if li + 1 < m.legs.len()
            && (leg.modality.capture || leg.modality.destroy_friend || leg.modality.en_passant)
        {
            return Err((
                leg.span.clone(),
                "capturing on a non-final leg (locust capture) is not supported".into(),
            ));
        }
    }
    if straight_parts(shape, comp_vector(comp)).is_none() {
        return Err((
            m.span.clone(),
            "multi-leg moves need a straight atom (W F D A H G K, or R B Q as leapers)".into(),
        ));
    }
    let mut out = Vec::new();
    for v in vectors {
        let mut stack: Vec<PartialPath> = Vec::new();
        if let Some(t) = geometry.offset(from, turn(v)) {
            stack.push((t, v, 1, Vec::new()));
        }
        while let Some((cell, prev, leg_index, path)) = stack.pop() {
            if leg_index == m.legs.len() {
                if cell != from {
                    out.push(RawRecord {
                        shape: RecordShape::Leap,
                        flags,
                        distance: 0,
                        cells: vec![cell],
                        paths: vec![path],
                        source,
                        restriction: 0,
                    });
                }
                continue;
            }
            // `cell` ends a non-final leg: it must be empty (m) or occupied (p).
            let leg_before = &m.legs[leg_index - 1];
            let occupied = leg_before.hop.is_some();
            let mut path = path;
            if cell != from {
                path.push((cell, occupied));
            } else if occupied {
                continue;
            }
            let next_leg = &m.legs[leg_index];
            let nexts = continuation(shape, prev, &next_leg.directions).map_err(|i| {
                (
                    next_leg.directions[i].span.clone(),
                    "this continuation direction has no meaning here".to_string(),
                )
            })?;
            for nv in nexts {
                if let Some(t) = geometry.offset(cell, turn(nv)) {
                    stack.push((t, nv, leg_index + 1, path.clone()));
                }
            }
        }
    }
    Ok(out)
}

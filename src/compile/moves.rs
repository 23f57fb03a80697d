//! One Betza move for one origin cell, as move records: its flags from the modality, then by
//! shape — castling ([`super::castling`]), multi-leg leaps ([`super::legs`]), hops (cannon
//! `p`, grasshopper `g`), slides (with `j`), and single leaps (with `n` lame or `j` jumping
//! paths).

use super::atoms::{components, select, straight_parts, Component};
use super::castling::castling_records;
use super::legs::multi_leg_records;
use super::records::RawRecord;
use crate::betza::{self, BetzaMove, Hop, RangeSpec};
use crate::geometry::{Geometry, Vector};
use crate::rules::{flag, RecordShape};
use crate::types::{Cell, Color};

/// A problem with one Betza move: where and what.
pub(super) type CompileError = (std::ops::Range<usize>, String);

/// Turns a White-frame vector into the moving side's frame.
pub(super) type Turn = fn(Vector) -> Vector;

/// White moves up the board as written.
fn as_white(v: Vector) -> Vector {
    v
}

/// Black's board is White's turned round: every vector reversed.
fn as_black(v: Vector) -> Vector {
    (-v.0, -v.1)
}

/// The record flags a move's final leg gives (plus `INITIAL` for `i`).
fn move_flags(m: &BetzaMove) -> u8 {
    let last = m.legs.last().expect("a move has at least one leg");
    let modality = last.modality;
    let mut flags = 0u8;
    if modality.is_default() {
        flags |= flag::MOVE | flag::CAPTURE;
    } else {
        if modality.move_to_empty {
            flags |= flag::MOVE;
        }
        if modality.capture {
            flags |= flag::CAPTURE;
        }
        if modality.destroy_friend {
            flags |= flag::DESTROY;
        }
        if modality.en_passant {
            flags |= flag::EN_PASSANT;
        }
    }
    if m.initial {
        flags |= flag::INITIAL;
    }
    flags
}

/// The vector of an atom component, in the geometry's `(x, y)` order.
pub(super) fn comp_vector(c: Component) -> Vector {
    (c.leap.1, c.leap.0)
}

/// Compile one Betza move for a piece of `color` on `from`; `source` numbers the move within
/// its piece (records remember it); castling ends on the files `castles_to` when given.
pub(super) fn compile_move(
    geometry: &Geometry,
    m: &BetzaMove,
    from: Cell,
    source: usize,
    color: Color,
    castles_to: Option<[u8; 2]>,
) -> Result<Vec<RawRecord>, CompileError> {
    let shape = geometry.shape;
    let flags = move_flags(m);
    let turn: Turn = match color {
        Color::White => as_white,
        Color::Black => as_black,
    };
    if m.atom == betza::Atom::Letter('O') {
        return castling_records(geometry, m, from, flags, turn, source, castles_to);
    }

    // Point at the atom (and its range), not at the modifiers before it.
    let last = m.legs.last().expect("a move has at least one leg");
    let atom_span = last.span.end.max(m.span.start)..m.span.end;
    let comps = components(&m.atom, shape).map_err(|e| (atom_span, e))?;
    let mut out = Vec::new();
    for comp in comps {
        let range: Option<u8> = match m.range {
            RangeSpec::Default => {
                if comp.slider {
                    None
                } else {
                    Some(1)
                }
            }
            RangeSpec::Limited(0) | RangeSpec::Unlimited => None,
            RangeSpec::Limited(n) => Some(n),
        };
        let slides = range != Some(1);
        let first = &m.legs[0];
        let vectors = select(shape, comp, &first.directions).map_err(|i| {
            (
                first.directions[i].span.clone(),
                format!(
                    "this direction has no meaning for this atom on a {} board",
                    if geometry.is_hex() {
                        "hexagonal"
                    } else {
                        "square"
                    }
                ),
            )
        })?;
        if m.legs.len() > 1 {
            out.extend(multi_leg_records(
                geometry, m, comp, vectors, slides, from, flags, turn, source,
            )?);
            continue;
        }
        for v in vectors {
            let v = turn(v);
            let record = if let Some(hop) = first.hop {
                hop_record(geometry, from, v, hop, range)
            } else if slides {
                slide_record(geometry, m, from, v, range)?
            } else {
                leap_record(geometry, m, from, v)?
            };
            out.extend(record.map(|(shape, cells, paths)| RawRecord {
                shape,
                flags,
                distance: 0,
                cells,
                paths,
                source,
                restriction: 0,
            }));
        }
    }
    Ok(out)
}

/// The walk, cells and path conditions of one record.
type RecordParts = (RecordShape, Vec<Cell>, Vec<Vec<(Cell, bool)>>);

/// A cannon (`p`) or grasshopper (`g`) ray: the cells outward (a cannon's limited to its
/// range past the screen), if there is room for a screen and a landing cell.
fn hop_record(
    geometry: &Geometry,
    from: Cell,
    v: Vector,
    hop: Hop,
    range: Option<u8>,
) -> Option<RecordParts> {
    let mut ray = Vec::new();
    for n in geometry.ray(from, v) {
        ray.push(n);
        if let Some(r) = range {
            if ray.len() > r as usize && hop == Hop::Cannon {
                break;
            }
        }
    }
    let shape = match hop {
        Hop::Cannon => RecordShape::Hop,
        Hop::Grasshopper => RecordShape::Grasshop,
    };
    (ray.len() >= 2).then_some((shape, ray, vec![]))
}

/// A slide (`R`, `W3`, `jR`): the cells outward up to its range, the first skipped for `j`.
fn slide_record(
    geometry: &Geometry,
    m: &BetzaMove,
    from: Cell,
    v: Vector,
    range: Option<u8>,
) -> Result<Option<RecordParts>, CompileError> {
    let leg = &m.legs[0];
    if leg.lame {
        return Err((
            leg.span.clone(),
            "`n` (lame) applies to leapers; a slider is already blocked".into(),
        ));
    }
    let mut ray: Vec<Cell> = geometry
        .ray(from, v)
        .take(range.map_or(usize::MAX, usize::from))
        .collect();
    if leg.jump {
        // `j` on a slider: skip the first cell whatever it holds.
        if ray.is_empty() {
            return Ok(None);
        }
        ray.remove(0);
    }
    Ok((!ray.is_empty()).then_some((RecordShape::Slide, ray, vec![])))
}

/// A single leap, with the path a lame (`n`) leap needs empty or a jumping (`j`) leap needs
/// occupied.
fn leap_record(
    geometry: &Geometry,
    m: &BetzaMove,
    from: Cell,
    v: Vector,
) -> Result<Option<RecordParts>, CompileError> {
    let leg = &m.legs[0];
    let Some(to) = geometry.offset(from, v) else {
        return Ok(None);
    };
    let mut paths = Vec::new();
    if leg.lame || leg.jump {
        let cond: Option<Vec<(Cell, bool)>> = match straight_parts(geometry.shape, v) {
            Some((unit, k)) => (1..k)
                .map(|i| {
                    geometry
                        .offset(from, (unit.0 * i, unit.1 * i))
                        .map(|c| (c, leg.jump))
                })
                .collect(),
            None if leg.lame && !geometry.is_hex() => {
                // XBetza `nN`-style: orthogonal steps along the longer direction, then
                // diagonal ones, every cell before the target empty (the Xiangqi Horse
                // `nN`: one orthogonal step; the Janggi Elephant `nZ`: one orthogonal,
                // then one diagonal).
                let (x, y) = v;
                let (long, short) = if x.abs() > y.abs() {
                    ((x.signum(), 0), (0, y.signum()))
                } else {
                    ((0, y.signum()), (x.signum(), 0))
                };
                let orthogonal = x.abs().max(y.abs()) - x.abs().min(y.abs());
                let diagonal = x.abs().min(y.abs()) - 1;
                let mut at = (0, 0);
                let mut path = Vec::new();
                for i in 0..orthogonal + diagonal {
                    at.0 += long.0;
                    at.1 += long.1;
                    if i >= orthogonal {
                        at.0 += short.0;
                        at.1 += short.1;
                    }
                    path.push(geometry.offset(from, at).map(|c| (c, false)));
                }
                path.into_iter().collect()
            }
            None => {
                return Err((
                    leg.span.clone(),
                    "`n`/`j` on this atom is ambiguous here; spell the path with `a`".into(),
                ))
            }
        };
        match cond {
            Some(c) if !c.is_empty() => paths.push(c),
            Some(_) => {
                if leg.jump {
                    return Ok(None); // nothing to jump over: no move
                }
            }
            None => return Ok(None),
        }
    }
    Ok(Some((RecordShape::Leap, vec![to], paths)))
}

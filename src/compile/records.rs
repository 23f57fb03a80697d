//! Move records as the compiler builds them ([`RawRecord`]: one Betza move for one origin
//! cell, in cell lists), how records of one cell are merged, and how they are stored into the
//! flat pools of [`MoveTables`] with their plain leaps and slides bundled as cell sets.

use crate::rules::{
    flag, CellMoves, ConditionCell, MoveRecord, MoveTables, PathCondition, RecordShape,
    Restriction, SlideRay,
};
use crate::types::{Cell, CellSet, PieceCellTable};

/// A Betza move compiled to White-frame geometry for one origin cell: what the interpreter
/// will store as a record.
#[derive(Debug, Clone)]
pub(super) struct RawRecord {
    pub(super) shape: RecordShape,
    pub(super) flags: u8,
    pub(super) distance: u8,
    pub(super) cells: Vec<Cell>,
    /// Alternative paths (Leap): each a list of (cell, must be occupied).
    pub(super) paths: Vec<Vec<(Cell, bool)>>,
    /// Index of the Betza move (piece-wide) it came from.
    pub(super) source: usize,
    /// Index of its capture and hop restriction ([`RecordTables::restriction_index`]);
    /// 0 = none.
    pub(super) restriction: u8,
}

/// The flat pools every move record points into, filled as records are emitted.
pub(super) struct RecordTables {
    records: Vec<MoveRecord>,
    cell_pool: Vec<Cell>,
    paths: Vec<PathCondition>,
    condition_pool: Vec<ConditionCell>,
    slide_rays: Vec<SlideRay>,
    restrictions: Vec<Restriction>,
}

impl Default for RecordTables {
    fn default() -> RecordTables {
        RecordTables {
            records: Vec::new(),
            cell_pool: Vec::new(),
            paths: Vec::new(),
            condition_pool: Vec::new(),
            slide_rays: Vec::new(),
            restrictions: vec![Restriction::NONE],
        }
    }
}

impl RecordTables {
    /// The index records use for a restriction (0 for none); `None` when a variant has more
    /// different restrictions than a record can name.
    pub(super) fn restriction_index(&mut self, restriction: Restriction) -> Option<u8> {
        if let Some(i) = self.restrictions.iter().position(|r| *r == restriction) {
            return Some(i as u8);
        }
        if self.restrictions.len() > u8::MAX as usize {
            return None;
        }
        self.restrictions.push(restriction);
        Some((self.restrictions.len() - 1) as u8)
    }

    /// Store one cell's records; returns where they are, with their plain leaps and slides
    /// (stored last) bundled, and adds their capture cells to `reach`.
    pub(super) fn emit(
        &mut self,
        raw: Vec<RawRecord>,
        kind_has_ep: bool,
        reach: &mut CellSet,
    ) -> CellMoves {
        let start = self.records.len() as u32;
        // En passant leaps become two records: the plain part and the en passant part, so
        // that the plain part can join the bundle.
        let mut split = Vec::with_capacity(raw.len());
        for r in raw {
            if r.shape == RecordShape::Leap
                && r.flags & flag::EN_PASSANT != 0
                && r.flags & (flag::MOVE | flag::CAPTURE | flag::DESTROY) != 0
            {
                let mut plain = r.clone();
                plain.flags &= !flag::EN_PASSANT;
                let mut ep = r;
                ep.flags &= !(flag::MOVE | flag::CAPTURE | flag::DESTROY);
                split.push(plain);
                split.push(ep);
            } else {
                split.push(r);
            }
        }
        // Plain leaps (no path, not initial-only, no en passant or friendly capture) go last
        // and are also kept as cell sets for fast generation.
        // Plain slides whose cells run in index order either way are kept as rays, so that
        // generation finds the first blocker with one bit scan.
        let bundled = |r: &RawRecord| {
            let plain = r.paths.is_empty()
                && r.restriction == 0
                && r.flags & (flag::INITIAL | flag::EN_PASSANT | flag::DESTROY) == 0;
            plain && (r.shape == RecordShape::Leap || ray_direction(r).is_some())
        };
        // Order: ordinary records, en passant-only ones, castling, bundled leaps and slides — so that
        // generation can stop before the en passant records when no right exists, and never
        // walks castling records (castling has its own generator).
        let group = |r: &RawRecord| {
            if bundled(r) {
                3
            } else if r.shape == RecordShape::Castle {
                2
            } else if r.flags & (flag::MOVE | flag::CAPTURE | flag::DESTROY) == 0 {
                1
            } else {
                0
            }
        };
        split.sort_by_key(|r| group(r));
        let count = |g: u32| split.iter().filter(|r| group(r) < g).count() as u32;
        let mut bundle = CellMoves {
            start,
            ep_start: start + count(1),
            castle_start: start + count(2),
            ..CellMoves::default()
        };
        bundle.rays_start = self.slide_rays.len() as u32;
        for r in split.iter().filter(|r| bundled(r)) {
            if let Some(increasing) = ray_direction(r) {
                self.slide_rays.push(SlideRay {
                    cells: r.cells.iter().copied().collect(),
                    flags: r.flags,
                    increasing,
                });
                continue;
            }
            let to = r.cells[0];
            match r.flags & (flag::MOVE | flag::CAPTURE) {
                x if x == flag::MOVE | flag::CAPTURE => bundle.move_or_capture.insert(to),
                flag::MOVE => bundle.move_only.insert(to),
                flag::CAPTURE => bundle.capture_only.insert(to),
                _ => {}
            }
        }
        bundle.rays_end = self.slide_rays.len() as u32;
        let raw = split;
        for r in raw {
            let mut flags = r.flags;
            // An initial, lame, non-capturing leap of a kind that captures en passant gives
            // the opponent an en passant right on the cells it passes.
            if flags & flag::INITIAL != 0
                && r.shape == RecordShape::Leap
                && flags & (flag::CAPTURE | flag::DESTROY | flag::EN_PASSANT) == 0
                && r.paths.len() == 1
                && !r.paths[0].is_empty()
                && r.paths[0].iter().all(|&(_, occ)| !occ)
                && kind_has_ep
            {
                flags |= flag::CREATES_EP;
            }
            if flags & flag::CAPTURE != 0 {
                let skip = match r.shape {
                    RecordShape::Castle => r.cells.len(),
                    RecordShape::Grasshop | RecordShape::Hop => 1,
                    _ => 0,
                };
                for &c in r.cells.iter().skip(skip) {
                    reach.insert(c);
                }
            }
            let paths_start = self.paths.len() as u32;
            for p in &r.paths {
                self.paths.push(PathCondition {
                    start: self.condition_pool.len() as u32,
                    len: p.len() as u16,
                });
                for &(cell, occupied) in p {
                    self.condition_pool.push(ConditionCell { cell, occupied });
                }
            }
            self.records.push(MoveRecord {
                shape: r.shape,
                flags,
                distance: r.distance,
                restriction: r.restriction,
                cells_start: self.cell_pool.len() as u32,
                cells_len: r.cells.len() as u16,
                paths_len: r.paths.len() as u16,
                paths_start,
            });
            self.cell_pool.extend_from_slice(&r.cells);
        }
        bundle.end = self.records.len() as u32;
        bundle
    }
}

impl RecordTables {
    /// The finished tables: these pools and the per-(piece, cell) ranges into them.
    pub(super) fn into_move_tables(
        self,
        plain: PieceCellTable<CellMoves>,
        boosted: PieceCellTable<CellMoves>,
        capture_reach: PieceCellTable<CellSet>,
    ) -> MoveTables {
        MoveTables {
            plain,
            boosted,
            capture_reach,
            records: self.records,
            cell_pool: self.cell_pool,
            paths: self.paths,
            condition_pool: self.condition_pool,
            slide_rays: self.slide_rays,
            restrictions: self.restrictions,
        }
    }
}

/// For a slide record whose cells run in strictly increasing (`Some(true)`) or decreasing
/// (`Some(false)`) index order, that order; `None` for any other record.
fn ray_direction(r: &RawRecord) -> Option<bool> {
    if r.shape != RecordShape::Slide || r.cells.is_empty() {
        return None;
    }
    if r.cells.windows(2).all(|w| w[0] < w[1]) {
        Some(true)
    } else if r.cells.windows(2).all(|w| w[0] > w[1]) {
        Some(false)
    } else {
        None
    }
}

/// Merge leaps with the same target and flags (alternative paths, or duplicates) and drop
/// exact duplicate rays.
pub(super) fn merge_records(raw: impl IntoIterator<Item = RawRecord>) -> Vec<RawRecord> {
    let raw = raw.into_iter();
    let mut out: Vec<RawRecord> = Vec::with_capacity(raw.size_hint().0);
    for r in raw {
        if r.shape == RecordShape::Leap {
            if let Some(existing) = out.iter_mut().find(|e| {
                e.shape == RecordShape::Leap
                    && e.cells == r.cells
                    && e.paths == r.paths
                    && e.restriction == r.restriction
                    && (e.flags & flag::INITIAL) == (r.flags & flag::INITIAL)
            }) {
                existing.flags |= r.flags;
                continue;
            }
            if let Some(existing) = out.iter_mut().find(|e| {
                e.shape == RecordShape::Leap
                    && e.cells == r.cells
                    && e.flags == r.flags
                    && e.restriction == r.restriction
            }) {
                if existing.paths.is_empty() {
                    continue; // already unconditional
                }
                if r.paths.is_empty() {
                    existing.paths.clear();
                } else {
                    for p in r.paths {
                        if !existing.paths.contains(&p) {
                            existing.paths.push(p);
                        }
                    }
                }
                continue;
            }
        } else if r.shape == RecordShape::Slide {
            // Slides with the same flags where one's cells start the other's (`R2` and a
            // `when_adjacent_to` `R3`): the longer covers the shorter; keep one record.
            if let Some(existing) = out.iter_mut().find(|e| {
                e.shape == RecordShape::Slide
                    && e.flags == r.flags
                    && e.restriction == r.restriction
                    && (e.cells.starts_with(&r.cells) || r.cells.starts_with(&e.cells))
            }) {
                if r.cells.len() > existing.cells.len() {
                    existing.cells = r.cells;
                }
                continue;
            }
        } else if out.iter().any(|e| {
            e.shape == r.shape
                && e.cells == r.cells
                && e.flags == r.flags
                && e.distance == r.distance
                && e.restriction == r.restriction
        }) {
            continue;
        }
        out.push(r);
    }
    out
}

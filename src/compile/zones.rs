//! Zones and regions: sets of cells described from White's side (`"last-rank"`, a region's
//! name, `{ ranks = [...] }`, `{ cells = [...] }` with `d1-f3` rectangles,
//! `{ min_height = n }`), with Black's made from White's by `for_black`: mirrored top to
//! bottom (the default), turned round by 180°, or the same. `[regions]` names zones once so
//! that pieces (`confined_to`, `extra_moves`) and other zones can refer to them.

use crate::diagnostics::{did_you_mean, Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::rules::Region;
use crate::types::{Cell, CellSet};
use crate::variant::{ForBlack, VariantSpec, ZoneCells, ZoneSpec};

/// The regions of a file, compiled, in file order.
#[derive(Default)]
pub(super) struct Regions {
    list: Vec<Region>,
}

impl Regions {
    /// The cells of the region of this name.
    pub(super) fn find(&self, name: &str) -> Option<[CellSet; 2]> {
        self.list.iter().find(|r| r.name == name).map(|r| r.cells)
    }

    /// The cells of the region a name refers to, or an error at the name.
    pub(super) fn lookup(
        &self,
        name: &Spanned<String>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<[CellSet; 2]> {
        if let Some(region) = self.list.iter().find(|r| r.name == name.value) {
            return Some(region.cells);
        }
        let names: Vec<&str> = self.list.iter().map(|r| r.name.as_str()).collect();
        let hint = match did_you_mean(&name.value, &names) {
            Some(close) => format!("did you mean \"{close}\"?"),
            None if names.is_empty() => {
                "define it in a `[regions]` table: `palace = { cells = [\"d1-f3\"] }`".into()
            }
            None => format!("the regions are {}", names.join(", ")),
        };
        diags.push(
            Diagnostic::error(
                format!("no region `{}` is defined", name.value),
                name.span.clone(),
            )
            .with_hint(hint),
        );
        None
    }

    /// The compiled regions.
    pub(super) fn into_list(self) -> Vec<Region> {
        self.list
    }
}

/// Compile `[regions]`: each a zone, which may use the regions before it.
pub(super) fn compile_regions(
    spec: &VariantSpec,
    geometry: &Geometry,
    diags: &mut Vec<Diagnostic>,
) -> Regions {
    let mut regions = Regions::default();
    for (name, region) in &spec.regions {
        let cells = compile_zone(geometry, &regions, &region.zone, diags);
        if cells[0].is_empty() && cells[1].is_empty() {
            diags.push(Diagnostic::error(
                format!("region `{name}` has no cell on the board"),
                region.zone.span.clone(),
            ));
        }
        regions.list.push(Region {
            name: name.clone(),
            cells,
        });
    }
    regions
}

/// The zone's cells for White and for Black.
pub(super) fn compile_zone(
    geometry: &Geometry,
    regions: &Regions,
    zone: &Spanned<ZoneSpec>,
    diags: &mut Vec<Diagnostic>,
) -> [CellSet; 2] {
    let white: CellSet = match &zone.value.cells {
        ZoneCells::LastRank => geometry.far_edge_white(),
        ZoneCells::Region(name) => {
            // A region carries itself to Black.
            if let Some(cells) = regions.find(&name.value) {
                return cells;
            }
            let mut names = vec!["last-rank"];
            names.extend(regions.list.iter().map(|r| r.name.as_str()));
            let mut hint = format!(
                "a zone string must be \"last-rank\" or a region's name ({})",
                if names.len() > 1 {
                    format!("the regions are {}", names[1..].join(", "))
                } else {
                    "this file has no `[regions]`".into()
                }
            );
            if let Some(close) = did_you_mean(&name.value, &names) {
                hint = format!("did you mean \"{close}\"? {hint}");
            }
            diags.push(
                Diagnostic::error(
                    format!("invalid value \"{}\" for `zone`", name.value),
                    name.span.clone(),
                )
                .with_hint(hint),
            );
            return [CellSet::EMPTY; 2];
        }
        ZoneCells::Ranks(ranks) => {
            let mut set = CellSet::EMPTY;
            for r in ranks {
                if r.value < 1 || r.value > geometry.rank_count() as i64 {
                    diags.push(Diagnostic::error(
                        format!("rank {} is not on the board", r.value),
                        r.span.clone(),
                    ));
                } else {
                    set = set.or(&geometry.rank_cells(r.value as u8 - 1));
                }
            }
            set
        }
        ZoneCells::MinHeight(h) => geometry
            .cells()
            .filter(|&c| geometry.height(c) as i64 >= h.value)
            .collect(),
        ZoneCells::Cells(cells) => {
            let mut set = CellSet::EMPTY;
            for c in cells {
                match cell_range(geometry, &c.value) {
                    Ok(cells) => {
                        for cell in cells {
                            set.insert(cell);
                        }
                    }
                    Err(message) => diags.push(Diagnostic::error(message, c.span.clone())),
                }
            }
            set
        }
    };
    let black = match zone.value.for_black.as_ref().map(|f| f.value) {
        None | Some(ForBlack::Mirror) => white.iter().map(|c| geometry.mirror(c)).collect(),
        Some(ForBlack::Rotate) => white.iter().filter_map(|c| geometry.rotate(c)).collect(),
        Some(ForBlack::Same) => white,
    };
    [white, black]
}

/// A cell's name split into its file letters and rank number.
fn file_and_rank(name: &str) -> Option<(&str, u32)> {
    let digits = name.find(|c: char| c.is_ascii_digit())?;
    let (file, rank) = name.split_at(digits);
    Some((file, rank.parse().ok()?))
}

/// The cells one entry of `cells` names: one cell (`e4`), or every cell whose file and rank
/// lie between two corners (`d1-f3`).
pub(super) fn cell_range(geometry: &Geometry, text: &str) -> Result<Vec<Cell>, String> {
    let named = |name: &str| {
        geometry
            .parse_cell(name)
            .ok_or_else(|| format!("`{name}` is not a cell of this board"))
    };
    let Some((a, b)) = text.split_once('-') else {
        return named(text).map(|c| vec![c]);
    };
    let (a, b) = (named(a.trim())?, named(b.trim())?);
    let (Some((fa, ra)), Some((fb, rb))) = (
        file_and_rank(geometry.name(a)),
        file_and_rank(geometry.name(b)),
    ) else {
        return Err(format!("`{text}` is not a range of cells"));
    };
    // Files compare by length first (`z` before `aa`), then letters.
    let key = |f: &str| (f.len(), f.to_string());
    let (f_lo, f_hi) = if key(fa) <= key(fb) {
        (fa, fb)
    } else {
        (fb, fa)
    };
    let (r_lo, r_hi) = (ra.min(rb), ra.max(rb));
    Ok(geometry
        .cells()
        .filter(|&c| {
            file_and_rank(geometry.name(c)).is_some_and(|(f, r)| {
                key(f_lo) <= key(f) && key(f) <= key(f_hi) && (r_lo..=r_hi).contains(&r)
            })
        })
        .collect())
}

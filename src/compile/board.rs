//! `[board]`: the board's shape and size, checked, as a [`Geometry`].

use crate::diagnostics::{Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::types::CellSet;
use crate::variant::{ShapeSpec, VariantSpec};

/// Smallest and largest square board side.
pub const SQUARE_SIZE: std::ops::RangeInclusive<i64> = 4..=16;
/// Smallest and largest hexagonal board side.
pub const HEX_SIZE: std::ops::RangeInclusive<i64> = 2..=8;

/// The board the file describes, or `None` (with diagnostics) when it describes none.
pub(super) fn compile_board(spec: &VariantSpec, diags: &mut Vec<Diagnostic>) -> Option<Geometry> {
    let board = &spec.board;
    let shape = board
        .shape
        .as_ref()
        .map(|s| s.value)
        .unwrap_or(ShapeSpec::Square);
    match shape {
        ShapeSpec::Square => {
            let mut dims = [8u8, 8u8];
            let mut ok = true;
            for (i, (name, value)) in [("files", &board.files), ("ranks", &board.ranks)]
                .into_iter()
                .enumerate()
            {
                match value {
                    None => {
                        // Written but not a number: the loader has said so already.
                        if !board.keys.iter().any(|k| k == name) {
                            diags.push(Diagnostic::error(
                                format!("[board] needs `{name}` for a square board"),
                                board.span.clone(),
                            ));
                        }
                        ok = false;
                    }
                    Some(v) if !SQUARE_SIZE.contains(&v.value) => {
                        diags.push(
                            Diagnostic::error(
                                format!("`{name}` = {} is out of range", v.value),
                                v.span.clone(),
                            )
                            .with_hint("square boards have 4 to 16 files and ranks"),
                        );
                        ok = false;
                    }
                    Some(v) => dims[i] = v.value as u8,
                }
            }
            if let Some(side) = &board.side {
                diags.push(
                    Diagnostic::error("`side` is for hexagonal boards", side.span.clone())
                        .with_hint("use `files` and `ranks`, or `shape = \"hexagonal\"`"),
                );
            }
            if !ok {
                return None;
            }
            let holes = compile_holes(&board.holes, dims[0], dims[1], diags);
            Some(Geometry::square_with_holes(dims[0], dims[1], &holes))
        }
        ShapeSpec::Hexagonal => {
            for (name, value) in [("files", &board.files), ("ranks", &board.ranks)] {
                if let Some(v) = value {
                    diags.push(
                        Diagnostic::error(format!("`{name}` is for square boards"), v.span.clone())
                            .with_hint("a hexagonal board is sized by `side`"),
                    );
                }
            }
            if let Some(first) = board.holes.first() {
                diags.push(
                    Diagnostic::error("`holes` are for square boards", first.span.clone())
                        .with_hint("a hexagonal board has no holes"),
                );
            }
            match &board.side {
                None => {
                    if !board.keys.iter().any(|k| k == "side") {
                        diags.push(Diagnostic::error(
                            "[board] needs `side` for a hexagonal board",
                            board.span.clone(),
                        ));
                    }
                    None
                }
                Some(v) if !HEX_SIZE.contains(&v.value) => {
                    diags.push(
                        Diagnostic::error(
                            format!("`side` = {} is out of range", v.value),
                            v.span.clone(),
                        )
                        .with_hint("hexagonal boards have a side of 2 to 8 cells"),
                    );
                    None
                }
                Some(v) => Some(Geometry::hex(v.value as u8)),
            }
        }
    }
}

/// The holes of a square board as `(file, rank)` from 0: each a cell name of the board,
/// given once, the set symmetric top to bottom (so that both sides play the same board).
fn compile_holes(
    names: &[Spanned<String>],
    files: u8,
    ranks: u8,
    diags: &mut Vec<Diagnostic>,
) -> Vec<(i32, i32)> {
    let full = Geometry::square(files, ranks);
    let mut found: Vec<(&Spanned<String>, (i32, i32))> = Vec::new();
    for name in names {
        match full.parse_cell(&name.value) {
            None => diags.push(Diagnostic::error(
                format!("`{}` is not a cell of this board", name.value),
                name.span.clone(),
            )),
            Some(cell) if found.iter().any(|(_, c)| *c == full.coords(cell)) => {
                diags.push(Diagnostic::error(
                    format!("the hole `{}` is listed twice", name.value),
                    name.span.clone(),
                ))
            }
            Some(cell) => found.push((name, full.coords(cell))),
        }
    }
    let holes: Vec<(i32, i32)> = found.iter().map(|(_, c)| *c).collect();
    for (name, (x, y)) in found {
        let mirrored = (x, ranks as i32 - 1 - y);
        if !holes.contains(&mirrored) {
            let image = full.name(full.mirror(full.at(x, y).expect("a board cell")));
            diags.push(
                Diagnostic::error(
                    format!("the hole `{}` has no mirror image `{image}`", name.value),
                    name.span.clone(),
                )
                .with_hint("holes are placed symmetrically top to bottom, so both sides play the same board"),
            );
        }
    }
    holes
}

/// The cells adjacent to each cell: the six orthogonal neighbours on hex, the eight
/// surrounding squares on square boards.
pub(super) fn adjacency(geometry: &Geometry) -> Vec<CellSet> {
    let steps = geometry.adjacent_steps();
    geometry
        .cells()
        .map(|c| {
            steps
                .iter()
                .filter_map(|&v| geometry.offset(c, v))
                .collect()
        })
        .collect()
}

//! `[board]`: the board's shape and size, checked, as a [`Geometry`].

use crate::diagnostics::Diagnostic;
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
                        diags.push(Diagnostic::error(
                            format!("[board] needs `{name}` for a square board"),
                            board.span.clone(),
                        ));
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
            ok.then(|| Geometry::square(dims[0], dims[1]))
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
            match &board.side {
                None => {
                    diags.push(Diagnostic::error(
                        "[board] needs `side` for a hexagonal board",
                        board.span.clone(),
                    ));
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

//! Board shapes behind one interface: cells are small integers with 2-D lattice coordinates,
//! names, colours, a top-bottom mirror, and the rows a position string lists.
//!
//! Square boards use `(file, rank)` coordinates from 0; hexagonal boards (Gliński layout) use
//! axial `(q, r)` coordinates as `../shared/spec/hex-board.md` defines them. Everything a move
//! needs at run time is precomputed by the compiler from [`Geometry::offset`]; nothing in move
//! generation does coordinate arithmetic.

use crate::types::{Cell, CellSet, MAX_CELLS};

/// The shape and size of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A rectangle of `files` × `ranks` squares.
    Square {
        /// Number of files (columns), 1..=16.
        files: u8,
        /// Number of ranks (rows), 1..=16.
        ranks: u8,
    },
    /// A regular hexagon of hexagonal cells with `side` cells per edge.
    Hex {
        /// Cells per edge (Gliński: 6).
        side: u8,
    },
}

/// A lattice vector: `(dx, dy)` on squares, axial `(dq, dr)` on hex. `dy`/`dr` > 0 is White's
/// forward.
pub type Vector = (i32, i32);

/// Hex: the six orthogonal unit steps (through an edge), clockwise from N.
pub const HEX_ORTHOGONAL: [Vector; 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
/// Hex: the six diagonal unit steps (through a corner), clockwise from 1 o'clock.
pub const HEX_DIAGONAL: [Vector; 6] = [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)];
/// Squares: the four orthogonal unit steps, clockwise from N.
pub const SQUARE_ORTHOGONAL: [Vector; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Squares: the eight king steps, clockwise from N.
pub const SQUARE_COMPASS: [Vector; 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A concrete board: its cells and their relations.
#[derive(Debug, Clone)]
pub struct Geometry {
    /// Shape and size.
    pub shape: Shape,
    coords: Vec<(i32, i32)>,
    names: Vec<String>,
    min: (i32, i32),
    grid_size: (i32, i32),
    grid: Vec<i16>,
    rows: Vec<Vec<Option<Cell>>>,
    mirror: Vec<Cell>,
    rank: Vec<u8>,
    /// The lowest and highest coordinates of the full board shape, holes included (the
    /// half-turn maps one onto the other).
    extent: ((i32, i32), (i32, i32)),
    /// The holes (cells of the shape that are not part of the board), by coordinates.
    holes: Vec<(i32, i32)>,
}

/// File letters in order; hex boards skip `j`.
const SQUARE_FILES: &[u8] = b"abcdefghijklmnop";
const HEX_FILES: &[u8] = b"abcdefghiklmnopqrs";

impl Geometry {
    /// A square (rectangular) board. Sizes are checked by the caller (1..=16).
    pub fn square(files: u8, ranks: u8) -> Geometry {
        Geometry::square_with_holes(files, ranks, &[])
    }

    /// A square board without the cells at `holes` (`(file, rank)` from 0): moves never
    /// enter or cross them. The caller checks that the holes are on the board and placed
    /// symmetrically top to bottom.
    pub fn square_with_holes(files: u8, ranks: u8, holes: &[(i32, i32)]) -> Geometry {
        let mut coords = Vec::new();
        let mut names = Vec::new();
        let mut rank = Vec::new();
        for y in 0..ranks as i32 {
            for x in 0..files as i32 {
                if holes.contains(&(x, y)) {
                    continue;
                }
                coords.push((x, y));
                names.push(format!("{}{}", SQUARE_FILES[x as usize] as char, y + 1));
                rank.push(y as u8);
            }
        }
        let index = |x: i32, y: i32| {
            coords
                .iter()
                .position(|&c| c == (x, y))
                .map(Cell::from_index)
        };
        let rows = (0..ranks as i32)
            .rev()
            .map(|y| (0..files as i32).map(|x| index(x, y)).collect())
            .collect();
        let mirror = coords
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| index(x, ranks as i32 - 1 - y).unwrap_or(Cell::from_index(i)))
            .collect();
        let extent = ((0, 0), (files as i32 - 1, ranks as i32 - 1));
        let mut geometry = Geometry::build(
            Shape::Square { files, ranks },
            coords,
            names,
            rows,
            mirror,
            rank,
            extent,
        );
        geometry.holes = holes.to_vec();
        geometry
    }

    /// A regular hexagonal board with `side` cells per edge (Gliński layout for side 6).
    pub fn hex(side: u8) -> Geometry {
        let n = side as i32 - 1;
        let mut coords = Vec::new();
        let mut names = Vec::new();
        let mut rank = Vec::new();
        // Cells ordered file by file, bottom to top.
        for q in -n..=n {
            let r_min = (-n).max(-n - q);
            let r_max = n.min(n - q);
            for r in r_min..=r_max {
                let rank_index = r - r_min; // 0 = lowest cell of the file
                coords.push((q, r));
                names.push(format!(
                    "{}{}",
                    HEX_FILES[(q + n) as usize] as char,
                    rank_index + 1
                ));
                rank.push(rank_index as u8);
            }
        }
        let index_of =
            |q: i32, r: i32| Cell::from_index(coords.iter().position(|&c| c == (q, r)).unwrap());
        let max_rank = 2 * n as u8;
        let rows = (0..=max_rank)
            .rev()
            .map(|k| {
                (0..coords.len())
                    .filter(|&i| rank[i] == k)
                    .map(|i| Some(Cell::from_index(i)))
                    .collect()
            })
            .collect();
        let mirror = coords.iter().map(|&(q, r)| index_of(q, -q - r)).collect();
        let extent = ((-n, -n), (n, n));
        Geometry::build(
            Shape::Hex { side },
            coords,
            names,
            rows,
            mirror,
            rank,
            extent,
        )
    }

    fn build(
        shape: Shape,
        coords: Vec<(i32, i32)>,
        names: Vec<String>,
        rows: Vec<Vec<Option<Cell>>>,
        mirror: Vec<Cell>,
        rank: Vec<u8>,
        extent: ((i32, i32), (i32, i32)),
    ) -> Geometry {
        assert!(coords.len() <= MAX_CELLS);
        let min = (
            coords.iter().map(|c| c.0).min().unwrap_or(0),
            coords.iter().map(|c| c.1).min().unwrap_or(0),
        );
        let max = (
            coords.iter().map(|c| c.0).max().unwrap_or(0),
            coords.iter().map(|c| c.1).max().unwrap_or(0),
        );
        let grid_size = (max.0 - min.0 + 1, max.1 - min.1 + 1);
        let mut grid = vec![-1i16; (grid_size.0 * grid_size.1) as usize];
        for (i, &(x, y)) in coords.iter().enumerate() {
            grid[((y - min.1) * grid_size.0 + (x - min.0)) as usize] = i as i16;
        }
        Geometry {
            shape,
            coords,
            names,
            min,
            grid_size,
            grid,
            rows,
            mirror,
            rank,
            extent,
            holes: Vec::new(),
        }
    }

    /// The holes of the board (cells of its shape that are not part of it), as names.
    pub fn hole_names(&self) -> Vec<String> {
        self.holes
            .iter()
            .map(|&(x, y)| format!("{}{}", SQUARE_FILES[x as usize] as char, y + 1))
            .collect()
    }

    /// The holes of the board, as `(file, rank)` coordinates from 0.
    pub fn holes(&self) -> &[(i32, i32)] {
        &self.holes
    }

    /// Whether the board has holes.
    pub fn has_holes(&self) -> bool {
        !self.holes.is_empty()
    }

    /// Whether this is a hexagonal board.
    pub fn is_hex(&self) -> bool {
        matches!(self.shape, Shape::Hex { .. })
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.coords.len()
    }

    /// All cells.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.coords.len()).map(Cell::from_index)
    }

    /// The cell at lattice coordinates, if on the board.
    pub fn at(&self, x: i32, y: i32) -> Option<Cell> {
        let gx = x - self.min.0;
        let gy = y - self.min.1;
        if gx < 0 || gy < 0 || gx >= self.grid_size.0 || gy >= self.grid_size.1 {
            return None;
        }
        let v = self.grid[(gy * self.grid_size.0 + gx) as usize];
        (v >= 0).then(|| Cell::from_index(v as usize))
    }

    /// Lattice coordinates of a cell.
    pub fn coords(&self, cell: Cell) -> (i32, i32) {
        self.coords[cell.index()]
    }

    /// The cell reached from `cell` by `vector`, if on the board.
    pub fn offset(&self, cell: Cell, vector: Vector) -> Option<Cell> {
        let (x, y) = self.coords[cell.index()];
        self.at(x + vector.0, y + vector.1)
    }

    /// The cell's name (`e4`, `f11`).
    pub fn name(&self, cell: Cell) -> &str {
        &self.names[cell.index()]
    }

    /// The cell with this name.
    pub fn parse_cell(&self, name: &str) -> Option<Cell> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(Cell::from_index)
    }

    /// Parse a cell name at the start of `text`; returns the cell and the bytes used.
    pub fn parse_cell_prefix(&self, text: &str) -> Option<(Cell, usize)> {
        let bytes = text.as_bytes();
        if bytes.is_empty() || !bytes[0].is_ascii_lowercase() {
            return None;
        }
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        // Prefer the longest name that exists (`a10` before `a1`).
        for len in (1..=digits).rev() {
            if let Some(c) = self.parse_cell(&text[..1 + len]) {
                return Some((c, 1 + len));
            }
        }
        None
    }

    /// The rows of a position string, top to bottom, each left to right; `None` is a hole.
    pub fn rows(&self) -> &[Vec<Option<Cell>>] {
        &self.rows
    }

    /// The cell seen from the other side (top-bottom mirror).
    pub fn mirror(&self, cell: Cell) -> Cell {
        self.mirror[cell.index()]
    }

    /// The cell seen from the other side with the board turned round by 180° (the way
    /// Betza directions turn for Black).
    pub fn rotate(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.coords[cell.index()];
        let ((x0, y0), (x1, y1)) = self.extent;
        self.at(x0 + x1 - x, y0 + y1 - y)
    }

    /// Rank index from White's side (0 = rank 1); on hex the V-shaped rank.
    pub fn rank(&self, cell: Cell) -> u8 {
        self.rank[cell.index()]
    }

    /// Cell colour: 2 classes on squares, 3 on hex; no two neighbours alike.
    pub fn color_of(&self, cell: Cell) -> u8 {
        let (x, y) = self.coords[cell.index()];
        match self.shape {
            Shape::Square { .. } => ((x + y).rem_euclid(2)) as u8,
            Shape::Hex { .. } => ((x - y).rem_euclid(3)) as u8,
        }
    }

    /// The cells with no cell straight ahead of them for White (the far edge; on a square
    /// board the top rank, whatever its holes).
    pub fn far_edge_white(&self) -> CellSet {
        match self.shape {
            Shape::Square { ranks, .. } => self.rank_cells(ranks - 1),
            Shape::Hex { .. } => self
                .cells()
                .filter(|&c| self.offset(c, (0, 1)).is_none())
                .collect(),
        }
    }

    /// The cells of White's rank `rank_index` (0-based).
    pub fn rank_cells(&self, rank_index: u8) -> CellSet {
        self.cells()
            .filter(|&c| self.rank(c) == rank_index)
            .collect()
    }

    /// Height from the board's middle in half-cell units, White's forward positive: on hex
    /// `2r + q` (the centre is 0), on squares `2 * rank - (ranks - 1)`.
    pub fn height(&self, cell: Cell) -> i32 {
        let (x, y) = self.coords[cell.index()];
        match self.shape {
            Shape::Square { ranks, .. } => 2 * y - (ranks as i32 - 1),
            Shape::Hex { .. } => 2 * y + x,
        }
    }

    /// The lattice step from `from` to the neighbouring-in-line cell `next` (their offset).
    pub fn unit_step(&self, from: Cell, next: Cell) -> Option<Vector> {
        let (a, b) = (self.coords(from), self.coords(next));
        let v = (b.0 - a.0, b.1 - a.1);
        (v != (0, 0)).then_some(v)
    }

    /// The cells from `from` outward by repeated `step`s, up to the board's edge (`from`
    /// itself excluded).
    pub fn ray(&self, from: Cell, step: Vector) -> Ray<'_> {
        Ray {
            geometry: self,
            step,
            at: from,
        }
    }

    /// The cells after `first` on the straight line from `from` through `first`, up to and
    /// including `to` (a sweep's captures). Empty if `to` is not on that line.
    pub fn line_after(&self, from: Cell, first: Cell, to: Cell) -> LineAfter<'_> {
        LineAfter {
            geometry: self,
            step: self.unit_step(from, first),
            at: (first != to).then_some(first),
            to,
        }
    }

    /// The orthogonal unit steps (through an edge) of this board's cells.
    pub fn orthogonal_steps(&self) -> &'static [Vector] {
        if self.is_hex() {
            &HEX_ORTHOGONAL
        } else {
            &SQUARE_ORTHOGONAL
        }
    }

    /// The steps to the cells that count as adjacent: the six edge neighbours on hex, the
    /// eight surrounding squares on square boards.
    pub fn adjacent_steps(&self) -> &'static [Vector] {
        if self.is_hex() {
            &HEX_ORTHOGONAL
        } else {
            &SQUARE_COMPASS
        }
    }

    /// Number of ranks (square) or V-ranks (hex).
    pub fn rank_count(&self) -> u8 {
        self.rows.len() as u8
    }
}

/// Iterator of [`Geometry::ray`].
pub struct Ray<'g> {
    geometry: &'g Geometry,
    step: Vector,
    at: Cell,
}

impl Iterator for Ray<'_> {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        self.at = self.geometry.offset(self.at, self.step)?;
        Some(self.at)
    }
}

/// Iterator of [`Geometry::line_after`].
pub struct LineAfter<'g> {
    geometry: &'g Geometry,
    step: Option<Vector>,
    at: Option<Cell>,
    to: Cell,
}

impl Iterator for LineAfter<'_> {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        let next = self.geometry.offset(self.at?, self.step?)?;
        self.at = (next != self.to).then_some(next);
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_and_offsets() {
        let g = Geometry::square(10, 10);
        let f2 = g.parse_cell("f2").unwrap();
        assert_eq!(g.name(g.offset(f2, (1, 1)).unwrap()), "g3");
        assert_eq!(
            g.parse_cell_prefix("a10b3"),
            Some((g.parse_cell("a10").unwrap(), 3))
        );
        assert_eq!(g.name(g.mirror(f2)), "f9");
        assert_eq!(g.name(g.rotate(f2).unwrap()), "e9");
        assert!(g.offset(f2, (0, -2)).is_none());
    }

    #[test]
    fn hex_layout_matches_glinski() {
        let g = Geometry::hex(6);
        assert_eq!(g.cell_count(), 91);
        let f6 = g.parse_cell("f6").unwrap();
        assert_eq!(g.coords(f6), (0, 0));
        assert_eq!(g.coords(g.parse_cell("a6").unwrap()), (-5, 5));
        assert_eq!(g.coords(g.parse_cell("l1").unwrap()), (5, -5));
        assert_eq!(g.name(g.mirror(g.parse_cell("c1").unwrap())), "c8");
        assert_eq!(g.name(g.mirror(g.parse_cell("f1").unwrap())), "f11");
        assert_eq!(
            g.name(g.rotate(g.parse_cell("f1").unwrap()).unwrap()),
            "f11"
        );
        assert_eq!(g.name(g.rotate(g.parse_cell("a1").unwrap()).unwrap()), "l6");
        assert_eq!(g.rows().len(), 11);
        assert_eq!(g.rows()[0].len(), 1);
        assert_eq!(g.far_edge_white().count(), 11);
    }
}

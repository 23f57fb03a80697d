//! SVG drawings of boards, written as plain text: square boards with two cell colours,
//! hexagonal boards (Gliński layout: files are vertical columns of flat-topped cells, `f1`
//! the bottom corner) with three. Coordinates run along the edges; pieces are discs in the
//! side's colour carrying the piece letter, so any fairy piece is readable.
//!
//! A drawing is a list of [`Panel`]s stacked vertically (one for `render`, one per diagram for
//! `explain`). Every board cell is one element with `class="cell"`, every piece one
//! `class="piece"` group, every legal-move mark one `class="move"` (empty target) or
//! `class="capture"` (capture) element, so the output is easy to check mechanically.

use crate::geometry::Shape;
use crate::movegen::legal_moves;
use crate::position::Position;
use crate::rules::Rules;
use crate::types::{Cell, Color, MoveKind, Piece};

/// One board picture with its decorations.
#[derive(Debug, Clone, Default)]
pub struct Panel {
    /// A line of text above the board.
    pub caption: Option<String>,
    /// The pieces to draw.
    pub pieces: Vec<(Cell, Piece)>,
    /// A frame around this cell (the highlighted piece).
    pub frame: Option<Cell>,
    /// Dots: moves to empty cells.
    pub dots: Vec<Cell>,
    /// Rings: captures.
    pub rings: Vec<Cell>,
    /// The last move, tinted (from, to).
    pub last_move: Option<(Cell, Cell)>,
    /// Labelled badges (the `explain` marks: `*`, `m`, `c`, `i`, `h`, `+`).
    pub marks: Vec<(Cell, char)>,
    /// Lines of text below the board.
    pub legend: Vec<String>,
}

/// Square cell size in pixels.
const SQUARE: f64 = 56.0;
/// Hexagon circumradius in pixels.
const HEX_R: f64 = 32.0;
/// Space around the drawing.
const MARGIN: f64 = 12.0;
/// Height of a caption line.
const CAPTION_H: f64 = 26.0;
/// Height of a legend line.
const LEGEND_H: f64 = 18.0;
/// Vertical gap between panels.
const PANEL_GAP: f64 = 24.0;

const SQUARE_COLOURS: [&str; 2] = ["#b58863", "#f0d9b5"];
/// Gliński's three shades; colour class 0 holds the centre cell `f6` (medium by tradition).
const HEX_COLOURS: [&str; 3] = ["#d9a066", "#f4dcb4", "#a86b3c"];

/// A cell's shape on the page.
enum Outline {
    Rect { x: f64, y: f64, size: f64 },
    Hexagon(Vec<(f64, f64)>),
}

/// Where everything of a board goes, in page coordinates relative to the board's top-left.
struct Layout {
    centres: Vec<(f64, f64)>,
    outlines: Vec<Outline>,
    /// Coordinate labels: x, y (text centre), text.
    labels: Vec<(f64, f64, String)>,
    /// Radius of a piece disc.
    piece_r: f64,
    /// Inner radius of a cell (half the distance between neighbour centres).
    inner: f64,
    /// Centres of the holes (square boards).
    holes: Vec<(f64, f64)>,
    /// -1 when drawn from Black's side, else 1.
    sign: f64,
    width: f64,
    height: f64,
}

impl Layout {
    fn new(rules: &Rules, flip: bool) -> Layout {
        let g = &rules.geometry;
        let sign = if flip { -1.0 } else { 1.0 };
        let mut centres = Vec::with_capacity(g.cell_count());
        let mut labels = Vec::new();
        let (inner, piece_r, extent);
        match g.shape {
            Shape::Square { files, ranks } => {
                inner = SQUARE / 2.0;
                piece_r = SQUARE * 0.38;
                extent = inner;
                for c in g.cells() {
                    let (x, y) = g.coords(c);
                    centres.push((sign * x as f64 * SQUARE, -sign * y as f64 * SQUARE));
                }
                // File letters below the bottom row, rank numbers left of the left column,
                // whichever side is at the bottom.
                let bottom = if flip { ranks as i32 - 1 } else { 0 };
                let left = if flip { files as i32 - 1 } else { 0 };
                for x in 0..files as i32 {
                    let c = g.at(x, bottom).expect("a cell of the bottom row");
                    let (cx, cy) = centres[c.index()];
                    let name = g.name(c);
                    labels.push((cx, cy + inner + 13.0, name[..1].to_string()));
                }
                for y in 0..ranks as i32 {
                    let c = g.at(left, y).expect("a cell of the left column");
                    let (cx, cy) = centres[c.index()];
                    labels.push((cx - inner - 13.0, cy, (y + 1).to_string()));
                }
            }
            Shape::Hex { .. } => {
                inner = HEX_R * 3f64.sqrt() / 2.0;
                piece_r = inner * 0.74;
                extent = HEX_R;
                let place = |q: i32, r: i32| -> (f64, f64) {
                    (
                        sign * 1.5 * HEX_R * q as f64,
                        -sign * inner * (2 * r + q) as f64,
                    )
                };
                for c in g.cells() {
                    let (q, r) = g.coords(c);
                    centres.push(place(q, r));
                }
                // File letters just below the lowest cell of each file (a flipped hex board
                // is the same drawing turned round, so they are then at the top).
                let (qmin, qmax) = axis_range(g.cells().map(|c| g.coords(c).0));
                for q in qmin..=qmax {
                    let lowest = g
                        .cells()
                        .filter(|&c| g.coords(c).0 == q)
                        .min_by_key(|&c| g.coords(c).1);
                    if let Some(c) = lowest {
                        let (q, r) = g.coords(c);
                        let (x, y) = place(q, r - 1);
                        let name = g.name(c);
                        labels.push((x, y - sign * inner * 0.35, name[..1].to_string()));
                    }
                }
                // Rank numbers at both ends of each (V-shaped) rank, one cell further along
                // the rank: up-left of its leftmost cell, up-right of its rightmost.
                for k in 0..g.rank_count() {
                    let cells: Vec<Cell> = g.cells().filter(|&c| g.rank(c) == k).collect();
                    let lo = cells.iter().min_by_key(|&&c| g.coords(c).0);
                    let hi = cells.iter().max_by_key(|&&c| g.coords(c).0);
                    if let (Some(&lo), Some(&hi)) = (lo, hi) {
                        let (q, r) = g.coords(lo);
                        let (x, y) = place(q - 1, r + 1);
                        labels.push((
                            x + sign * HEX_R * 0.3,
                            y + sign * inner * 0.2,
                            (k + 1).to_string(),
                        ));
                        let (q, r) = g.coords(hi);
                        let (x, y) = place(q + 1, r);
                        labels.push((
                            x - sign * HEX_R * 0.3,
                            y + sign * inner * 0.2,
                            (k + 1).to_string(),
                        ));
                    }
                }
            }
        }
        let mut holes: Vec<(f64, f64)> = g
            .holes()
            .iter()
            .map(|&(x, y)| (sign * x as f64 * SQUARE, -sign * y as f64 * SQUARE))
            .collect();
        // Translate so that the drawing starts at (0, 0).
        let label_pad = 9.0;
        let xs = centres
            .iter()
            .map(|p| (p.0 - extent, p.0 + extent))
            .chain(labels.iter().map(|l| (l.0 - label_pad, l.0 + label_pad)));
        let (x0, x1) = xs.fold((f64::MAX, f64::MIN), |a, b| (a.0.min(b.0), a.1.max(b.1)));
        let ys = centres
            .iter()
            .map(|p| (p.1 - inner, p.1 + inner))
            .chain(labels.iter().map(|l| (l.1 - label_pad, l.1 + label_pad)));
        let (y0, y1) = ys.fold((f64::MAX, f64::MIN), |a, b| (a.0.min(b.0), a.1.max(b.1)));
        for p in &mut centres {
            p.0 -= x0;
            p.1 -= y0;
        }
        for l in &mut labels {
            l.0 -= x0;
            l.1 -= y0;
        }
        for h in &mut holes {
            h.0 -= x0;
            h.1 -= y0;
        }
        let outlines = centres
            .iter()
            .map(|&(cx, cy)| {
                if g.is_hex() {
                    Outline::Hexagon(
                        (0..6)
                            .map(|i| {
                                let a = std::f64::consts::PI / 3.0 * i as f64;
                                (cx + HEX_R * a.cos(), cy + HEX_R * a.sin())
                            })
                            .collect(),
                    )
                } else {
                    Outline::Rect {
                        x: cx - inner,
                        y: cy - inner,
                        size: 2.0 * inner,
                    }
                }
            })
            .collect();
        Layout {
            centres,
            outlines,
            labels,
            piece_r,
            inner,
            holes,
            sign,
            width: x1 - x0,
            height: y1 - y0,
        }
    }
}

fn axis_range(values: impl Iterator<Item = i32>) -> (i32, i32) {
    values.fold((i32::MAX, i32::MIN), |a, v| (a.0.min(v), a.1.max(v)))
}

/// Escape text for SVG content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

/// A cell's outline as an element (with extra attributes).
fn outline_element(outline: &Outline, attrs: &str) -> String {
    match outline {
        Outline::Rect { x, y, size } => format!(
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{size:.1}\" height=\"{size:.1}\" {attrs}/>"
        ),
        Outline::Hexagon(points) => {
            let pts: Vec<String> = points
                .iter()
                .map(|(x, y)| format!("{x:.1},{y:.1}"))
                .collect();
            format!("<polygon points=\"{}\" {attrs}/>", pts.join(" "))
        }
    }
}

/// A cell's outline shrunk towards its centre by `by` pixels (for frames).
fn inset(outline: &Outline, centre: (f64, f64), by: f64) -> Outline {
    match outline {
        Outline::Rect { x, y, size } => Outline::Rect {
            x: x + by,
            y: y + by,
            size: size - 2.0 * by,
        },
        Outline::Hexagon(points) => Outline::Hexagon(
            points
                .iter()
                .map(|&(x, y)| {
                    let (dx, dy) = (x - centre.0, y - centre.1);
                    let len = (dx * dx + dy * dy).sqrt();
                    let k = (len - by) / len;
                    (centre.0 + dx * k, centre.1 + dy * k)
                })
                .collect(),
        ),
    }
}

/// Fill colour of an `explain` badge.
fn mark_colour(mark: char) -> &'static str {
    match mark {
        '*' => "#6a1b9a",
        'm' => "#2e7d32",
        'c' => "#c62828",
        'i' => "#1565c0",
        'h' => "#e65100",
        '+' => "#ad1457",
        _ => "#455a64",
    }
}

/// The board of the intersections style: a plain board with lines between neighbouring
/// points, cut at the river but on the edge files.
fn intersections_board(rules: &Rules, layout: &Layout) -> String {
    let g = &rules.geometry;
    let picture = rules.picture();
    let (x0, x1) = axis_range_f(layout.centres.iter().map(|c| c.0));
    let (y0, y1) = axis_range_f(layout.centres.iter().map(|c| c.1));
    let pad = layout.inner;
    let mut s = format!(
        "<rect class=\"board-ground\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#e8c483\" stroke=\"#5d4037\" stroke-width=\"2\"/>\n",
        x0 - pad,
        y0 - pad,
        x1 - x0 + 2.0 * pad,
        y1 - y0 + 2.0 * pad
    );
    let files = match g.shape {
        Shape::Square { files, .. } => files as i32,
        Shape::Hex { .. } => 0,
    };
    let mut path = String::new();
    for c in g.cells() {
        let (x, y) = g.coords(c);
        for (dx, dy) in [(1, 0), (0, 1)] {
            let Some(n) = g.at(x + dx, y + dy) else {
                continue;
            };
            if dy == 1 && x != 0 && x != files - 1 {
                if let Some(river) = &picture.river {
                    if river.contains(c) != river.contains(n) {
                        continue;
                    }
                }
            }
            let (a, b) = (layout.centres[c.index()], layout.centres[n.index()]);
            path.push_str(&format!("M{:.1},{:.1}L{:.1},{:.1}", a.0, a.1, b.0, b.1));
        }
    }
    s.push_str(&format!(
        "<path class=\"grid\" d=\"{path}\" stroke=\"#5d4037\" stroke-width=\"1.5\" fill=\"none\"/>\n"
    ));
    s
}

/// The regions a picture marks: palace diagonals and outlines.
fn region_lines(rules: &Rules, layout: &Layout) -> String {
    let g = &rules.geometry;
    let picture = rules.picture();
    let mut s = String::new();
    for set in &picture.diagonals {
        let points: Vec<(f64, f64)> = set.iter().map(|c| layout.centres[c.index()]).collect();
        let (x0, x1) = axis_range_f(points.iter().map(|p| p.0));
        let (y0, y1) = axis_range_f(points.iter().map(|p| p.1));
        s.push_str(&format!(
            "<path class=\"region-diagonals\" d=\"M{x0:.1},{y0:.1}L{x1:.1},{y1:.1}M{x0:.1},{y1:.1}L{x1:.1},{y0:.1}\" stroke=\"#5d4037\" stroke-width=\"1.5\" fill=\"none\"/>\n"
        ));
    }
    for set in &picture.outlines {
        let mut path = String::new();
        let r = layout.inner;
        for c in set.iter() {
            let (x, y) = g.coords(c);
            let (cx, cy) = layout.centres[c.index()];
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if g.at(x + dx, y + dy).is_some_and(|n| set.contains(n)) {
                    continue;
                }
                // The side of the cell towards that neighbour, in page direction.
                let (ux, uy) = (layout.sign * dx as f64, -layout.sign * dy as f64);
                let (ex, ey) = (cx + ux * r, cy + uy * r);
                let (px, py) = (uy * r, ux * r);
                path.push_str(&format!(
                    "M{:.1},{:.1}L{:.1},{:.1}",
                    ex - px,
                    ey - py,
                    ex + px,
                    ey + py
                ));
            }
        }
        s.push_str(&format!(
            "<path class=\"region-outline\" d=\"{path}\" stroke=\"#1565c0\" stroke-width=\"3\" fill=\"none\"/>\n"
        ));
    }
    s
}

/// The lowest and highest of some page coordinates.
fn axis_range_f(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::MAX, f64::MIN), |a, v| (a.0.min(v), a.1.max(v)))
}

/// Draw one panel at vertical offset `top`; returns its SVG and height.
fn panel_svg(rules: &Rules, layout: &Layout, panel: &Panel, top: f64) -> (String, f64) {
    let g = &rules.geometry;
    let mut s = String::new();
    let mut y = 0.0;
    s.push_str(&format!(
        "<g class=\"panel\" transform=\"translate({MARGIN:.1},{top:.1})\">\n"
    ));
    if let Some(caption) = &panel.caption {
        s.push_str(&format!(
            "<text class=\"caption\" x=\"0\" y=\"17\" font-size=\"16\" font-weight=\"bold\">{}</text>\n",
            escape(caption)
        ));
        y += CAPTION_H;
    }
    s.push_str(&format!(
        "<g class=\"board\" transform=\"translate(0,{y:.1})\">\n"
    ));
    let colours: &[&str] = if g.is_hex() {
        &HEX_COLOURS
    } else {
        &SQUARE_COLOURS
    };
    let picture = rules.picture();
    if picture.intersections {
        s.push_str(&intersections_board(rules, layout));
    }
    for c in g.cells() {
        // On an intersections board the cells are invisible click targets.
        let fill = if picture.intersections {
            "#e8c483\" fill-opacity=\"0"
        } else {
            colours[g.color_of(c) as usize % colours.len()]
        };
        s.push_str(&outline_element(
            &layout.outlines[c.index()],
            &format!(
                "class=\"cell\" data-cell=\"{}\" fill=\"{fill}\" stroke=\"#5d4037\" stroke-width=\"{}\"",
                g.name(c),
                if g.is_hex() { "1" } else { "0" }
            ),
        ));
        s.push('\n');
    }
    s.push_str(&region_lines(rules, layout));
    for &(cx, cy) in &layout.holes {
        // A hole: no cell, drawn dark and crossed out.
        let r = layout.inner;
        s.push_str(&format!(
            "<g class=\"hole\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#4e4e4e\"/><path d=\"M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}\" stroke=\"#9e9e9e\" stroke-width=\"2\"/></g>\n",
            cx - r, cy - r, 2.0 * r, 2.0 * r,
            cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6,
            cx - r * 0.6, cy + r * 0.6, cx + r * 0.6, cy - r * 0.6,
        ));
    }
    if let Some((from, to)) = panel.last_move {
        for c in [from, to] {
            s.push_str(&outline_element(
                &layout.outlines[c.index()],
                "class=\"lastmove\" fill=\"#f7f769\" fill-opacity=\"0.55\"",
            ));
            s.push('\n');
        }
    }
    if let Some(c) = panel.frame {
        let i = c.index();
        s.push_str(&outline_element(
            &inset(&layout.outlines[i], layout.centres[i], 2.5),
            "class=\"frame\" fill=\"#64b5f6\" fill-opacity=\"0.35\" stroke=\"#0d47a1\" stroke-width=\"4\"",
        ));
        s.push('\n');
    }
    for (x, yl, text) in &layout.labels {
        s.push_str(&format!(
            "<text class=\"coord\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#3e2723\">{}</text>\n",
            yl + 4.5,
            escape(text)
        ));
    }
    for &(c, piece) in &panel.pieces {
        let (cx, cy) = layout.centres[c.index()];
        let (fill, stroke, ink) = match piece.color() {
            Color::White => ("#fbfbf8", "#1a1a1a", "#111111"),
            Color::Black => ("#232323", "#000000", "#f5f5f5"),
        };
        // The letter, with its mark for a promoted kind (`+P`, `Q~`) in a smaller font.
        let letter = rules.kinds[piece.kind() as usize].symbol(Color::White);
        let r = layout.piece_r;
        let font = if letter.len() > 1 { r * 0.85 } else { r * 1.15 };
        s.push_str(&format!(
            "<g class=\"piece\" data-cell=\"{}\"><circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"/><text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text></g>\n",
            g.name(c),
            cy + font * 0.36,
            escape(&letter)
        ));
    }
    for &c in &panel.dots {
        let (cx, cy) = layout.centres[c.index()];
        s.push_str(&format!(
            "<circle class=\"move\" data-cell=\"{}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"#1b5e20\" fill-opacity=\"0.55\"/>\n",
            g.name(c),
            layout.inner * 0.3
        ));
    }
    for &c in &panel.rings {
        let (cx, cy) = layout.centres[c.index()];
        s.push_str(&format!(
            "<circle class=\"capture\" data-cell=\"{}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#b71c1c\" stroke-opacity=\"0.8\" stroke-width=\"4\"/>\n",
            g.name(c),
            layout.inner * 0.88
        ));
    }
    for &(c, mark) in &panel.marks {
        let (cx, cy) = layout.centres[c.index()];
        let r = layout.inner * 0.46;
        let font = r * 1.3;
        s.push_str(&format!(
            "<g class=\"mark\" data-cell=\"{}\" data-mark=\"{}\"><circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/><text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" font-family=\"DejaVu Sans Mono, monospace\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">{}</text></g>\n",
            g.name(c),
            escape(&mark.to_string()),
            mark_colour(mark),
            cy + font * if mark == '*' { 0.55 } else { 0.33 },
            escape(&mark.to_string())
        ));
    }
    s.push_str("</g>\n");
    y += layout.height;
    for (i, line) in panel.legend.iter().enumerate() {
        s.push_str(&format!(
            "<text class=\"legend\" x=\"0\" y=\"{:.1}\" font-size=\"12\">{}</text>\n",
            y + 15.0 + i as f64 * LEGEND_H,
            escape(line)
        ));
    }
    y += panel.legend.len() as f64 * LEGEND_H + if panel.legend.is_empty() { 0.0 } else { 6.0 };
    s.push_str("</g>\n");
    (s, y)
}

/// Rough width of a text line in pixels (for sizing the page).
fn text_width(text: &str, font: f64) -> f64 {
    text.chars().count() as f64 * font * 0.6
}

/// An SVG document with the panels stacked vertically.
pub fn document(rules: &Rules, panels: &[Panel], flip: bool) -> String {
    let layout = Layout::new(rules, flip);
    let mut body = String::new();
    let mut top = MARGIN;
    let mut width = layout.width;
    for (i, panel) in panels.iter().enumerate() {
        if i > 0 {
            top += PANEL_GAP;
        }
        let (s, h) = panel_svg(rules, &layout, panel, top);
        body.push_str(&s);
        top += h;
        if let Some(c) = &panel.caption {
            width = width.max(text_width(c, 16.0));
        }
        for l in &panel.legend {
            width = width.max(text_width(l, 12.0));
        }
    }
    let w = (width + 2.0 * MARGIN).ceil();
    let h = (top + MARGIN).ceil();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n<rect class=\"background\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n{body}</svg>\n"
    )
}

/// The pieces of a position, cell by cell.
pub fn pieces_of(rules: &Rules, pos: &Position) -> Vec<(Cell, Piece)> {
    rules
        .geometry
        .cells()
        .filter_map(|c| pos.piece_at(c).map(|p| (c, p)))
        .collect()
}

/// The distinct destinations of the legal moves of the piece on `cell`, each with whether
/// some move to it captures. A piece of the side not to move is asked as if it were its turn.
pub fn legal_targets(
    rules: &Rules,
    pos: &Position,
    cell: Cell,
) -> Result<Vec<(Cell, bool)>, String> {
    let g = &rules.geometry;
    let piece = pos
        .piece_at(cell)
        .ok_or_else(|| format!("error: --highlight {}: no piece stands there", g.name(cell)))?;
    let mut p = pos.clone();
    if piece.color() != p.side_to_move() {
        p.set_en_passant(rules, crate::types::CellSet::EMPTY, None);
        p.set_side_to_move(rules, piece.color());
    }
    let mut out: Vec<(Cell, bool)> = Vec::new();
    for mv in legal_moves(rules, &mut p).iter().filter(|m| m.from == cell) {
        let capture = match mv.kind {
            MoveKind::EnPassant { .. } => true,
            MoveKind::Castle { .. }
            | MoveKind::DoubleStep { .. }
            | MoveKind::Pass
            | MoveKind::Drop { .. } => false,
            MoveKind::Normal => p.piece_at(mv.to).is_some(),
            // Anything on the line after the first cell, up to the landing cell.
            MoveKind::Sweep { first } => g
                .line_after(mv.from, first, mv.to)
                .any(|c| p.piece_at(c).is_some()),
        };
        match out.iter_mut().find(|t| t.0 == mv.to) {
            Some(t) => t.1 |= capture,
            None => out.push((mv.to, capture)),
        }
    }
    Ok(out)
}

/// A position as an SVG document: pieces, last move (if moves were played on `pos`), and
/// with `highlight` the legal moves of the piece on that cell.
pub fn render_position(
    rules: &Rules,
    pos: &Position,
    highlight: Option<Cell>,
    flip: bool,
) -> Result<String, String> {
    let g = &rules.geometry;
    let side = match pos.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    };
    let mut panel = Panel {
        caption: Some(format!("{} — {side} to move", rules.name)),
        pieces: pieces_of(rules, pos),
        last_move: pos.moves_made().last().map(|m| (m.from, m.to)),
        ..Panel::default()
    };
    if rules.has_hands() {
        panel
            .legend
            .push(format!("In hand: {}", crate::fen::hands_text(rules, pos)));
    }
    if let Some(cell) = highlight {
        let targets = legal_targets(rules, pos, cell)?;
        panel.frame = Some(cell);
        for (c, capture) in &targets {
            if *capture {
                panel.rings.push(*c);
            } else {
                panel.dots.push(*c);
            }
        }
        let piece = pos.piece_at(cell).expect("checked by legal_targets");
        let kind = &rules.kinds[piece.kind() as usize];
        panel.legend.push(format!(
            "{} on {}: {} legal destination{} (dots: moves, rings: captures)",
            kind.name,
            g.name(cell),
            targets.len(),
            if targets.len() == 1 { "" } else { "s" }
        ));
    }
    Ok(document(rules, &[panel], flip))
}

/// The `render` command: draw the position and write it to `output` (`-` = stdout).
pub fn render_command(
    rules: &Rules,
    pos: &Position,
    highlight: Option<&str>,
    flip: bool,
    output: &std::path::Path,
) -> Result<(), String> {
    let cell =
        match highlight {
            None => None,
            Some(name) => Some(rules.geometry.parse_cell(name).ok_or_else(|| {
                format!("error: --highlight `{name}` is not a cell of this board")
            })?),
        };
    let svg = render_position(rules, pos, cell, flip)?;
    write_output(output, &svg)
}

/// Write text to a file, or to stdout for `-`.
pub fn write_output(output: &std::path::Path, text: &str) -> Result<(), String> {
    if output.as_os_str() == "-" {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())
            .map_err(|e| format!("error: writing to stdout: {e}"))
    } else {
        std::fs::write(output, text)
            .map_err(|e| format!("error: cannot write {}: {e}", output.display()))
    }
}

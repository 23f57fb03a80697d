//! What Betza atoms and direction letters mean on each board shape.
//!
//! Square boards follow XBetza (8-fold symmetry; `f`, `fs`, `ff`, `lh`, `hr` … on oblique
//! atoms as XBetza defines them). Hexagonal boards follow `../shared/spec/hex-board.md`
//! (12 directions; orthogonal and diagonal atoms have six directions each). All vectors are
//! in White's frame; Black's are the negation (the board turned around).

use crate::betza::{Atom, Direction};
use crate::geometry::{Shape, Vector, HEX_DIAGONAL, HEX_ORTHOGONAL, SQUARE_COMPASS};

/// One symmetric family of moves inside an atom: a leap `(long, short)` and whether the
/// atom itself is a slider (`R`, `B`, `Q`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Component {
    /// The leap, longer coordinate first, both ≥ 0 (square meaning; hex reinterprets).
    pub leap: (i32, i32),
    /// The atom slides by itself (`R`, `B`, `Q`).
    pub slider: bool,
}

/// The components of an atom, or why it has none on this shape.
pub fn components(atom: &Atom, shape: Shape) -> Result<Vec<Component>, String> {
    let leaper = |a, b| Component {
        leap: (a, b),
        slider: false,
    };
    let slider = |a, b| Component {
        leap: (a, b),
        slider: true,
    };
    let list = match *atom {
        Atom::Letter('W') => vec![leaper(1, 0)],
        Atom::Letter('F') => vec![leaper(1, 1)],
        Atom::Letter('D') => vec![leaper(2, 0)],
        Atom::Letter('N') => vec![leaper(2, 1)],
        Atom::Letter('A') => vec![leaper(2, 2)],
        Atom::Letter('H') => vec![leaper(3, 0)],
        Atom::Letter('C') | Atom::Letter('L') => vec![leaper(3, 1)],
        Atom::Letter('Z') | Atom::Letter('J') => vec![leaper(3, 2)],
        Atom::Letter('G') => vec![leaper(3, 3)],
        Atom::Letter('K') => vec![leaper(1, 0), leaper(1, 1)],
        Atom::Letter('R') => vec![slider(1, 0)],
        Atom::Letter('B') => vec![slider(1, 1)],
        Atom::Letter('Q') => vec![slider(1, 0), slider(1, 1)],
        Atom::Leap(x, y) => {
            let (a, b) = (x.max(y) as i32, x.min(y) as i32);
            if a == 0 {
                return Err("the leap (0,0) goes nowhere".into());
            }
            vec![leaper(a, b)]
        }
        Atom::Letter(c) => return Err(format!("`{c}` is not a move atom")),
    };
    if let Shape::Hex { .. } = shape {
        for c in &list {
            if hex_family(c.leap).is_none() {
                return Err(format!(
                    "`{}` has no meaning on a hexagonal board (use W F D H A N K R B Q)",
                    atom_text(atom)
                ));
            }
        }
    }
    Ok(list)
}

fn atom_text(atom: &Atom) -> String {
    match atom {
        Atom::Letter(c) => c.to_string(),
        Atom::Leap(x, y) => format!("({x},{y})"),
    }
}

/// Direction codes of the eight images of an oblique/orthogonal/diagonal square leap
/// `(a, b)`, `a ≥ b`, in the XBetza convention (as Fairy-Stockfish reads it).
fn square_images(a: i32, b: i32) -> [(Vector, [&'static str; 7]); 8] {
    [
        ((b, a), ["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), ["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), ["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), ["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), ["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), ["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), ["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), ["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// The two-letter codes a written direction group stands for on a square atom.
fn square_codes(dir: &Direction, orthogonal: bool) -> Vec<String> {
    match dir.second {
        None => vec![format!("{0}{0}", dir.first)],
        Some(s) if orthogonal && s != dir.first => {
            vec![format!("{0}{0}", dir.first), format!("{0}{0}", s)]
        }
        Some(s) => vec![format!("{}{}", dir.first, s)],
    }
}

/// Hex: which family a leap is and its six (or twelve) vectors.
fn hex_family(leap: (i32, i32)) -> Option<Vec<Vector>> {
    const ORTHO: [Vector; 6] = HEX_ORTHOGONAL;
    const DIAG: [Vector; 6] = HEX_DIAGONAL;
    let scale = |v: &[Vector; 6], k: i32| v.iter().map(|&(x, y)| (x * k, y * k)).collect();
    match leap {
        (1, 0) => Some(scale(&ORTHO, 1)),
        (2, 0) => Some(scale(&ORTHO, 2)),
        (3, 0) => Some(scale(&ORTHO, 3)),
        (1, 1) => Some(scale(&DIAG, 1)),
        (2, 2) => Some(scale(&DIAG, 2)),
        (2, 1) => Some(vec![
            (1, 2),
            (2, 1),
            (3, -1),
            (3, -2),
            (2, -3),
            (1, -3),
            (-1, -2),
            (-2, -1),
            (-3, 1),
            (-3, 2),
            (-2, 3),
            (-1, 3),
        ]),
        _ => None,
    }
}

/// Hex: the directions a written group selects among the six of an orthogonal (index order
/// N NE SE S SW NW) or diagonal (1 3 5 7 9 11 o'clock) atom.
fn hex_indices(dir: &Direction, diagonal: bool) -> Option<Vec<usize>> {
    let code: String = match dir.second {
        None => dir.first.to_string(),
        Some(s) if s == dir.first => dir.first.to_string(),
        Some(s) => {
            // normalise `rf` to `fr` etc.
            let (a, b) = if "lrs".contains(dir.first) {
                (s, dir.first)
            } else {
                (dir.first, s)
            };
            format!("{a}{b}")
        }
    };
    let v: &[usize] = if !diagonal {
        match code.as_str() {
            "f" => &[0],
            "b" => &[3],
            "fr" => &[1],
            "br" => &[2],
            "fl" => &[5],
            "bl" => &[4],
            "r" => &[1, 2],
            "l" => &[4, 5],
            "v" => &[0, 3],
            "s" => &[1, 2, 4, 5],
            "fs" => &[1, 5],
            "bs" => &[2, 4],
            _ => return None,
        }
    } else {
        match code.as_str() {
            "r" => &[1],
            "l" => &[4],
            "fr" => &[0],
            "fl" => &[5],
            "br" => &[2],
            "bl" => &[3],
            "f" | "fs" => &[0, 5],
            "b" | "bs" => &[2, 3],
            "s" => &[1, 4],
            "v" => &[0, 2, 3, 5],
            _ => return None,
        }
    };
    Some(v.to_vec())
}

/// The vectors (White's frame) a component selects with these direction groups, or the
/// index of the direction group that has no meaning here.
pub fn select(
    shape: Shape,
    component: Component,
    directions: &[Direction],
) -> Result<Vec<Vector>, usize> {
    let mut out: Vec<Vector> = Vec::new();
    match shape {
        Shape::Square { .. } => {
            let (a, b) = component.leap;
            let orthogonal = b == 0;
            let codes: Vec<String> = directions
                .iter()
                .flat_map(|d| square_codes(d, orthogonal))
                .collect();
            for (i, d) in directions.iter().enumerate() {
                if d.first == 'h' && d.second.is_none() {
                    return Err(i);
                }
            }
            for (v, names) in square_images(a, b) {
                let selected =
                    codes.is_empty() || names.iter().any(|n| codes.iter().any(|c| c == n));
                if selected && !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        Shape::Hex { .. } => {
            let family = hex_family(component.leap).ok_or(0usize)?;
            if directions.is_empty() {
                return Ok(family);
            }
            if family.len() == 12 {
                return Err(0);
            }
            let diagonal = component.leap.0 == component.leap.1;
            for (i, d) in directions.iter().enumerate() {
                let idx = hex_indices(d, diagonal).ok_or(i)?;
                for j in idx {
                    if !out.contains(&family[j]) {
                        out.push(family[j]);
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Continuation of a multi-leg move: the vectors of the next leg given the previous leg's
/// vector, as rotations relative to it. Square: the 8-fold K system (an odd rotation turns
/// `W`↔`F`, `D`↔`A`, `H`↔`G`). Hex: within the atom's six directions. No letters = every
/// direction except straight back. `Err(i)` names a direction group with no meaning.
pub fn continuation(
    shape: Shape,
    previous: Vector,
    directions: &[Direction],
) -> Result<Vec<Vector>, usize> {
    let mut rotations: Vec<i32> = Vec::new();
    let (steps, half) = match shape {
        Shape::Square { .. } => (8, 4),
        Shape::Hex { .. } => (6, 3),
    };
    if directions.is_empty() {
        rotations.extend((0..steps).filter(|&r| r != half));
    }
    for (i, d) in directions.iter().enumerate() {
        let code: String = match d.second {
            None => d.first.to_string(),
            Some(s) if s == d.first => d.first.to_string(),
            Some(s) => {
                let (a, b) = if "lrs".contains(d.first) {
                    (s, d.first)
                } else {
                    (d.first, s)
                };
                format!("{a}{b}")
            }
        };
        let r: &[i32] = match (shape, code.as_str()) {
            (_, "f") => &[0],
            (_, "b") => &[4],
            (_, "v") => &[0, 4],
            (Shape::Square { .. }, "fr") => &[1],
            (Shape::Square { .. }, "fl") => &[-1],
            (Shape::Square { .. }, "r") => &[2],
            (Shape::Square { .. }, "l") => &[-2],
            (Shape::Square { .. }, "br") => &[3],
            (Shape::Square { .. }, "bl") => &[-3],
            (Shape::Square { .. }, "s") => &[2, -2],
            (Shape::Square { .. }, "fs") => &[1, -1],
            (Shape::Square { .. }, "bs") => &[3, -3],
            (Shape::Hex { .. }, "fr") => &[1],
            (Shape::Hex { .. }, "fl") => &[-1],
            (Shape::Hex { .. }, "br") => &[2],
            (Shape::Hex { .. }, "bl") => &[-2],
            (Shape::Hex { .. }, "r") => &[1, 2],
            (Shape::Hex { .. }, "l") => &[-1, -2],
            (Shape::Hex { .. }, "fs") => &[1, -1],
            (Shape::Hex { .. }, "bs") => &[2, -2],
            (Shape::Hex { .. }, "s") => &[1, -1, 2, -2],
            _ => return Err(i),
        };
        for &x in r {
            // `b` written as 4 means "reverse" on both shapes.
            let x = if x == 4 { half } else { x };
            rotations.push(x);
        }
    }
    let mut out = Vec::new();
    for r in rotations {
        if let Some(v) = rotate(shape, previous, r) {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    Ok(out)
}

/// Rotate a straight vector by `r` steps (45° on squares, 60° within a family on hex;
/// positive = clockwise = to the right).
fn rotate(shape: Shape, v: Vector, r: i32) -> Option<Vector> {
    match shape {
        Shape::Square { .. } => {
            const COMPASS: [Vector; 8] = SQUARE_COMPASS;
            let k = v.0.abs().max(v.1.abs());
            if k == 0 || (v.0 != 0 && v.1 != 0 && v.0.abs() != v.1.abs()) {
                return None;
            }
            let unit = (v.0 / k, v.1 / k);
            let d = COMPASS.iter().position(|&c| c == unit)? as i32;
            let n = COMPASS[(d + r).rem_euclid(8) as usize];
            Some((n.0 * k, n.1 * k))
        }
        Shape::Hex { .. } => {
            for family in [HEX_ORTHOGONAL, HEX_DIAGONAL] {
                for k in 1..=3 {
                    if let Some(d) = family.iter().position(|&(x, y)| (x * k, y * k) == v) {
                        let n = family[(d as i32 + r).rem_euclid(6) as usize];
                        return Some((n.0 * k, n.1 * k));
                    }
                }
            }
            None
        }
    }
}

/// For a straight vector (a multiple of a unit step), the unit step and the multiple.
pub fn straight_parts(shape: Shape, v: Vector) -> Option<(Vector, i32)> {
    let g = gcd(v.0.abs(), v.1.abs());
    if g == 0 {
        return None;
    }
    let unit = (v.0 / g, v.1 / g);
    let is_unit = match shape {
        Shape::Square { .. } => unit.0.abs() <= 1 && unit.1.abs() <= 1,
        Shape::Hex { .. } => {
            hex_family((1, 0)).unwrap().contains(&unit)
                || hex_family((1, 1)).unwrap().contains(&unit)
        }
    };
    is_unit.then_some((unit, g))
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

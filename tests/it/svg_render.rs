//! `fairyrules render`: SVG pictures of positions on square and hexagonal boards.
//!
//! Structural checks only (no XML crate): the document starts with `<svg`, every tag the
//! renderer emits is balanced, there is one cell element per board cell and one piece element
//! per piece, and `--highlight` marks exactly the legal destinations of the piece.

use std::collections::BTreeSet;

use crate::common::{load_variant, run, variant_arg};
use fairyrules::legal_moves;
use fairyrules::parse_fen;
use fairyrules::svg::render_position;
use fairyrules::Rules;

/// Render through the command line to stdout.
fn render_cli(file: &str, extra: &[&str]) -> String {
    let path = variant_arg(file);
    let mut args = vec!["render", path.as_str()];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["-o", "-"]);
    let out = run(&args);
    assert!(
        out.status.success(),
        "render failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Every start tag is closed by the matching end tag (or self-closed), properly nested;
/// attribute values contain no raw `<`.
fn assert_well_formed(svg: &str) {
    assert!(svg.starts_with("<svg"), "starts with <svg: {}", &svg[..40]);
    assert!(svg.trim_end().ends_with("</svg>"));
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    let mut roots = 0;
    while let Some(i) = rest.find('<') {
        let after = &rest[i + 1..];
        let j = after.find('>').expect("every tag is closed with >");
        let tag = &after[..j];
        assert!(!tag.contains('<'), "no `<` inside a tag: {tag}");
        // Text between tags has no raw `>` or `&` that is not an entity.
        let text = &rest[..i];
        assert!(!text.contains('>'), "raw > in text: {text:?}");
        for (k, _) in text.match_indices('&') {
            let entity = &text[k..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "bare & in text: {text:?}"
            );
        }
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().expect("an end tag has a start tag");
            assert_eq!(open, name.trim(), "tags nest");
        } else if !tag.ends_with('/') {
            let name = tag
                .split_whitespace()
                .next()
                .expect("a tag name")
                .to_string();
            if stack.is_empty() {
                roots += 1;
            }
            stack.push(name);
        } else if stack.is_empty() {
            roots += 1;
        }
        rest = &after[j + 1..];
    }
    assert!(stack.is_empty(), "unclosed tags: {stack:?}");
    assert_eq!(roots, 1, "one root element");
    assert!(rest.trim().is_empty());
}

/// Number of elements carrying `class="<class>"`.
fn count_class(svg: &str, class: &str) -> usize {
    svg.matches(&format!("class=\"{class}\"")).count()
}

/// The `data-cell` values of the elements of a class.
fn cells_of_class(svg: &str, class: &str) -> BTreeSet<String> {
    let key = format!("class=\"{class}\" data-cell=\"");
    svg.match_indices(&key)
        .map(|(i, _)| {
            let s = &svg[i + key.len()..];
            s[..s.find('"').unwrap()].to_string()
        })
        .collect()
}

/// Expected destinations of the piece on `cell` (legal moves, distinct targets), split into
/// moves onto empty cells and captures.
fn expected_targets(rules: &Rules, fen: &str, cell: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let g = &rules.geometry();
    let mut pos = parse_fen(rules, fen).expect("valid position");
    let from = g.parse_cell(cell).unwrap();
    let mut quiet = BTreeSet::new();
    let mut captures = BTreeSet::new();
    for mv in legal_moves(rules, &mut pos)
        .iter()
        .filter(|m| m.from == from)
    {
        let name = g.name(mv.to).to_string();
        if pos.piece_at(mv.to).is_some() {
            captures.insert(name);
        } else {
            quiet.insert(name);
        }
    }
    (quiet, captures)
}

#[test]
fn chess_start_has_64_cells_and_32_pieces() {
    let svg = render_cli("chess.toml", &[]);
    assert_well_formed(&svg);
    assert_eq!(count_class(&svg, "cell"), 64);
    assert_eq!(count_class(&svg, "piece"), 32);
    assert_eq!(count_class(&svg, "move"), 0);
    assert_eq!(count_class(&svg, "capture"), 0);
    // Coordinates: every file letter and rank number is drawn.
    for label in ["a", "h", "1", "8"] {
        assert!(
            svg.contains(&format!(">{label}</text>")),
            "coordinate {label}"
        );
    }
    // No last move without --moves.
    assert_eq!(count_class(&svg, "lastmove"), 0);
}

#[test]
fn glinski_start_has_91_cells_and_36_pieces() {
    let svg = render_cli("glinski.toml", &[]);
    assert_well_formed(&svg);
    assert_eq!(count_class(&svg, "cell"), 91);
    assert_eq!(count_class(&svg, "piece"), 36);
    // Hex cells are hexagons; the three Gliński colours are all used.
    assert_eq!(svg.matches("<polygon points=").count(), 91);
    let fills: BTreeSet<&str> = svg
        .match_indices("class=\"cell\"")
        .map(|(i, _)| {
            let s = &svg[i..];
            let f = s.find("fill=\"").unwrap() + 6;
            &s[f..f + 7]
        })
        .collect();
    assert_eq!(fills.len(), 3, "three cell colours: {fills:?}");
    for label in ["a", "f", "l", "1", "11"] {
        assert!(svg.contains(&format!(">{label}</text>")), "label {label}");
    }
}

#[test]
fn flipped_boards_keep_every_cell_and_piece() {
    for (file, cells, pieces) in [("chess.toml", 64, 32), ("glinski.toml", 91, 36)] {
        let svg = render_cli(file, &["--flip"]);
        assert_well_formed(&svg);
        assert_eq!(count_class(&svg, "cell"), cells);
        assert_eq!(count_class(&svg, "piece"), pieces);
    }
}

#[test]
fn white_is_at_the_bottom_and_flip_turns_the_board() {
    // The y coordinate of a cell's outline: rank 1 below rank 8 unless flipped.
    let y_of = |svg: &str, cell: &str| -> f64 {
        let key = format!("class=\"piece\" data-cell=\"{cell}\"");
        let i = svg.find(&key).unwrap();
        let piece = &svg[i..];
        let c = piece.find("cy=\"").unwrap() + 4;
        piece[c..c + piece[c..].find('"').unwrap()].parse().unwrap()
    };
    let svg = render_cli("chess.toml", &[]);
    assert!(y_of(&svg, "e1") > y_of(&svg, "e8"));
    let svg = render_cli("chess.toml", &["--flip"]);
    assert!(y_of(&svg, "e1") < y_of(&svg, "e8"));
    // Hex: f1 (White's King's bishop) is the lowest piece, f11 the highest.
    let svg = render_cli("glinski.toml", &[]);
    assert!(y_of(&svg, "f1") > y_of(&svg, "f2"));
    assert!(y_of(&svg, "f1") > y_of(&svg, "b1"));
    assert!(y_of(&svg, "f11") < y_of(&svg, "f10"));
}

#[test]
fn square_highlight_marks_exactly_the_legal_targets() {
    // A Leo (mQcpQ) on e4 with screens: moves along queen lines, two cannon captures.
    let fen = "awl4lwm/rcnbqkbncr/pppp1ppppp/10/4p5/10/4L5/PPPPPPPPPP/RCNBQKBNCR/AW5LWM w - - 0 1";
    let r = load_variant("hectochess.toml");
    let (quiet, captures) = expected_targets(&r, fen, "e4");
    assert_eq!(quiet.len(), 16);
    assert_eq!(
        captures,
        ["e9", "j9"].iter().map(|s| s.to_string()).collect()
    );
    let svg = render_cli("hectochess.toml", &["--fen", fen, "--highlight", "e4"]);
    assert_well_formed(&svg);
    assert_eq!(count_class(&svg, "cell"), 100);
    assert_eq!(count_class(&svg, "frame"), 1);
    assert_eq!(cells_of_class(&svg, "move"), quiet);
    assert_eq!(cells_of_class(&svg, "capture"), captures);
    assert_eq!(
        count_class(&svg, "move") + count_class(&svg, "capture"),
        18,
        "one mark per destination"
    );
}

#[test]
fn hex_highlight_marks_exactly_the_legal_targets() {
    // Gliński start: Knight d1, Queen e1, the f5 Pawn, Rook c1.
    let r = load_variant("glinski.toml");
    let fen = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";
    for cell in ["d1", "e1", "f5", "c1"] {
        let (quiet, captures) = expected_targets(&r, fen, cell);
        let svg = fairyrules::svg::render_position(
            &r,
            &parse_fen(&r, fen).unwrap(),
            Some(r.geometry().parse_cell(cell).unwrap()),
            false,
        )
        .unwrap();
        assert_well_formed(&svg);
        assert_eq!(count_class(&svg, "cell"), 91);
        assert_eq!(cells_of_class(&svg, "move"), quiet, "{cell}");
        assert_eq!(cells_of_class(&svg, "capture"), captures, "{cell}");
    }
    // Heroes Hexagonal after two pawn moves: the Elephant on e2 steps to e3 and charges
    // to e6 (4 cells) or, next to its Hero, to e7 (5 cells): both captures. Last move tinted.
    let svg = render_cli(
        "heroes-hexagonal.toml",
        &["--moves", "e4e5", "e7e6", "--highlight", "e2"],
    );
    assert_well_formed(&svg);
    let r = load_variant("heroes-hexagonal.toml");
    let mut pos = parse_fen(&r, r.start_fen()).unwrap();
    for m in ["e4e5", "e7e6"] {
        let mv = fairyrules::parse_move(&r, &mut pos, m).unwrap();
        pos.make(&r, mv);
    }
    let from = r.geometry().parse_cell("e2").unwrap();
    let targets: BTreeSet<String> = legal_moves(&r, &mut pos)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| r.geometry().name(m.to).to_string())
        .collect();
    let marked: BTreeSet<String> = cells_of_class(&svg, "move")
        .union(&cells_of_class(&svg, "capture"))
        .cloned()
        .collect();
    assert_eq!(marked, targets);
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(cells_of_class(&svg, "capture"), names(&["e6", "e7"]));
    assert_eq!(cells_of_class(&svg, "move"), names(&["e3", "f2", "f3"]));
    assert_eq!(count_class(&svg, "lastmove"), 2, "the last move is tinted");
}

#[test]
fn highlight_of_the_side_not_to_move_and_errors() {
    // Black's knight at the start: its two moves, though White is to move.
    let r = load_variant("chess.toml");
    let pos = parse_fen(&r, r.start_fen()).unwrap();
    let svg = render_position(&r, &pos, r.geometry().parse_cell("g8"), false).unwrap();
    assert_eq!(
        cells_of_class(&svg, "move"),
        ["f6", "h6"].iter().map(|s| s.to_string()).collect()
    );
    // An empty cell or a non-cell is a clear error, exit status 2.
    let path = variant_arg("chess.toml");
    let out = run(&["render", &path, "--highlight", "e4", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no piece stands there"));
    let out = run(&["render", &path, "--highlight", "z9", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a cell"));
}

#[test]
fn writes_a_file_with_o() {
    let dir = std::env::temp_dir().join(format!("fairyrules-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    let path = variant_arg("heroes-hexagonal.toml");
    let out = run(&["render", &path, "-o", file.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(
        out.stdout.is_empty(),
        "nothing on stdout when writing a file"
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    assert_well_formed(&svg);
    assert_eq!(count_class(&svg, "cell"), 91);
    assert_eq!(count_class(&svg, "piece"), 40);
    std::fs::remove_dir_all(&dir).ok();
}

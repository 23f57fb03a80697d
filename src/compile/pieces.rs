//! `[pieces.<id>]`: each piece kind's letter, name, Betza moves (parsed, with their spans
//! shifted into the file), royalty, value and first-move rule, and its references to other
//! kinds: castling partners, hook parameters, initial zone, `when_adjacent_to` kinds.
//! Promotion rules are in [`super::promotion`].

use std::sync::Arc;

use super::zones::{compile_zone, Regions};
use crate::betza::{self, BetzaMove};
use crate::diagnostics::{did_you_mean, Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::rules::{ExtraMoves, Hook, PieceKind, Restriction};
use crate::types::{CellSet, Color, KindId, KindSet};
use crate::variant::VariantSpec;

/// The largest number of piece kinds a variant may have (two colours each must fit a board
/// cell's byte).
pub const MAX_KINDS: usize = 120;

/// The kinds of a file, as far as they can be known before their moves are compiled, with
/// their parsed base moves and `when_adjacent_to` extra moves.
pub(super) struct CompiledKinds {
    /// One per `[pieces.<id>]`, in file order.
    pub kinds: Vec<PieceKind>,
    /// Per kind: its Betza moves, per side (White's first).
    pub moves: Vec<[Vec<BetzaMove>; 2]>,
    /// Per kind: its `when_adjacent_to` extra moves.
    pub extras: Vec<Vec<BetzaMove>>,
    /// Per kind: the conditions of its `betza` moves (and of its adjacency moves).
    pub base_conditions: Vec<MoveConditions>,
    /// Per kind: its `extra_moves` groups.
    pub groups: Vec<Vec<MoveGroup>>,
}

/// Where and how a group of a kind's moves is made.
#[derive(Clone)]
pub(super) struct MoveConditions {
    /// Only from these cells (per side).
    pub when_in: Option<[CellSet; 2]>,
    /// The moves stay inside these cells (per side).
    pub confined: Option<[CellSet; 2]>,
    /// What the moves may capture and hop over.
    pub restriction: Restriction,
}

/// One `extra_moves` group, compiled.
pub(super) struct MoveGroup {
    /// Its moves (the same for both sides).
    pub moves: Vec<BetzaMove>,
    /// Its conditions.
    pub conditions: MoveConditions,
}

/// Compile every piece kind of the file and the references between them.
pub(super) fn compile_kinds(
    spec: &VariantSpec,
    geometry: &Geometry,
    regions: &Regions,
    diags: &mut Vec<Diagnostic>,
) -> CompiledKinds {
    if spec.pieces.len() > MAX_KINDS {
        diags.push(Diagnostic::error(
            format!("too many piece kinds (at most {MAX_KINDS})"),
            spec.pieces[MAX_KINDS].id.span.clone(),
        ));
    }
    let mut kinds = Vec::new();
    let mut moves = Vec::new();
    let mut letter_owner: Vec<(char, Option<char>, String)> = Vec::new();
    for (id, piece) in &spec.pieces {
        if let Some(v) = &piece.value {
            check_value(id, v, diags);
        }
        let (letter, mark) = match &piece.letter {
            Some(l) => compile_letter(l, id, &mut letter_owner, diags),
            None => ('?', None),
        };
        let white = parse_betza_strings(&piece.betza.white, diags);
        let black = if piece.betza.split {
            parse_betza_strings(&piece.betza.black, diags)
        } else {
            white.clone()
        };
        moves.push([white, black]);
        let texts = |strings: &[Spanned<String>]| strings.iter().map(|b| b.value.clone()).collect();
        kinds.push(PieceKind {
            id: id.clone(),
            name: piece
                .name
                .as_ref()
                .map(|n| n.value.clone())
                .unwrap_or_else(|| id.clone()),
            letter,
            betza: [texts(&piece.betza.white), texts(&piece.betza.black)],
            royal: [&piece.royal.white, &piece.royal.black]
                .map(|r| r.as_ref().is_some_and(|r| r.value)),
            value: piece.value.as_ref().map(|v| v.value),
            promotion: [Vec::new(), Vec::new()],
            castles_with: [Vec::new(), Vec::new()],
            castles_to: None,
            resets_n_move: false,
            tracks_unmoved: false,
            initial_zone: None,
            first_move_captures: piece.first_move_captures.as_ref().is_none_or(|f| f.value),
            color_bound: false,
            adjacent_kinds: Vec::new(),
            adjacent_betza: Vec::new(),
            castles: false,
            initial_until_checked: piece
                .initial_until_checked
                .as_ref()
                .is_some_and(|b| b.value),
            hook: None,
            confined_to: piece.confined_to.as_ref().map(|c| c.value.clone()),
            extra_moves: Vec::new(),
            cannot_capture: Vec::new(),
            cannot_hop_over: Vec::new(),
            max_count: None,
            mark,
            in_hand_as: kinds.len() as KindId,
        });
    }
    let mut extras = Vec::new();
    for (k, piece) in spec.pieces.values().enumerate() {
        for color in Color::BOTH {
            for partner in piece.castles_with.side(color) {
                // Written once, a partner is resolved (and reported) once.
                let found = if color == Color::White || piece.castles_with.split {
                    resolve_id(spec, partner, diags)
                } else {
                    spec.pieces
                        .get_index_of(&partner.value)
                        .map(|i| i as KindId)
                };
                if let Some(p) = found {
                    kinds[k].castles_with[color.index()].push(p);
                }
            }
        }
        if !piece.castles_to.is_empty() {
            kinds[k].castles_to = compile_castles_to(&piece.castles_to, geometry, diags);
        }
        if let Some(h) = &piece.hook {
            kinds[k].hook = compile_hook(spec, h, geometry, diags);
        }
        if let Some(zone) = &piece.initial_zone {
            kinds[k].initial_zone = Some(compile_zone(geometry, regions, zone, diags));
        }
        match &piece.when_adjacent_to {
            None => extras.push(Vec::new()),
            Some(adj) => {
                for id in &adj.kinds {
                    if let Some(kind) = resolve_id(spec, id, diags) {
                        kinds[k].adjacent_kinds.push(kind);
                    }
                }
                kinds[k].adjacent_betza = adj.betza.iter().map(|b| b.value.clone()).collect();
                extras.push(parse_betza_strings(&adj.betza, diags));
            }
        }
    }
    let mut base_conditions = Vec::new();
    let mut groups = Vec::new();
    for (k, piece) in spec.pieces.values().enumerate() {
        let kind = &mut kinds[k];
        let resolve_all = |ids: &[Spanned<String>], diags: &mut Vec<Diagnostic>| {
            ids.iter()
                .filter_map(|id| resolve_id(spec, id, diags))
                .collect::<Vec<KindId>>()
        };
        kind.cannot_capture = resolve_all(&piece.cannot_capture, diags);
        kind.cannot_hop_over = resolve_all(&piece.cannot_hop_over, diags);
        let restriction = Restriction {
            victims: kind
                .cannot_capture
                .iter()
                .copied()
                .collect::<KindSet>()
                .complement(),
            screens: kind
                .cannot_hop_over
                .iter()
                .copied()
                .collect::<KindSet>()
                .complement(),
        };
        if let Some(max) = &piece.max_count {
            if (1..=u16::MAX as i64).contains(&max.value) {
                kind.max_count = Some(max.value as u32);
            } else {
                diags.push(
                    Diagnostic::error(
                        format!("`max_count` must be at least 1, not {}", max.value),
                        max.span.clone(),
                    )
                    .with_hint("leave the kind out of the promotion lists to forbid it"),
                );
            }
        }
        let confined = piece
            .confined_to
            .as_ref()
            .and_then(|name| regions.lookup(name, diags));
        base_conditions.push(MoveConditions {
            when_in: None,
            confined,
            restriction,
        });
        let mut kind_groups = Vec::new();
        for group in &piece.extra_moves {
            let captures = resolve_all(&group.captures, diags);
            let mut restriction = restriction;
            if !captures.is_empty() {
                let only: KindSet = captures.iter().copied().collect();
                restriction.victims =
                    KindSet::from_iter(restriction.victims.iter().filter(|&k| only.contains(k)));
            }
            let when_in = group
                .when_in
                .as_ref()
                .and_then(|n| regions.lookup(n, diags));
            let confined = group
                .confined_to
                .as_ref()
                .and_then(|n| regions.lookup(n, diags));
            kind.extra_moves.push(ExtraMoves {
                betza: group.betza.iter().map(|b| b.value.clone()).collect(),
                when_in: group.when_in.as_ref().map(|n| n.value.clone()),
                confined_to: group.confined_to.as_ref().map(|n| n.value.clone()),
                captures,
            });
            kind_groups.push(MoveGroup {
                moves: parse_betza_strings(&group.betza, diags),
                conditions: MoveConditions {
                    when_in,
                    confined,
                    restriction,
                },
            });
        }
        groups.push(kind_groups);
    }
    CompiledKinds {
        kinds,
        moves,
        extras,
        base_conditions,
        groups,
    }
}

/// `castles_to = ["c", "g"]`: two files of the board, the first lower.
fn compile_castles_to(
    files: &[Spanned<String>],
    geometry: &Geometry,
    diags: &mut Vec<Diagnostic>,
) -> Option<[u8; 2]> {
    let count = match geometry.shape {
        crate::geometry::Shape::Square { files, .. } => files,
        crate::geometry::Shape::Hex { .. } => {
            diags.push(Diagnostic::error(
                "castling is only defined on square boards",
                files[0].span.clone(),
            ));
            return None;
        }
    };
    let mut out = Vec::new();
    for f in files {
        let index = match f.value.as_bytes() {
            [c] if c.is_ascii_lowercase() && c - b'a' < count => Some(c - b'a'),
            _ => None,
        };
        match index {
            Some(i) => out.push(i),
            None => diags.push(
                Diagnostic::error(
                    format!("`{}` is not a file of this board", f.value),
                    f.span.clone(),
                )
                .with_hint(format!(
                    "a file is a letter from a to {}",
                    (b'a' + count - 1) as char
                )),
            ),
        }
    }
    if files.len() != 2 {
        diags.push(
            Diagnostic::error(
                format!("`castles_to` needs two files, not {}", files.len()),
                files[0].span.start..files[files.len() - 1].span.end,
            )
            .with_hint(
                "write the files castling ends on, left then right: `castles_to = [\"c\", \"g\"]`",
            ),
        );
        return None;
    }
    match out[..] {
        [left, right] if left + 1 < right => Some([left, right]),
        [_, _] => {
            diags.push(
                Diagnostic::error(
                    "the first file of `castles_to` must be left of the second, with room between",
                    files[0].span.start..files[1].span.end,
                )
                .with_hint("write the file castling to the left ends on first: `[\"c\", \"g\"]`"),
            );
            None
        }
        _ => None,
    }
}

/// A piece's letter: one ASCII letter, with an optional mark (`+P`: a promoted Shogi
/// piece, `Q~`: a promoted Crazyhouse piece), that no other piece uses with the same mark
/// (upper case is stored).
fn compile_letter(
    l: &Spanned<String>,
    id: &str,
    letter_owner: &mut Vec<(char, Option<char>, String)>,
    diags: &mut Vec<Diagnostic>,
) -> (char, Option<char>) {
    let chars: Vec<char> = l.value.chars().collect();
    let (c, mark) = match chars.as_slice() {
        [c] => (*c, None),
        ['+', c] => (*c, Some('+')),
        [c, '~'] => (*c, Some('~')),
        _ => ('?', None),
    };
    if !c.is_ascii_alphabetic() {
        diags.push(
            Diagnostic::error(
                format!("`{}` is not a single ASCII letter", l.value),
                l.span.clone(),
            )
            .with_hint(
                "a piece letter is one of A-Z (upper case: White), optionally marked as a \
                 promoted piece: `+P` or `Q~`",
            ),
        );
        return ('?', None);
    }
    let up = c.to_ascii_uppercase();
    if let Some((_, _, other)) = letter_owner.iter().find(|(x, m, _)| *x == up && *m == mark) {
        diags.push(
            Diagnostic::error(
                format!("letter `{}` is already used by piece `{other}`", l.value),
                l.span.clone(),
            )
            .with_hint(
                "each piece needs its own letter (case is the colour); a promoted form may \
                 share it with a mark: `+P` or `Q~`",
            ),
        );
    }
    letter_owner.push((up, mark, id.to_string()));
    (up, mark)
}

/// A piece's hook, from the registry in [`crate::hooks`].
fn compile_hook(
    spec: &VariantSpec,
    hook: &crate::variant::HookSpec,
    geometry: &Geometry,
    diags: &mut Vec<Diagnostic>,
) -> Option<Arc<dyn Hook>> {
    let mut resolve =
        |id: &Spanned<String>, diags: &mut Vec<Diagnostic>| resolve_id(spec, id, diags);
    crate::hooks::compile_hook(hook, geometry, &mut resolve, diags)
}

/// Parse Betza strings, shifting every span into the file.
pub(super) fn parse_betza_strings(
    strings: &[Spanned<String>],
    diags: &mut Vec<Diagnostic>,
) -> Vec<BetzaMove> {
    let mut moves = Vec::new();
    for text in strings {
        let base = text.span.start;
        match betza::parse_betza(&text.value) {
            Ok(p) => moves.extend(p.moves.into_iter().map(|mut m| {
                shift_move(&mut m, base);
                m
            })),
            Err(e) => {
                let mut d = Diagnostic::error(
                    format!("in Betza string \"{}\": {}", text.value, e.message),
                    base + e.span.start..base + e.span.end.max(e.span.start + 1),
                );
                if let Some(h) = e.hint {
                    d = d.with_hint(h);
                }
                diags.push(d);
            }
        }
    }
    moves
}

/// Make a parsed move's spans (relative to its Betza string) absolute in the file.
fn shift_move(m: &mut BetzaMove, base: usize) {
    m.span = m.span.start + base..m.span.end + base;
    for leg in &mut m.legs {
        leg.span = leg.span.start + base..leg.span.end + base;
        for d in &mut leg.directions {
            d.span = d.span.start + base..d.span.end + base;
        }
    }
}

/// The kind a piece id names, or an error at the id (with the closest id as a hint).
pub(super) fn resolve_id(
    spec: &VariantSpec,
    id: &Spanned<String>,
    diags: &mut Vec<Diagnostic>,
) -> Option<KindId> {
    if let Some(i) = spec.pieces.get_index_of(&id.value) {
        return Some(i as KindId);
    }
    let all: Vec<&str> = spec.pieces.keys().map(|k| k.as_str()).collect();
    let hint = match did_you_mean(&id.value, &all) {
        Some(best) => format!("did you mean `{best}`?"),
        None => format!("the pieces are: {}", all.join(", ")),
    };
    diags.push(
        Diagnostic::error(
            format!("no piece `{}` is defined", id.value),
            id.span.clone(),
        )
        .with_hint(hint),
    );
    None
}

/// The most a piece's `value` may be, in pawns (an Amazon is about 13).
pub const MAX_VALUE: f64 = 100.0;

/// A piece's `value` is a finite number of pawns from 0 to [`MAX_VALUE`]: the engine adds
/// values up in hundredths of a pawn, so `1e300`, `inf` or `nan` would break its scores.
fn check_value(id: &str, v: &Spanned<f64>, diags: &mut Vec<Diagnostic>) {
    if !(v.value.is_finite() && (0.0..=MAX_VALUE).contains(&v.value)) {
        diags.push(
            Diagnostic::error(
                format!(
                    "`value` of `{id}` must be a number of pawns from 0 to {MAX_VALUE}, not {}",
                    if v.value.abs() >= 1e6 {
                        format!("{:e}", v.value)
                    } else {
                        v.value.to_string()
                    }
                ),
                v.span.clone(),
            )
            .with_hint("values are in pawns: a Pawn is 1, a Knight about 3, a Queen about 9"),
        );
    }
}

//! `[pieces.<id>]`: each piece kind's letter, name, Betza moves (parsed, with their spans
//! shifted into the file), royalty, value and first-move rule, and its references to other
//! kinds: castling partners, hook parameters, initial zone, `when_adjacent_to` kinds.
//! Promotion rules are in [`super::promotion`].

use std::sync::Arc;

use super::zones::compile_zone;
use crate::betza::{self, BetzaMove};
use crate::diagnostics::{did_you_mean, Diagnostic, Spanned};
use crate::geometry::Geometry;
use crate::rules::{Hook, PieceKind};
use crate::types::{Color, KindId};
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
}

/// Compile every piece kind of the file and the references between them.
pub(super) fn compile_kinds(
    spec: &VariantSpec,
    geometry: &Geometry,
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
    let mut letter_owner: Vec<(char, String)> = Vec::new();
    for (id, piece) in &spec.pieces {
        let letter = match &piece.letter {
            Some(l) => compile_letter(l, id, &mut letter_owner, diags),
            None => '?',
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
        if let Some(h) = &piece.hook {
            kinds[k].hook = compile_hook(spec, h, geometry, diags);
        }
        if let Some(zone) = &piece.initial_zone {
            kinds[k].initial_zone = Some(compile_zone(geometry, zone, diags));
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
    CompiledKinds {
        kinds,
        moves,
        extras,
    }
}

/// A piece's letter: one ASCII letter no other piece uses (upper case is stored).
fn compile_letter(
    l: &Spanned<String>,
    id: &str,
    letter_owner: &mut Vec<(char, String)>,
    diags: &mut Vec<Diagnostic>,
) -> char {
    let mut chars = l.value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            let up = c.to_ascii_uppercase();
            if let Some((_, other)) = letter_owner.iter().find(|(x, _)| *x == up) {
                diags.push(
                    Diagnostic::error(
                        format!("letter `{}` is already used by piece `{other}`", l.value),
                        l.span.clone(),
                    )
                    .with_hint("each piece needs its own letter (case is the colour)"),
                );
            }
            letter_owner.push((up, id.to_string()));
            up
        }
        _ => {
            diags.push(
                Diagnostic::error(
                    format!("`{}` is not a single ASCII letter", l.value),
                    l.span.clone(),
                )
                .with_hint("a piece letter is one of A-Z (upper case: White)"),
            );
            '?'
        }
    }
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

//! From a [`VariantSpec`] to [`Rules`]: every semantic check of a variant file, and the
//! translation of Betza moves into flat per-cell move records.
//!
//! All problems are collected as [`Diagnostic`]s located in the TOML file; compilation goes
//! as far as it can so that `validate` reports everything at once.

pub mod atoms;
pub mod attack_tables;

use crate::betza::{self, BetzaMove, Hop, RangeSpec};
use crate::cellset::{Cell, CellSet};
use crate::diagnostics::{Diagnostic, Spanned};
use crate::geometry::{Geometry, Shape, Vector};
use crate::rules::kind_flag;
use crate::rules::*;
use crate::variant::{PieceSpec, ShapeSpec, StalemateSpec, VariantSpec, ZoneSpec};
use atoms::{components, continuation, select, straight_parts};

/// Smallest and largest square board side.
pub const SQUARE_SIZE: std::ops::RangeInclusive<i64> = 4..=16;
/// Smallest and largest hexagonal board side.
pub const HEX_SIZE: std::ops::RangeInclusive<i64> = 2..=8;

/// A Betza move compiled to White-frame geometry for one origin cell: what the interpreter
/// will store as a record.
#[derive(Debug, Clone)]
struct RawRecord {
    shape: RecordShape,
    flags: u8,
    distance: u8,
    cells: Vec<Cell>,
    /// Alternative paths (Leap): each a list of (cell, must be occupied).
    paths: Vec<Vec<(Cell, bool)>>,
    /// Index of the Betza move (piece-wide) it came from.
    source: usize,
}

/// A multi-leg path being expanded: the cell reached, the last leg's vector, the index of the
/// next leg, and the cells passed so far with whether each must be occupied.
type PartialPath = (Cell, Vector, usize, Vec<(Cell, bool)>);

/// The flat pools every move record points into, filled as records are emitted.
#[derive(Default)]
struct RecordTables {
    records: Vec<MoveRecord>,
    cell_pool: Vec<Cell>,
    paths: Vec<PathCondition>,
    condition_pool: Vec<ConditionCell>,
    slide_rays: Vec<SlideRay>,
}

impl RecordTables {
    /// Store one cell's records; returns their range and the bundle of plain leaps stored
    /// last in it, and adds their capture cells to `reach`.
    fn emit(
        &mut self,
        raw: Vec<RawRecord>,
        kind_has_ep: bool,
        reach: &mut CellSet,
    ) -> ((u32, u32), LeapBundle) {
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
        let mut bundle = LeapBundle {
            ep_start: start + count(1),
            castle_start: start + count(2),
            ..LeapBundle::default()
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
                cells_start: self.cell_pool.len() as u32,
                cells_len: r.cells.len() as u16,
                paths_len: r.paths.len() as u16,
                paths_start,
            });
            self.cell_pool.extend_from_slice(&r.cells);
        }
        ((start, self.records.len() as u32), bundle)
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

/// Compile a loaded spec. On failure, every problem found.
pub fn compile(spec: &VariantSpec) -> Result<Rules, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let geometry = compile_board(spec, &mut diags);
    let Some(geometry) = geometry else {
        // Without a board nothing else can be checked meaningfully, but piece-level syntax can.
        for piece in spec.pieces.values() {
            parse_piece_betza(piece, &mut diags);
        }
        return Err(diags);
    };

    // Kinds: letters, names, flags.
    let mut kinds: Vec<PieceKind> = Vec::new();
    let mut parsed: Vec<Vec<BetzaMove>> = Vec::new();
    let mut letter_owner: Vec<(char, String)> = Vec::new();
    if spec.pieces.len() > 120 {
        diags.push(Diagnostic::error(
            "too many piece kinds (at most 120)",
            spec.pieces[0].id.span.clone(),
        ));
    }
    for (id, piece) in &spec.pieces {
        let letter = match &piece.letter {
            Some(l) => {
                let mut chars = l.value.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => {
                        let up = c.to_ascii_uppercase();
                        if let Some((_, other)) = letter_owner.iter().find(|(x, _)| *x == up) {
                            diags.push(
                                Diagnostic::error(
                                    format!(
                                        "letter `{}` is already used by piece `{other}`",
                                        l.value
                                    ),
                                    l.span.clone(),
                                )
                                .with_hint("each piece needs its own letter (case is the colour)"),
                            );
                        }
                        letter_owner.push((up, id.clone()));
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
            None => '?',
        };
        parsed.push(parse_piece_betza(piece, &mut diags));
        kinds.push(PieceKind {
            id: id.clone(),
            name: piece
                .name
                .as_ref()
                .map(|n| n.value.clone())
                .unwrap_or_else(|| id.clone()),
            letter,
            betza: piece.betza.iter().map(|b| b.value.clone()).collect(),
            royal: piece.royal.as_ref().map(|r| r.value).unwrap_or(false),
            value: piece.value.as_ref().map(|v| v.value),
            promotion: Vec::new(),
            castles_with: Vec::new(),
            resets_n_move: false,
            tracks_unmoved: false,
            initial_zone: None,
            first_move_captures: piece
                .first_move_captures
                .as_ref()
                .map(|f| f.value)
                .unwrap_or(true),
            color_bound: false,
            adjacent_kinds: Vec::new(),
            castles: false,
            hook: None,
        });
    }

    // References between pieces.
    let piece_specs: Vec<&PieceSpec> = spec.pieces.values().collect();
    for (k, piece) in piece_specs.iter().enumerate() {
        for partner in &piece.castles_with {
            if let Some(p) = resolve_id(spec, partner, &mut diags) {
                kinds[k].castles_with.push(p);
            }
        }
        if let Some(h) = &piece.hook {
            let mut resolve =
                |id: &Spanned<String>, diags: &mut Vec<Diagnostic>| resolve_id(spec, id, diags);
            kinds[k].hook = crate::hooks::compile_hook(h, &geometry, &mut resolve, &mut diags);
        }
        if let Some(zone) = &piece.initial_zone {
            kinds[k].initial_zone = Some(compile_zone(&geometry, zone, &mut diags));
        }
        for promo in &piece.promotion {
            let mut to = Vec::new();
            for target in &promo.to {
                if let Some(t) = resolve_id(spec, target, &mut diags) {
                    if kinds[t as usize].royal {
                        diags.push(Diagnostic::error(
                            format!("promotion to the royal piece `{}`", target.value),
                            target.span.clone(),
                        ));
                    }
                    to.push(t);
                }
            }
            if promo.to.is_empty() {
                diags.push(Diagnostic::error(
                    "promotion lists no piece to promote to",
                    promo.span.clone(),
                ));
            }
            let zone = match &promo.zone {
                Some(z) => compile_zone(&geometry, z, &mut diags),
                None => [CellSet::EMPTY; 2],
            };
            let adjacent_to_enemy = promo
                .adjacent_to_enemy
                .iter()
                .filter_map(|id| resolve_id(spec, id, &mut diags))
                .collect();
            kinds[k].promotion.push(Promotion {
                zone,
                adjacent_to_enemy,
                to,
                forced: promo.forced.as_ref().map(|f| f.value).unwrap_or(true),
            });
        }
    }

    // Moves.
    let cells = geometry.cell_count();
    let mut tables = RecordTables::default();
    let mut record_index = vec![(0u32, 0u32); kinds.len() * 2 * cells];
    let mut boosted_index = vec![(0u32, 0u32); kinds.len() * 2 * cells];
    let mut leap_bundles = vec![LeapBundle::default(); kinds.len() * 2 * cells];
    let mut boosted_bundles = vec![LeapBundle::default(); kinds.len() * 2 * cells];
    let mut capture_reach = vec![CellSet::EMPTY; kinds.len() * 2 * cells];
    let has_ep_kind: Vec<bool> = parsed
        .iter()
        .map(|moves| {
            moves.iter().any(|m| {
                m.legs
                    .last()
                    .map(|l| l.modality.en_passant)
                    .unwrap_or(false)
            })
        })
        .collect();
    // Extra moves while adjacent to friendly kinds (`when_adjacent_to`).
    let extras: Vec<Vec<BetzaMove>> = piece_specs
        .iter()
        .enumerate()
        .map(|(k, piece)| match &piece.when_adjacent_to {
            None => Vec::new(),
            Some(adj) => {
                for id in &adj.kinds {
                    if let Some(kind) = resolve_id(spec, id, &mut diags) {
                        kinds[k].adjacent_kinds.push(kind);
                    }
                }
                parse_betza_strings(&adj.betza, &mut diags)
            }
        })
        .collect();
    // A kind is colour-bound when every target of every move keeps the origin's colour.
    let mut color_bound = vec![true; parsed.len()];
    for (k, base_moves) in parsed.iter().enumerate() {
        // Base moves first, then the extras; `source` indexes this combined list.
        let moves: Vec<&BetzaMove> = base_moves.iter().chain(extras[k].iter()).collect();
        let base_count = base_moves.len();
        let mut produced = vec![false; moves.len()];
        let mut reported = vec![false; moves.len()];
        for color in Color::BOTH {
            for from in geometry.cells() {
                let mut raw: Vec<RawRecord> = Vec::new();
                let sign = if color == Color::White { 1 } else { -1 };
                for (i, m) in moves.iter().enumerate() {
                    match compile_move(&geometry, m, from, i, sign) {
                        Ok(mut list) => raw.append(&mut list),
                        Err((span, message)) => {
                            if !reported[i] {
                                reported[i] = true;
                                diags.push(Diagnostic::error(message, span));
                            }
                        }
                    }
                }
                for r in &raw {
                    produced[r.source] = true;
                    let colour = geometry.color_of(from);
                    let keeps = match r.shape {
                        RecordShape::Castle => false,
                        _ => r.cells.iter().all(|&c| geometry.color_of(c) == colour),
                    };
                    color_bound[k] &= keeps || r.source >= base_count;
                    if r.flags & flag::INITIAL != 0 {
                        kinds[k].tracks_unmoved |=
                            kinds[k].initial_zone.is_none() || r.shape == RecordShape::Castle;
                    }
                    if r.shape == RecordShape::Castle {
                        kinds[k].castles = true;
                    }
                }
                let piece = Piece::new(k as KindId, color);
                let slot = piece.index() * cells + from as usize;
                let base: Vec<RawRecord> = raw
                    .iter()
                    .filter(|r| r.source < base_count)
                    .cloned()
                    .collect();
                (record_index[slot], leap_bundles[slot]) = tables.emit(
                    merge_records(base),
                    has_ep_kind[k],
                    &mut capture_reach[slot],
                );
                (boosted_index[slot], boosted_bundles[slot]) = if extras[k].is_empty() {
                    (record_index[slot], leap_bundles[slot])
                } else {
                    tables.emit(merge_records(raw), has_ep_kind[k], &mut capture_reach[slot])
                };
            }
        }
        for (i, m) in moves.iter().enumerate() {
            if !produced[i] && !reported[i] {
                diags.push(
                    Diagnostic::error(
                        "this Betza move selects no move anywhere on this board",
                        m.span.clone(),
                    )
                    .with_hint("check the direction letters and that the leap fits on the board"),
                );
            }
        }
        if kinds[k].castles {
            if kinds[k].castles_with.is_empty() {
                let span = piece_specs[k]
                    .betza
                    .first()
                    .map(|b| b.span.clone())
                    .unwrap_or(piece_specs[k].span.clone());
                diags.push(
                    Diagnostic::error(
                        format!("`{}` castles (`O`) but names no partner", kinds[k].id),
                        span,
                    )
                    .with_hint("add `castles_with = [\"rook\"]` to the piece"),
                );
            }
            for p in kinds[k].castles_with.clone() {
                kinds[p as usize].tracks_unmoved = true;
            }
        }
        if !kinds[k].first_move_captures {
            kinds[k].tracks_unmoved = true;
        }
        kinds[k].color_bound = color_bound[k];
    }
    let RecordTables {
        records,
        cell_pool,
        paths,
        condition_pool,
        slide_rays,
    } = tables;

    // Game-end rules.
    let rules_spec = &spec.rules;
    let checkmate = rules_spec
        .checkmate
        .as_ref()
        .map(|c| c.value)
        .unwrap_or(true);
    let royal_kinds: Vec<KindId> = kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| k.royal)
        .map(|(i, _)| i as KindId)
        .collect();
    if checkmate && royal_kinds.is_empty() && !kinds.is_empty() {
        let span = rules_spec
            .checkmate
            .as_ref()
            .map(|c| c.span.clone())
            .unwrap_or_else(|| spec.pieces[0].span.clone());
        diags.push(
            Diagnostic::error("checkmate is the goal but no piece is royal", span).with_hint(
                "mark the king with `royal = true`, or set `checkmate = false` in [rules]",
            ),
        );
    }
    let stalemate = match rules_spec.stalemate.as_ref().map(|s| s.value) {
        None | Some(StalemateSpec::Draw) => StalemateResult::Draw,
        Some(StalemateSpec::Win) => StalemateResult::Win,
        Some(StalemateSpec::Loss) => StalemateResult::Loss,
    };
    let positive = |v: &Option<Spanned<i64>>, diags: &mut Vec<Diagnostic>| -> Option<u32> {
        let v = v.as_ref()?;
        if v.value < 1 || v.value > 100_000 {
            diags.push(Diagnostic::error(
                "must be a positive number",
                v.span.clone(),
            ));
            return None;
        }
        Some(v.value as u32)
    };
    let (mut n_claim, mut n_auto) = (None, None);
    if let Some(n) = &rules_spec.n_move_rule {
        n_claim = positive(&n.claim, &mut diags).map(|m| m * 2);
        n_auto = positive(&n.automatic, &mut diags).map(|m| m * 2);
    }
    let (mut r_claim, mut r_auto) = (None, None);
    if let Some(r) = &rules_spec.repetition {
        r_claim = positive(&r.claim, &mut diags);
        r_auto = positive(&r.automatic, &mut diags);
    }
    let extinction: Vec<KindId> = rules_spec
        .extinction
        .iter()
        .filter_map(|id| resolve_id(spec, id, &mut diags))
        .collect();
    let royal_zone = rules_spec
        .royal_zone
        .as_ref()
        .map(|z| compile_zone(&geometry, z, &mut diags));
    if royal_zone.is_some() && royal_kinds.is_empty() {
        if let Some(z) = &rules_spec.royal_zone {
            diags.push(Diagnostic::error(
                "`royal_zone` is set but no piece is royal",
                z.span.clone(),
            ));
        }
    }
    if rules_spec.resets_n_move.is_empty() {
        for kind in kinds.iter_mut() {
            kind.resets_n_move = !kind.promotion.is_empty();
        }
    } else {
        for id in &rules_spec.resets_n_move {
            if let Some(k) = resolve_id(spec, id, &mut diags) {
                kinds[k as usize].resets_n_move = true;
            }
        }
    }

    // Zobrist keys from a fixed seed: the same file always hashes the same way.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let zobrist_piece = (0..kinds.len() * 2 * cells).map(|_| next()).collect();
    let zobrist_black = next();
    let zobrist_ep = (0..cells).map(|_| next()).collect();
    let zobrist_unmoved = (0..cells).map(|_| next()).collect();

    let start_fen = spec
        .setup
        .fen
        .as_ref()
        .map(|f| f.value.clone())
        .unwrap_or_default();
    let castling_kinds: Vec<KindId> = (0..kinds.len() as KindId)
        .filter(|&k| !kinds[k as usize].castles_with.is_empty())
        .collect();
    let adjacency = geometry_adjacency(&geometry);
    let mut rules = Rules {
        name: spec
            .meta
            .name
            .as_ref()
            .map(|n| n.value.clone())
            .unwrap_or_default(),
        geometry,
        has_en_passant: has_ep_kind.iter().any(|&e| e),
        en_passant_kinds: (0..has_ep_kind.len() as KindId)
            .filter(|&k| has_ep_kind[k as usize])
            .collect(),
        kinds,
        start_fen,
        end: EndRules {
            checkmate,
            stalemate,
            n_move_claim_plies: n_claim,
            n_move_automatic_plies: n_auto,
            repetition_claim: r_claim,
            repetition_automatic: r_auto,
            extinction,
            royal_zone,
        },
        record_index,
        boosted_index,
        leap_bundles,
        boosted_bundles,
        adjacency,
        records,
        cell_pool,
        paths,
        condition_pool,
        slide_rays,
        width: crate::bits::Width::for_cells(cells),
        capture_reach,
        castling_kinds,
        royal_kinds,
        zobrist_piece,
        zobrist_black,
        zobrist_ep,
        zobrist_unmoved,
        attackers_free: Vec::new(),
        attackers_conditional: Vec::new(),
        attackers_any: Vec::new(),
        promotion_cells: Vec::new(),
        en_passant_origins: Vec::new(),
        keeps_unmoved_mark: Vec::new(),
        hook_kinds: Vec::new(),
        kind_flags: Vec::new(),
    };
    rules.kind_flags = rules
        .kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| {
            let partner = rules
                .kinds
                .iter()
                .any(|c| c.castles_with.contains(&(k as KindId)));
            let bit = |on: bool, bit: u8| if on { bit } else { 0 };
            bit(kind.hook.is_some(), kind_flag::HOOK)
                | bit(!kind.adjacent_kinds.is_empty(), kind_flag::ADJACENT)
                | bit(!kind.first_move_captures, kind_flag::FIRST_MOVE_RESTRICTED)
                | bit(kind.initial_zone.is_some(), kind_flag::INITIAL_ZONE)
                | bit(kind.castles || partner, kind_flag::CASTLING)
                | bit(!kind.promotion.is_empty(), kind_flag::PROMOTES)
        })
        .collect();
    attack_tables::build(&mut rules);
    let all_cells: CellSet = rules.geometry.cells().collect();
    rules.keeps_unmoved_mark = (0..rules.kinds.len() * 2)
        .map(|index| {
            let piece = Piece(index as u8 + 1);
            let kind = &rules.kinds[piece.kind() as usize];
            if !kind.first_move_captures {
                return all_cells;
            }
            if kind.initial_zone.is_some() {
                return CellSet::EMPTY;
            }
            rules
                .geometry
                .cells()
                .filter(|&c| {
                    rules
                        .records_of(piece, c)
                        .iter()
                        .any(|r| r.flags & flag::INITIAL != 0 && r.shape != RecordShape::Castle)
                })
                .collect()
        })
        .collect();
    rules.promotion_cells = (0..rules.kinds.len() * 2)
        .map(|index| {
            let piece = Piece(index as u8 + 1);
            let mut cells = CellSet::EMPTY;
            for promo in &rules.kinds[piece.kind() as usize].promotion {
                cells = cells.or(&promo.zone[piece.color().index()]);
                if !promo.adjacent_to_enemy.is_empty() {
                    cells = all_cells;
                }
            }
            cells
        })
        .collect();

    // The setup, checked against the compiled rules.
    if let Some(fen) = &spec.setup.fen {
        if diags.is_empty() {
            crate::setup_check::check_setup(&rules, fen, &mut diags);
        }
    }
    if diags.is_empty() {
        Ok(rules)
    } else {
        Err(diags)
    }
}

/// The cells adjacent to each cell: the six orthogonal neighbours on hex, the eight
/// surrounding squares on square boards.
fn geometry_adjacency(geometry: &Geometry) -> Vec<CellSet> {
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

fn compile_board(spec: &VariantSpec, diags: &mut Vec<Diagnostic>) -> Option<Geometry> {
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

fn parse_piece_betza(piece: &PieceSpec, diags: &mut Vec<Diagnostic>) -> Vec<BetzaMove> {
    parse_betza_strings(&piece.betza, diags)
}

/// Parse Betza strings, shifting every span into the file.
fn parse_betza_strings(strings: &[Spanned<String>], diags: &mut Vec<Diagnostic>) -> Vec<BetzaMove> {
    let mut moves = Vec::new();
    for text in strings {
        match betza::parse_betza(&text.value) {
            Ok(p) => moves.extend(p.moves.into_iter().map(|mut m| {
                // Remember which string this move came from by shifting its span into the
                // file: the move span becomes absolute.
                let base = text.span.start;
                shift_move(&mut m, base);
                m
            })),
            Err(e) => {
                let base = text.span.start;
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

fn shift_move(m: &mut BetzaMove, base: usize) {
    m.span = m.span.start + base..m.span.end + base;
    for leg in &mut m.legs {
        leg.span = leg.span.start + base..leg.span.end + base;
        for d in &mut leg.directions {
            d.span = d.span.start + base..d.span.end + base;
        }
    }
}

fn resolve_id(
    spec: &VariantSpec,
    id: &Spanned<String>,
    diags: &mut Vec<Diagnostic>,
) -> Option<KindId> {
    if let Some(i) = spec.pieces.get_index_of(&id.value) {
        return Some(i as KindId);
    }
    let mut d = Diagnostic::error(
        format!("no piece `{}` is defined", id.value),
        id.span.clone(),
    );
    if let Some(best) = spec
        .pieces
        .keys()
        .map(|k| (strsim::jaro_winkler(k, &id.value), k))
        .filter(|(s, _)| *s > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
    {
        d = d.with_hint(format!("did you mean `{}`?", best.1));
    } else {
        let all: Vec<&str> = spec.pieces.keys().map(|k| k.as_str()).collect();
        d = d.with_hint(format!("the pieces are: {}", all.join(", ")));
    }
    diags.push(d);
    None
}

fn compile_zone(
    geometry: &Geometry,
    zone: &Spanned<ZoneSpec>,
    diags: &mut Vec<Diagnostic>,
) -> [CellSet; 2] {
    let white: CellSet = match &zone.value {
        ZoneSpec::LastRank => geometry.far_edge_white(),
        ZoneSpec::Ranks(ranks) => {
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
        ZoneSpec::MinHeight(h) => geometry
            .cells()
            .filter(|&c| geometry.height(c) as i64 >= h.value)
            .collect(),
        ZoneSpec::Cells(cells) => {
            let mut set = CellSet::EMPTY;
            for c in cells {
                match geometry.parse_cell(&c.value) {
                    Some(cell) => set.insert(cell),
                    None => diags.push(Diagnostic::error(
                        format!("`{}` is not a cell of this board", c.value),
                        c.span.clone(),
                    )),
                }
            }
            set
        }
    };
    let black = white.iter().map(|c| geometry.mirror(c)).collect();
    [white, black]
}

/// Compile one Betza move for a piece on `from`; `sign` = 1 for White, -1 for Black (the
/// board turned around).
fn compile_move(
    geometry: &Geometry,
    m: &BetzaMove,
    from: Cell,
    source: usize,
    sign: i32,
) -> Result<Vec<RawRecord>, (std::ops::Range<usize>, String)> {
    let shape = geometry.shape;
    let last = m.legs.last().expect("a move has at least one leg");
    let mut flags = 0u8;
    let modality = last.modality;
    if modality.is_default() {
        flags |= flag::MOVE | flag::CAPTURE;
    } else {
        if modality.move_to_empty {
            flags |= flag::MOVE;
        }
        if modality.capture {
            flags |= flag::CAPTURE;
        }
        if modality.destroy_friend {
            flags |= flag::DESTROY;
        }
        if modality.en_passant {
            flags |= flag::EN_PASSANT;
        }
    }
    if m.initial {
        flags |= flag::INITIAL;
    }
    let turn = |v: Vector| (v.0 * sign, v.1 * sign);
    let mut out = Vec::new();

    // Castling.
    if m.atom == betza::Atom::Letter('O') {
        if m.legs.len() > 1 {
            return Err((m.span.clone(), "castling cannot have several legs".into()));
        }
        let Shape::Square { .. } = shape else {
            return Err((
                m.span.clone(),
                "castling (`O`) is only defined on square boards".into(),
            ));
        };
        let distance = match m.range {
            RangeSpec::Limited(n) if n >= 1 => n,
            RangeSpec::Default => 2,
            _ => {
                return Err((
                    m.span.clone(),
                    "castling needs a distance from 1 up (`O2`, `O3`)".into(),
                ))
            }
        };
        let mut sides: Vec<i32> = Vec::new();
        if last.directions.is_empty() {
            sides = vec![1, -1];
        }
        for d in &last.directions {
            match (d.first, d.second) {
                ('s', _) | ('h', None) => sides.extend([1, -1]),
                ('r', None) | ('r', Some('r')) => sides.push(1),
                ('l', None) | ('l', Some('l')) => sides.push(-1),
                _ => {
                    return Err((
                        d.span.clone(),
                        "castling goes sideways: use `s`, `l` or `r`".into(),
                    ))
                }
            }
        }
        for side in sides {
            let step = turn((side, 0));
            let mut ray = Vec::new();
            let mut c = from;
            while let Some(n) = geometry.offset(c, step) {
                ray.push(n);
                c = n;
            }
            // Needs room for the king's steps and a partner beyond.
            if ray.len() > distance as usize {
                out.push(RawRecord {
                    shape: RecordShape::Castle,
                    flags: flags | flag::INITIAL,
                    distance,
                    cells: ray,
                    paths: vec![],
                    source,
                });
            }
        }
        return Ok(out);
    }

    // Point at the atom (and its range), not at the modifiers before it.
    let atom_span = last.span.end.max(m.span.start)..m.span.end;
    let comps = components(&m.atom, shape).map_err(|e| (atom_span, e))?;
    for comp in comps {
        let range: Option<u8> = match m.range {
            RangeSpec::Default => {
                if comp.slider {
                    None
                } else {
                    Some(1)
                }
            }
            RangeSpec::Limited(0) | RangeSpec::Unlimited => None,
            RangeSpec::Limited(n) => Some(n),
        };
        let slides = range != Some(1);
        let first = &m.legs[0];
        let vectors = select(shape, comp, &first.directions).map_err(|i| {
            (
                first.directions[i].span.clone(),
                format!(
                    "this direction has no meaning for this atom on a {} board",
                    if geometry.is_hex() {
                        "hexagonal"
                    } else {
                        "square"
                    }
                ),
            )
        })?;

        if m.legs.len() > 1 {
            if slides {
                return Err((
                    m.span.clone(),
                    "multi-leg (`a`) moves are supported for leapers only".into(),
                ));
            }
            for (li, leg) in m.legs.iter().enumerate() {
                if leg.lame || leg.jump || leg.hop == Some(Hop::Grasshopper) {
                    return Err((
                        leg.span.clone(),
                        "`n`, `j` and `g` are not supported inside multi-leg moves".into(),
                    ));
                }
                if li + 1 < m.legs.len()
                    && (leg.modality.capture
                        || leg.modality.destroy_friend
                        || leg.modality.en_passant)
                {
                    return Err((
                        leg.span.clone(),
                        "capturing on a non-final leg (locust capture) is not supported".into(),
                    ));
                }
            }
            if straight_parts(shape, comp_vector(comp)).is_none() {
                return Err((
                    m.span.clone(),
                    "multi-leg moves need a straight atom (W F D A H G K, or R B Q as leapers)"
                        .into(),
                ));
            }
            for v in vectors {
                let mut stack: Vec<PartialPath> = Vec::new();
                if let Some(t) = geometry.offset(from, turn(v)) {
                    stack.push((t, v, 1, Vec::new()));
                }
                while let Some((cell, prev, leg_index, path)) = stack.pop() {
                    if leg_index == m.legs.len() {
                        if cell != from {
                            out.push(RawRecord {
                                shape: RecordShape::Leap,
                                flags,
                                distance: 0,
                                cells: vec![cell],
                                paths: vec![path],
                                source,
                            });
                        }
                        continue;
                    }
                    // `cell` ends a non-final leg: it must be empty (m) or occupied (p).
                    let leg_before = &m.legs[leg_index - 1];
                    let occupied = leg_before.hop.is_some();
                    let mut path = path;
                    if cell != from {
                        path.push((cell, occupied));
                    } else if occupied {
                        continue;
                    }
                    let next_leg = &m.legs[leg_index];
                    let nexts = continuation(shape, prev, &next_leg.directions).map_err(|i| {
                        (
                            next_leg.directions[i].span.clone(),
                            "this continuation direction has no meaning here".to_string(),
                        )
                    })?;
                    for nv in nexts {
                        if let Some(t) = geometry.offset(cell, turn(nv)) {
                            stack.push((t, nv, leg_index + 1, path.clone()));
                        }
                    }
                }
            }
            continue;
        }

        let leg = first;
        for v in vectors {
            let v = turn(v);
            if let Some(hop) = leg.hop {
                let mut ray = Vec::new();
                let mut c = from;
                while let Some(n) = geometry.offset(c, v) {
                    ray.push(n);
                    c = n;
                    if let Some(r) = range {
                        if ray.len() > r as usize && hop == Hop::Cannon {
                            break;
                        }
                    }
                }
                if ray.len() >= 2 {
                    out.push(RawRecord {
                        shape: if hop == Hop::Cannon {
                            RecordShape::Hop
                        } else {
                            RecordShape::Grasshop
                        },
                        flags,
                        distance: 0,
                        cells: ray,
                        paths: vec![],
                        source,
                    });
                }
                continue;
            }
            if slides {
                let mut ray = Vec::new();
                let mut c = from;
                while let Some(n) = geometry.offset(c, v) {
                    ray.push(n);
                    c = n;
                    if let Some(r) = range {
                        if ray.len() >= r as usize {
                            break;
                        }
                    }
                }
                if leg.jump {
                    // `j` on a slider: skip the first cell whatever it holds.
                    if ray.is_empty() {
                        continue;
                    }
                    ray.remove(0);
                }
                if leg.lame {
                    return Err((
                        leg.span.clone(),
                        "`n` (lame) applies to leapers; a slider is already blocked".into(),
                    ));
                }
                if !ray.is_empty() {
                    out.push(RawRecord {
                        shape: RecordShape::Slide,
                        flags,
                        distance: 0,
                        cells: ray,
                        paths: vec![],
                        source,
                    });
                }
                continue;
            }
            let Some(to) = geometry.offset(from, v) else {
                continue;
            };
            let mut paths = Vec::new();
            if leg.lame || leg.jump {
                let cond: Option<Vec<(Cell, bool)>> = match straight_parts(shape, v) {
                    Some((unit, k)) => (1..k)
                        .map(|i| {
                            geometry
                                .offset(from, (unit.0 * i, unit.1 * i))
                                .map(|c| (c, leg.jump))
                        })
                        .collect(),
                    None if leg.lame && !geometry.is_hex() => {
                        // XBetza `nN`-style: blocked on the orthogonal step along the longer
                        // direction (the Xiangqi horse).
                        let (x, y) = v;
                        let step = if x.abs() > y.abs() {
                            (x.signum(), 0)
                        } else {
                            (0, y.signum())
                        };
                        geometry.offset(from, step).map(|c| vec![(c, false)])
                    }
                    None => {
                        return Err((
                            leg.span.clone(),
                            "`n`/`j` on this atom is ambiguous here; spell the path with `a`"
                                .into(),
                        ))
                    }
                };
                match cond {
                    Some(c) if !c.is_empty() => paths.push(c),
                    Some(_) => {
                        if leg.jump {
                            continue; // nothing to jump over: no move
                        }
                    }
                    None => continue,
                }
            }
            out.push(RawRecord {
                shape: RecordShape::Leap,
                flags,
                distance: 0,
                cells: vec![to],
                paths,
                source,
            });
        }
    }
    Ok(out)
}

fn comp_vector(c: atoms::Component) -> Vector {
    (c.leap.1, c.leap.0)
}

/// Merge leaps with the same target and flags (alternative paths, or duplicates) and drop
/// exact duplicate rays.
fn merge_records(raw: Vec<RawRecord>) -> Vec<RawRecord> {
    let mut out: Vec<RawRecord> = Vec::new();
    for r in raw {
        if r.shape == RecordShape::Leap {
            if let Some(existing) = out.iter_mut().find(|e| {
                e.shape == RecordShape::Leap
                    && e.cells == r.cells
                    && e.paths == r.paths
                    && (e.flags & flag::INITIAL) == (r.flags & flag::INITIAL)
            }) {
                existing.flags |= r.flags;
                continue;
            }
            if let Some(existing) = out
                .iter_mut()
                .find(|e| e.shape == RecordShape::Leap && e.cells == r.cells && e.flags == r.flags)
            {
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
        }) {
            continue;
        }
        out.push(r);
    }
    out
}

//! From a [`VariantSpec`] to [`Rules`]: every semantic check of a variant file, and the
//! translation of Betza moves into flat per-cell move records.
//!
//! All problems are collected as [`Diagnostic`]s located in the TOML file; compilation goes
//! as far as it can so that `validate` reports everything at once. One file per part of the
//! file or of the result:
//!
//! | file | what |
//! |---|---|
//! | `board.rs` | `[board]`: shape and size, adjacency |
//! | `picture.rs` | `[board] picture`: how pictures draw the board |
//! | `pieces.rs` | `[pieces.*]`: letters, names, Betza parsing, references between kinds |
//! | `promotion.rs` | promotion rules |
//! | `drops.rs` | pieces in hand and drops; cells where a piece could never move |
//! | `zones.rs` | zones (promotion, initial, royal) and `[regions]` |
//! | `moves.rs` | one Betza move on one cell: leaps, slides, hops (`castling.rs`, `legs.rs`) |
//! | `atoms.rs` | Betza atoms and directions as lattice vectors |
//! | `records.rs`, `tables.rs` | records merged, bundled and stored per piece and cell |
//! | `attack_tables.rs` | reverse attack tables |
//! | `end_rules.rs` | `[rules]`: how the game ends |
//! | `summary.rs` | per-kind facts for the hot path |
//! | `shuffle.rs` | `[setup] shuffle`: random start arrays |
//! | `hashing.rs` | Zobrist keys |

mod atoms;
mod attack_tables;
mod board;
mod castling;
mod drops;
mod end_rules;
mod hashing;
mod legs;
mod moves;
mod picture;
mod pieces;
mod promotion;
mod records;
mod shuffle;
mod summary;
mod tables;
mod warnings;
mod zones;

pub use board::{HEX_SIZE, SQUARE_SIZE};
pub use pieces::{MAX_KINDS, MAX_VALUE};
pub use warnings::warnings;

use crate::diagnostics::Diagnostic;
use crate::rules::Rules;
use crate::types::{CellSet, Color, KindId, Piece, Width};
use crate::variant::VariantSpec;

/// Compile a loaded spec. On failure, every problem found.
pub fn compile(spec: &VariantSpec) -> Result<Rules, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let Some(geometry) = board::compile_board(spec, &mut diags) else {
        // Without a board nothing else can be checked meaningfully, but Betza syntax can.
        for piece in spec.pieces.values() {
            for strings in piece.betza.written() {
                pieces::parse_betza_strings(strings, &mut diags);
            }
        }
        return Err(diags);
    };
    let regions = zones::compile_regions(spec, &geometry, &mut diags);
    let picture = picture::compile_picture(spec, &geometry, &regions, &mut diags);
    let pieces::CompiledKinds {
        mut kinds,
        moves: base_moves,
        extras,
        base_conditions,
        groups,
    } = pieces::compile_kinds(spec, &geometry, &regions, &mut diags);
    if kinds.len() > MAX_KINDS {
        // Kind ids are bytes (a piece is `1 + 2 * kind + colour`): nothing past this point
        // can index that many kinds; the located error is already in `diags`.
        return Err(diags);
    }
    promotion::compile_promotions(spec, &geometry, &regions, &mut kinds, &mut diags);
    let drop_rules = drops::compile_drops(spec, &geometry, &regions, &mut kinds, &mut diags);
    let gating = drops::compile_gating(spec, &geometry, &mut kinds);
    let all_moves = tables::KindMoves {
        base_moves: &base_moves,
        base_conditions: &base_conditions,
        groups: &groups,
        extras: &extras,
    };
    let moves = tables::build_move_tables(spec, &geometry, &mut kinds, &all_moves, &mut diags);
    let end = end_rules::compile_end_rules(spec, &geometry, &regions, &mut kinds, &mut diags);
    let captures_en_passant: Vec<bool> = base_moves
        .iter()
        .map(|moves| {
            moves
                .iter()
                .flatten()
                .any(|m| m.legs.last().is_some_and(|l| l.modality.en_passant))
        })
        .collect();
    let attacks = attack_tables::build_attack_tables(&geometry, &kinds, &moves);
    let summary = summary::summarise(&geometry, &kinds, &moves, &captures_en_passant);
    let cells = geometry.cell_count();
    let counts_checks = end.n_check.is_some()
        || end.perpetual_check_loses
        || kinds.iter().any(|k| k.initial_until_checked);
    let mut rules = Rules {
        id: crate::rules::next_rules_id(),
        name: spec
            .meta
            .name
            .as_ref()
            .map(|n| n.value.clone())
            .unwrap_or_default(),
        start_fen: spec
            .setup
            .fen
            .as_ref()
            .map(|f| f.value.clone())
            .unwrap_or_default(),
        decides_by_board: end.has_board_decisions(),
        filters_moves: end.filters_moves(),
        end,
        regions: regions.into_list(),
        setup_counts: Vec::new(),
        drops: None,
        gating: None,
        net: None,
        shuffle: None,
        picture,
        castling_names_partner: kinds.iter().any(|k| k.castles_to.is_some()),
        counts_checks,
        zobrist: hashing::zobrist_keys(
            kinds.len() * 2,
            cells,
            drop_rules.is_some() || gating.is_some(),
        ),
        width: Width::for_cells(cells),
        adjacency: board::adjacency(&geometry),
        has_en_passant: captures_en_passant.iter().any(|&e| e),
        en_passant_kinds: summary.en_passant_kinds,
        kind_flags: summary.kind_flags,
        royal_kinds: summary.royal_kinds,
        castling_kinds: summary.castling_kinds,
        hook_kinds: summary.hook_kinds,
        keeps_unmoved_mark: summary.keeps_unmoved_mark,
        promotion_cells: summary.promotion_cells,
        promotes_from_zone: summary.promotion_origins.iter().any(|c| !c.is_empty()),
        promotion_origins: summary.promotion_origins,
        stuck: vec![CellSet::EMPTY; kinds.len() * 2],
        moves,
        attacks,
        kinds,
        geometry,
    };
    // Where a piece could never move is a matter of its moves alone: every promotion counts
    // as available while it is computed (the setup's counts come later).
    rules.setup_counts = vec![[u32::MAX; 2]; rules.kinds.len()];
    rules.stuck = drops::stuck_cells(&rules);
    rules.setup_counts = Vec::new();
    rules.gating = gating;
    if let Some((mut drops, written)) = drop_rules {
        drops.zone = drops::finish_zones(&rules, &written, &rules.stuck);
        rules.drops = Some(drops);
    }

    // The setup, checked against the compiled rules.
    if let Some(fen) = &spec.setup.fen {
        if diags.is_empty() {
            crate::setup_check::check_setup(&rules, fen, &mut diags);
        }
        if let Ok(pos) = crate::fen::parse_fen(&rules, &fen.value) {
            if let Some(shuffle) = &spec.setup.shuffle {
                rules.shuffle = shuffle::compile_shuffle(spec, &rules, &pos, shuffle, &mut diags);
            }
            rules.setup_counts = (0..rules.kinds.len() as KindId)
                .map(|k| Color::BOTH.map(|c| pos.cells_of(Piece::new(k, c)).count()))
                .collect();
        }
    }
    if rules.setup_counts.is_empty() {
        rules.setup_counts = vec![[0, 0]; rules.kinds.len()];
    }
    if diags.is_empty() {
        Ok(rules)
    } else {
        Err(diags)
    }
}

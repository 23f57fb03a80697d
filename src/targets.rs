//! Where one piece can go: the primitives of move generation that walk a piece's compiled
//! records and bundles on a board. [`crate::movegen`] builds whole-side generation, attack
//! queries and legality on them; hooks use them to lend or extend moves. Nothing here knows
//! about hooks or about the side's other pieces.

use crate::board::Board;
use crate::rules::{
    flag, AttackLines, CellMoves, MoveRecord, Promotion, RecordShape, Rules, SlideRay,
};
use crate::types::{Bits, Cell, CellSet, Color, Move, MoveKind, Piece};

/// Whether the piece on `from` may make its initial (`i`) moves: it stands in its kind's
/// initial zone, or (without a zone) it has never moved.
#[inline(always)]
pub fn initial_allowed(rules: &Rules, board: &Board, piece: Piece, from: Cell) -> bool {
    match &rules.kinds[piece.kind() as usize].initial_zone {
        Some(zone) => zone[piece.color().index()].contains(from),
        None => board.unmoved().contains(from),
    }
}

/// Whether any alternative path of a leap record is open (or it has none).
#[inline(always)]
fn leap_open(rules: &Rules, board: &Board, rec: &MoveRecord) -> bool {
    if rec.is_unconditional() {
        return true;
    }
    rules.record_paths(rec).iter().any(|path| {
        rules
            .path_cells(path)
            .iter()
            .all(|c| board.is_occupied(c.cell) == c.occupied)
    })
}

/// The promotion rule that applies to a piece moving from `from` to `to`, if any: the first
/// in priority order whose trigger holds.
#[inline(always)]
pub fn promotion_rule<'r>(
    rules: &'r Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
    to: Cell,
) -> Option<&'r Promotion> {
    rules.kinds[piece.kind() as usize]
        .promotions(piece.color())
        .iter()
        .find(|promo| {
            promo.zone.contains(to)
                || (promo.from_zone && promo.zone.contains(from))
                || (!promo.adjacent_to_enemy.is_empty()
                    && rules.is_adjacent_to(
                        board,
                        piece.color().flip(),
                        to,
                        &promo.adjacent_to_enemy,
                    ))
        })
}

/// Push a move of `piece`, expanding the promotion choices of the rule that applies where it
/// ends (as that piece: a sweep's mover promotes as the kind it becomes) that its side may
/// still promote to. An optional promotion is compulsory where the piece could never move
/// again.
#[inline(always)]
pub fn push_with_promotion(
    rules: &Rules,
    board: &Board,
    piece: Piece,
    mv: Move,
    out: &mut Vec<Move>,
) {
    if let Some(promo) = promotion_rule(rules, board, piece, mv.from, mv.to) {
        let side = piece.color();
        for &k in &promo.to {
            if promotion_available(rules, board, k, side, promo.only_lost) {
                out.push(mv.promoting(k));
            }
        }
        // A forced promotion with nothing to become is no move at all.
        if promo.forced || rules.stuck[piece.index()].contains(mv.to) {
            return;
        }
    }
    out.push(mv);
}

/// Whether `side` may promote to `kind` now: below the kind's `max_count`, and, for a rule
/// that promotes only to lost kinds, with fewer of them on the board than in the setup.
#[inline(always)]
pub fn promotion_available(
    rules: &Rules,
    board: &Board,
    kind: crate::types::KindId,
    side: Color,
    only_lost: bool,
) -> bool {
    let kind_rules = &rules.kinds[kind as usize];
    if !only_lost && kind_rules.max_count.is_none() {
        return true;
    }
    let count = board.cells_of(Piece::new(kind, side)).count();
    kind_rules.max_count.is_none_or(|max| count < max)
        && (!only_lost || count < rules.setup_counts[kind as usize][side.index()])
}

/// One destination a move record offers, before promotion is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Move to an empty cell, or capture on it (see the board).
    Plain(Cell),
    /// Move to an empty cell through the passed cells, giving the opponent an en passant
    /// right.
    DoubleStep(Cell, Cell, Option<Cell>),
    /// Capture en passant: land on the first cell, remove the piece on the second.
    EnPassant(Cell, Cell),
}

impl Target {
    /// The move from `from` to this destination.
    #[inline(always)]
    pub fn into_move(self, from: Cell) -> Move {
        match self {
            Target::Plain(to) => Move::normal(from, to),
            Target::DoubleStep(to, passed, also_passed) => Move {
                kind: MoveKind::DoubleStep {
                    passed,
                    also_passed,
                },
                ..Move::normal(from, to)
            },
            Target::EnPassant(to, victim) => Move {
                kind: MoveKind::EnPassant { victim },
                ..Move::normal(from, to)
            },
        }
    }
}

/// The flags a piece may use now: a piece bound by the first-move rule captures nothing
/// until it has moved.
#[inline(always)]
pub fn flag_mask(rules: &Rules, board: &Board, piece: Piece, from: Cell) -> u8 {
    if !rules.kinds[piece.kind() as usize].first_move_captures && board.unmoved().contains(from) {
        !(flag::CAPTURE | flag::DESTROY | flag::EN_PASSANT)
    } else {
        0xFF
    }
}

/// Call `visit` for every destination of one record for a piece of `side` on its origin,
/// using the record's flags restricted by `mask`.
#[inline(always)]
pub fn for_each_target(
    rules: &Rules,
    board: &Board,
    side: Color,
    rec: &MoveRecord,
    mask: u8,
    mut visit: impl FnMut(Target),
) {
    let cells = rules.record_cells(rec);
    let flags = rec.flags & mask;
    let restriction = rules.restriction(rec);
    // What a move may do on a target holding `piece`.
    let allowed = |piece: Option<Piece>| -> bool {
        match piece {
            None => flags & flag::MOVE != 0,
            Some(p) if p.color() != side => {
                flags & flag::CAPTURE != 0 && restriction.victims.contains(p.kind())
            }
            Some(p) => flags & flag::DESTROY != 0 && restriction.victims.contains(p.kind()),
        }
    };
    // Whether a hopping move may hop over `piece`.
    let screen_ok = |piece: Piece| restriction.screens.contains(piece.kind());
    match rec.shape {
        RecordShape::Leap => {
            let to = cells[0];
            if !leap_open(rules, board, rec) {
                return;
            }
            let there = board.piece_at(to);
            if allowed(there) {
                if flags & flag::CREATES_EP != 0 {
                    let path = rules.path_cells(&rules.record_paths(rec)[0]);
                    visit(Target::DoubleStep(
                        to,
                        path[0].cell,
                        path.get(1).map(|c| c.cell),
                    ));
                } else {
                    visit(Target::Plain(to));
                }
            }
            if flags & flag::EN_PASSANT != 0 && there.is_none() && board.ep_cells().contains(to) {
                if let Some(victim) = board.ep_victim() {
                    if board.piece_at(victim).is_some_and(|p| {
                        p.color() != side && restriction.victims.contains(p.kind())
                    }) {
                        visit(Target::EnPassant(to, victim));
                    }
                }
            }
        }
        RecordShape::Slide => {
            for &to in cells {
                let there = board.piece_at(to);
                if allowed(there) {
                    visit(Target::Plain(to));
                }
                if there.is_some() {
                    break;
                }
            }
        }
        RecordShape::Hop => {
            let mut screen = false;
            for &to in cells {
                let there = board.piece_at(to);
                if !screen {
                    if let Some(p) = there {
                        if !screen_ok(p) {
                            return;
                        }
                        screen = true;
                    }
                    continue;
                }
                if allowed(there) {
                    visit(Target::Plain(to));
                }
                if there.is_some() {
                    break;
                }
            }
        }
        RecordShape::Grasshop => {
            if let Some(i) = cells.iter().position(|&c| board.is_occupied(c)) {
                if let Some(&to) = cells.get(i + 1) {
                    if screen_ok(board.occupant(cells[i])) && allowed(board.piece_at(to)) {
                        visit(Target::Plain(to));
                    }
                }
            }
        }
        RecordShape::Castle => {}
    }
}

/// What generation needs of a piece on `from` on this board: whether its initial moves are
/// allowed, the flag mask of [`flag_mask`], and its generation tables (see
/// [`Rules::generation_tables`]; with its extra moves when it stands next to a friendly piece
/// of its `adjacent_kinds`, and without en passant records unless `en_passant`).
#[inline(always)]
pub fn piece_tables<'r>(
    rules: &'r Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
    en_passant: bool,
) -> (bool, u8, &'r [MoveRecord], &'r CellMoves) {
    // Plain kinds (no hook, adjacency, first-move rule or initial zone) skip the lookups.
    if rules.is_plain_kind(piece.kind()) {
        let (records, bundle) = rules.generation_tables(piece, from, false, en_passant);
        (board.unmoved().contains(from), 0xFF, records, bundle)
    } else {
        let kind = &rules.kinds[piece.kind() as usize];
        let boosted = !kind.adjacent_kinds.is_empty()
            && rules.is_adjacent_to(board, piece.color(), from, &kind.adjacent_kinds);
        let (records, bundle) = rules.generation_tables(piece, from, boosted, en_passant);
        (
            initial_allowed(rules, board, piece, from),
            flag_mask(rules, board, piece, from),
            records,
            bundle,
        )
    }
}

/// Append the pseudo-legal moves of one piece from its own records (hooks excluded).
#[inline(always)]
pub fn generate_piece_records<B: Bits>(
    rules: &Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
    out: &mut Vec<Move>,
) {
    let en_passant = !board.ep_cells().is_empty();
    let (initial_ok, mask, records, bundle) = piece_tables(rules, board, piece, from, en_passant);
    // Only moves ending where a promotion rule may trigger ask for the rules.
    let promotion_cells =
        if rules.promotes_from_zone && rules.promotion_origins[piece.index()].contains(from) {
            B::load(&CellSet::FULL)
        } else {
            B::load(rules.promotion_cells(piece))
        };
    let targets = bundle_targets::<B>(rules, board, piece.color(), bundle, mask);
    if (targets & promotion_cells).is_zero() {
        for to in targets.cells() {
            out.push(Move::normal(from, to));
        }
    } else {
        for to in targets.cells() {
            push_with_promotion(rules, board, piece, Move::normal(from, to), out);
        }
    }
    for rec in records {
        if rec.flags & flag::INITIAL != 0 && !initial_ok {
            continue;
        }
        for_each_target(rules, board, piece.color(), rec, mask, |target| {
            let mv = target.into_move(from);
            if promotion_cells.has(mv.to) {
                push_with_promotion(rules, board, piece, mv, out);
            } else {
                out.push(mv);
            }
        });
    }
}

/// The destinations of a bundle's plain leaps and slides for a piece of `side`, with the
/// record flags restricted by `mask`: empty cells it may move to and enemy-held cells it may
/// capture on.
#[inline(always)]
pub fn bundle_targets<B: Bits>(
    rules: &Rules,
    board: &Board,
    side: Color,
    bundle: &CellMoves,
    mask: u8,
) -> B {
    let own = B::load(board.occupied(side));
    let enemy = B::load(board.occupied(side.flip()));
    let occupied = own | enemy;
    let captures = mask & flag::CAPTURE != 0;
    let mut targets = B::load(&bundle.move_or_capture) & !(if captures { own } else { occupied })
        | B::load(&bundle.move_only) & !occupied;
    if captures {
        targets |= B::load(&bundle.capture_only) & enemy;
    }
    for ray in rules.bundle_rays(bundle) {
        let reach = ray_reach::<B>(ray, occupied);
        let flags = ray.flags & mask;
        if flags & flag::MOVE != 0 {
            targets |= reach & !occupied;
        }
        if flags & flag::CAPTURE != 0 {
            targets |= reach & enemy;
        }
    }
    targets
}

/// The cells of a plain slide up to and including the first occupied one.
#[inline(always)]
pub(crate) fn ray_reach<B: Bits>(ray: &SlideRay, occupied: B) -> B {
    let cells = B::load(&ray.cells);
    let blockers = cells & occupied;
    if blockers.is_zero() {
        cells
    } else if ray.increasing {
        cells & B::up_to(blockers.lowest())
    } else {
        cells & B::from_on(blockers.highest())
    }
}

/// Whether the piece on `from` could capture on `target` (whatever stands there), from its
/// generation tables: plain leaps and slides by set operations, the other records walked.
#[inline(always)]
pub fn piece_attacks<B: Bits>(
    rules: &Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
    target: Cell,
) -> bool {
    let (initial_ok, mask, records, bundle) = piece_tables(rules, board, piece, from, false);
    if mask & flag::CAPTURE == 0 {
        return false;
    }
    tables_attack::<B>(rules, board, records, bundle, target, initial_ok)
}

/// Whether a piece with these generation tables (see [`Rules::generation_tables`]) captures
/// on `target`, whatever stands there; initial-only records count when `initial_ok`.
#[inline(always)]
pub fn tables_attack<B: Bits>(
    rules: &Rules,
    board: &Board,
    records: &[MoveRecord],
    bundle: &CellMoves,
    target: Cell,
    initial_ok: bool,
) -> bool {
    if (B::load(&bundle.move_or_capture) | B::load(&bundle.capture_only)).has(target) {
        return true;
    }
    let occupied = B::load(board.occupied(Color::White)) | B::load(board.occupied(Color::Black));
    for ray in rules.bundle_rays(bundle) {
        if ray.flags & flag::CAPTURE == 0 {
            continue;
        }
        let cells = B::load(&ray.cells);
        if !cells.has(target) {
            continue;
        }
        let before = if ray.increasing {
            !B::from_on(target)
        } else {
            !B::up_to(target)
        };
        if (cells & before & occupied).is_zero() {
            return true;
        }
    }
    records_attack(rules, board, records, target, initial_ok)
}

/// Whether one of `records` captures on `target` (whatever stands there); initial-only
/// records count when `initial_ok`.
pub fn records_attack(
    rules: &Rules,
    board: &Board,
    records: &[MoveRecord],
    target: Cell,
    initial_ok: bool,
) -> bool {
    for rec in records {
        if rec.flags & flag::CAPTURE == 0 || (rec.flags & flag::INITIAL != 0 && !initial_ok) {
            continue;
        }
        let cells = rules.record_cells(rec);
        let restriction = rules.restriction(rec);
        // A restricted record attacks only the kinds it may capture (an empty target counts:
        // whatever comes there may be one).
        if rec.restriction != 0
            && board
                .piece_at(target)
                .is_some_and(|p| !restriction.victims.contains(p.kind()))
        {
            continue;
        }
        match rec.shape {
            RecordShape::Leap => {
                if cells[0] == target && leap_open(rules, board, rec) {
                    return true;
                }
            }
            RecordShape::Slide => {
                for &c in cells {
                    if c == target {
                        return true;
                    }
                    if board.is_occupied(c) {
                        break;
                    }
                }
            }
            RecordShape::Hop => {
                let mut screen = false;
                for &c in cells {
                    if screen && c == target {
                        return true;
                    }
                    if let Some(p) = board.piece_at(c) {
                        if screen || !restriction.screens.contains(p.kind()) {
                            break;
                        }
                        screen = true;
                    }
                }
            }
            RecordShape::Grasshop => {
                if let Some(i) = cells.iter().position(|&c| board.is_occupied(c)) {
                    if cells.get(i + 1) == Some(&target)
                        && restriction
                            .screens
                            .contains(board.occupant(cells[i]).kind())
                    {
                        return true;
                    }
                }
            }
            RecordShape::Castle => {}
        }
    }
    false
}

/// The cells whose contents decide whether `piece` on `from` captures on `target`, as
/// [`piece_attacks`] judges it: the cells before the target on its rays and on its slide,
/// hop and grasshopper records, the path cells of its conditional leaps, and the cells
/// around it when its kind gains moves next to friendly pieces. A move that changes none of
/// them (nor `from`, nor `target`) leaves such an attack as it is.
pub(crate) fn attack_dependencies<B: Bits>(
    rules: &Rules,
    board: &Board,
    piece: Piece,
    from: Cell,
    target: Cell,
) -> B {
    let (_, _, records, bundle) = piece_tables(rules, board, piece, from, false);
    let mut deps = B::ZERO;
    for ray in rules.bundle_rays(bundle) {
        let cells = B::load(&ray.cells);
        if ray.flags & flag::CAPTURE != 0 && cells.has(target) {
            let before = if ray.increasing {
                !B::from_on(target)
            } else {
                !B::up_to(target)
            };
            deps |= cells & before;
        }
    }
    let mut walked = CellSet::EMPTY;
    for rec in records {
        if rec.flags & flag::CAPTURE == 0 {
            continue;
        }
        let cells = rules.record_cells(rec);
        match rec.shape {
            RecordShape::Slide | RecordShape::Hop | RecordShape::Grasshop => {
                if let Some(i) = cells.iter().position(|&c| c == target) {
                    for &c in &cells[..i] {
                        walked.insert(c);
                    }
                }
            }
            RecordShape::Leap => {
                if cells[0] == target {
                    for path in rules.record_paths(rec) {
                        for c in rules.path_cells(path) {
                            walked.insert(c.cell);
                        }
                    }
                }
            }
            RecordShape::Castle => {}
        }
    }
    if !rules.kinds[piece.kind() as usize].adjacent_kinds.is_empty() {
        walked = walked.or(rules.adjacent_cells(from));
    }
    deps | B::load(&walked)
}

/// Add to `lines` the cells a capture on `target` by one of `records` depends on: the cells
/// before the target on its rays, and the path cells of its conditional leaps.
pub fn add_record_lines(
    rules: &Rules,
    board: &Board,
    records: &[MoveRecord],
    target: Cell,
    lines: &mut AttackLines,
) {
    for rec in records {
        if rec.flags & flag::CAPTURE == 0 {
            continue;
        }
        let cells = rules.record_cells(rec);
        match rec.shape {
            RecordShape::Slide => {
                if let Some(i) = cells.iter().position(|&c| c == target) {
                    lines.add_blockable(board, cells[..i].iter().copied());
                }
            }
            RecordShape::Hop | RecordShape::Grasshop => {
                if let Some(i) = cells.iter().position(|&c| c == target) {
                    lines.add_touchable(cells[..i].iter().copied());
                }
            }
            RecordShape::Leap => {
                if cells[0] == target {
                    for path in rules.record_paths(rec) {
                        let path = rules.path_cells(path);
                        if path.iter().all(|c| !c.occupied) {
                            lines.add_blockable(board, path.iter().map(|c| c.cell));
                        } else {
                            lines.add_touchable(path.iter().map(|c| c.cell));
                        }
                    }
                }
            }
            RecordShape::Castle => {}
        }
    }
}

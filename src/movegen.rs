//! The generic move interpreter: pseudo-legal moves from the compiled records, attack
//! queries, and legality (own royal pieces not attacked after the move; castling king not in
//! check and not passing or landing on an attacked cell).

use crate::bits::Bits;
use crate::cellset::{Cell, CellSet};
use crate::position::{Move, MoveKind, Position, NO_CELL};
use crate::rules::{
    flag, kind_flag, Color, LeapBundle, MoveRecord, Piece, RecordShape, Rules, SlideRay,
};
use crate::with_width;

/// Whether the piece on `from` may make its initial (`i`) moves: it stands in its kind's
/// initial zone, or (without a zone) it has never moved.
#[inline(always)]
pub fn initial_allowed(rules: &Rules, pos: &Position, piece: Piece, from: Cell) -> bool {
    match &rules.kinds[piece.kind() as usize].initial_zone {
        Some(zone) => zone[piece.color().index()].contains(from),
        None => pos.unmoved().contains(from),
    }
}

/// Whether any alternative path of a leap record is open (or it has none).
#[inline(always)]
fn leap_open(rules: &Rules, pos: &Position, rec: &MoveRecord) -> bool {
    if rec.paths_len == 0 {
        return true;
    }
    rules.record_paths(rec).iter().any(|path| {
        rules
            .path_cells(path)
            .iter()
            .all(|c| (pos.code_at(c.cell) != 0) == c.occupied)
    })
}

/// The promotion rule that applies to a piece ending a move on `to`, if any: the first in
/// priority order whose trigger holds.
#[inline(always)]
pub fn promotion_rule<'r>(
    rules: &'r Rules,
    pos: &Position,
    piece: Piece,
    to: Cell,
) -> Option<&'r crate::rules::Promotion> {
    rules.kinds[piece.kind() as usize]
        .promotion
        .iter()
        .find(|promo| {
            promo.zone[piece.color().index()].contains(to)
                || (!promo.adjacent_to_enemy.is_empty()
                    && rules.is_adjacent_to(
                        pos,
                        piece.color().flip(),
                        to,
                        &promo.adjacent_to_enemy,
                    ))
        })
}

/// Push a move, expanding promotion choices.
#[inline(always)]
pub fn push(rules: &Rules, pos: &Position, piece: Piece, mv: Move, out: &mut Vec<Move>) {
    if let Some(promo) = promotion_rule(rules, pos, piece, mv.to) {
        for &k in &promo.to {
            out.push(Move {
                promotion: k + 1,
                ..mv
            });
        }
        if promo.forced {
            return;
        }
    }
    out.push(mv);
}

/// One destination a move record offers, before promotion is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Move to an empty cell, or capture on it (see the board).
    Plain(Cell),
    /// Move to an empty cell through `passed` cells, giving the opponent an en passant right.
    DoubleStep(Cell, Cell, Cell),
    /// Capture en passant: land on the first cell, remove the piece on the second.
    EnPassant(Cell, Cell),
}

impl Target {
    /// The move from `from` to this destination.
    #[inline(always)]
    pub fn into_move(self, from: Cell) -> Move {
        match self {
            Target::Plain(to) => Move::normal(from, to),
            Target::DoubleStep(to, a, b) => Move {
                kind: MoveKind::DoubleStep,
                aux: a,
                aux2: b,
                ..Move::normal(from, to)
            },
            Target::EnPassant(to, victim) => Move {
                kind: MoveKind::EnPassant,
                aux: victim,
                ..Move::normal(from, to)
            },
        }
    }
}

/// The flags a piece may use now: a piece bound by the first-move rule captures nothing
/// until it has moved.
#[inline(always)]
pub fn flag_mask(rules: &Rules, pos: &Position, piece: Piece, from: Cell) -> u8 {
    if !rules.kinds[piece.kind() as usize].first_move_captures && pos.unmoved().contains(from) {
        !(flag::CAPTURE | flag::DESTROY | flag::EN_PASSANT)
    } else {
        0xFF
    }
}

/// Call `visit` for every destination of one record for a piece of `side` on `from`,
/// using the record's flags restricted by `mask`.
#[inline(always)]
pub fn for_each_target(
    rules: &Rules,
    pos: &Position,
    side: Color,
    rec: &MoveRecord,
    mask: u8,
    mut visit: impl FnMut(Target),
) {
    let cells = rules.record_cells(rec);
    let flags = rec.flags & mask;
    // What a move may do on a target holding `code`.
    let allowed = |code: u8| -> bool {
        if code == 0 {
            flags & flag::MOVE != 0
        } else if Piece(code).color() != side {
            flags & flag::CAPTURE != 0
        } else {
            flags & flag::DESTROY != 0
        }
    };
    match rec.shape {
        RecordShape::Leap => {
            let to = cells[0];
            if !leap_open(rules, pos, rec) {
                return;
            }
            let code = pos.code_at(to);
            if allowed(code) {
                if flags & flag::CREATES_EP != 0 {
                    let path = rules.path_cells(&rules.record_paths(rec)[0]);
                    visit(Target::DoubleStep(
                        to,
                        path[0].cell,
                        path.get(1).map(|c| c.cell).unwrap_or(NO_CELL),
                    ));
                } else {
                    visit(Target::Plain(to));
                }
            }
            if flags & flag::EN_PASSANT != 0 && code == 0 && pos.ep_cells().contains(to) {
                if let Some(victim) = pos.ep_victim() {
                    if pos.piece_at(victim).map(|p| p.color()) == Some(side.flip()) {
                        visit(Target::EnPassant(to, victim));
                    }
                }
            }
        }
        RecordShape::Slide => {
            for &to in cells {
                let code = pos.code_at(to);
                if allowed(code) {
                    visit(Target::Plain(to));
                }
                if code != 0 {
                    break;
                }
            }
        }
        RecordShape::Hop => {
            let mut screen = false;
            for &to in cells {
                let code = pos.code_at(to);
                if !screen {
                    screen = code != 0;
                    continue;
                }
                if allowed(code) {
                    visit(Target::Plain(to));
                }
                if code != 0 {
                    break;
                }
            }
        }
        RecordShape::Grasshop => {
            if let Some(i) = cells.iter().position(|&c| pos.code_at(c) != 0) {
                if let Some(&to) = cells.get(i + 1) {
                    if allowed(pos.code_at(to)) {
                        visit(Target::Plain(to));
                    }
                }
            }
        }
        RecordShape::Castle => {}
    }
}

/// What generation needs of a piece on `from` in this position: whether its initial moves
/// are allowed, the flag mask of [`flag_mask`], and its generation tables (see
/// [`Rules::generation_tables`]; with its extra moves when it stands next to a friendly piece
/// of its `adjacent_kinds`, and without en passant records unless `en_passant`).
#[inline(always)]
pub fn piece_tables<'r>(
    rules: &'r Rules,
    pos: &Position,
    piece: Piece,
    from: Cell,
    en_passant: bool,
) -> (bool, u8, &'r [MoveRecord], &'r LeapBundle) {
    let special = rules.kind_flags[piece.kind() as usize];
    // Plain kinds (no hook, adjacency, first-move rule or initial zone) skip the lookups.
    if special & !(kind_flag::PROMOTES | kind_flag::CASTLING) == 0 {
        let (records, bundle) = rules.generation_tables(piece, from, false, en_passant);
        (pos.unmoved().contains(from), 0xFF, records, bundle)
    } else {
        let kind = &rules.kinds[piece.kind() as usize];
        let boosted = !kind.adjacent_kinds.is_empty()
            && rules.is_adjacent_to(pos, piece.color(), from, &kind.adjacent_kinds);
        let (records, bundle) = rules.generation_tables(piece, from, boosted, en_passant);
        (
            initial_allowed(rules, pos, piece, from),
            flag_mask(rules, pos, piece, from),
            records,
            bundle,
        )
    }
}

/// Append the pseudo-legal moves of one piece from its own records (hooks excluded).
#[inline(always)]
pub fn generate_piece_records<B: Bits>(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    from: Cell,
    out: &mut Vec<Move>,
) {
    let en_passant = !pos.ep_cells().is_empty();
    let (initial_ok, mask, records, bundle) = piece_tables(rules, pos, piece, from, en_passant);
    // Only moves ending where a promotion rule may trigger ask for the rules.
    let promotion_cells = B::load(rules.promotion_cells(piece));
    let targets = bundle_targets::<B>(rules, pos, piece.color(), bundle, mask);
    if (targets & promotion_cells).is_zero() {
        for to in targets.cells() {
            out.push(Move::normal(from, to));
        }
    } else {
        for to in targets.cells() {
            push(rules, pos, piece, Move::normal(from, to), out);
        }
    }
    for rec in records {
        if rec.flags & flag::INITIAL != 0 && !initial_ok {
            continue;
        }
        for_each_target(rules, pos, piece.color(), rec, mask, |target| {
            let mv = target.into_move(from);
            if promotion_cells.has(mv.to) {
                push(rules, pos, piece, mv, out);
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
    pos: &Position,
    side: Color,
    bundle: &LeapBundle,
    mask: u8,
) -> B {
    let own = B::load(pos.occupied(side));
    let enemy = B::load(pos.occupied(side.flip()));
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
fn ray_reach<B: Bits>(ray: &SlideRay, occupied: B) -> B {
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

/// Append the pseudo-legal moves (castling excluded) of the side to move.
pub fn generate_pseudo(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    with_width!(rules.width, B => generate_pseudo_in::<B>(rules, pos, out))
}

/// [`generate_pseudo`] with cell sets of width `B`.
#[inline(always)]
fn generate_pseudo_in<B: Bits>(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let side = pos.side_to_move();
    for from in B::load(pos.occupied(side)).cells() {
        let piece = Piece(pos.code_at(from));
        generate_piece_records::<B>(rules, pos, piece, from, out);
        if rules.kind_flags[piece.kind() as usize] & kind_flag::HOOK != 0 {
            if let Some(hook) = &rules.kinds[piece.kind() as usize].hook {
                crate::hooks::generate(rules, pos, hook, piece, from, out);
            }
        }
    }
}

/// Whether a piece of `by` attacks (could capture on) `target`, ignoring pins.
pub fn is_attacked(rules: &Rules, pos: &Position, target: Cell, by: Color) -> bool {
    with_width!(rules.width, B => is_attacked_in::<B>(rules, pos, target, by))
}

/// [`is_attacked`] with cell sets of width `B`.
#[inline(always)]
fn is_attacked_in<B: Bits>(rules: &Rules, pos: &Position, target: Cell, by: Color) -> bool {
    // Only pieces standing where some kind of theirs could attack from are looked at.
    let candidates = B::load(rules.attackers_any(by, target)) & B::load(pos.occupied(by));
    for from in candidates.cells() {
        let piece = Piece(pos.code_at(from));
        if rules.attackers_free(piece, target).contains(from)
            || (rules.attackers_conditional(piece, target).contains(from)
                && piece_attacks::<B>(rules, pos, piece, from, target))
        {
            return true;
        }
    }
    for &k in &rules.hook_kinds {
        let piece = Piece::new(k, by);
        if let Some(hook) = &rules.kinds[k as usize].hook {
            for from in pos.cells_of(piece).iter() {
                if crate::hooks::attacks(rules, pos, hook, piece, from, target) {
                    return true;
                }
            }
        }
    }
    false
}

/// Whether the piece on `from` could capture on `target` (whatever stands there), from its
/// generation tables: plain leaps and slides by set operations, the other records walked.
#[inline(always)]
fn piece_attacks<B: Bits>(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    from: Cell,
    target: Cell,
) -> bool {
    let (initial_ok, mask, records, bundle) = piece_tables(rules, pos, piece, from, false);
    if mask & flag::CAPTURE == 0 {
        return false;
    }
    tables_attack::<B>(rules, pos, records, bundle, target, initial_ok)
}

/// Whether a piece with these generation tables (see [`Rules::generation_tables`]) captures
/// on `target`, whatever stands there; initial-only records count when `initial_ok`.
#[inline(always)]
pub fn tables_attack<B: Bits>(
    rules: &Rules,
    pos: &Position,
    records: &[MoveRecord],
    bundle: &LeapBundle,
    target: Cell,
    initial_ok: bool,
) -> bool {
    if (B::load(&bundle.move_or_capture) | B::load(&bundle.capture_only)).has(target) {
        return true;
    }
    let occupied = B::load(pos.occupied(Color::White)) | B::load(pos.occupied(Color::Black));
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
    records_attack_in(rules, pos, records, target, initial_ok)
}

/// Whether the move records of `piece`'s kind and colour, taken from `from`, capture on
/// `target` (whatever stands there); initial-only records count when `initial_ok`.
pub fn records_attack(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    from: Cell,
    target: Cell,
    initial_ok: bool,
) -> bool {
    records_attack_in(
        rules,
        pos,
        rules.records_in(pos, piece, from),
        target,
        initial_ok,
    )
}

/// [`records_attack`] for a given list of records.
fn records_attack_in(
    rules: &Rules,
    pos: &Position,
    records: &[MoveRecord],
    target: Cell,
    initial_ok: bool,
) -> bool {
    let unmoved = initial_ok;
    for rec in records {
        if rec.flags & flag::CAPTURE == 0 || (rec.flags & flag::INITIAL != 0 && !unmoved) {
            continue;
        }
        let cells = rules.record_cells(rec);
        match rec.shape {
            RecordShape::Leap => {
                if cells[0] == target && leap_open(rules, pos, rec) {
                    return true;
                }
            }
            RecordShape::Slide => {
                for &c in cells {
                    if c == target {
                        return true;
                    }
                    if pos.code_at(c) != 0 {
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
                    if pos.code_at(c) != 0 {
                        if screen {
                            break;
                        }
                        screen = true;
                    }
                }
            }
            RecordShape::Grasshop => {
                if let Some(i) = cells.iter().position(|&c| pos.code_at(c) != 0) {
                    if cells.get(i + 1) == Some(&target) {
                        return true;
                    }
                }
            }
            RecordShape::Castle => {}
        }
    }
    false
}

/// Whether some royal piece of `side` is attacked.
pub fn royal_attacked(rules: &Rules, pos: &Position, side: Color) -> bool {
    with_width!(rules.width, B => royal_attacked_in::<B>(rules, pos, side))
}

/// [`royal_attacked`] with cell sets of width `B`.
#[inline(always)]
fn royal_attacked_in<B: Bits>(rules: &Rules, pos: &Position, side: Color) -> bool {
    let enemy = side.flip();
    for &k in &rules.royal_kinds {
        for cell in B::load(pos.cells_of(Piece::new(k, side))).cells() {
            if is_attacked_in::<B>(rules, pos, cell, enemy) {
                return true;
            }
        }
    }
    false
}

/// Whether the side to move is in check.
pub fn in_check(rules: &Rules, pos: &Position) -> bool {
    royal_attacked(rules, pos, pos.side_to_move())
}

/// Append the castling moves of the side to move that are legal.
fn generate_castling<B: Bits>(rules: &Rules, pos: &mut Position, out: &mut Vec<Move>) {
    let side = pos.side_to_move();
    let mut checked: Option<bool> = None;
    for &k in &rules.castling_kinds {
        let piece = Piece::new(k, side);
        let kind = &rules.kinds[k as usize];
        for from in pos.cells_of(piece).iter() {
            if !pos.unmoved().contains(from) {
                continue;
            }
            for rec in rules.records_of(piece, from) {
                if rec.shape != RecordShape::Castle {
                    continue;
                }
                let ray = rules.record_cells(rec);
                let d = rec.distance as usize;
                let Some(j) = ray.iter().position(|&c| pos.code_at(c) != 0) else {
                    continue;
                };
                if j < d {
                    continue;
                }
                let partner_cell = ray[j];
                let partner = Piece(pos.code_at(partner_cell));
                if partner.color() != side
                    || !kind.castles_with.contains(&partner.kind())
                    || !pos.unmoved().contains(partner_cell)
                {
                    continue;
                }
                let in_check =
                    *checked.get_or_insert_with(|| royal_attacked_in::<B>(rules, pos, side));
                if in_check {
                    return;
                }
                if ray[..d]
                    .iter()
                    .any(|&c| is_attacked_in::<B>(rules, pos, c, side.flip()))
                {
                    continue;
                }
                let to = ray[d - 1];
                let partner_to = if d >= 2 { ray[d - 2] } else { from };
                let mv = Move {
                    kind: MoveKind::Castle,
                    aux: partner_cell,
                    aux2: partner_to,
                    ..Move::normal(from, to)
                };
                pos.make(rules, mv);
                let legal = !royal_attacked_in::<B>(rules, pos, side);
                pos.unmake(rules);
                if legal {
                    out.push(mv);
                }
            }
        }
    }
}

/// The cells a move must leave alone to keep the royal pieces as safe as they are, split by
/// how a move could change an attack through them.
#[derive(Debug, Clone, Copy, Default)]
pub struct AttackLines {
    /// The only piece between an attacker and a royal piece on a line that more pieces can
    /// only block further (a slide, a lame leap's path): moving it away may open the line,
    /// moving onto the line never does.
    pub pinned: CellSet,
    /// Cells of lines that filling may open as well (cannon and grasshopper screens, leaps
    /// that need a piece to jump, hooks): a move from or to one of them is tested.
    pub touched: CellSet,
}

impl AttackLines {
    /// A line that only an emptied cell can open: pin its blocker if it has exactly one.
    /// (With none the attack is already there; with two or more no single move, en passant
    /// and castling aside, opens it.)
    #[inline]
    pub fn add_blockable(&mut self, pos: &Position, cells: impl IntoIterator<Item = Cell>) {
        let mut blocker = None;
        for c in cells {
            if pos.code_at(c) != 0 {
                if blocker.is_some() {
                    return;
                }
                blocker = Some(c);
            }
        }
        if let Some(c) = blocker {
            self.pinned.insert(c);
        }
    }

    /// A line that emptying or filling a cell may open: every cell of it is touched.
    #[inline]
    pub fn add_touchable(&mut self, cells: impl IntoIterator<Item = Cell>) {
        for c in cells {
            self.touched.insert(c);
        }
    }
}

/// Moves that cannot expose the mover's royal pieces, known without making them.
///
/// When the side is not in check, an enemy attack on a royal piece can only start through
/// the enemy's board-dependent moves (slides, hops, lame and multi-leg leaps, hooks), and only
/// by a change on the cells between such an attacker and the royal piece (see
/// [`AttackLines`]). A non-royal move that does not move a pinned piece, neither leaves nor
/// enters a touched cell, and is not en passant, castling or a charge, keeps every royal piece
/// as safe as it is. Attackers bound by the first-move rule attack nothing and are skipped.
struct SafeMoves<B> {
    from_danger: B,
    to_danger: B,
}

impl<B: Bits> SafeMoves<B> {
    #[inline(always)]
    fn new(rules: &Rules, pos: &Position, side: Color) -> Option<SafeMoves<B>> {
        let enemy = side.flip();
        let mut royals = B::ZERO;
        for &k in &rules.royal_kinds {
            royals |= B::load(pos.cells_of(Piece::new(k, side)));
        }
        let mut lines = AttackLines::default();
        for royal in royals.cells() {
            if is_attacked_in::<B>(rules, pos, royal, enemy) {
                return None;
            }
            let candidates =
                B::load(rules.attackers_any(enemy, royal)) & B::load(pos.occupied(enemy));
            for from in candidates.cells() {
                let piece = Piece(pos.code_at(from));
                if rules.attackers_conditional(piece, royal).contains(from)
                    && flag_mask(rules, pos, piece, from) & flag::CAPTURE != 0
                {
                    add_record_lines(
                        rules,
                        pos,
                        rules.records_in(pos, piece, from),
                        royal,
                        &mut lines,
                    );
                }
            }
            for &k in &rules.hook_kinds {
                let piece = Piece::new(k, enemy);
                if let Some(hook) = &rules.kinds[k as usize].hook {
                    for from in pos.cells_of(piece).iter() {
                        crate::hooks::add_attack_lines(
                            rules, pos, hook, piece, from, royal, &mut lines,
                        );
                    }
                }
            }
        }
        let touched = B::load(&lines.touched);
        Some(SafeMoves {
            from_danger: royals | touched | B::load(&lines.pinned),
            to_danger: touched,
        })
    }

    #[inline(always)]
    fn is_safe(&self, mv: &Move) -> bool {
        matches!(mv.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && !self.from_danger.has(mv.from)
            && !self.to_danger.has(mv.to)
    }
}

/// Add to `lines` the cells a capture on `target` by one of `records` depends on: the cells
/// before the target on its rays, and the path cells of its conditional leaps.
pub fn add_record_lines(
    rules: &Rules,
    pos: &Position,
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
                    lines.add_blockable(pos, cells[..i].iter().copied());
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
                            lines.add_blockable(pos, path.iter().map(|c| c.cell));
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

/// Append the legal moves of the side to move.
pub fn generate_legal(rules: &Rules, pos: &mut Position, out: &mut Vec<Move>) {
    with_width!(rules.width, B => generate_legal_in::<B>(rules, pos, out))
}

/// [`generate_legal`] with cell sets of width `B` (see [`crate::bits`]); callers that
/// generate at every node pick the width once, as perft does.
#[inline(always)]
pub fn generate_legal_in<B: Bits>(rules: &Rules, pos: &mut Position, out: &mut Vec<Move>) {
    let start = out.len();
    generate_pseudo_in::<B>(rules, pos, out);
    let side = pos.side_to_move();
    let filter = SafeMoves::<B>::new(rules, pos, side);
    let mut i = start;
    while i < out.len() {
        let mv = out[i];
        let legal = if filter.as_ref().is_some_and(|f| f.is_safe(&mv)) {
            true
        } else {
            pos.make(rules, mv);
            let legal = !royal_attacked_in::<B>(rules, pos, side);
            pos.unmake(rules);
            legal
        };
        if legal {
            i += 1;
        } else {
            out.swap_remove(i);
        }
    }
    generate_castling::<B>(rules, pos, out);
}

/// The legal moves of the side to move, as a new vector.
pub fn legal_moves(rules: &Rules, pos: &mut Position) -> Vec<Move> {
    let mut out = Vec::with_capacity(128);
    generate_legal(rules, pos, &mut out);
    out
}

//! `fairyrules explain FILE PIECE`: what a variant author looks at to check a Betza string.
//!
//! The piece stands alone on a central cell of an empty board (`f6` on hex) and every cell it
//! can reach is marked, found by walking its compiled move records the way the interpreter
//! does (captures by putting an enemy piece on each candidate cell):
//!
//! | mark | meaning |
//! |---|---|
//! | `*` | move or capture |
//! | `m` | move only (to an empty cell) |
//! | `c` | capture only |
//! | `i` | initial move (only while the piece has never moved, or from its initial zone) |
//! | `h` | a hook move (`elephant-charge`: the landing cell, with enemy pieces placed) |
//! | `+` | an extra target while a friendly `when_adjacent_to` piece stands next to it |
//!
//! Hooked pieces get a diagram of their hook (or, for `borrow-moves`, words: its moves depend
//! on the other pieces), and pieces with `when_adjacent_to` moves a diagram with a friendly
//! adjacency piece behind them. With `-o` the same diagrams are written as SVG.

use crate::geometry::Shape;
use crate::position::Position;
use crate::rules::{flag, Hook, MoveRecord, Promotion, RecordShape, Rules};
use crate::svg::{document, Panel};
use crate::targets::{for_each_target, Target};
use crate::types::{Cell, CellSet, Color, KindId, Piece};

/// What a piece can do on one cell.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Reach {
    moves: bool,
    captures: bool,
    initial: bool,
    hook: bool,
}

impl Reach {
    fn any(self) -> bool {
        self.moves || self.captures || self.initial || self.hook
    }

    /// Whether `self` can do something `other` cannot.
    fn adds_to(self, other: Reach) -> bool {
        (self.moves && !other.moves)
            || (self.captures && !other.captures)
            || (self.initial && !other.initial)
            || (self.hook && !other.hook)
    }

    /// What `self` can do that `other` cannot, in words.
    fn gained_over(self, other: Reach) -> String {
        let mut w = Vec::new();
        if self.moves && !other.moves {
            w.push("move");
        }
        if self.captures && !other.captures {
            w.push("capture");
        }
        if self.initial && !other.initial {
            w.push("initial");
        }
        if self.hook && !other.hook {
            w.push("hook");
        }
        w.join("+")
    }

    fn mark(self) -> Option<char> {
        Some(match (self.moves, self.captures) {
            (true, true) => '*',
            (true, false) => 'm',
            (false, true) => 'c',
            _ if self.initial => 'i',
            _ if self.hook => 'h',
            _ => return None,
        })
    }
}

/// The order and meaning of the marks.
const MARKS: &[(char, &str)] = &[
    ('*', "move or capture"),
    ('m', "move only"),
    ('c', "capture only"),
    ('i', "initial move only"),
    ('h', "hook move"),
    ('+', "extra while next to the friendly piece"),
];

/// One diagram: a board with pieces and marks, and its words.
#[derive(Debug, Clone)]
pub struct Diagram {
    /// Title line.
    pub title: String,
    /// Pieces on the board.
    pub pieces: Vec<(Cell, Piece)>,
    /// Marked cells.
    pub marks: Vec<(Cell, char)>,
    /// Extra legend lines (what was placed and why).
    pub notes: Vec<String>,
    /// Cells whose pieces the text diagram shows as `x` (placed enemies).
    pub enemies: CellSet,
    /// For `+` cells: what the adjacency adds there (`move`, `capture`, ...).
    pub gains: Vec<(Cell, String)>,
}

impl Diagram {
    /// The cells carrying a mark, in board order.
    pub fn cells_marked(&self, mark: char) -> Vec<Cell> {
        self.marks
            .iter()
            .filter(|m| m.1 == mark)
            .map(|m| m.0)
            .collect()
    }
}

/// Everything `explain` says about a piece.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// The facts in words.
    pub facts: Vec<String>,
    /// The diagrams, in order.
    pub diagrams: Vec<Diagram>,
}

/// Find a piece kind by id, letter (either case) or display name.
pub fn find_kind(rules: &Rules, name: &str) -> Result<KindId, String> {
    if let Some(k) = rules.kind_by_id(name) {
        return Ok(k);
    }
    let mut chars = name.chars();
    if let (Some(ch), None) = (chars.next(), chars.next()) {
        if let Some(k) = rules.kind_by_letter(ch) {
            return Ok(k);
        }
    }
    if let Some(k) = rules
        .kinds
        .iter()
        .position(|k| k.name.eq_ignore_ascii_case(name) || k.id.eq_ignore_ascii_case(name))
    {
        return Ok(k as KindId);
    }
    let list: Vec<String> = rules
        .kinds
        .iter()
        .map(|k| format!("{} ({})", k.id, k.letter))
        .collect();
    Err(format!(
        "error: {} has no piece `{name}`\n  the pieces are: {}\n  give a piece id or letter",
        rules.name,
        list.join(", ")
    ))
}

/// The cell a lone piece is explained on: the centre (`f6` on hex; on even boards the cell
/// just below and left of the middle, so a White piece has more room ahead).
pub fn centre_cell(rules: &Rules) -> Cell {
    let g = &rules.geometry;
    match g.shape {
        Shape::Square { files, ranks } => g
            .at((files as i32 - 1) / 2, (ranks as i32 - 1) / 2)
            .expect("the centre is on the board"),
        Shape::Hex { .. } => g.at(0, 0).expect("the centre is on the board"),
    }
}

/// A kind to stand in as an enemy or a neutral friend: not royal and not one of `avoid` if
/// possible, preferring `prefer`.
fn stand_in(rules: &Rules, prefer: KindId, avoid: &[KindId]) -> Option<KindId> {
    let ok = |k: KindId| !rules.kinds[k as usize].royal_for_some_side() && !avoid.contains(&k);
    if ok(prefer) {
        return Some(prefer);
    }
    (0..rules.kinds.len() as KindId).find(|&k| ok(k))
}

/// Per cell, what the records of `piece` on `from` reach in `pos`: moves to empty cells as
/// the board stands; captures by putting an enemy on each candidate empty cell in turn.
fn records_reach(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    from: Cell,
    records: &[MoveRecord],
    enemy: Piece,
    reach: &mut [Reach],
) {
    let side = piece.color();
    for rec in records {
        if rec.shape == RecordShape::Castle {
            continue;
        }
        let initial = rec.flags & flag::INITIAL != 0;
        if rec.flags & flag::MOVE != 0 {
            for_each_target(rules, pos, side, rec, 0xFF, |t| {
                if let Target::Plain(to) | Target::DoubleStep(to, _, _) = t {
                    if !pos.is_occupied(to) {
                        let r = &mut reach[to.index()];
                        if initial {
                            r.initial = true;
                        } else {
                            r.moves = true;
                        }
                    }
                }
            });
        }
        if rec.flags & flag::CAPTURE != 0 {
            for &x in rules.record_cells(rec) {
                if x == from || pos.is_occupied(x) {
                    continue;
                }
                let mut p = pos.clone();
                p.put(rules, x, enemy);
                let mut hit = false;
                for_each_target(rules, &p, side, rec, 0xFF, |t| {
                    hit |= t == Target::Plain(x);
                });
                if hit {
                    let r = &mut reach[x.index()];
                    if initial {
                        r.initial = true;
                    } else {
                        r.captures = true;
                    }
                }
            }
        }
    }
}

/// Landing cells of the hook's moves for the piece on `from` in `pos`.
fn hook_reach(
    rules: &Rules,
    pos: &Position,
    hook: &dyn Hook,
    piece: Piece,
    from: Cell,
    reach: &mut [Reach],
) {
    let mut out = Vec::new();
    hook.generate(rules, pos, piece, from, &mut out);
    for mv in out {
        reach[mv.to.index()].hook = true;
    }
}

/// Enemy pieces on the empty cells of `cells` (a hook's demonstration); returns where they
/// were put.
fn place_enemies(rules: &Rules, pos: &mut Position, cells: &CellSet, enemy: Piece) -> CellSet {
    let mut placed = CellSet::EMPTY;
    for c in cells.iter() {
        if !pos.is_occupied(c) {
            pos.put(rules, c, enemy);
            placed.insert(c);
        }
    }
    placed
}

fn cell_list(rules: &Rules, cells: &CellSet) -> String {
    let v: Vec<&str> = cells.iter().map(|c| rules.geometry.name(c)).collect();
    v.join(" ")
}

/// A set of cells in words: whole ranks by their numbers, else the cells.
fn cells_in_words(rules: &Rules, cells: &CellSet) -> String {
    let g = &rules.geometry;
    if !g.is_hex() {
        let ranks: Vec<u8> = (0..g.rank_count())
            .filter(|&k| !g.rank_cells(k).and(cells).is_empty())
            .collect();
        let whole = ranks
            .iter()
            .all(|&k| g.rank_cells(k).and(cells) == g.rank_cells(k))
            && ranks.iter().map(|&k| g.rank_cells(k).count()).sum::<u32>() == cells.count();
        if whole && !ranks.is_empty() {
            let numbers: Vec<String> = ranks.iter().map(|k| (k + 1).to_string()).collect();
            return format!("ranks {}", numbers.join(", "));
        }
    }
    cell_list(rules, cells)
}

/// One text, or "White: ...; Black: ..." when the sides differ.
fn per_side(words: &[String; 2]) -> String {
    if words[0] == words[1] {
        words[0].clone()
    } else {
        format!("White: {}; Black: {}", words[0], words[1])
    }
}

/// A side's promotion rules in words (Black's zones described from Black's side).
fn promotion_sentence(rules: &Rules, promotions: &[Promotion], color: Color) -> String {
    let g = &rules.geometry;
    let rule_words: Vec<String> = promotions
        .iter()
        .map(|p| {
            let trigger = if !p.adjacent_to_enemy.is_empty() {
                format!(
                    "when its move ends next to an enemy {}",
                    rules.kind_names(&p.adjacent_to_enemy, "or")
                )
            } else {
                let own_view: CellSet = match color {
                    Color::White => p.zone,
                    Color::Black => p.zone.iter().map(|c| g.mirror(c)).collect(),
                };
                let words = zone_words(rules, &own_view);
                if p.from_zone {
                    format!("{words} (or on leaving them)")
                } else {
                    words
                }
            };
            let must = if p.forced { "it must" } else { "it may" };
            format!(
                "{trigger} {must} promote to {}{}",
                rules.kind_names(&p.to, "or"),
                if p.only_lost {
                    " (only to a kind its side has fewer of than at the start)"
                } else {
                    ""
                }
            )
        })
        .collect();
    match rule_words.len() {
        0 => "none".to_string(),
        1 => rule_words[0].clone(),
        _ => {
            let numbered: Vec<String> = rule_words
                .iter()
                .enumerate()
                .map(|(i, w)| format!("{}. {w}", i + 1))
                .collect();
            format!(
                "the first rule that applies decides: {}",
                numbered.join("; ")
            )
        }
    }
}

/// A promotion zone (White's cells) in words.
fn zone_words(rules: &Rules, zone: &CellSet) -> String {
    let g = &rules.geometry;
    if *zone == g.far_edge_white() {
        return if g.is_hex() {
            format!("on reaching the far edge ({})", cell_list(rules, zone))
        } else {
            "on reaching the last rank".to_string()
        };
    }
    let ranks: Vec<u8> = (0..g.rank_count())
        .filter(|&k| {
            let r = g.rank_cells(k);
            !r.is_empty() && r.and(zone) == r
        })
        .collect();
    let union: CellSet = ranks
        .iter()
        .fold(CellSet::EMPTY, |acc, &k| acc.or(&g.rank_cells(k)));
    if !ranks.is_empty() && union == *zone {
        let list: Vec<String> = ranks.iter().map(|k| (k + 1).to_string()).collect();
        return format!(
            "on reaching rank{} {}",
            if list.len() == 1 { "" } else { "s" },
            list.join(", ")
        );
    }
    let (lo, hi) = g
        .cells()
        .map(|c| g.height(c))
        .fold((i32::MAX, i32::MIN), |a, h| (a.0.min(h), a.1.max(h)));
    for n in lo..=hi {
        let above: CellSet = g.cells().filter(|&c| g.height(c) >= n).collect();
        if above == *zone {
            return format!(
                "on reaching a cell at least {n} half-cells above the middle of the board (min_height = {n}: {})",
                cell_list(rules, zone)
            );
        }
    }
    format!(
        "on reaching {} (White; mirrored for Black)",
        cell_list(rules, zone)
    )
}

/// The kind's facts in words.
fn facts(rules: &Rules, kind_id: KindId) -> Vec<String> {
    let kind = &rules.kinds[kind_id as usize];
    let mut out = Vec::new();
    out.push(format!(
        "{} — id `{}`, letter {} (White) / {} (Black)",
        kind.name,
        kind.id,
        kind.symbol(Color::White),
        kind.symbol(Color::Black)
    ));
    let betza_words = |strings: &[String]| {
        if strings.iter().all(|b| b.is_empty()) {
            "(none: no moves of its own)".to_string()
        } else {
            let quoted: Vec<String> = strings.iter().map(|b| format!("`{b}`")).collect();
            quoted.join(" + ")
        }
    };
    out.push(format!(
        "betza: {}",
        per_side(&kind.betza.clone().map(|b| betza_words(&b)))
    ));
    let royal_words = kind.royal.map(|r| {
        if r {
            "yes (may not be left attacked; checkmating it wins)".to_string()
        } else {
            "no".to_string()
        }
    });
    out.push(format!("royal: {}", per_side(&royal_words)));
    out.push(format!(
        "value: {}",
        kind.value
            .map(|v| format!("{v}"))
            .unwrap_or_else(|| "not given".to_string())
    ));
    let promotion_words =
        Color::BOTH.map(|color| promotion_sentence(rules, kind.promotions(color), color));
    out.push(format!("promotion: {}", per_side(&promotion_words)));
    if !kind.adjacent_kinds.is_empty() {
        let extra: Vec<String> = kind
            .adjacent_betza
            .iter()
            .map(|b| format!("`{b}`"))
            .collect();
        out.push(format!(
            "next to a friendly {}: extra moves {}",
            rules.kind_names(&kind.adjacent_kinds, "or"),
            if extra.iter().all(|b| b == "``") {
                "(none in Betza; see the hook)".to_string()
            } else {
                extra.join(" + ")
            }
        ));
    }
    let region_words = |name: &str| -> String {
        let cells = rules
            .regions()
            .iter()
            .find(|r| r.name == name)
            .map(|r| cells_in_words(rules, &r.cells[0]))
            .unwrap_or_default();
        format!("{name} ({cells} for White)")
    };
    if let Some(region) = &kind.confined_to {
        out.push(format!(
            "confined to: its moves never leave the region {}",
            region_words(region)
        ));
    }
    for group in &kind.extra_moves {
        let betza: Vec<String> = group.betza.iter().map(|b| format!("`{b}`")).collect();
        let mut words = format!("extra moves: {}", betza.join(" + "));
        if let Some(region) = &group.when_in {
            words.push_str(&format!(", while it stands in {}", region_words(region)));
        }
        if let Some(region) = &group.confined_to {
            words.push_str(&format!(", never leaving {region}"));
        }
        if !group.captures.is_empty() {
            words.push_str(&format!(
                ", capturing only a {}",
                rules.kind_names(&group.captures, "or")
            ));
        }
        out.push(words);
    }
    if !kind.cannot_capture.is_empty() {
        out.push(format!(
            "never captures: {}",
            rules.kind_names(&kind.cannot_capture, "or")
        ));
    }
    if !kind.cannot_hop_over.is_empty() {
        out.push(format!(
            "cannot hop over: {}",
            rules.kind_names(&kind.cannot_hop_over, "or")
        ));
    }
    if let Some(max) = kind.max_count {
        out.push(format!(
            "at most {max} per side by promotion (no promotion to it while its side has {max})"
        ));
    }
    if let Some(drops) = rules.drops() {
        let k = kind_id;
        let mut facts = Vec::new();
        if kind.in_hand_as != k {
            facts.push(format!(
                "captured, it goes to the captor's hand as a {}",
                rules.kinds[kind.in_hand_as as usize].name
            ));
        } else if !kind.royal_for_some_side() {
            facts.push("captured, it goes to the captor's hand".to_string());
        }
        if drops.one_per_file.contains(k) {
            facts.push("not dropped on a file that has one of its side".to_string());
        }
        if drops.no_mate.contains(k) {
            facts.push("its drop may not checkmate".to_string());
        }
        let faces: Vec<String> = drops.also_as[k as usize]
            .iter()
            .map(|&f| rules.kinds[f as usize].name.clone())
            .collect();
        if !faces.is_empty() {
            facts.push(format!(
                "it may also be dropped as a {}",
                faces.join(" or ")
            ));
        }
        if !facts.is_empty() {
            out.push(format!("in hand: {}", facts.join("; ")));
        }
    }
    if let Some(files) = kind.castles_to {
        out.push(format!(
            "castling ends on the {}- or {}-file, the partner next to it on the inside (Chess960)",
            (b'a' + files[0]) as char,
            (b'a' + files[1]) as char
        ));
    }
    if let Some(zone) = &kind.initial_zone {
        out.push(format!(
            "initial moves: only from its initial zone ({})",
            cell_list(rules, &zone[0])
        ));
    } else if rules
        .records_of(Piece::new(kind_id, Color::White), centre_cell(rules))
        .iter()
        .any(|r| r.flags & flag::INITIAL != 0 && r.shape != RecordShape::Castle)
    {
        out.push("initial moves: only while it has never moved".to_string());
    }
    if kind.castles {
        out.push(format!(
            "castles with: {} (not drawn)",
            per_side(
                &kind
                    .castles_with
                    .clone()
                    .map(|p| rules.kind_names(&p, "or"))
            )
        ));
    }
    if !kind.first_move_captures {
        out.push(
            "first move: a piece that starts the game on the board makes its first move without capturing"
                .to_string(),
        );
    }
    let piece = Piece::new(kind_id, Color::White);
    if rules
        .records_of(piece, centre_cell(rules))
        .iter()
        .any(|r| r.flags & flag::EN_PASSANT != 0)
    {
        out.push("en passant: its `e` captures take en passant (drawn as plain captures)".into());
    }
    if let Some(hook) = &kind.hook {
        out.extend(hook.describe(rules, kind_id));
    }
    out
}

/// Explain a piece kind: its rules in words and its diagrams (from the compiled records).
pub fn explain(rules: &Rules, kind_id: KindId) -> Explanation {
    let g = &rules.geometry;
    let kind = &rules.kinds[kind_id as usize];
    let piece = Piece::new(kind_id, Color::White);
    let from = home_cell(rules, kind_id);
    let enemy_kind = stand_in(rules, kind_id, &[]).unwrap_or(kind_id);
    let enemy = Piece::new(enemy_kind, Color::Black);
    let n = g.cell_count();
    let mut diagrams = Vec::new();

    // 1. Alone on an empty board.
    let mut pos = Position::empty(rules);
    pos.put(rules, from, piece);
    let mut reach = vec![Reach::default(); n];
    records_reach(
        rules,
        &pos,
        piece,
        from,
        rules.records_of(piece, from),
        enemy,
        &mut reach,
    );
    if let Some(hook) = &kind.hook {
        hook_reach(rules, &pos, hook.as_ref(), piece, from, &mut reach);
    }
    let mut notes = vec![format!(
        "White {} on {}, moving up the board; every other cell empty",
        kind.name,
        g.name(from)
    )];
    notes.extend(kind.hook.as_ref().and_then(|h| h.alone_note()));
    if rules
        .records_of(piece, from)
        .iter()
        .any(|r| matches!(r.shape, RecordShape::Hop | RecordShape::Grasshop))
    {
        notes.push(
            "its hopping moves (`p` cannon, `g` grasshopper) need a piece to jump over: none here"
                .into(),
        );
    }
    if reach.iter().all(|r| !r.any()) {
        notes.push("no targets on an empty board".into());
    }
    diagrams.push(Diagram {
        title: format!("{} alone on {}", kind.name, g.name(from)),
        pieces: vec![(from, piece)],
        marks: marks_of(&reach, None),
        notes,
        enemies: CellSet::EMPTY,
        gains: Vec::new(),
    });

    // 2. The hook's own moves, with the enemy pieces that show them.
    let demonstration = kind
        .hook
        .as_ref()
        .and_then(|hook| Some((hook, hook.demonstration(rules, from)?)));
    if let Some((hook, (cells, note))) = &demonstration {
        let mut pos = Position::empty(rules);
        pos.put(rules, from, piece);
        let placed = place_enemies(rules, &mut pos, cells, enemy);
        let mut reach = vec![Reach::default(); n];
        hook_reach(rules, &pos, hook.as_ref(), piece, from, &mut reach);
        let mut pieces = vec![(from, piece)];
        pieces.extend(placed.iter().map(|c| (c, enemy)));
        diagrams.push(Diagram {
            title: format!("{}: its hook moves (hook {})", kind.name, hook.name()),
            pieces,
            marks: marks_of(&reach, None),
            notes: vec![
                format!(
                    "enemy {}s (x in text); h: where a hook move lands",
                    rules.kinds[enemy_kind as usize].name
                ),
                note.clone(),
            ],
            enemies: placed,
            gains: Vec::new(),
        });
    }

    // 3. Next to a friendly adjacency piece.
    if !kind.adjacent_kinds.is_empty() {
        let friend_kind = kind
            .adjacent_kinds
            .iter()
            .copied()
            .find(|&k| rules.kinds[k as usize].is_royal(Color::White))
            .unwrap_or(kind.adjacent_kinds[0]);
        let friend = Piece::new(friend_kind, Color::White);
        let behind = g
            .offset(from, (0, -1))
            .or_else(|| g.offset(from, (0, 1)))
            .expect("the centre has a neighbour");
        let mut pos = Position::empty(rules);
        pos.put(rules, from, piece);
        pos.put(rules, behind, friend);
        let mut placed = CellSet::EMPTY;
        if let Some((_, (cells, _))) = &demonstration {
            placed = place_enemies(rules, &mut pos, cells, enemy);
        }
        let reach_with = |pos: &Position, boosted: bool| {
            let mut reach = vec![Reach::default(); n];
            let records = if boosted {
                rules.records_in(pos, piece, from)
            } else {
                rules.records_of(piece, from)
            };
            records_reach(rules, pos, piece, from, records, enemy, &mut reach);
            if let Some(hook) = &kind.hook {
                hook_reach(rules, pos, hook.as_ref(), piece, from, &mut reach);
            }
            reach
        };
        let with = reach_with(&pos, true);
        // The same board with a friend that gives nothing in the adjacency piece's place.
        let mut avoid = kind.adjacent_kinds.clone();
        avoid.push(kind_id);
        let without = match stand_in(rules, kind_id, &avoid) {
            Some(k) => {
                let mut plain = pos.clone();
                plain.take(rules, behind);
                plain.put(rules, behind, Piece::new(k, Color::White));
                reach_with(&plain, false)
            }
            None => {
                let mut reach = vec![Reach::default(); n];
                records_reach(
                    rules,
                    &pos,
                    piece,
                    from,
                    rules.records_of(piece, from),
                    enemy,
                    &mut reach,
                );
                reach
            }
        };
        let mut pieces = vec![(from, piece), (behind, friend)];
        pieces.extend(placed.iter().map(|c| (c, enemy)));
        let mut notes = vec![format!(
            "a friendly {} on {}: +: cells it gains (new targets, or new ways onto a target)",
            rules.kinds[friend_kind as usize].name,
            g.name(behind)
        )];
        if !placed.is_empty() {
            notes.push("enemy pieces (x in text) placed for the charge".into());
        }
        diagrams.push(Diagram {
            title: format!(
                "{} next to a friendly {}",
                kind.name, rules.kinds[friend_kind as usize].name
            ),
            pieces,
            marks: marks_of(&with, Some(&without)),
            notes,
            enemies: placed,
            gains: with
                .iter()
                .zip(&without)
                .enumerate()
                .filter(|(_, (w, b))| w.adds_to(**b))
                .map(|(c, (w, b))| (Cell::from_index(c), w.gained_over(*b)))
                .collect(),
        });
    }

    // 4. In the regions where extra moves apply.
    for (i, group) in kind.extra_moves.iter().enumerate() {
        let Some(region) = &group.when_in else {
            continue;
        };
        let Some(cells) = rules.regions().iter().find(|r| &r.name == region) else {
            continue;
        };
        // The cell of the region with the most targets, nearest the board's centre.
        let Some(at) = best_cell(rules, piece, cells.cells[0].iter()) else {
            continue;
        };
        let mut pos = Position::empty(rules);
        pos.put(rules, at, piece);
        let mut reach = vec![Reach::default(); n];
        records_reach(
            rules,
            &pos,
            piece,
            at,
            rules.records_of(piece, at),
            enemy,
            &mut reach,
        );
        diagrams.push(Diagram {
            title: format!("{} in {region} (extra moves {})", kind.name, i + 1),
            pieces: vec![(at, piece)],
            marks: marks_of(&reach, None),
            notes: vec![format!(
                "White {} on {}, in {region}: its moves there, extra ones included",
                kind.name,
                g.name(at)
            )],
            enemies: CellSet::EMPTY,
            gains: Vec::new(),
        });
    }

    Explanation {
        facts: facts(rules, kind_id),
        diagrams,
    }
}

/// The cell a lone piece of this kind is explained on: the board's centre, or for a piece
/// confined to a region, the cell of its region where it has the most moves (nearest the
/// centre on a tie).
pub fn home_cell(rules: &Rules, kind_id: KindId) -> Cell {
    let kind = &rules.kinds[kind_id as usize];
    let region = kind
        .confined_to
        .as_ref()
        .and_then(|name| rules.regions().iter().find(|r| &r.name == name));
    match region {
        Some(r) => best_cell(rules, Piece::new(kind_id, Color::White), r.cells[0].iter())
            .unwrap_or_else(|| centre_cell(rules)),
        None => centre_cell(rules),
    }
}

/// Of `cells`, the one where `piece` has the most move targets on an empty board, nearest
/// the board's centre on a tie.
fn best_cell(rules: &Rules, piece: Piece, cells: impl Iterator<Item = Cell>) -> Option<Cell> {
    let g = &rules.geometry;
    let centre = g.coords(centre_cell(rules));
    cells.max_by_key(|&c| {
        let targets: usize = rules
            .records_of(piece, c)
            .iter()
            .filter(|r| r.shape != RecordShape::Castle)
            .map(|r| match r.shape {
                RecordShape::Hop | RecordShape::Grasshop => 0,
                _ => rules.record_cells(r).len(),
            })
            .sum();
        let (x, y) = g.coords(c);
        let distance = (x - centre.0).abs() + (y - centre.1).abs();
        (targets, -distance)
    })
}

/// Marks per cell; with `base`, cells where `reach` adds to `base` are `+`.
fn marks_of(reach: &[Reach], base: Option<&[Reach]>) -> Vec<(Cell, char)> {
    reach
        .iter()
        .enumerate()
        .filter_map(|(c, r)| {
            let extra = base.is_some_and(|b| r.adds_to(b[c]));
            let mark = if extra { Some('+') } else { r.mark() };
            mark.map(|m| (Cell::from_index(c), m))
        })
        .collect()
}

/// A text drawing of a diagram: pieces by letter (placed enemies as `x`), marks, `.` empty.
pub fn text_board(rules: &Rules, diagram: &Diagram) -> String {
    let g = &rules.geometry;
    let mut chars = vec!['.'; g.cell_count()];
    for &(c, m) in &diagram.marks {
        chars[c.index()] = m;
    }
    for &(c, p) in &diagram.pieces {
        chars[c.index()] = if diagram.enemies.contains(c) {
            'x'
        } else {
            rules.kinds[p.kind() as usize].letter
        };
    }
    let mut out = String::new();
    if g.is_hex() {
        let (qmin, qmax) = g
            .cells()
            .map(|c| g.coords(c).0)
            .fold((i32::MAX, i32::MIN), |a, q| (a.0.min(q), a.1.max(q)));
        let height = |c: Cell| {
            let (q, r) = g.coords(c);
            2 * r + q
        };
        let (ymin, ymax) = g
            .cells()
            .map(height)
            .fold((i32::MAX, i32::MIN), |a, y| (a.0.min(y), a.1.max(y)));
        let width = ((qmax - qmin) * 4 + 1) as usize;
        // Files are columns (every other half-row holds a file's cell); the file letters
        // go on one line below the board.
        let column = |c: Cell| ((g.coords(c).0 - qmin) * 4) as usize + 2;
        for y in (ymin..=ymax).rev() {
            let mut line = vec![' '; width + 4];
            for c in g.cells().filter(|&c| height(c) == y) {
                line[column(c)] = chars[c.index()];
            }
            let s: String = line.into_iter().collect();
            out.push_str(s.trim_end());
            out.push('\n');
        }
        let mut line = vec![' '; width + 4];
        for c in g.cells().filter(|&c| g.rank(c) == 0) {
            line[column(c)] = g.name(c).chars().next().unwrap_or('?');
        }
        let s: String = line.into_iter().collect();
        out.push('\n');
        out.push_str(s.trim_end());
        out.push('\n');
    } else {
        let rows = g.rows();
        for (i, row) in rows.iter().enumerate() {
            out.push_str(&format!("{:>3} ", rows.len() - i));
            for &c in row {
                out.push(' ');
                out.push(c.map_or(' ', |c| chars[c.index()]));
            }
            out.push('\n');
        }
        out.push_str("    ");
        for x in 0..rows.first().map_or(0, |r| r.len()) {
            out.push(' ');
            out.push((b'a' + x as u8) as char);
        }
        out.push('\n');
    }
    out
}

/// The whole explanation as text.
pub fn explanation_text(rules: &Rules, e: &Explanation) -> String {
    let mut out = String::new();
    for f in &e.facts {
        out.push_str(f);
        out.push('\n');
    }
    for (i, d) in e.diagrams.iter().enumerate() {
        out.push_str(&format!("\n{}. {}\n", i + 1, d.title));
        for n in &d.notes {
            out.push_str(&format!("   {n}\n"));
        }
        out.push('\n');
        out.push_str(&text_board(rules, d));
        out.push('\n');
        for &(m, meaning) in MARKS {
            let cells = d.cells_marked(m);
            if cells.is_empty() {
                continue;
            }
            let list: Vec<String> = cells
                .iter()
                .map(|&c| {
                    let name = rules.geometry.name(c);
                    match d.gains.iter().find(|g| g.0 == c) {
                        Some((_, what)) if m == '+' => format!("{name} ({what})"),
                        _ => name.to_string(),
                    }
                })
                .collect();
            out.push_str(&format!(
                "   {m}  {meaning} ({}): {}\n",
                cells.len(),
                list.join(" ")
            ));
        }
    }
    out
}

/// The diagrams as SVG panels.
pub fn explanation_svg(rules: &Rules, e: &Explanation) -> String {
    let panels: Vec<Panel> = e
        .diagrams
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let mut legend = d.notes.clone();
            let present: Vec<String> = MARKS
                .iter()
                .filter(|(m, _)| d.marks.iter().any(|x| x.1 == *m))
                .map(|(m, meaning)| format!("{m} {meaning}"))
                .collect();
            if !present.is_empty() {
                legend.push(present.join(" · "));
            }
            Panel {
                caption: Some(format!("{}. {}", i + 1, d.title)),
                pieces: d.pieces.clone(),
                marks: d.marks.clone(),
                legend,
                ..Panel::default()
            }
        })
        .collect();
    document(rules, &panels, false)
}

/// The variant's game rules in words, one sentence each: how it is won, lost and drawn and
/// the rules that restrict moves (`explain FILE` and `show` print them).
pub fn game_rules(rules: &Rules) -> Vec<String> {
    use crate::rules::{StalemateResult, Verdict};
    let end = &rules.end;
    let mut out = Vec::new();
    let any_royal = Color::BOTH
        .iter()
        .any(|&c| !rules.royal_kinds(c).is_empty());
    match (end.checkmate, any_royal) {
        (_, false) => out.push("no piece is royal: there is no check and no checkmate".into()),
        (Some(Verdict::Loss), true) => out.push("checkmate wins".into()),
        (Some(Verdict::Win), true) => out.push("the checkmated side wins".into()),
        (Some(Verdict::Draw), true) => out.push("checkmate draws".into()),
        (None, true) => {
            out.push("royal pieces may not be left attacked, but checkmate decides nothing".into())
        }
    }
    out.push(
        match end.stalemate {
            StalemateResult::Draw => "stalemate is a draw",
            StalemateResult::Win => "the stalemated side wins",
            StalemateResult::Loss => "the stalemated side loses",
            StalemateResult::FewerPieces => {
                "stalemate: the side with fewer pieces wins, equal numbers draw"
            }
        }
        .into(),
    );
    if let Some(drops) = &rules.drops {
        out.push(
            "a captured piece goes to the captor's hand and may be dropped on an empty cell instead of a move"
                .into(),
        );
        let names = |set: crate::types::KindSet| -> Vec<String> {
            set.iter()
                .map(|k| rules.kinds[k as usize].name.clone())
                .collect()
        };
        let one = names(drops.one_per_file);
        if !one.is_empty() {
            out.push(format!(
                "no {} may be dropped on a file that already has one of its side",
                one.join(" or ")
            ));
        }
        let no_mate = names(drops.no_mate);
        if !no_mate.is_empty() {
            out.push(format!("a {} drop may not checkmate", no_mate.join(" or ")));
        }
    }
    if rules.gating.is_some() {
        out.push(
            "a first move from the first rank may bring a piece from the hand onto the cell it leaves"
                .into(),
        );
    }
    if end.perpetual_check_loses {
        out.push("a side that repeats the position by checking with every move loses".into());
    }
    if end.forced_capture {
        out.push("captures are compulsory: when a capture is legal, only captures are".into());
    }
    if let Some(n) = end.n_check {
        out.push(format!("the {} check wins", ordinal(n as u32)));
    }
    if !end.giving_check {
        out.push("no move may give check".into());
    }
    if !end.royal_may_flee_check {
        out.push(
            "in check, a royal piece may not step away: it may only capture the one piece checking it"
                .into(),
        );
    }
    let verdict_words = |v: Verdict| match v {
        Verdict::Loss => "loses",
        Verdict::Win => "wins",
        Verdict::Draw => "draws",
    };
    let extinction = Color::BOTH.map(|c| {
        end.extinction_of(c).map(|e| {
            let what = match &e.kinds {
                None => "it has lost all its pieces".to_string(),
                Some(kinds) => {
                    let names = rules.kind_names(kinds, if e.any { "or" } else { "and" });
                    let quantity = if e.below == 1 {
                        "no".to_string()
                    } else {
                        format!("fewer than {}", e.below)
                    };
                    if e.any && kinds.len() > 1 {
                        format!("it has {quantity} pieces left of one of its {names}")
                    } else {
                        format!("it has {quantity} {names} left")
                    }
                }
            };
            format!("{} when {what}", verdict_words(e.result))
        })
    });
    match &extinction {
        [Some(w), Some(b)] if w == b => out.push(format!("a side {w} (extinction)")),
        [w, b] => {
            for (side, words) in [("White", w), ("Black", b)] {
                if let Some(words) = words {
                    out.push(format!("{side} {words} (extinction)"));
                }
            }
        }
    }
    if let Some(b) = end.bare_king {
        let back = if b.bare_back {
            "; the bared side may bare the other back on its next move, for a draw"
        } else {
            ""
        };
        out.push(format!(
            "a side left with its royal pieces only {}{back}",
            verdict_words(b.result)
        ));
    }
    for goal in &end.goals {
        let catch_up = if goal.catch_up {
            "; when White arrives first, Black may draw by arriving with its next move"
        } else {
            ""
        };
        out.push(format!(
            "a {} reaching its goal ({}) wins{catch_up}",
            rules.kind_names(&goal.kinds, "or"),
            cell_list(rules, &goal.zone[0])
        ));
    }
    let resetting: Vec<KindId> = (0..rules.kinds.len() as KindId)
        .filter(|&k| rules.kinds[k as usize].resets_n_move)
        .collect();
    let reset_words = if resetting.is_empty() {
        "a capture".to_string()
    } else {
        format!("a capture or a {} move", rules.kind_names(&resetting, "or"))
    };
    out.extend(claim_and_automatic(
        end.n_move_claim_plies.map(|p| p / 2),
        end.n_move_automatic_plies.map(|p| p / 2),
        |n| format!("a draw may be claimed after {n} moves of each side without {reset_words}"),
        |n| format!("the game is drawn after {n} such moves"),
    ));
    out.extend(claim_and_automatic(
        end.repetition_claim,
        end.repetition_automatic,
        |n| {
            format!(
                "a draw may be claimed when a position occurs for the {} time",
                ordinal(n)
            )
        },
        |n| format!("the {} occurrence of a position draws", ordinal(n)),
    ));
    out
}

/// A draw rule with a claim and/or an automatic limit, as one sentence.
fn claim_and_automatic(
    claim: Option<u32>,
    automatic: Option<u32>,
    claim_words: impl Fn(u32) -> String,
    automatic_words: impl Fn(u32) -> String,
) -> Option<String> {
    match (claim, automatic) {
        (None, None) => None,
        (Some(c), None) => Some(claim_words(c)),
        (None, Some(a)) => Some(automatic_words(a)),
        (Some(c), Some(a)) => Some(format!("{}; {}", claim_words(c), automatic_words(a))),
    }
}

/// "first", "second", "third", then "4th", ...
fn ordinal(n: u32) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

/// The `explain` command: print the explanation; with `output`, also write it as SVG
/// (`-` = stdout, after the text).
pub fn command(
    rules: &Rules,
    piece: Option<&str>,
    output: Option<&std::path::Path>,
) -> Result<(), String> {
    let Some(piece) = piece else {
        // The game's rules, and the pieces to ask about.
        println!("{} — the rules of the game:", rules.name);
        for line in game_rules(rules) {
            println!("- {line}");
        }
        let pieces: Vec<String> = rules
            .kinds
            .iter()
            .map(|k| format!("{} ({})", k.id, k.letter))
            .collect();
        println!(
            "pieces: {} — `explain FILE PIECE` explains one",
            pieces.join(", ")
        );
        return Ok(());
    };
    let kind = find_kind(rules, piece)?;
    let e = explain(rules, kind);
    print!("{}", explanation_text(rules, &e));
    if let Some(path) = output {
        crate::svg::write_output(path, &explanation_svg(rules, &e))?;
    }
    Ok(())
}

//! Static exchange evaluation: what a move wins or loses on its destination if both sides
//! then capture there with their least valuable attacker, each free to stop when
//! continuing would lose. The exchange is played on the real board (pieces taken off and
//! put back through [`Position::take`] / [`Position::put`]), so pieces behind pieces (x-rays),
//! hoppers' screens and hooked pieces' attacks all follow from the ordinary attack queries;
//! pins are ignored. A royal piece captures last, and only onto a cell the other side no
//! longer attacks.

use arrayvec::ArrayVec;

use crate::position::Position;
use crate::rules::Rules;
use crate::targets::piece_attacks;
use crate::types::{Bits, Cell, Color, KindId, Move, MoveKind, Piece};
use crate::with_width;

/// The value a royal piece has in an exchange (larger than any material).
pub const ROYAL_VALUE: i32 = 100_000;

/// Longest exchange followed.
const MAX_EXCHANGE: usize = 32;

/// Exchange values per kind (the material values, royal kinds [`ROYAL_VALUE`]), and the
/// kinds from the cheapest to the dearest, in which the least valuable attacker is looked
/// for. Reads as the slice of values (`values[k]`).
#[derive(Clone, Debug)]
pub struct ExchangeValues {
    values: Vec<i32>,
    /// The kinds by value, cheapest first; of kinds of equal value the later in the file
    /// first.
    cheapest_first: Vec<KindId>,
}

impl std::ops::Deref for ExchangeValues {
    type Target = [i32];
    fn deref(&self) -> &[i32] {
        &self.values
    }
}

/// Exchange values per kind: the material values, royal kinds [`ROYAL_VALUE`].
pub fn exchange_values(rules: &Rules, values: &[i32]) -> ExchangeValues {
    let values: Vec<i32> = (0..rules.kinds().len())
        .map(|k| {
            if rules.kinds()[k].royal_for_some_side() {
                ROYAL_VALUE
            } else {
                values[k]
            }
        })
        .collect();
    let mut cheapest_first: Vec<KindId> = (0..values.len() as KindId).rev().collect();
    // Stable: equal values keep the later kind first.
    cheapest_first.sort_by_key(|&k| values[k as usize]);
    ExchangeValues {
        values,
        cheapest_first,
    }
}

/// The least valuable piece of `by` that attacks `target`, and its value. Kinds are tried
/// from the cheapest up (of equal values the later in the file first), each through the
/// origins from which it could capture on `target`: an unconditional one settles the kind,
/// a conditional one (a slide, a hop) is checked on the board, and a hooked kind's hook is
/// asked last. The first kind with an attacker is the answer.
fn least_valuable_attacker<B: Bits>(
    rules: &Rules,
    pos: &Position,
    target: Cell,
    by: Color,
    values: &ExchangeValues,
) -> Option<(Cell, i32)> {
    for &k in &values.cheapest_first {
        let piece = Piece::new(k, by);
        let placed = B::load(pos.cells_of(piece));
        if placed.is_zero() {
            continue;
        }
        let v = values.values[k as usize];
        let free = B::load(rules.attackers_free(piece, target)) & placed;
        if let Some(from) = free.cells().next() {
            return Some((from, v));
        }
        let conditional = B::load(rules.attackers_conditional(piece, target)) & placed;
        if let Some(from) = conditional
            .cells()
            .find(|&from| piece_attacks::<B>(rules, pos, piece, from, target))
        {
            return Some((from, v));
        }
        // A hooked kind's own moves are checked above, its hook's here.
        if let Some(hook) = &rules.kinds()[k as usize].hook {
            if let Some(from) = placed
                .cells()
                .find(|&from| hook.attacks(rules, pos, piece, from, target))
            {
                return Some((from, v));
            }
        }
    }
    None
}

/// The material balance of the exchange `mv` starts, for the side making it, in the units
/// of `values` (see [`exchange_values`]). Castling scores 0; a sweep scores what it
/// captures (friendly pieces counted against it) and is not followed further.
pub fn see(rules: &Rules, pos: &mut Position, mv: &Move, values: &ExchangeValues) -> i32 {
    with_width!(rules.width, B => see_in::<B>(rules, pos, mv, values))
}

/// The first capture of the exchange a plain move (a step, a double step, en passant)
/// starts: the cell of the piece it takes, the piece that moves, the piece it puts on its
/// destination (promoted or not), and what it gains (the enemy piece taken, plus the
/// promotion's worth).
struct FirstCapture {
    victim_cell: Cell,
    mover: Piece,
    placed: Piece,
    gain: i32,
}

/// [`FirstCapture`] of `mv`; `None` for castling, passes, drops and sweeps, and for a move
/// without a piece on its origin.
#[inline(always)]
fn first_capture(pos: &Position, mv: &Move, values: &ExchangeValues) -> Option<FirstCapture> {
    let victim_cell = match mv.kind {
        MoveKind::EnPassant { victim } => victim,
        MoveKind::Normal | MoveKind::DoubleStep { .. } => mv.to,
        _ => return None,
    };
    let mover = pos.mover(mv)?;
    let side = pos.side_to_move();
    let value = |p: Piece| values[p.kind() as usize];
    let placed = mv.promotion.map_or(mover, |k| Piece::new(k, side));
    let taken = pos
        .piece_at(victim_cell)
        .filter(|victim| victim.color() != side)
        .map_or(0, value);
    Some(FirstCapture {
        victim_cell,
        mover,
        placed,
        gain: taken + value(placed) - value(mover),
    })
}

/// Whether [`see`] of `mv` is at least `threshold`, the same answer without playing the
/// exchange when its bounds settle it: the exchange's value is at most the first gain (what
/// the move takes, plus its promotion) and at least the first gain less the moved piece's
/// value (the side stops after losing it). The search asks this far more often than it
/// needs the value itself (pruning and ordering compare it to a margin).
pub fn see_at_least(
    rules: &Rules,
    pos: &mut Position,
    mv: &Move,
    values: &ExchangeValues,
    threshold: i32,
) -> bool {
    if let Some(first) = first_capture(pos, mv, values) {
        if first.gain < threshold {
            return false;
        }
        if first.gain - values[first.placed.kind() as usize] >= threshold {
            return true;
        }
    }
    see(rules, pos, mv, values) >= threshold
}

fn see_in<B: Bits>(rules: &Rules, pos: &mut Position, mv: &Move, values: &ExchangeValues) -> i32 {
    let side = pos.side_to_move();
    let value = |p: Piece| values[p.kind() as usize];
    match mv.kind {
        MoveKind::Castle { .. } | MoveKind::Pass | MoveKind::Drop { .. } => return 0,
        MoveKind::Sweep { first } => {
            let mut gain = 0;
            for cell in rules.geometry().line_after(mv.from, first, mv.to) {
                if let Some(p) = pos.piece_at(cell) {
                    gain += if p.color() == side {
                        -value(p)
                    } else {
                        value(p)
                    };
                }
            }
            return gain;
        }
        MoveKind::EnPassant { .. } | MoveKind::Normal | MoveKind::DoubleStep { .. } => {}
    }
    let Some(FirstCapture {
        victim_cell,
        mover,
        placed,
        gain: first_gain,
    }) = first_capture(pos, mv, values)
    else {
        return 0;
    };
    // The piece taken (an own piece on the destination too, if the rules allow it) is off
    // the board during the exchange.
    let victim = pos.take(rules, victim_cell);
    let mut gains = [0i32; MAX_EXCHANGE];
    pos.take(rules, mv.from);
    pos.put(rules, mv.to, placed);
    gains[0] = first_gain;
    // The pieces put on the target, `placed` first, then each capture's with the cell it came
    // from (the piece it took is the one before it), to put the board back afterwards.
    let mut captures: ArrayVec<(Cell, Piece), MAX_EXCHANGE> = ArrayVec::new();
    captures.push((mv.to, placed));
    let mut on_target = value(placed);
    let mut d = 0;
    let mut stm = side.flip();
    while d + 1 < MAX_EXCHANGE {
        let Some((from, v)) = least_valuable_attacker::<B>(rules, pos, mv.to, stm, values) else {
            break;
        };
        if v >= ROYAL_VALUE
            && least_valuable_attacker::<B>(rules, pos, mv.to, stm.flip(), values).is_some()
        {
            // The royal piece may not capture onto a defended cell.
            break;
        }
        d += 1;
        gains[d] = on_target - gains[d - 1];
        if (-gains[d - 1]).max(gains[d]) < 0 {
            break;
        }
        let attacker = pos.take(rules, from).expect("an attacker on its cell");
        pos.take(rules, mv.to);
        pos.put(rules, mv.to, attacker);
        captures.push((from, attacker));
        on_target = v;
        stm = stm.flip();
    }
    // The captures made (the last one counted in `d` may have been declined).
    for i in (1..captures.len()).rev() {
        let (from, attacker) = captures[i];
        pos.take(rules, mv.to);
        pos.put(rules, mv.to, captures[i - 1].1);
        pos.put(rules, from, attacker);
    }
    pos.take(rules, mv.to);
    pos.put(rules, mv.from, mover);
    if let Some(victim) = victim {
        pos.put(rules, victim_cell, victim);
    }
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

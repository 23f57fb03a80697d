//! Games decided by a variant rule read off the board (see `shared/spec/game-end.md`: a
//! decided position has no legal moves): royal pieces blown up, both sides passing in a row,
//! extinction of kinds, a bare king, a piece in its goal, the n-th check. Checkmate and stalemate are not here: they are decided by having
//! no legal move.
//!
//! When a move meets conditions for both sides, the side that made it wins.

use crate::board::Board;
use crate::position::Position;
use crate::rules::{DrawReason, Outcome, PassEnd, Rules, Verdict, WinReason};
use crate::types::{Color, Piece};

/// The result a verdict about `side` gives.
pub(crate) fn judged(side: Color, verdict: Verdict, win: WinReason, draw: DrawReason) -> Outcome {
    match verdict {
        Verdict::Loss => Outcome::Win {
            winner: side.flip(),
            reason: win,
        },
        Verdict::Win => Outcome::Win {
            winner: side,
            reason: win,
        },
        Verdict::Draw => Outcome::Draw { reason: draw },
    }
}

/// Whether `side` is extinct by its extinction rule.
pub fn extinct(rules: &Rules, board: &Board, side: Color) -> bool {
    let Some(rule) = rules.end.extinction_of(side) else {
        return false;
    };
    match &rule.kinds {
        None => board.occupied(side).count() < rule.below,
        Some(kinds) => {
            let below = |&k: &u8| board.cells_of(Piece::new(k, side)).count() < rule.below;
            if rule.any {
                kinds.iter().any(below)
            } else {
                kinds.iter().all(below)
            }
        }
    }
}

/// Whether `side` has only royal pieces left (and at least one).
pub fn bare(rules: &Rules, board: &Board, side: Color) -> bool {
    let royal: u32 = rules
        .royal_kinds(side)
        .iter()
        .map(|&k| board.cells_of(Piece::new(k, side)).count())
        .sum();
    royal > 0 && royal == board.occupied(side).count()
}

/// How many pieces `side` has besides its royal ones.
fn non_royal_count(rules: &Rules, board: &Board, side: Color) -> u32 {
    let royal: u32 = rules
        .royal_kinds(side)
        .iter()
        .map(|&k| board.cells_of(Piece::new(k, side)).count())
        .sum();
    board.occupied(side).count() - royal
}

/// Whether a piece of `side` stands in its goal.
pub fn in_goal(rules: &Rules, board: &Board, side: Color) -> bool {
    rules.end.goals.iter().any(|goal| {
        let zone = &goal.zone[side.index()];
        goal.kinds
            .iter()
            .any(|&k| !board.cells_of(Piece::new(k, side)).and(zone).is_empty())
    })
}

/// The result a variant rule has already decided in this position, if any.
pub fn decision(rules: &Rules, pos: &mut Position) -> Option<Outcome> {
    if !rules.decides_by_board {
        return None;
    }
    let result = board_decision(rules, pos)?;
    // A result against the side that just moved gives way to its checkmate of the other.
    let mover = pos.side_to_move().flip();
    let against_mover = !matches!(result, Outcome::Win { winner, .. } if winner == mover);
    if against_mover && rules.end.checkmate == Some(Verdict::Loss) && checkmated(rules, pos) {
        return Some(Outcome::Win {
            winner: mover,
            reason: WinReason::Checkmate,
        });
    }
    Some(result)
}

/// Whether the side to move is in check with no legal move (variant rules aside).
fn checkmated(rules: &Rules, pos: &mut Position) -> bool {
    if !crate::attacks::royal_attacked(rules, pos, pos.side_to_move()) {
        return false;
    }
    let mut moves = Vec::new();
    crate::with_width!(rules.width, B => super::generate_legal_unjudged::<B>(rules, pos, &mut moves));
    moves.is_empty()
}

/// The variant rules' decision, before the checkmate exception of [`decision`].
fn board_decision(rules: &Rules, pos: &mut Position) -> Option<Outcome> {
    let side = pos.side_to_move();
    let mover = side.flip();
    if rules.end.explosion.is_some() {
        // A side whose royal pieces have all been blown up has lost.
        for who in [side, mover] {
            let royal = rules.royal_kinds(who);
            if !royal.is_empty()
                && royal
                    .iter()
                    .all(|&k| pos.cells_of(Piece::new(k, who)).is_empty())
            {
                return Some(Outcome::Win {
                    winner: who.flip(),
                    reason: WinReason::Explosion,
                });
            }
        }
    }
    if let Some(end) = rules.end.pass.and_then(|p| p.after_both) {
        let mut last = pos.moves_made().rev().take(2);
        if pos.ply_count() >= 2 && last.all(|m| m.is_pass()) {
            return Some(passes_end(rules, pos, end));
        }
    }
    // Extinction: the side to move first, so that a move that makes both sides extinct
    // is judged for its maker.
    for who in [side, mover] {
        if extinct(rules, pos, who) {
            let rule = rules.end.extinction_of(who).expect("an extinction rule");
            return Some(judged(
                who,
                rule.result,
                WinReason::Extinction,
                DrawReason::Extinction,
            ));
        }
    }
    if !rules.end.goals.is_empty() {
        if let Some(result) = goal_decision(rules, pos) {
            return Some(result);
        }
    }
    if let Some(n) = rules.end.n_check {
        if pos.checks_given(mover) >= n {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::NCheck,
            });
        }
    }
    if let Some(rule) = rules.end.bare_king {
        let (side_bare, mover_bare) = (bare(rules, pos, side), bare(rules, pos, mover));
        match (side_bare, mover_bare) {
            (true, true) => {
                return Some(Outcome::Draw {
                    reason: DrawReason::BareKing,
                })
            }
            // The bared side to move may still bare the other back: not when the other has
            // more than one piece besides its royal ones and no move takes more than one
            // (no explosions, no charging hooks).
            (true, false)
                if !rule.bare_back
                    || (non_royal_count(rules, pos, mover) > 1
                        && rules.end.explosion.is_none()
                        && rules.hook_kinds.is_empty()) =>
            {
                return Some(judged(
                    side,
                    rule.result,
                    WinReason::BareKing,
                    DrawReason::BareKing,
                ))
            }
            // Bared earlier, it had its move and did not bare back.
            (false, true) => {
                return Some(judged(
                    mover,
                    rule.result,
                    WinReason::BareKing,
                    DrawReason::BareKing,
                ))
            }
            _ => {}
        }
    }
    None
}

/// The result when both sides have passed in a row.
fn passes_end(rules: &Rules, board: &Board, end: PassEnd) -> Outcome {
    let PassEnd::Points { black_bonus } = end else {
        return Outcome::Draw {
            reason: DrawReason::Passes,
        };
    };
    let points = |side: Color| -> f64 {
        board
            .occupied(side)
            .iter()
            .map(|c| rules.kind(board.occupant(c).kind()).value.unwrap_or(0.0))
            .sum()
    };
    let (white, black) = (points(Color::White), points(Color::Black) + black_bonus);
    if white == black {
        Outcome::Draw {
            reason: DrawReason::Passes,
        }
    } else {
        Outcome::Win {
            winner: if white > black {
                Color::White
            } else {
                Color::Black
            },
            reason: WinReason::Points,
        }
    }
}

/// Goals: a piece that reached its side's goal wins; with `catch_up`, White's arrival
/// first gives Black one more move, which draws if it reaches Black's goal.
fn goal_decision(rules: &Rules, pos: &mut Position) -> Option<Outcome> {
    let side = pos.side_to_move();
    let mover = side.flip();
    let catch_up = rules.end.goals.iter().any(|g| g.catch_up);
    let (mover_in, side_in) = (in_goal(rules, pos, mover), in_goal(rules, pos, side));
    if mover_in && side_in {
        return Some(Outcome::Draw {
            reason: DrawReason::Goal,
        });
    }
    if side_in {
        // The side to move arrived earlier and the other did not catch up.
        return Some(Outcome::Win {
            winner: side,
            reason: WinReason::Goal,
        });
    }
    if !mover_in {
        return None;
    }
    if catch_up && mover == Color::White && black_can_reach_goal(rules, pos) {
        return None;
    }
    Some(Outcome::Win {
        winner: mover,
        reason: WinReason::Goal,
    })
}

/// Whether Black, to move, has a legal move that puts one of its goal pieces in its goal.
fn black_can_reach_goal(rules: &Rules, pos: &mut Position) -> bool {
    let mut moves = Vec::new();
    crate::with_width!(rules.width, B => super::generate_legal_unjudged::<B>(rules, pos, &mut moves));
    moves.iter().any(|&mv| {
        pos.make(rules, mv);
        let reached = in_goal(rules, pos, Color::Black);
        pos.unmake(rules);
        reached
    })
}

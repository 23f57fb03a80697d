//! How a game stands: checkmate, stalemate, the n-move rule and repetition, automatic
//! results and the draws a player may claim.

use crate::movegen::decision::{decision, judged};
use crate::movegen::{in_check, legal_moves};
use crate::position::Position;
pub use crate::rules::{DrawReason, Outcome, WinReason};
use crate::rules::{Rules, StalemateResult};
use crate::types::Color;

/// How many times the current position has occurred in the moves made on this object
/// (including now), looking back no further than the last irreversible move.
pub fn repetition_count(pos: &Position) -> u32 {
    let hashes: Vec<u64> = pos.history_hashes().collect();
    let current = pos.hash();
    let window = (pos.halfmove_clock() as usize).min(hashes.len());
    let mut count = 1;
    // history[i] is the hash before move i; same side to move every second ply.
    let n = hashes.len();
    let mut back = 2;
    while back <= window {
        if hashes[n - back] == current {
            count += 1;
        }
        back += 2;
    }
    count
}

/// The result the rules impose now, without any claim: a variant rule's decision read off
/// the board (extinction, goals, n-check, bare king; when a move meets conditions for both
/// sides, the side that made it wins), then checkmate or stalemate when the side to move
/// has no legal move, then the automatic n-move and repetition draws.
///
/// ```
/// use fairyrules::{outcome, Color, Outcome, Position, Rules, WinReason};
///
/// let rules = Rules::load(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml"))?;
/// let mut pos = Position::start(&rules);
/// for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     pos.play(&rules, text)?;
/// }
/// assert_eq!(
///     outcome(&rules, &mut pos),
///     Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn outcome(rules: &Rules, pos: &mut Position) -> Outcome {
    if let Some(decided) = decision(rules, pos) {
        return decided;
    }
    let side = pos.side_to_move();
    if legal_moves(rules, pos).is_empty() {
        return no_moves_result(rules, pos, side);
    }
    if let Some(limit) = rules.end.n_move_automatic_plies {
        if pos.halfmove_clock() >= limit {
            return Outcome::Draw {
                reason: DrawReason::NMoveRule,
            };
        }
    }
    if let Some(limit) = rules.end.repetition_automatic {
        if repetition_count(pos) >= limit {
            if rules.end.perpetual_check_loses {
                if let Some(checker) = perpetual_checker(pos) {
                    return Outcome::Win {
                        winner: checker.flip(),
                        reason: WinReason::PerpetualCheck,
                    };
                }
            }
            return Outcome::Draw {
                reason: DrawReason::Repetition,
            };
        }
    }
    Outcome::Ongoing
}

/// The side that gave check with every one of its moves since the current position first
/// occurred (in the window where it can repeat), if one did.
pub fn perpetual_checker(pos: &Position) -> Option<Color> {
    let hashes: Vec<u64> = pos.history_hashes().collect();
    let checks: Vec<bool> = pos.checks_made().collect();
    let n = hashes.len();
    let window = (pos.halfmove_clock() as usize).min(n);
    let current = pos.hash();
    // The earliest occurrence of the current position in the window.
    let first = (2..=window)
        .step_by(2)
        .filter(|&back| hashes[n - back] == current)
        .max()?;
    // Moves n-first .. n-1; the last one was made by the side not to move now.
    let last_mover = pos.side_to_move().flip();
    for (side, offset) in [(last_mover, 1), (last_mover.flip(), 2)] {
        let all_checks = (offset..=first).step_by(2).all(|back| checks[n - back]);
        if all_checks {
            return Some(side);
        }
    }
    None
}

/// The result of having no legal move: checkmate when in check and the rules score it,
/// else stalemate as the rules score it.
pub(crate) fn no_moves_result(rules: &Rules, pos: &Position, side: Color) -> Outcome {
    if let Some(verdict) = rules.end.checkmate {
        if in_check(rules, pos) {
            return judged(side, verdict, WinReason::Checkmate, DrawReason::Stalemate);
        }
    }
    match rules.end.stalemate {
        StalemateResult::Draw => Outcome::Draw {
            reason: DrawReason::Stalemate,
        },
        StalemateResult::Win => Outcome::Win {
            winner: side,
            reason: WinReason::Stalemate,
        },
        StalemateResult::Loss => Outcome::Win {
            winner: side.flip(),
            reason: WinReason::Stalemate,
        },
        StalemateResult::FewerPieces => {
            let own = pos.occupied(side).count();
            let other = pos.occupied(side.flip()).count();
            match own.cmp(&other) {
                std::cmp::Ordering::Less => Outcome::Win {
                    winner: side,
                    reason: WinReason::Stalemate,
                },
                std::cmp::Ordering::Greater => Outcome::Win {
                    winner: side.flip(),
                    reason: WinReason::Stalemate,
                },
                std::cmp::Ordering::Equal => Outcome::Draw {
                    reason: DrawReason::Stalemate,
                },
            }
        }
    }
}

/// A draw the side to move may claim now, if any.
pub fn claimable_draw(rules: &Rules, pos: &Position) -> Option<DrawReason> {
    if let Some(limit) = rules.end.n_move_claim_plies {
        if pos.halfmove_clock() >= limit {
            return Some(DrawReason::NMoveRule);
        }
    }
    if let Some(limit) = rules.end.repetition_claim {
        if repetition_count(pos) >= limit {
            return Some(DrawReason::Repetition);
        }
    }
    None
}

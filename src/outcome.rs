//! How a game stands: checkmate, stalemate, the n-move rule and repetition, automatic
//! results and the draws a player may claim.

use crate::movegen::{in_check, legal_moves};
use crate::position::Position;
use crate::rules::{Rules, StalemateResult};
use crate::types::{Color, Piece};

/// Why a side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinReason {
    /// The loser's royal piece is attacked and it has no legal move.
    Checkmate,
    /// The side to move has no legal move, not in check, and the rules score that.
    Stalemate,
    /// The loser has no piece left of a kind it must keep.
    Extinction,
    /// The winner's royal piece reached its target zone.
    RoyalZone,
}

/// Why the game is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawReason {
    /// No legal move, not in check.
    Stalemate,
    /// Too many plies without capture or counter-resetting move.
    NMoveRule,
    /// The same position occurred too often.
    Repetition,
}

/// The state of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// A side won.
    Win {
        /// The winner.
        winner: Color,
        /// By which rule.
        reason: WinReason,
    },
    /// Drawn.
    Draw {
        /// By which rule.
        reason: DrawReason,
    },
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Ongoing => write!(f, "*"),
            Outcome::Win { winner, reason } => {
                let score = if *winner == Color::White {
                    "1-0"
                } else {
                    "0-1"
                };
                let why = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::Stalemate => "stalemate",
                    WinReason::Extinction => "extinction",
                    WinReason::RoyalZone => "royal piece reached its zone",
                };
                write!(f, "{score} ({why})")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::Stalemate => "stalemate",
                    DrawReason::NMoveRule => "n-move rule",
                    DrawReason::Repetition => "repetition",
                };
                write!(f, "1/2-1/2 ({why})")
            }
        }
    }
}

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

/// Whether `side` has lost all pieces of the extinction kinds.
pub fn extinct(rules: &Rules, pos: &Position, side: Color) -> bool {
    !rules.end.extinction.is_empty()
        && rules
            .end
            .extinction
            .iter()
            .all(|&k| pos.cells_of(Piece::new(k, side)).is_empty())
}

/// Whether a royal piece of `side` stands in its target zone.
pub fn royal_in_zone(rules: &Rules, pos: &Position, side: Color) -> bool {
    let Some(zone) = &rules.end.royal_zone else {
        return false;
    };
    rules.royal_kinds.iter().any(|&k| {
        !pos.cells_of(Piece::new(k, side))
            .and(&zone[side.index()])
            .is_empty()
    })
}

/// The result the rules impose now, without any claim. Wins by extinction and by a royal
/// piece in its zone are judged first; when a move meets conditions for both sides, the
/// side that made it wins.
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
    let side = pos.side_to_move();
    let mover = side.flip();
    for (winner, loser) in [(mover, side), (side, mover)] {
        if extinct(rules, pos, loser) {
            return Outcome::Win {
                winner,
                reason: WinReason::Extinction,
            };
        }
        if royal_in_zone(rules, pos, winner) {
            return Outcome::Win {
                winner,
                reason: WinReason::RoyalZone,
            };
        }
        if winner == mover
            && rules.end.checkmate
            && legal_moves(rules, pos).is_empty()
            && in_check(rules, pos)
        {
            return Outcome::Win {
                winner,
                reason: WinReason::Checkmate,
            };
        }
    }
    if legal_moves(rules, pos).is_empty() {
        if in_check(rules, pos) && rules.end.checkmate {
            return Outcome::Win {
                winner: side.flip(),
                reason: WinReason::Checkmate,
            };
        }
        return match rules.end.stalemate {
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
        };
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
            return Outcome::Draw {
                reason: DrawReason::Repetition,
            };
        }
    }
    Outcome::Ongoing
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

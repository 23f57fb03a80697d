//! How a game stands, in the words of the rules: ongoing, won (by whom, by which rule) or
//! drawn (by which rule).

use crate::types::Color;

/// Why a side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinReason {
    /// The loser's royal piece is attacked and it has no legal move.
    Checkmate,
    /// The side to move has no legal move, not in check, and the rules score that.
    Stalemate,
    /// A side ran out of a kind it must keep (or of pieces it had to lose).
    Extinction,
    /// The winner's piece reached its goal zone.
    Goal,
    /// A side was left with its royal pieces only.
    BareKing,
    /// The winner gave the n-th check.
    NCheck,
    /// The loser's royal pieces were all blown up by an explosion.
    Explosion,
    /// Both sides passed in a row and the winner has more points.
    Points,
    /// The loser gave check with every move of a repetition that ended the game.
    PerpetualCheck,
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
    /// An extinction rule that draws.
    Extinction,
    /// Both sides are left with royal pieces only.
    BareKing,
    /// Both sides reached their goals (the second in its one last move).
    Goal,
    /// Both sides passed in a row (with equal points, when points decide).
    Passes,
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
                    WinReason::Goal => "goal reached",
                    WinReason::BareKing => "bare king",
                    WinReason::NCheck => "n-th check",
                    WinReason::Explosion => "royal piece exploded",
                    WinReason::Points => "points after both passed",
                    WinReason::PerpetualCheck => "the loser's perpetual check",
                };
                write!(f, "{score} ({why})")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::Stalemate => "stalemate",
                    DrawReason::NMoveRule => "n-move rule",
                    DrawReason::Repetition => "repetition",
                    DrawReason::Extinction => "extinction",
                    DrawReason::BareKing => "bare kings",
                    DrawReason::Goal => "both goals reached",
                    DrawReason::Passes => "both passed",
                };
                write!(f, "1/2-1/2 ({why})")
            }
        }
    }
}

//! How a game ends: checkmate, stalemate, extinction, a royal piece reaching a zone, the
//! n-move rule and repetition, as the variant file declares them.

use crate::types::{CellSet, KindId};

/// How stalemate ends the game, for the stalemated side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StalemateResult {
    /// Draw.
    Draw,
    /// The stalemated side wins.
    Win,
    /// The stalemated side loses.
    Loss,
}

/// Game-end rules.
#[derive(Debug, Clone)]
pub struct EndRules {
    /// Checkmate of a royal piece wins.
    pub checkmate: bool,
    /// Result of stalemate.
    pub stalemate: StalemateResult,
    /// Plies without capture or reset move after which a draw may be claimed.
    pub n_move_claim_plies: Option<u32>,
    /// Plies after which the game is drawn automatically.
    pub n_move_automatic_plies: Option<u32>,
    /// Occurrences for a repetition claim.
    pub repetition_claim: Option<u32>,
    /// Occurrences for an automatic repetition draw.
    pub repetition_automatic: Option<u32>,
    /// A side with no piece of any of these kinds on the board loses.
    pub extinction: Vec<KindId>,
    /// A royal piece ending a move in its side's zone wins.
    pub royal_zone: Option<[CellSet; 2]>,
}

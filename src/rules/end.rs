//! How a game ends, as the variant file declares it: checkmate and stalemate (with the
//! result they give), extinction of kinds, a bare king, goals (a piece reaching a zone), the
//! n-th check, and the rules that restrict moves for the same purpose (compulsory
//! captures, no checks, a royal piece that may not flee check); the n-move rule and
//! repetition.

use crate::types::{CellSet, Color, KindId};

/// The result a rule gives the side it is about (the mated, stalemated, extinct or bare
/// side).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// That side loses.
    Loss,
    /// That side wins.
    Win,
    /// Drawn.
    Draw,
}

/// How stalemate ends the game, for the stalemated side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StalemateResult {
    /// Draw.
    Draw,
    /// The stalemated side wins.
    Win,
    /// The stalemated side loses.
    Loss,
    /// The side with fewer pieces wins; equal numbers draw.
    FewerPieces,
}

/// A side loses (or wins) when it runs out of some kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extinction {
    /// The kinds counted; `None` counts all the side's pieces together.
    pub kinds: Option<Vec<KindId>>,
    /// Fires when any listed kind is extinct (else when all are).
    pub any: bool,
    /// A kind is extinct when fewer than this many of its pieces are left.
    pub below: u32,
    /// The extinct side's result.
    pub result: Verdict,
}

/// A side left with royal pieces only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BareKing {
    /// The bared side's result.
    pub result: Verdict,
    /// The bared side gets one more move; baring the other side with it draws.
    pub bare_back: bool,
}

/// A piece of one of these kinds ending a move in its side's zone wins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    /// The kinds.
    pub kinds: Vec<KindId>,
    /// The zone per side.
    pub zone: [CellSet; 2],
    /// When White reaches its goal first, Black gets one more move; reaching its own goal
    /// with it draws.
    pub catch_up: bool,
}

/// How two passes in a row end the game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PassEnd {
    /// Drawn.
    Draw,
    /// The side with more points wins (piece values; Black adds `black_bonus`); equal
    /// points draw.
    Points {
        /// Points Black adds.
        black_bonus: f64,
    },
}

/// A side not in check may pass instead of moving.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PassRule {
    /// Two passes in a row end the game so; `None`: the game goes on.
    pub after_both: Option<PassEnd>,
}

/// Captures explode: the capturing piece and every piece next to the target cell are removed
/// with the captured one, except immune kinds next to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Explosion {
    /// Kinds a neighbouring explosion does not remove.
    pub immune: crate::types::KindSet,
}

/// Game-end rules.
#[derive(Debug, Clone)]
pub struct EndRules {
    /// The mated side's result; `None`: checkmate is not a rule.
    pub checkmate: Option<Verdict>,
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
    /// When a repetition ends the game and one side checked with every move since the
    /// position first occurred, that side loses instead (Shogi).
    pub perpetual_check_loses: bool,
    /// Extinction rule per side.
    pub extinction: [Option<Extinction>; 2],
    /// The bare-king rule.
    pub bare_king: Option<BareKing>,
    /// Goals (the old `royal_zone` is a goal of the royal kinds).
    pub goals: Vec<Goal>,
    /// When a capture is legal, only captures are.
    pub forced_capture: bool,
    /// The side that gives this many checks wins.
    pub n_check: Option<u8>,
    /// Moves may give check.
    pub giving_check: bool,
    /// In check, a royal piece may move away (else it may only capture the checker).
    pub royal_may_flee_check: bool,
    /// Passing, and how two passes in a row end the game.
    pub pass: Option<PassRule>,
    /// Explosions on capture; a side whose royal pieces have all exploded loses.
    pub explosion: Option<Explosion>,
}

impl EndRules {
    /// The extinction rule of one side.
    pub fn extinction_of(&self, color: Color) -> Option<&Extinction> {
        self.extinction[color.index()].as_ref()
    }

    /// Whether a rule can decide the game from the board alone (extinction, bare king,
    /// goals, n-check): positions are then checked before moves are generated.
    pub fn has_board_decisions(&self) -> bool {
        self.extinction.iter().any(Option::is_some)
            || self.bare_king.is_some()
            || !self.goals.is_empty()
            || self.n_check.is_some()
            || self.explosion.is_some()
            || self.pass.is_some_and(|p| p.after_both.is_some())
    }

    /// Whether a rule filters the legal moves after generation (compulsory captures, no
    /// checks, no fleeing check).
    pub fn filters_moves(&self) -> bool {
        self.forced_capture || !self.giving_check || !self.royal_may_flee_check
    }
}

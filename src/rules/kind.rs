//! A piece kind as the variant declares it, resolved against the other kinds: letter, name,
//! Betza moves, royalty, promotion, castling partners and the special rules it obeys.

use std::sync::Arc;

use super::hook::Hook;
use crate::types::{CellSet, Color, KindId};

/// Per-kind summary bits, so the hot path can skip lookups for plain kinds.
pub mod kind_flag {
    /// The kind has a hook.
    pub const HOOK: u8 = 1;
    /// The kind has `when_adjacent_to` extra moves.
    pub const ADJACENT: u8 = 2;
    /// The kind's starting pieces make their first move without capturing.
    pub const FIRST_MOVE_RESTRICTED: u8 = 4;
    /// The kind's initial moves depend on an `initial_zone`.
    pub const INITIAL_ZONE: u8 = 8;
    /// The kind castles or is a castling partner.
    pub const CASTLING: u8 = 16;
    /// The kind has promotion rules.
    pub const PROMOTES: u8 = 32;
}

/// One promotion rule of a piece of one side.
#[derive(Debug, Clone)]
pub struct Promotion {
    /// Cells where a move ending there promotes (empty for adjacency rules).
    pub zone: CellSet,
    /// The move ends next to an enemy piece of one of these kinds.
    pub adjacent_to_enemy: Vec<KindId>,
    /// Kinds it may become (each a separate move).
    pub to: Vec<KindId>,
    /// It must promote (otherwise not promoting is also a move).
    pub forced: bool,
    /// Only to a kind its side has fewer of on the board than in the setup.
    pub only_lost: bool,
    /// A move that starts in the zone promotes too (Shogi).
    pub from_zone: bool,
}

/// A piece kind.
#[derive(Debug, Clone)]
pub struct PieceKind {
    /// Table key in the file (`king`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Upper-case letter (White); Black uses the lower case.
    pub letter: char,
    /// The Betza strings as written, per side (White's first; the same unless the file
    /// wrote them per side).
    pub betza: [Vec<String>; 2],
    /// Royal, per side: may not be left attacked; checkmating it wins.
    pub royal: [bool; 2],
    /// Material value in pawns, if given.
    pub value: Option<f64>,
    /// Promotion rules per side, in priority order: the first whose trigger holds decides.
    pub promotion: [Vec<Promotion>; 2],
    /// Kinds this piece castles with, per side.
    pub castles_with: [Vec<KindId>; 2],
    /// The files (indices) castling ends on, towards the lower files and towards the higher
    /// (Chess960); `None`: the `O` distance.
    pub castles_to: Option<[u8; 2]>,
    /// Its moves reset the n-move counter.
    pub resets_n_move: bool,
    /// Its never-moved state matters (initial moves, castling) and is tracked.
    pub tracks_unmoved: bool,
    /// Cells (per colour) from which its initial (`i`) moves are allowed; `None` = while it
    /// has never moved.
    pub initial_zone: Option<[CellSet; 2]>,
    /// False: a piece of this kind that starts the game on the board makes its first move
    /// without capturing (and attacks nothing before it).
    pub first_move_captures: bool,
    /// Every move of this kind keeps the cell colour (a Bishop, a Ferz).
    pub color_bound: bool,
    /// A native move mechanism.
    pub hook: Option<Arc<dyn Hook>>,
    /// Friendly kinds whose adjacency gives this kind its extra (`when_adjacent_to`) moves.
    pub adjacent_kinds: Vec<KindId>,
    /// The extra moves' Betza strings, as written.
    pub adjacent_betza: Vec<String>,
    /// It has castling (`O`) moves.
    pub castles: bool,
    /// Its initial moves end when its side is first put in check.
    pub initial_until_checked: bool,
    /// The region its `betza` moves never leave.
    pub confined_to: Option<String>,
    /// Its `extra_moves` groups.
    pub extra_moves: Vec<super::ExtraMoves>,
    /// Kinds it never captures.
    pub cannot_capture: Vec<KindId>,
    /// Kinds its hopping moves cannot hop over.
    pub cannot_hop_over: Vec<KindId>,
    /// A side may not promote to this kind while it has this many on the board.
    pub max_count: Option<u32>,
    /// The mark position strings add to the letter: `+` before it (`+P`, Shogi's promoted
    /// pieces) or `~` after it (`Q~`, Crazyhouse's promoted pieces); kinds with a mark may
    /// share their letter with an unmarked kind.
    pub mark: Option<char>,
    /// The kind a captured piece of this kind becomes in the captor's hand (itself unless
    /// the file says `in_hand_as`).
    pub in_hand_as: KindId,
}

impl PieceKind {
    /// Whether pieces of this kind of `color` are royal.
    #[inline(always)]
    pub fn is_royal(&self, color: Color) -> bool {
        self.royal[color.index()]
    }

    /// Whether pieces of this kind are royal for either side.
    pub fn royal_for_some_side(&self) -> bool {
        self.royal[0] || self.royal[1]
    }

    /// The promotion rules of the kind's pieces of `color`.
    #[inline(always)]
    pub fn promotions(&self, color: Color) -> &[Promotion] {
        &self.promotion[color.index()]
    }

    /// The kinds the kind's pieces of `color` castle with.
    #[inline(always)]
    pub fn partners(&self, color: Color) -> &[KindId] {
        &self.castles_with[color.index()]
    }

    /// How position strings write a piece of this kind of `color`: the letter (lower case
    /// for Black) with its mark (`+p`, `Q~`).
    pub fn symbol(&self, color: Color) -> String {
        let letter = if color == Color::White {
            self.letter
        } else {
            self.letter.to_ascii_lowercase()
        };
        match self.mark {
            Some('+') => format!("+{letter}"),
            Some(m) => format!("{letter}{m}"),
            None => letter.to_string(),
        }
    }

    /// Whether the kind has a hook that borrows other kinds' moves (such a kind lends none).
    pub fn borrows_moves(&self) -> bool {
        self.hook.as_ref().is_some_and(|h| h.borrows_moves())
    }
}

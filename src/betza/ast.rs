//! The Betza abstract syntax tree: what a Betza string says, independent of any board.
//!
//! A piece is a list of [`BetzaMove`]s. Each move is one atom (a capital letter such as `N`
//! or a compound such as `Q`) with the modifiers written before it, split into legs by the
//! `a` ("again") modifier. Interpreting directions and atoms on a concrete board is the
//! compiler's job (`crate::compile`), never this module's.

use std::ops::Range;

/// A byte range inside the Betza string that was parsed (not inside the TOML file).
pub type Span = Range<usize>;

/// A parsed Betza string: the union of its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaPiece {
    /// The moves in the order they were written.
    pub moves: Vec<BetzaMove>,
}

/// One atom with its modifiers, e.g. `ifmnD` or `mafsW`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaMove {
    /// The legs, first to last. A move without `a` has exactly one leg. The atom applies to
    /// every leg; the last leg is where the move ends.
    pub legs: Vec<Leg>,
    /// `i`: only while the piece has never moved (anywhere in the move's modifiers).
    pub initial: bool,
    /// The atom letter (or explicit leap) this move is built from.
    pub atom: Atom,
    /// Range suffix or doubling.
    pub range: RangeSpec,
    /// The whole move, modifiers through range.
    pub span: Span,
}

/// The modifiers of one leg.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Leg {
    /// Direction groups (`f`, `fs`, `lh`, ...); empty means "every direction".
    pub directions: Vec<Direction>,
    /// Modality letters written on this leg; all false means the default
    /// (`mc` on the last leg, `m` on earlier legs).
    pub modality: Modality,
    /// `n`: lame — every cell the leap passes over must be empty.
    pub lame: bool,
    /// `j`: must jump — on a leaper the cell passed over must be occupied; on a slider the
    /// first cell is skipped whatever it holds.
    pub jump: bool,
    /// `p` or `g`: a hopper leg.
    pub hop: Option<Hop>,
    /// The modifiers of this leg (may be empty when the leg has none).
    pub span: Span,
}

/// What a move may do on its destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Modality {
    /// `m`: move to an empty cell.
    pub move_to_empty: bool,
    /// `c`: capture an enemy piece.
    pub capture: bool,
    /// `d`: capture (destroy) a friendly piece.
    pub destroy_friend: bool,
    /// `e`: capture en passant.
    pub en_passant: bool,
}

impl Modality {
    /// No modality letter was written.
    pub fn is_default(&self) -> bool {
        !(self.move_to_empty || self.capture || self.destroy_friend || self.en_passant)
    }
}

/// The kind of hop a leg makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hop {
    /// `p`: cannon-like — pass exactly one piece (the screen) anywhere on the line.
    Cannon,
    /// `g`: grasshopper-like — pass one piece and land immediately behind it.
    Grasshopper,
}

/// One direction group as written: a letter, or two letters that combine
/// (`f`, `fs`, `ff`, `lh`, `rf` ...). Single letters are kept as written; the compiler
/// decides what they select for each atom kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Direction {
    /// First letter: one of `f b l r v s h`.
    pub first: char,
    /// Second letter when the two combine into one group.
    pub second: Option<char>,
    /// Where the group is written.
    pub span: Span,
}

/// An atom: a named capital letter or an explicit leap `(x,y)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Atom {
    /// A capital letter: `W F D N A H C L Z J G K Q R B O`.
    Letter(char),
    /// An explicit leap written `(x,y)`, e.g. `(4,1)` for a Giraffe.
    Leap(u8, u8),
}

/// How far the atom repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeSpec {
    /// Nothing written: a leaper, or the natural range of a slider compound (`R`, `B`, `Q`).
    Default,
    /// A number `n` written after the atom (`R4`, `W2`; `O3` for castling distance).
    Limited(u8),
    /// `0` or a doubled letter (`N0`, `NN`): unlimited rider.
    Unlimited,
}

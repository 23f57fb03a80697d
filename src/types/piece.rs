//! Sides and pieces: a [`Piece`] is a kind (an index into the variant's piece kinds) and a
//! [`Color`].

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, upper-case letters, starts at the bottom.
    White = 0,
    /// Lower-case letters, starts at the top.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// "White" or "Black".
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// Index of a piece kind in the variant's kinds, in file order.
pub type KindId = u8;

/// A piece on a cell: kind and colour, encoded as `1 + 2 * kind + colour` so that a board
/// cell holds one byte and 0 means empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// Build from kind and colour.
    #[inline(always)]
    pub fn new(kind: KindId, color: Color) -> Piece {
        Piece(1 + 2 * kind + color as u8)
    }

    /// The piece whose [`Piece::index`] is `index`.
    #[inline(always)]
    pub fn from_index(index: usize) -> Piece {
        Piece(index as u8 + 1)
    }

    /// The piece a non-zero board code stands for (see [`Piece::code`]).
    #[inline(always)]
    pub(crate) fn from_code(code: u8) -> Piece {
        debug_assert!(code != 0);
        Piece(code)
    }

    /// The byte a board cell holds for this piece (never 0).
    #[inline(always)]
    pub(crate) fn code(self) -> u8 {
        self.0
    }

    /// The piece's kind.
    #[inline(always)]
    pub fn kind(self) -> KindId {
        (self.0 - 1) >> 1
    }

    /// The piece's colour.
    #[inline(always)]
    pub fn color(self) -> Color {
        if (self.0 - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Index into per-(kind, colour) tables: `2 * kind + colour`.
    #[inline(always)]
    pub fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

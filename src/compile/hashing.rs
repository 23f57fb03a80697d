//! Zobrist keys for a variant: random 64-bit keys from a fixed seed, so that the same file
//! always hashes positions the same way (hashes can be compared across runs).

use crate::board::{Zobrist, HAND_COUNTS, MAX_CHECKS};
use crate::types::{Cell, Piece, PieceCellTable};

/// Keys for `pieces` pieces (twice the kinds) on `cells` cells; with `hands`, also keys for
/// every count of every piece in hand.
pub(super) fn zobrist_keys(pieces: usize, cells: usize, hands: bool) -> Zobrist {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut piece = PieceCellTable::new(pieces, cells, 0);
    for index in 0..pieces {
        for cell in 0..cells {
            *piece.get_mut(Piece::from_index(index), Cell::from_index(cell)) = next();
        }
    }
    let black = next();
    let en_passant = (0..cells).map(|_| next()).collect();
    let unmoved = (0..cells).map(|_| next()).collect();
    // No checks given hashes as nothing, so variants without check counting are unaffected.
    let mut checks = [[0; MAX_CHECKS + 1]; 2];
    for side in &mut checks {
        for key in side.iter_mut().skip(1) {
            *key = next();
        }
    }
    // Per (piece, count in hand); an empty hand hashes as nothing.
    let hand = if hands {
        (0..pieces * HAND_COUNTS)
            .map(|i| if i % HAND_COUNTS == 0 { 0 } else { next() })
            .collect()
    } else {
        Vec::new()
    };
    Zobrist {
        piece,
        hand,
        black,
        en_passant,
        unmoved,
        checks,
    }
}

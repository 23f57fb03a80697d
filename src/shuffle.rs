//! Random start positions (`[setup] shuffle`, Chess960): the arrangements of the shuffled
//! pieces that meet the constraints, in a fixed order (by kind ids, cell by cell in file
//! order), and the start position of one of them, chosen by its index or by a seed.

use crate::fen::parse_fen;
use crate::position::Position;
use crate::rules::{Rules, Shuffle};
use crate::types::{Color, KindId, Piece};

/// Every arrangement of the shuffled pieces (one kind or `None` per cell, in the order of
/// `shuffle.cells`) that meets the constraints, in lexicographic order.
pub fn arrangements<'a>(
    rules: &'a Rules,
    shuffle: &'a Shuffle,
) -> impl Iterator<Item = Vec<Option<KindId>>> + 'a {
    let mut next = Some(shuffle.pieces.clone());
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut following = current.clone();
        if next_permutation(&mut following) {
            next = Some(following);
        }
        Some(current)
    })
    .filter(move |a| meets_constraints(rules, shuffle, a))
}

/// Step to the next lexicographic permutation; false after the last.
fn next_permutation<T: Ord>(v: &mut [T]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("a larger element");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// Whether an arrangement meets the shuffle's constraints.
fn meets_constraints(rules: &Rules, shuffle: &Shuffle, arrangement: &[Option<KindId>]) -> bool {
    let g = &rules.geometry;
    for &k in &shuffle.opposite_colours {
        let colours: Vec<u8> = shuffle
            .cells
            .iter()
            .zip(arrangement)
            .filter(|(_, &a)| a == Some(k))
            .map(|(&c, _)| g.color_of(c))
            .collect();
        if colours.len() >= 2 && colours.iter().all(|&c| c == colours[0]) {
            return false;
        }
    }
    if let Some((kind, outer)) = shuffle.between {
        let files = |k: KindId| {
            shuffle
                .cells
                .iter()
                .zip(arrangement)
                .filter(move |(_, &a)| a == Some(k))
                .map(|(&c, _)| g.coords(c).0)
        };
        let (lo, hi) = (files(outer).min(), files(outer).max());
        for x in files(kind) {
            if !matches!((lo, hi), (Some(lo), Some(hi)) if lo < x && x < hi) {
                return false;
            }
        }
    }
    true
}

/// How many start positions the variant has: the arrangements of its shuffle, or 1.
pub fn setup_count(rules: &Rules) -> usize {
    rules.shuffle.as_ref().map_or(1, |s| s.count)
}

/// The start position with the `index`-th arrangement (`index < setup_count`); the written
/// start position for a variant without a shuffle. `None` when `index` is too large.
pub fn shuffled_start(rules: &Rules, index: usize) -> Option<Position> {
    let mut pos = parse_fen(rules, rules.start_fen()).ok()?;
    let Some(shuffle) = &rules.shuffle else {
        return (index == 0).then_some(pos);
    };
    let arrangement = arrangements(rules, shuffle).nth(index)?;
    let g = &rules.geometry;
    let mut unmoved = *pos.unmoved();
    for (&cell, kind) in shuffle.cells.iter().zip(&arrangement) {
        for (cell, color) in [(cell, Color::White), (g.mirror(cell), Color::Black)] {
            pos.take(rules, cell);
            unmoved.remove(cell);
            if let Some(k) = *kind {
                pos.put(rules, cell, Piece::new(k, color));
                // Every piece starts unmoved; the position string keeps what matters.
                if rules.kinds[k as usize].tracks_unmoved {
                    unmoved.insert(cell);
                }
            }
        }
    }
    pos.set_unmoved(rules, unmoved);
    Some(pos)
}

/// The start position drawn by `seed` (the same seed always gives the same position).
pub fn seeded_start(rules: &Rules, seed: u64) -> Option<Position> {
    // splitmix64: a well-mixed index from any seed.
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    shuffled_start(rules, (z % setup_count(rules) as u64) as usize)
}

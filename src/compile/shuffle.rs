//! `[setup] shuffle`: the cells whose pieces are drawn at random, checked against the start
//! position (Black's pieces must mirror White's), and the number of arrangements the
//! constraints allow (Chess960: 960).

use super::pieces::resolve_id;
use super::zones::cell_range;
use crate::diagnostics::Diagnostic;
use crate::position::Position;
use crate::rules::{Rules, Shuffle};
use crate::types::{Color, KindId};
use crate::variant::{ShuffleSpec, VariantSpec};

/// The most arrangements (before the constraints) a shuffle may have.
const MAX_PERMUTATIONS: u64 = 2_000_000;

/// Compile the shuffle of the start position `pos`.
pub(super) fn compile_shuffle(
    spec: &VariantSpec,
    rules: &Rules,
    pos: &Position,
    shuffle: &ShuffleSpec,
    diags: &mut Vec<Diagnostic>,
) -> Option<Shuffle> {
    let g = &rules.geometry;
    let before = diags.len();
    let mut cells = Vec::new();
    for c in &shuffle.cells {
        match cell_range(g, &c.value) {
            Ok(list) => cells.extend(list),
            Err(message) => diags.push(Diagnostic::error(message, c.span.clone())),
        }
    }
    cells.sort_by_key(|&c| (g.coords(c).0, g.coords(c).1));
    cells.dedup();
    let opposite_colours: Vec<KindId> = shuffle
        .opposite_colours
        .iter()
        .filter_map(|id| resolve_id(spec, id, diags))
        .collect();
    let between = shuffle.between.as_ref().and_then(|b| {
        Some((
            resolve_id(spec, &b.kind, diags)?,
            resolve_id(spec, &b.outer, diags)?,
        ))
    });
    if diags.len() > before {
        return None;
    }
    let mut pieces = Vec::new();
    for &cell in &cells {
        let white = pos.piece_at(cell);
        let black = pos.piece_at(g.mirror(cell));
        if white.is_some_and(|p| p.color() != Color::White) {
            diags.push(
                Diagnostic::error(
                    format!("the shuffled cell {} holds a Black piece", g.name(cell)),
                    shuffle.span.clone(),
                )
                .with_hint("`cells` names White's cells; Black's are their mirror images"),
            );
            return None;
        }
        let mirrored = match (white, black) {
            (None, None) => true,
            (Some(w), Some(b)) => b.color() == Color::Black && b.kind() == w.kind(),
            _ => false,
        };
        if !mirrored {
            diags.push(
                Diagnostic::error(
                    format!(
                        "Black's piece on {} does not mirror White's on {}",
                        g.name(g.mirror(cell)),
                        g.name(cell)
                    ),
                    shuffle.span.clone(),
                )
                .with_hint("a shuffle moves Black's pieces as White's, so they must start alike"),
            );
            return None;
        }
        pieces.push(white.map(|p| p.kind()));
    }
    pieces.sort();
    if let Some(too_many) = distinct_orders_above(&pieces, MAX_PERMUTATIONS) {
        diags.push(Diagnostic::error(
            format!(
                "this shuffle has {too_many} orders of its pieces (at most {MAX_PERMUTATIONS})"
            ),
            shuffle.span.clone(),
        ));
        return None;
    }
    let mut compiled = Shuffle {
        cells,
        pieces,
        opposite_colours,
        between,
        count: 0,
    };
    compiled.count = crate::shuffle::arrangements(rules, &compiled).count();
    if compiled.count == 0 {
        diags.push(Diagnostic::error(
            "no order of the shuffled pieces meets the constraints",
            shuffle.span.clone(),
        ));
        return None;
    }
    Some(compiled)
}

/// The number of distinct orders of the sorted `pieces` (a multinomial coefficient), as a
/// phrase, when it is above `limit`; `None` when it is not. Counted one factor at a time, so a
/// shuffle of many cells cannot overflow: past the limit it stops and says "more than".
fn distinct_orders_above<T: PartialEq>(pieces: &[T], limit: u64) -> Option<String> {
    let mut orders: u128 = 1;
    let mut placed: u128 = 0;
    for run in pieces.chunk_by(|a, b| a == b) {
        // Multiplying by C(placed + k, k) one step at a time keeps every value whole.
        for k in 1..=run.len() as u128 {
            placed += 1;
            orders = orders * placed / k;
            if orders > u128::from(limit) {
                return Some(
                    if placed as usize == pieces.len() && k == run.len() as u128 {
                        orders.to_string()
                    } else {
                        format!("more than {limit}")
                    },
                );
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::distinct_orders_above;

    #[test]
    fn distinct_orders_count_repeated_pieces_once() {
        // "aab" has 3 orders, "aabbc" 5!/(2!2!) = 30.
        assert_eq!(
            distinct_orders_above(&['a', 'a', 'b'], 2).as_deref(),
            Some("3")
        );
        assert_eq!(distinct_orders_above(&['a', 'a', 'b'], 3), None);
        assert_eq!(
            distinct_orders_above(&['a', 'a', 'b', 'b', 'c'], 29).as_deref(),
            Some("30")
        );
        assert_eq!(distinct_orders_above(&['a', 'a', 'b', 'b', 'c'], 30), None);
    }

    #[test]
    fn distinct_orders_of_many_pieces_do_not_overflow() {
        // 40 distinct pieces: 40! is far past u64 and u128 alike.
        let pieces: Vec<u32> = (0..40).collect();
        assert_eq!(
            distinct_orders_above(&pieces, 2_000_000).as_deref(),
            Some("more than 2000000")
        );
    }
}

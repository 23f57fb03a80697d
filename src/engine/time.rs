//! The time manager: how long a search may take, as pure functions of the [`Limits`] (so
//! they can be tested without a clock).
//!
//! A search has two budgets. The **soft** one is the time the move should take: iterative
//! deepening does not start an iteration it could not finish in it, and stretches or shrinks
//! it by how settled the search is ([`stop_after_iteration`]). The **hard** one is the most
//! it may ever take: the search is interrupted there.
//!
//! - `movetime`: both budgets are the given time (the engine uses it all).
//! - A clock: `moves_to_go` moves are planned for (30 when the control has no move count,
//!   never more than 50), after keeping [`OVERHEAD`] per planned move for the protocol: the
//!   soft budget is the remaining time shared over those moves plus 3/4 of the increment;
//!   the hard budget is five soft budgets but never more than 2/5 of what is left (with one
//!   move to go, 3/4 of it). Both are at least 1 ms.
//! - Both given: the smaller of each.
//! - `infinite`: no budget unless `movetime` is also given.

use std::time::Duration;

use super::{Clock, Limits};

/// Time kept back per planned move for the protocol and the operating system.
pub const OVERHEAD: Duration = Duration::from_millis(10);

/// Moves planned for when the clock has no `moves_to_go`.
pub const DEFAULT_MOVES_TO_GO: u32 = 30;

/// The time budgets of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimePlan {
    /// The time the move should take (`None`: no time limit).
    pub soft: Option<Duration>,
    /// The time the search may never exceed (`None`: no time limit).
    pub hard: Option<Duration>,
}

fn min_opt(a: Option<Duration>, b: Option<Duration>) -> Option<Duration> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The budgets a clock allows: `(soft, hard)`.
pub fn clock_budgets(clock: &Clock) -> (Duration, Duration) {
    let ms = Duration::from_millis;
    let mtg = clock
        .moves_to_go
        .unwrap_or(DEFAULT_MOVES_TO_GO)
        .clamp(1, 50);
    let usable = clock
        .remaining
        .saturating_sub(OVERHEAD * mtg.min(10))
        .max(ms(1));
    let soft = usable / mtg + clock.increment * 3 / 4;
    let cap = if mtg == 1 {
        usable * 3 / 4
    } else {
        usable * 2 / 5
    };
    let hard = (soft * 5).min(cap).max(ms(1));
    (soft.min(hard).max(ms(1)), hard)
}

impl TimePlan {
    /// The budgets for these limits.
    pub fn new(limits: &Limits) -> TimePlan {
        if limits.infinite {
            return TimePlan {
                soft: limits.movetime,
                hard: limits.movetime,
            };
        }
        let clock = limits.clock.as_ref().map(clock_budgets);
        TimePlan {
            soft: min_opt(limits.movetime, clock.map(|c| c.0)),
            hard: min_opt(limits.movetime, clock.map(|c| c.1)),
        }
    }
}

/// How settled the search is after an iteration, for [`stop_after_iteration`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stability {
    /// Iterations in a row that ended with the same best move (0: it just changed).
    pub same_best: u32,
    /// How much the score fell since the previous iteration, in centipawns (0 if it rose).
    pub score_drop: i32,
}

/// Whether iterative deepening should stop after an iteration that ended `elapsed` into
/// the search, rather than start the next one. With a fixed `movetime` (soft = hard) the
/// search runs until the hard budget interrupts it. Otherwise the soft budget is scaled by
/// stability — ×1.6 when the best move just changed, ×0.6 after six unchanged iterations,
/// up to ×1.5 more when the score fell — and the search stops once half of that is used
/// (the next iteration would take about as long as all before it), or the scaled budget
/// reaches the hard one.
pub fn stop_after_iteration(plan: &TimePlan, elapsed: Duration, stability: Stability) -> bool {
    let (Some(soft), Some(hard)) = (plan.soft, plan.hard) else {
        return false;
    };
    if soft >= hard {
        return elapsed >= hard;
    }
    let change = match stability.same_best {
        0 => 1.6,
        1 => 1.2,
        2..=5 => 1.0,
        _ => 0.6,
    };
    let fall = 1.0 + (stability.score_drop.clamp(0, 100) as f64 / 200.0);
    let target = soft.mul_f64(change * fall).min(hard);
    elapsed * 2 >= target
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_uses_all_of_it() {
        let plan = TimePlan::new(&Limits::movetime(ms(100)));
        assert_eq!(plan.soft, Some(ms(100)));
        assert_eq!(plan.hard, Some(ms(100)));
        assert!(!stop_after_iteration(&plan, ms(99), Stability::default()));
        assert!(stop_after_iteration(&plan, ms(100), Stability::default()));
    }

    #[test]
    fn sudden_death_clock_shares_the_time() {
        let clock = Clock {
            remaining: ms(60_000),
            increment: Duration::ZERO,
            moves_to_go: None,
        };
        let (soft, hard) = clock_budgets(&clock);
        // (60 s − 10 × 10 ms) / 30, and five of those.
        assert_eq!(soft, ms(59_900) / 30);
        assert_eq!(hard, ms(59_900) / 30 * 5);
    }
}

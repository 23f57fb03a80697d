//! XBoard's time controls (`level`, `st`, `sd`, `time`) and the search limits they make.
//! Every value is read by [`crate::cli::timing`]: a time that is not a finite number of
//! seconds up to a week is refused with a message and the previous control stays.

use std::time::Duration;

use fairyrules::engine::{Clock, Limits};

use crate::cli::timing;

/// Time taken off the clock for the time the GUI and the pipes take.
const OVERHEAD: Duration = Duration::from_millis(10);
/// Time per move when no control was given.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(2);

/// The time control as XBoard set it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `sd`: maximum depth.
    pub depth: Option<u32>,
    /// `st`: fixed time per move.
    pub fixed: Option<Duration>,
    /// `level`: moves per session (0: the whole game).
    pub moves_per_session: u32,
    /// `level`: increment per move.
    pub increment: Duration,
    /// `time` (or the `level` base): the engine's clock.
    pub remaining: Option<Duration>,
}

impl TimeControl {
    /// `st SECONDS`.
    pub fn set_fixed(&mut self, arg: &str) -> Result<(), String> {
        let t = timing::seconds(arg)?;
        if t.is_zero() {
            return Err("the time per move must be above 0".into());
        }
        self.fixed = Some(t);
        Ok(())
    }

    /// `sd DEPTH`.
    pub fn set_depth(&mut self, arg: &str) -> Result<(), String> {
        match arg.parse::<u64>() {
            Ok(d) if d > 0 => {
                self.depth = Some(d.min(u32::MAX as u64) as u32);
                Ok(())
            }
            _ => Err(format!("`{arg}` is not a depth (a whole number above 0)")),
        }
    }

    /// `level MPS BASE INC`: moves per session, base time (minutes or minutes:seconds),
    /// increment in seconds. Nothing changes when a field is bad.
    pub fn set_level(&mut self, args: &[&str]) -> Result<(), String> {
        let [mps, base, inc] = args else {
            return Err("expected `level MOVES BASE INCREMENT`".into());
        };
        let mps: u64 = mps
            .parse()
            .map_err(|_| format!("`{mps}` is not a number of moves"))?;
        let base = timing::minutes_or_mmss(base)?;
        let inc = timing::seconds(inc)?;
        self.fixed = None;
        self.moves_per_session = mps.min(u32::MAX as u64) as u32;
        self.remaining = Some(base);
        self.increment = inc;
        Ok(())
    }

    /// `time CENTISECONDS`: the engine's clock.
    pub fn set_remaining(&mut self, arg: &str) -> Result<(), String> {
        self.remaining = Some(timing::centiseconds(arg)?);
        Ok(())
    }

    /// The limits for the engine's next move; `played` is the number of its moves since the
    /// control began (for the moves left to the next session).
    pub fn limits(&self, played: u32) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.fixed {
            limits.movetime = Some(t);
        } else if let Some(left) = self.remaining {
            let mps = self.moves_per_session;
            limits.clock = Some(Clock {
                remaining: left.saturating_sub(OVERHEAD),
                increment: self.increment,
                moves_to_go: (mps > 0).then(|| mps - played % mps),
            });
        } else if self.depth.is_none() {
            limits.movetime = Some(DEFAULT_MOVETIME);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_controls_are_refused_and_change_nothing() {
        let mut tc = TimeControl::default();
        tc.set_level(&["40", "5", "0"]).unwrap();
        let before = tc.clone();
        for bad in [
            &["0", "inf", "0"][..],
            &["40", "1e300", "0"],
            &["40", "1:inf", "0"],
            &["40", "5", "inf"],
            &["40", "5", "1e19"],
            &["x", "5", "0"],
            &["40", "5"],
        ] {
            assert!(tc.set_level(bad).is_err(), "{bad:?}");
            assert_eq!(tc, before);
        }
        for bad in ["inf", "1e30", "NaN", "0", "-1"] {
            assert!(tc.set_fixed(bad).is_err(), "{bad}");
        }
        assert!(tc.set_remaining("18446744073709551615").is_err());
        assert_eq!(tc, before);
    }

    #[test]
    fn huge_sessions_do_not_overflow() {
        let mut tc = TimeControl::default();
        tc.set_level(&["4294967295", "5", "0"]).unwrap();
        for played in [0, 1, u32::MAX - 1, u32::MAX] {
            let l = tc.limits(played);
            let budget = l.time_budget().expect("a clock");
            assert!(budget <= Duration::from_secs(300), "{budget:?}");
        }
    }
}

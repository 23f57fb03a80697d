//! The `go` command: its parameters, read one by one (a bad one is reported and skipped, so
//! that the GUI still gets its `bestmove`), and the search limits they make.

use std::time::Duration;

use fairyrules::engine::search::{DEFAULT_DEPTH, MAX_DEPTH};
use fairyrules::engine::{Clock, Limits};
use fairyrules::Color;

use crate::cli::timing::milliseconds;

/// The parameters of one `go` command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// White's and Black's clocks.
    pub time: [Option<Duration>; 2],
    /// White's and Black's increments.
    pub increment: [Option<Duration>; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// Look for a mate in this many moves (searched as twice as many plies).
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search the expected position until `ponderhit` or `stop`.
    pub ponder: bool,
    /// What could not be read, for `info string` lines.
    pub problems: Vec<String>,
}

/// Every keyword `go` takes.
const KEYWORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

fn side_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Read the words after `go`.
pub fn parse(words: &[&str]) -> Go {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        i += 1;
        match key {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while i < words.len() && !KEYWORDS.contains(&words[i]) {
                    i += 1;
                }
                go.problems
                    .push("`searchmoves` is not supported: every legal move is searched".into());
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "movestogo" | "depth" | "nodes"
            | "mate" => {
                let Some(&value) = words.get(i).filter(|w| !KEYWORDS.contains(w)) else {
                    go.problems.push(format!("`{key}` needs a value"));
                    continue;
                };
                i += 1;
                if let Err(e) = go.set(key, value) {
                    go.problems.push(e);
                }
            }
            other => go
                .problems
                .push(format!("unknown `go` parameter `{other}`")),
        }
    }
    go
}

impl Go {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = |what: &str| format!("`{key} {value}`: {what}");
        let count = || -> Result<u64, String> {
            match value.parse::<i128>() {
                Ok(n) => Ok(n.clamp(0, u64::MAX as i128) as u64),
                Err(_) => Err(bad("not a whole number")),
            }
        };
        let time = || milliseconds(value).ok_or_else(|| bad("not a number of milliseconds"));
        match key {
            "wtime" => self.time[0] = Some(time()?),
            "btime" => self.time[1] = Some(time()?),
            "winc" => self.increment[0] = Some(time()?),
            "binc" => self.increment[1] = Some(time()?),
            "movetime" => self.movetime = Some(time()?),
            "movestogo" => {
                self.moves_to_go = Some(count()?.min(u32::MAX as u64) as u32).filter(|&n| n > 0)
            }
            "depth" => self.depth = Some(count()?.clamp(1, MAX_DEPTH as u64) as u32),
            "nodes" => self.nodes = Some(count()?.max(1)),
            "mate" => self.mate = Some(count()?.clamp(1, MAX_DEPTH as u64 / 2) as u32),
            _ => return Err(bad("unknown parameter")),
        }
        Ok(())
    }

    /// The limits for a search with `side` to move; `overhead` is taken off the clock for the
    /// time the GUI and the pipes take. A `movetime` is searched in full, as Stockfish does
    /// (and as XBoard's `st`): the GUI asked for that time, and an engine that kept 10 ms of
    /// 100 back played with 10% less time than its opponent. A ponder search runs as an
    /// infinite one (see [`Go::ponder_budget`] for what follows a `ponderhit`).
    pub fn limits(&self, side: Color, overhead: Duration) -> Limits {
        let s = side_index(side);
        let clock = self.time[s].map(|remaining| Clock {
            remaining: remaining.saturating_sub(overhead),
            increment: self.increment[s].unwrap_or_default(),
            moves_to_go: self.moves_to_go,
        });
        let mut limits = Limits {
            depth: match (self.depth, self.mate) {
                (Some(d), Some(m)) => Some(d.min(2 * m)),
                (d, m) => d.or(m.map(|m| 2 * m)),
            },
            movetime: self.movetime.map(|t| t.max(Duration::from_millis(1))),
            nodes: self.nodes,
            clock,
            infinite: self.infinite,
        };
        if self.ponder {
            limits.infinite = true;
            if limits.depth.is_none()
                && limits.nodes.is_none()
                && limits.time_budget().is_none()
                && !self.infinite
            {
                // After `ponderhit` nothing would end the search: stop where `go` alone would.
                limits.depth = Some(DEFAULT_DEPTH);
            }
        }
        limits
    }

    /// For `go ponder`: how long to go on searching after `ponderhit` (`None`: until the
    /// search ends by itself).
    pub fn ponder_budget(&self, side: Color, overhead: Duration) -> Option<Duration> {
        if self.infinite {
            return None;
        }
        let mut plain = self.clone();
        plain.ponder = false;
        plain.limits(side, overhead).time_budget()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn clocks_go_to_the_side_to_move() {
        let go = parse(&words(
            "wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20",
        ));
        assert!(go.problems.is_empty());
        let l = go.limits(Color::Black, Duration::from_millis(10));
        assert_eq!(
            l.clock,
            Some(Clock {
                remaining: Duration::from_millis(29_990),
                increment: Duration::from_millis(500),
                moves_to_go: Some(20)
            })
        );
        assert!(!l.infinite);
    }

    #[test]
    fn movetime_is_searched_in_full() {
        let go = parse(&words("movetime 100 wtime 60000"));
        let l = go.limits(Color::White, Duration::from_millis(10));
        assert_eq!(l.movetime, Some(Duration::from_millis(100)));
        assert_eq!(l.clock.unwrap().remaining, Duration::from_millis(59_990));
        let zero = parse(&words("movetime 0")).limits(Color::White, Duration::from_millis(10));
        assert_eq!(zero.movetime, Some(Duration::from_millis(1)));
    }

    #[test]
    fn bad_parameters_are_reported_and_skipped() {
        let go = parse(&words(
            "depth x movetime 100 nodes wtime -5 frobnicate searchmoves e2e4 depth 99999",
        ));
        assert_eq!(go.movetime, Some(Duration::from_millis(100)));
        assert_eq!(go.time[0], Some(Duration::ZERO));
        assert_eq!(go.depth, Some(MAX_DEPTH));
        assert_eq!(go.problems.len(), 4, "{:?}", go.problems);
    }

    #[test]
    fn huge_values_do_not_overflow() {
        let go = parse(&words(
            "wtime 99999999999999999999999 winc 18446744073709551615 movestogo 99999999999 nodes 99999999999999999999999",
        ));
        assert!(go.problems.is_empty(), "{:?}", go.problems);
        let l = go.limits(Color::White, Duration::from_millis(10));
        assert!(l.time_budget().is_some());
        assert_eq!(l.nodes, Some(u64::MAX));
    }

    #[test]
    fn ponder_searches_until_told() {
        let go = parse(&words("ponder wtime 10000 btime 10000"));
        let l = go.limits(Color::White, Duration::ZERO);
        assert!(l.infinite);
        assert!(go.ponder_budget(Color::White, Duration::ZERO).is_some());
        let bare = parse(&words("ponder"));
        assert_eq!(
            bare.limits(Color::White, Duration::ZERO).depth,
            Some(DEFAULT_DEPTH)
        );
    }
}

//! Ranges of the numeric command-line arguments, checked by clap before a command runs, so
//! that `--threads 0`, `--depth 0`, `--movetime 0`, `bench --seconds NaN` or
//! `perft FILE 4294967295` are refused with a clear message instead of being accepted
//! silently, misread or exhausting the memory.

/// Deepest perft (`perft`, `bench --max-depth`): far beyond what finishes in a lifetime on
/// any variant, small enough that the per-ply move buffers stay a few hundred KiB.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Deepest engine search (`--depth` of `play` and `match`), as the engine's own limit.
pub const MAX_SEARCH_DEPTH: u32 = fairyrules::engine::search::MAX_DEPTH;

/// Most threads of `--threads`.
pub const MAX_THREADS: u64 = 1024;

/// Longest `--movetime`: one day, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 24 * 3600 * 1000;

/// Longest `bench --seconds`: one day.
pub const MAX_BENCH_SECONDS: f64 = 24.0 * 3600.0;

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    ranged(text, 1, MAX_THREADS).map(|n| n as usize)
}

/// A perft depth: 0 to [`MAX_PERFT_DEPTH`].
pub fn perft_depth(text: &str) -> Result<u32, String> {
    ranged(text, 0, MAX_PERFT_DEPTH.into()).map(|n| n as u32)
}

/// `bench --max-depth`: 1 to [`MAX_PERFT_DEPTH`].
pub fn bench_depth(text: &str) -> Result<u32, String> {
    ranged(text, 1, MAX_PERFT_DEPTH.into()).map(|n| n as u32)
}

/// An engine search depth: 1 to [`MAX_SEARCH_DEPTH`].
pub fn search_depth(text: &str) -> Result<u32, String> {
    ranged(text, 1, MAX_SEARCH_DEPTH.into()).map(|n| n as u32)
}

/// `--movetime` in milliseconds: 1 to [`MAX_MOVETIME_MS`].
pub fn movetime(text: &str) -> Result<u64, String> {
    ranged(text, 1, MAX_MOVETIME_MS).map_err(|e| format!("{e} (milliseconds)"))
}

/// Most games (and openings) of `match`.
pub const MAX_GAMES: u64 = 1_000_000;

/// `match --games`, `--openings`: 1 to [`MAX_GAMES`].
pub fn games(text: &str) -> Result<usize, String> {
    ranged(text, 1, MAX_GAMES).map(|n| n as usize)
}

/// `match --opening-plies`: 0 to 64.
pub fn opening_plies(text: &str) -> Result<usize, String> {
    ranged(text, 0, 64).map(|n| n as usize)
}

/// `match --hash` in MiB: 1 to 4096, as `xboard --hash`.
pub fn hash_mb(text: &str) -> Result<usize, String> {
    ranged(text, 1, 4096).map(|n| n as usize)
}

/// A count that must be at least 1 (`--nodes`).
pub fn positive(text: &str) -> Result<u64, String> {
    match ranged(text, 1, u64::MAX) {
        Err(_) if text.parse::<u64>() == Ok(0) => Err("must be at least 1".into()),
        other => other,
    }
}

/// `bench --seconds`: a finite number of seconds above 0, at most [`MAX_BENCH_SECONDS`].
pub fn seconds(text: &str) -> Result<f64, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !s.is_finite() || s <= 0.0 || s > MAX_BENCH_SECONDS {
        return Err(format!(
            "{text} is not a number of seconds above 0 and at most {MAX_BENCH_SECONDS}"
        ));
    }
    Ok(s)
}

/// A whole number in `low..=high`, or a message saying why not.
fn ranged(text: &str, low: u64, high: u64) -> Result<u64, String> {
    let n: u64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number"))?;
    if !(low..=high).contains(&n) {
        return Err(format!("{n} is not in {low}..={high}"));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert!(threads("0").is_err());
        assert_eq!(threads("4"), Ok(4));
        assert!(perft_depth("4294967295").is_err());
        assert_eq!(perft_depth("0"), Ok(0));
        assert!(bench_depth("0").is_err());
        assert!(search_depth("0").is_err());
        assert!(movetime("0").is_err());
        assert!(seconds("NaN").is_err());
        assert!(seconds("-1").is_err());
        assert!(seconds("inf").is_err());
        assert_eq!(seconds("0.5"), Ok(0.5));
        assert!(positive("0").is_err());
    }
}

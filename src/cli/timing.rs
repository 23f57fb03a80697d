//! Times given by protocol commands, read without panics and bounded, so that no clock
//! arithmetic can overflow and no search can be asked to run for years.

use std::time::Duration;

/// The longest time a protocol may give (a clock, an increment, a time per move): one week.
pub const MAX_TIME: Duration = Duration::from_secs(7 * 24 * 3600);

/// A time within `0..=MAX_TIME` from a number of seconds.
fn bounded(secs: f64, text: &str) -> Result<Duration, String> {
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!("`{text}` is not a time"));
    }
    if secs > MAX_TIME.as_secs_f64() {
        return Err(format!(
            "`{text}` is too long a time (at most {} s)",
            MAX_TIME.as_secs()
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// A number of seconds (`0.5`, `30`).
pub fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    bounded(secs, text)
}

/// XBoard's `level` base time: minutes (`5`, `0.5`) or minutes:seconds (`1:30`).
pub fn minutes_or_mmss(text: &str) -> Result<Duration, String> {
    let bad = || format!("`{text}` is not minutes or minutes:seconds");
    let secs = match text.split_once(':') {
        Some((m, s)) => {
            let m: f64 = m.parse().map_err(|_| bad())?;
            let s: f64 = s.parse().map_err(|_| bad())?;
            if !(m.is_finite() && s.is_finite() && m >= 0.0 && s >= 0.0) {
                return Err(bad());
            }
            m * 60.0 + s
        }
        None => text.parse::<f64>().map_err(|_| bad())? * 60.0,
    };
    bounded(secs, text)
}

/// XBoard's `time`/`otim`: centiseconds, negative (over time) counted as 0.
pub fn centiseconds(text: &str) -> Result<Duration, String> {
    let cs: i128 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of centiseconds"))?;
    let ms = cs.max(0).saturating_mul(10);
    if ms > MAX_TIME.as_millis() as i128 {
        return Err(format!(
            "`{text}` centiseconds is too long a time (at most {} s)",
            MAX_TIME.as_secs()
        ));
    }
    Ok(Duration::from_millis(ms as u64))
}

/// UCI's milliseconds, negative (over time) counted as 0 and anything beyond
/// [`MAX_TIME`] as [`MAX_TIME`]; `None` when the text is not a whole number.
pub fn milliseconds(text: &str) -> Option<Duration> {
    let ms: i128 = text.parse().ok()?;
    let ms = ms.clamp(0, MAX_TIME.as_millis() as i128);
    Some(Duration::from_millis(ms as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_in_range_are_read() {
        assert_eq!(seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(minutes_or_mmss("1:30"), Ok(Duration::from_secs(90)));
        assert_eq!(minutes_or_mmss("2"), Ok(Duration::from_secs(120)));
        assert_eq!(centiseconds("-50"), Ok(Duration::ZERO));
        assert_eq!(centiseconds("123"), Ok(Duration::from_millis(1230)));
        assert_eq!(milliseconds("-10"), Some(Duration::ZERO));
        assert_eq!(milliseconds("99999999999999999999999"), Some(MAX_TIME));
        assert_eq!(milliseconds("1.5"), None);
    }

    #[test]
    fn hostile_times_are_errors() {
        for t in ["inf", "NaN", "1e30", "-1", "x", ""] {
            assert!(seconds(t).is_err(), "{t}");
        }
        for t in ["inf", "1e300", "1:inf", "inf:0", "1:-5", "a:b"] {
            assert!(minutes_or_mmss(t).is_err(), "{t}");
        }
        for t in [
            "18446744073709551615",
            "1e5",
            "99999999999999999999999999999999999999999",
        ] {
            assert!(centiseconds(t).is_err(), "{t}");
        }
    }
}

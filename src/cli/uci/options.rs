//! The UCI options: their declarations for the `uci` reply and the reading of `setoption`.

use std::time::Duration;

/// Largest transposition table, in MiB.
pub const HASH_MAX_MB: usize = 4096;
/// Transposition table size at start, in MiB.
pub const HASH_DEFAULT_MB: usize = 64;
/// Most search threads accepted.
pub const THREADS_MAX: usize = 256;
/// Most lines accepted for `MultiPV`.
pub const MULTIPV_MAX: usize = 256;
/// Largest `Move Overhead`, in milliseconds.
pub const OVERHEAD_MAX_MS: u64 = 5000;
/// `Move Overhead` at start, in milliseconds.
pub const OVERHEAD_DEFAULT_MS: u64 = 10;

/// What a `setoption` command asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Setting {
    /// `UCI_Variant`: play this variant (a short name).
    Variant(String),
    /// `VariantPath`: load more variant files or folders (separated as in `PATH`).
    VariantPath(String),
    /// `Hash`: table size in MiB.
    Hash(usize),
    /// `Clear Hash`.
    ClearHash,
    /// `Threads`.
    Threads(usize),
    /// `MultiPV`.
    MultiPv(usize),
    /// `Ponder`: the GUI may send `go ponder` (nothing to change in the engine).
    Ponder(bool),
    /// `Move Overhead`.
    MoveOverhead(Duration),
    /// `UCI_Chess960`.
    Chess960(bool),
    /// `Use Net`: play with the learned evaluation the variant file names (on at start).
    UseNet(bool),
}

/// The `option` lines of the `uci` reply. `variants` are the short names, `default` the
/// one selected at start.
pub fn declarations(variants: &[&str], default: &str) -> Vec<String> {
    let mut combo = format!("option name UCI_Variant type combo default {default}");
    for v in variants {
        combo.push_str(" var ");
        combo.push_str(v);
    }
    vec![
        combo,
        "option name VariantPath type string default <empty>".to_string(),
        format!("option name Hash type spin default {HASH_DEFAULT_MB} min 1 max {HASH_MAX_MB}"),
        "option name Clear Hash type button".to_string(),
        format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
        format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
        "option name Ponder type check default false".to_string(),
        "option name UCI_Chess960 type check default false".to_string(),
        format!(
            "option name Move Overhead type spin default {OVERHEAD_DEFAULT_MS} min 0 max {OVERHEAD_MAX_MS}"
        ),
        "option name Use Net type check default true".to_string(),
    ]
}

/// A spin value clamped into `min..=max`, with a note when it had to be.
fn spin(
    name: &str,
    value: &str,
    min: u64,
    max: u64,
    notes: &mut Vec<String>,
) -> Result<u64, String> {
    let n: i128 = value
        .trim()
        .parse()
        .map_err(|_| format!("option {name}: `{value}` is not a whole number"))?;
    let clamped = n.clamp(min as i128, max as i128) as u64;
    if clamped as i128 != n {
        notes.push(format!(
            "option {name}: {n} is outside {min}..{max}, using {clamped}"
        ));
    }
    Ok(clamped)
}

fn check(name: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!(
            "option {name}: `{value}` is neither true nor false"
        )),
    }
}

/// Read what follows `setoption` (`name Hash value 128`). Returns the setting and notes
/// (values clamped into range); an unknown option or unreadable value is an error.
pub fn parse_setoption(rest: &str) -> Result<(Setting, Vec<String>), String> {
    let rest = rest.trim();
    let after_name = rest
        .strip_prefix("name")
        .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        .ok_or_else(|| "setoption: expected `setoption name <id> [value <x>]`".to_string())?;
    // The name runs to the word `value`; the value is the rest of the line as written.
    let words: Vec<&str> = after_name.split_whitespace().collect();
    let (name_words, value) = match words.iter().position(|w| *w == "value") {
        Some(i) => {
            let mut at = 0;
            for w in &words[..=i] {
                at = after_name[at..].find(w).map_or(at, |p| at + p + w.len());
            }
            (&words[..i], Some(after_name[at..].trim()))
        }
        None => (&words[..], None),
    };
    let name = name_words.join(" ");
    let needs_value = || value.ok_or_else(|| format!("option {name} needs a value"));
    let mut notes = Vec::new();
    let setting = match name.to_ascii_lowercase().as_str() {
        "uci_variant" => Setting::Variant(needs_value()?.to_ascii_lowercase()),
        "variantpath" => Setting::VariantPath(needs_value()?.to_string()),
        "hash" => {
            Setting::Hash(spin(&name, needs_value()?, 1, HASH_MAX_MB as u64, &mut notes)? as usize)
        }
        "clear hash" => Setting::ClearHash,
        "threads" => {
            Setting::Threads(
                spin(&name, needs_value()?, 1, THREADS_MAX as u64, &mut notes)? as usize,
            )
        }
        "multipv" => {
            Setting::MultiPv(
                spin(&name, needs_value()?, 1, MULTIPV_MAX as u64, &mut notes)? as usize,
            )
        }
        "ponder" => Setting::Ponder(check(&name, needs_value()?)?),
        "move overhead" => Setting::MoveOverhead(Duration::from_millis(spin(
            &name,
            needs_value()?,
            0,
            OVERHEAD_MAX_MS,
            &mut notes,
        )?)),
        "uci_chess960" => Setting::Chess960(check(&name, needs_value()?)?),
        "use net" => Setting::UseNet(check(&name, needs_value()?)?),
        "" => return Err("setoption: no option name".to_string()),
        _ => return Err(format!("unknown option `{name}`")),
    };
    Ok((setting, notes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_spaces_and_values_with_spaces() {
        assert_eq!(
            parse_setoption("name Move Overhead value 30").unwrap().0,
            Setting::MoveOverhead(Duration::from_millis(30))
        );
        assert_eq!(
            parse_setoption("name VariantPath value /tmp/my  variants/x.toml")
                .unwrap()
                .0,
            Setting::VariantPath("/tmp/my  variants/x.toml".into())
        );
        assert_eq!(
            parse_setoption("name UCI_Variant value Hectochess")
                .unwrap()
                .0,
            Setting::Variant("hectochess".into())
        );
        assert_eq!(
            parse_setoption("name Clear Hash").unwrap().0,
            Setting::ClearHash
        );
    }

    #[test]
    fn out_of_range_values_are_clamped_with_a_note() {
        let (s, notes) = parse_setoption("name Hash value 18446744073709551615").unwrap();
        assert_eq!(s, Setting::Hash(HASH_MAX_MB));
        assert_eq!(notes.len(), 1);
        let (s, _) = parse_setoption("name Threads value -3").unwrap();
        assert_eq!(s, Setting::Threads(1));
    }

    #[test]
    fn bad_commands_are_errors() {
        for bad in [
            "",
            "nam Hash value 1",
            "name",
            "name Hash",
            "name Hash value lots",
            "name Nonsense value 1",
            "name Ponder value maybe",
        ] {
            assert!(parse_setoption(bad).is_err(), "{bad}");
        }
    }
}

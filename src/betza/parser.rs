//! Parser from Betza text to [`BetzaPiece`].
//!
//! The syntax lives in `grammar/betza.pest`; this module runs that grammar, turns the parse
//! tree into the AST, and turns pest's failures into [`BetzaError`]s worded for a variant
//! author (no grammar rule names). Spans are byte offsets into the Betza string itself;
//! callers shift them into the TOML file.

use super::ast::*;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;

/// The generated pest parser, kept private so its `Rule` enum is not part of the API.
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/betza.pest"]
    pub(super) struct BetzaGrammar;
}
use grammar::{BetzaGrammar, Rule};

/// A Betza syntax error, located inside the Betza string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte range of the offending text inside the Betza string.
    pub span: Span,
    /// What is wrong / what was expected.
    pub message: String,
    /// Optional suggestion.
    pub hint: Option<String>,
}

impl BetzaError {
    fn new(span: Span, message: impl Into<String>, hint: Option<String>) -> Self {
        BetzaError {
            span,
            message: message.into(),
            hint,
        }
    }
}

impl std::fmt::Display for BetzaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BetzaError {}

/// The atom letters, as listed in messages.
const ATOM_LETTERS: &str = "W F D N A H C L Z J G K Q R B O";
/// The modifier letters, as listed in messages.
const MODIFIER_LETTERS: &str = "f b l r v s h m c d e n j p g i a";

/// Parse a Betza string.
///
/// The empty string is a piece with no moves. Never panics.
///
/// ```
/// use fairyrules::betza::{parse_betza, Atom, RangeSpec};
/// let piece = parse_betza("mQcpQ").unwrap();
/// assert_eq!(piece.moves.len(), 2);
/// assert_eq!(piece.moves[1].atom, Atom::Letter('Q'));
/// assert_eq!(piece.moves[1].range, RangeSpec::Default);
/// assert_eq!(parse_betza("R 4").unwrap_err().span, 1..2);
/// ```
pub fn parse_betza(text: &str) -> Result<BetzaPiece, BetzaError> {
    let mut pairs = BetzaGrammar::parse(Rule::piece, text).map_err(|e| syntax_error(text, &e))?;
    let Some(piece) = pairs.next() else {
        return Ok(BetzaPiece { moves: Vec::new() });
    };
    let moves = piece
        .into_inner()
        .filter(|pair| pair.as_rule() == Rule::betza_move)
        .map(build_move)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(BetzaPiece { moves })
}

/// One `betza_move` pair: its legs, then its atom and range.
fn build_move(pair: Pair<'_, Rule>) -> Result<BetzaMove, BetzaError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let mut legs = Vec::new();
    let mut initial = false;
    let mut atom = None;
    let mut range = RangeSpec::Default;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::leg => legs.push(build_leg(part, &mut initial)),
            Rule::atom_letter => {
                // The rule matches exactly one ASCII capital.
                atom = part.as_str().chars().next().map(Atom::Letter);
            }
            Rule::explicit_leap => atom = Some(build_leap(part)?),
            Rule::doubled_letter => range = RangeSpec::Unlimited,
            Rule::range_number => range = build_range(&part)?,
            _ => {} // `again` only separates legs.
        }
    }
    let Some(atom) = atom else {
        // The grammar makes the atom mandatory; keep a located error rather than a panic.
        return Err(BetzaError::new(
            span.end..span.end,
            "modifiers must be followed by an atom",
            None,
        ));
    };
    Ok(BetzaMove {
        legs,
        initial,
        atom,
        range,
        span,
    })
}

/// One `leg` pair; an `i` anywhere in it marks the whole move as `initial`.
fn build_leg(pair: Pair<'_, Rule>, initial: &mut bool) -> Leg {
    let mut leg = Leg {
        span: pair.as_span().start()..pair.as_span().end(),
        ..Leg::default()
    };
    for modifier in pair.into_inner() {
        let letter = modifier.as_str().chars().next().unwrap_or_default();
        match modifier.as_rule() {
            Rule::direction => {
                let mut letters = modifier.as_str().chars();
                leg.directions.push(Direction {
                    first: letters.next().unwrap_or_default(),
                    second: letters.next(),
                    span: modifier.as_span().start()..modifier.as_span().end(),
                });
            }
            Rule::modality => match letter {
                'm' => leg.modality.move_to_empty = true,
                'c' => leg.modality.capture = true,
                'd' => leg.modality.destroy_friend = true,
                _ => leg.modality.en_passant = true,
            },
            Rule::lame => leg.lame = true,
            Rule::jump => leg.jump = true,
            Rule::hop if letter == 'g' => leg.hop = Some(Hop::Grasshopper),
            Rule::hop => leg.hop = Some(Hop::Cannon),
            Rule::initial => *initial = true,
            _ => {}
        }
    }
    leg
}

/// An `explicit_leap` pair `(x,y)`; each coordinate must fit in a `u8`.
fn build_leap(pair: Pair<'_, Rule>) -> Result<Atom, BetzaError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let mut coordinates = pair
        .into_inner()
        .filter(|part| part.as_rule() == Rule::leap_coordinate)
        .map(|part| {
            part.as_str().parse::<u8>().map_err(|_| {
                BetzaError::new(
                    part.as_span().start()..part.as_span().end(),
                    format!(
                        "leap coordinate {} is too large; the largest is 255",
                        part.as_str()
                    ),
                    None,
                )
            })
        });
    match (coordinates.next(), coordinates.next()) {
        (Some(x), Some(y)) => Ok(Atom::Leap(x?, y?)),
        // The grammar always gives two coordinates; stay total anyway.
        _ => Err(BetzaError::new(
            span,
            "an explicit leap needs two coordinates",
            None,
        )),
    }
}

/// A `range_number` pair: `0` is unlimited, anything above 255 an error on the number.
fn build_range(pair: &Pair<'_, Rule>) -> Result<RangeSpec, BetzaError> {
    match pair.as_str().parse::<u8>() {
        Ok(0) => Ok(RangeSpec::Unlimited),
        Ok(n) => Ok(RangeSpec::Limited(n)),
        Err(_) => Err(BetzaError::new(
            pair.as_span().start()..pair.as_span().end(),
            format!(
                "range {} is too large; the largest range is 255",
                pair.as_str()
            ),
            Some("write 0 or double the atom letter (NN) for an unlimited rider".into()),
        )),
    }
}

/// Turn a pest failure into a message about what was found and what could have been there.
fn syntax_error(text: &str, error: &pest::error::Error<Rule>) -> BetzaError {
    let position = match error.location {
        InputLocation::Pos(position) => position,
        InputLocation::Span((start, _)) => start,
    }
    .min(text.len());
    let positives: &[Rule] = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        ErrorVariant::CustomError { .. } => &[],
    };
    let found = text.get(position..).and_then(|rest| rest.chars().next());
    let span = position..position + found.map_or(0, char::len_utf8);
    let found_words = match found {
        None => "unexpected end of Betza string".to_string(),
        Some(' ') => "unexpected space in Betza string".to_string(),
        Some(c) => format!("unexpected '{}' in Betza string", c.escape_debug()),
    };

    // Inside an explicit leap `(x,y)` only one thing can come next.
    let leap_hint = || Some("an explicit leap is written (x,y), e.g. (4,1)".to_string());
    if positives.contains(&Rule::leap_coordinate) {
        let message = format!("{found_words}; expected a number (a coordinate of the leap)");
        return BetzaError::new(span, message, leap_hint());
    }
    if positives.contains(&Rule::leap_comma) {
        let message = format!("{found_words}; expected ',' between the leap's coordinates");
        return BetzaError::new(span, message, leap_hint());
    }
    if positives.contains(&Rule::leap_close) {
        let message = format!("{found_words}; expected ')' to close the leap");
        return BetzaError::new(span, message, leap_hint());
    }

    // Everything before the failure either is a complete piece (we are between moves) or
    // ends in modifiers still waiting for their atom.
    let prefix = text
        .get(..position)
        .and_then(|before| BetzaGrammar::parse(Rule::piece, before).ok());
    let Some(prefix) = prefix else {
        if found.is_none() {
            return BetzaError::new(
                span,
                format!(
                    "Betza string ends in modifiers with no atom; modifiers must be followed by \
                     an atom letter ({ATOM_LETTERS}) or an explicit leap (x,y)"
                ),
                Some("modifiers are written before their atom, as in fmW".into()),
            );
        }
        let message = format!(
            "{found_words}; expected an atom letter ({ATOM_LETTERS}) or a modifier \
             ({MODIFIER_LETTERS})"
        );
        return BetzaError::new(span, message, hint_for(found, false));
    };
    // A range may follow an atom that has none yet, and digits may always continue.
    let last_move = prefix
        .flatten()
        .filter(|pair| pair.as_rule() == Rule::betza_move)
        .last();
    let after_doubled_atom = last_move.as_ref().is_some_and(|last| {
        last.clone()
            .into_inner()
            .any(|part| part.as_rule() == Rule::doubled_letter)
    });
    let range_possible = last_move.is_some() && !after_doubled_atom;
    let message = if range_possible {
        format!(
            "{found_words}; expected an atom letter ({ATOM_LETTERS}), a modifier \
             ({MODIFIER_LETTERS}), a range number or the end of the string"
        )
    } else {
        format!(
            "{found_words}; expected an atom letter ({ATOM_LETTERS}), a modifier \
             ({MODIFIER_LETTERS}) or the end of the string"
        )
    };
    BetzaError::new(span, message, hint_for(found, after_doubled_atom))
}

/// A suggestion for a character that cannot appear where it was found, right after a doubled
/// atom such as `NN` when `after_doubled_atom`.
fn hint_for(found: Option<char>, after_doubled_atom: bool) -> Option<String> {
    let c = found?;
    let is_atom = |c: char| ATOM_LETTERS.split(' ').any(|atom| atom.starts_with(c));
    let hint = match c {
        c if c.is_whitespace() => "Betza strings contain no spaces".to_string(),
        c if c.is_ascii_lowercase() && is_atom(c.to_ascii_uppercase()) => format!(
            "atoms are capital letters: did you mean '{}'?",
            c.to_ascii_uppercase()
        ),
        // XBetza's other modifiers (`x` and `o` among them): known notation, not read here.
        'x' | 'o' | 't' | 'u' | 'y' => {
            format!("XBetza `{c}` is not supported: the modifiers read are {MODIFIER_LETTERS}")
        }
        c if c.is_ascii_lowercase() => "atoms are capital letters".to_string(),
        c if c.is_ascii_uppercase() => {
            format!("the atom letters are {ATOM_LETTERS}; any other leap can be written (x,y)")
        }
        c if c.is_ascii_digit() && after_doubled_atom => {
            "a doubled atom (NN) is already an unlimited rider and takes no range number".into()
        }
        c if c.is_ascii_digit() => "a range number goes right after its atom, as in R4".into(),
        ')' | ',' => "an explicit leap is written (x,y), e.g. (4,1)".into(),
        _ => return None,
    };
    Some(hint)
}

//! TOML text to [`VariantSpec`], collecting every structural problem.
//!
//! The document is parsed with the `toml` crate's span-preserving document API
//! ([`toml::de::DeTable::parse`]) and then walked by hand, so that every unknown key, wrong
//! type, invalid enum string and missing required key is reported at its own span, and all
//! of them are reported, not just the first. Semantic checks (is the letter one ASCII letter,
//! do the Betza strings parse, does the FEN fit the board) are left to `crate::compile`.

use std::ops::Range;

use toml::de::{DeString, DeTable, DeValue};

use super::spec::{
    AdjacentSpec, BareKingSpec, BetweenSpec, BoardSpec, BoardStyle, CheckmateSpec, EngineSpec,
    ExplosionSpec, ExtinctionKinds, ExtinctionSpec, ExtinctionWhen, ExtraMovesSpec, ForBlack,
    GoalSpec, HookSpec, MetaSpec, NMoveSpec, ParamValue, PassEndSpec, PassSpec, PictureSpec,
    PieceSpec, PromotionSpec, RegionSpec, RepetitionSpec, ResultSpec, RulesSpec, SetupSpec,
    ShapeSpec, ShuffleSpec, Sided, StalemateSpec, VariantSpec, ZoneCells, ZoneSpec,
};
use crate::diagnostics::{did_you_mean, Diagnostic, Spanned};

/// A TOML value with its span, as the `toml` crate gives it.
type TValue<'i> = toml::Spanned<DeValue<'i>>;
/// A TOML key with its span, as the `toml` crate gives it.
type TKey<'i> = toml::Spanned<DeString<'i>>;

/// Top-level tables.
const TOP_KEYS: &[&str] = &[
    "extends", "variant", "board", "regions", "pieces", "setup", "rules", "engine",
];
/// Top-level tables (the keys of [`TOP_KEYS`] that hold tables).
const TOP_TABLES: &[&str] = &[
    "variant", "board", "regions", "pieces", "setup", "rules", "engine",
];
/// Keys of `[engine]`.
const ENGINE_KEYS: &[&str] = &["net"];
/// Keys of `[variant]`.
const VARIANT_KEYS: &[&str] = &["name", "inventor", "source", "description"];
/// Keys of `[board]`.
const BOARD_KEYS: &[&str] = &["shape", "files", "ranks", "side", "holes", "picture"];
/// Keys of `picture`.
const PICTURE_KEYS: &[&str] = &["style", "diagonals", "river", "outline"];
/// Valid `style` strings.
const STYLES: &[&str] = &["squares", "intersections"];
/// Keys of `[pieces.<id>]`.
const PIECE_KEYS: &[&str] = &[
    "letter",
    "name",
    "betza",
    "royal",
    "value",
    "castles_with",
    "castles_to",
    "promotion",
    "initial_zone",
    "first_move_captures",
    "hook",
    "when_adjacent_to",
    "initial_until_checked",
    "confined_to",
    "extra_moves",
    "cannot_capture",
    "cannot_hop_over",
    "max_count",
    "in_hand_as",
    "drop_zone",
    "drop_one_per_file",
    "drop_checkmate",
    "drop_also_as",
    "remove",
];
/// Keys of a piece's `promotion` table.
const PROMOTION_KEYS: &[&str] = &[
    "zone",
    "adjacent_to_enemy",
    "to",
    "forced",
    "allow_royal",
    "only_lost",
    "from_zone",
];
/// Keys of a group of `extra_moves`.
const EXTRA_MOVES_KEYS: &[&str] = &["betza", "when_in", "confined_to", "captures"];
/// Keys of a `zone` table.
const ZONE_KEYS: &[&str] = &["ranks", "cells", "min_height", "for_black"];
/// Keys of an `extinction` table.
const EXTINCTION_KEYS: &[&str] = &["kinds", "when", "below", "result"];
/// Keys of a `bare_king` table.
const BARE_KING_KEYS: &[&str] = &["result", "bare_back"];
/// Keys of a `goal` table.
const GOAL_KEYS: &[&str] = &["kinds", "zone", "catch_up"];
/// Keys of `when_adjacent_to`.
const ADJACENT_KEYS: &[&str] = &["kinds", "betza"];
/// Keys of `[setup]`.
const SETUP_KEYS: &[&str] = &["fen", "shuffle"];
/// Keys of `shuffle`.
const SHUFFLE_KEYS: &[&str] = &["cells", "opposite_colours", "between"];
/// Keys of `between`.
const BETWEEN_KEYS: &[&str] = &["kind", "outer"];
/// Keys of `[rules]`.
const RULES_KEYS: &[&str] = &[
    "checkmate",
    "stalemate",
    "n_move_rule",
    "repetition",
    "resets_n_move",
    "extinction",
    "bare_king",
    "royal_zone",
    "goal",
    "forced_capture",
    "n_check",
    "giving_check",
    "royal_may_flee_check",
    "pass",
    "explosion",
    "drops",
    "gating",
    "remove",
];
/// Keys of a `pass` table.
const PASS_KEYS: &[&str] = &["after_both", "black_bonus"];
/// Valid `after_both` strings.
const PASS_ENDS: &[&str] = &["draw", "points"];
/// Keys of an `explosion` table.
const EXPLOSION_KEYS: &[&str] = &["immune"];
/// Keys of `n_move_rule` and `repetition`.
const COUNT_KEYS: &[&str] = &["claim", "automatic"];
/// Keys of `repetition`.
const REPETITION_KEYS: &[&str] = &["claim", "automatic", "perpetual_check"];
/// Valid `perpetual_check` strings.
const PERPETUAL_CHECKS: &[&str] = &["loses"];

/// Valid `shape` strings.
const SHAPES: &[&str] = &["square", "hexagonal"];
/// Valid `stalemate` strings.
const STALEMATES: &[&str] = &["draw", "win", "loss", "fewer-pieces"];
/// Valid result strings.
const RESULTS: &[&str] = &["loss", "win", "draw"];
/// Valid `for_black` strings.
const FOR_BLACK: &[&str] = &["mirror", "rotate", "same"];
/// Valid `when` strings of `extinction`.
const WHENS: &[&str] = &["all", "any"];

/// Parse a variant file's text. Returns the spec (as complete as the text allows) and every
/// structural problem found (malformed TOML, unknown keys, wrong types, missing keys).
///
/// Malformed TOML yields exactly one diagnostic (the parser's) and a default spec.
pub fn load_spec(text: &str) -> (VariantSpec, Vec<Diagnostic>) {
    let mut spec = VariantSpec::default();
    spec.board.span = 0..text.len();
    let doc = match DeTable::parse(text) {
        Ok(doc) => doc,
        Err(err) => {
            let span = clamp_span(text, err.span().unwrap_or(0..0));
            let message = format!("malformed TOML: {}", err.message().trim());
            spec.malformed = true;
            return (spec, vec![Diagnostic::error(message, span)]);
        }
    };
    let mut loader = Loader {
        text,
        diags: Vec::new(),
        partial: has_key(doc.get_ref(), "extends"),
    };
    loader.document(doc.get_ref(), &mut spec);
    let mut diags = loader.diags;
    diags.sort_by_key(|d| d.span.start);
    (spec, diags)
}

/// Keep a span inside the text (the parser's spans should already be).
fn clamp_span(text: &str, span: Range<usize>) -> Range<usize> {
    let start = span.start.min(text.len());
    let end = span.end.clamp(start, text.len());
    start..end
}

/// The span of a string value's contents: after the opening quote(s), before the closing
/// ones. For multi-line strings the newline right after the opening delimiter is skipped.
/// Exact for strings without escapes; approximate (the raw text's extent) otherwise.
fn content_span(text: &str, span: Range<usize>) -> Range<usize> {
    let Some(raw) = text.get(span.clone()) else {
        return span;
    };
    for delim in ["\"\"\"", "'''"] {
        if raw.len() >= 6 && raw.starts_with(delim) && raw.ends_with(delim) {
            let rest = &raw[3..];
            let mut start = span.start + 3;
            if rest.starts_with("\r\n") {
                start += 2;
            } else if rest.starts_with('\n') {
                start += 1;
            }
            let end = (span.end - 3).max(start);
            return start..end;
        }
    }
    for quote in ['"', '\''] {
        if raw.len() >= 2 && raw.starts_with(quote) && raw.ends_with(quote) {
            return span.start + 1..span.end - 1;
        }
    }
    span
}

/// A table's entries in file order (the `toml` map may be sorted by key).
fn entries<'a, 'i>(table: &'a DeTable<'i>) -> Vec<(&'a TKey<'i>, &'a TValue<'i>)> {
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    entries
}

/// The keys of a table, in file order.
fn key_names(table: &DeTable<'_>) -> Vec<String> {
    entries(table)
        .into_iter()
        .map(|(key, _)| key.get_ref().to_string())
        .collect()
}

/// Whether a table has a key (whatever its value).
fn has_key(table: &DeTable<'_>, name: &str) -> bool {
    table.iter().any(|(key, _)| key.get_ref().as_ref() == name)
}

/// Whether the table has an unknown key whose closest valid key is `name` (so a
/// did-you-mean hint already points at the missing key).
fn has_typo_of(table: &DeTable<'_>, name: &str, valid: &[&str]) -> bool {
    table.iter().any(|(key, _)| {
        let key = key.get_ref().as_ref();
        !valid.contains(&key) && did_you_mean(key, valid) == Some(name)
    })
}

/// "a string", "an integer", ... for a value's type.
fn a_type(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a datetime",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// "`a`, `b` or `c`".
fn list_keys(keys: &[&str]) -> String {
    let quoted: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {}", rest.join(", "), last),
    }
}

/// "\"a\", \"b\" or \"c\"".
fn list_strings(values: &[&str]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {}", rest.join(", "), last),
    }
}

/// Which table a key belongs in, for a key written in the wrong table.
fn home_of(name: &str) -> Option<&'static str> {
    let homes: [(&[&str], &str); 6] = [
        (VARIANT_KEYS, "[variant]"),
        (ENGINE_KEYS, "[engine]"),
        (BOARD_KEYS, "[board]"),
        (SETUP_KEYS, "[setup]"),
        (RULES_KEYS, "[rules]"),
        (PIECE_KEYS, "a [pieces.<id>] table"),
    ];
    homes
        .iter()
        .find(|(keys, _)| keys.contains(&name))
        .map(|&(_, home)| home)
}

/// The walker: the source text and the diagnostics found so far.
struct Loader<'t> {
    text: &'t str,
    diags: Vec<Diagnostic>,
    /// The file `extends` another: required keys may come from the parent.
    partial: bool,
}

impl Loader<'_> {
    fn error(&mut self, message: impl Into<String>, span: Range<usize>) {
        self.diags.push(Diagnostic::error(message, span));
    }

    fn error_hint(
        &mut self,
        message: impl Into<String>,
        span: Range<usize>,
        hint: impl Into<String>,
    ) {
        self.diags
            .push(Diagnostic::error(message, span).with_hint(hint));
    }

    /// `expected <expected> <place>, found <type>` at the value.
    fn wrong_type(&mut self, expected: &str, place: &str, value: &TValue<'_>) {
        let message = format!(
            "expected {expected} {place}, found {}",
            a_type(value.get_ref())
        );
        let mut diag = Diagnostic::error(message, value.span());
        let numeric = expected.contains("integer") || expected.contains("number");
        match value.get_ref() {
            DeValue::String(s) if numeric && s.trim().parse::<f64>().is_ok() => {
                diag = diag.with_hint(format!("write the number without quotes: {}", s.trim()));
            }
            DeValue::String(s) if expected == "a boolean" && (s == "true" || s == "false") => {
                diag = diag.with_hint(format!("write the boolean without quotes: {s}"));
            }
            _ => {}
        }
        self.diags.push(diag);
    }

    /// `unknown key `k` in <context>` with a did-you-mean hint (or, with `suggest_home`, the
    /// table the key belongs in, or else the list of valid keys).
    fn unknown_key(&mut self, key: &TKey<'_>, valid: &[&str], context: &str, suggest_home: bool) {
        let name = key.get_ref().as_ref();
        let message = format!("unknown key `{name}` in {context}");
        let hint = if let Some(close) = did_you_mean(name, valid) {
            format!("did you mean `{close}`?")
        } else if let Some(home) = home_of(name).filter(|_| suggest_home) {
            format!("`{name}` belongs in {home}")
        } else {
            format!("valid keys are {}", list_keys(valid))
        };
        self.error_hint(message, key.span(), hint);
    }

    /// `missing required key `k` in <context>` at the table's span, unless the table has a
    /// misspelt key whose did-you-mean hint already names it.
    fn missing_key(
        &mut self,
        t: &DeTable<'_>,
        name: &str,
        valid: &[&str],
        context: &str,
        span: Range<usize>,
    ) {
        if !has_key(t, name) && !has_typo_of(t, name, valid) {
            self.error(format!("missing required key `{name}` in {context}"), span);
        }
    }

    // ----- scalar values -----

    fn string(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<Spanned<String>> {
        let place = format!("for `{}`", key.get_ref());
        self.string_in(&place, value)
    }

    fn string_in(&mut self, place: &str, value: &TValue<'_>) -> Option<Spanned<String>> {
        match value.get_ref() {
            DeValue::String(s) => Some(Spanned::new(
                s.to_string(),
                content_span(self.text, value.span()),
            )),
            _ => {
                self.wrong_type("a string", place, value);
                None
            }
        }
    }

    fn int(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<Spanned<i64>> {
        let place = format!("for `{}`", key.get_ref());
        self.int_in(&place, value)
    }

    fn int_in(&mut self, place: &str, value: &TValue<'_>) -> Option<Spanned<i64>> {
        match value.get_ref() {
            DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
                Ok(n) => Some(Spanned::new(n, value.span())),
                Err(_) => {
                    self.error(format!("integer {place} is out of range"), value.span());
                    None
                }
            },
            _ => {
                self.wrong_type("an integer", place, value);
                None
            }
        }
    }

    fn boolean(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<Spanned<bool>> {
        match value.get_ref() {
            DeValue::Boolean(b) => Some(Spanned::new(*b, value.span())),
            _ => {
                self.wrong_type("a boolean", &format!("for `{}`", key.get_ref()), value);
                None
            }
        }
    }

    /// A float or an integer.
    fn number(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<Spanned<f64>> {
        let place = format!("for `{}`", key.get_ref());
        let n = match value.get_ref() {
            DeValue::Float(f) => {
                let s = f.as_str();
                s.parse::<f64>()
                    .ok()
                    .or_else(|| s.contains("nan").then_some(f64::NAN))
            }
            DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                .ok()
                .map(|n| n as f64),
            _ => {
                self.wrong_type("a number", &place, value);
                return None;
            }
        };
        if n.is_none() {
            self.error(format!("number {place} is out of range"), value.span());
        }
        n.map(|n| Spanned::new(n, value.span()))
    }

    /// A string that must be one of `choices`; returns its index.
    fn choice(
        &mut self,
        key: &TKey<'_>,
        value: &TValue<'_>,
        choices: &[&str],
    ) -> Option<Spanned<usize>> {
        let s = self.string(key, value)?;
        if let Some(i) = choices.iter().position(|&c| c == s.value) {
            return Some(Spanned::new(i, s.span));
        }
        let name = key.get_ref();
        let mut hint = format!("`{name}` must be {}", list_strings(choices));
        if let Some(close) = did_you_mean(&s.value, choices) {
            hint.push_str(&format!("; did you mean \"{close}\"?"));
        }
        self.error_hint(
            format!("invalid value \"{}\" for `{name}`", s.value),
            s.span,
            hint,
        );
        None
    }

    /// An array of strings (wrong elements are reported and skipped).
    fn string_list(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Vec<Spanned<String>> {
        if let DeValue::String(s) = value.get_ref() {
            let name = key.get_ref();
            let message = format!("expected an array of strings for `{name}`, found a string");
            self.error_hint(message, value.span(), format!("write `{name} = [\"{s}\"]`"));
            return Vec::new();
        }
        self.list(key, value, "an array of strings", Self::string_in)
    }

    /// An array of integers (wrong elements are reported and skipped).
    fn int_list(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Vec<Spanned<i64>> {
        self.list(key, value, "an array of integers", Self::int_in)
    }

    /// An array whose elements `element` reads with the place "in `key`" (wrong elements
    /// are reported by it and skipped); any other value is a type error expecting
    /// `expected`.
    fn list<T>(
        &mut self,
        key: &TKey<'_>,
        value: &TValue<'_>,
        expected: &str,
        mut element: impl FnMut(&mut Self, &str, &TValue<'_>) -> Option<Spanned<T>>,
    ) -> Vec<Spanned<T>> {
        let name = key.get_ref();
        match value.get_ref() {
            DeValue::Array(items) => {
                let place = format!("in `{name}`");
                items
                    .iter()
                    .filter_map(|item| element(self, &place, item))
                    .collect()
            }
            _ => {
                self.wrong_type(expected, &format!("for `{name}`"), value);
                Vec::new()
            }
        }
    }

    /// A table value, or a type error.
    fn table<'a, 'i>(&mut self, key: &TKey<'_>, value: &'a TValue<'i>) -> Option<&'a DeTable<'i>> {
        match value.get_ref() {
            DeValue::Table(t) => Some(t),
            _ => {
                self.wrong_type("a table", &format!("for `{}`", key.get_ref()), value);
                None
            }
        }
    }

    // ----- sections -----

    fn document(&mut self, doc: &DeTable<'_>, spec: &mut VariantSpec) {
        for (key, value) in entries(doc) {
            match key.get_ref().as_ref() {
                "extends" => spec.extends = self.string(key, value),
                "variant" => {
                    if let Some(t) = self.table(key, value) {
                        self.variant(t, value.span(), &mut spec.meta);
                    }
                }
                "board" => {
                    if let Some(t) = self.table(key, value) {
                        self.board(t, value.span(), &mut spec.board);
                    }
                }
                "regions" => {
                    if let Some(t) = self.table(key, value) {
                        self.regions(t, spec);
                    }
                }
                "pieces" => self.pieces(value, spec),
                "setup" => {
                    if let Some(t) = self.table(key, value) {
                        self.setup(t, value.span(), &mut spec.setup);
                    }
                }
                "rules" => {
                    if let Some(t) = self.table(key, value) {
                        self.rules(t, &mut spec.rules);
                    }
                }
                "engine" => {
                    if let Some(t) = self.table(key, value) {
                        self.engine(t, &mut spec.engine);
                    }
                }
                name => {
                    let hint = if let Some(close) = did_you_mean(name, TOP_KEYS) {
                        format!("did you mean `[{close}]`?")
                    } else if let Some(home) = home_of(name) {
                        format!("`{name}` belongs in {home}")
                    } else {
                        format!(
                            "valid tables are {} (and the key `extends`)",
                            list_keys(TOP_TABLES)
                        )
                    };
                    let message = if value.get_ref().is_table() {
                        format!("unknown table `[{name}]`")
                    } else {
                        format!("unknown top-level key `{name}`")
                    };
                    self.error_hint(message, key.span(), hint);
                }
            }
        }
        for (table, example) in [
            ("variant", "name = \"...\""),
            ("board", "files = 8` and `ranks = 8"),
            ("setup", "fen = \"...\""),
        ] {
            // A file that extends another may leave out what the parent gives.
            if self.partial {
                break;
            }
            if !has_key(doc, table) && !has_typo_of(doc, table, TOP_KEYS) {
                self.error_hint(
                    format!("missing required table `[{table}]`"),
                    0..0,
                    format!("add a `[{table}]` table with `{example}`"),
                );
            }
        }
    }

    fn engine(&mut self, t: &DeTable<'_>, engine: &mut EngineSpec) {
        for (key, value) in entries(t) {
            match key.get_ref().as_ref() {
                "net" => engine.net = self.string(key, value),
                _ => self.unknown_key(key, ENGINE_KEYS, "[engine]", true),
            }
        }
    }

    fn variant(&mut self, t: &DeTable<'_>, span: Range<usize>, meta: &mut MetaSpec) {
        meta.keys = key_names(t);
        for (key, value) in entries(t) {
            match key.get_ref().as_ref() {
                "name" => meta.name = self.string(key, value),
                "inventor" => meta.inventor = self.string(key, value),
                "source" => meta.source = self.string(key, value),
                "description" => meta.description = self.string(key, value),
                _ => self.unknown_key(key, VARIANT_KEYS, "[variant]", true),
            }
        }
        if !self.partial {
            self.missing_key(t, "name", VARIANT_KEYS, "[variant]", span);
        }
    }

    fn board(&mut self, t: &DeTable<'_>, span: Range<usize>, board: &mut BoardSpec) {
        board.span = span;
        board.keys = key_names(t);
        for (key, value) in entries(t) {
            match key.get_ref().as_ref() {
                "shape" => {
                    board.shape = self.choice(key, value, SHAPES).map(|c| {
                        let shape = if c.value == 0 {
                            ShapeSpec::Square
                        } else {
                            ShapeSpec::Hexagonal
                        };
                        Spanned::new(shape, c.span)
                    });
                }
                "files" => board.files = self.int(key, value),
                "ranks" => board.ranks = self.int(key, value),
                "side" => board.side = self.int(key, value),
                "holes" => board.holes = self.string_list(key, value),
                "picture" => board.picture = self.picture(key, value),
                _ => self.unknown_key(key, BOARD_KEYS, "[board]", true),
            }
        }
    }

    /// `picture = { style = ..., diagonals = [...], river = "...", outline = [...] }`.
    fn picture(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<PictureSpec> {
        let t = self.table(key, value)?;
        let mut spec = PictureSpec {
            style: None,
            diagonals: Vec::new(),
            river: None,
            outline: Vec::new(),
            span: value.span(),
        };
        for (k, v) in entries(t) {
            match k.get_ref().as_ref() {
                "style" => {
                    spec.style = self.choice(k, v, STYLES).map(|c| {
                        let style = [BoardStyle::Squares, BoardStyle::Intersections][c.value];
                        Spanned::new(style, c.span)
                    })
                }
                "diagonals" => spec.diagonals = self.string_list(k, v),
                "river" => spec.river = self.string(k, v),
                "outline" => spec.outline = self.string_list(k, v),
                _ => self.unknown_key(k, PICTURE_KEYS, "[board] picture", false),
            }
        }
        Some(spec)
    }

    fn pieces(&mut self, value: &TValue<'_>, spec: &mut VariantSpec) {
        let table = match value.get_ref() {
            DeValue::Table(t) => t,
            DeValue::Array(_) => {
                self.error_hint(
                    "expected a table for `pieces`, found an array",
                    value.span(),
                    "define each piece as a `[pieces.<id>]` table, not `[[pieces]]`",
                );
                return;
            }
            _ => {
                self.wrong_type("a table", "for `pieces`", value);
                return;
            }
        };
        for (id_key, piece_value) in entries(table) {
            let id = id_key.get_ref().to_string();
            let t = match piece_value.get_ref() {
                DeValue::Table(t) => t,
                _ => {
                    let message = format!(
                        "expected a table for piece `{id}`, found {}",
                        a_type(piece_value.get_ref())
                    );
                    self.error_hint(
                        message,
                        piece_value.span(),
                        format!("define the piece as a `[pieces.{id}]` table"),
                    );
                    continue;
                }
            };
            let piece = self.piece(id_key, t, piece_value.span());
            spec.pieces.insert(id, piece);
        }
    }

    fn piece(&mut self, id_key: &TKey<'_>, t: &DeTable<'_>, span: Range<usize>) -> PieceSpec {
        let id = id_key.get_ref().to_string();
        let context = format!("[pieces.{id}]");
        let mut piece = PieceSpec {
            id: Spanned::new(id.clone(), id_key.span()),
            letter: None,
            name: None,
            betza: Sided::default(),
            royal: Sided::default(),
            value: None,
            castles_with: Sided::default(),
            castles_to: Vec::new(),
            promotion: Sided::default(),
            initial_zone: None,
            first_move_captures: None,
            hook: None,
            when_adjacent_to: None,
            initial_until_checked: None,
            confined_to: None,
            extra_moves: Vec::new(),
            cannot_capture: Vec::new(),
            cannot_hop_over: Vec::new(),
            max_count: None,
            in_hand_as: None,
            drop_zone: None,
            drop_one_per_file: None,
            drop_checkmate: None,
            drop_also_as: Vec::new(),
            remove: None,
            span: span.clone(),
            keys: key_names(t),
        };
        for (key, value) in entries(t) {
            match key.get_ref().as_ref() {
                "letter" => piece.letter = self.string(key, value),
                "name" => piece.name = self.string(key, value),
                "betza" => piece.betza = self.sided(key, value, |l, _, v| l.betza(v)),
                "royal" => piece.royal = self.sided(key, value, Self::boolean),
                "value" => piece.value = self.number(key, value),
                "castles_with" => piece.castles_with = self.sided(key, value, Self::string_list),
                "castles_to" => piece.castles_to = self.string_list(key, value),
                "promotion" => {
                    piece.promotion = self.sided(key, value, |l, k, v| l.promotion(k, v, &id))
                }
                "initial_zone" => {
                    piece.initial_zone = self.zone(key, value, &format!("{context} initial_zone"))
                }
                "first_move_captures" => piece.first_move_captures = self.boolean(key, value),
                "hook" => piece.hook = self.hook(key, value, &id),
                "when_adjacent_to" => piece.when_adjacent_to = self.adjacent(key, value, &id),
                "initial_until_checked" => piece.initial_until_checked = self.boolean(key, value),
                "confined_to" => piece.confined_to = self.string(key, value),
                "extra_moves" => piece.extra_moves = self.extra_moves(key, value, &id),
                "cannot_capture" => piece.cannot_capture = self.string_list(key, value),
                "cannot_hop_over" => piece.cannot_hop_over = self.string_list(key, value),
                "max_count" => piece.max_count = self.int(key, value),
                "in_hand_as" => piece.in_hand_as = self.string(key, value),
                "drop_zone" => {
                    piece.drop_zone = self.zone(key, value, &format!("{context} drop_zone"))
                }
                "drop_one_per_file" => piece.drop_one_per_file = self.boolean(key, value),
                "drop_checkmate" => piece.drop_checkmate = self.boolean(key, value),
                "drop_also_as" => piece.drop_also_as = self.string_list(key, value),
                "remove" => piece.remove = self.boolean(key, value),
                _ => self.unknown_key(key, PIECE_KEYS, &context, true),
            }
        }
        // In a file that extends another, a table may change some keys of a parent's
        // piece; whether the merged piece is complete is checked after merging.
        if !self.partial {
            for required in ["letter", "betza"] {
                self.missing_key(t, required, PIECE_KEYS, &context, span.clone());
            }
        }
        piece
    }

    /// `betza`: a string or an array of strings.
    fn betza(&mut self, value: &TValue<'_>) -> Vec<Spanned<String>> {
        match value.get_ref() {
            DeValue::String(s) => vec![Spanned::new(
                s.to_string(),
                content_span(self.text, value.span()),
            )],
            DeValue::Array(items) => items
                .iter()
                .filter_map(|item| self.string_in("in `betza`", item))
                .collect(),
            _ => {
                self.wrong_type("a string or an array of strings", "for `betza`", value);
                Vec::new()
            }
        }
    }

    /// `when_adjacent_to = { kinds = [...], betza = "..." | [...] }`.
    fn adjacent(&mut self, key: &TKey<'_>, value: &TValue<'_>, id: &str) -> Option<AdjacentSpec> {
        let t = self.table(key, value)?;
        let context = format!("[pieces.{id}] when_adjacent_to");
        let mut spec = AdjacentSpec {
            kinds: Vec::new(),
            betza: Vec::new(),
            span: value.span(),
        };
        for (key, value) in entries(t) {
            match key.get_ref().as_ref() {
                "kinds" => spec.kinds = self.string_list(key, value),
                "betza" => spec.betza = self.betza(value),
                _ => self.unknown_key(key, ADJACENT_KEYS, &context, false),
            }
        }
        for required in ["kinds", "betza"] {
            self.missing_key(t, required, ADJACENT_KEYS, &context, value.span());
        }
        Some(spec)
    }

    /// `extra_moves = { ... }` or `[{ ... }, ...]`: groups of moves with conditions.
    fn extra_moves(&mut self, key: &TKey<'_>, value: &TValue<'_>, id: &str) -> Vec<ExtraMovesSpec> {
        let items: Vec<&TValue<'_>> = match value.get_ref() {
            DeValue::Array(items) => items.iter().collect(),
            _ => vec![value],
        };
        let context = format!("[pieces.{id}] extra_moves");
        let mut groups = Vec::new();
        for item in items {
            let Some(t) = self.table(key, item) else {
                continue;
            };
            let mut group = ExtraMovesSpec {
                betza: Vec::new(),
                when_in: None,
                confined_to: None,
                captures: Vec::new(),
                span: item.span(),
            };
            for (key, value) in entries(t) {
                match key.get_ref().as_ref() {
                    "betza" => group.betza = self.betza(value),
                    "when_in" => group.when_in = self.string(key, value),
                    "confined_to" => group.confined_to = self.string(key, value),
                    "captures" => group.captures = self.string_list(key, value),
                    _ => self.unknown_key(key, EXTRA_MOVES_KEYS, &context, false),
                }
            }
            self.missing_key(t, "betza", EXTRA_MOVES_KEYS, &context, item.span());
            groups.push(group);
        }
        groups
    }

    /// `[regions]`: `name = <zone>` entries.
    fn regions(&mut self, t: &DeTable<'_>, spec: &mut VariantSpec) {
        for (key, value) in entries(t) {
            let name = key.get_ref().to_string();
            let context = format!("[regions] {name}");
            if name == "last-rank" {
                self.error_hint(
                    "`last-rank` is a built-in zone and cannot name a region",
                    key.span(),
                    "choose another name",
                );
                continue;
            }
            if let DeValue::String(_) = value.get_ref() {
                self.error_hint(
                    format!("expected a table for region `{name}`, found a string"),
                    value.span(),
                    "write the region's cells: `palace = { cells = [\"d1-f3\"] }`",
                );
                continue;
            }
            if let Some(zone) = self.zone(key, value, &context) {
                spec.regions.insert(
                    name.clone(),
                    RegionSpec {
                        name: Spanned::new(name, key.span()),
                        zone,
                    },
                );
            }
        }
    }

    /// `hook = { name = "...", <param> = <value>, ... }`; parameters are checked by the
    /// compiler, which knows each hook's parameters.
    fn hook(&mut self, key: &TKey<'_>, value: &TValue<'_>, id: &str) -> Option<HookSpec> {
        let t = self.table(key, value)?;
        let mut name = None;
        let mut params = Vec::new();
        for (key, value) in entries(t) {
            let key_name = key.get_ref().to_string();
            if key_name == "name" {
                name = self.string(key, value);
                continue;
            }
            let param = match value.get_ref() {
                DeValue::Boolean(b) => ParamValue::Bool(*b),
                DeValue::Integer(_) => match self.int(key, value) {
                    Some(n) => ParamValue::Int(n.value),
                    None => continue,
                },
                DeValue::String(s) => ParamValue::Str(s.to_string()),
                DeValue::Array(_) => ParamValue::List(self.string_list(key, value)),
                _ => {
                    self.wrong_type(
                        "a boolean, integer, string or array of strings",
                        &format!("for hook parameter `{key_name}`"),
                        value,
                    );
                    continue;
                }
            };
            let span = match &param {
                ParamValue::Str(_) => content_span(self.text, value.span()),
                _ => value.span(),
            };
            params.push((
                Spanned::new(key_name, key.span()),
                Spanned::new(param, span),
            ));
        }
        let Some(name) = name else {
            self.error_hint(
                format!("the hook of [pieces.{id}] has no `name`"),
                value.span(),
                "write `hook = { name = \"borrow-moves\" }`",
            );
            return None;
        };
        Some(HookSpec {
            name,
            params,
            span: value.span(),
        })
    }

    /// `promotion = { ... }` or `promotion = [{ ... }, { ... }]` (rules in priority order).
    fn promotion(&mut self, key: &TKey<'_>, value: &TValue<'_>, id: &str) -> Vec<PromotionSpec> {
        match value.get_ref() {
            DeValue::Array(items) => items
                .iter()
                .filter_map(|item| self.promotion_rule(key, item, id))
                .collect(),
            _ => self.promotion_rule(key, value, id).into_iter().collect(),
        }
    }

    /// One promotion rule: a trigger (`zone` or `adjacent_to_enemy`), `to`, `forced`.
    fn promotion_rule(
        &mut self,
        key: &TKey<'_>,
        value: &TValue<'_>,
        id: &str,
    ) -> Option<PromotionSpec> {
        let t = self.table(key, value)?;
        let context = format!("[pieces.{id}] promotion");
        let mut zone = None;
        let mut adjacent_to_enemy = Vec::new();
        let mut to = Vec::new();
        let mut forced = None;
        let mut allow_royal = None;
        let mut only_lost = None;
        let mut from_zone = None;
        let mut zone_invalid = false;
        for (key, value) in entries(t) {
            match key.get_ref().as_ref() {
                "zone" => {
                    zone = self.zone(key, value, &format!("[pieces.{id}] promotion zone"));
                    zone_invalid = zone.is_none();
                }
                "adjacent_to_enemy" => adjacent_to_enemy = self.string_list(key, value),
                "to" => to = self.string_list(key, value),
                "forced" => forced = self.boolean(key, value),
                "allow_royal" => allow_royal = self.boolean(key, value),
                "only_lost" => only_lost = self.boolean(key, value),
                "from_zone" => from_zone = self.boolean(key, value),
                _ => self.unknown_key(key, PROMOTION_KEYS, &context, false),
            }
        }
        self.missing_key(t, "to", PROMOTION_KEYS, &context, value.span());
        let has_zone = has_key(t, "zone") || has_typo_of(t, "zone", PROMOTION_KEYS);
        let has_adjacent = has_key(t, "adjacent_to_enemy");
        if has_zone && has_adjacent {
            self.error_hint(
                format!("{context} has both `zone` and `adjacent_to_enemy`"),
                value.span(),
                "give one trigger per rule; list several rules in an array, first match wins",
            );
        } else if !has_zone && !has_adjacent {
            self.error_hint(
                format!("missing required key `zone` in {context}"),
                value.span(),
                "a promotion rule needs `zone` or `adjacent_to_enemy`",
            );
        }
        if zone_invalid {
            return None;
        }
        Some(PromotionSpec {
            zone,
            adjacent_to_enemy,
            to,
            forced,
            allow_royal,
            only_lost,
            from_zone,
            span: value.span(),
        })
    }

    /// `zone = "last-rank"`, a region's name, `{ ranks = [...] }` or `{ cells = [...] }`.
    fn zone(
        &mut self,
        key: &TKey<'_>,
        value: &TValue<'_>,
        context: &str,
    ) -> Option<Spanned<ZoneSpec>> {
        match value.get_ref() {
            DeValue::String(_) => {
                let name = self.string(key, value)?;
                let cells = if name.value == "last-rank" {
                    ZoneCells::LastRank
                } else {
                    ZoneCells::Region(name)
                };
                Some(Spanned::new(ZoneSpec::mirrored(cells), value.span()))
            }
            DeValue::Table(t) => {
                let context = context.to_string();
                let mut zone = None;
                let mut for_black = None;
                for (key, value) in entries(t) {
                    let this = match key.get_ref().as_ref() {
                        "ranks" => ZoneCells::Ranks(self.int_list(key, value)),
                        "cells" => ZoneCells::Cells(self.string_list(key, value)),
                        "min_height" => match self.int(key, value) {
                            Some(h) => ZoneCells::MinHeight(h),
                            None => continue,
                        },
                        "for_black" => {
                            for_black = self.choice(key, value, FOR_BLACK).map(|c| {
                                let f = [ForBlack::Mirror, ForBlack::Rotate, ForBlack::Same];
                                Spanned::new(f[c.value], c.span)
                            });
                            continue;
                        }
                        _ => {
                            self.unknown_key(key, ZONE_KEYS, &context, false);
                            continue;
                        }
                    };
                    if zone.is_some() {
                        self.error_hint(
                            format!("{context} has both `ranks` and `cells`"),
                            key.span(),
                            "give either `ranks` or `cells`, not both",
                        );
                    } else {
                        zone = Some(this);
                    }
                }
                let typo = has_typo_of(t, "ranks", ZONE_KEYS) || has_typo_of(t, "cells", ZONE_KEYS);
                if !has_key(t, "ranks")
                    && !has_key(t, "cells")
                    && !has_key(t, "min_height")
                    && !typo
                {
                    self.error_hint(
                        format!("missing `ranks` or `cells` in {context}"),
                        value.span(),
                        "write `zone = { ranks = [8] }` or `zone = { cells = [\"a8\"] }`",
                    );
                }
                zone.map(|cells| Spanned::new(ZoneSpec { cells, for_black }, value.span()))
            }
            _ => {
                let message = format!(
                    "expected \"last-rank\", a region's name or a table for `zone`, found {}",
                    a_type(value.get_ref())
                );
                self.error_hint(
                    message,
                    value.span(),
                    "write `zone = \"last-rank\"`, `zone = { ranks = [8] }` or `zone = { cells = [\"a8\"] }`",
                );
                None
            }
        }
    }

    fn setup(&mut self, t: &DeTable<'_>, span: Range<usize>, setup: &mut SetupSpec) {
        setup.keys = key_names(t);
        for (key, value) in entries(t) {
            match key.get_ref().as_ref() {
                "fen" => setup.fen = self.string(key, value),
                "shuffle" => setup.shuffle = self.shuffle(key, value),
                _ => self.unknown_key(key, SETUP_KEYS, "[setup]", true),
            }
        }
        if !self.partial {
            self.missing_key(t, "fen", SETUP_KEYS, "[setup]", span);
        }
    }

    /// `shuffle = { cells = [...], opposite_colours = [...], between = { ... } }`.
    fn shuffle(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<ShuffleSpec> {
        let t = self.table(key, value)?;
        let context = "[setup] shuffle";
        let mut spec = ShuffleSpec {
            cells: Vec::new(),
            opposite_colours: Vec::new(),
            between: None,
            span: value.span(),
        };
        for (k, v) in entries(t) {
            match k.get_ref().as_ref() {
                "cells" => spec.cells = self.string_list(k, v),
                "opposite_colours" => spec.opposite_colours = self.string_list(k, v),
                "between" => spec.between = self.between(k, v),
                _ => self.unknown_key(k, SHUFFLE_KEYS, context, false),
            }
        }
        self.missing_key(t, "cells", SHUFFLE_KEYS, context, value.span());
        Some(spec)
    }

    /// `between = { kind = "...", outer = "..." }`.
    fn between(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<BetweenSpec> {
        let t = self.table(key, value)?;
        let context = "[setup] shuffle between";
        let (mut kind, mut outer) = (None, None);
        for (k, v) in entries(t) {
            match k.get_ref().as_ref() {
                "kind" => kind = self.string(k, v),
                "outer" => outer = self.string(k, v),
                _ => self.unknown_key(k, BETWEEN_KEYS, context, false),
            }
        }
        for required in ["kind", "outer"] {
            self.missing_key(t, required, BETWEEN_KEYS, context, value.span());
        }
        Some(BetweenSpec {
            kind: kind?,
            outer: outer?,
        })
    }

    fn rules(&mut self, t: &DeTable<'_>, rules: &mut RulesSpec) {
        rules.keys = key_names(t);
        for (key, value) in entries(t) {
            match key.get_ref().as_ref() {
                "checkmate" => rules.checkmate = self.checkmate(key, value),
                "stalemate" => {
                    rules.stalemate = self.choice(key, value, STALEMATES).map(|c| {
                        let s = [
                            StalemateSpec::Draw,
                            StalemateSpec::Win,
                            StalemateSpec::Loss,
                            StalemateSpec::FewerPieces,
                        ][c.value];
                        Spanned::new(s, c.span)
                    });
                }
                "n_move_rule" => {
                    rules.n_move_rule =
                        self.counts(key, value)
                            .map(|(claim, automatic, span)| NMoveSpec {
                                claim,
                                automatic,
                                span,
                            });
                }
                "repetition" => rules.repetition = self.repetition(key, value),
                "resets_n_move" => rules.resets_n_move = self.string_list(key, value),
                "extinction" => {
                    rules.extinction = self.sided(key, value, Self::extinction);
                }
                "bare_king" => rules.bare_king = self.bare_king(key, value),
                "royal_zone" => rules.royal_zone = self.zone(key, value, "[rules] royal_zone"),
                "goal" => rules.goal = self.goals(key, value),
                "forced_capture" => rules.forced_capture = self.boolean(key, value),
                "n_check" => rules.n_check = self.int(key, value),
                "giving_check" => rules.giving_check = self.boolean(key, value),
                "royal_may_flee_check" => rules.royal_may_flee_check = self.boolean(key, value),
                "pass" => rules.pass = self.pass(value),
                "explosion" => rules.explosion = self.explosion(value),
                "drops" => rules.drops = self.boolean(key, value),
                "gating" => rules.gating = self.boolean(key, value),
                "remove" => {
                    rules.remove = self.string_list(key, value);
                    for name in &rules.remove {
                        if name.value == "remove" || !RULES_KEYS.contains(&name.value.as_str()) {
                            let hint = match did_you_mean(&name.value, RULES_KEYS) {
                                Some(close) => format!("did you mean \"{close}\"?"),
                                None => format!("the rules are {}", list_keys(RULES_KEYS)),
                            };
                            self.error_hint(
                                format!("`{}` is not a rule of [rules]", name.value),
                                name.span.clone(),
                                hint,
                            );
                        }
                    }
                }
                _ => self.unknown_key(key, RULES_KEYS, "[rules]", true),
            }
        }
    }

    /// A value written once, or per side as `{ white = ..., black = ... }` (a table whose
    /// keys are only `white` and `black`); `read` reads one value (it gets the outer key
    /// for its messages).
    fn sided<T: Clone + Default>(
        &mut self,
        key: &TKey<'_>,
        value: &TValue<'_>,
        mut read: impl FnMut(&mut Self, &TKey<'_>, &TValue<'_>) -> T,
    ) -> Sided<T> {
        if let DeValue::Table(t) = value.get_ref() {
            let per_side = t.iter().next().is_some()
                && t.iter()
                    .all(|(k, _)| matches!(k.get_ref().as_ref(), "white" | "black"));
            if per_side {
                let mut out = Sided {
                    split: true,
                    ..Sided::default()
                };
                for (side, v) in entries(t) {
                    let read_value = read(self, key, v);
                    match side.get_ref().as_ref() {
                        "white" => out.white = read_value,
                        _ => out.black = read_value,
                    }
                }
                return out;
            }
        }
        Sided::both(read(self, key, value))
    }

    /// A result string: `"loss"`, `"win"` or `"draw"`.
    fn result(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<Spanned<ResultSpec>> {
        self.choice(key, value, RESULTS).map(|c| {
            let r = [ResultSpec::Loss, ResultSpec::Win, ResultSpec::Draw][c.value];
            Spanned::new(r, c.span)
        })
    }

    /// `checkmate = true | false | "loss" | "win"`.
    fn checkmate(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<Spanned<CheckmateSpec>> {
        match value.get_ref() {
            DeValue::Boolean(b) => Some(Spanned::new(
                if *b {
                    CheckmateSpec::Loss
                } else {
                    CheckmateSpec::Off
                },
                value.span(),
            )),
            DeValue::String(_) => {
                let r = self.result(key, value)?;
                match r.value {
                    ResultSpec::Loss => Some(Spanned::new(CheckmateSpec::Loss, r.span)),
                    ResultSpec::Win => Some(Spanned::new(CheckmateSpec::Win, r.span)),
                    ResultSpec::Draw => {
                        self.error_hint(
                            "checkmate cannot be a draw",
                            r.span,
                            "write `checkmate = \"loss\"` (the mated side loses), `\"win\"`, or `false`",
                        );
                        None
                    }
                }
            }
            _ => {
                self.wrong_type("true, false, \"loss\" or \"win\"", "for `checkmate`", value);
                None
            }
        }
    }

    /// `extinction = ["kind", ...]` (lose when none of them is left) or a table.
    fn extinction(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<ExtinctionSpec> {
        match value.get_ref() {
            DeValue::Array(_) => Some(ExtinctionSpec {
                kinds: Spanned::new(
                    ExtinctionKinds::Listed(self.string_list(key, value)),
                    value.span(),
                ),
                when: None,
                below: None,
                result: None,
                span: value.span(),
            }),
            DeValue::Table(t) => {
                let context = "[rules] extinction";
                let mut kinds = None;
                let mut when = None;
                let mut below = None;
                let mut result = None;
                for (k, v) in entries(t) {
                    match k.get_ref().as_ref() {
                        "kinds" => {
                            kinds = match v.get_ref() {
                                DeValue::String(text) if text.as_ref() == "all" => {
                                    Some(Spanned::new(ExtinctionKinds::All, v.span()))
                                }
                                DeValue::String(_) => {
                                    self.error_hint(
                                        "`kinds` of `extinction` is a list of piece ids or \"all\"",
                                        v.span(),
                                        "write `kinds = [\"king\"]` or `kinds = \"all\"`",
                                    );
                                    None
                                }
                                _ => Some(Spanned::new(
                                    ExtinctionKinds::Listed(self.string_list(k, v)),
                                    v.span(),
                                )),
                            }
                        }
                        "when" => {
                            when = self.choice(k, v, WHENS).map(|c| {
                                let w = [ExtinctionWhen::All, ExtinctionWhen::Any][c.value];
                                Spanned::new(w, c.span)
                            })
                        }
                        "below" => below = self.int(k, v),
                        "result" => result = self.result(k, v),
                        _ => self.unknown_key(k, EXTINCTION_KEYS, context, false),
                    }
                }
                self.missing_key(t, "kinds", EXTINCTION_KEYS, context, value.span());
                Some(ExtinctionSpec {
                    kinds: kinds?,
                    when,
                    below,
                    result,
                    span: value.span(),
                })
            }
            _ => {
                self.wrong_type(
                    "an array of piece ids or a table",
                    "for `extinction`",
                    value,
                );
                None
            }
        }
    }

    /// `bare_king = "loss"` or `{ result = "loss", bare_back = true }`.
    fn bare_king(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<BareKingSpec> {
        match value.get_ref() {
            DeValue::String(_) => Some(BareKingSpec {
                result: self.result(key, value)?,
                bare_back: None,
                span: value.span(),
            }),
            DeValue::Table(t) => {
                let context = "[rules] bare_king";
                let mut result = None;
                let mut bare_back = None;
                for (k, v) in entries(t) {
                    match k.get_ref().as_ref() {
                        "result" => result = self.result(k, v),
                        "bare_back" => bare_back = self.boolean(k, v),
                        _ => self.unknown_key(k, BARE_KING_KEYS, context, false),
                    }
                }
                self.missing_key(t, "result", BARE_KING_KEYS, context, value.span());
                Some(BareKingSpec {
                    result: result?,
                    bare_back,
                    span: value.span(),
                })
            }
            _ => {
                self.wrong_type("a result string or a table", "for `bare_king`", value);
                None
            }
        }
    }

    /// `pass = true | false` or `{ after_both = "draw" | "points", black_bonus = n }`.
    fn pass(&mut self, value: &TValue<'_>) -> Option<PassSpec> {
        match value.get_ref() {
            DeValue::Boolean(b) => b.then(|| PassSpec {
                after_both: None,
                black_bonus: None,
                span: value.span(),
            }),
            DeValue::Table(t) => {
                let mut spec = PassSpec {
                    after_both: None,
                    black_bonus: None,
                    span: value.span(),
                };
                for (k, v) in entries(t) {
                    match k.get_ref().as_ref() {
                        "after_both" => {
                            spec.after_both = self.choice(k, v, PASS_ENDS).map(|c| {
                                let e = [PassEndSpec::Draw, PassEndSpec::Points][c.value];
                                Spanned::new(e, c.span)
                            })
                        }
                        "black_bonus" => spec.black_bonus = self.number(k, v),
                        _ => self.unknown_key(k, PASS_KEYS, "[rules] pass", false),
                    }
                }
                Some(spec)
            }
            _ => {
                self.wrong_type("a boolean or a table", "for `pass`", value);
                None
            }
        }
    }

    /// `explosion = true | false` or `{ immune = [...] }`.
    fn explosion(&mut self, value: &TValue<'_>) -> Option<ExplosionSpec> {
        match value.get_ref() {
            DeValue::Boolean(b) => b.then(|| ExplosionSpec {
                immune: Vec::new(),
                span: value.span(),
            }),
            DeValue::Table(t) => {
                let mut spec = ExplosionSpec {
                    immune: Vec::new(),
                    span: value.span(),
                };
                for (k, v) in entries(t) {
                    match k.get_ref().as_ref() {
                        "immune" => spec.immune = self.string_list(k, v),
                        _ => self.unknown_key(k, EXPLOSION_KEYS, "[rules] explosion", false),
                    }
                }
                Some(spec)
            }
            _ => {
                self.wrong_type("a boolean or a table", "for `explosion`", value);
                None
            }
        }
    }

    /// `goal = { ... }` or `goal = [{ ... }, ...]`.
    fn goals(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Vec<GoalSpec> {
        match value.get_ref() {
            DeValue::Array(items) => items
                .iter()
                .filter_map(|item| self.goal(key, item))
                .collect(),
            _ => self.goal(key, value).into_iter().collect(),
        }
    }

    /// One goal table.
    fn goal(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<GoalSpec> {
        let t = self.table(key, value)?;
        let context = "[rules] goal";
        let mut goal = GoalSpec {
            kinds: Vec::new(),
            zone: None,
            catch_up: None,
            span: value.span(),
        };
        for (k, v) in entries(t) {
            match k.get_ref().as_ref() {
                "kinds" => goal.kinds = self.string_list(k, v),
                "zone" => goal.zone = self.zone(k, v, "[rules] goal zone"),
                "catch_up" => goal.catch_up = self.boolean(k, v),
                _ => self.unknown_key(k, GOAL_KEYS, context, false),
            }
        }
        self.missing_key(t, "zone", GOAL_KEYS, context, value.span());
        Some(goal)
    }

    /// `repetition = { claim = int, automatic = int, perpetual_check = "loses" }`.
    fn repetition(&mut self, key: &TKey<'_>, value: &TValue<'_>) -> Option<RepetitionSpec> {
        let t = self.table(key, value)?;
        let context = "[rules] repetition";
        let mut spec = RepetitionSpec {
            claim: None,
            automatic: None,
            perpetual_check: None,
            span: value.span(),
        };
        for (k, v) in entries(t) {
            match k.get_ref().as_ref() {
                "claim" => spec.claim = self.int(k, v),
                "automatic" => spec.automatic = self.int(k, v),
                "perpetual_check" => {
                    spec.perpetual_check = self
                        .choice(k, v, PERPETUAL_CHECKS)
                        .map(|c| Spanned::new(PERPETUAL_CHECKS[c.value].to_string(), c.span))
                }
                _ => self.unknown_key(k, REPETITION_KEYS, context, false),
            }
        }
        Some(spec)
    }

    /// `{ claim = int, automatic = int }` for `n_move_rule`.
    #[allow(clippy::type_complexity)]
    fn counts(
        &mut self,
        key: &TKey<'_>,
        value: &TValue<'_>,
    ) -> Option<(Option<Spanned<i64>>, Option<Spanned<i64>>, Range<usize>)> {
        let t = self.table(key, value)?;
        let context = format!("[rules] {}", key.get_ref());
        let mut claim = None;
        let mut automatic = None;
        for (k, v) in entries(t) {
            match k.get_ref().as_ref() {
                "claim" => claim = self.int(k, v),
                "automatic" => automatic = self.int(k, v),
                _ => self.unknown_key(k, COUNT_KEYS, &context, false),
            }
        }
        Some((claim, automatic, value.span()))
    }
}

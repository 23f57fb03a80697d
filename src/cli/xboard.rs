//! `fairyrules xboard FILE...`: the built-in engine over the XBoard / WinBoard protocol
//! (CECP version 2), for the variants in the given files.
//!
//! - Each file is offered as a variant named after its file stem (`chess`, `capablanca`,
//!   `hero-chess`); XBoard's `normal` is the first square-board file.
//! - After `variant NAME` the engine sends `setup (PIECETOCHAR) WxH+0_fairy FEN` and one
//!   `piece X& BETZA` line per piece kind, so XBoard draws the pieces and checks moves by the
//!   file's own Betza strings. A kind moved by a hook is described by the union of the moves
//!   it can borrow (a superset of its moves).
//! - XBoard has no hexagonal boards: hexagonal variants are not offered (a `#` comment says
//!   why) and `variant` refuses them with an `Error` line.
//! - Moves are coordinates (`e2e4`, `e7e8q`). On boards with exactly 10 ranks XBoard numbers
//!   ranks from 0, so `a1` here is `a0` there; the translation is done both ways.
//! - Supported: `xboard`, `protover`, `new`, `variant`, `setboard`, `usermove` (and bare
//!   moves), `go`, `force`, `playother`, `st`, `sd`, `level`, `time`, `otim`, `undo`,
//!   `remove`, `result`, `post`, `nopost`, `ping`, `quit`; other commands are ignored or
//!   answered with `Error (unknown command)`. The search runs in the foreground (features
//!   `sigint=0 sigterm=0`), so commands are read between moves.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use fairyrules::engine::{Engine, Limits, SearchResult};
use fairyrules::geometry::Shape;
use fairyrules::parse_fen;
use fairyrules::parse_move;
use fairyrules::Position;
use fairyrules::Rules;
use fairyrules::{outcome, DrawReason, Outcome, WinReason};
use fairyrules::{Color, KindId, Move};

/// Arguments of `fairyrules xboard`.
#[derive(clap::Args, Debug, Clone)]
pub struct XboardArgs {
    /// Variant files; the first square-board one is XBoard's `normal`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
}

/// A variant offered over the protocol.
pub struct Variant {
    /// Name used in `variant` commands.
    pub name: String,
    /// The compiled rules.
    pub rules: Rules,
    /// Why XBoard cannot play it, if it cannot.
    pub refused: Option<String>,
}

impl Variant {
    /// Wrap compiled rules under a name.
    pub fn new(name: &str, rules: Rules) -> Variant {
        let refused = match rules.geometry().shape {
            Shape::Hex { .. } => Some(format!(
                "XBoard has no hexagonal boards, and {} is played on a {}-cell hexagonal board",
                name,
                rules.geometry().cell_count()
            )),
            Shape::Square { .. } => piece_to_char(&rules).err(),
        };
        Variant {
            name: name.to_string(),
            rules,
            refused,
        }
    }
}

/// XBoard's piece slots, in its internal order; the last is the King's.
const SLOTS: &[u8; 22] = b"PNBRQFEACWMOHIJGDVLSUK";

/// XBoard's PIECETOCHAR table: each kind's letter in the slot of the same letter when free
/// (a royal kind in the King's slot), otherwise in a free slot; White's half, then Black's.
pub fn piece_to_char(rules: &Rules) -> Result<String, String> {
    let mut table = [b'.'; 22];
    let king = SLOTS.len() - 1;
    let mut rest = Vec::new();
    for (i, kind) in rules.kinds().iter().enumerate() {
        if kind.royal_for_some_side() && table[king] == b'.' {
            table[king] = kind.letter as u8;
        } else {
            rest.push(i);
        }
    }
    let mut unplaced = Vec::new();
    for &i in &rest {
        let letter = rules.kinds()[i].letter as u8;
        match SLOTS[..king].iter().position(|&s| s == letter) {
            Some(p) if table[p] == b'.' => table[p] = letter,
            _ => unplaced.push(letter),
        }
    }
    for letter in unplaced {
        let Some(p) = (0..king).find(|&p| table[p] == b'.') else {
            return Err(format!(
                "{} has more piece kinds than XBoard has piece images",
                rules.name()
            ));
        };
        table[p] = letter;
    }
    let white: String = table.iter().map(|&b| b as char).collect();
    Ok(format!("{white}{}", white.to_ascii_lowercase()))
}

/// The Betza description XBoard gets for a kind: the file's, unless its hook says otherwise.
fn xboard_betza(rules: &Rules, kind: usize) -> String {
    let k = &rules.kinds()[kind];
    k.hook
        .as_ref()
        .and_then(|h| h.protocol_betza(rules, kind as KindId))
        .unwrap_or_else(|| k.betza[0].concat())
}

/// XBoard numbers the ranks of 10-rank boards from 0.
fn zero_based_ranks(rules: &Rules) -> bool {
    matches!(rules.geometry().shape, Shape::Square { ranks: 10, .. })
}

/// Shift every rank number in `text` by `delta` (cells are a letter then digits).
fn shift_ranks(text: &str, delta: i32) -> String {
    let mut out = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        out.push(c);
        i += 1;
        if c.is_ascii_lowercase() && i < bytes.len() && bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let n: i32 = text[start..i].parse().unwrap_or(0);
            out.push_str(&(n + delta).to_string());
        }
    }
    out
}

/// A move as XBoard writes it: from, to, and the promotion letter if any.
pub fn move_to_xboard(rules: &Rules, mv: &Move) -> String {
    let g = &rules.geometry();
    let mut s = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if zero_based_ranks(rules) {
        s = shift_ranks(&s, -1);
    }
    if let Some(k) = mv.promotion {
        s.push(rules.kinds()[k as usize].letter.to_ascii_lowercase());
    }
    s
}

/// The en passant field of a position string, translated between rank numberings.
fn translate_fen(rules: &Rules, fen: &str, delta: i32) -> String {
    if !zero_based_ranks(rules) {
        return fen.to_string();
    }
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.len() > 3 && fields[3] != "-" {
        fields[3] = shift_ranks(&fields[3], delta);
    }
    fields.join(" ")
}

/// The result line XBoard expects for a finished game.
pub fn result_line(result: &Outcome) -> Option<String> {
    let text = match result {
        Outcome::Ongoing => return None,
        Outcome::Win { winner, reason } => {
            let (score, name) = match winner {
                Color::White => ("1-0", "White"),
                Color::Black => ("0-1", "Black"),
            };
            let why = match reason {
                WinReason::Checkmate => format!("{name} mates"),
                WinReason::Stalemate => format!("{name} wins by stalemate"),
                WinReason::Extinction => format!("{name} wins by extinction"),
                WinReason::Goal => format!("{name} wins by reaching its goal"),
                WinReason::BareKing => format!("{name} wins by the bare-king rule"),
                WinReason::NCheck => format!("{name} wins by checks"),
                WinReason::Explosion => format!("{name} wins by explosion"),
                WinReason::Points => format!("{name} wins on points"),
            };
            format!("{score} {{{why}}}")
        }
        Outcome::Draw { reason } => {
            let why = match reason {
                DrawReason::Stalemate => "Stalemate",
                DrawReason::NMoveRule => "Draw by the n-move rule",
                DrawReason::Repetition => "Draw by repetition",
                DrawReason::Extinction => "Draw by extinction",
                DrawReason::BareKing => "Draw: bare kings",
                DrawReason::Goal => "Draw: both goals reached",
                DrawReason::Passes => "Draw: both sides passed",
            };
            format!("1/2-1/2 {{{why}}}")
        }
    };
    Some(text)
}

/// Time control as XBoard sets it.
#[derive(Debug, Clone, Default)]
struct Clock {
    depth: Option<u32>,
    fixed: Option<Duration>,
    moves_per_session: u32,
    increment: Duration,
    remaining: Option<Duration>,
}

/// One protocol session: the variants, the game, the engine.
pub struct Session {
    variants: Vec<Variant>,
    default: Option<usize>,
    current: Option<usize>,
    pos: Option<Position>,
    first_move_number: u32,
    engine: Engine,
    engine_side: Option<Color>,
    clock: Clock,
    post: bool,
}

impl Session {
    /// A session over these variants with a transposition table of `hash_mb` MiB.
    pub fn new(variants: Vec<Variant>, hash_mb: usize) -> Session {
        let default = variants.iter().position(|v| v.refused.is_none());
        let mut s = Session {
            variants,
            default,
            current: None,
            pos: None,
            first_move_number: 1,
            engine: Engine::new(hash_mb),
            engine_side: None,
            clock: Clock::default(),
            post: false,
        };
        s.select(default);
        s.engine_side = Some(Color::Black);
        s
    }

    fn rules(&self) -> Option<&Rules> {
        self.current.map(|i| &self.variants[i].rules)
    }

    fn select(&mut self, index: Option<usize>) {
        self.current = index;
        self.pos = index.map(|i| Position::start(&self.variants[i].rules));
        self.first_move_number = 1;
        self.engine.clear();
    }

    /// Read commands until `quit` or the end of input.
    pub fn run<R: BufRead, W: Write>(&mut self, input: &mut R, out: &mut W) -> std::io::Result<()> {
        let mut line = String::new();
        loop {
            line.clear();
            if input.read_line(&mut line)? == 0 {
                return Ok(());
            }
            if !self.handle(line.trim(), out)? {
                return Ok(());
            }
            out.flush()?;
        }
    }

    /// The `feature` reply to `protover`, with comments on the variants not offered.
    fn features<W: Write>(&self, out: &mut W) -> std::io::Result<()> {
        let mut names = Vec::new();
        if self.default.is_some() {
            names.push("normal".to_string());
        }
        for v in &self.variants {
            match &v.refused {
                None => names.push(v.name.clone()),
                Some(why) => writeln!(out, "# variant {} not offered: {why}", v.name)?,
            }
        }
        writeln!(
            out,
            "feature myname=\"fairyrules {}\" variants=\"{}\" setboard=1 usermove=1 san=0 ping=1 time=1 \
             draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 debug=1 done=1",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        )
    }

    /// The `setup` and `piece` lines describing the current variant to XBoard.
    fn describe_variant<W: Write>(&self, out: &mut W) -> std::io::Result<()> {
        let Some(rules) = self.rules() else {
            return Ok(());
        };
        let Shape::Square { files, ranks } = rules.geometry().shape else {
            return Ok(());
        };
        let Ok(table) = piece_to_char(rules) else {
            return Ok(());
        };
        writeln!(
            out,
            "setup ({table}) {files}x{ranks}+0_fairy {}",
            translate_fen(rules, rules.start_fen(), -1)
        )?;
        for (i, kind) in rules.kinds().iter().enumerate() {
            let betza = xboard_betza(rules, i);
            if kind.hook.is_some() {
                writeln!(
                    out,
                    "# {} ({}) moves by a hook; XBoard gets the moves it may borrow",
                    kind.name, kind.letter
                )?;
            }
            writeln!(out, "piece {}& {betza}", kind.letter)?;
        }
        Ok(())
    }

    /// If it is the engine's turn in a running game, think and move.
    fn maybe_move<W: Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        let (Some(i), Some(pos)) = (self.current, self.pos.as_ref()) else {
            return Ok(());
        };
        let limits = self.limits_for(pos);
        let rules = &self.variants[i].rules;
        let Some(pos) = self.pos.as_mut() else {
            return Ok(());
        };
        if self.engine_side != Some(pos.side_to_move()) || outcome(rules, pos) != Outcome::Ongoing {
            return Ok(());
        }
        let post = self.post;
        let mut lines = Vec::new();
        let result = self
            .engine
            .search_with(rules, pos, &limits, &mut |r: &SearchResult| {
                if post {
                    lines.push(thinking_line(rules, r));
                }
            });
        for l in lines {
            writeln!(out, "{l}")?;
        }
        let Some(mv) = result.best else {
            return Ok(());
        };
        writeln!(out, "move {}", move_to_xboard(rules, &mv))?;
        pos.make(rules, mv);
        if let Some(line) = result_line(&outcome(rules, pos)) {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    fn limits_for(&self, pos: &Position) -> Limits {
        let c = &self.clock;
        let mut limits = Limits {
            depth: c.depth,
            ..Limits::default()
        };
        if let Some(t) = c.fixed {
            limits.movetime = Some(t);
        } else if let Some(left) = c.remaining {
            let played = pos.fullmove_number().saturating_sub(self.first_move_number);
            let to_go = if c.moves_per_session > 0 {
                c.moves_per_session - played % c.moves_per_session
            } else {
                30
            };
            let share = left / (to_go + 1) + c.increment * 3 / 4;
            let cap = left / 3;
            limits.movetime = Some(share.min(cap).max(Duration::from_millis(10)));
        } else if c.depth.is_none() {
            limits.movetime = Some(Duration::from_secs(2));
        }
        limits
    }

    /// Handle one command; false means quit.
    pub fn handle<W: Write>(&mut self, line: &str, out: &mut W) -> std::io::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Ok(true);
        };
        let rest: Vec<&str> = words.collect();
        let arg = rest.first().copied().unwrap_or("");
        match command {
            "quit" => return Ok(false),
            "xboard" => {}
            "protover" => self.features(out)?,
            "accepted" | "rejected" | "random" | "hard" | "easy" | "computer" | "name"
            | "rating" | "ics" | "draw" | "otim" | "?" | "nps" | "cores" | "memory" | "bk"
            | "hint" | "exit" | ".\u{0}" | "white" | "black" => {}
            "ping" => writeln!(out, "pong {arg}")?,
            "post" => self.post = true,
            "nopost" => self.post = false,
            "new" => {
                self.select(self.default);
                self.engine_side = Some(Color::Black);
                self.clock.depth = None;
                if self.default.is_none() {
                    writeln!(out, "Error (no variant XBoard can show was loaded): new")?;
                }
            }
            "variant" => {
                let found = if arg == "normal" {
                    self.default
                } else {
                    self.variants.iter().position(|v| v.name == arg)
                };
                match found {
                    None => writeln!(out, "Error (unknown variant): {arg}")?,
                    Some(i) => match &self.variants[i].refused {
                        Some(why) => writeln!(out, "Error ({why}): variant {arg}")?,
                        None => {
                            self.select(Some(i));
                            self.describe_variant(out)?;
                        }
                    },
                }
            }
            "setboard" => {
                let Some(rules) = self.rules() else {
                    writeln!(out, "Error (no variant selected): setboard")?;
                    return Ok(true);
                };
                let fen = translate_fen(rules, &rest.join(" "), 1);
                match parse_fen(rules, &fen) {
                    Ok(p) => {
                        self.first_move_number = p.fullmove_number();
                        self.pos = Some(p);
                    }
                    Err(e) => writeln!(out, "tellusererror Illegal position: {e}")?,
                }
            }
            "go" => {
                self.engine_side = self.pos.as_ref().map(|p| p.side_to_move());
                self.maybe_move(out)?;
            }
            "playother" => {
                self.engine_side = self.pos.as_ref().map(|p| p.side_to_move().flip());
            }
            "force" | "result" => self.engine_side = None,
            "sd" => self.clock.depth = arg.parse().ok().filter(|&d| d > 0),
            "st" => {
                self.clock.fixed = arg
                    .parse::<f64>()
                    .ok()
                    .filter(|s| *s > 0.0)
                    .map(Duration::from_secs_f64)
            }
            "level" => {
                // level MPS BASE INC: BASE in minutes or minutes:seconds, INC in seconds.
                self.clock.fixed = None;
                self.clock.moves_per_session = arg.parse().unwrap_or(0);
                let base = rest.get(1).copied().unwrap_or("0");
                let secs = match base.split_once(':') {
                    Some((m, s)) => {
                        m.parse::<f64>().unwrap_or(0.0) * 60.0 + s.parse::<f64>().unwrap_or(0.0)
                    }
                    None => base.parse::<f64>().unwrap_or(0.0) * 60.0,
                };
                self.clock.remaining = Some(Duration::from_secs_f64(secs.max(0.0)));
                self.clock.increment = Duration::from_secs_f64(
                    rest.get(2)
                        .and_then(|s| s.parse::<f64>().ok())
                        .unwrap_or(0.0)
                        .max(0.0),
                );
            }
            "time" => {
                if let Ok(cs) = arg.parse::<u64>() {
                    self.clock.remaining = Some(Duration::from_millis(cs * 10));
                }
            }
            "undo" | "remove" => {
                let n = if command == "undo" { 1 } else { 2 };
                if let (Some(i), Some(pos)) = (self.current, self.pos.as_mut()) {
                    for _ in 0..n.min(pos.ply_count()) {
                        pos.unmake(&self.variants[i].rules);
                    }
                }
            }
            "usermove" => self.user_move(arg, out)?,
            _ => {
                let looks_like_move = command.len() >= 4
                    && command.as_bytes()[0].is_ascii_lowercase()
                    && command.as_bytes()[1].is_ascii_digit();
                if looks_like_move {
                    self.user_move(command, out)?;
                } else {
                    writeln!(out, "Error (unknown command): {command}")?;
                }
            }
        }
        Ok(true)
    }

    fn user_move<W: Write>(&mut self, text: &str, out: &mut W) -> std::io::Result<()> {
        let (Some(i), Some(pos)) = (self.current, self.pos.as_mut()) else {
            writeln!(out, "Illegal move (no game): {text}")?;
            return Ok(());
        };
        let rules = &self.variants[i].rules;
        if outcome(rules, pos) != Outcome::Ongoing {
            writeln!(out, "Illegal move (the game is over): {text}")?;
            return Ok(());
        }
        let ours = if zero_based_ranks(rules) {
            shift_ranks(text, 1)
        } else {
            text.to_string()
        };
        match parse_move(rules, pos, &ours) {
            Ok(mv) => {
                pos.make(rules, mv);
                if let Some(line) = result_line(&outcome(rules, pos)) {
                    writeln!(out, "{line}")?;
                    return Ok(());
                }
                self.maybe_move(out)
            }
            Err(e) => writeln!(out, "Illegal move ({e}): {text}"),
        }
    }
}

/// A thinking-output line: depth, score (centipawns; mates as ±100000+moves), time in
/// centiseconds, nodes, principal variation.
fn thinking_line(rules: &Rules, r: &SearchResult) -> String {
    let score = match r.mate_in_plies() {
        Some(p) if p > 0 => 100_000 + (p + 1) / 2,
        Some(p) => -100_000 - (-p + 1) / 2,
        None => r.score,
    };
    let pv: Vec<String> = r.pv.iter().map(|m| move_to_xboard(rules, m)).collect();
    format!(
        "{} {score} {} {} {}",
        r.depth,
        r.elapsed.as_millis() / 10,
        r.nodes,
        pv.join(" ")
    )
}

/// Run `fairyrules xboard` on stdin/stdout.
pub fn run(args: XboardArgs) -> Result<ExitCode, String> {
    let mut variants: Vec<Variant> = Vec::new();
    for file in &args.files {
        let rules = Rules::load(file).map_err(|f| f.render())?;
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().to_lowercase())
            .unwrap_or_else(|| "variant".to_string());
        let mut name = stem.replace(' ', "-");
        let mut n = 2;
        while variants.iter().any(|v| v.name == name) || name == "normal" {
            name = format!("{stem}-{n}");
            n += 1;
        }
        variants.push(Variant::new(&name, rules));
    }
    let mut session = Session::new(variants, args.hash);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    session
        .run(&mut stdin.lock(), &mut stdout.lock())
        .map_err(|e| format!("error: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_shift() {
        assert_eq!(shift_ranks("a10b9", -1), "a9b8");
        assert_eq!(shift_ranks("e0e2q", 1), "e1e3q");
    }
}

//! `fairyrules xboard [FILE|DIR ...]`: the built-in engine over the XBoard / WinBoard
//! protocol (CECP version 2), for the variants in the given files (by default the shipped
//! `variants` folder).
//!
//! - Each file is offered as a variant named after its file stem (`chess`, `capablanca`,
//!   `hero-chess`); XBoard's `normal` is `chess` if loaded, else the first square-board file.
//! - After `variant NAME` the engine sends `setup (PIECETOCHAR) WxH+0_fairy FEN` and one
//!   `piece X& BETZA` line per piece kind, so XBoard draws the pieces and checks moves by the
//!   file's own Betza strings. A kind moved by a hook is described by the union of the moves
//!   it can borrow (a superset of its moves).
//! - XBoard has no hexagonal boards: hexagonal variants are not offered (a `#` comment says
//!   why) and `variant` refuses them with an `Error` line.
//! - Moves are coordinates (`e2e4`, `e7e8q`). On boards with exactly 10 ranks XBoard numbers
//!   ranks from 0, so `a1` here is `a0` there; moves, position strings and the messages about
//!   them are translated ([`ranks`]).
//! - Commands: `xboard`, `protover`, `new`, `variant`, `setboard`, `usermove` (and bare
//!   moves), `go`, `force`, `playother`, `st`, `sd`, `level`, `time`, `otim`, `undo`,
//!   `remove`, `result`, `post`, `nopost`, `analyze`, `exit`, `.`, `ping`, `option`, `quit`;
//!   the one engine option is `Use Net` (a check box, on at start: play with the learned
//!   evaluation the variant file names); the other commands of the protocol are accepted and
//!   ignored, anything else is answered with `Error (unknown command)`.
//! - The engine thinks on its own move in the foreground (feature `sigint=0`; `sigterm`
//!   is left on, a terminated engine simply ends):
//!   commands sent meanwhile are read after its move, so `ping` is answered after it. In
//!   analyze mode the search runs in the background ([`Searcher`]) and every command is
//!   answered at once; a change of position restarts the analysis.
//! - A game that has ended answers `go` and `playother` with its result line; a `setboard`
//!   position that the variant's rules make impossible is refused with `tellusererror`.

pub mod clock;
pub mod describe;
pub mod ranks;
pub mod think;

use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use fairyrules::engine::{Engine, Features, Limits};
use fairyrules::{legal_moves, outcome, parse_move, Color, Outcome, Position, Rules};

use super::catalog;
use super::input::{Input, LineReader, MAX_LINE};
use super::output::Output;
use super::position_check::impossible;
use super::searcher::{Job, Searcher};
use clock::TimeControl;
use describe::{move_to_xboard, result_line, variant_lines, Variant};
use think::{Progress, Thinking};

/// Largest transposition table accepted by `--hash`, in MiB.
pub const HASH_MAX_MB: usize = 4096;

/// Arguments of `fairyrules xboard`.
#[derive(clap::Args, Debug, Clone)]
pub struct XboardArgs {
    /// Variant files or folders of them (default: the shipped `variants` folder); XBoard's
    /// `normal` is `chess` if loaded, else the first square-board variant.
    pub files: Vec<PathBuf>,
    /// Transposition table size in MiB (1 to 4096).
    #[arg(long, default_value_t = 64,
          value_parser = clap::value_parser!(u64).range(1..=HASH_MAX_MB as u64))]
    pub hash: u64,
}

/// Parentheses would end XBoard's `Error (...)` or `Illegal move (...)` early.
fn paren_free(text: &str) -> String {
    text.replace('(', "[").replace(')', "]")
}

/// At most 80 characters of a word for a message.
fn truncate(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(80).collect::<String>())
    }
}

/// One protocol session: the variants, the game, the engine.
pub struct Session {
    variants: Vec<Variant>,
    default: Option<usize>,
    current: Option<usize>,
    pos: Option<Position>,
    first_move_number: u32,
    searcher: Searcher,
    engine_side: Option<Color>,
    clock: TimeControl,
    post: bool,
    out: Output,
    /// In analyze mode: the running (or finished) analysis's progress.
    analysis: Option<Arc<Mutex<Progress>>>,
}

impl Session {
    /// A session over these variants with a transposition table of `hash_mb` MiB.
    pub fn new(variants: Vec<Variant>, hash_mb: usize, out: Output) -> Session {
        let square = |v: &Variant| v.refused.is_none();
        let default = variants
            .iter()
            .position(|v| square(v) && v.name == "chess")
            .or_else(|| variants.iter().position(square));
        let mut s = Session {
            variants,
            default,
            current: None,
            pos: None,
            first_move_number: 1,
            searcher: Searcher::new(Engine::new(hash_mb)),
            engine_side: None,
            clock: TimeControl::default(),
            post: false,
            out,
            analysis: None,
        };
        s.select(default);
        s.engine_side = Some(Color::Black);
        s
    }

    fn rules(&self) -> Option<Arc<Rules>> {
        self.current.map(|i| self.variants[i].rules.clone())
    }

    fn select(&mut self, index: Option<usize>) {
        self.current = index;
        self.pos = index.map(|i| Position::start(&self.variants[i].rules));
        self.first_move_number = 1;
        self.searcher.configure(|e| e.clear());
    }

    fn line(&self, text: impl AsRef<str>) {
        self.out.line(text);
    }

    /// Read commands until `quit`, the end of the input, or a closed output.
    pub fn run<R: BufRead>(&mut self, input: R) {
        let mut reader = LineReader::new(input);
        loop {
            match reader.next_line() {
                Ok(Input::Line(line)) => {
                    if !self.handle(&line) {
                        break;
                    }
                }
                Ok(Input::TooLong) => self.line(format!(
                    "Error (line longer than {MAX_LINE} bytes, ignored up to its end): input"
                )),
                Ok(Input::End) => break,
                Err(e) => {
                    eprintln!("error: reading commands: {e}");
                    break;
                }
            }
            if self.out.is_closed() {
                break;
            }
        }
        self.pause_analysis();
    }

    /// The `feature` reply to `protover`, with comments on the variants not offered.
    fn features(&self) {
        let mut lines = Vec::new();
        let mut names = Vec::new();
        if self.default.is_some() {
            names.push("normal".to_string());
        }
        for v in &self.variants {
            match &v.refused {
                None => names.push(v.name.clone()),
                Some(why) => lines.push(format!("# variant {} not offered: {why}", v.name)),
            }
        }
        lines.push(format!(
            "feature myname=\"fairyrules {}\" variants=\"{}\" setboard=1 usermove=1 san=0 ping=1 \
             time=1 draw=0 sigint=0 reuse=1 analyze=1 colors=0 debug=1 \
             option=\"Use Net -check 1\" done=1",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        self.out.lines(&lines);
    }

    /// `option NAME=VALUE`: `Use Net=0|1`; an option this engine did not offer gets an
    /// `Error` line.
    fn option(&mut self, setting: &str) {
        let (name, value) = setting.split_once('=').unwrap_or((setting, ""));
        match (name.trim(), value.trim()) {
            ("Use Net", "0" | "1") => {
                let on = value.trim() == "1";
                self.searcher
                    .configure(move |e| e.set_features(Features::with_net(on)));
            }
            ("Use Net", _) => self.line(format!(
                "Error (Use Net takes 0 or 1): option {}",
                truncate(setting)
            )),
            _ => self.line(format!(
                "Error (unknown option): option {}",
                truncate(setting)
            )),
        }
    }

    /// The result line of the game, if it has ended.
    fn game_result(&self) -> Option<String> {
        let (rules, pos) = (self.rules()?, self.pos.as_ref()?);
        result_line(&outcome(&rules, &mut pos.clone()))
    }

    /// If it is the engine's turn in a running game, think and move.
    fn maybe_move(&mut self) {
        let (Some(rules), Some(pos)) = (self.rules(), self.pos.clone()) else {
            return;
        };
        if self.analysis.is_some() || self.engine_side != Some(pos.side_to_move()) {
            return;
        }
        if self.game_result().is_some() {
            return;
        }
        let played = pos.fullmove_number().saturating_sub(self.first_move_number);
        let limits = self.clock.limits(played);
        let progress = Arc::new(Mutex::new(Progress::default()));
        self.search(&rules, pos, limits, self.post, progress.clone());
        self.searcher.wait();
        let result = progress
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .result
            .take();
        let Some(mv) = result.and_then(|r| r.best) else {
            return;
        };
        let Some(pos) = self.pos.as_mut() else {
            return;
        };
        let mut lines = vec![format!("move {}", move_to_xboard(&rules, &mv))];
        pos.make(&rules, mv);
        lines.extend(result_line(&outcome(&rules, pos)));
        self.out.lines(&lines);
    }

    fn search(
        &mut self,
        rules: &Arc<Rules>,
        pos: Position,
        limits: Limits,
        post: bool,
        progress: Arc<Mutex<Progress>>,
    ) {
        let thinking = Thinking::new(self.out.clone(), rules.clone(), pos.clone(), post, progress);
        self.searcher.start(Job {
            rules: rules.clone(),
            pos,
            limits,
            listener: Box::new(thinking),
        });
    }

    /// Stop the analysis (if analyzing) and wait for it, staying in analyze mode.
    fn pause_analysis(&mut self) {
        if self.analysis.is_some() {
            self.searcher.stop();
            self.searcher.wait();
        }
    }

    /// In analyze mode, analyze the current position (unless the game is over).
    fn resume_analysis(&mut self) {
        if self.analysis.is_none() {
            return;
        }
        let (Some(rules), Some(pos)) = (self.rules(), self.pos.clone()) else {
            return;
        };
        let progress = Arc::new(Mutex::new(Progress::default()));
        self.analysis = Some(progress.clone());
        if self.game_result().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            depth: self.clock.depth,
            ..Limits::default()
        };
        self.search(&rules, pos, limits, true, progress);
    }

    /// `.` in analyze mode: `stat01: time nodes depth moves-left total-moves`.
    fn analysis_status(&self) {
        let Some(progress) = &self.analysis else {
            return;
        };
        let (Some(rules), Some(pos)) = (self.rules(), self.pos.as_ref()) else {
            return;
        };
        let total = legal_moves(&rules, &mut pos.clone()).len();
        let p = progress.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = &p.last {
            self.line(format!(
                "stat01: {} {} {} 0 {total}",
                r.elapsed.as_millis() / 10,
                r.nodes,
                r.depth
            ));
        }
    }

    /// Handle one command; false means quit.
    pub fn handle(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        let arg = rest.first().copied().unwrap_or("");
        match command {
            "quit" => return false,
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "otim" | "?" | "nps" | "cores" | "memory"
            | "bk" | "hint" | "white" | "black" | "egtpath" => {}
            "option" => self.option(&rest.join(" ")),
            "protover" => self.features(),
            "ping" => self.line(format!("pong {}", truncate(arg))),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.pause_analysis();
                self.engine_side = None;
                self.analysis = Some(Arc::default());
                self.resume_analysis();
            }
            "exit" => {
                self.pause_analysis();
                self.analysis = None;
            }
            "." => self.analysis_status(),
            "new" => self.changing(|s| {
                s.select(s.default);
                s.clock.depth = None;
                if s.analysis.is_none() {
                    s.engine_side = Some(Color::Black);
                }
                if s.default.is_none() {
                    s.line("Error (no variant XBoard can show was loaded): new");
                }
            }),
            "variant" => self.changing(|s| s.variant(arg)),
            "setboard" => self.changing(|s| s.setboard(&rest.join(" "))),
            "holding" => self.changing(|s| s.holding(&rest.join(" "))),
            "usermove" => self.changing(|s| s.user_move(arg)),
            "undo" | "remove" => self.changing(|s| {
                let n = if command == "undo" { 1 } else { 2 };
                if let (Some(rules), Some(pos)) = (s.rules(), s.pos.as_mut()) {
                    for _ in 0..n.min(pos.ply_count()) {
                        pos.unmake(&rules);
                    }
                }
            }),
            "go" => {
                if self.analysis.is_some() {
                    self.pause_analysis();
                    self.analysis = None;
                }
                self.engine_side = self.pos.as_ref().map(|p| p.side_to_move());
                match self.game_result() {
                    Some(result) => self.line(result),
                    None => self.maybe_move(),
                }
            }
            "playother" => {
                self.engine_side = self.pos.as_ref().map(|p| p.side_to_move().flip());
                if let Some(result) = self.game_result() {
                    self.line(result);
                }
            }
            "force" | "result" => self.engine_side = None,
            "sd" => self.time_command(line, |c| c.set_depth(arg)),
            "st" => self.time_command(line, |c| c.set_fixed(arg)),
            "level" => self.time_command(line, |c| c.set_level(&rest)),
            "time" => self.time_command(line, |c| c.set_remaining(arg)),
            _ => {
                let b = command.as_bytes();
                let looks_like_move =
                    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit();
                if looks_like_move {
                    self.changing(|s| s.user_move(command));
                } else {
                    self.line(format!(
                        "Error (unknown command): {}",
                        paren_free(&truncate(command))
                    ));
                }
            }
        }
        true
    }

    /// A command that changes the game: the analysis, if any, stops first and starts again
    /// on the new position.
    fn changing(&mut self, change: impl FnOnce(&mut Session)) {
        self.pause_analysis();
        change(self);
        self.resume_analysis();
    }

    fn time_command(
        &mut self,
        line: &str,
        set: impl FnOnce(&mut TimeControl) -> Result<(), String>,
    ) {
        if let Err(e) = set(&mut self.clock) {
            self.line(format!(
                "Error ({}): {}",
                paren_free(&e),
                truncate(line.trim())
            ));
        }
    }

    fn variant(&mut self, name: &str) {
        let found = if name == "normal" {
            self.default
        } else {
            self.variants.iter().position(|v| v.name == name)
        };
        match found {
            None => self.line(format!(
                "Error (unknown variant): {}",
                paren_free(&truncate(name))
            )),
            Some(i) => match &self.variants[i].refused {
                Some(why) => self.line(format!("Error ({}): variant {name}", paren_free(why))),
                None => {
                    self.select(Some(i));
                    self.out.lines(&variant_lines(&self.variants[i].rules));
                }
            },
        }
    }

    /// `holding [PNB] [pq]`: the pieces each side holds in hand (White's, then Black's), as
    /// XBoard sends them in drop games; replaces the hands of the current position.
    fn holding(&mut self, text: &str) {
        let Some(rules) = self.rules().filter(|_| self.pos.is_some()) else {
            self.line("Error (no variant selected): holding");
            return;
        };
        if !rules.has_hands() {
            self.line("Error (this variant has no pieces in hand): holding");
            return;
        }
        // The letters inside the first two bracket pairs.
        let groups: Vec<&str> = text
            .split('[')
            .skip(1)
            .map(|g| g.split(']').next().unwrap_or(""))
            .collect();
        let mut counts = vec![[0u8; 2]; rules.kinds().len()];
        for (side, group) in groups.iter().take(2).enumerate() {
            for ch in group.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                match rules.kind_by_symbol(ch, None) {
                    Some(k) if !rules.kind(k).royal_for_some_side() => {
                        counts[k as usize][side] = counts[k as usize][side].saturating_add(1)
                    }
                    _ => {
                        self.line(format!(
                            "Error (not a piece that can be in hand: {}): holding",
                            paren_free(&ch.to_string())
                        ));
                        return;
                    }
                }
            }
        }
        let Some(pos) = self.pos.as_mut() else {
            return;
        };
        for (k, held) in counts.iter().enumerate() {
            for color in Color::BOTH {
                let piece = fairyrules::Piece::new(k as fairyrules::KindId, color);
                pos.set_in_hand(&rules, piece, held[color.index()]);
            }
        }
    }

    fn setboard(&mut self, fen: &str) {
        let Some(rules) = self.rules() else {
            self.line("Error (no variant selected): setboard");
            return;
        };
        let (ours, translated) = ranks::fen_from_xboard(&rules, fen);
        let parsed = fairyrules::parse_position(&rules, &ours)
            .map_err(|e| e.to_string())
            .and_then(|p| match impossible(&rules, &p) {
                Some(why) => Err(why),
                None => Ok(p),
            });
        match parsed {
            Ok(p) => {
                self.first_move_number = p.fullmove_number();
                self.pos = Some(p);
            }
            Err(e) => self.line(format!(
                "tellusererror Illegal position: {}",
                translated.restore(&e)
            )),
        }
    }

    fn user_move(&mut self, text: &str) {
        let (Some(rules), Some(pos)) = (self.rules(), self.pos.as_mut()) else {
            self.line(format!("Illegal move (no game): {}", truncate(text)));
            return;
        };
        if outcome(&rules, pos) != Outcome::Ongoing {
            self.line(format!(
                "Illegal move (the game is over): {}",
                truncate(text)
            ));
            return;
        }
        let (ours, translated) = ranks::move_from_xboard(&rules, text);
        match parse_move(&rules, pos, &ours) {
            Ok(mv) => {
                pos.make(&rules, mv);
                if let Some(line) = result_line(&outcome(&rules, pos)) {
                    self.line(line);
                    return;
                }
                self.maybe_move();
            }
            Err(e) => self.line(format!(
                "Illegal move ({}): {}",
                paren_free(&translated.restore(&e.to_string())),
                truncate(text)
            )),
        }
    }
}

/// Load the variants and name them: the file stem, `-2`, `-3`... after a taken name.
pub fn variants(files: &[PathBuf]) -> Result<Vec<Variant>, String> {
    let sources = catalog::command_line_sources(files)?;
    let (loaded, skipped) = catalog::load_all(&sources)?;
    for s in skipped {
        eprint!("warning: skipped a file that is not a valid variant:\n{s}");
    }
    let mut variants: Vec<Variant> = Vec::new();
    for v in loaded {
        let mut name = v.name.clone();
        let mut n = 2;
        while variants.iter().any(|o| o.name == name) || name == "normal" {
            name = format!("{}-{n}", v.name);
            n += 1;
        }
        variants.push(Variant::new(&name, v.rules));
    }
    Ok(variants)
}

/// Run `fairyrules xboard` on stdin/stdout.
pub fn run(args: XboardArgs) -> Result<ExitCode, String> {
    let variants = variants(&args.files)?;
    let mut session = Session::new(variants, args.hash as usize, Output::stdout());
    session.run(std::io::stdin().lock());
    Ok(ExitCode::SUCCESS)
}

//! `fairyrules uci [FILE|DIR ...]`: the built-in engine over the UCI protocol, with the
//! conventions of variant engines.
//!
//! - Every loaded variant is offered by its short name (its file stem) in the
//!   `UCI_Variant` combo; `chess` is the default when loaded. `VariantPath` loads more files
//!   or folders while running (a file whose short name is taken replaces that variant).
//! - Options: `UCI_Variant`, `UCI_Chess960`, `VariantPath`, `Hash`, `Clear Hash`, `Threads`,
//!   `MultiPV`, `Ponder`, `Move Overhead`, `Use Net` (see [`options`]). `UCI_Chess960 =
//!   true` switches from a variant to its shuffled form named with `960` (`chess` →
//!   `chess960`, castling written king + rook), `false` back.
//! - Commands: `uci`, `isready`, `setoption`, `ucinewgame`, `position startpos|fen ...
//!   [moves ...]`, `go` (see [`go`]), `stop`, `ponderhit`, `debug`, `register`, `quit`, and
//!   `d` (the position as `info string` lines). Positions and moves are written as
//!   everywhere in the project: square or hexagonal boards alike.
//! - The search runs on its own thread ([`Searcher`]): `stop`, `isready` and the rest are
//!   answered while it runs. A malformed or impossible command gets an `info string error:`
//!   line and the loop goes on; every `go` gets a `bestmove` (`bestmove (none)` when the game
//!   is over or the position was refused).
//! - At the end of the input a running search with limits is finished first; an infinite
//!   or ponder search is stopped.

pub mod go;
pub mod options;
pub mod report;

use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use fairyrules::engine::eval::Evaluator;
use fairyrules::engine::{Engine, Features};
use fairyrules::geometry::Shape;
use fairyrules::{parse_move, render_text, to_fen, Color, Position, Rules};

use super::catalog::{self, Variant};
use super::input::{Input, LineReader, MAX_LINE};
use super::output::Output;
use super::position_check::impossible;
use super::searcher::{Job, Searcher};
use options::Setting;
use report::{Gate, UciListener};

/// Arguments of `fairyrules uci`.
#[derive(clap::Args, Debug, Clone)]
pub struct UciArgs {
    /// Variant files or folders of them (default: the shipped `variants` folder).
    pub files: Vec<PathBuf>,
}

/// The state of a running search, as the command loop sees it.
struct Running {
    /// Opens to let `bestmove` out.
    gate: Gate,
    /// `go infinite` or `go ponder`: `bestmove` waits for `stop` (or `ponderhit`).
    held: bool,
    /// For `go ponder`: the time to search on after `ponderhit`, once it comes.
    ponder_budget: Option<Option<Duration>>,
}

/// One UCI session.
pub struct Session {
    variants: Vec<Variant>,
    current: usize,
    /// The position to search; `None` after a `position` command that was refused.
    pos: Option<Position>,
    out: Output,
    searcher: Searcher,
    overhead: Duration,
    /// `Threads` and `MultiPV`, kept to give a new engine (a new `Hash`) the same settings.
    threads: usize,
    multipv: usize,
    /// `Use Net`: whether the engine plays with the variant file's learned evaluation.
    use_net: bool,
    running: Option<Running>,
}

/// Write `info string` lines.
fn info_strings(out: &Output, text: &str) {
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("info string {l}"))
        .collect();
    out.lines(&lines);
}

impl Session {
    /// A session over these variants (at least one) with a transposition table of
    /// `hash_mb` MiB (until a `Hash` option changes it), writing to `out`.
    pub fn new(variants: Vec<Variant>, hash_mb: usize, out: Output) -> Session {
        let current = variants.iter().position(|v| v.name == "chess").unwrap_or(0);
        let pos = Some(Position::start(&variants[current].rules));
        Session {
            variants,
            current,
            pos,
            out,
            searcher: Searcher::new(Engine::new(hash_mb)),
            overhead: Duration::from_millis(options::OVERHEAD_DEFAULT_MS),
            threads: 1,
            multipv: 1,
            use_net: true,
            running: None,
        }
    }

    fn rules(&self) -> &Arc<Rules> {
        &self.variants[self.current].rules
    }

    fn error(&self, text: &str) {
        info_strings(&self.out, &format!("error: {text}"));
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
                Ok(Input::TooLong) => self.error(&format!(
                    "line longer than {MAX_LINE} bytes ignored (up to its end)"
                )),
                Ok(Input::End) => {
                    if self.running.as_ref().is_some_and(|r| r.held) {
                        self.stop();
                    }
                    break;
                }
                Err(e) => {
                    eprintln!("error: reading commands: {e}");
                    break;
                }
            }
            if self.out.is_closed() {
                break;
            }
        }
        self.finish_search();
    }

    /// Wait for the running search (if any) to print its `bestmove`.
    fn finish_search(&mut self) {
        if self.out.is_closed() {
            self.stop();
        }
        self.searcher.wait();
        self.running = None;
    }

    fn is_searching(&mut self) -> bool {
        if self.running.is_some() && !self.searcher.is_busy() {
            self.running = None;
        }
        self.running.is_some()
    }

    fn stop(&mut self) {
        if let Some(r) = &self.running {
            self.searcher.stop();
            r.gate.open();
        }
    }

    /// Handle one command line; false means quit.
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (command, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, r)| (c, r.trim()));
        let words: Vec<&str> = rest.split_whitespace().collect();
        match command {
            "" => {}
            "quit" => {
                self.stop();
                return false;
            }
            "uci" => self.identify(),
            "isready" => self.isready(),
            "setoption" => self.setoption(rest),
            "ucinewgame" => {
                if self.is_searching() {
                    self.stop();
                    self.finish_search();
                }
                self.searcher.configure(|e| e.clear());
                self.pos = Some(Position::start(self.rules()));
            }
            "position" => self.position(&words),
            "go" => self.go(&words),
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(),
            "debug" | "register" => {}
            "d" => self.show(),
            "eval" => self.static_evaluation(),
            _ => self.error(&format!(
                "unknown command `{}` (commands: uci, isready, setoption, ucinewgame, \
                 position, go, stop, ponderhit, quit, d, eval)",
                truncate(command)
            )),
        }
        true
    }

    fn identify(&self) {
        let mut lines = vec![
            format!("id name fairyrules {}", env!("CARGO_PKG_VERSION")),
            "id author the fairyrules authors".to_string(),
        ];
        let names: Vec<&str> = self.variants.iter().map(|v| v.name.as_str()).collect();
        lines.extend(options::declarations(
            &names,
            &self.variants[self.current].name,
        ));
        lines.push("uciok".to_string());
        self.out.lines(&lines);
    }

    fn isready(&mut self) {
        if self.is_searching() {
            self.out.line("readyok");
        } else {
            // After the options already sent have taken effect (a new table, say), and
            // from this thread, so that `readyok` comes after the answers to every earlier
            // command and before those of later ones (`eval`, `d`, errors are answered here).
            self.searcher.flush();
            self.out.line("readyok");
        }
    }

    fn setoption(&mut self, rest: &str) {
        let (setting, notes) = match options::parse_setoption(rest) {
            Ok(s) => s,
            Err(e) => return self.error(&e),
        };
        for n in notes {
            info_strings(&self.out, &n);
        }
        match setting {
            Setting::Variant(name) => match self.variants.iter().position(|v| v.name == name) {
                Some(i) => {
                    self.current = i;
                    self.pos = Some(Position::start(self.rules()));
                    self.announce_variant();
                }
                None => self.error(&format!(
                    "unknown variant `{}` (loaded: {})",
                    truncate(&name),
                    self.names()
                )),
            },
            Setting::VariantPath(paths) => self.load_paths(&paths),
            Setting::Hash(mb) => {
                let (threads, multipv, use_net) = (self.threads, self.multipv, self.use_net);
                self.searcher.configure(move |e| {
                    *e = Engine::new(mb);
                    e.set_threads(threads);
                    e.set_multipv(multipv);
                    e.set_features(Features::with_net(use_net));
                });
            }
            Setting::ClearHash => self.searcher.configure(|e| e.clear()),
            Setting::Threads(n) => {
                self.threads = n;
                self.searcher.configure(move |e| e.set_threads(n));
            }
            Setting::MultiPv(n) => {
                self.multipv = n;
                self.searcher.configure(move |e| e.set_multipv(n));
            }
            Setting::Ponder(_) => {}
            Setting::MoveOverhead(d) => self.overhead = d,
            Setting::Chess960(on) => self.set_chess960(on),
            Setting::UseNet(on) => {
                self.use_net = on;
                self.searcher
                    .configure(move |e| e.set_features(Features::with_net(on)));
            }
        }
    }

    /// `UCI_Chess960`: switch between a variant and its shuffled form, named with `960`
    /// (`chess` ↔ `chess960`), whose castling is written king + rook as the GUI expects.
    fn set_chess960(&mut self, on: bool) {
        let name = self.variants[self.current].name.clone();
        let wanted = match (on, name.strip_suffix("960")) {
            (true, None) => format!("{name}960"),
            (false, Some(base)) => base.to_string(),
            _ => return,
        };
        match self.variants.iter().position(|v| v.name == wanted) {
            Some(i) => {
                self.current = i;
                self.pos = Some(Position::start(self.rules()));
                self.announce_variant();
            }
            None if on => self.error(&format!(
                "UCI_Chess960: no variant `{}` is loaded for `{}`; send positions with `position fen`",
                truncate(&wanted),
                truncate(&name)
            )),
            None => {}
        }
    }

    fn names(&self) -> String {
        let names: Vec<&str> = self.variants.iter().map(|v| v.name.as_str()).collect();
        names.join(", ")
    }

    /// Tell the GUI the board and start position of the selected variant (the line
    /// Fairy-Stockfish sends; hexagonal boards say so instead of giving files and ranks).
    fn announce_variant(&self) {
        let v = &self.variants[self.current];
        let board = match v.rules.geometry().shape {
            Shape::Square { files, ranks } => {
                // The pocket: how many kinds may be held in hand (those not promoted,
                // not royal), as Fairy-Stockfish counts them.
                let pocket = if v.rules.has_hands() {
                    v.rules
                        .kinds()
                        .iter()
                        .filter(|k| k.mark.is_none() && !k.royal_for_some_side())
                        .count()
                } else {
                    0
                };
                format!("files {files} ranks {ranks} pocket {pocket} template fairy")
            }
            Shape::Hex { side } => format!(
                "board hexagonal side {side} cells {}",
                v.rules.geometry().cell_count()
            ),
        };
        self.out.line(format!(
            "info string variant {} {board} startpos {}",
            v.name,
            v.rules.start_fen()
        ));
    }

    /// `VariantPath`: load files and folders, separated as in `PATH`.
    fn load_paths(&mut self, value: &str) {
        if value.is_empty() || value == "<empty>" {
            return;
        }
        let paths: Vec<PathBuf> = std::env::split_paths(value).collect();
        let sources = match catalog::sources(&paths) {
            Ok(s) => s,
            Err(e) => return self.error(&format!("VariantPath: {e}")),
        };
        let mut loaded = Vec::new();
        for s in sources {
            match catalog::load(&s.path) {
                Ok(v) => {
                    loaded.push(format!("{} ({})", v.name, v.path.display()));
                    match self.variants.iter().position(|o| o.name == v.name) {
                        Some(i) => {
                            self.variants[i] = v;
                            if i == self.current {
                                self.pos = Some(Position::start(self.rules()));
                            }
                        }
                        None => self.variants.push(v),
                    }
                }
                Err(e) => {
                    let first: String = e.lines().take(12).collect::<Vec<_>>().join("\n");
                    self.error(&format!("VariantPath: {first}"));
                }
            }
        }
        if !loaded.is_empty() {
            info_strings(
                &self.out,
                &format!(
                    "loaded {}; variants now: {} (send `uci` again for the new option list)",
                    loaded.join(", "),
                    self.names()
                ),
            );
        }
    }

    /// `position startpos|fen FIELDS... [moves M...]`.
    fn position(&mut self, words: &[&str]) {
        match self.read_position(words) {
            Ok(p) => self.pos = Some(p),
            Err(e) => {
                self.pos = None;
                self.error(&format!("{e}; no position is set until the next valid one"));
            }
        }
    }

    fn read_position(&self, words: &[&str]) -> Result<Position, String> {
        let rules = self.rules();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let mut pos = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => Position::start(rules),
            Some(&"fen") if setup.len() > 1 => {
                let fen = setup[1..].join(" ");
                let pos = fairyrules::parse_position(rules, &fen)
                    .map_err(|e| format!("position fen {}: {e}", truncate(&fen)))?;
                if let Some(why) = impossible(rules, &pos) {
                    return Err(format!("position fen {}: {why}", truncate(&fen)));
                }
                pos
            }
            _ => return Err(
                "expected `position startpos [moves ...]` or `position fen <position> [moves ...]`"
                    .into(),
            ),
        };
        for (i, text) in moves.iter().enumerate() {
            let mv = parse_move(rules, &mut pos, text).map_err(|e| {
                format!(
                    "move {} of the position (`{}`): {e} in {}",
                    i + 1,
                    truncate(text),
                    to_fen(rules, &pos)
                )
            })?;
            pos.make(rules, mv);
        }
        Ok(pos)
    }

    fn go(&mut self, words: &[&str]) {
        if self.running.as_ref().is_some_and(|r| !r.gate.is_open()) && self.is_searching() {
            return self.error("`go` during an infinite or ponder search: send `stop` first");
        }
        // A search with limits (or one told to stop) ends by itself: the new one follows.
        self.finish_search();
        let go = go::parse(words);
        for p in &go.problems {
            self.error(p);
        }
        let Some(pos) = self.pos.clone() else {
            self.error("no valid position to search (the last `position` was refused)");
            self.out.line("bestmove (none)");
            return;
        };
        let side = pos.side_to_move();
        let limits = go.limits(side, self.overhead);
        let held = go.infinite || go.ponder;
        let gate = if held {
            Gate::default()
        } else {
            Gate::open_now()
        };
        let rules = self.rules().clone();
        let listener = UciListener::new(self.out.clone(), rules.clone(), pos.clone(), gate.clone());
        self.searcher.start(Job {
            rules,
            pos,
            limits,
            listener: Box::new(listener),
        });
        self.running = Some(Running {
            gate,
            held,
            ponder_budget: go.ponder.then(|| go.ponder_budget(side, self.overhead)),
        });
    }

    fn ponderhit(&mut self) {
        if !self.is_searching() {
            return;
        }
        let Some(running) = self.running.as_mut() else {
            return;
        };
        let Some(budget) = running.ponder_budget.take() else {
            return;
        };
        running.held = false;
        running.gate.open();
        if let Some(t) = budget {
            self.searcher.stop_after(t);
        }
    }

    /// `eval`: the static evaluation of the current position (the variant file's learned
    /// evaluation included unless `Use Net` is off, as the search uses it), in centipawns
    /// for White (as Stockfish's `eval` prints it), for comparing evaluations.
    fn static_evaluation(&self) {
        let Some(pos) = &self.pos else {
            return self.error("no valid position");
        };
        let rules = self.rules();
        let mut evaluator = Evaluator::new(rules, None);
        if self.use_net {
            evaluator.set_net(rules, rules.net().cloned());
        }
        let own = evaluator.evaluate(rules, pos);
        let white = match pos.side_to_move() {
            Color::White => own,
            Color::Black => -own,
        };
        info_strings(
            &self.out,
            &format!("static evaluation {white} cp (white side)"),
        );
    }

    fn show(&self) {
        let Some(pos) = &self.pos else {
            return self.error("no valid position");
        };
        let mut pos = pos.clone();
        let rules = self.rules();
        info_strings(
            &self.out,
            &format!(
                "variant {}\n{}",
                self.variants[self.current].name,
                render_text(rules, &mut pos)
            ),
        );
    }
}

/// At most 80 characters of a word for a message.
fn truncate(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(80).collect::<String>())
    }
}

/// Run `fairyrules uci` on stdin/stdout.
pub fn run(args: UciArgs) -> Result<ExitCode, String> {
    let sources = catalog::command_line_sources(&args.files)?;
    let (mut variants, skipped) = catalog::load_all(&sources)?;
    for s in skipped {
        eprint!("warning: skipped a file that is not a valid variant:\n{s}");
    }
    // A later file with the same short name replaces an earlier one.
    let mut unique: Vec<Variant> = Vec::new();
    for v in variants.drain(..) {
        match unique.iter().position(|u| u.name == v.name) {
            Some(i) => unique[i] = v,
            None => unique.push(v),
        }
    }
    if unique.is_empty() {
        return Err("error: no variant loaded".into());
    }
    let mut session = Session::new(unique, options::HASH_DEFAULT_MB, Output::stdout());
    session.run(std::io::stdin().lock());
    Ok(ExitCode::SUCCESS)
}

//! The players of `fairyrules match`: the built-in engine, or an external engine speaking
//! UCI or XBoard (CECP) on its standard input and output, run as a child process.
//!
//! An engine is named by a spec: `fairyrules` (optionally followed by feature switches,
//! `fairyrules -null-move -lmr`, see [`fairyrules::engine::Features`], `weights=FILE`
//! with evaluation weights as `name = value` lines and `net=FILE` with a learned evaluation,
//! [`fairyrules::engine::net`]), `uci:COMMAND ARGS`,
//! `xboard:COMMAND ARGS`, or a bare command line (UCI).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use fairyrules::engine::eval::Weights;
use fairyrules::engine::{Clock, Engine, Features, Limits};
use fairyrules::{parse_move, Move, Position, Rules};

/// How long a move may take per move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MoveLimit {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A node count per move.
    Nodes(u64),
    /// A depth per move.
    Depth(u32),
    /// A clock per side: base time and increment.
    Clock {
        /// Time at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

/// The clocks of both sides during a game (only with [`MoveLimit::Clock`]).
#[derive(Debug, Clone, Copy)]
pub struct Clocks {
    /// Time left, White and Black.
    pub remaining: [Duration; 2],
    /// Increment per move.
    pub increment: Duration,
}

/// One move chosen by a player, with its score in centipawns for the mover if reported.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// The engine's score for the side that moved, if it said one.
    pub score: Option<i32>,
}

/// What a player did instead of moving.
#[derive(Debug, Clone)]
pub enum Failure {
    /// The engine sent a move that is not legal here (or not a move).
    Illegal(String),
    /// The engine gave up.
    Resigned,
    /// The engine did not answer in time, crashed or broke the protocol.
    Broken(String),
}

/// A player in a match.
pub trait Player: Send {
    /// Its name for the report.
    fn name(&self) -> String;
    /// A new game begins.
    fn new_game(&mut self) -> Result<(), String>;
    /// Choose a move in `pos`, reached from the start position by `history` (the moves as
    /// coordinate texts).
    fn go(
        &mut self,
        rules: &Rules,
        pos: &mut Position,
        history: &[String],
        limit: &MoveLimit,
        clocks: Option<&Clocks>,
    ) -> Result<Choice, Failure>;
}

/// How a move is written for external engines: origin and destination cells, then the
/// lower-case letter of the kind a promotion makes (always, as UCI wants it).
pub fn protocol_move(rules: &Rules, mv: &Move) -> String {
    let g = rules.geometry();
    let mut s = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if let (Some(k), false) = (mv.promotion, mv.is_sweep()) {
        s.push(rules.kind(k).letter.to_ascii_lowercase());
    }
    s
}

/// The built-in engine.
pub struct Internal {
    engine: Engine,
    label: String,
}

impl Internal {
    /// An engine with these features, weights, learned evaluation, table size and threads.
    pub fn new(
        features: Features,
        weights: Weights,
        net: Option<std::sync::Arc<fairyrules::engine::net::Net>>,
        label: &str,
        hash_mb: usize,
        threads: usize,
    ) -> Internal {
        let mut engine = Engine::new(hash_mb);
        engine.set_features(features);
        engine.set_weights(weights);
        engine.set_net(net);
        engine.set_threads(threads);
        Internal {
            engine,
            label: label.to_string(),
        }
    }
}

impl Player for Internal {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.engine.clear();
        Ok(())
    }

    fn go(
        &mut self,
        rules: &Rules,
        pos: &mut Position,
        _history: &[String],
        limit: &MoveLimit,
        clocks: Option<&Clocks>,
    ) -> Result<Choice, Failure> {
        let limits = match (*limit, clocks) {
            (MoveLimit::MoveTime(t), _) => Limits::movetime(t),
            (MoveLimit::Nodes(n), _) => Limits::nodes(n),
            (MoveLimit::Depth(d), _) => Limits::depth(d),
            (MoveLimit::Clock { .. }, Some(c)) => Limits {
                clock: Some(Clock {
                    remaining: c.remaining[pos.side_to_move().index()],
                    increment: c.increment,
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
            (MoveLimit::Clock { base, .. }, None) => Limits::movetime(base / 40),
        };
        let r = self.engine.search(rules, pos, &limits);
        match r.best {
            Some(mv) => Ok(Choice {
                mv,
                score: Some(r.score),
            }),
            None => Err(Failure::Broken("no move in an ongoing game".into())),
        }
    }
}

/// Which protocol an external engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (`uci`, `position`, `go`, `bestmove`).
    Uci,
    /// XBoard / CECP (`xboard`, `protover 2`, `usermove`, `go`, `move`).
    Xboard,
}

/// An external engine run as a child process.
pub struct External {
    command: String,
    protocol: Protocol,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    label: String,
    variant: String,
    options: Vec<(String, String)>,
    has_variant_option: bool,
    usermove: bool,
    /// XBoard: the moves of the current game the engine has been told.
    known: Vec<String>,
    /// XBoard numbers the ranks of 10-rank boards from 0.
    zero_based_ranks: bool,
}

impl Drop for External {
    fn drop(&mut self) {
        let quit = "quit";
        let _ = writeln!(self.stdin, "{quit}");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Wait for this long for an engine's greeting.
const HANDSHAKE: Duration = Duration::from_secs(10);

impl External {
    /// Start `command` (split at spaces) and greet it. `variant` is the name the protocol
    /// gets (UCI's `UCI_Variant`, XBoard's `variant`; `chess` sends nothing), `options`
    /// UCI options to set, and `rules` the variant (for XBoard's rank numbering).
    pub fn start(
        command: &str,
        protocol: Protocol,
        variant: &str,
        options: &[(String, String)],
        rules: &Rules,
    ) -> Result<External, String> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| "error: an empty engine command".to_string())?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("error: cannot start engine `{command}`: {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let zero_based_ranks = matches!(
            rules.geometry().shape,
            fairyrules::geometry::Shape::Square { ranks: 10, .. }
        );
        let mut e = External {
            command: command.to_string(),
            protocol,
            child,
            stdin,
            lines: rx,
            label: program.rsplit('/').next().unwrap_or(program).to_string(),
            variant: variant.to_string(),
            options: options.to_vec(),
            has_variant_option: false,
            usermove: false,
            known: Vec::new(),
            zero_based_ranks: zero_based_ranks && protocol == Protocol::Xboard,
        };
        e.handshake()?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("engine `{}` closed its input: {e}", self.command))
    }

    /// The next line, waiting until `deadline`.
    fn line(&mut self, deadline: Instant) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("engine `{}` did not answer in time", self.command))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("engine `{}` stopped", self.command))
            }
        }
    }

    fn handshake(&mut self) -> Result<(), String> {
        let deadline = Instant::now() + HANDSHAKE;
        match self.protocol {
            Protocol::Uci => {
                self.send("uci")?;
                loop {
                    let l = self.line(deadline)?;
                    if let Some(name) = l.strip_prefix("id name ") {
                        self.label = name.trim().to_string();
                    }
                    if l.starts_with("option name UCI_Variant ") {
                        self.has_variant_option = true;
                    }
                    if l.trim() == "uciok" {
                        break;
                    }
                }
                for (name, value) in self.options.clone() {
                    self.send(&format!("setoption name {name} value {value}"))?;
                }
                if self.has_variant_option {
                    let v = self.variant.clone();
                    self.send(&format!("setoption name UCI_Variant value {v}"))?;
                }
                self.ready()
            }
            Protocol::Xboard => {
                self.send("xboard")?;
                self.send("protover 2")?;
                // Engines that send no features get two seconds, as XBoard gives them.
                let features_deadline = Instant::now() + Duration::from_secs(2);
                while let Ok(l) = self.line(features_deadline.min(deadline)) {
                    if l.starts_with("feature") {
                        if l.contains("usermove=1") {
                            self.usermove = true;
                        }
                        if let Some(i) = l.find("myname=\"") {
                            let rest = &l[i + 8..];
                            if let Some(j) = rest.find('"') {
                                self.label = rest[..j].to_string();
                            }
                        }
                        for word in l.split_whitespace().skip(1) {
                            if let Some((name, _)) = word.split_once('=') {
                                let answer = match name {
                                    "done" | "myname" | "variants" => continue,
                                    _ => "accepted",
                                };
                                self.send(&format!("{answer} {name}"))?;
                            }
                        }
                        if l.contains("done=1") {
                            break;
                        }
                    }
                }
                Ok(())
            }
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            if self.line(deadline)?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// Shift every rank number in a move text by `delta` (XBoard's 0-based ranks).
    fn shift(&self, text: &str, delta: i32) -> String {
        if !self.zero_based_ranks {
            return text.to_string();
        }
        let mut out = String::new();
        let mut digits = String::new();
        let flush = |digits: &mut String, out: &mut String| {
            if !digits.is_empty() {
                let n: i32 = digits.parse().unwrap_or(0);
                out.push_str(&(n + delta).to_string());
                digits.clear();
            }
        };
        for ch in text.chars() {
            if ch.is_ascii_digit() {
                digits.push(ch);
            } else {
                flush(&mut digits, &mut out);
                out.push(ch);
            }
        }
        flush(&mut digits, &mut out);
        out
    }

    fn read_move(
        &mut self,
        rules: &Rules,
        pos: &mut Position,
        deadline: Instant,
    ) -> Result<Choice, Failure> {
        let mut score = None;
        loop {
            let l = self.line(deadline).map_err(Failure::Broken)?;
            let words: Vec<&str> = l.split_whitespace().collect();
            let text = match self.protocol {
                Protocol::Uci => {
                    if words.first() == Some(&"info") {
                        if let Some(i) = words.iter().position(|w| *w == "score") {
                            score = match (words.get(i + 1), words.get(i + 2)) {
                                (Some(&"cp"), Some(v)) => v.parse().ok(),
                                (Some(&"mate"), Some(v)) => v.parse::<i32>().ok().map(|m| {
                                    if m > 0 {
                                        fairyrules::engine::MATE - 2 * m + 1
                                    } else {
                                        -fairyrules::engine::MATE - 2 * m
                                    }
                                }),
                                _ => score,
                            };
                        }
                        continue;
                    }
                    if words.first() != Some(&"bestmove") {
                        continue;
                    }
                    words.get(1).copied().unwrap_or("").to_string()
                }
                Protocol::Xboard => {
                    if l.starts_with("resign") || l.contains(" resign") {
                        return Err(Failure::Resigned);
                    }
                    if words.first() == Some(&"move") {
                        self.shift(words.get(1).copied().unwrap_or(""), 1)
                    } else if words.len() >= 4 && words[0].parse::<i32>().is_ok() {
                        // Thinking output: ply score time nodes pv.
                        score = words[1].parse().ok();
                        continue;
                    } else {
                        continue;
                    }
                }
            };
            return match parse_move(rules, pos, &text) {
                Ok(mv) => Ok(Choice { mv, score }),
                Err(e) => Err(Failure::Illegal(format!("`{text}`: {e}"))),
            };
        }
    }
}

impl Player for External {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn new_game(&mut self) -> Result<(), String> {
        match self.protocol {
            Protocol::Uci => {
                self.send("ucinewgame")?;
                self.ready()
            }
            Protocol::Xboard => {
                self.known.clear();
                self.send("new")?;
                if self.variant != "chess" && self.variant != "normal" {
                    let v = self.variant.clone();
                    self.send(&format!("variant {v}"))?;
                }
                self.send("force")?;
                self.send("post")
            }
        }
    }

    fn go(
        &mut self,
        rules: &Rules,
        pos: &mut Position,
        history: &[String],
        limit: &MoveLimit,
        clocks: Option<&Clocks>,
    ) -> Result<Choice, Failure> {
        let allowed = match (*limit, clocks) {
            (MoveLimit::MoveTime(t), _) => t * 10 + Duration::from_secs(5),
            (MoveLimit::Clock { .. }, Some(c)) => {
                c.remaining[pos.side_to_move().index()] + Duration::from_secs(5)
            }
            _ => Duration::from_secs(600),
        };
        let deadline = Instant::now() + allowed;
        let broken = Failure::Broken;
        match self.protocol {
            Protocol::Uci => {
                let moves = if history.is_empty() {
                    String::new()
                } else {
                    format!(" moves {}", history.join(" "))
                };
                self.send(&format!("position startpos{moves}"))
                    .map_err(broken)?;
                let go = match (*limit, clocks) {
                    (MoveLimit::MoveTime(t), _) => format!("go movetime {}", t.as_millis()),
                    (MoveLimit::Nodes(n), _) => format!("go nodes {n}"),
                    (MoveLimit::Depth(d), _) => format!("go depth {d}"),
                    (MoveLimit::Clock { .. }, Some(c)) => format!(
                        "go wtime {} btime {} winc {} binc {}",
                        c.remaining[0].as_millis(),
                        c.remaining[1].as_millis(),
                        c.increment.as_millis(),
                        c.increment.as_millis()
                    ),
                    (MoveLimit::Clock { base, .. }, None) => {
                        format!("go movetime {}", (base / 40).as_millis())
                    }
                };
                self.send(&go).map_err(Failure::Broken)?;
            }
            Protocol::Xboard => {
                // The engine stays in force mode: it hears the moves it has not heard yet
                // (the whole game again if the game is not the one it knows), then `go`.
                if history.len() < self.known.len() || history[..self.known.len()] != self.known[..]
                {
                    self.new_game().map_err(Failure::Broken)?;
                }
                match (*limit, clocks) {
                    (MoveLimit::MoveTime(t), _) => {
                        self.send(&format!("st {}", t.as_secs_f64()))
                            .map_err(Failure::Broken)?;
                    }
                    (MoveLimit::Depth(d), _) => {
                        self.send(&format!("sd {d}")).map_err(Failure::Broken)?;
                    }
                    (MoveLimit::Nodes(_), _) => {
                        self.send("st 1").map_err(Failure::Broken)?;
                    }
                    (MoveLimit::Clock { base, increment }, c) => {
                        let secs = base.as_secs();
                        self.send(&format!(
                            "level 0 {}:{:02} {}",
                            secs / 60,
                            secs % 60,
                            increment.as_secs_f64()
                        ))
                        .map_err(Failure::Broken)?;
                        if let Some(c) = c {
                            let me = pos.side_to_move();
                            let cs = |d: Duration| d.as_millis() / 10;
                            self.send(&format!("time {}", cs(c.remaining[me.index()])))
                                .map_err(Failure::Broken)?;
                            self.send(&format!("otim {}", cs(c.remaining[me.flip().index()])))
                                .map_err(Failure::Broken)?;
                        }
                    }
                }
                let unheard: Vec<String> = history[self.known.len()..]
                    .iter()
                    .map(|m| self.shift(m, -1))
                    .collect();
                for m in unheard {
                    let line = if self.usermove {
                        format!("usermove {m}")
                    } else {
                        m
                    };
                    self.send(&line).map_err(Failure::Broken)?;
                }
                self.send("go").map_err(Failure::Broken)?;
            }
        }
        let choice = self.read_move(rules, pos, deadline);
        if self.protocol == Protocol::Xboard {
            let _ = self.send("force");
            self.known = history.to_vec();
            if let Ok(c) = &choice {
                self.known.push(protocol_move(rules, &c.mv));
            }
        }
        choice
    }
}

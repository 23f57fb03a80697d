//! `fairyrules match FILE --games N`: many engine games from varied openings, in parallel,
//! and what a variant designer wants to know from them — the score with its error margin
//! and the Elo difference it implies, the White/Black balance, the draw rate, the games'
//! length and how they ended.
//!
//! - **Players**: `--engine1` and `--engine2` (default: the built-in engine for both; see
//!   [`super::match_players`] for the specs, UCI and XBoard engines included).
//! - **Openings**: `--openings K` different openings of `--opening-plies` random legal moves
//!   each (seeded by `--seed`), kept only if a short search of the built-in engine finds
//!   them roughly balanced; game `2i` and `2i + 1` play opening `i mod K` with the engines'
//!   colours swapped. `--openings-from FILE` plays a file's openings instead (an earlier
//!   match's game file, or one line each), so that two matches play the same ones.
//! - **Game ends**: the rules' results ([`fairyrules::outcome`]); a draw the rules let a
//!   player claim (repetition, n-move rule) is taken as claimed; `--max-plies` adjudicates a
//!   draw; an illegal move, a resignation, a lost time or a broken engine lose.
//! - **Output**: a progress line on stderr while it runs, a report on stdout, and every game
//!   in a PGN-like file (`--pgn`, coordinate moves). The report counts the games that repeat
//!   an earlier one move for move (deterministic engines on the same opening), which the
//!   margins would otherwise count as independent.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fairyrules::engine::eval::Weights;
use fairyrules::engine::net::Net;
use fairyrules::engine::Features;
use fairyrules::{claimable_draw, outcome, Color, Move, Outcome, Position, Rules};

use super::match_openings::Openings;
use super::match_players::{
    protocol_move, Clocks, External, Failure, Internal, MoveLimit, Player, Protocol,
};
use super::match_stats::{Wdl, Z95};

/// Openings a match plays when neither `--openings` nor `--openings-from` says.
const DEFAULT_OPENINGS: usize = 10;

/// Arguments of `fairyrules match`.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// Variant file.
    pub file: PathBuf,
    /// Number of games (1 to 1,000,000).
    #[arg(long, default_value_t = 20, value_parser = super::limits::games)]
    pub games: usize,
    /// Time per move in milliseconds (default 100 unless --nodes, --depth or --tc).
    #[arg(long, conflicts_with_all = ["nodes", "depth", "tc"],
          value_parser = super::limits::movetime)]
    pub movetime: Option<u64>,
    /// Nodes per move (built-in engine; `go nodes` for UCI engines).
    #[arg(long, conflicts_with_all = ["depth", "tc"], value_parser = super::limits::positive)]
    pub nodes: Option<u64>,
    /// Depth per move (1 to 64).
    #[arg(long, conflicts_with = "tc", value_parser = super::limits::search_depth)]
    pub depth: Option<u32>,
    /// A clock per side: `SECONDS` or `SECONDS+INCREMENT` (e.g. `10+0.1`); running out loses.
    #[arg(long)]
    pub tc: Option<String>,
    /// Search threads per engine.
    #[arg(long, default_value_t = 1, value_parser = super::limits::threads)]
    pub threads: usize,
    /// Transposition table per built-in engine, in MiB (1 to 4096).
    #[arg(long, default_value_t = 16, value_parser = super::limits::hash_mb)]
    pub hash: usize,
    /// Number of different openings (each played with both colours; 1 to 1,000,000; default
    /// 10, or all those of `--openings-from`).
    #[arg(long, value_parser = super::limits::games)]
    pub openings: Option<usize>,
    /// Play the openings of this file, in order, in place of random ones: a game file an
    /// earlier `match` wrote (its `[Opening "…"]` tags, each opening once) or one opening a
    /// line as moves separated by spaces (`#` begins a comment line). Two matches given the
    /// same file play the same openings, whatever their engines.
    #[arg(long, conflicts_with_all = ["opening_plies", "seed"])]
    pub openings_from: Option<PathBuf>,
    /// Random plies of each opening (0 to 64).
    #[arg(long, default_value_t = 4, value_parser = super::limits::opening_plies)]
    pub opening_plies: usize,
    /// Games played at the same time (default: cores / threads; 1 to 1024).
    #[arg(long, value_parser = super::limits::threads)]
    pub concurrency: Option<usize>,
    /// First engine: `fairyrules [-feature|+feature ...] [weights=FILE] [net=FILE]`, `uci:COMMAND`,
    /// `xboard:COMMAND` or a command (UCI).
    #[arg(long, default_value = "fairyrules")]
    pub engine1: String,
    /// Second engine, as `--engine1`.
    #[arg(long, default_value = "fairyrules")]
    pub engine2: String,
    /// UCI option for engine 1 as `NAME=VALUE` (repeatable).
    #[arg(long)]
    pub option1: Vec<String>,
    /// UCI option for engine 2 as `NAME=VALUE` (repeatable).
    #[arg(long)]
    pub option2: Vec<String>,
    /// The variant's name for external engines (default: the file's stem).
    #[arg(long)]
    pub variant_name: Option<String>,
    /// Plies after which a game is drawn by adjudication.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Adjudicate a game lost when both engines agree, for 4 moves each, that one side is
    /// behind by at least this many centipawns (off by default).
    #[arg(long)]
    pub resign: Option<i32>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where the games are written (`-`: nowhere).
    #[arg(long, default_value = "match.pgn")]
    pub pgn: String,
    /// No progress line.
    #[arg(long)]
    pub quiet: bool,
}

/// How the match shows its progress on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Progress {
    /// Nothing (`--quiet`).
    Off,
    /// A terminal: one line rewritten after every game.
    Terminal,
    /// A file or a pipe: a whole line after every `every` games and after the last, so a
    /// log shows how the match went without carriage returns.
    Log { every: usize },
}

impl Progress {
    fn new(quiet: bool, games: usize) -> Progress {
        use std::io::IsTerminal;
        if quiet {
            Progress::Off
        } else if std::io::stderr().is_terminal() {
            Progress::Terminal
        } else {
            Progress::Log {
                every: (games / 20).max(1),
            }
        }
    }

    /// Show the line for `played` of `total` games (`line` is only made when shown).
    fn show(self, played: usize, total: usize, line: impl FnOnce() -> String) {
        match self {
            Progress::Off => {}
            Progress::Terminal => eprint!("\r{:<120}", line()),
            Progress::Log { every } if played.is_multiple_of(every) || played == total => {
                eprintln!("{}", line())
            }
            Progress::Log { .. } => {}
        }
    }

    /// End the progress display (the terminal's line is closed).
    fn finish(self) {
        if self == Progress::Terminal {
            eprintln!();
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone)]
struct GameEnd {
    /// 1, ½ or 0 for White.
    white_points: f64,
    /// The rule or event, e.g. `checkmate`, `repetition (claimed)`.
    reason: String,
}

/// A finished game.
#[derive(Debug, Clone)]
struct Game {
    index: usize,
    /// Which engine played White (0 = engine 1).
    white: usize,
    names: [String; 2],
    /// How many of `moves` are the opening's.
    opening_plies: usize,
    moves: Vec<String>,
    end: GameEnd,
}

/// A spec that names the built-in engine: `fairyrules`, feature switches and optionally
/// `weights=FILE` (evaluation weights as `name = value` lines) and `net=FILE` (a learned
/// evaluation, [`fairyrules::engine::net`]).
fn internal_engine(spec: &str) -> Option<Result<InternalSpec, String>> {
    let rest = spec.trim().strip_prefix("fairyrules")?;
    if !rest.is_empty() && !rest.starts_with(' ') {
        return None;
    }
    let mut switches = Vec::new();
    let mut weights = Weights::default();
    let mut net = None;
    let read = |file: &str, what: &str| {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {what} {file}: {e}"))
    };
    for word in rest.split_whitespace() {
        if let Some(file) = word.strip_prefix("weights=") {
            let parsed = read(file, "weights")
                .and_then(|text| Weights::parse(&text).map_err(|e| format!("{file}: {e}")));
            match parsed {
                Ok(w) => weights = w,
                Err(e) => return Some(Err(e)),
            }
        } else if let Some(file) = word.strip_prefix("net=") {
            let parsed = read(file, "net")
                .and_then(|text| Net::parse(&text).map_err(|e| format!("{file}: {e}")));
            match parsed {
                Ok(n) => net = Some(Arc::new(n)),
                Err(e) => return Some(Err(e)),
            }
        } else {
            switches.push(word);
        }
    }
    Some(
        Features::parse(&switches.join(" ")).map(|features| InternalSpec {
            features,
            weights,
            net,
        }),
    )
}

/// The built-in engine's settings read from a spec.
struct InternalSpec {
    features: Features,
    weights: Weights,
    net: Option<Arc<Net>>,
}

fn parse_options(options: &[String]) -> Result<Vec<(String, String)>, String> {
    options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
                .ok_or_else(|| format!("error: engine option `{o}`: write NAME=VALUE"))
        })
        .collect()
}

/// Everything needed to start a player.
#[derive(Clone)]
struct PlayerSpec {
    spec: String,
    options: Vec<(String, String)>,
}

impl PlayerSpec {
    fn start(
        &self,
        args: &MatchArgs,
        rules: &Rules,
        variant: &str,
    ) -> Result<Box<dyn Player>, String> {
        if let Some(engine) = internal_engine(&self.spec) {
            let engine = engine.map_err(|e| format!("error: {e}"))?;
            if let Some(net) = &engine.net {
                net.check(rules).map_err(|e| format!("error: {e}"))?;
            }
            return Ok(Box::new(Internal::new(
                engine.features,
                engine.weights,
                engine.net,
                self.spec.trim(),
                args.hash,
                args.threads,
            )));
        }
        let (protocol, command) = if let Some(c) = self.spec.strip_prefix("xboard:") {
            (Protocol::Xboard, c)
        } else if let Some(c) = self.spec.strip_prefix("uci:") {
            (Protocol::Uci, c)
        } else {
            (Protocol::Uci, self.spec.as_str())
        };
        let mut options = self.options.clone();
        if args.threads > 1 && protocol == Protocol::Uci {
            options.push(("Threads".into(), args.threads.to_string()));
        }
        Ok(Box::new(External::start(
            command, protocol, variant, &options, rules,
        )?))
    }
}

/// The reason inside an outcome's text: `1-0 (checkmate)` → `checkmate`.
fn reason_of(result: &Outcome) -> String {
    let text = result.to_string();
    match (text.find('('), text.rfind(')')) {
        (Some(a), Some(b)) if b > a => text[a + 1..b].to_string(),
        _ => text,
    }
}

/// Play one game: `players[0]` is White.
fn play_game(
    rules: &Rules,
    players: &mut [&mut Box<dyn Player>; 2],
    opening: &[Move],
    limit: &MoveLimit,
    max_plies: usize,
    resign: Option<i32>,
) -> (Vec<String>, GameEnd) {
    let mut pos = Position::start(rules);
    let mut history = Vec::new();
    for &mv in opening {
        history.push(protocol_move(rules, &mv));
        pos.make(rules, mv);
    }
    let mut clocks = match *limit {
        MoveLimit::Clock { base, increment } => Some(Clocks {
            remaining: [base, base],
            increment,
        }),
        _ => None,
    };
    let lose = |side: Color, reason: String| GameEnd {
        white_points: if side == Color::White { 0.0 } else { 1.0 },
        reason,
    };
    // Consecutive moves on which the engines agreed that White (or Black) is lost.
    let mut agreed = [0u32; 2];
    for p in players.iter_mut() {
        if let Err(e) = p.new_game() {
            return (history, lose(Color::White, format!("engine error: {e}")));
        }
    }
    loop {
        let result = outcome(rules, &mut pos);
        match result {
            Outcome::Win { winner, .. } => {
                let white_points = if winner == Color::White { 1.0 } else { 0.0 };
                return (
                    history,
                    GameEnd {
                        white_points,
                        reason: reason_of(&result),
                    },
                );
            }
            Outcome::Draw { .. } => {
                return (
                    history,
                    GameEnd {
                        white_points: 0.5,
                        reason: reason_of(&result),
                    },
                )
            }
            Outcome::Ongoing => {}
        }
        if let Some(reason) = claimable_draw(rules, &pos) {
            let text = reason_of(&Outcome::Draw { reason });
            return (
                history,
                GameEnd {
                    white_points: 0.5,
                    reason: format!("{text} (claimed)"),
                },
            );
        }
        if history.len() >= max_plies {
            return (
                history,
                GameEnd {
                    white_points: 0.5,
                    reason: format!("adjudication ({max_plies} plies)"),
                },
            );
        }
        let side = pos.side_to_move();
        let started = Instant::now();
        let player = &mut players[side.index()];
        let choice = player.go(rules, &mut pos, &history, limit, clocks.as_ref());
        let used = started.elapsed();
        let choice = match choice {
            Ok(c) => c,
            Err(Failure::Illegal(text)) => {
                return (history, lose(side, format!("illegal move {text}")))
            }
            Err(Failure::Resigned) => return (history, lose(side, "resignation".into())),
            Err(Failure::Broken(e)) => return (history, lose(side, format!("engine error: {e}"))),
        };
        if let (Some(limit), Some(score)) = (resign, choice.score) {
            // The score is the mover's; each side's engine must see the same side lost.
            let white_view = if side == Color::White { score } else { -score };
            for (loser, lost) in [(0, white_view <= -limit), (1, white_view >= limit)] {
                agreed[loser] = if lost { agreed[loser] + 1 } else { 0 };
                if agreed[loser] >= 8 {
                    let loser = if loser == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    history.push(protocol_move(rules, &choice.mv));
                    return (history, lose(loser, "adjudication (resign score)".into()));
                }
            }
        }
        if let Some(c) = clocks.as_mut() {
            let left = &mut c.remaining[side.index()];
            if used > *left {
                return (history, lose(side, "time forfeit".into()));
            }
            *left = *left - used + c.increment;
        }
        history.push(protocol_move(rules, &choice.mv));
        pos.make(rules, choice.mv);
    }
}

fn parse_tc(text: &str) -> Result<MoveLimit, String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    // Finite, not negative, at most a week (`1e308` would not fit a duration).
    let secs = |s: &str| {
        super::timing::seconds(s.trim())
            .map_err(|e| format!("error: --tc `{text}`: {e}; write SECONDS or SECONDS+INCREMENT"))
    };
    Ok(MoveLimit::Clock {
        base: secs(base)?,
        increment: secs(inc)?,
    })
}

/// Running totals, from engine 1's side.
#[derive(Default, Clone)]
struct Tally {
    engine1: Wdl,
    /// White's results.
    white: Wdl,
    plies: usize,
    ends: Vec<(String, usize)>,
    games: usize,
    /// A hash of each distinct game's moves: the other games repeat one of them.
    distinct: HashSet<u64>,
}

impl Tally {
    fn add(&mut self, g: &Game) {
        self.games += 1;
        let e1 = if g.white == 0 {
            g.end.white_points
        } else {
            1.0 - g.end.white_points
        };
        let bump = |w: &mut Wdl, p: f64| {
            if p > 0.75 {
                w.wins += 1
            } else if p < 0.25 {
                w.losses += 1
            } else {
                w.draws += 1
            }
        };
        bump(&mut self.engine1, e1);
        bump(&mut self.white, g.end.white_points);
        self.plies += g.moves.len();
        let moves = {
            let mut h = DefaultHasher::new();
            g.moves.hash(&mut h);
            h.finish()
        };
        self.distinct.insert(moves);
        match self.ends.iter_mut().find(|(r, _)| *r == g.end.reason) {
            Some((_, n)) => *n += 1,
            None => self.ends.push((g.end.reason.clone(), 1)),
        }
    }

    fn progress(&self, total: usize, names: &[String; 2]) -> String {
        let (e, lo, hi) = self.engine1.elo_interval();
        format!(
            "[{}/{}] {} vs {}: {:.1}/{} (+{} ={} -{}), Elo {:+.0} [{:+.0}, {:+.0}], White scores {:.0}%",
            self.games,
            total,
            names[0],
            names[1],
            self.engine1.points(),
            self.games,
            self.engine1.wins,
            self.engine1.draws,
            self.engine1.losses,
            e,
            lo,
            hi,
            100.0 * self.white.score()
        )
    }

    fn report(&self, names: &[String; 2], variant: &str, settings: &str) -> String {
        let mut out = String::new();
        let n = self.games.max(1);
        let e1 = &self.engine1;
        let (lo, hi) = e1.score_interval();
        let (elo, elo_lo, elo_hi) = e1.elo_interval();
        out.push_str(&format!(
            "Match: {variant}, {} games, {settings}\n",
            self.games
        ));
        out.push_str(&format!(
            "  engine 1: {}\n  engine 2: {}\n",
            names[0], names[1]
        ));
        out.push_str(&format!(
            "Score of engine 1: {:.1}/{} = {:.1}% ± {:.1}% (95%: {:.1}%–{:.1}%)  +{} ={} -{}\n",
            e1.points(),
            self.games,
            100.0 * e1.score(),
            100.0 * Z95 * e1.std_error(),
            100.0 * lo,
            100.0 * hi,
            e1.wins,
            e1.draws,
            e1.losses
        ));
        out.push_str(&format!(
            "Elo difference: {elo:+.0} (95%: {elo_lo:+.0} to {elo_hi:+.0}), likelihood of superiority {:.1}%\n",
            100.0 * e1.los()
        ));
        let w = &self.white;
        let (wlo, whi) = w.score_interval();
        out.push_str(&format!(
            "White/Black balance: White scores {:.1}% ± {:.1}% (95%: {:.1}%–{:.1}%); White wins {}, draws {}, Black wins {}\n",
            100.0 * w.score(),
            100.0 * Z95 * w.std_error(),
            100.0 * wlo,
            100.0 * whi,
            w.wins,
            w.draws,
            w.losses
        ));
        let repeats = self.games - self.distinct.len();
        if repeats > 0 {
            // Deterministic engines (a fixed depth or node count, one thread) on the same
            // opening play the same game: a copy adds no information the margins assume.
            out.push_str(&format!(
                "Repeated games: {} of the {} games repeat an earlier game move for move \
                 (the margins above count them as independent; vary the engines or the \
                 openings)\n",
                repeats, self.games
            ));
        }
        out.push_str(&format!(
            "Draw rate: {:.1}%\nAverage length: {:.1} moves ({:.1} plies)\nGame ends:\n",
            100.0 * w.draws as f64 / n as f64,
            self.plies as f64 / n as f64 / 2.0,
            self.plies as f64 / n as f64
        ));
        let mut ends = self.ends.clone();
        ends.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (reason, count) in ends {
            out.push_str(&format!(
                "  {reason:<32} {count:>5}  ({:.1}%)\n",
                100.0 * count as f64 / n as f64
            ));
        }
        out
    }
}

/// One game as PGN-like text: its tags (the opening among them), then its coordinate moves
/// with the end of the opening marked.
fn pgn(rules: &Rules, g: &Game) -> String {
    let opening_text = g.moves[..g.opening_plies].join(" ");
    let white = &g.names[g.white];
    let black = &g.names[1 - g.white];
    let result = if g.end.white_points > 0.75 {
        "1-0"
    } else if g.end.white_points < 0.25 {
        "0-1"
    } else {
        "1/2-1/2"
    };
    let mut s = format!(
        "[Event \"fairyrules match\"]\n[Variant \"{}\"]\n[Round \"{}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Termination \"{}\"]\n[Opening \"{opening_text}\"]\n[PlyCount \"{}\"]\n\n",
        rules.name(),
        g.index + 1,
        g.end.reason,
        g.moves.len()
    );
    let mut line = String::new();
    for (i, m) in g.moves.iter().enumerate() {
        if i % 2 == 0 {
            line.push_str(&format!("{}. ", i / 2 + 1));
        }
        line.push_str(m);
        line.push(' ');
        if i + 1 == g.opening_plies {
            line.push_str("{end of opening} ");
        }
    }
    line.push_str(result);
    // Wrap at about 80 columns.
    let mut width = 0;
    for word in line.split(' ') {
        if width + word.len() + 1 > 80 {
            s.push('\n');
            width = 0;
        } else if width > 0 {
            s.push(' ');
            width += 1;
        }
        s.push_str(word);
        width += word.len();
    }
    s.push_str("\n\n");
    s
}

/// Run `fairyrules match`.
pub fn run(args: MatchArgs) -> Result<ExitCode, String> {
    let rules = super::load(&args.file)?;
    if args.games == 0 {
        return Err("error: --games must be at least 1".into());
    }
    let limit = if let Some(tc) = &args.tc {
        parse_tc(tc)?
    } else if let Some(n) = args.nodes {
        MoveLimit::Nodes(n.max(1))
    } else if let Some(d) = args.depth {
        MoveLimit::Depth(d.max(1))
    } else {
        MoveLimit::MoveTime(Duration::from_millis(args.movetime.unwrap_or(100).max(1)))
    };
    let settings = match limit {
        MoveLimit::MoveTime(t) => format!("{} ms per move", t.as_millis()),
        MoveLimit::Nodes(n) => format!("{n} nodes per move"),
        MoveLimit::Depth(d) => format!("depth {d} per move"),
        MoveLimit::Clock { base, increment } => format!(
            "{}+{} s per game",
            base.as_secs_f64(),
            increment.as_secs_f64()
        ),
    };
    let (openings, opening_count, described) = match &args.openings_from {
        Some(path) => {
            let openings = Openings::from_file(&rules, path)?;
            let count = args.openings.unwrap_or(openings.len()).min(openings.len());
            let described = format!("{count} openings from {}", path.display());
            (openings, count, described)
        }
        None => {
            let count = args.openings.unwrap_or(DEFAULT_OPENINGS);
            let described = format!("{count} openings of {} random plies", args.opening_plies);
            (
                Openings::new(args.opening_plies, args.seed),
                count,
                described,
            )
        }
    };
    let settings = format!(
        "{settings}, {} thread(s) per engine, {described}",
        args.threads
    );
    let variant = args.variant_name.clone().unwrap_or_else(|| {
        args.file
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default()
    });
    let specs = [
        PlayerSpec {
            spec: args.engine1.clone(),
            options: parse_options(&args.option1)?,
        },
        PlayerSpec {
            spec: args.engine2.clone(),
            options: parse_options(&args.option2)?,
        },
    ];
    // Check both specs before the openings are searched.
    let names = {
        let a = specs[0].start(&args, &rules, &variant)?;
        let b = specs[1].start(&args, &rules, &variant)?;
        let (mut x, y) = (a.name(), b.name());
        if x == y {
            x.push_str(" (1)");
        }
        [x, if a.name() == y { format!("{y} (2)") } else { y }]
    };
    let progress = Progress::new(args.quiet, args.games);
    // The first game waits for its opening's search: say what is happening.
    if args.openings_from.is_none() {
        progress.show(0, args.games, || {
            format!("choosing {described} as the games need them, each checked by a short search")
        });
    }
    let openings = Mutex::new(openings);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let concurrency = args
        .concurrency
        .unwrap_or((cores / args.threads.max(1)).max(1))
        .clamp(1, args.games);
    let mut pgn_file = if args.pgn == "-" {
        None
    } else {
        Some(
            std::fs::File::create(&args.pgn)
                .map_err(|e| format!("error: cannot write {}: {e}", args.pgn))?,
        )
    };
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel::<Result<Game, String>>();
    let mut tally = Tally::default();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..concurrency {
            let tx = tx.clone();
            let (rules, args, specs, variant) = (&rules, &args, &specs, &variant);
            let (openings, next, names) = (&openings, &next, &names);
            scope.spawn(move || {
                let mut players = Vec::new();
                for s in specs.iter() {
                    match s.start(args, rules, variant) {
                        Ok(p) => players.push(p),
                        Err(e) => {
                            let _ = tx.send(Err(e));
                            return;
                        }
                    }
                }
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        return;
                    }
                    let opening = openings
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .get(rules, (index / 2) % opening_count);
                    let white = index % 2;
                    let (first, second) = players.split_at_mut(1);
                    let (e1, e2) = (&mut first[0], &mut second[0]);
                    let mut order: [&mut Box<dyn Player>; 2] =
                        if white == 0 { [e1, e2] } else { [e2, e1] };
                    let (moves, end) = play_game(
                        rules,
                        &mut order,
                        &opening,
                        &limit,
                        args.max_plies,
                        args.resign,
                    );
                    let game = Game {
                        index,
                        white,
                        names: names.clone(),
                        opening_plies: opening.len(),
                        moves,
                        end,
                    };
                    if tx.send(Ok(game)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for received in rx {
            match received {
                Ok(game) => {
                    tally.add(&game);
                    if let Some(f) = pgn_file.as_mut() {
                        let _ = f.write_all(pgn(&rules, &game).as_bytes());
                    }
                    progress.show(tally.games, args.games, || {
                        tally.progress(args.games, &names)
                    });
                }
                Err(e) => {
                    failure = Some(e);
                    next.store(usize::MAX / 2, Ordering::Relaxed);
                }
            }
        }
    });
    progress.finish();
    if let Some(e) = failure {
        return Err(e);
    }
    print!("{}", tally.report(&names, rules.name(), &settings));
    if args.pgn != "-" {
        println!("Games written to {}", args.pgn);
    }
    Ok(ExitCode::SUCCESS)
}

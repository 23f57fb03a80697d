//! The `fairyrules` command line: one subcommand per job, over the library's public API.
//! Each front end with more than a few lines has its own file.

mod bench;
pub(crate) mod catalog;
mod input;
mod limits;
mod match_openings;
mod match_players;
mod match_stats;
mod matches;
pub(crate) mod output;
mod play;
mod position_check;
mod searcher;
mod serve;
mod timing;
pub(crate) mod uci;
pub(crate) mod xboard;

use output::{out, outln};

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use fairyrules::{describe_outcome, outcome, Outcome};
use fairyrules::{legal_moves, move_to_string, parse_fen, parse_move, render_text, to_fen};
use fairyrules::{Position, Rules};

/// Chess variants from declarative rule files.
#[derive(Parser)]
#[command(name = "fairyrules", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a position comes from: the start position, a position string, and moves played.
#[derive(clap::Args)]
struct PositionArgs {
    /// Position string (default: the variant's start position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, in order.
    #[arg(long, num_args = 1.., value_delimiter = ' ')]
    moves: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Perft speed from the start position of each variant, as a table.
    Bench {
        /// Variant files (default: every `variants/*.toml`).
        files: Vec<PathBuf>,
        /// Seconds a measured run should take at least (the depth grows until it does).
        #[arg(long, default_value_t = 1.0, value_parser = limits::seconds)]
        seconds: f64,
        /// Deepest depth tried (1 to 64).
        #[arg(long, default_value_t = 7, value_parser = limits::bench_depth)]
        max_depth: u32,
        /// Threads (root moves split across them).
        #[arg(long, default_value_t = 1, value_parser = limits::threads)]
        threads: usize,
    },
    /// Count the leaf nodes of the legal move tree.
    Perft {
        /// Variant file.
        file: PathBuf,
        /// Depth in plies (0 to 64).
        #[arg(value_parser = limits::perft_depth)]
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Split the root moves across this many threads.
        #[arg(long, default_value_t = 1, value_parser = limits::threads)]
        threads: usize,
    },
    /// List the legal moves, one per line.
    Moves {
        /// Variant file.
        file: PathBuf,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Draw the position as text.
    Show {
        /// Variant file.
        file: PathBuf,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Draw the position as an SVG picture.
    Render {
        /// Variant file.
        file: PathBuf,
        #[command(flatten)]
        position: PositionArgs,
        /// Output file (`-` = stdout).
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// Mark the legal moves of the piece on this cell.
        #[arg(long)]
        highlight: Option<String>,
        /// Draw the board from Black's side.
        #[arg(long)]
        flip: bool,
    },
    /// Explain a piece: its moves on an empty board, marked, with its rules in words.
    Explain {
        /// Variant file.
        file: PathBuf,
        /// Piece id or letter (without one: the game's rules in words and the pieces).
        piece: Option<String>,
        /// Also write the diagrams as SVG to this file (`-` = stdout).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
    /// Print a start position: the file's, or one of its random arrays (`[setup] shuffle`).
    Setup {
        /// Variant file.
        file: PathBuf,
        /// Draw the array from this seed (the same seed gives the same array).
        #[arg(long, conflicts_with = "index")]
        seed: Option<u64>,
        /// The array with this number (from 0; `--count` says how many there are).
        #[arg(long)]
        index: Option<usize>,
        /// Print how many start positions the variant has instead.
        #[arg(long, conflicts_with_all = ["seed", "index"])]
        count: bool,
    },
    /// Check variant files and report every problem.
    Validate {
        /// Variant files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Play a game: human and/or engine players, moves typed on stdin.
    Play(play::PlayArgs),
    /// Play many engine games and report the score, balance and how games end.
    Match(Box<matches::MatchArgs>),
    /// Run the engine over the XBoard/WinBoard protocol (CECP) on stdin/stdout.
    Xboard(xboard::XboardArgs),
    /// Run the engine over the UCI protocol on stdin/stdout.
    Uci(uci::UciArgs),
    /// Serve a local web page to see, play and author variants.
    Serve(serve::ServeArgs),
}

fn load(file: &std::path::Path) -> Result<Rules, String> {
    Rules::load(file).map_err(|f| f.render())
}

fn position(rules: &Rules, args: &PositionArgs) -> Result<Position, String> {
    let fen = args
        .fen
        .clone()
        .unwrap_or_else(|| rules.start_fen().to_string());
    let mut pos = fairyrules::parse_position(rules, &fen)
        .map_err(|e| format!("error: position string: {e}"))?;
    for (i, text) in args.moves.iter().enumerate() {
        // No move after the game has ended, automatic draws included (game-end.md rule 3).
        let result = outcome(rules, &mut pos);
        if result != Outcome::Ongoing {
            return Err(format!(
                "error: move {} of --moves (`{text}`): the game is over: {}\n  position: {}",
                i + 1,
                describe_outcome(&result),
                to_fen(rules, &pos)
            ));
        }
        let mv = parse_move(rules, &mut pos, text).map_err(|e| {
            format!(
                "error: move {} of --moves (`{text}`): {e}\n  position: {}",
                i + 1,
                to_fen(rules, &pos)
            )
        })?;
        pos.make(rules, mv);
    }
    Ok(pos)
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Perft {
            file,
            depth,
            position: args,
            divide: by_move,
            threads,
        } => {
            let rules = load(&file)?;
            let mut pos = position(&rules, &args)?;
            let start = std::time::Instant::now();
            // At depth 0 no move is played: one node and no rows to divide it into.
            let nodes = if by_move && depth > 0 {
                let rows = fairyrules::divide_parallel(&rules, &mut pos, depth, threads);
                for (name, n) in &rows {
                    outln!("{name}: {n}");
                }
                rows.iter().map(|r| r.1).sum()
            } else {
                fairyrules::perft_parallel(&rules, &mut pos, depth, threads)
            };
            let secs = start.elapsed().as_secs_f64();
            outln!("nodes: {nodes}");
            eprintln!(
                "time: {:.3} s, {:.0} nodes/s",
                secs,
                nodes as f64 / secs.max(1e-9)
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves {
            file,
            position: args,
        } => {
            let rules = load(&file)?;
            let mut pos = position(&rules, &args)?;
            let moves = legal_moves(&rules, &mut pos);
            let mut names: Vec<String> = moves
                .iter()
                .map(|m| move_to_string(&rules, &moves, m))
                .collect();
            names.sort();
            for n in names {
                outln!("{n}");
            }
            if moves.is_empty() {
                // Why there are none, on stderr (stdout stays the list of moves).
                eprintln!(
                    "no legal moves: {}",
                    describe_outcome(&outcome(&rules, &mut pos))
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Show {
            file,
            position: args,
        } => {
            let rules = load(&file)?;
            let mut pos = position(&rules, &args)?;
            out!("{}", render_text(&rules, &mut pos));
            Ok(ExitCode::SUCCESS)
        }
        Command::Render {
            file,
            position: args,
            output,
            highlight,
            flip,
        } => {
            let rules = load(&file)?;
            let pos = position(&rules, &args)?;
            fairyrules::svg::render_command(&rules, &pos, highlight.as_deref(), flip, &output)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain {
            file,
            piece,
            output,
        } => {
            let rules = load(&file)?;
            fairyrules::explain::command(&rules, piece.as_deref(), output.as_deref())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Setup {
            file,
            seed,
            index,
            count,
        } => {
            let rules = load(&file)?;
            let total = fairyrules::setup_count(&rules);
            if count {
                println!("{total}");
                return Ok(ExitCode::SUCCESS);
            }
            let pos = match (seed, index) {
                (Some(seed), _) => fairyrules::seeded_start(&rules, seed),
                (None, Some(index)) => fairyrules::shuffled_start(&rules, index),
                (None, None) => fairyrules::shuffled_start(&rules, 0)
                    .filter(|_| rules.shuffle().is_none())
                    .or_else(|| parse_fen(&rules, rules.start_fen()).ok()),
            }
            .ok_or_else(|| {
                format!(
                    "error: --index {} is out of range: the variant has {total} start position{}",
                    index.unwrap_or(0),
                    if total == 1 { "" } else { "s" }
                )
            })?;
            println!("{}", to_fen(&rules, &pos));
            Ok(ExitCode::SUCCESS)
        }
        Command::Play(args) => play::run(args),
        Command::Match(args) => matches::run(*args),
        Command::Xboard(args) => xboard::run(args),
        Command::Uci(args) => uci::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Bench {
            files,
            seconds,
            max_depth,
            threads,
        } => {
            let files = if files.is_empty() {
                bench::variant_files(std::path::Path::new("variants"))
            } else {
                files
            };
            if files.is_empty() {
                return Err(
                    "error: no variant files (give some, or run from the project root)".into(),
                );
            }
            let mut rows = Vec::new();
            for file in &files {
                rows.push(bench::bench_file(file, seconds, max_depth, threads)?);
                eprint!(".");
            }
            eprintln!();
            out!("{}", bench::table(&rows));
            Ok(ExitCode::SUCCESS)
        }
        Command::Validate { files } => {
            let mut failed = false;
            for file in &files {
                match Rules::load_checked(file) {
                    Ok(checked) => {
                        // Warnings do not fail the file (see the README's `validate`).
                        eprint!("{}", checked.render_warnings());
                        let n = checked.warnings.len();
                        if n > 0 {
                            eprintln!(
                                "{}: {n} warning{}",
                                file.display(),
                                if n == 1 { "" } else { "s" }
                            );
                        }
                        outln!("{}", fairyrules::summary(&checked.rules, file))
                    }
                    Err(f) => {
                        failed = true;
                        eprint!("{}", f.render());
                        eprintln!(
                            "{}: {} error{}",
                            file.display(),
                            f.diagnostics.len(),
                            if f.diagnostics.len() == 1 { "" } else { "s" }
                        );
                    }
                }
            }
            Ok(if failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}

/// Parse the command line and run it; exit status 2 when the command could not run.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(2)
        }
    }
}

//! `fairyrules play`: a game on the terminal between humans and/or the built-in engine.
//!
//! The board is drawn after every move. A human types moves in the project notation
//! (`e2e4`, `e7e8q`) or a command: `moves`, `undo`, `claim`, `board`, `resign`, `help`,
//! `quit`. Input is read line by line from stdin, so games can be scripted. Draws a player
//! may claim (n-move rule, repetition) are offered to a human; automatic limits end the game
//! by themselves. The game ends with its record (numbered moves) whose last line is the
//! result and its rule, e.g. `1-0 (White wins by checkmate)`.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::input::{Input, LineReader, MAX_LINE};

use fairyrules::engine::{Engine, Limits};
use fairyrules::legal_moves;
use fairyrules::Color;
use fairyrules::Position;
use fairyrules::Rules;
use fairyrules::{claimable_draw, outcome, DrawReason, Outcome};
use fairyrules::{describe_outcome, render_text};
use fairyrules::{move_to_string, parse_move};

/// Who plays a side.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Moves typed on stdin.
    Human,
    /// The built-in engine.
    Engine,
}

/// Arguments of `fairyrules play`.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    /// Variant file.
    pub file: PathBuf,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Player::Human)]
    pub white: Player,
    /// Who plays Black.
    #[arg(long, value_enum, default_value_t = Player::Engine)]
    pub black: Player,
    /// Engine thinking time per move in milliseconds (default 1000).
    #[arg(long, conflicts_with = "depth", value_parser = super::limits::movetime)]
    pub movetime: Option<u64>,
    /// Engine search depth per move in plies (1 to 64), instead of a time.
    #[arg(long, value_parser = super::limits::search_depth)]
    pub depth: Option<u32>,
    /// Start from this position string instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Plies after which the game is drawn by adjudication.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Vary the engine's play (a small evaluation jitter keyed by this seed).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// How a game is played.
#[derive(Debug, Clone)]
pub struct GameConfig {
    /// White's and Black's players.
    pub players: [Player; 2],
    /// The engine's limits per move.
    pub limits: Limits,
    /// Plies after which the game is adjudicated a draw.
    pub max_plies: u32,
    /// Engine seed.
    pub seed: Option<u64>,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Human => "human",
        Player::Engine => "engine",
    }
}

/// The result line of a claimed draw: `1/2-1/2 (draw by repetition, claimed by White)`.
fn claimed(reason: DrawReason, side: Color) -> String {
    let text = describe_outcome(&Outcome::Draw { reason });
    let open = text.trim_end_matches(')');
    format!("{open}, claimed by {})", side_name(side))
}

/// Numbered move record lines: `1. e2e4 e7e5`, starting `1... e7e5` when Black began.
pub fn record_lines(first_move_number: u32, first_side: Color, moves: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut n = first_move_number;
    let mut i = 0;
    if first_side == Color::Black && !moves.is_empty() {
        lines.push(format!("{n}... {}", moves[0]));
        i = 1;
        n += 1;
    }
    while i < moves.len() {
        match moves.get(i + 1) {
            Some(reply) => lines.push(format!("{n}. {} {reply}", moves[i])),
            None => lines.push(format!("{n}. {}", moves[i])),
        }
        i += 2;
        n += 1;
    }
    lines
}

const HELP: &str = "\
Type a move as from-cell then to-cell (e2e4; a promotion adds the piece letter: e7e8q),
or a command:
  moves    list the legal moves
  undo     take back your last move (and the engine's reply)
  claim    claim a draw when the n-move rule or repetition allows it
  board    draw the board again
  resign   give up the game
  quit     stop without a result
  help     this text";

/// Play a game from `pos`, reading human input from `input` and writing everything to `out`.
/// Returns the result line (also the last line written).
pub fn play_game<R: BufRead, W: Write>(
    rules: &Rules,
    mut pos: Position,
    config: &GameConfig,
    input: &mut R,
    out: &mut W,
) -> std::io::Result<String> {
    let mut input = LineReader::new(input);
    let first_number = pos.fullmove_number();
    let first_side = pos.side_to_move();
    let mut record: Vec<String> = Vec::new();
    let mut engines: [Option<Engine>; 2] = [None, None];
    for c in Color::BOTH {
        if config.players[c.index()] == Player::Engine {
            let mut e = Engine::new(32);
            e.set_seed(config.seed.map(|s| s ^ c.index() as u64));
            engines[c.index()] = Some(e);
        }
    }
    let limits_text = match (config.limits.depth, config.limits.movetime) {
        (Some(d), _) => format!("depth {d}"),
        (None, Some(t)) => format!("{} ms per move", t.as_millis()),
        _ => "default limits".to_string(),
    };
    writeln!(
        out,
        "{}: White = {}, Black = {} (engine: {limits_text})",
        rules.name(),
        player_name(config.players[0]),
        player_name(config.players[1])
    )?;
    if config.players.contains(&Player::Human) {
        writeln!(
            out,
            "Type moves like e2e4, or `help` for the commands (moves, undo, claim, board, resign, quit)."
        )?;
    }
    writeln!(out)?;
    write!(out, "{}", render_text(rules, &mut pos))?;

    let result = loop {
        let now = outcome(rules, &mut pos);
        if now != Outcome::Ongoing {
            break describe_outcome(&now);
        }
        if record.len() as u32 >= config.max_plies {
            break format!(
                "1/2-1/2 (draw by adjudication: {} plies played, the --max-plies limit)",
                record.len()
            );
        }
        let side = pos.side_to_move();
        let number = pos.fullmove_number();
        let label = match side {
            Color::White => format!("{number}."),
            Color::Black => format!("{number}..."),
        };
        match config.players[side.index()] {
            Player::Engine => {
                let engine = engines[side.index()]
                    .as_mut()
                    .expect("an engine for each engine side");
                let found = engine.search(rules, &mut pos, &config.limits);
                if let Some(reason) = claimable_draw(rules, &pos) {
                    if found.score < -50 {
                        writeln!(out, "{} (engine) claims a draw.", side_name(side))?;
                        break claimed(reason, side);
                    }
                }
                let Some(mv) = found.best else {
                    // Only possible when the game is over, which was checked above.
                    break describe_outcome(&outcome(rules, &mut pos));
                };
                let legal = legal_moves(rules, &mut pos);
                let text = move_to_string(rules, &legal, &mv);
                writeln!(
                    out,
                    "\n{label} {} (engine) plays {text}   [depth {}, score {}, {} nodes, {:.2} s]",
                    side_name(side),
                    found.depth,
                    found.score_text(),
                    found.nodes,
                    found.elapsed.as_secs_f64()
                )?;
                pos.make(rules, mv);
                record.push(text);
                write!(out, "{}", render_text(rules, &mut pos))?;
            }
            Player::Human => {
                if let Some(reason) = claimable_draw(rules, &pos) {
                    let why = describe_outcome(&Outcome::Draw { reason });
                    writeln!(
                        out,
                        "{} may claim a draw ({}): type `claim`, or play on.",
                        side_name(side),
                        why.trim_start_matches("1/2-1/2 (").trim_end_matches(')')
                    )?;
                }
                write!(out, "{label} {} to move> ", side_name(side))?;
                out.flush()?;
                // Bounded lines, bytes that are not UTF-8 replaced: a bad line gets a
                // message and a new prompt, never the end of the game.
                let line = match input.next_line()? {
                    Input::Line(line) => line,
                    Input::TooLong => {
                        writeln!(
                            out,
                            "That line is longer than {MAX_LINE} bytes: ignored. Type a move, or `help`."
                        )?;
                        continue;
                    }
                    Input::End => {
                        writeln!(out)?;
                        break "* (game abandoned: end of input)".to_string();
                    }
                };
                if line.contains('\u{fffd}') {
                    writeln!(
                        out,
                        "That line is not valid UTF-8 text: ignored. Type a move, or `help`."
                    )?;
                    continue;
                }
                let command = line.trim();
                match command {
                    "" => {}
                    "quit" | "exit" => {
                        break format!("* (game abandoned by {})", side_name(side));
                    }
                    "resign" => {
                        let score = match side {
                            Color::White => "0-1",
                            Color::Black => "1-0",
                        };
                        break format!("{score} ({} resigns)", side_name(side));
                    }
                    "help" | "?" => writeln!(out, "{HELP}")?,
                    "board" | "show" => write!(out, "{}", render_text(rules, &mut pos))?,
                    "moves" => {
                        let legal = legal_moves(rules, &mut pos);
                        let mut names: Vec<String> = legal
                            .iter()
                            .map(|m| move_to_string(rules, &legal, m))
                            .collect();
                        names.sort();
                        writeln!(out, "{} legal moves: {}", names.len(), names.join(" "))?;
                    }
                    "claim" => match claimable_draw(rules, &pos) {
                        Some(reason) => break claimed(reason, side),
                        None => writeln!(
                            out,
                            "No draw can be claimed now (neither the n-move rule nor repetition allows it)."
                        )?,
                    },
                    "undo" => {
                        let plies = if config.players[side.flip().index()] == Player::Engine {
                            2
                        } else {
                            1
                        };
                        if record.len() < plies {
                            writeln!(out, "Nothing to take back.")?;
                        } else {
                            for _ in 0..plies {
                                pos.unmake(rules);
                                record.pop();
                            }
                            writeln!(
                                out,
                                "Took back {plies} {}.",
                                if plies == 1 { "ply" } else { "plies" }
                            )?;
                            write!(out, "{}", render_text(rules, &mut pos))?;
                        }
                    }
                    text => match parse_move(rules, &mut pos, text) {
                        Ok(mv) => {
                            let legal = legal_moves(rules, &mut pos);
                            let name = move_to_string(rules, &legal, &mv);
                            writeln!(out, "\n{label} {} plays {name}", side_name(side))?;
                            pos.make(rules, mv);
                            record.push(name);
                            write!(out, "{}", render_text(rules, &mut pos))?;
                        }
                        Err(e) => writeln!(
                            out,
                            "{e}. Type `moves` for the legal moves or `help` for the commands."
                        )?,
                    },
                }
            }
        }
    };

    writeln!(out, "\nGame over: {result}")?;
    writeln!(out, "\nGame record ({}):", rules.name())?;
    for line in record_lines(first_number, first_side, &record) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{result}")?;
    out.flush()?;
    Ok(result)
}

/// Run `fairyrules play` on stdin/stdout.
pub fn run(args: PlayArgs) -> Result<ExitCode, String> {
    let rules = Rules::load(&args.file).map_err(|f| f.render())?;
    let fen = args
        .fen
        .clone()
        .unwrap_or_else(|| rules.start_fen().to_string());
    let pos = fairyrules::parse_position(&rules, &fen)
        .map_err(|e| format!("error: position string: {e}"))?;
    let limits = match (args.depth, args.movetime) {
        (Some(d), _) => Limits::depth(d.max(1)),
        (None, Some(ms)) => Limits::movetime(Duration::from_millis(ms.max(1))),
        (None, None) => Limits::movetime(Duration::from_millis(1000)),
    };
    let config = GameConfig {
        players: [args.white, args.black],
        limits,
        max_plies: args.max_plies,
        seed: args.seed,
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    play_game(&rules, pos, &config, &mut stdin.lock(), &mut stdout.lock())
        .map_err(|e| format!("error: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_numbering() {
        let m = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            record_lines(1, Color::White, &m(&["e2e4", "e7e5", "g1f3"])),
            vec!["1. e2e4 e7e5", "2. g1f3"]
        );
        assert_eq!(
            record_lines(7, Color::Black, &m(&["e7e5", "g1f3"])),
            vec!["7... e7e5", "8. g1f3"]
        );
        assert!(record_lines(1, Color::White, &[]).is_empty());
    }
}

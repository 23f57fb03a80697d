//! Fits the evaluation's weights to game results (Texel's method): positions from finished
//! games are labelled with the game's result, and the weights are moved, one at a time, in
//! whichever direction lowers the mean squared error between the result and the
//! evaluation's predicted score `1 / (1 + 10^(−k·eval/400))` (k fitted first).
//!
//! The games are the PGN-like files `fairyrules match` writes (coordinate moves, the
//! `{end of opening}` mark, a `Result` tag), each paired with its variant file:
//!
//! ```sh
//! fairyrules match variants/chess.toml --games 200 --movetime 20 \
//!     --engine1 fairy-stockfish --engine2 fairy-stockfish --pgn chess.pgn
//! cargo run --release --example tune -- variants/chess.toml chess.pgn \
//!     variants/glinski.toml glinski.pgn [--passes N] [--start WEIGHTS] [--only PREFIX]
//! ```
//!
//! Positions are taken after the opening, skipping those in check or right after a capture
//! (not quiet). `--only PREFIX[,PREFIX...]` fits only the weights whose names start with one
//! of them. The fitted weights are printed as Rust field lines for
//! `src/engine/eval.rs`'s `weights!` block, with the error before and after.
//!
//! A second kind of data, *labelled positions*, fits the evaluation to another engine's: a
//! file ending in `.labels` holds lines `POSITION ; CENTIPAWNS` (the other engine's static
//! evaluation, for White), and its error is between the two evaluations' winning chances.
//! `--dump` prints the quiet positions of the games instead of tuning (one position string
//! per line), for `scripts/label_positions.py` to label with Fairy-Stockfish's `eval` — those
//! of adjudicated games too (left out of the fit, whose target is the result; most of a
//! match's games against a stronger engine end by resignation).
//! `--worst N` prints the N labelled positions the evaluation misjudges most
//! (`POSITION ; LABEL ; OURS`, for White), to find the terms it lacks.
//!
//! The error is computed on all cores; a weight that improves it is moved further, twice as
//! far each time, while it goes on improving.

use fairyrules::engine::eval::{Evaluator, Weights};
use fairyrules::engine::Features;
use fairyrules::{in_check, parse_move, Color, Position, Rules};

/// One variant's positions, each with its target: the game's result (0, ½ or 1), or with
/// `labelled` another engine's evaluation for White in centipawns.
struct Set {
    rules: Rules,
    positions: Vec<(Position, f64)>,
    labelled: bool,
}

/// Winning chances of an evaluation for White (`k` scales it).
fn chances(white: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * white / 400.0))
}

/// The positions of a `.labels` file: `POSITION ; CENTIPAWNS` lines.
fn read_labels(rules: &Rules, text: &str) -> Vec<(Position, f64)> {
    text.lines()
        .filter_map(|line| {
            let (fen, cp) = line.rsplit_once(';')?;
            let pos = fairyrules::parse_fen(rules, fen.trim()).ok()?;
            Some((pos, cp.trim().parse().ok()?))
        })
        .collect()
}

/// The quiet positions of a file of games, each with its game's result; games adjudicated
/// (by the resign score, or drawn at the ply limit) are read only when `adjudicated`.
fn read_games(rules: &Rules, text: &str, adjudicated: bool) -> Vec<(Position, f64)> {
    let mut out = Vec::new();
    for game in text.split("[Event ").skip(1) {
        let result = if game.contains("[Result \"1-0\"]") {
            1.0
        } else if game.contains("[Result \"0-1\"]") {
            0.0
        } else if game.contains("[Result \"1/2-1/2\"]") {
            0.5
        } else {
            continue;
        };
        // Adjudicated games' results say little about the position (their positions are
        // kept for `--dump`, whose labels come from another engine).
        let judged = game.contains("[Termination \"adjudication");
        if (judged && !adjudicated) || game.contains("engine error") {
            continue;
        }
        let body = match game.find("\n\n") {
            Some(i) => &game[i + 2..],
            None => continue,
        };
        let mut pos = Position::start(rules);
        let mut in_opening = body.contains("{end of opening}");
        let mut last_was_capture = false;
        for word in body.split_whitespace() {
            if word == "{end" || word == "of" {
                continue;
            }
            if word == "opening}" {
                in_opening = false;
                continue;
            }
            if word.ends_with('.') || word.contains('-') {
                continue;
            }
            let Ok(mv) = parse_move(rules, &mut pos, word) else {
                break;
            };
            let capture = pos.piece_at(mv.to).is_some() || mv.is_en_passant() || mv.is_sweep();
            pos.make(rules, mv);
            last_was_capture = capture;
            if !in_opening && !last_was_capture && !in_check(rules, &pos) {
                let mut p = pos.clone();
                p.clear_history();
                out.push((p, result));
            }
        }
        let _ = last_was_capture;
    }
    out
}

/// Mean squared error of the predictions over all sets (the positions shared out among the
/// machine's cores).
fn error(sets: &[Set], weights: &Weights, k: f64) -> f64 {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut sum = 0.0;
    let mut n = 0usize;
    for set in sets {
        let chunk = set.positions.len().div_ceil(threads).max(1);
        sum += std::thread::scope(|scope| {
            let parts: Vec<_> = set
                .positions
                .chunks(chunk)
                .map(|part| scope.spawn(move || squared_errors(set, part, weights, k)))
                .collect();
            parts
                .into_iter()
                .map(|h| h.join().expect("a tuning thread panicked"))
                .sum::<f64>()
        });
        n += set.positions.len();
    }
    sum / n.max(1) as f64
}

/// The evaluation of a position for White.
fn white_eval(eval: &mut Evaluator, rules: &Rules, pos: &Position) -> f64 {
    let v = eval.evaluate(rules, pos) as f64;
    match pos.side_to_move() {
        Color::White => v,
        Color::Black => -v,
    }
}

/// Print the labelled positions where the evaluation is furthest from the label (in
/// winning chances): `POSITION ; LABEL ; OURS`, worst first — where a term is missing.
fn print_worst(sets: &[Set], weights: &Weights, count: usize) {
    let mut rows = Vec::new();
    for set in sets.iter().filter(|s| s.labelled) {
        let mut eval =
            Evaluator::with_weights(&set.rules, None, weights.clone(), Features::default());
        for (pos, label) in &set.positions {
            let white = white_eval(&mut eval, &set.rules, pos);
            let gap = (chances(*label, 1.0) - chances(white, 1.0)).abs();
            rows.push((gap, fairyrules::to_fen(&set.rules, pos), *label, white));
        }
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (_, fen, label, ours) in rows.into_iter().take(count) {
        println!("{fen} ; {label} ; {ours}");
    }
}

/// The sum of the squared errors of some positions of a set.
fn squared_errors(set: &Set, positions: &[(Position, f64)], weights: &Weights, k: f64) -> f64 {
    let mut eval = Evaluator::with_weights(&set.rules, None, weights.clone(), Features::default());
    let mut sum = 0.0;
    for (pos, result) in positions {
        let white = white_eval(&mut eval, &set.rules, pos);
        let (target, predicted) = if set.labelled {
            (chances(*result, 1.0), chances(white, 1.0))
        } else {
            (*result, chances(white, k))
        };
        sum += (target - predicted).powi(2);
    }
    sum
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut passes = 4;
    let dump = args.iter().any(|a| a == "--dump");
    args.retain(|a| a != "--dump");
    if let Some(i) = args.iter().position(|a| a == "--passes") {
        passes = args.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or(4);
        args.drain(i..(i + 2).min(args.len()));
    }
    let mut worst = 0usize;
    if let Some(i) = args.iter().position(|a| a == "--worst") {
        worst = args.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or(20);
        args.drain(i..(i + 2).min(args.len()));
    }
    let mut only = String::new();
    if let Some(i) = args.iter().position(|a| a == "--only") {
        only = args.get(i + 1).cloned().unwrap_or_default();
        args.drain(i..(i + 2).min(args.len()));
    }
    let mut weights = Weights::default();
    if let Some(i) = args.iter().position(|a| a == "--start") {
        let file = args.get(i + 1).cloned().unwrap_or_default();
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(2)
        });
        weights = Weights::parse(&text).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(2)
        });
        args.drain(i..(i + 2).min(args.len()));
    }
    if args.is_empty() || !args.len().is_multiple_of(2) {
        eprintln!(
            "usage: tune VARIANT.toml GAMES.pgn|LABELLED.labels [...] [--passes N] [--start WEIGHTS] [--only PREFIX[,PREFIX...]] [--dump] [--worst N]"
        );
        std::process::exit(2);
    }
    let mut sets = Vec::new();
    for pair in args.chunks(2) {
        let rules = Rules::load(&pair[0]).unwrap_or_else(|e| {
            eprint!("{}", e.render());
            std::process::exit(2)
        });
        let text = std::fs::read_to_string(&pair[1]).unwrap_or_else(|e| {
            eprintln!("{}: {e}", pair[1]);
            std::process::exit(2)
        });
        let labelled = pair[1].ends_with(".labels");
        let positions = if labelled {
            read_labels(&rules, &text)
        } else {
            read_games(&rules, &text, dump)
        };
        eprintln!("{}: {} positions", pair[1], positions.len());
        if dump {
            for (pos, _) in &positions {
                println!("{}", fairyrules::to_fen(&rules, pos));
            }
            continue;
        }
        sets.push(Set {
            rules,
            positions,
            labelled,
        });
    }
    if dump {
        return;
    }
    if worst > 0 {
        print_worst(&sets, &weights, worst);
        return;
    }
    // The scale k: a golden-section search on the default weights.
    let (mut lo, mut hi) = (0.2f64, 3.0f64);
    for _ in 0..30 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if error(&sets, &weights, a) < error(&sets, &weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    let start = error(&sets, &weights, k);
    eprintln!("k = {k:.3}, error {start:.6}");
    let mut best = start;
    for pass in 0..passes {
        let mut improved = false;
        for i in 0..Weights::NAMES.len() {
            if !only
                .split(',')
                .any(|prefix| Weights::NAMES[i].starts_with(prefix))
            {
                continue;
            }
            let w = weights.get(i);
            let step = (w.abs() / 8).max(1);
            for delta in [step, -step] {
                // Every weight is a size (its sign is in the evaluation), and a scale is
                // out of 64.
                let limit = if Weights::NAMES[i].starts_with("scale_") {
                    64
                } else {
                    i32::MAX
                };
                if !(0..=limit).contains(&(w + delta)) {
                    continue;
                }
                let mut trial = weights.clone();
                trial.set(i, w + delta);
                let e = error(&sets, &trial, k);
                if e < best {
                    best = e;
                    weights = trial;
                    improved = true;
                    // Go on the same way, twice as far each time, while it helps.
                    let mut step = delta;
                    loop {
                        step *= 2;
                        let next = weights.get(i) + step;
                        if !(0..=limit).contains(&next) {
                            break;
                        }
                        let mut further = weights.clone();
                        further.set(i, next);
                        let e = error(&sets, &further, k);
                        if e >= best {
                            break;
                        }
                        best = e;
                        weights = further;
                    }
                    eprintln!(
                        "pass {pass}: {} {} -> {} (error {best:.6})",
                        Weights::NAMES[i],
                        w,
                        weights.get(i)
                    );
                    break;
                }
            }
        }
        if !improved {
            break;
        }
    }
    eprintln!("error {start:.6} -> {best:.6}");
    for (i, name) in Weights::NAMES.iter().enumerate() {
        println!("    {name} = {};", weights.get(i));
    }
}
